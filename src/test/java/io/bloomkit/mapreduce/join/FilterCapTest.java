package io.bloomkit.mapreduce.join;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code --max-filter-bytes} with a forced filter: lowered to the bits per key that fit, refused
 * when the lowered filter could drop almost nothing (fpp above 0.9, computed here from the bits
 * per key the message gives) or when the family makes no filter that small (the message gives
 * the smallest).
 */
public class FilterCapTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private File lines(String name, int n, String prefix, int mod) throws Exception {
    File f = tmp.newFile(name);
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
        new File(tmp.getRoot(), out).getPath(), "--quiet", "--json"));
    a.addAll(List.of(more));
    return ToolRun.run(new JoinTool(), a.toArray(new String[0]));
  }

  @Test
  public void aCapThatLeavesAUselessFilterIsRefused() throws Exception {
    File left = lines("left.txt", 300, "k", 300);
    File right = lines("right.txt", 3000, "k", 1000);
    ToolRun r = join(left, right, "out", "--filter-type", "bf", "--max-filter-bytes", "1",
        "--strategy", "reduce-side");
    assertEquals(r.toString(), 2, r.code);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "leaves the bf filter of about (\\d+) left keys ([0-9.]+) bits per key: its false positive"
            + " rate would be ([0-9.]+)").matcher(r.err);
    assertTrue(r.err, m.find());
    // a Bloom filter of b bits per key at its best k: fpp = (1 - e^(-k/b))^k, k >= 1
    double b = Double.parseDouble(m.group(2));
    double best = 1;
    for (int k = 1; k <= 64; k++) {
      best = Math.min(best, Math.pow(1 - Math.exp(-k / b), k));
    }
    assertTrue(best + " vs " + m.group(3), best > 0.9);
    assertFalse(new File(tmp.getRoot(), "out").exists());
  }

  @Test
  public void aCapBelowTheFamilysSmallestNamesItsSize() throws Exception {
    File left = lines("left.txt", 5000, "k", 5000);
    File right = lines("right.txt", 3000, "k", 8000);
    ToolRun r = join(left, right, "out", "--strategy", "reduce-side", "--max-filter-bytes", "100");
    assertEquals(r.toString(), 2, r.code);
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
        "the smallest the family makes takes (\\d+) bytes").matcher(r.err);
    assertTrue(r.err, m.find());
    long smallest = Long.parseLong(m.group(1));
    assertTrue(r.err, smallest > 100);
    // the smallest it names is a cap that works
    ToolRun ok = join(left, right, "out-ok", "--strategy", "reduce-side", "--max-filter-bytes",
        String.valueOf(smallest));
    assertEquals(ok.toString(), 0, ok.code);
  }

  @Test
  public void aUsefulCapLowersTheBitsPerKeyAndJoinsExactly() throws Exception {
    File left = lines("left.txt", 2000, "k", 2000);
    File right = lines("right.txt", 6000, "k", 4000);
    ToolRun r = join(left, right, "out", "--filter-type", "bf", "--max-filter-bytes", "1000",
        "--strategy", "reduce-side", "--type", "left-semi");
    assertEquals(r.toString(), 0, r.code);
    assertTrue(r.lastLine(), r.lastLine().contains("\"capped\":true"));
    // left-semi: every left key k0..k1999 occurs on the right (k0..k3999)
    long written = 0;
    for (File p : new File(tmp.getRoot(), "out").listFiles((d, n) -> n.startsWith("part-"))) {
      written += Files.readAllLines(p.toPath()).size();
    }
    assertEquals(2000, written);
  }
}
