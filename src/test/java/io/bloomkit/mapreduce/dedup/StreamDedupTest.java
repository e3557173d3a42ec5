package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dedup --method stream: the reducer against the same filter run by hand and an independent
 * recount of its errors; the tool in local mode, whose FP/FN counters equal a recount from its
 * kept and removed outputs against the naive dedup.
 */
public class StreamDedupTest {
  @TempDir public File tmp;

  static final class CapturingReducer extends StreamDedupReducer {
    final DedupMapReduceTest.Capture capture;

    CapturingReducer(DedupMapReduceTest.Capture c) {
      capture = c;
    }

    @Override
    protected DedupOutput openOutput(Context context) {
      return capture;
    }
  }

  private static void conf(Configuration c, String filter, long bits) {
    c.set(BloomkitConfig.DEDUP_STREAM_FILTER.key(), filter);
    c.setLong(BloomkitConfig.DEDUP_STREAM_BITS.key(), bits);
    c.setBoolean(BloomkitConfig.DEDUP_EVALUATE.key(), true);
  }

  private static long c(Counters cs, DedupCounters c) {
    return cs.findCounter(c).getValue();
  }

  @Test
  public void reducerFollowsItsFilterAndCountsErrorsAgainstTheOracle() throws Exception {
    // a tiny SBF over a stream with many distinct keys: it errs both ways
    List<String> lines = new ArrayList<>();
    java.util.Random rnd = new java.util.Random(3);
    for (int i = 0; i < 2000; i++) {
      lines.add("e" + i + ",k" + rnd.nextInt(300) + "," + i);
    }
    DedupMapReduceTest.Capture cap = new DedupMapReduceTest.Capture();
    ReduceDriver<DedupKey, Text, NullWritable, Text> d =
        ReduceDriver.newReduceDriver(new CapturingReducer(cap));
    conf(d.getConfiguration(), "sbf", 600);
    for (int i = 0; i < lines.size(); i++) {
      String key = lines.get(i).split(",")[1]; // the map task's key, with the record's time
      d.withInput(new DedupKey(key, i, 0, i), Arrays.asList(new Text(lines.get(i))));
    }
    d.run();
    // independent recount: the same filter (reduce task 0: seed + 0) and a set of seen keys
    StreamFilter f =
        StreamDedupFilters.create(
            "sbf", 600, BloomkitConfig.DEDUP_STREAM_SEED.getLong(new Configuration()), 0, 1);
    Set<String> seen = new HashSet<>();
    List<String> kept = new ArrayList<>();
    long fp = 0;
    long fn = 0;
    for (String line : lines) {
      String key = line.split(",")[1];
      boolean dup = f.offer(key);
      boolean truth = !seen.add(key);
      if (!dup) {
        kept.add(line);
      }
      fp += !truth && dup ? 1 : 0;
      fn += truth && !dup ? 1 : 0;
    }
    assertEquals(kept, cap.kept);
    Counters cs = d.getCounters();
    assertEquals(fp, c(cs, DedupCounters.FALSE_POSITIVES));
    assertEquals(fn, c(cs, DedupCounters.FALSE_NEGATIVES));
    assertTrue(fp > 0 && fn > 0);
    assertEquals(300, c(cs, DedupCounters.ORACLE_DISTINCT));
    assertEquals(1700, c(cs, DedupCounters.ORACLE_DUPLICATES));
    assertEquals(1_700_000_000L, c(cs, DedupCounters.ORACLE_DUPLICATES_IMPORTANCE_MICROS));
  }

  private static final DedupData DATA = new DedupData(41, 3000, 400, 2, 1000);

  private File inputs() throws Exception {
    return inputs("in", DATA.files);
  }

  private File inputs(String name, List<String> files) throws Exception {
    File dir = newFolder(tmp, name);
    for (int f = 0; f < files.size(); f++) {
      Files.write(new File(dir, "part-" + f).toPath(), files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private static Set<String> lines(File dir) throws Exception {
    Set<String> out = new HashSet<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          assertTrue(out.add(s), "line twice: " + s);
        }
      }
    }
    return out;
  }

