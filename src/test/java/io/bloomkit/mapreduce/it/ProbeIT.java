package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.mapreduce.probe.ProbeTool;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * On the shared MiniDFSCluster + MiniMRYarnCluster, one probe job: a two-file fact table against
 * two filters (an exact set, a weak Bloom filter) shipped through the DistributedCache under their
 * own symlinks ({@code bloomkit.filter.0}, {@code .1}, both files named alike): the output is
 * exactly the records both filters pass, every map task loaded both from the cache.
 */
public class ProbeIT {
  @Test
  public void twoShippedFiltersPassExactlyWhatTheyAnswer() throws Exception {
    MiniClusters cluster = MiniClusters.shared();
    Random rnd = new Random(3);
    List<String> exactKeys = new ArrayList<>();
    BloomFilter bloom = BloomFilter.create(FilterShape.bloom(400, 2, 100));
    for (int i = 0; i < 100; i++) {
      exactKeys.add("a" + i);
      bloom.add("b" + i);
    }
    ExactKeySet exact = ExactKeySet.ofStrings(exactKeys);
    List<byte[]> parts = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    long records = 0;
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 4000; i++) {
        String a = "a" + rnd.nextInt(400);
        String bk = "b" + rnd.nextInt(400);
        String line = "r" + f + "-" + i + "\t" + a + "\t" + bk;
        b.append(line).append('\n');
        records++;
        if (exact.mightContain(a) && bloom.mightContain(bk)) {
          expected.add(line);
        }
      }
      parts.add(b.toString().getBytes(StandardCharsets.UTF_8));
    }
    Path data = new Path("/probe/data");
    cluster.writeParts(data, parts);
    Path a = new Path("/probe/filters/a/keys.filter");
    Path b = new Path("/probe/filters/b/keys.filter"); // the same file name: links by index
    FilterFiles.writeAtomically(cluster.conf(), a, exact, KeySignature.of(KeyType.STRING));
    FilterFiles.writeAtomically(cluster.conf(), b, bloom, KeySignature.of(KeyType.STRING));
    String out = "/probe/out";
    // a map task per part file (no combined splits): each task loads both filters
    ToolRun r = ToolRun.run(cluster.conf(), new ProbeTool(), "-D", "bloomkit.input.combine=false",
        "--input", data.toString(),
        "--output", out, "--filter", a + ":1", "--filter", b + ":2", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(DedupData.multiset(expected), DedupData.multiset(cluster.readLines(new Path(out))));
    assertTrue(expected.size() > 100);
    assertEquals(records, (long) (Long) j.get("records"));
    assertEquals((long) expected.size(), (long) (Long) j.get("written"));
    assertEquals(4L, (long) (Long) j.get("filterLoadsFromCache")); // 2 tasks x 2 filters
    assertEquals(0L, (long) (Long) j.get("filterLoadsFromPath"));
    assertTrue(cluster.fs().exists(new Path(out, "_SUCCESS")));
  }
}
