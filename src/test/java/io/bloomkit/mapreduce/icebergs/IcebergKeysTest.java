package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Icebergs' keys through the reader layer, against naive recounts: null keys skipped and counted
 * ({@code nullKeys}) by every method, null weights summing 0, typed keys ({@code --key-type long}
 * on text), composite keys written as their fields joined by the delimiter.
 */
public class IcebergKeysTest {
  @TempDir public File tmp;

  /** A naive recount: totals per key text, and how records fared. */
  private static final class Naive {
    final Map<String, Long> totals = new TreeMap<>();
    long records;
    long malformed;
    long nullKeys;
    long nullWeights;

    Map<String, Integer> lines(long t) {
      Map<String, Integer> m = new TreeMap<>();
      totals.forEach((k, v) -> {
        if (v >= t) {
          m.put(k + "\t" + v, 1);
        }
      });
      return m;
    }
  }

  private File write(String name, List<String> lines) throws Exception {
    File dir = newFolder(tmp, name);
    int half = lines.size() / 2;
    Files.write(new File(dir, "part-0").toPath(),
        (String.join("\n", lines.subList(0, half)) + "\n").getBytes(StandardCharsets.UTF_8));
    Files.write(new File(dir, "part-1").toPath(),
        (String.join("\n", lines.subList(half, lines.size())) + "\n")
            .getBytes(StandardCharsets.UTF_8));
    return dir;
  }