  private static double importance(String line) {
    return Double.parseDouble(line.split(",")[2]);
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> run(File in, String name, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--input", in.getPath(), "--output", new File(tmp, name).getPath(),
        "--duplicates", new File(tmp, name + ".dup").getPath(),
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--method", "stream",
        "--slices", "2", "--json"));
    // a map task per file (no combined splits), as naiveLeaf models the local filter: per task
    args.addAll(0, List.of("-D", "bloomkit.input.combine=false"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  /** FP = removed records the naive dedup keeps; FN = kept records it removes. */
  private void checkAgainstNaive(String name, Map<String, Object> j, long window) throws Exception {
    checkAgainstNaive(DATA.files, name, j, window);
  }

  private void checkAgainstNaive(List<String> files, String name, Map<String, Object> j, long window)
      throws Exception {
    DedupData.Expected e = DedupData.dedup(files, 1, 2, window);
    long[] errors = DedupData.errors(e, lines(new File(tmp, name)),
        lines(new File(tmp, name + ".dup")));
    long fp = errors[0];
    long fn = errors[1];
    assertEquals(fp, n(j, "falsePositives"), j.toString());
    assertEquals(fn, n(j, "falseNegatives"));
    assertEquals((double) fp / e.kept.size(), (Double) j.get("fpr"), 1e-12);
    assertEquals((double) fn / e.duplicates.size(), (Double) j.get("fnr"), 1e-12);
    assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
    assertEquals(e.malformed, n(j, "malformedRecords"));
  }

  @Test
  public void largeBloomFilterHasNoFalseNegativesAndCountersEqualARecount() throws Exception {
    File in = inputs();
    Map<String, Object> bf = run(in, "bf", "--filter", "bf", "--memory-bits", "40000", "--evaluate");
    checkAgainstNaive("bf", bf, 0);
    assertEquals(0L, n(bf, "falseNegatives"));
    assertEquals(20000L, n(bf, "memoryBitsPerSlice"));

    Map<String, Object> sbf = run(in, "sbf", "--filter", "sbf", "--memory-bits", "600", "--evaluate");
    checkAgainstNaive("sbf", sbf, 0);
    assertTrue(n(sbf, "falseNegatives") > 0, sbf.toString()); // a tiny SBF forgets

    Map<String, Object> w = run(in, "w", "--filter", "rsbf", "--memory-bits", "2000", "--evaluate",
        "--window", "200");
    checkAgainstNaive("w", w, 200);
    assertEquals(Boolean.TRUE, w.get("filterIgnoresWindow")); // rsbf has no window
    assertEquals(0L, n(w, "filterWindow"));
  }

  @Test
  public void importanceWeightsAndUsage() throws Exception {
    File in = inputs();
    // importance = the time field scaled into [0, 1] by -D
    Configuration conf = ToolRun.localConf();
    conf.set(BloomkitConfig.IMPORTANCE_MAX.key(), "1000");
    List<String> args = List.of(
        "--input", in.getPath(), "--output", new File(tmp, "ibf").getPath(),
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--method", "stream",
        "--filter", "ibf-mc", "--memory-bits", "3000", "--importance-field", "2", "--evaluate",
        "--duplicates", new File(tmp, "ibf.dup").getPath(), "--json");
    ToolRun r = ToolRun.run(conf, new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    checkAgainstNaive("ibf", j, 0);
    // recount of the weighted rates: the importance of a record is its field 2; wFP = importance
    // of the removed records the naive dedup keeps / importance of all it keeps, wFN likewise
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, 0);
    double fpWeight = 0;
    double fnWeight = 0;
    for (String s : lines(new File(tmp, "ibf.dup"))) {
      fpWeight += e.kept.containsKey(s) ? importance(s) : 0;
    }
    for (String s : lines(new File(tmp, "ibf"))) {
      fnWeight += e.duplicates.containsKey(s) ? importance(s) : 0;
    }
    double keptWeight = 0;
    for (Map.Entry<String, Integer> k : e.kept.entrySet()) {
      keptWeight += importance(k.getKey()) * k.getValue();
    }
    double dupWeight = 0;
    for (Map.Entry<String, Integer> d : e.duplicates.entrySet()) {
      dupWeight += importance(d.getKey()) * d.getValue();
    }
    assertTrue(fpWeight > 0 && fnWeight > 0, j.toString()); // the small IBF errs both ways
    assertEquals(fpWeight / keptWeight, (Double) j.get("wFP"), 1e-12, j.toString());
    assertEquals(fnWeight / dupWeight, (Double) j.get("wFN"), 1e-12, j.toString());

    String out = new File(tmp, "x").getPath();
    ToolRun noEval = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--delimiter", ",", "--method", "stream", "--memory-bits", "5000",
        "--json");
    assertEquals(0, noEval.code, noEval.toString());
    assertNull(MiniJson.parseObject(noEval.lastLine()).get("falsePositives"));
    String out2 = new File(tmp, "y").getPath();
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "stream").code); // no --memory-bits
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "stream", "--memory-bits", "100", "--filter", "cuckoo").code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "exact", "--evaluate").code);
    String[] base = {"--input", in.getPath(), "--key-field", "1", "--time-field", "2",
        "--delimiter", ",", "--method", "stream"};
    String[][] bad = {
      {"--memory-bits", "100000", "--filter", "timer"}, // no window
      {"--memory-bits", "100000", "--local-filter", "bloom", "--window", "10"}, // cannot forget
      {"--memory-bits", "100000", "--local-filter", "exact", "--local-bits", "1000"}, // bloom only
      {"--memory-bits", "100000", "--local-filter", "tree"},
      {"--memory-bits", "100000", "--local-filter", "bloom", "--local-bits",
          String.valueOf((1L << 30) + 1)},
      {"--memory-bits", "9", "--filter", "timer", "--window", "1000"}, // a timer has 10 bits
    };
    for (int i = 0; i < bad.length; i++) {
      String[] b = bad[i];
      List<String> a = new ArrayList<>(List.of(base));
      a.addAll(List.of("--output", new File(tmp, "bad" + i).getPath()));
      a.addAll(List.of(b));
      ToolRun u = ToolRun.run(new DedupTool(), a.toArray(new String[0]));
      assertEquals(2, u.code, a + ": " + u);
    }
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--local-filter", "exact").code); // stream only
    Configuration semicolons = ToolRun.localConf();
    semicolons.set("textinputformat.record.delimiter", ";"); // lines could hold a marker's newline
    List<String> a = new ArrayList<>(List.of(base));
    a.addAll(List.of("--output", out2, "--memory-bits", "1000", "--local-filter", "exact"));
    assertEquals(2, ToolRun.run(semicolons, new DedupTool(), a.toArray(new String[0])).code);
  }

  // ---- reducer: markers and the timer filter ---------------------------------------------------

  private static Text marker(double importance) {
    Text t = new Text();
    LocalMarker.set(t, importance);
    return t;
  }

  /**
   * Markers feed the oracle only: never kept or counted as duplicates, a false positive when the
   * oracle calls them distinct (a leaf false positive), unseen by a windowless filter.
   */
  @Test
  public void reducerCountsMarkersInTheOracleOnly() throws Exception {
    DedupMapReduceTest.Capture cap = new DedupMapReduceTest.Capture();
    ReduceDriver<DedupKey, Text, NullWritable, Text> d =
        ReduceDriver.newReduceDriver(new CapturingReducer(cap));
    conf(d.getConfiguration(), "bf", 1 << 16);
    d.withInput(new DedupKey("a", 1, 0, 0), Arrays.asList(new Text("x,a,1")));
    d.withInput(new DedupKey("a", 2, 0, 10), Arrays.asList(marker(1))); // true duplicate
    d.withInput(new DedupKey("b", 3, 0, 20), Arrays.asList(new Text("y,b,3")));
    d.withInput(new DedupKey("c", 5, 0, 40), Arrays.asList(marker(1))); // first c: leaf FP
    d.withInput(new DedupKey("a", 6, 0, 50), Arrays.asList(new Text("z,a,6")));
    d.withInput(new DedupKey("c", 7, 0, 60), Arrays.asList(new Text("w,c,7"))); // bf never saw c
    d.run();
    assertEquals(Arrays.asList("x,a,1", "y,b,3", "w,c,7"), cap.kept);
    assertEquals(Arrays.asList("z,a,6"), cap.duplicates);
    Counters cs = d.getCounters();
    assertEquals(3, c(cs, DedupCounters.KEPT));
    assertEquals(1, c(cs, DedupCounters.DUPLICATES));
    assertEquals(3, c(cs, DedupCounters.ORACLE_DISTINCT)); // a@1, b@3, c@5
    assertEquals(3, c(cs, DedupCounters.ORACLE_DUPLICATES)); // a@2, a@6, c@7
    assertEquals(1, c(cs, DedupCounters.FALSE_POSITIVES));
    assertEquals(1, c(cs, DedupCounters.LOCAL_FALSE_POSITIVES));
    assertEquals(1, c(cs, DedupCounters.FALSE_NEGATIVES)); // w,c,7
  }

  /**
   * The timer filter judges "previous occurrence less than W older": a duplicate and a marker set
   * its timers too, so a key repeated at gaps below W stays a duplicate.
   */
  @Test
  public void reducerWithTimerFilterFollowsTheOccurrenceWindow() throws Exception {
    DedupMapReduceTest.Capture cap = new DedupMapReduceTest.Capture();
    ReduceDriver<DedupKey, Text, NullWritable, Text> d =
        ReduceDriver.newReduceDriver(new CapturingReducer(cap));
    conf(d.getConfiguration(), "timer", 1 << 14);
    d.getConfiguration().setLong(BloomkitConfig.DEDUP_WINDOW.key(), 10);
    d.withInput(new DedupKey("k", 0, 0, 0), Arrays.asList(new Text("e0,k,0")));
    d.withInput(new DedupKey("k", 5, 0, 10), Arrays.asList(new Text("e1,k,5")));
    d.withInput(new DedupKey("k", 12, 0, 20), Arrays.asList(marker(1)));
    d.withInput(new DedupKey("k", 20, 0, 30), Arrays.asList(new Text("e3,k,20"))); // 20 - 12 < 10
    d.withInput(new DedupKey("k", 35, 0, 40), Arrays.asList(new Text("e4,k,35"))); // 15 later
    d.run();
    assertEquals(Arrays.asList("e0,k,0", "e4,k,35"), cap.kept);
    assertEquals(Arrays.asList("e1,k,5", "e3,k,20"), cap.duplicates);
    Counters cs = d.getCounters();
    assertEquals(2, c(cs, DedupCounters.ORACLE_DISTINCT));
    assertEquals(3, c(cs, DedupCounters.ORACLE_DUPLICATES));
    assertEquals(0, c(cs, DedupCounters.FALSE_POSITIVES));
    assertEquals(0, c(cs, DedupCounters.FALSE_NEGATIVES));
  }

  // ---- the tool with a local filter, against naive models ---------------------------------------

  /**
   * Naive leaf of one map task (one file here): a line is dropped iff an earlier line of the file
   * has its key and (exact, no window) the least such time is at most its time, (exact, window W)
   * the greatest such time t' has {@code t' <= t < t' + W}, (bloom, an ideal leaf without false
   * positives) every earlier line's time is at most its time. Returns the dropped lines.
   */
  static Set<String> naiveLeaf(List<String> files, String kind, long window) {
    Set<String> dropped = new HashSet<>();
    for (String file : files) {
      List<String[]> earlier = new ArrayList<>();
      for (String line : file.split("\n")) {
        String[] p = line.split(",", -1);
        long t;
        try {
          t = p.length > 2 ? Long.parseLong(p[2]) : Long.MIN_VALUE;
        } catch (NumberFormatException e) {
          t = Long.MIN_VALUE;
        }
        if (line.isEmpty() || t == Long.MIN_VALUE) {
          continue; // malformed
        }
        long least = Long.MAX_VALUE;
        long greatest = Long.MIN_VALUE;
        long latestAny = Long.MIN_VALUE;
        boolean seen = false;
        for (String[] q : earlier) {
          long tq = Long.parseLong(q[2]);
          latestAny = Math.max(latestAny, tq);
          if (q[1].equals(p[1])) {
            seen = true;
            least = Math.min(least, tq);
            greatest = Math.max(greatest, tq);
          }
        }
        boolean drop;
        if (kind.equals("bloom")) {
          drop = seen && t >= latestAny;
        } else if (window <= 0) {
          drop = seen && least <= t;
        } else {
          drop = seen && greatest <= t && t - greatest < window;
        }
        if (drop) {
          dropped.add(line);
        }
        earlier.add(p);
      }
    }
    return dropped;
  }

  /** Local drops equal the naive leaf, are all true duplicates and sit in the duplicates output. */
  private void checkLeaf(List<String> files, String name, Map<String, Object> j, String kind,
      long window) throws Exception {
    Set<String> leaf = naiveLeaf(files, kind, window);
    DedupData.Expected e = DedupData.dedup(files, 1, 2, window);
    assertEquals((long) leaf.size(), n(j, "localDuplicates"), j.toString());
    assertEquals((long) leaf.size(), n(j, "shuffleAvoided"));
    assertEquals(n(j, "localDuplicates"), n(j, "localMarkers")); // --evaluate: one marker each
    Set<String> removed = lines(new File(tmp, name + ".dup"));
    for (String s : leaf) {
      assertTrue(e.duplicates.containsKey(s), s); // the rule never drops a distinct record
      assertTrue(removed.contains(s), s);
    }
    assertEquals(0L, n(j, "localFalsePositives"));
    assertEquals(kind, j.get("localFilter"));
  }

  @Test
  public void exactLocalFilterAgreesWithTheNaiveLeafAndDedup() throws Exception {
    File in = inputs();
    Map<String, Object> j = run(in, "lx", "--filter", "bf", "--memory-bits", "40000",
        "--local-filter", "exact", "--evaluate");
    checkAgainstNaive("lx", j, 0);
    checkLeaf(DATA.files, "lx", j, "exact", 0);
    assertEquals(0L, n(j, "falseNegatives"));
    assertTrue(n(j, "localDuplicates") > 100, j.toString());

    // the timer filter with a window, the exact leaf dropping within the window
    Map<String, Object> t = run(in, "lt", "--filter", "timer", "--memory-bits", "200000",
        "--window", "200", "--local-filter", "exact", "--evaluate");
    checkAgainstNaive("lt", t, 200);
    checkLeaf(DATA.files, "lt", t, "exact", 200);
    assertEquals(0L, n(t, "falseNegatives")); // markers keep the window running from each occurrence
    assertEquals(200L, n(t, "filterWindow"));
    assertEquals(Boolean.FALSE, t.get("filterIgnoresWindow"));
    assertTrue(n(t, "localDuplicates") > 10, t.toString());
  }

  /**
   * --timer-resolution: the timer filter counts ticks of U units; with room for every key it
   * removes exactly what the naive dedup in ticks removes, and its FP/FN against the exact window
   * equal a recount.
   */
  @Test
  public void timerResolutionCountsTicks() throws Exception {
    File in = inputs();
    Map<String, Object> j = run(in, "tq", "--filter", "timer", "--memory-bits", "200000",
        "--window", "200", "--timer-resolution", "50", "--evaluate");
    checkAgainstNaive("tq", j, 200);
    DedupData.Expected ticks = DedupData.dedup(DATA.files, new int[] {1}, 2, 200, 50);
    assertEquals(ticks.duplicates.keySet(), lines(new File(tmp, "tq.dup")));
    assertEquals(50L, n(j, "timerResolution"));
    DedupData.Expected exact = DedupData.dedup(DATA.files, 1, 2, 200);
    assertTrue(!ticks.duplicates.equals(exact.duplicates),
        "ticks differ from the exact window here");
    ToolRun bad = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output",
        new File(tmp, "tq2").getPath(), "--key-field", "1", "--time-field", "2",
        "--delimiter", ",", "--method", "stream", "--filter", "sbf", "--memory-bits", "1000",
        "--timer-resolution", "5");
    assertEquals(BloomkitTool.USAGE, bad.code, bad.toString());
    assertTrue(bad.err.contains("--timer-resolution applies to --filter timer"), bad.err);
  }

  @Test
  public void bloomLocalFilterOnTimeSortedAndUnsortedFiles() throws Exception {
    List<String> sorted = DedupData.sortedByTime(DATA.files, 2);
    File in = inputs("sorted", sorted);
    Map<String, Object> j = run(in, "lb", "--filter", "bf", "--memory-bits", "40000",
        "--local-filter", "bloom", "--evaluate");
    System.out.println("stream --local-filter bloom --evaluate: " + io.bloomkit.mapreduce.cli.Json.write(j));
    checkAgainstNaive(sorted, "lb", j, 0);
    checkLeaf(sorted, "lb", j, "bloom", 0); // 40,000-bit leaves, 400 keys: no leaf false positive
    assertEquals(0L, n(j, "falseNegatives"));
    assertEquals(0L, n(j, "localUnorderedHits"));
    assertEquals(40000L, n(j, "localBits"));

    // unsorted files: hits after the time went back are not used
    Map<String, Object> u = run(inputs(), "lu", "--filter", "bf", "--memory-bits", "40000",
        "--local-filter", "bloom", "--local-bits", "20000");
    checkLeafCount(u);
    assertTrue(n(u, "localUnorderedHits") > 0, u.toString());
    assertEquals((long) naiveLeaf(DATA.files, "bloom", 0).size(), n(u, "localDuplicates"));
    assertEquals(0L, n(u, "localMarkers")); // no --evaluate, no timer: no markers
    assertNull(u.get("falsePositives"));
  }

  private static void checkLeafCount(Map<String, Object> j) {
    assertEquals(n(j, "inputRecords"), n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
    assertEquals(n(j, "localDuplicates"), n(j, "shuffleAvoided"));
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
