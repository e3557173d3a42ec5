package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code icebergs --method lcbf} (and counting's {@code --evaluate}) end to end in local mode on a
 * skewed log in four files cut into about twelve splits, against naive sums: the verified output,
 * and the hit ratio and error rate recounted here from the written candidates.
 */
public class IcebergLcbfToolTest {
  @TempDir public File tmp;

  private static final IcebergData DATA = new IcebergData(7, 8000, 1500, 4);
  private static final IcebergData.Totals WEIGHTED = IcebergData.sum(DATA.files, 1, 2);
  private static final long T = 60;

  private File inputs() throws Exception {
    File dir = new File(tmp, "in");
    if (!dir.exists()) {
      dir.mkdirs();
      for (int f = 0; f < DATA.files.size(); f++) {
        Files.write(new File(dir, "part-" + f).toPath(), DATA.files.get(f).getBytes(StandardCharsets.UTF_8));
      }
    }
    return dir;
  }

  private static Configuration smallSplits() {
    Configuration c = ToolRun.localConf();
    c.setLong("mapreduce.input.fileinputformat.split.maxsize", 8192);
    return c;
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private ToolRun tool(Configuration conf, String out, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(
        "--input", inputs().getPath(), "--output", new File(tmp, out).getPath(),
        "--key-field", "1", "--delimiter", ",", "--weight-field", "2", "--threshold",
        String.valueOf(T), "--reducers", "2", "--json"));
    args.addAll(List.of(extra));
    return ToolRun.run(conf, new IcebergTool(), args.toArray(new String[0]));
  }

  private Map<String, Object> run(String out, String... extra) throws Exception {
    ToolRun r = tool(smallSplits(), out, extra);
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private Map<String, Integer> lines(String out) throws Exception {
    return IcebergToolTest.lines(new File(tmp, out));
  }

  /** The keys of {@code key<TAB>value} lines. */
  private static Set<String> keys(Map<String, Integer> lines) {
    Set<String> k = new TreeSet<>();
    for (String s : lines.keySet()) {
      k.add(s.substring(0, s.lastIndexOf('\t')));
    }
    return k;
  }

  private static Set<String> trueIcebergs() {
    return keys(WEIGHTED.icebergLines(T));
  }

  @Test
  public void verifiedLcbfWithALargeFilterEqualsTheNaiveIcebergs() throws Exception {
    assertTrue(trueIcebergs().size() > 10);
    Map<String, Object> j = run("lcbf", "--method", "lcbf", "--verify",
        "--entries-per-key", "20", "--num-hashes", "3", "--value-bits", "30");
    assertEquals(WEIGHTED.icebergLines(T), lines("lcbf"));
    assertEquals("lcbf", j.get("method"));
    assertEquals(WEIGHTED.records, n(j, "inputRecords"));
    assertEquals(WEIGHTED.malformed, n(j, "malformedRecords"));
    assertEquals(WEIGHTED.records,
        n(j, "candidateRecords") + n(j, "filteredRecords") + n(j, "malformedRecords"));
    assertEquals((long) trueIcebergs().size(), n(j, "icebergs"));
    assertEquals(n(j, "icebergs"), n(j, "hits"));
    assertTrue(n(j, "candidates") >= n(j, "icebergs"), j.toString());
    assertTrue(n(j, "localIcebergs") > 0, j.toString());
    assertEquals(0L, n(j, "saturations"));
    assertTrue(n(j, "filterBytesShipped") > 0 && n(j, "naiveBytes") > 0, j.toString());
    // about twelve splits, each storing some totals; each loads every other split's filter
    assertTrue(n(j, "filters") >= 8, j.toString());
    assertEquals((n(j, "filters") - 1) * n(j, "filterBytesShipped"), n(j, "filterBytesShippedToTasks"));
    assertEquals(3L, n(j, "jobs"));
    assertNull(j.get("keys")); // only with --evaluate
    assertNull(j.get("hitRatio")); // misses are unknown without --evaluate
    assertNull(j.get("errorRate"));
  }

  @Test
  public void evaluatedLcbfReportsThePapersMetricsOfItsCandidates() throws Exception {
    // a small filter, so that there are errors and misses to count
    String[] small = {"--method", "lcbf", "--entries-per-key", "2", "--num-hashes", "2"};
    List<String> a = new ArrayList<>(List.of(small));
    a.add("--evaluate");
    Map<String, Object> j = run("cand", a.toArray(new String[0]));
    Map<String, Integer> cand = lines("cand");
    for (String line : cand.keySet()) {
      assertTrue(Long.parseLong(line.substring(line.lastIndexOf('\t') + 1)) >= T, line);
    }
    Set<String> reported = keys(cand);
    Set<String> truth = trueIcebergs();
    long hits = reported.stream().filter(truth::contains).count();
    assertTrue(hits < reported.size(), j.toString()); // this filter makes errors
    assertEquals((long) reported.size(), n(j, "candidates"));
    assertEquals((long) WEIGHTED.totals.size(), n(j, "keys"));
    assertEquals((long) truth.size(), n(j, "trueIcebergs"));
    assertEquals(hits, n(j, "hits"));
    assertEquals((double) hits / truth.size(), (Double) j.get("hitRatio"), 1e-12);
    assertEquals((double) (reported.size() - hits) / truth.size(), (Double) j.get("errorRate"), 1e-12);
    assertNull(j.get("icebergs")); // the output is unverified candidates

    // the same filters verified: exactly the true icebergs among those candidates (lcbf is
    // deterministic for a given input and split layout)
    a.add("--verify");
    Map<String, Object> v = run("verified", a.toArray(new String[0]));
    Map<String, Integer> expected = new TreeMap<>();
    for (Map.Entry<String, Integer> e : WEIGHTED.icebergLines(T).entrySet()) {
      if (reported.contains(e.getKey().substring(0, e.getKey().lastIndexOf('\t')))) {
        expected.put(e.getKey(), e.getValue());
      }
    }
    assertEquals(expected, lines("verified"));
    assertEquals(hits, n(v, "icebergs"));
    assertEquals(j.get("hitRatio"), v.get("hitRatio"));
    assertEquals(j.get("errorRate"), v.get("errorRate"));
    assertEquals(3L, n(v, "jobs")); // verify and evaluate share one job
  }

  @Test
  public void evaluatedCountingMissesNoIceberg() throws Exception {
    Map<String, Object> j = run("counting", "--method", "counting", "--evaluate", "--items", "300");
    Set<String> reported = keys(lines("counting"));
    Set<String> truth = trueIcebergs();
    assertTrue(reported.containsAll(truth));
    assertEquals(1.0, (Double) j.get("hitRatio"), 0);
    assertEquals((double) (reported.size() - truth.size()) / truth.size(),
        (Double) j.get("errorRate"), 1e-12);
    assertEquals((long) WEIGHTED.totals.size(), n(j, "keys"));
  }

  @Test
  public void aSplitWithTooManyKeysFailsNamingTheLimit() throws Exception {
    Configuration c = ToolRun.localConf();
    c.setInt(BloomkitConfig.ICEBERG_MAX_KEYS.key(), 50);
    ToolRun r = tool(c, "toomany", "--method", "lcbf");
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains(BloomkitConfig.ICEBERG_MAX_KEYS.key()), r.err);
    assertTrue(r.err.contains("more than 50 distinct keys"), r.err);
    assertTrue(!new File(tmp, "toomany").exists());
  }

  private void usage(String message, String... extra) throws Exception {
    ToolRun r = tool(ToolRun.localConf(), "bad", extra);
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(message), r.err);
  }

  @Test
  public void badLcbfOptionsAreUsageErrors() throws Exception {
    usage("--entries-per-key must be positive", "--method", "lcbf", "--entries-per-key", "0");
    usage("--entries-per-key must be a number", "--method", "lcbf", "--entries-per-key", "ten");
    usage("--value-bits must be in [1, 62]", "--method", "lcbf", "--value-bits", "63");
    usage("--value-bits must be at least 1", "--method", "lcbf", "--value-bits", "0");
    usage("--num-hashes must be at least 1", "--method", "lcbf", "--num-hashes", "0");
    usage("--entries-per-key applies to --method lcbf only", "--entries-per-key", "5");
    usage("--value-bits applies to --method lcbf only", "--method", "counting", "--value-bits", "5");
    usage("--items applies to --method counting only", "--method", "lcbf", "--items", "5");
    usage("--evaluate applies to --method counting and lcbf", "--evaluate");
    usage("--method must be exact, counting or lcbf", "--method", "lcfb");
  }
}
