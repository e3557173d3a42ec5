package io.bloomkit.mapreduce.join;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  public static Map<String, Integer> join(
      List<String> left,
      int[] leftKey,
      List<String> right,
      int[] rightKey,
      char delimiter,
      boolean leftOuter) {
    Map<String, List<String>> byKey = new HashMap<>();
    for (String l : left) {
      String k = key(l, delimiter, leftKey);
      if (k != null) {
        byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(l);
      }
    }
    Map<String, Integer> out = new TreeMap<>();
    Map<String, Boolean> matched = new HashMap<>();
    for (String r : right) {
      String k = key(r, delimiter, rightKey);
      if (k == null || !byKey.containsKey(k)) {
        continue;
      }
      matched.put(k, true);
      for (String l : byKey.get(k)) {
        out.merge(l + "\t" + r, 1, Integer::sum);
      }
    }
    if (leftOuter) {
      for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
        if (!matched.containsKey(e.getKey())) {
          for (String l : e.getValue()) {
            out.merge(l + "\t", 1, Integer::sum);
          }
        }
      }
    }
    return out;
  }

  /**
   * The join of a {@code --type} (inner, left-outer, right-outer, full-outer, left-semi,
   * right-semi, left-anti, right-anti): pairs {@code l\tr}, unmatched left {@code l\t}, unmatched
   * right {@code \tr}, semi and anti joins the side's lines alone. Lines without the key fields
   * (malformed) are left out on both sides.
   */
  public static Map<String, Integer> join(List<String> left, int[] leftKey, List<String> right,
      int[] rightKey, char delimiter, String type) {
    Map<String, List<String>> byKey = new HashMap<>();
    for (String l : left) {
      String k = key(l, delimiter, leftKey);
      if (k != null) {
        byKey.computeIfAbsent(k, x -> new ArrayList<>()).add(l);
      }
    }
    boolean pairs = List.of("inner", "left-outer", "right-outer", "full-outer").contains(type);
    Map<String, Integer> out = new TreeMap<>();
    java.util.Set<String> matched = new java.util.HashSet<>();
    for (String r : right) {
      String k = key(r, delimiter, rightKey);
      if (k == null) {
        continue;
      }
      List<String> ls = byKey.get(k);
      if (ls != null) {
        matched.add(k);
      }
      if (ls != null && pairs) {
        ls.forEach(l -> out.merge(l + "\t" + r, 1, Integer::sum));
      } else if (ls == null && (type.equals("right-outer") || type.equals("full-outer"))) {
        out.merge("\t" + r, 1, Integer::sum);
      } else if ((ls != null && type.equals("right-semi"))
          || (ls == null && type.equals("right-anti"))) {
        out.merge(r, 1, Integer::sum);
      }
    }
    for (Map.Entry<String, List<String>> e : byKey.entrySet()) {
      boolean m = matched.contains(e.getKey());
      for (String l : e.getValue()) {
        if (!m && (type.equals("left-outer") || type.equals("full-outer"))) {
          out.merge(l + "\t", 1, Integer::sum);
        } else if ((m && type.equals("left-semi")) || (!m && type.equals("left-anti"))) {
          out.merge(l, 1, Integer::sum);
        }
      }
    }
    return out;
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
