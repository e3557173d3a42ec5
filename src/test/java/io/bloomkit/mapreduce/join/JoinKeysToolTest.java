package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join tool in local mode on SQL null keys and typed keys: the output against a naive join
 * that reads the same lines by the same rules (written here: {@code \N} and, with {@code
 * --empty-is-null}, the empty field are null and never match; {@code --key-type long} keys are
 * compared as numbers, so "404" and "0404" meet; a key that is not a number is malformed), and
 * every record of each side accounted for.
 */
public class JoinKeysToolTest {
  @TempDir public File tmp;

  private File left;
  private File right;
  private final List<String> leftLines = new ArrayList<>();
  private final List<String> rightLines = new ArrayList<>();

  /** Left "L<i>,<key>", right "R<j>,<key>,<payload>": numeric keys written in several ways. */
  private void writeInputs() throws Exception {
    Random rnd = new Random(13);
    for (int i = 0; i < 120; i++) {
      leftLines.add("L" + i + "," + key(rnd, 60));
    }
    for (int i = 0; i < 900; i++) {
      rightLines.add("R" + i + "," + key(rnd, 200) + ",p" + i);
    }
    left = newFolder(tmp, "left");
    right = newFolder(tmp, "right");
    List<byte[]> l = JoinData.split(leftLines, 2);
    List<byte[]> r = JoinData.split(rightLines, 2);
    for (int i = 0; i < 2; i++) {
      Files.write(new File(left, "l" + i).toPath(), l.get(i));
      Files.write(new File(right, "r" + i).toPath(), r.get(i));
    }
  }

  private static String key(Random rnd, int range) {
    int roll = rnd.nextInt(20);
    if (roll == 0) {
      return "\\N";
    }
    if (roll == 1) {
      return "";
    }
    if (roll == 2) {
      return "4x"; // not a number: malformed as a long key, a plain string otherwise
    }
    int v = 400 + rnd.nextInt(range);
    switch (rnd.nextInt(3)) {
      case 0:
        return "0" + v; // leading zero: the same long
      case 1:
        return "+" + v;
      default:
        return String.valueOf(v);
    }
  }

  /** The naive model's key of a line: null for a null key, "!" for a malformed one. */
  private static String naiveKey(String line, boolean typed, boolean emptyIsNull) {
    String k = line.split(",", -1)[1];
    if (k.equals("\\N") || (emptyIsNull && k.isEmpty())) {
      return null;
    }
    if (!typed) {
      return "s:" + k;
    }
    try {
      return "l:" + Long.parseLong(k);
    } catch (NumberFormatException e) {
      return "!";
    }
  }

  private static final class Naive {
    final Map<String, Integer> out = new TreeMap<>();
    long leftNull;
    long rightNull;
    long leftMalformed;
    long rightMalformed;
  }

  private Naive naive(boolean typed, boolean emptyIsNull, boolean leftOuter) {
    Naive n = new Naive();
    Map<String, List<String>> byKey = new HashMap<>();
    for (String l : leftLines) {
      String k = naiveKey(l, typed, emptyIsNull);
      if (k == null) {
        n.leftNull++;
        if (leftOuter) {
          n.out.merge(l + "\t", 1, Integer::sum);
        }
      } else if (k.equals("!")) {
        n.leftMalformed++;
      } else {
        byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(l);
      }
    }
    Map<String, Boolean> matched = new HashMap<>();
    for (String r : rightLines) {
      String k = naiveKey(r, typed, emptyIsNull);
      if (k == null) {
        n.rightNull++;
      } else if (k.equals("!")) {
        n.rightMalformed++;
      } else if (byKey.containsKey(k)) {
        matched.put(k, true);
        for (String l : byKey.get(k)) {
          n.out.merge(l + "\t" + r, 1, Integer::sum);
        }
      }
    }
    if (leftOuter) {
      byKey.forEach((k, ls) -> {
        if (!matched.containsKey(k)) {
          ls.forEach(l -> n.out.merge(l + "\t", 1, Integer::sum));
        }
      });
    }
    return n;
  }

