package io.bloomkit.report;

import static io.bloomkit.report.DistributedFiltersReport.col;
import static io.bloomkit.report.DistributedFiltersReport.d;
import static io.bloomkit.report.DistributedFiltersReport.f;
import static io.bloomkit.report.DistributedFiltersReport.line;
import static io.bloomkit.report.DistributedFiltersReport.positive;
import static io.bloomkit.report.DistributedFiltersReport.where;

import io.bloomkit.window.WindowTheory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DistributedFiltersReport on "One is Enough"'s sliding windows: Figure 9 (equal timers), Figures
 * 10 and 11 (dynamic size through bursts) and section 5 (per-slice dynamic size).
 */
final class DistributedWindows {
  private final DistributedReportPage page;

  DistributedWindows(DistributedReportPage page) {
    this.page = page;
  }

  /** The section, in the report's order. */
  void write() throws Exception {
    figure9();
    figures10and11();
    section5SlicedDynamic();
  }

  private void p(String s) {
    page.p(s);
  }

  private void chart(String file, String title, String xl, String yl, boolean logY, List<Charts.Series> s)
      throws IOException {
    page.chart(file, title, xl, yl, logY, s);
  }

  // ---- One is Enough, Figure 9: equal timers ----------------------------------------------------

  private void figure9() throws Exception {
    p("## One is Enough, Figure 9: equal-timers heuristic (k = 8)");
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String slices : new String[] {"1", "8"}) {
      rows.addAll(SimRun.run("window", "--distribution", "zipf", "--universe", "20000", "--length", "60000",
          "--rate", "10", "--burst", "1", "--window", "500", "--filters", "fixed", "--num-hashes", "8",
          "--timers", "12000", "--equal-timers", "0,1,2,3,4,5,6,7,8", "--slices", slices, "--series", "2"));
    }
    List<Charts.Series> a = new ArrayList<>();
    for (String slices : new String[] {"1", "8"}) {
      Map<String, Object> r = where(rows, x -> d(x, "slices") == Double.parseDouble(slices) && d(x, "equalTimers") == 0).get(0);
      long[] tr = (long[]) r.get("equalTimersTrue");
      long[] fa = (long[]) r.get("equalTimersFalse");
      double[] xs = new double[8];
      double[] share = new double[8];
      for (int i = 0; i < 8; i++) {
        xs[i] = i + 1;
        share[i] = tr[i] + fa[i] == 0 ? 0 : (double) tr[i] / (tr[i] + fa[i]);
      }
      a.add(line(slices.equals("1") ? "vertical (one filter)" : "horizontal, 8 slices", xs, share));
    }
    chart("fig9ab-true-share.png", "Fig. 9(a,b): share of true duplicates among answers with x equal timers",
        "equal timers x (of 8)", "true duplicates / reported duplicates", false, a);
    List<Charts.Series> c = new ArrayList<>();
    for (String slices : new String[] {"1", "8"}) {
      List<Map<String, Object>> l = where(rows, x -> d(x, "slices") == Double.parseDouble(slices) && d(x, "equalTimers") > 0);
      String name = slices.equals("1") ? "vertical" : "horizontal";
      c.add(line(name + " fpr", col(l, "equalTimers"), col(l, "fpr")));
      c.add(line(name + " fnr", col(l, "equalTimers"), col(l, "fnr")));
    }
    chart("fig9cd-fp-fn.png", "Fig. 9(c,d): false positive and negative rates vs k'", "k' (equal timers required)", "rate", false, c);
    StringBuilder t = new StringBuilder("| k' | vertical fpr | vertical fnr | horizontal fpr | horizontal fnr |\n|---|---|---|---|---|\n");
    for (int e = 0; e <= 8; e++) {
      final int ee = e;
      Map<String, Object> v = where(rows, x -> d(x, "slices") == 1 && d(x, "equalTimers") == ee).get(0);
      Map<String, Object> h = where(rows, x -> d(x, "slices") == 8 && d(x, "equalTimers") == ee).get(0);
      t.append("| ").append(e == 0 ? "off" : String.valueOf(e)).append(" | ").append(f(d(v, "fpr"))).append(" | ")
          .append(f(d(v, "fnr"))).append(" | ").append(f(d(h, "fpr"))).append(" | ").append(f(d(h, "fnr"))).append(" |\n");
    }
    p(t.toString());
    Map<String, Object> v0 = where(rows, x -> d(x, "slices") == 1 && d(x, "equalTimers") == 0).get(0);
    Map<String, Object> h0 = where(rows, x -> d(x, "slices") == 8 && d(x, "equalTimers") == 0).get(0);
    p(String.format(Locale.ROOT, "**Reproduced (trend).** Among the answers \"duplicate\" whose 8 timers are "
        + "all different, only %s (vertical) and %s (horizontal) are true duplicates; with two equal "
        + "timers already %s and %s, and from three on practically all. Requiring k' equal timers "
        + "therefore removes false positives and adds false negatives (a true duplicate's timers get "
        + "refreshed by later events that share positions). Horizontal slices (m/S timers each, more "
        + "collisions) need one more equal timer than the vertical filter for the same effect: k' = 2 "
        + "leaves the vertical rate at %s but the horizontal at %s, k' = 3 brings both near zero; this "
        + "is the paper's choice (\"all timers unequal [distinct] for vertical and at most 2 equal for "
        + "horizontal\"). The paper's curves were lost; k = 8, w = 500 and 12,000 timers (a rate of a few "
        + "percent without the heuristic) on 60K Zipf events at 10 per time unit are our choice.",
        f(share(v0, 0)), f(share(h0, 0)), f(share(v0, 1)), f(share(h0, 1)),
        f(d(where(rows, x -> d(x, "slices") == 1 && d(x, "equalTimers") == 2).get(0), "fpr")),
        f(d(where(rows, x -> d(x, "slices") == 8 && d(x, "equalTimers") == 2).get(0), "fpr"))));
  }

  static double share(Map<String, Object> r, int i) {
    long t = ((long[]) r.get("equalTimersTrue"))[i];
    long f = ((long[]) r.get("equalTimersFalse"))[i];
    return t + f == 0 ? 0 : (double) t / (t + f);
  }

  // ---- One is Enough, Figures 10 and 11: dynamic size -------------------------------------------

  private void figures10and11() throws Exception {
    p("## One is Enough, Figures 10 and 11: dynamic size through bursts");
    List<Map<String, Object>> rows = SimRun.run("window", "--distribution", "zipf", "--universe", "100000",
        "--length", "100000", "--rate", "10", "--burst", "2,5", "--window", "100,500,1000", "--fpp", "0.02",
        "--timers", "25000", "--series", "150");
    for (int w : new int[] {100, 500, 1000}) {
      List<Charts.Series> s = new ArrayList<>();
      for (String filter : new String[] {"density", "cardinality", "density-tight", "cardinality-tight"}) {
        for (double burst : new double[] {2, 5}) {
          Map<String, Object> r = where(rows, x -> x.get("filter").equals(filter) && d(x, "burst") == burst
              && d(x, "window") == w).get(0);
          s.add(line(filter + ", burst " + (int) burst + "x", (double[]) r.get("timesOverTime"), (double[]) r.get("filtersOverTime")));
        }
      }
      chart("fig10-filters-w" + w + ".png", "Fig. 10: live filters over time, window " + w, "time", "filters", false, s);
    }
    List<Charts.Series> s11 = new ArrayList<>();
    for (String filter : new String[] {"fixed", "density", "cardinality", "density-tight", "cardinality-tight"}) {
      for (double burst : new double[] {2, 5}) {
        List<Map<String, Object>> l = where(rows, x -> x.get("filter").equals(filter) && d(x, "burst") == burst);
        s11.add(line(filter + ", burst " + (int) burst + "x", col(l, "window"), col(l, "burstFpr")));
      }
    }
    s11.add(line("target P = 0.02", new double[] {100, 1000}, new double[] {0.02, 0.02}));
    chart("fig11-fpr.png", "Fig. 11: false positive rate during the burst vs window", "window w", "fpr in the burst", true, s11);
    StringBuilder t = new StringBuilder("| filter | burst | w | fpr | fpr in burst | max filters | mean filters | filters created |\n|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : rows) {
      t.append("| ").append(r.get("filter")).append(" | ").append((int) d(r, "burst")).append("x | ")
          .append((long) d(r, "window")).append(" | ").append(f(d(r, "fpr"))).append(" | ").append(f(d(r, "burstFpr")))
          .append(" | ").append((long) d(r, "maxFilters")).append(" | ").append(f(d(r, "meanFilters"))).append(" | ")
          .append((long) d(r, "filtersCreated")).append(" |\n");
    }
    p(t.toString());
    double tightMax = 0;
    double plainMax = 0;
    double fixedMax = 0;
    for (Map<String, Object> r : rows) {
      String f = (String) r.get("filter");
      double v = d(r, "burstFpr");
      if (f.endsWith("-tight")) {
        tightMax = Math.max(tightMax, v);
      } else if (f.equals("fixed")) {
        fixedMax = Math.max(fixedMax, v);
      } else {
        plainMax = Math.max(plainMax, v);
      }
    }
    p("Every filter has 25,000 timers (k = 4), enough for about 3,000 live keys at P = 0.02, roughly "
        + "the distinct keys of a 500-unit window at the base rate of 10 Zipf events per time unit; the "
        + "burst runs at 2x or 5x that rate for the middle third of 100K events. As in the paper, the "
        + "filter shape is the same for every window, so longer windows hold more live events.");
    p(String.format(Locale.ROOT, "**Figure 10 reproduced.** Filters are added during the burst and dropped "
        + "after it; the larger the window, the more filters and the longer they live (w = 100 barely "
        + "needs a second filter, w = 1000 needs several even at the base rate); the cardinality "
        + "threshold, which cannot see events leave the window, creates at least as many filters as the "
        + "density threshold, many more with short windows (\"filters created\"), and flips between "
        + "one and two filters when the load is low, as the paper says. **Figure 11: partly reproduced.** Dynamic size keeps the rate far below the "
        + "fixed filter's (up to %s in a burst), but with the paper's single threshold (`density`, "
        + "`cardinality`) a lookup tests all F live filters, each up to rate P, so the rate approaches "
        + "F x P: up to %s in a burst against the target 0.02, and above the target even at the base "
        + "rate when the window needs several filters. The `-tight` variants give the j-th live filter "
        + "the threshold 6P / (pi^2 (j+1)^2) (`WindowTheory.tightenedFpp`; the thresholds sum to P) and stay "
        + "under the target in every run (at most %s), at the cost of more, emptier filters (see the "
        + "max filters column); they are our addition, not the paper's.", f(fixedMax), f(plainMax), f(tightMax)));
  }

  // ---- One is Enough, section 5: per-slice dynamic size ------------------------------------------

  /** The arguments of the section 5 run (also rerun by the report's test). */
  static final String[] SLICED_DYNAMIC_ARGS = {"--distribution", "zipf", "--universe", "100000",
      "--length", "100000", "--rate", "10", "--burst", "2,5", "--window", "100,500,1000", "--fpp", "0.02",
      "--timers", "25000", "--sliced-dynamic", "8", "--series", "50"};

  private void section5SlicedDynamic() throws Exception {
    p("## One is Enough, section 5: per-slice dynamic size");
    List<Map<String, Object>> rows = SimRun.run("window", SLICED_DYNAMIC_ARGS);
    String[] filters = {"fixed", "density", "sliced-density", "cardinality", "sliced-cardinality"};
    int w = 500;
    double timerBits = WindowTheory.timerBits(w);
    List<Charts.Series> fpr = new ArrayList<>();
    List<Charts.Series> mem = new ArrayList<>();
    double[] span = null;
    for (String filter : filters) {
      Map<String, Object> r = where(rows, x -> x.get("filter").equals(filter) && d(x, "burst") == 5
          && d(x, "window") == w).get(0);
      double[] t = (double[]) r.get("timesOverTime");
      span = t;
      fpr.add(positive(filter, t, (double[]) r.get("fprOverTime"), true));
      double[] bits = (double[]) r.get("memoryOverTime");
      double[] timers = new double[bits.length];
      for (int i = 0; i < bits.length; i++) {
        timers[i] = bits[i] / timerBits;
      }
      mem.add(line(filter, t, timers));
    }
    fpr.add(line("target P = 0.02", new double[] {span[0], span[span.length - 1]}, new double[] {0.02, 0.02}));
    chart("sec5-sliced-dynamic-fpr.png", "Sec. 5: false positive rate per bucket of 2,000 events, Zipf, burst 5x, w = 500",
        "time (bucket start)", "FP / (FP + TN) in the bucket", true, fpr);
    chart("sec5-sliced-dynamic-memory.png", "Sec. 5: timers in use (mean per bucket of 2,000 events), Zipf, burst 5x, w = 500",
        "time (bucket start)", "timers", false, mem);
    StringBuilder t = new StringBuilder("| filter | slices | burst | w | distinct events | fpr | fpr in burst | fnr "
        + "| mean timers | max timers | max filters | filters created | most FPs on one key |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : rows) {
      double bits = WindowTheory.timerBits((long) d(r, "window"));
      t.append("| ").append(r.get("filter")).append(" | ").append((int) d(r, "slices")).append(" | ")
          .append((int) d(r, "burst")).append("x | ").append((long) d(r, "window")).append(" | ")
          .append((long) d(r, "distinct")).append(" | ").append(f(d(r, "fpr"))).append(" | ")
          .append(f(d(r, "burstFpr"))).append(" | ").append(f(d(r, "fnr"))).append(" | ")
          .append(f(d(r, "meanMemoryBits") / bits)).append(" | ").append(f(d(r, "maxMemoryBits") / bits))
          .append(" | ").append((long) d(r, "maxFilters")).append(" | ").append((long) d(r, "filtersCreated"))
          .append(" | ").append((long) d(r, "maxKeyFalsePositives")).append(" |\n");
    }
    p("Command: `scripts/bloomkit simulate window " + String.join(" ", SLICED_DYNAMIC_ARGS) + "` (seed 1, "
        + "the default). Filters: `fixed`, one timer filter of 25,000 timers cut into 8 horizontal slices "
        + "of 3,125; `density`, `cardinality`, the unsliced dynamic filter (filters of 25,000 timers added "
        + "at the paper's single threshold for P = 0.02); `sliced-density`, `sliced-cardinality`, 8 slices "
        + "each growing and shrinking on its own by the same thresholds computed for filters of 3,125 "
        + "timers (`SlicedDynamicTimerFilter`). k = 4; a timer of a window w has ceil(log2(w + 1)) bits, "
        + "so timers = bits / that. Each plotted point is one bucket of 2,000 events (about 1,000 distinct "
        + "ones at the base rate, so a rate near 0.02 rests on about 20 false positives); max/mean filters "
        + "count the slice filters for the sliced ones (fixed: its 8 slices).");
    p(t.toString());
    p(slicedDynamicVerdict(rows));
  }

  /** Section 5's verdict from the rows: sliced vs unsliced dynamic memory and rates. */
  private static String slicedDynamicVerdict(List<Map<String, Object>> rows) {
    StringBuilder v = new StringBuilder();
    double worstMemRatio = 0;
    double bestMemRatio = Double.MAX_VALUE;
    double worstFprRatio = 0;
    double bestFprRatio = Double.MAX_VALUE;
    for (Map<String, Object> r : rows) {
      String f = (String) r.get("filter");
      if (!f.startsWith("sliced-")) {
        continue;
      }
      String plain = f.substring("sliced-".length());
      Map<String, Object> u = where(rows, x -> x.get("filter").equals(plain) && d(x, "burst") == d(r, "burst")
          && d(x, "window") == d(r, "window")).get(0);
      double m = d(r, "meanMemoryBits") / d(u, "meanMemoryBits");
      double e = d(r, "burstFpr") / Math.max(d(u, "burstFpr"), 1e-12);
      worstMemRatio = Math.max(worstMemRatio, m);
      bestMemRatio = Math.min(bestMemRatio, m);
      worstFprRatio = Math.max(worstFprRatio, e);
      bestFprRatio = Math.min(bestFprRatio, e);
    }
    v.append(String.format(Locale.ROOT, "**Verdict: the paper's claim is not borne out on these streams.** The "
        + "paper (section 5, last paragraph) says growing and shrinking per slice, each slice by the events "
        + "it receives, \"allows better space utilization when dealing with non-uniform inputs\". Measured, "
        + "per-slice over unsliced dynamic size at the same threshold, burst and window (12 pairs): mean "
        + "timers in use x%s to x%s, false positive rate in the burst x%s to x%s (the upper end at w = 100, "
        + "burst rates below 1e-3 that rest on fewer than 20 false positives each). Per-slice growth does "
        + "what it should (the filters of each slice follow that slice's load, steps of m/S instead of m, "
        + "so the peak is at most the unsliced one's), but it saves no memory: a horizontal slice is chosen "
        + "by a hash of the event, and only delivered (distinct) events are inserted, so each slice "
        + "receives about 1/S of the inserts however skewed the Zipf input is; all slices then cross "
        + "their thresholds at about the same time and together hold what the unsliced filter holds. "
        + "The rates are mostly the same, but per-slice is clearly worse in some cells (sliced-cardinality "
        + "at 5x, w = 500; sliced-density at 5x, w = 1000), and there one key carries a third or more of "
        + "the run's false positives (column \"most FPs on one key\" against fpr x distinct events): on a Zipf stream a false positive "
        + "leaves a hot key undelivered, so its next arrival is distinct again (Definition 4 counts the "
        + "filter's own deliveries) and, while the stack still covers its positions, another false "
        + "positive; which stack a hot key meets differs between the two layouts, so such a run of false "
        + "positives is luck of the hash, not a property of per-slice growth. The density "
        + "threshold at w = 100 never grows a slice (it answers exactly as the fixed sliced filter). A gain needs slice loads that are truly unequal, e.g. "
        + "slices assigned by producer rather than by hash; the unit test `SlicedDynamicTimerFilterTest."
        + "aSliceGrowsOnItsOwn` shows the mechanism (a burst on one slice's keys grows that slice only), "
        + "but that input is not simulated here.",
        f(bestMemRatio), f(worstMemRatio), f(bestFprRatio), f(worstFprRatio)));
    return v.toString();
  }
}
