package io.bloomkit.mapreduce.build;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

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
import io.bloomkit.mapreduce.filterjob.LocalKeys;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TableStats;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The client-side build ({@link LocalKeys}, inputs below {@link
 * BloomkitConfig#BUILD_LOCAL_MAX_BYTES}) against the build job (local mode, the key 0) on the same
 * input: the same filter file byte for byte for every family, the same result, the same JSON of
 * {@code build} and {@code join}.
 */
public class LocalBuildTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File input() throws Exception {
    File dir = tmp.newFolder("in");
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
        .output(new Path(new File(tmp.getRoot(), name + (job ? ".job" : ".client")).toURI()))
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
      assertTrue(name, job.jobs >= 1);
      assertEquals(name, 0, client.jobs);
      // the files differ only by their provenance's creation time: the same filter, key types,
      // key spec and sources, and the same bytes once written without a provenance
      Path jobFile = new Path(new File(tmp.getRoot(), name + ".job").toURI());
      Path clientFile = new Path(new File(tmp.getRoot(), name + ".client").toURI());
      assertArrayEquals(name, withoutProvenance(jobFile), withoutProvenance(clientFile));
      Provenance jp = FilterFiles.readProvenance(conf(true), jobFile, "test", Filters.FAMILIES).get();
      Provenance cp =
          FilterFiles.readProvenance(conf(true), clientFile, "test", Filters.FAMILIES).get();
      assertEquals(name, jp.keySpec(), cp.keySpec());
      assertEquals(name, jp.sources(), cp.sources());
      assertEquals(name, jp.creation().description(), cp.creation().description());
      assertEquals(name, job.bytes, client.bytes);
      assertEquals(name, job.spec.toString(), client.spec.toString());
      assertEquals(name, job.filter, client.filter);
      assertEquals(name, job.keys.format(), client.keys.format());
      for (Enum<?> counter : List.of(BuildCounters.INPUT_RECORDS,
          BuildCounters.MALFORMED_RECORDS, BuildCounters.NULL_KEYS, BuildCounters.DISTINCT_KEYS,
          TableStats.ReaderCounter.BYTES_READ)) {
        assertEquals(name + " " + counter, job.counters.get(counter), client.counters.get(counter));
      }
      assertEquals(name, job.tally.records, client.tally.records);
      assertEquals(name, job.tally.malformed, client.tally.malformed);
      assertEquals(name, job.tally.first.toString(), client.tally.first.toString());
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
    File dir = tmp.newFolder("bad");
    Files.write(new File(dir, "x").toPath(), "a\nb\nc\n".getBytes(StandardCharsets.UTF_8));
    try {
      build(false, dir, "bad", new FilterSpec("bf", 0, 0, 0, 10, 0), 1);
      fail("every record is malformed");
    } catch (MalformedRecords.AllMalformedException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("every one of the 3 records"));
    }
    assertEquals(0, tmp.getRoot().list((d, n) -> n.startsWith("bad.")).length);
  }

  /** Keys past the budget in memory: the build runs the job instead, to the same filter. */
  @Test
  public void keysPastTheBudgetFallBackToTheJob() throws Exception {
    File in = input();
    Configuration c = ToolRun.localConf();
    c.setLong(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key(), 4096); // the input is ~ 10 KB
    File dir = tmp.newFolder("small");
    Files.copy(new File(in, "part-0.txt").toPath(), new File(dir, "part-0.txt").toPath());
    TableSpec table = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("0"), List.of(KeyType.STRING)).projection(true).build();
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 1500; i++) {
      b.append(i % 10).append('\n'); // 3000 bytes, 10 keys: under the budget
    }
    Files.write(new File(dir, "part-0.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    FilterBuild.Result fits = new FilterBuild(c).inputs(new Path(dir.toURI()))
        .output(new Path(new File(tmp.getRoot(), "fits").toURI())).table(table)
        .spec(new FilterSpec("exact", 0, 0, 0, 16, 0)).run();
    assertEquals(0, fits.jobs);
    assertEquals(10, fits.filter.items());
    b.setLength(0);
    for (int i = 0; i < 1000; i++) {
      b.append(i).append('\n'); // ~ 3.9 KB, but 1000 keys hold more than 4 KiB
    }
    Files.write(new File(dir, "part-0.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    FilterBuild.Result big = new FilterBuild(c).inputs(new Path(dir.toURI()))
        .output(new Path(new File(tmp.getRoot(), "big").toURI())).table(table)
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
      File out = new File(tmp.getRoot(), "tool-" + i);
      ToolRun r = ToolRun.run(conf(i == 0), new BuildTool(), "--input", in.getPath(), "--output",
          out.getPath(), "--key-field", "1", "--delimiter", "|", "--filter", "acbf", "--json");
      assertEquals(r.toString(), 0, r.code);
      json[i] = withoutVolatile(r.lastLine(), out.getPath());
    }
    assertEquals(json[0], json[1]);
    File right = tmp.newFolder("right");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 3000; i++) {
      b.append("key").append(i % 1700).append('|').append(i).append('\n');
    }
    Files.write(new File(right, "r.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < 2; i++) {
      File out = new File(tmp.getRoot(), "join-" + i);
      ToolRun r = ToolRun.run(conf(i == 0), new JoinTool(), "--left", in.getPath(), "--left-key",
          "1", "--right", right.getPath(), "--right-key", "0", "--output", out.getPath(),
          "--delimiter", "|", "--strategy", "reduce-side", "--json");
      assertEquals(r.toString(), 0, r.code);
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
}