  private Map<String, Object> run(File in, String out, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        new File(tmp, out).getPath(), "--delimiter", ",", "--reducers", "2", "--json"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(new IcebergTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private Map<String, Integer> output(String out) throws Exception {
    return IcebergToolTest.lines(new File(tmp, out));
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  /**
   * Lines {@code id,key,weight}: keys k0..k39 skewed, some keys {@code \N} (Hive's null) or empty,
   * some weights {@code \N}, some lines malformed (a missing field, a bad weight).
   */
  private static List<String> callLog(long seed, int n) {
    Random rnd = new Random(seed);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int r = rnd.nextInt(40);
      double u = rnd.nextDouble();
      String key = r == 0 ? "\\N" : r == 1 ? "" : "k" + (int) (40 * u * u);
      String weight = r == 2 ? "\\N" : r == 3 ? "x" : String.valueOf(rnd.nextInt(9));
      out.add(r == 4 ? "c" + i + "," + key : "c" + i + "," + key + "," + weight);
    }
    return out;
  }

  /** Recounts {@code lines} as Hive would: a null key in no group, a null weight adding 0. */
  private static Naive recount(List<String> lines, boolean emptyIsNull, boolean weighted) {
    Naive t = new Naive();
    for (String line : lines) {
      t.records++;
      String[] p = line.split(",", -1);
      if (p.length < (weighted ? 3 : 2)) {
        t.malformed++;
        continue;
      }
      if (p[1].equals("\\N") || (emptyIsNull && p[1].isEmpty())) {
        t.nullKeys++;
        continue;
      }
      long w = 1;
      if (weighted) {
        if (p[2].equals("\\N")) {
          t.nullWeights++;
          w = 0;
        } else if (!p[2].matches("[0-9]+")) {
          t.malformed++;
          continue;
        } else {
          w = Long.parseLong(p[2]);
        }
      }
      t.totals.merge(p[1], w, Long::sum);
    }
    return t;
  }

  @Test
  public void nullKeysAreSkippedAndCountedByEveryMethod() throws Exception {
    List<String> log = callLog(3, 3000);
    File in = write("nulls", log);
    for (boolean emptyIsNull : new boolean[] {false, true}) {
      Naive t = recount(log, emptyIsNull, true);
      assertTrue(t.nullKeys > 0 && t.nullWeights > 0 && t.malformed > 0);
      String[][] methods = {
        {"--method", "exact"},
        {"--method", "counting", "--verify", "--evaluate"},
        {"--method", "lcbf", "--verify", "--evaluate", "--entries-per-key", "40"},
      };
      for (String[] m : methods) {
        String out = "nulls-" + m[1] + "-" + emptyIsNull;
        List<String> args = new ArrayList<>(List.of("--key-field", "1", "--weight-field", "2",
            "--threshold", "60"));
        args.addAll(List.of(m));
        if (emptyIsNull) {
          args.add("--empty-is-null");
        }
        Map<String, Object> j = run(in, out, args.toArray(new String[0]));
        assertEquals(t.lines(60), output(out), out);
        assertEquals(t.records, n(j, "inputRecords"), out);
        assertEquals(t.malformed, n(j, "malformedRecords"), out);
        assertEquals(t.nullKeys, n(j, "nullKeys"), out);
        assertEquals(t.nullWeights, n(j, "nullWeights"), out);
        if (!m[1].equals("exact")) {
          // every record is accounted for: input = candidates + filtered + malformed + null keys
          assertEquals(t.records, n(j, "candidateRecords") + n(j, "filteredRecords")
              + n(j, "malformedRecords") + n(j, "nullKeys"), out);
          assertEquals((long) t.totals.size(), n(j, "keys"), out);
          assertEquals((long) t.lines(60).size(), n(j, "trueIcebergs"), out);
        } else {
          assertEquals((long) t.totals.size(), n(j, "keys"), out);
        }
      }
    }
  }

  @Test
  public void aLongKeyReadFromCanonicalTextGivesTheStringKeysIcebergs() throws Exception {
    Random rnd = new Random(11);
    List<String> log = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      double u = rnd.nextDouble();
      log.add(i + "," + ((int) (300 * u * u) - 20) + "," + rnd.nextInt(7));
    }
    File in = write("canonical", log);
    Naive t = recount(log, false, true);
    for (String method : new String[] {"exact", "counting", "lcbf"}) {
      String[] common = {"--key-field", "1", "--weight-field", "2", "--threshold", "40",
          "--method", method};
      List<String> typed = new ArrayList<>(List.of(common));
      typed.addAll(List.of("--key-type", "long"));
      if (!method.equals("exact")) {
        typed.add("--verify");
      }
      List<String> plain = new ArrayList<>(List.of(common));
      if (!method.equals("exact")) {
        plain.add("--verify");
      }
      run(in, "string-" + method, plain.toArray(new String[0]));
      Map<String, Object> j = run(in, "long-" + method, typed.toArray(new String[0]));
      assertEquals(t.lines(40), output("long-" + method), method);
      assertEquals(output("string-" + method), output("long-" + method), method);
      assertEquals(0L, n(j, "malformedRecords"));
    }
  }

  @Test
  public void aLongKeyMergesEqualValuesAndCountsTextThatIsNoLong() throws Exception {
    // "007", "+7" and "7" are one long key 7, written as 7; "7x" is malformed
    List<String> log = List.of("a,007,5", "b,+7,6", "c,7,1", "d,8,20", "e,7x,50", "f,08,1");
    File in = write("longs", log);
    Map<String, Object> j = run(in, "longs-out", "--key-field", "1", "--weight-field", "2",
        "--threshold", "10", "--key-type", "long");
    Naive t = new Naive();
    Function<String, String> asLong = s -> String.valueOf(Long.parseLong(s));
    for (String line : log) {
      String[] p = line.split(",");
      if (p[1].matches("[+-]?[0-9]+")) {
        t.totals.merge(asLong.apply(p[1]), Long.parseLong(p[2]), Long::sum);
      }
    }
    assertEquals(t.lines(10), output("longs-out"));
    assertEquals(Map.of("7\t12", 1, "8\t21", 1), output("longs-out"));
    assertEquals(1L, n(j, "malformedRecords"));
  }

  @Test
  public void aCompositeKeyIsWrittenAsItsFieldsJoinedByTheDelimiter() throws Exception {
    Random rnd = new Random(5);
    List<String> log = new ArrayList<>();
    Naive t = new Naive();
    for (int i = 0; i < 1500; i++) {
      String a = "a" + rnd.nextInt(6);
      long b = rnd.nextInt(5);
      String line = a + "," + i + "," + b + "," + rnd.nextInt(5);
      log.add(line);
      t.totals.merge(a + "," + b, Long.parseLong(line.split(",")[3]), Long::sum);
    }
    File in = write("composite", log);
    for (String method : new String[] {"exact", "counting", "lcbf"}) {
      String out = "composite-" + method;
      List<String> args = new ArrayList<>(List.of("--key-field", "0,2", "--weight-field", "3",
          "--key-type", "string,long", "--threshold", "100", "--method", method));
      if (!method.equals("exact")) {
        args.addAll(List.of("--verify", "--evaluate"));
      }
      Map<String, Object> j = run(in, out, args.toArray(new String[0]));
      assertEquals(t.lines(100), output(out), method);
      assertEquals((long) t.totals.size(), n(j, "keys"), method);
    }
  }

  @Test
  public void fieldsAreCheckedAgainstTheInputBeforeAnyJob() throws Exception {
    File in = write("named", List.of("a,k1,3", "b,k2,4"));
    File out = new File(tmp, "named-out");
    ToolRun byName = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "caller", "--delimiter", ",", "--threshold", "1");
    assertEquals(2, byName.code, byName.toString());
    assertTrue(byName.err.contains("\"caller\""), byName.err);
    ToolRun twoWeights = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "1", "--weight-field", "2,0", "--threshold", "1");
    assertEquals(2, twoWeights.code, twoWeights.toString());
    assertTrue(twoWeights.err.contains("--weight-field takes one field"), twoWeights.err);
    ToolRun badType = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "1", "--key-type", "long,long", "--threshold", "1");
    assertEquals(2, badType.code, badType.toString());
    assertTrue(badType.err.contains("--key-type"), badType.err);
    assertTrue(!out.exists() && tmp.list((d, n) -> n.startsWith(".named")).length == 0);
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
