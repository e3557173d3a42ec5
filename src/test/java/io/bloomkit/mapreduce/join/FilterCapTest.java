package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --max-filter-bytes} with a forced filter: lowered to the bits per key that fit, refused
 * when the lowered filter could drop almost nothing (fpp above 0.9, computed here from the bits
 * per key the message gives) or when the family makes no filter that small (the message gives
 * the smallest).
 */
public class FilterCapTest {
  @TempDir public File tmp;

  private File lines(String name, int n, String prefix, int mod) throws Exception {
    File f = newFile(tmp, name);
    List<String> l = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      l.add(prefix + (i % mod) + "\tv" + i);
    }
    Files.write(f.toPath(), l, StandardCharsets.UTF_8);
    return f;
  }

  private ToolRun join(File left, File right, String out, String... more) {
    List<String> a = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", "0",
        "--right", right.getPath(), "--right-key", "0", "--output",
        new File(tmp, out).getPath(), "--quiet", "--json"));
    a.addAll(List.of(more));
    return ToolRun.run(new JoinTool(), a.toArray(new String[0]));
  }

  @Test
  public void aCapThatLeavesAUselessFilterIsRefused() throws Exception {
    File left = lines("left.txt", 300, "k", 300);
    File right = lines("right.txt", 3000, "k", 1000);
    ToolRun r = join(left, right, "out", "--filter-type", "bf", "--max-filter-bytes", "1",
        "--strategy", "reduce-side");
    assertEquals(2, r.code, r.toString());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "leaves the bf filter of about (\\d+) left keys ([0-9.]+) bits per key: its false positive"
            + " rate would be ([0-9.]+)").matcher(r.err);
    assertTrue(m.find(), r.err);
    // a Bloom filter of b bits per key at its best k: fpp = (1 - e^(-k/b))^k, k >= 1
    double b = Double.parseDouble(m.group(2));
    double best = 1;
    for (int k = 1; k <= 64; k++) {
      best = Math.min(best, Math.pow(1 - Math.exp(-k / b), k));
    }
    assertTrue(best > 0.9, best + " vs " + m.group(3));
    assertFalse(new File(tmp, "out").exists());
  }

  /**
   * The same cap with the family alone given (--strategy auto): the planner picks among that
   * family's filters, and none under the cap can drop anything: refused the same way, not shipped
   * with a false positive rate of 1 (issue 27).
   */
  @Test
  public void aCapThatLeavesOnlyUselessFiltersOfTheFamilyIsRefusedUnderAuto() throws Exception {
    File left = lines("left.txt", 300, "k", 300);
    File right = lines("right.txt", 3000, "k", 1000);
    ToolRun r = join(left, right, "out", "--filter-type", "bf", "--max-filter-bytes", "1");
    assertEquals(2, r.code, r.toString());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "--max-filter-bytes 1 leaves the bf filter of about (\\d+) left keys ([0-9.]+) bits per"
            + " key: its false positive rate would be ([0-9.]+)").matcher(r.err);
    assertTrue(m.find(), r.err);
    assertTrue(Double.parseDouble(m.group(3)) > 0.9, r.err);
    assertFalse(new File(tmp, "out").exists());
  }

  @Test
  public void aCapBelowTheFamilysSmallestNamesItsSize() throws Exception {
    File left = lines("left.txt", 5000, "k", 5000);
    File right = lines("right.txt", 3000, "k", 8000);
    ToolRun r = join(left, right, "out", "--strategy", "reduce-side", "--max-filter-bytes", "100");
    assertEquals(2, r.code, r.toString());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "the smallest the family makes takes (\\d+) bytes").matcher(r.err);
    assertTrue(m.find(), r.err);
    long smallest = Long.parseLong(m.group(1));
    assertTrue(smallest > 100, r.err);
    // the smallest it names is a cap that works
    ToolRun ok = join(left, right, "out-ok", "--strategy", "reduce-side", "--max-filter-bytes",
        String.valueOf(smallest));
    assertEquals(0, ok.code, ok.toString());
  }

  @Test
  public void aUsefulCapLowersTheBitsPerKeyAndJoinsExactly() throws Exception {
    File left = lines("left.txt", 2000, "k", 2000);
    File right = lines("right.txt", 6000, "k", 4000);
    ToolRun r = join(left, right, "out", "--filter-type", "bf", "--max-filter-bytes", "1000",
        "--strategy", "reduce-side", "--type", "left-semi");
    assertEquals(0, r.code, r.toString());
    assertTrue(r.lastLine().contains("\"capped\":true"), r.lastLine());
    // left-semi: every left key k0..k1999 occurs on the right (k0..k3999)
    long written = 0;
    for (File p : new File(tmp, "out").listFiles((d, n) -> n.startsWith("part-"))) {
      written += Files.readAllLines(p.toPath()).size();
    }
    assertEquals(2000, written);
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
