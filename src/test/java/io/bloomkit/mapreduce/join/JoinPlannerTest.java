package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.join.plan.CostConstants;
import io.bloomkit.mapreduce.join.plan.CostModel;
import io.bloomkit.mapreduce.join.plan.Workload;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code join --strategy auto} (the default), {@code --explain} and {@code --max-filter-bytes} in
 * local mode: the plan chosen is the one the cost model, computed here from the workload the tool
 * reports, finds cheapest; auto's output equals the naive join.
 */
public class JoinPlannerTest {
  @TempDir public File tmp;

  /** 300 left keys (12 repeated), 6,000 right records of which about 5% match. */
  private final JoinData data = new JoinData(11, 300, 6000);

  private File write(String name, List<String> lines) throws Exception {
    File dir = newFolder(tmp, name);
    List<byte[]> parts = JoinData.split(lines, 2);
    for (int i = 0; i < parts.size(); i++) {
      Files.write(new File(dir, name + i).toPath(), parts.get(i));
    }
    return dir;
  }

  private static ToolRun join(Configuration conf, File left, File right, File out,
      String... more) {
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--output", out.getPath(), "--delimiter",
        ",", "--json"));
    args.addAll(List.of(more));
    return ToolRun.run(conf, new JoinTool(), args.toArray(new String[0]));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Map<String, Object> m, String key) {
    return (Map<String, Object>) m.get(key);
  }

  private static double num(Map<String, Object> m, String key) {
    return ((Number) m.get(key)).doubleValue();
  }

  /** The cost model's cheapest plan for the workload {@code --explain} reported, as the tool's defaults build it. */
  private static CostModel.Candidate modelChoice(Configuration conf, Map<String, Object> w,
      boolean mapSideAllowed) {
    return modelChoice(conf, w, mapSideAllowed, false);
  }

  private static CostModel.Candidate modelChoice(Configuration conf, Map<String, Object> w,
      boolean mapSideAllowed, boolean secondJob) {
    Workload mw = new Workload(
        new Workload.Side((long) num(w, "leftRecords"), (long) num(w, "leftBytes"),
            (int) num(w, "leftMapTasks")),
        new Workload.Side((long) num(w, "rightRecords"), (long) num(w, "rightBytes"),
            (int) num(w, "mapTasks")),
        new Workload.Keys((long) num(w, "leftKeys"), (long) num(w, "leftKeyBytes"),
            num(w, "meanKeyBytes"), num(w, "matchShare")),
        (long) num(w, "mapHeapBytes"));
    return CostModel.builder(new CostConstants(
            BloomkitConfig.PLAN_JOB_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_MAP_RECORD_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_SHUFFLE_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_LOAD_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_REDUCE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_TABLE_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_TASK_SECONDS.getDouble(conf)))
        .mapSideBudget(conf.getLong("bloomkit.mapside.max.bytes", 0))
        .mapSide(mapSideAllowed, secondJob)
        .sharedTable(true) // the tests run in local mode: the map tasks share one table
        .build()
        .cheapest(mw);
  }

  /** Runs {@code --explain}: exit 0, one JSON object, no output directory, no staging left. */
  private Map<String, Object> explain(Configuration conf, File left, File right, String... more)
      throws Exception {
    File out = new File(tmp, "explained");
    List<String> args = new ArrayList<>(List.of(more));
    args.add("--explain");
    ToolRun r = join(conf, left, right, out, args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    assertFalse(out.exists(), "--explain created the output");
    assertEquals(0, tmp.list((d, n) -> n.startsWith(".explained")).length);
    assertFalse(r.err.contains("started:"), r.err);
    return MiniJson.parseObject(r.lastLine());
  }

  @Test
  public void aTinyLeftSideGoesMapSide() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    Configuration conf = ToolRun.localConf();
    Map<String, Object> e = explain(conf, left, right);
    Map<String, Object> w = obj(e, "workload");
    // the left side is read in the client: exact keys (312 distinct ids: each duplicate repeats one)
    assertEquals(true, w.get("leftKeysExact"));
    assertEquals(300L, w.get("leftKeys"));
    CostModel.Candidate expected = modelChoice(conf, w, true);
    assertEquals(CostModel.Kind.MAP_SIDE, expected.kind());
    assertEquals("map-side", obj(e, "plan").get("strategy"));
    assertEquals("auto", obj(e, "plan").get("how"));
    assertEquals(expected.seconds(), num(obj(obj(e, "plan"), "estimated"), "seconds"), 1e-12);
    // every candidate is listed: map-side, reduce-side and the filters at each bits per key
    Set<String> kinds = new HashSet<>();
    for (Object c : (List<?>) e.get("candidates")) {
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) c;
      kinds.add((String) m.get("kind") + (m.get("filter") == null ? "" : ":" + m.get("filter")));
    }
    assertEquals(Set.of("map-side", "reduce-side", "filtered:bf", "filtered:sbbf",
        "filtered:acbf", "filtered:exact"), kinds);
  }

  @Test
  public void beyondTheMapSideBudgetAutoFiltersTheReduceSide() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    Configuration conf = ToolRun.localConf();
    conf.setLong("bloomkit.mapside.max.bytes", 100);
    Map<String, Object> e = explain(conf, left, right);
    CostModel.Candidate expected = modelChoice(conf, obj(e, "workload"), true);
    assertEquals(CostModel.Kind.FILTERED, expected.kind());
    Map<String, Object> plan = obj(e, "plan");
    assertEquals("reduce-side", plan.get("strategy"));
    assertEquals(expected.filter(), plan.get("filter"));
    assertEquals(expected.bitsPerKey(), num(plan, "bitsPerKey"), 0);
    assertEquals("client", plan.get("built"));
    assertFalse(e.get("candidates").toString().contains("map-side"));

    // the run: the filter built in the client, output equal to the naive join
    File out = new File(tmp, "out");
    ToolRun r = join(conf, left, right, out);
    assertEquals(0, r.code, r.toString());
    assertFalse(r.err.contains("build"), r.err);
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',', false),
        NaiveJoin.multiset(JoinToolTest.readOutput(out)));
    assertEquals("reduce-side", j.get("strategy"));
    assertEquals(expected.filter(), j.get("filterType"));
    assertEquals(0L, j.get("leftKeysRejectedByFilter"));
    Map<String, Object> p = obj(j, "plan");
    assertEquals("client", p.get("built"));
    // the filter shipped is the one the plan sized: its theoretical rate is the plan's fpp
    assertEquals(num(p, "fpp"), num(j, "theoreticalFpp"), 1e-12);
    assertEquals(j.get("mapOutputRecords"), obj(p, "actual").get("mapOutputRecords"));
    assertEquals(j.get("mapOutputBytes"), obj(p, "actual").get("mapOutputBytes"));
    // the map tasks and filter loads estimated are the run's: each map task of either side loads
    // the filter once (the left ones to check the left keys)
    Map<String, Object> est = obj(p, "estimated");
    Map<String, Object> act = obj(p, "actual");
    assertEquals(est.get("mapTasks"), act.get("mapTasks"));
    assertEquals(est.get("filterLoads"), act.get("filterLoads"));
    assertEquals(act.get("mapTasks"), act.get("filterLoads"));
    // map output bytes: both sides' record bytes (read whole here) and each shuffled record's key,
    // vint lengths and tags; only the false positives differ from the theoretical rate
    assertEquals(num(act, "mapOutputBytes"), num(est, "mapOutputBytes"),
        0.02 * num(act, "mapOutputBytes"));
  }

  @Test
  public void whenEveryRightRecordMatchesAutoSkipsTheFilter() throws Exception {
    List<String> rightLines = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      rightLines.add((7_000_000 + i) + "," + (3_000_000 + (i % 300) * 37));
    }
    File left = write("left", data.left);
    File right = write("right", rightLines);
    Configuration conf = ToolRun.localConf();
    conf.setLong("bloomkit.mapside.max.bytes", 100);
    Map<String, Object> e = explain(conf, left, right);
    assertEquals(1.0, num(obj(e, "workload"), "matchShare"), 0);
    CostModel.Candidate expected = modelChoice(conf, obj(e, "workload"), true);
    assertEquals(CostModel.Kind.REDUCE_SIDE, expected.kind());
    assertEquals("reduce-side", obj(e, "plan").get("strategy"));
    assertNull(obj(e, "plan").get("filter"));
    assertEquals("none", obj(e, "plan").get("built"));
  }

  /** Auto's output equals the naive join; left-outer never goes map-side. */
  @Test
  public void autoJoinsEqualTheNaiveJoin() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    Configuration conf = ToolRun.localConf();
    for (String type : List.of("left-outer", "left-semi", "right-anti")) {
      File out = new File(tmp, "out-" + type);
      ToolRun r = join(conf, left, right, out, "--type", type);
      assertEquals(0, r.code, r.toString());
      assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',', type, null),
          NaiveJoin.multiset(JoinToolTest.readOutput(out)),
          type);
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      Map<String, Object> plan = obj(j, "plan");
      assertEquals(j.get("strategy"), plan.get("strategy"));
      // the model's choice, map-side excluded for left-outer, a second job for left-semi
      Map<String, Object> e = explain(conf, left, right, "--type", type);
      CostModel.Candidate expected = modelChoice(conf, obj(e, "workload"),
          !type.equals("left-outer"), type.equals("left-semi"));
      assertEquals(expected.kind() == CostModel.Kind.MAP_SIDE ? "map-side" : "reduce-side", plan.get("strategy"),
          type);
      assertEquals(expected.filter(), plan.get("filter"), type);
      if (type.equals("left-outer")) {
        assertEquals("reduce-side", plan.get("strategy"));
        assertFalse(e.get("candidates").toString().contains("map-side"));
      }
      if (type.equals("right-anti")) { // one job, nothing shuffled
        assertEquals("map-side", plan.get("strategy"));
      }
    }
  }

  /** A forced filter whose query view passes the heap share fails before any job; auto avoids it. */
  @Test
  public void aFilterOverTheHeapShareIsRefusedAndAvoided() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    Configuration conf = ToolRun.localConf();
    conf.setDouble("bloomkit.plan.filter.heap.share", 1e-9);
    conf.setLong("bloomkit.mapside.max.bytes", 100);
    File out = new File(tmp, "out");
    ToolRun r = join(conf, left, right, out, "--filter-type", "bf", "--bits-per-key", "16");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains("bloomkit.plan.filter.heap.share"), r.err);
    // the view of 300 keys at 16 bits per key: 4,800 bits in 75 words
    assertTrue(r.err.contains("takes 600 bytes"), r.err);
    assertFalse(out.exists());
    assertFalse(r.err.contains("started:"), r.err);
    Map<String, Object> e = explain(conf, left, right);
    assertEquals("reduce-side", obj(e, "plan").get("strategy"));
    assertNull(obj(e, "plan").get("filter"));
    assertFalse(e.get("candidates").toString().contains("filtered"));
  }

  /** --max-filter-bytes lowers a forced size: the fpp reported is the shape's at the capped bits. */
  @Test
  public void maxFilterBytesCapsAForcedSize() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    Configuration conf = ToolRun.localConf();
    File out = new File(tmp, "out");
    // 300 keys at 16 bits per key are 600 bytes: capped to 250
    ToolRun r = join(conf, left, right, out, "--strategy", "reduce-side", "--filter-type", "bf",
        "--bits-per-key", "16", "--max-filter-bytes", "250");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    Map<String, Object> p = obj(j, "plan");
    assertEquals("option", p.get("how"));
    assertEquals(true, p.get("capped"));
    double bits = num(p, "bitsPerKey");
    assertTrue(bits < 16 && bits > 6, String.valueOf(bits));
    assertTrue(num(p, "filterBytes") <= 250);
    FilterShape shape = FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, 300, 0, bits, 0);
    assertEquals(shape.expectedFpp(), num(p, "fpp"), 1e-12);
    // a hundredth of a bit more passes the cap
    FilterShape above =
        FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, 300, 0, bits + 0.01, 0);
    assertTrue((above.memoryBits() + 7) / 8 > 250);
    assertEquals(num(p, "fpp"), num(j, "theoreticalFpp"), 1e-12);
    assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',', false),
        NaiveJoin.multiset(JoinToolTest.readOutput(out)));
  }

  /**
   * A filter built by a job is sized for the exact distinct keys, which the plan only estimated
   * from a sample: --max-filter-bytes must hold for the exact count. The left files are gzipped, so
   * the sample reads the first 20,000 rows of the (whole-file) splits: it sees 1,000 keys, each 20
   * times; 40,000 more rows have a key each.
   */
  @Test
  public void maxFilterBytesHoldsForTheExactKeysOfAJobBuild() throws Exception {
    List<String> leftLines = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      leftLines.add("L" + i + "," + (i % 1000));
    }
    for (int i = 0; i < 40_000; i++) {
      leftLines.add("M" + i + "," + (1_000_000 + i));
    }
    List<String> rightLines = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      rightLines.add("R" + i + "," + (i % 3 == 0 ? i % 1000 : 2_000_000 + i));
    }
    File left = write("left", leftLines);
    for (File part : left.listFiles()) { // gzip: not split, so not sampled from spread positions
      try (java.io.OutputStream gz = new java.util.zip.GZIPOutputStream(
          Files.newOutputStream(new File(left, part.getName() + ".gz").toPath()))) {
        gz.write(Files.readAllBytes(part.toPath()));
      }
      Files.delete(part.toPath());
    }
    File right = write("right", rightLines);
    Configuration conf = ToolRun.localConf();
    conf.setLong("bloomkit.build.local.max.bytes", 0); // sampled, then built by a job
    File out = new File(tmp, "out");
    // the estimate (about 3,000 keys) fits 16 bits per key in 40,000 bytes; 41,000 keys do not
    ToolRun r = join(conf, left, right, out, "--strategy", "reduce-side", "--filter-type", "bf", "--bits-per-key", "16",
        "--max-filter-bytes", "40000");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    Map<String, Object> p = obj(j, "plan");
    assertEquals("job", p.get("built"));
    assertTrue(num(obj(p, "estimated"), "leftKeys") < 10_000);
    // the filter shipped: the largest hundredth of a bit per key of 41,000 keys under the cap
    double bits = 0;
    for (int h = 1; h <= 1600; h++) {
      FilterShape s = FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, 41_000, 0, h / 100.0, 0);
      if ((s.memoryBits() + 7) / 8 <= 40_000) {
        bits = h / 100.0;
      }
    }
    FilterShape expected = FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, 41_000, 0, bits, 0);
    assertEquals(expected.expectedFpp(), num(j, "theoreticalFpp"), 1e-12);
    assertEquals(NaiveJoin.join(leftLines, JoinData.KEY, rightLines, JoinData.KEY, ',', false),
        NaiveJoin.multiset(JoinToolTest.readOutput(out)));
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
