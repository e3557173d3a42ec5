package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The icebergs tool end to end in local mode, against naive sums. */
public class IcebergToolTest {
  @TempDir public File tmp;

  private static final IcebergData DATA = new IcebergData(5, 4000, 800, 2);

  private File inputs() throws Exception {
    File dir = newFolder(tmp, "in");
    for (int f = 0; f < DATA.files.size(); f++) {
      Files.write(new File(dir, "part-" + f).toPath(), DATA.files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  static Map<String, Integer> lines(File dir) throws Exception {
    Map<String, Integer> out = new TreeMap<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          out.merge(s, 1, Integer::sum);
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
        "--input", in.getPath(), "--output", new File(tmp, name).getPath(),
        "--key-field", "1", "--delimiter", ",", "--reducers", "2", "--json"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(new IcebergTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  @Test
  public void exactAndVerifiedCountingEqualTheNaiveSums() throws Exception {
    File in = inputs();
    // weighted, threshold above the 4-bit counter range
    IcebergData.Totals w = IcebergData.sum(DATA.files, 1, 2);
    Map<String, Object> ex = run(in, "wexact", "--weight-field", "2", "--threshold", "60");
    assertEquals(w.icebergLines(60), lines(new File(tmp, "wexact")));
    assertEquals(w.totals.size(), n(ex, "keys"));
    assertEquals(w.malformed, n(ex, "malformedRecords"));
    assertEquals((long) w.icebergLines(60).size(), n(ex, "icebergs"));
    Map<String, Object> co = run(in, "wcounting", "--weight-field", "2", "--threshold", "60",
        "--method", "counting", "--verify", "--items", "800");
    assertEquals(w.icebergLines(60), lines(new File(tmp, "wcounting")));
    assertEquals(w.records, n(co, "inputRecords"));
    assertEquals(w.records,
        n(co, "candidateRecords") + n(co, "filteredRecords") + n(co, "malformedRecords"));
    assertTrue(n(co, "filteredRecords") > 0, co.toString());
    assertTrue(n(co, "candidates") >= n(co, "icebergs"));
    // counting misses no iceberg; the paper's error rate: non-icebergs reported / icebergs
    long icebergs = w.icebergLines(60).size();
    assertEquals(icebergs, n(co, "trueIcebergs"));
    assertEquals(1.0, (Double) co.get("hitRatio"), 0);
    assertEquals((double) (n(co, "candidates") - icebergs) / icebergs, (Double) co.get("errorRate"), 1e-12);
    assertEquals(1.0, (Double) ex.get("hitRatio"), 0);
    assertEquals(0.0, (Double) ex.get("errorRate"), 0);
    assertTrue(n(co, "filterBytesShipped") > 0 && n(co, "naiveBytes") > 0);
    assertNull(co.get("keys"));

    // counts, threshold inside the counter range
    IcebergData.Totals c = IcebergData.sum(DATA.files, 1, -1);
    run(in, "cexact", "--threshold", "8");
    assertEquals(c.icebergLines(8), lines(new File(tmp, "cexact")));
    Map<String, Object> cc = run(in, "ccounting", "--threshold", "8", "--method", "counting",
        "--verify", "--items", "800");
    assertEquals(c.icebergLines(8), lines(new File(tmp, "ccounting")));
    assertTrue(n(cc, "filteredRecords") > n(cc, "inputRecords") / 10, cc.toString());
  }

  @Test
  public void unverifiedCountingWritesEveryCandidateIncludingAllIcebergs() throws Exception {
    File in = inputs();
    IcebergData.Totals c = IcebergData.sum(DATA.files, 1, -1);
    Map<String, Object> j = run(in, "cand", "--threshold", "8", "--method", "counting");
    Map<String, Integer> got = lines(new File(tmp, "cand"));
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (String s : got.keySet()) {
      String[] p = s.split("\t");
      keys.add(p[0]);
      assertTrue(Long.parseLong(p[1]) >= 8, s); // each written with an estimate >= T
    }
    for (String s : c.icebergLines(8).keySet()) {
      assertTrue(keys.contains(s.split("\t")[0]), s);
    }
    assertEquals((long) got.size(), n(j, "candidates"));
    assertNull(j.get("hitRatio"));
  }

  @Test
  public void badCommandLinesAreUsageErrors() throws Exception {
    File in = inputs();
    String out = new File(tmp, "x").getPath();
    assertEquals(2, ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1").code); // no threshold
    assertEquals(2, ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--threshold", "0").code);
    assertEquals(2, ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--threshold", "3", "--method", "sketchy").code);
    assertEquals(2, ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--threshold", "3", "--verify").code);
  }

  @Test
  public void aFailedRunLeavesNoOutputAndARerunSucceeds() throws Exception {
    File in = inputs();
    for (String method : new String[] {"exact", "counting", "lcbf"}) {
      File out = new File(tmp, "failed-" + method);
      ToolRun r = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", out.getPath(),
          "--key-field", "1", "--delimiter", ",", "--threshold", "8", "--method", method,
          "--strict");
      assertEquals(1, r.code, r.toString()); // the data has malformed lines
      assertFalse(out.exists(), method);
      assertEquals(0, tmp.list((d, n) -> n.startsWith("." + out.getName())).length, method);
      run(in, out.getName(), "--threshold", "8", "--method", method);
      assertTrue(new File(out, "_SUCCESS").exists());
    }
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
