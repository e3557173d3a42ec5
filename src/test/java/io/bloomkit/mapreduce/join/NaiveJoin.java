package io.bloomkit.mapreduce.join;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The reference: a join in memory with String.split, independent of the code under test. Returns
 * the output lines as a multiset (line -> count).
 */
public final class NaiveJoin {
  private NaiveJoin() {}

  /** The key of a line, or null if a field is missing. */
  public static String key(String line, char delimiter, int[] fields) {
    String[] parts = line.split(Pattern.quote(String.valueOf(delimiter)), -1);
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] >= parts.length) {
        return null;
      }
      if (i > 0) {
        b.append(delimiter);
      }
      b.append(parts[fields[i]]);
    }
    return b.toString();
  }

  /** An inner ({@code leftOuter} false) or left-outer join without null keys. */
  public static Map<String, Integer> join(
      List<String> left,
      int[] leftKey,
      List<String> right,
      int[] rightKey,
      char delimiter,
      boolean leftOuter) {
    return join(left, leftKey, right, rightKey, delimiter, leftOuter ? "left-outer" : "inner", null);
  }

  /**
   * The join of {@code type} (as {@code join --type} names it), its lines as the tool's text
   * output renders them: a pair {@code l\tr}, an outer join's unmatched left {@code l\t} and
   * unmatched right {@code \tr}, the semi and anti joins' lines alone. A line with a missing key
   * field is malformed: left out. A line whose key has a part equal to {@code nullToken} (null:
   * none) has a null key (SQL): it matches nothing, and is written by the types that keep the
   * unmatched records of its side.
   */
  public static Map<String, Integer> join(
      List<String> left,
      int[] leftKey,
      List<String> right,
      int[] rightKey,
      char delimiter,
      String type,
      String nullToken) {
    boolean pairs = List.of("inner", "left-outer", "right-outer", "full-outer").contains(type);
    if (!pairs && !List.of("left-semi", "right-semi", "left-anti", "right-anti").contains(type)) {
      throw new IllegalArgumentException(type);
    }
    Map<String, List<String>> byKey = new HashMap<>();
    Set<String> rightKeys = new HashSet<>();
    for (String l : left) {
      String k = key(l, delimiter, leftKey);
      if (k != null && !isNull(l, delimiter, leftKey, nullToken)) {
        byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(l);
      }
    }
    Map<String, Integer> out = new TreeMap<>();
    for (String r : right) {
      String k = key(r, delimiter, rightKey);
      if (k == null) {
        continue;
      }
      List<String> ls = isNull(r, delimiter, rightKey, nullToken) ? null : byKey.get(k);
      if (ls == null) {
        if (type.equals("right-outer") || type.equals("full-outer")) {
          out.merge("\t" + r, 1, Integer::sum);
        } else if (type.equals("right-anti")) {
          out.merge(r, 1, Integer::sum);
        }
        continue;
      }
      rightKeys.add(k);
      if (pairs) {
        for (String l : ls) {
          out.merge(l + "\t" + r, 1, Integer::sum);
        }
      } else if (type.equals("right-semi")) {
        out.merge(r, 1, Integer::sum);
      }
    }
    for (String l : left) {
      String k = key(l, delimiter, leftKey);
      if (k == null) {
        continue;
      }
      boolean matched = !isNull(l, delimiter, leftKey, nullToken) && rightKeys.contains(k);
      if (matched && type.equals("left-semi")) {
        out.merge(l, 1, Integer::sum);
      } else if (!matched && (type.equals("left-outer") || type.equals("full-outer"))) {
        out.merge(l + "\t", 1, Integer::sum);
      } else if (!matched && type.equals("left-anti")) {
        out.merge(l, 1, Integer::sum);
      }
    }
    return out;
  }

  private static boolean isNull(String line, char delimiter, int[] fields, String nullToken) {
    if (nullToken == null) {
      return false;
    }
    String[] parts = line.split(Pattern.quote(String.valueOf(delimiter)), -1);
    for (int f : fields) {
      if (parts[f].equals(nullToken)) {
        return true;
      }
    }
    return false;
  }

  /** Lines as a multiset. */
  public static Map<String, Integer> multiset(List<String> lines) {
    Map<String, Integer> m = new TreeMap<>();
    for (String l : lines) {
      m.merge(l, 1, Integer::sum);
    }
    return m;
  }
}
