package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQL null keys in dedup, end to end in local mode, against the naive dedup of {@link DedupData}:
 * by default a record with a null key (Hive's {@code \N}) is distinct, kept and counted {@code
 * nullKeys}, and {@code inputRecords = kept + duplicates + malformedRecords + nullKeys}; with
 * {@code --null-keys-equal} the null keys are one key, deduplicated like any other (also against
 * the empty key, which is a value), and {@code inputRecords = kept + duplicates +
 * malformedRecords}. For exact, counting and stream (bf with the exact leaf, evaluated).
 */
public class DedupNullKeysTest {
  @TempDir public File tmp;

  private static final String NULL = "\\N";

  /** The click log with every 5th well-formed record's user null and every 13th's empty. */
  private static final List<String> FILES = withNulls(new DedupData(99, 2500, 300, 3, 800).files);

  private static List<String> withNulls(List<String> files) {
    List<String> out = new ArrayList<>();
    int n = 0;
    for (String f : files) {
      StringBuilder b = new StringBuilder();
      for (String line : f.split("\n")) {
        String[] p = line.split(",", -1);
        if (p.length == 4) {
          n++;
          p[1] = n % 5 == 0 ? NULL : n % 13 == 0 ? "" : p[1];
        }
        b.append(String.join(",", p)).append('\n');
      }
      out.add(b.toString());
    }
    return out;
  }

  private File inputs() throws Exception {
    return DedupData.writeParts(new File(tmp, "in"), FILES);
  }

  private List<String> lines(String name) throws Exception {
    return DedupData.readParts(new File(tmp, name));
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> run(File in, String name, String... extra) {
    return DedupData.run(in, new File(tmp, name), extra);
  }

  private static DedupData.Expected naive(boolean equal) {
    return DedupData.dedup(FILES, new int[] {1}, 2, 0, 1, NULL, equal);
  }

  /** The outputs equal the naive dedup; the counters add up by the mode's rule. */
  private void check(String name, Map<String, Object> j, boolean equal) throws Exception {
    DedupData.Expected e = naive(equal);
    assertEquals(e.kept, DedupData.multiset(lines(name)), name);
    assertEquals(e.duplicates, DedupData.multiset(lines(name + ".dup")),
        name);
    checkCounts(j, e, equal);
  }

  private static void checkCounts(Map<String, Object> j, DedupData.Expected e, boolean equal) {
    assertEquals(e.records, n(j, "inputRecords"), j.toString());
    assertEquals(e.malformed, n(j, "malformedRecords"));
    assertEquals(e.nullKeys, n(j, "nullKeys"));
    assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords")
        + (equal ? 0 : n(j, "nullKeys")));
  }

  @Test
  public void nullKeysAreDistinctByDefaultAndOneKeyWithNullKeysEqual() throws Exception {
    File in = inputs();
    DedupData.Expected distinct = naive(false);
    DedupData.Expected equal = naive(true);
    assertTrue(distinct.nullKeys > 300);
    // the modes differ: all null-key records kept, or all but the first removed
    assertEquals(distinct.kept.size() - equal.kept.size(), distinct.nullKeys - 1);

    check("exact", run(in, "exact"), false);
    check("exact-eq", run(in, "exact-eq", "--null-keys-equal"), true);
    check("counting", run(in, "counting", "--method", "counting"), false);
    check("counting-eq", run(in, "counting-eq", "--method", "counting", "--null-keys-equal"), true);
    // a window: the null group's records are kept again after a gap of at least W
    Map<String, Object> w = run(in, "window-eq", "--null-keys-equal", "--window", "40");
    DedupData.Expected we = DedupData.dedup(FILES, new int[] {1}, 2, 40, 1, NULL, true);
    assertEquals(we.kept, DedupData.multiset(lines("window-eq")));
    checkCounts(w, we, true);
  }

  /**
   * --empty-is-null makes the empty user null too, and --null-token another token: the naive
   * dedup with the empty string as the null token (no \N here) agrees.
   */
  @Test
  public void emptyIsNullAndAnotherNullToken() throws Exception {
    File in = inputs();
    Map<String, Object> j = run(in, "empty", "--empty-is-null", "--null-token", "");
    DedupData.Expected e = DedupData.dedup(FILES, new int[] {1}, 2, 0, 1, "", false);
    assertTrue(e.nullKeys > 20);
    assertEquals(e.kept, DedupData.multiset(lines("empty")));
    checkCounts(j, e, false);
  }

  /**
   * stream: a Bloom filter large enough and the exact leaf (which never sees a null key). The FP
   * and FN the tool reports equal a recount against the naive dedup of the mode; no FN (a Bloom
   * filter never forgets); by default every null-key record is in the kept output.
   */
  @Test
  public void streamFollowsTheNullRules() throws Exception {
    File in = inputs();
    for (boolean equal : new boolean[] {false, true}) {
      String name = equal ? "stream-eq" : "stream";
      List<String> extra = new ArrayList<>(List.of("--method", "stream", "--filter", "bf",
          "--memory-bits", "60000", "--local-filter", "exact", "--evaluate"));
      if (equal) {
        extra.add("--null-keys-equal");
      }
      Map<String, Object> j = run(in, name, extra.toArray(new String[0]));
      DedupData.Expected e = naive(equal);
      List<String> kept = lines(name);
      List<String> removed = lines(name + ".dup");
      long[] errors = DedupData.errors(e, kept, removed);
      assertEquals(errors[0], n(j, "falsePositives"), j.toString());
      assertEquals(errors[1], n(j, "falseNegatives"), j.toString());
      assertEquals(0L, errors[1]);
      checkCounts(j, e, equal);
      long nullKept = kept.stream().filter(s -> s.split(",", -1)[1].equals(NULL)).count();
      assertEquals(equal ? 1 : e.nullKeys, nullKept, name);
      assertEquals(e.records - e.malformed, kept.size() + removed.size());
    }
  }
}
