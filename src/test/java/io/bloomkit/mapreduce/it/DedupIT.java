package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.mapreduce.dedup.DedupTool;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On one shared MiniDFSCluster + MiniMRYarnCluster: dedup of a generated click log with skewed
 * users (three files, two reducers) by {@code stream} with a large Bloom filter in two slices and
 * the exact local filter in the map tasks, evaluated against the naive dedup (kept and removed
 * records); every record is accounted for. The other methods and filters run in local mode
 * (dedup/DedupMethodTest, dedup/StreamDedupTest) and {@code counting} under faults on the cluster
 * (FaultsIT).
 */
public class DedupIT {
  private static MiniClusters cluster;
  private static final DedupData DATA = new DedupData(77, 20000, 3000, 3, 100000);
  private static final Path LOG = new Path("/dedup/data/clicks");

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    cluster.writeParts(LOG, DATA.bytes());
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> dedup(String method, String... extra) throws Exception {
    return dedupTo(method, method, extra);
  }

  private Map<String, Object> dedupTo(String name, String method, String... extra) throws Exception {
    String out = "/dedup/out/" + name;
    List<String> args = new java.util.ArrayList<>(List.of(
        "--input", LOG.toString(), "--output", out, "--duplicates", out + ".dup",
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--reducers", "2",
        "--method", method, "--json"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(cluster.conf(), new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  /**
   * stream with a Bloom filter large enough (2 slices of 60,000 bits for about 3,000 distinct
   * users) and the exact local filter (the Bloom-tree leaf in each map task): no false negatives,
   * the local duplicates skip the shuffle (markers only, for the oracle), and the --evaluate
   * counters equal a recount of the kept and removed outputs against the naive dedup.
   */
  @Test
  public void streamWithALargeBloomFilterHasNoFalseNegatives() throws Exception {
    Map<String, Object> j = dedup("stream", "--filter", "bf", "--memory-bits", "120000",
        "--local-filter", "exact", "--evaluate");
    assertEquals(0L, recount("stream", j, 0));
    assertEquals(0L, n(j, "falseNegatives"));
    assertTrue(n(j, "localDuplicates") > 1000, j.toString());
    assertEquals(n(j, "localDuplicates"), n(j, "localMarkers"));
    assertEquals(n(j, "localDuplicates"), n(j, "shuffleAvoided"));
    assertEquals(0L, n(j, "localFalsePositives"));
  }

  /**
   * Recounts FP (removed records the naive dedup keeps) and FN (kept records it removes) from the
   * outputs of run {@code name}, checks them against the JSON and that every record is accounted
   * for; returns the recounted FN.
   */
  private long recount(String name, Map<String, Object> j, long window) throws Exception {
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, window);
    List<String> kept = cluster.readLines(new Path("/dedup/out/" + name));
    List<String> removed = cluster.readLines(new Path("/dedup/out/" + name + ".dup"));
    long[] errors = DedupData.errors(e, kept, removed);
    long fp = errors[0];
    long fn = errors[1];
    assertEquals(fp, n(j, "falsePositives"), j.toString());
    assertEquals(fn, n(j, "falseNegatives"), j.toString());
    assertEquals(e.records, kept.size() + removed.size() + n(j, "malformedRecords"));
    assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
    assertEquals((long) kept.size(), n(j, "kept"));
    assertEquals((long) removed.size(), n(j, "duplicates"));
    return fn;
  }
}
