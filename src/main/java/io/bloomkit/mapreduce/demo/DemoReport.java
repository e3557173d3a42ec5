package io.bloomkit.mapreduce.demo;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The demo's result (the build's and the join's fields it shows) and its human summary. */
final class DemoReport {
  /** The join's result fields the demo repeats, in this order. */
  private static final List<String> JOIN_FIELDS = List.of(
      "leftRecords", "rightRecords", "rightDroppedByFilter", "rightPassed", "falsePositives",
      "observedFppPerRecord", "rightDroppedKeys", "falsePositiveKeys", "observedFppPerKey",
      "theoreticalFpp", "mapOutputRecords", "mapOutputBytes", "outputRecords",
      "malformedRecords");

  private DemoReport() {}

  static Map<String, Object> result(
      DemoPlan plan, Map<String, Object> build, Map<String, Object> join, double seconds) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("data", plan.data.getPath());
    r.put("work", plan.work.getPath());
    r.put("filter", plan.filter().getPath());
    r.put("filterType", build.get("family"));
    r.put("bitsPerKey", plan.bitsPerKey);
    r.put("filterItems", build.get("items"));
    r.put("filterBits", build.get("bits"));
    r.put("filterHashes", build.get("hashes"));
    for (String k : JOIN_FIELDS) {
      r.put(k, join.get(k));
    }
    r.put("output", plan.output().getPath());
    r.put("buildSeconds", build.get("seconds"));
    r.put("joinSeconds", join.get("seconds"));
    r.put("seconds", seconds);
    return r;
  }

  /** The summary of a {@link #result} for people. */
  static void summary(PrintStream o, Map<String, Object> r) {
    long right = num(r, "rightRecords");
    long dropped = num(r, "rightDroppedByFilter");
    long passed = num(r, "rightPassed");
    long fp = num(r, "falsePositives");
    o.println("bloomkit demo: a Bloom-filtered reduce-side join, local mode");
    o.println(
        f("  filter   %s of %d key patents: %d bits, %d hashes (%s bits per key) -> %s",
            r.get("filterType"), num(r, "filterItems"), num(r, "filterBits"),
            num(r, "filterHashes"), DemoPlan.number((Double) r.get("bitsPerKey")), r.get("filter")));
    o.println(
        f("  join     %d key patents (left) with %d citations (right) on CITED",
            num(r, "leftRecords"), right));
    o.println(
        f("  dropped  %d of %d citations (%.1f%%) by the filter in the map phase, before the"
                + " shuffle",
            dropped, right, right == 0 ? 0.0 : 100.0 * dropped / right));
    o.println(
        f("  passed   %d citations, of which %d false positives (key not on the left side)",
            passed, fp));
    long fpKeys = num(r, "falsePositiveKeys");
    o.println(
        f("  fpp      observed %.5f per key (%d of %d cited patents not on the left side),"
                + " theoretical %.5f",
            (Double) r.get("observedFppPerKey"), fpKeys, num(r, "rightDroppedKeys") + fpKeys,
            (Double) r.get("theoreticalFpp")));
    o.println(
        f("           per record %.5f (%d of %d non-matching citations; the theory is per key)",
            (Double) r.get("observedFppPerRecord"), fp, dropped + fp));
    o.println(f("  output   %d joined records in %s", num(r, "outputRecords"), r.get("output")));
    o.println(f("  time     %.1f s (build %.1f s, join %.1f s)", (Double) r.get("seconds"),
        (Double) r.get("buildSeconds"), (Double) r.get("joinSeconds")));
    o.println();
  }

  private static long num(Map<String, Object> r, String k) {
    Object v = r.get(k);
    return v instanceof Number ? ((Number) v).longValue() : 0;
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
