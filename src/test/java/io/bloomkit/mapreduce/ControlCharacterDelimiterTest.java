package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Delimiters job.xml (XML 1.0) cannot hold as such, Hive's default {@code \x01} first, work end to
 * end in real local-mode jobs (build, join, dedup), checked against naive in-memory answers.
 */
public class ControlCharacterDelimiterTest {
  @TempDir public File tmp;

  private static final char[] DELIMITERS = {'\u0001', '\u001f', '\u007f', '\u00a6'};

  private static List<String> lines(char d, int n, int mod, String tag) {
    List<String> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // field 1 holds a tab and a comma: only the chosen delimiter separates fields
      l.add("k" + (i % mod) + d + "v\t," + (i % 3) + d + tag + i);
    }
    return l;
  }

  private File write(String name, List<String> lines) throws Exception {
    File f = new File(tmp, name);
    Files.write(f.toPath(), lines, StandardCharsets.UTF_8);
    return f;
  }

  private static Map<String, Object> ok(BloomkitTool tool, String... args) {
    ToolRun r = ToolRun.run(tool, args);
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static Map<String, Integer> output(File dir) throws Exception {
    Map<String, Integer> m = new TreeMap<>();
    for (File f : dir.listFiles((x, n) -> n.startsWith("part-"))) {
      for (String l : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        m.merge(l, 1, Integer::sum);
      }
    }
    return m;
  }

  @Test
  public void controlCharacterDelimitersWorkInRealJobs() throws Exception {
    for (char d : DELIMITERS) {
      String ds = String.valueOf(d);
      String tag = String.format("u%04x", (int) d);
      List<String> left = lines(d, 40, 40, "L");
      List<String> right = lines(d, 300, 60, "R");
      File l = write(tag + ".left", left);
      File r = write(tag + ".right", right);

      // build on a composite key: the delimiter is also inside the key
      Set<String> composite = new HashSet<>();
      for (String s : right) {
        composite.add(NaiveJoin.key(s, d, new int[] {0, 1}));
      }
      Map<String, Object> b =
          ok(new BuildTool(), "--input", r.getPath(), "--output", tmp + "/" + tag + ".bf",
              "--key-field", "0,1", "--delimiter", ds, "--filter", "exact", "--json");
      assertEquals((long) composite.size(), b.get("items"), tag);
      assertEquals(0L, b.get("malformedRecords"), tag);

      File joined = new File(tmp, tag + ".join");
      Map<String, Object> j =
          ok(new JoinTool(), "--left", l.getPath(), "--left-key", "0", "--right", r.getPath(),
              "--right-key", "0", "--output", joined.getPath(), "--delimiter", ds,
              "--filter-type", "bf", "--json");
      Map<String, Integer> expected =
          NaiveJoin.join(left, new int[] {0}, right, new int[] {0}, d, false);
      assertEquals(expected, output(joined), tag);
      assertEquals(0L, j.get("malformedRecords"), tag);

      Set<String> keys = new HashSet<>();
      for (String s : right) {
        keys.add(NaiveJoin.key(s, d, new int[] {0}));
      }
      File deduped = new File(tmp, tag + ".dedup");
      Map<String, Object> u =
          ok(new DedupTool(), "--input", r.getPath(), "--output", deduped.getPath(),
              "--key-field", "0", "--delimiter", ds, "--json");
      assertEquals((long) keys.size(), u.get("kept"), tag);
      assertTrue(keys.size() < right.size(), tag);
    }
  }

  @Test
  public void lineBreakDelimitersAreUsageErrors() {
    for (String d : new String[] {"\n", "\r"}) {
      ToolRun r =
          ToolRun.run(new BuildTool(), "--input", tmp.getPath(), "--output",
              tmp + "/x.bf", "--delimiter", d);
      assertEquals(BloomkitTool.USAGE, r.code, r.toString());
      assertTrue(r.err.startsWith("build: --delimiter"), r.err);
    }
  }
}
