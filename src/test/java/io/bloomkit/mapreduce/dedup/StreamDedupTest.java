package io.bloomkit.mapreduce.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.DedupCounters;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.stream.StreamFilter;
import java.io.File;
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
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * dedup --method stream: the reducer against the same filter run by hand and an independent
 * recount of its errors; the tool in local mode, whose FP/FN counters equal a recount from its
 * kept and removed outputs against the naive dedup.
 */
public class StreamDedupTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

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
    c.set(BloomkitConfig.DELIMITER.key(), ",");
    c.set(BloomkitConfig.KEY_FIELDS.key(), "1");
    c.set(BloomkitConfig.TIME_FIELD.key(), "2");
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
      d.withInput(new DedupKey("k", i, "f", i), Arrays.asList(new Text(lines.get(i))));
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
    File dir = tmp.newFolder("in");
    for (int f = 0; f < DATA.files.size(); f++) {
      Files.write(new File(dir, "part-" + f).toPath(), DATA.files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private static Set<String> lines(File dir) throws Exception {
    Set<String> out = new HashSet<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          assertTrue("line twice: " + s, out.add(s));
        }
      }
    }
    return out;
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> run(File in, String name, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--input", in.getPath(), "--output", new File(tmp.getRoot(), name).getPath(),
        "--duplicates", new File(tmp.getRoot(), name + ".dup").getPath(),
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--method", "stream",
        "--slices", "2", "--json"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(r.toString(), 0, r.code);
    return MiniJson.parseObject(r.lastLine());
  }

  /** FP = removed records the naive dedup keeps; FN = kept records it removes. */
  private void checkAgainstNaive(String name, Map<String, Object> j, long window) throws Exception {
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, window);
    Set<String> kept = lines(new File(tmp.getRoot(), name));
    Set<String> removed = lines(new File(tmp.getRoot(), name + ".dup"));
    long fp = 0;
    long fn = 0;
    for (String s : removed) {
      fp += e.kept.containsKey(s) ? 1 : 0;
    }
    for (String s : kept) {
      fn += e.duplicates.containsKey(s) ? 1 : 0;
    }
    assertEquals(j.toString(), fp, n(j, "falsePositives"));
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
    assertTrue(sbf.toString(), n(sbf, "falseNegatives") > 0); // a tiny SBF forgets

    Map<String, Object> w = run(in, "w", "--filter", "rsbf", "--memory-bits", "2000", "--evaluate",
        "--window", "200");
    checkAgainstNaive("w", w, 200);
  }

  @Test
  public void importanceWeightsAndUsage() throws Exception {
    File in = inputs();
    // importance = the time field scaled into [0, 1] by -D
    Configuration conf = ToolRun.localConf();
    conf.set(BloomkitConfig.IMPORTANCE_MAX.key(), "1000");
    List<String> args = List.of(
        "--input", in.getPath(), "--output", new File(tmp.getRoot(), "ibf").getPath(),
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--method", "stream",
        "--filter", "ibf-mc", "--memory-bits", "3000", "--importance-field", "2", "--evaluate",
        "--json");
    ToolRun r = ToolRun.run(conf, new DedupTool(), args.toArray(new String[0]));
    assertEquals(r.toString(), 0, r.code);
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    double wfp = (Double) j.get("wFP");
    double wfn = (Double) j.get("wFN");
    assertTrue(j.toString(), wfp >= 0 && wfp <= 1 && wfn >= 0 && wfn <= 1);

    String out = new File(tmp.getRoot(), "x").getPath();
    ToolRun noEval = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--delimiter", ",", "--method", "stream", "--memory-bits", "5000",
        "--json");
    assertEquals(noEval.toString(), 0, noEval.code);
    assertNull(MiniJson.parseObject(noEval.lastLine()).get("falsePositives"));
    String out2 = new File(tmp.getRoot(), "y").getPath();
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "stream").code); // no --memory-bits
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "stream", "--memory-bits", "100", "--filter", "cuckoo").code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "exact", "--evaluate").code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out2,
        "--key-field", "1", "--method", "stream", "--memory-bits", "1000", "--local-filter",
        "bloom").code);
  }
}