  private ToolRun join(File out, String... more) {
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--output", out.getPath(),
        "--delimiter", ",", "--reducers", "2", "--json"));
    args.addAll(List.of(more));
    return ToolRun.run(new JoinTool(), args.toArray(new String[0]));
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private void check(String what, boolean typed, boolean emptyIsNull, String type,
      String... more) throws Exception {
    File out = new File(tmp, what);
    List<String> args = new ArrayList<>(List.of("--type", type));
    if (typed) {
      args.addAll(List.of("--left-key-type", "long", "--right-key-type", "long"));
    }
    if (emptyIsNull) {
      args.add("--empty-is-null");
    }
    args.addAll(List.of(more));
    ToolRun r = join(out, args.toArray(new String[0]));
    assertEquals(0, r.code, what + ": " + r);
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    Naive expected = naive(typed, emptyIsNull, type.equals("left-outer"));
    List<String> lines = JoinToolTest.readOutput(out);
    assertEquals(expected.out, NaiveJoin.multiset(lines), what);
    assertTrue(new File(out, "_SUCCESS").exists(), what);
    assertEquals(expected.leftNull, n(j, "leftNullKeys"), what);
    assertEquals(expected.rightNull, n(j, "rightNullKeys"), what);
    assertEquals(expected.leftMalformed, n(j, "leftMalformed"), what);
    assertEquals(expected.rightMalformed, n(j, "rightMalformed"), what);
    assertTrue(expected.leftNull > 0 && expected.rightNull > 0, what);
    // input = passed + dropped + malformed + null, per side
    assertEquals(leftLines.size(), n(j, "leftRecords"), what);
    assertEquals(rightLines.size(), n(j, "rightRecords"), what);
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed") + n(j, "leftNullKeys"),
        what);
    assertEquals(n(j, "rightRecords"), n(j, "rightPassed") + n(j, "rightDroppedByFilter")
        + n(j, "rightMalformed") + n(j, "rightNullKeys"), what);
    // null keys never reach the shuffle
    assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"), what);
    assertEquals(lines.size(), n(j, "outputRecords"), what);
    assertEquals(0L, n(j, "leftKeysRejectedByFilter"), what);
  }

  @Test
  public void nullKeysNeverMatchAndLeftOuterStillWritesThem() throws Exception {
    writeInputs();
    check("inner", false, false, "inner");
    check("outer", false, false, "left-outer");
    check("outer-empty-null", false, true, "left-outer", "--filter-type", "exact");
    check("outer-none", false, true, "left-outer", "--filter-type", "none");
    // the left outer join's null-key lines come from the map tasks, in the output directory
    File[] mapFiles = new File(tmp, "outer")
        .listFiles((d, name) -> name.startsWith("part-null-keys-m-"));
    assertTrue(mapFiles.length > 0);
    for (File f : mapFiles) {
      for (String line : new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8)
          .split("\n")) {
        assertTrue(line.endsWith(",\\N\t"), line);
      }
    }
  }

  @Test
  public void longKeysMeetWhateverTheirText() throws Exception {
    writeInputs();
    check("typed-inner", true, true, "inner");
    check("typed-outer", true, false, "left-outer", "--filter-type", "bf");
    // the same data as strings: "0404" and "404" do not meet, so the join differs
    assertFalse(naive(true, false, false).out.equals(naive(false, false, false).out));
  }

  @Test
  public void keysOfDifferentTypesAreAUsageErrorNamingBoth() throws Exception {
    writeInputs();
    File out = new File(tmp, "mixed");
    ToolRun r = join(out, "--left-key-type", "long");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains("the left key is (long) but the right key is (string)"), r.err);
    assertFalse(out.exists());
    ToolRun arity = join(out, "--left-key-type", "long,long");
    assertEquals(2, arity.code, arity.toString());
    assertTrue(arity.err.contains("--left-key-type gives 2 types for 1 key fields"), arity.err);
    ToolRun name = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "cited", "--output", out.getPath());
    assertEquals(2, name.code, name.toString());
    assertTrue(name.err.contains("\"cited\""), name.err);
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
