package io.bloomkit.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Writes {@code docs/results/distributed-filters.md} and its PNG plots: Figures 1, 5, 9-12 and
 * Table 1 of "One is Enough" and Figures 5-7 of the icebergs paper, from the {@code slices},
 * {@code window}, {@code tree}, {@code lcbf} and {@code gossip} simulations run in-process on generated data.
 * Arguments: output directory (docs/results), and a note (machine, date, command) for the header.
 * The sections: {@link DistributedSlicing}, {@link DistributedWindows}, {@link DistributedTrees},
 * {@link DistributedIcebergs}.
 */
public final class DistributedFiltersReport {
  private DistributedFiltersReport() {}

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args.length > 0 ? args[0] : "docs/results");
    String note = args.length > 1 ? args[1] : "";
    DistributedReportPage page = new DistributedReportPage(dir.resolve("distributed-filters"));
    long t0 = System.nanoTime();
    header(page, note);
    new DistributedSlicing(page).write();
    new DistributedWindows(page).write();
    new DistributedTrees(page).write();
    new DistributedIcebergs(page).write();
    page.md.append(String.format(Locale.ROOT, "%n_Generated in %.0f s by `io.bloomkit.report.DistributedFiltersReport`._%n",
        (System.nanoTime() - t0) / 1e9));
    Files.createDirectories(dir);
    Files.write(dir.resolve("distributed-filters.md"), page.md.toString().getBytes(StandardCharsets.UTF_8));
  }

  // ---- helpers ---------------------------------------------------------------------------------

  static double d(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  static List<Map<String, Object>> where(List<Map<String, Object>> rows, Predicate<Map<String, Object>> p) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> r : rows) {
      if (p.test(r)) {
        out.add(r);
      }
    }
    return out;
  }

  static double[] col(List<Map<String, Object>> rows, String k) {
    double[] a = new double[rows.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = d(rows.get(i), k);
    }
    return a;
  }

  static Charts.Series line(String name, double[] x, double[] y) {
    return new Charts.Series(name, x, y, true);
  }

  static Charts.Series points(String name, double[] x, double[] y) {
    return new Charts.Series(name, x, y, false);
  }

  /** Drops the points with y <= 0 (for log axes). */
  static Charts.Series positive(String name, double[] x, double[] y, boolean line) {
    int n = 0;
    for (double v : y) {
      n += v > 0 ? 1 : 0;
    }
    double[] xs = new double[n];
    double[] ys = new double[n];
    for (int i = 0, j = 0; i < y.length; i++) {
      if (y[i] > 0) {
        xs[j] = x[i];
        ys[j++] = y[i];
      }
    }
    return new Charts.Series(name, xs, ys, line);
  }

  static String f(double v) {
    if (v == 0) {
      return "0";
    }
    if (Math.abs(v) >= 1000) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (Math.abs(v) >= 0.01) {
      return String.format(Locale.ROOT, "%.3f", v);
    }
    return String.format(Locale.ROOT, "%.2e", v);
  }

  private static void header(DistributedReportPage page, String note) {
    page.p("# Distributed filtering (\"One is Enough\") and linked counting Bloom filters: results");
    page.p(note);
    page.p("Papers: Koloniari, Ntarmos, Souravlias, Pitoura, \"One is Enough: Distributed Filtering for "
        + "Duplicate Elimination\", CIKM 2011 (below: *One*), and Wu, Xiao, Li, Sun, \"A Distributed "
        + "Algorithm for Finding Global Icebergs with Linked Counting Bloom Filters\" (below: *Icebergs*). "
        + "Neither paper's data is available here (a department web log, a Yahoo flow log, Book-Crossing "
        + "ratings), and the figures' plotted values were lost in the text extraction; every figure below "
        + "is regenerated on seeded synthetic data of the described shape (Zipf alpha = 1.0 and uniform "
        + "streams, bursts of 2x and 5x in the middle third, windows 100/500/1000) and compared with the "
        + "papers' formulas and the trends their text states. \"Reproduced\" means: the same quantity, "
        + "the same trend or claim, checked against theory where the paper gives one.");
    page.p("Truth used for the rates: append-only runs count a key's first occurrence as its one distinct "
        + "event; window runs use Definition 4 exactly (distinct if not delivered in the previous w "
        + "time units, the filter's own deliveries). fpr = FP / (FP + TN), fnr = FN / (FN + TP).");
  }
}
