package io.bloomkit.mapreduce.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.filterjob.FilterBuild;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TableStats;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client-side build ({@link io.bloomkit.mapreduce.filterjob.LocalKeys}, inputs below {@link
 * BloomkitConfig#BUILD_LOCAL_MAX_BYTES}) against the build job (local mode, the key 0) on the same
 * input: the same filter file byte for byte for every family, the same result, the same JSON of
 * {@code build} and {@code join}.
 */
public class LocalBuildTest {
  @TempDir public File tmp;

  private File input() throws Exception {
    File dir = newFolder(tmp, "in");
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 400; i++) {
        b.append(i).append('|').append(i % 9 == 0 ? "\\N" : "key" + ((i * 7 + f * 300) % 500))
            .append("|payload ").append(i).append('\n');
      }
      b.append("malformed line without delimiter\n");
      Files.write(new File(dir, "part-" + f + ".txt").toPath(),
          b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private static Configuration conf(boolean job) {
    Configuration c = ToolRun.localConf();
    if (job) {
      c.setLong(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key(), 0);
    }
    return c;
  }

  private FilterBuild.Result build(boolean job, File in, String name, FilterSpec spec,
      int reducers) throws Exception {
    TableSpec table = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("1"), List.of(KeyType.STRING)).projection(true).build();
    return new FilterBuild(conf(job))
        .inputs(new Path(in.toURI()))
        .output(new Path(new File(tmp, name + (job ? ".job" : ".client")).toURI()))
        .table(table)
        .spec(spec)
        .reducers(reducers)
        .run();
  }

  /** Every family, sized from the exact count or given items, one or two reducers. */
  @Test
  public void clientAndJobBuildTheSameFilterFile() throws Exception {
    File in = input();
    Object[][] cases = {
      {"bf", new FilterSpec("bf", 0, 0, 0, 10, 0), 1},
      {"bf-items", new FilterSpec("bf", 800, 0, 0, 16, 0), 1},
      {"cbf", new FilterSpec("cbf", 0, 0, 0, 16, 0), 1},
      {"acbf", new FilterSpec("acbf", 0, 0, 0, 16, 0), 2},
      {"exact", new FilterSpec("exact", 0, 0, 0, 16, 0), 1},
    };
    for (Object[] c : cases) {
      String name = (String) c[0];
      FilterBuild.Result job = build(true, in, name, (FilterSpec) c[1], (Integer) c[2]);
      FilterBuild.Result client = build(false, in, name, (FilterSpec) c[1], (Integer) c[2]);
      assertTrue(job.jobs >= 1, name);
      assertEquals(0, client.jobs, name);
      // the files differ only by their provenance's creation time: the same filter, key types,
      // key spec and sources, and the same bytes once written without a provenance
      Path jobFile = new Path(new File(tmp, name + ".job").toURI());
      Path clientFile = new Path(new File(tmp, name + ".client").toURI());
      assertArrayEquals(withoutProvenance(jobFile), withoutProvenance(clientFile), name);
      Provenance jp = FilterFiles.readProvenance(conf(true), jobFile, "test", Filters.FAMILIES).get();
      Provenance cp =
          FilterFiles.readProvenance(conf(true), clientFile, "test", Filters.FAMILIES).get();
      assertEquals(jp.keySpec(), cp.keySpec(), name);
      assertEquals(jp.sources(), cp.sources(), name);
      assertEquals(jp.creation().description(), cp.creation().description(), name);
      assertEquals(job.bytes, client.bytes, name);
      assertEquals(job.spec.toString(), client.spec.toString(), name);
      assertEquals(job.filter, client.filter, name);
      assertEquals(job.keys.format(), client.keys.format(), name);
      for (Enum<?> counter : List.of(BuildCounters.INPUT_RECORDS,
          BuildCounters.MALFORMED_RECORDS, BuildCounters.NULL_KEYS, BuildCounters.DISTINCT_KEYS,
          TableStats.ReaderCounter.BYTES_READ)) {
        assertEquals(job.counters.get(counter), client.counters.get(counter), name + " " + counter);
      }
      assertEquals(job.tally.records, client.tally.records, name);
      assertEquals(job.tally.malformed, client.tally.malformed, name);
      assertEquals(job.tally.first.toString(), client.tally.first.toString(), name);
    }
  }

  /** The bytes of {@code file}'s filter and key types written again without a provenance. */
  private byte[] withoutProvenance(Path file) throws Exception {
    Configuration c = conf(true);
    Path copy = new Path(file.toString() + ".bare");
    FilterFiles.writeAtomically(c, copy, FilterFiles.read(c, file),
        FilterFiles.readKeys(c, file, "test", Filters.FAMILIES));
    return Files.readAllBytes(new File(copy.toUri()).toPath());
  }

  /** Every record malformed: the client refuses as the job does, before anything is written. */
  @Test
  public void allMalformedIsRefusedInTheClient() throws Exception {
    File dir = newFolder(tmp, "bad");
    Files.write(new File(dir, "x").toPath(), "a\nb\nc\n".getBytes(StandardCharsets.UTF_8));
    try {
      build(false, dir, "bad", new FilterSpec("bf", 0, 0, 0, 10, 0), 1);
      fail("every record is malformed");
    } catch (MalformedRecords.AllMalformedException e) {
      assertTrue(e.getMessage().contains("every one of the 3 records"), e.getMessage());
    }
    assertEquals(0, tmp.list((d, n) -> n.startsWith("bad.")).length);
  }

  /** Keys past the budget in memory: the build runs the job instead, to the same filter. */
  @Test
  public void keysPastTheBudgetFallBackToTheJob() throws Exception {
    File in = input();
    Configuration c = ToolRun.localConf();
    c.setLong(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key(), 4096); // the input is ~ 10 KB
    File dir = newFolder(tmp, "small");
    Files.copy(new File(in, "part-0.txt").toPath(), new File(dir, "part-0.txt").toPath());
    TableSpec table = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("0"), List.of(KeyType.STRING)).projection(true).build();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 1500; i++) {
      b.append(i % 10).append('\n'); // 3000 bytes, 10 keys: under the budget
    }
    Files.write(new File(dir, "part-0.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    FilterBuild.Result fits = new FilterBuild(c).inputs(new Path(dir.toURI()))
        .output(new Path(new File(tmp, "fits").toURI())).table(table)
        .spec(new FilterSpec("exact", 0, 0, 0, 16, 0)).run();
    assertEquals(0, fits.jobs);
    assertEquals(10, fits.filter.items());
    b.setLength(0);
    for (int i = 0; i < 1000; i++) {
      b.append(i).append('\n'); // ~ 3.9 KB, but 1000 keys hold more than 4 KiB
    }
    Files.write(new File(dir, "part-0.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    FilterBuild.Result big = new FilterBuild(c).inputs(new Path(dir.toURI()))
        .output(new Path(new File(tmp, "big").toURI())).table(table)
        .spec(new FilterSpec("exact", 0, 0, 0, 16, 0)).run();
    assertTrue(big.jobs >= 1);
    assertEquals(1000, big.filter.items());
  }

  /** {@code build --json} and {@code join --json}: the same numbers either way. */
  @Test
  public void toolsReportTheSameJsonEitherWay() throws Exception {
    File in = input();
    String[] json = new String[2];
    for (int i = 0; i < 2; i++) {
      File out = new File(tmp, "tool-" + i);
      ToolRun r = ToolRun.run(conf(i == 0), new BuildTool(), "--input", in.getPath(), "--output",
          out.getPath(), "--key-field", "1", "--delimiter", "|", "--filter", "acbf", "--json");
      assertEquals(0, r.code, r.toString());
      json[i] = withoutVolatile(r.lastLine(), out.getPath());
    }
    assertEquals(json[0], json[1]);
    File right = newFolder(tmp, "right");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      b.append("key").append(i % 1700).append('|').append(i).append('\n');
    }
    Files.write(new File(right, "r.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < 2; i++) {
      File out = new File(tmp, "join-" + i);
      ToolRun r = ToolRun.run(conf(i == 0), new JoinTool(), "--left", in.getPath(), "--left-key",
          "1", "--right", right.getPath(), "--right-key", "0", "--output", out.getPath(),
          "--delimiter", "|", "--strategy", "reduce-side", "--json");
      assertEquals(0, r.code, r.toString());
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      @SuppressWarnings("unchecked")
      Map<String, Object> plan = (Map<String, Object>) j.get("plan");
      // the plan differs by design: the planner reads the left keys in the client only when the
      // filter is built there (exact keys), and estimates them from a sample otherwise
      assertEquals(i == 0 ? "job" : "client", plan.get("built"));
      json[i] = withoutVolatile(r.lastLine(), out.getPath());
    }
    assertEquals(json[0], json[1]);
  }

  /** The JSON without seconds and with the output path made the same. */
  private static String withoutVolatile(String line, String output) {
    Map<String, Object> j = MiniJson.parseObject(line);
    j.remove("seconds");
    j.remove("plan"); // compared apart
    j.replaceAll((k, v) -> v instanceof String && ((String) v).contains(output)
        ? ((String) v).replace(output, "<out>").replaceAll("-[01]$", "") : v);
    return j.toString();
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
