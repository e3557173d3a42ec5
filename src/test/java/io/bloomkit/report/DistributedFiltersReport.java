package io.bloomkit.report;

import io.bloomkit.window.WindowTheory;
import java.io.IOException;
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
 */
public final class DistributedFiltersReport {
  private final Path dir;
  private final Path img;
  private final StringBuilder md = new StringBuilder();

  private DistributedFiltersReport(Path dir) {
    this.dir = dir;
    this.img = dir.resolve("distributed-filters");
  }

  public static void main(String[] args) throws Exception {
    Path dir = Paths.get(args.length > 0 ? args[0] : "docs/results");
    String note = args.length > 1 ? args[1] : "";
    DistributedFiltersReport r = new DistributedFiltersReport(dir);
    long t0 = System.nanoTime();
    r.header(note);
    r.figure1();
    r.figure5();
    r.figure7c();
    r.figure9();
    r.figures10and11();
    r.section5SlicedDynamic();
    r.figure12();
    r.lcbf();
    r.gossip();
    r.md.append(String.format(Locale.ROOT, "%n_Generated in %.0f s by `io.bloomkit.report.DistributedFiltersReport`._%n",
        (System.nanoTime() - t0) / 1e9));
    Files.createDirectories(dir);
    Files.write(dir.resolve("distributed-filters.md"), r.md.toString().getBytes(StandardCharsets.UTF_8));
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

  private void chart(String file, String title, String xl, String yl, boolean logY, List<Charts.Series> s)
      throws IOException {
    Charts.xy(img.resolve(file), title, xl, yl, logY, s);
    md.append("![").append(title).append("](distributed-filters/").append(file).append(")\n\n");
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

  private void p(String s) {
    md.append(s).append("\n\n");
  }

  private void header(String note) {
    p("# Distributed filtering (\"One is Enough\") and linked counting Bloom filters: results");
    p(note);
    p("Papers: Koloniari, Ntarmos, Souravlias, Pitoura, \"One is Enough: Distributed Filtering for "
        + "Duplicate Elimination\", CIKM 2011 (below: *One*), and Wu, Xiao, Li, Sun, \"A Distributed "
        + "Algorithm for Finding Global Icebergs with Linked Counting Bloom Filters\" (below: *Icebergs*). "
        + "Neither paper's data is available here (a department web log, a Yahoo flow log, Book-Crossing "
        + "ratings), and the figures' plotted values were lost in the text extraction; every figure below "
        + "is regenerated on seeded synthetic data of the described shape (Zipf alpha = 1.0 and uniform "
        + "streams, bursts of 2x and 5x in the middle third, windows 100/500/1000) and compared with the "
        + "papers' formulas and the trends their text states. \"Reproduced\" means: the same quantity, "
        + "the same trend or claim, checked against theory where the paper gives one.");
    p("Truth used for the rates: append-only runs count a key's first occurrence as its one distinct "
        + "event; window runs use Definition 4 exactly (distinct if not delivered in the previous w "
        + "time units, the filter's own deliveries). fpr = FP / (FP + TN), fnr = FN / (FN + TP).");
  }

  // ---- One is Enough, Figure 1: fault tolerance ------------------------------------------------

  private void figure1() throws Exception {
    p("## One is Enough, Figure 1: fault tolerance");
    int[] failed = {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20};
    StringBuilder fl = new StringBuilder();
    for (int i = 0; i < failed.length; i++) {
      fl.append(i == 0 ? "" : ",").append(failed[i]);
    }
    List<Map<String, Object>> rows = SimRun.run("slices", "--distribution", "uniform", "--universe", "200000",
        "--length", "60000", "--slices", "40", "--num-hashes", "4", "--fpp", "0.05", "--failed", fl.toString(),
        "--policy", "set", "--hashing", "mixed");
    List<Charts.Series> s = new ArrayList<>();
    for (String layout : new String[] {"horizontal", "vertical"}) {
      List<Map<String, Object>> l = where(rows, r -> r.get("filter").equals(layout));
      double[] x = col(l, "failed");
      for (int i = 0; i < x.length; i++) {
        x[i] = 100 * x[i] / 40;
      }
      s.add(line(layout + ": eq. " + (layout.equals("horizontal") ? 5 : 6) + " at final n", x, col(l, "theoryFprFinal")));
      s.add(line(layout + ": eq. averaged over the stream", x, col(l, "theoryFpr")));
      s.add(points(layout + ": measured", x, col(l, "fpr")));
    }
    chart("fig1a-failed-slices.png", "Fig. 1(a): false positive rate vs failed sites (S = 40, k = 4, P = 0.05)",
        "failed sites (%)", "false positive rate", false, s);
    // (b) S_f for thresholds
    List<Charts.Series> b = new ArrayList<>();
    double[] fs = new double[10];
    for (int i = 0; i < fs.length; i++) {
      fs[i] = i + 1;
    }
    for (double pmax : new double[] {0.10, 0.15, 0.20}) {
      double[] h = new double[fs.length];
      double[] v = new double[fs.length];
      for (int i = 0; i < fs.length; i++) {
        h[i] = WindowTheory.horizontalFaultToleranceSlices((int) fs[i], 0.05, pmax);
        v[i] = WindowTheory.verticalFaultToleranceSlices(4, (int) fs[i], 0.05, pmax);
      }
      b.add(line("horizontal, Pmax = " + pmax, fs, h));
      b.add(line("vertical, Pmax = " + pmax, fs, v));
    }
    chart("fig1b-fault-tolerance-sf.png", "Fig. 1(b): fault tolerance parameter S_f (k = 4, P = 0.05)",
        "failed sites f", "slices S_f", false, b);
    long h4 = WindowTheory.horizontalFaultToleranceSlices(4, 0.05, 0.15);
    long v4 = WindowTheory.verticalFaultToleranceSlices(4, 4, 0.05, 0.15);
    StringBuilder t = new StringBuilder("| failed % | horizontal measured | eq. 5 (stream) | vertical measured | eq. 6 (stream) |\n|---|---|---|---|---|\n");
    List<Map<String, Object>> hr = where(rows, r -> r.get("filter").equals("horizontal"));
    List<Map<String, Object>> vr = where(rows, r -> r.get("filter").equals("vertical"));
    for (int i = 0; i < hr.size(); i += 2) {
      t.append("| ").append(Math.round(100 * d(hr.get(i), "failed") / 40)).append(" | ").append(f(d(hr.get(i), "fpr")))
          .append(" | ").append(f(d(hr.get(i), "theoryFpr"))).append(" | ").append(f(d(vr.get(i), "fpr")))
          .append(" | ").append(f(d(vr.get(i), "theoryFpr"))).append(" |\n");
    }
    p(t.toString());
    p("**Reproduced.** (a) With failed bits counted as set, the horizontal rate grows linearly with the "
        + "failed share (eq. 5: every event of a failed slice is a false positive) while the vertical one "
        + "stays far lower (eq. 6: a false positive needs all k bits failed or set); measured rates on a "
        + "uniform stream (60K events, independent positions) lie on the stream-averaged formulas. (b) "
        + "S_f from Definition 3: at P = 0.05, k = 4, Pmax = 0.15 and f = 4 the horizontal filter needs "
        + h4 + " slices and the vertical one " + v4 + ", matching the paper's \"vertical less than 20, "
        + "horizontal more than 30\" (the parameters P = 0.05, k = 4 are our reading; the figure's own "
        + "were lost).");
  }

  // ---- One is Enough, Figure 5: slicing ---------------------------------------------------------

  private void figure5() throws Exception {
    p("## One is Enough, Figure 5 (and 8): slicing, load, fault-tolerance heuristic");
    String slices = "1,2,4,8,16,32,64,128,256,512";
    List<Map<String, Object>> rows = SimRun.run("slices", "--distribution", "zipf,uniform", "--universe", "5000",
        "--length", "100000", "--slices", slices, "--fpp", "0.02,0.05,0.08");
    List<Charts.Series> a = new ArrayList<>();
    for (double fpp : new double[] {0.02, 0.05, 0.08}) {
      for (String layout : new String[] {"horizontal", "vertical"}) {
        List<Map<String, Object>> l = where(rows, r -> r.get("filter").equals(layout) && d(r, "fpp") == fpp
            && r.get("distribution").equals("zipf"));
        a.add(points(layout + " P=" + fpp, col(l, "slices"), col(l, "fpr")));
        if (layout.equals("horizontal")) {
          a.add(line("eq. 4 (stream-averaged) P=" + fpp, col(l, "slices"), col(l, "theoryFpr")));
        } else {
          a.add(line("eq. 3 (stream-averaged) P=" + fpp, col(l, "slices"), col(l, "theoryFpr")));
        }
      }
    }
    chart("fig5a-fpr-vs-slices.png", "Fig. 5(a): false positive rate vs slices (Zipf, k = 4)", "slices S",
        "false positive rate", false, a);
    List<Charts.Series> b = new ArrayList<>();
    List<Charts.Series> c = new ArrayList<>();
    for (String dist : new String[] {"zipf", "uniform"}) {
      for (String layout : new String[] {"horizontal", "vertical"}) {
        List<Map<String, Object>> l = where(rows, r -> r.get("filter").equals(layout) && d(r, "fpp") == 0.05
            && r.get("distribution").equals(dist));
        b.add(line(layout + ", " + dist, col(l, "slices"), col(l, "fairness")));
        c.add(line(layout + ", " + dist, col(l, "slices"), col(l, "maxLoadShare")));
      }
    }
    double[] ss = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};
    double[] opt = new double[ss.length];
    for (int i = 0; i < ss.length; i++) {
      opt[i] = 1 / ss[i];
    }
    c.add(points("optimum 1/S", ss, opt));
    chart("fig5b-fairness.png", "Fig. 5(b)/8(a): fairness index of the load vs slices", "slices S", "fairness", false, b);
    chart("fig5c-max-load.png", "Fig. 5(c)/8(c): maximum load share vs slices", "slices S", "max share of requests", true, c);
    Map<String, Object> h128 = where(rows, r -> r.get("filter").equals("horizontal") && d(r, "fpp") == 0.05
        && d(r, "slices") == 512 && r.get("distribution").equals("zipf")).get(0);
    Map<String, Object> v128 = where(rows, r -> r.get("filter").equals("vertical") && d(r, "fpp") == 0.05
        && d(r, "slices") == 512 && r.get("distribution").equals("zipf")).get(0);
    Map<String, Object> v1 = where(rows, r -> r.get("filter").equals("vertical") && d(r, "fpp") == 0.05
        && d(r, "slices") == 1 && r.get("distribution").equals("zipf")).get(0);
    p(String.format(Locale.ROOT, "At P = 0.05 on the Zipf stream (%d distinct keys of 100K events): vertical "
        + "fpr %s at every S (one filter, stream-averaged eq. 3: %s), horizontal %s at S = 512 (about 60 bits "
        + "and 10 keys per slice) vs eq. 4's %s; fairness at S = 512 vertical %s vs horizontal %s; sites "
        + "per lookup (vertical, S = 512) %s in parallel, %s pipelined. The stream is paper-sized (the web "
        + "log had about 4,300 distinct URLs in 100K events), so each rate rests on a few dozen to a few "
        + "hundred false positives.",
        (long) d(v1, "distinct"), f(d(v1, "fpr")), f(d(v1, "theoryFpr")), f(d(h128, "fpr")), f(d(h128, "theoryFpr")), f(d(v128, "fairness")),
        f(d(h128, "fairness")), f(d(v128, "meanSitesPerLookup")), f(d(v128, "meanSitesPipelined"))));
    p("**Reproduced.** (a) Vertical slicing leaves the rate untouched (eq. 3) while the horizontal rate "
        + "drifts above eq. 4 as slices shrink, for the paper's two reasons: the uneven spread of items "
        + "over slices (our tests pin it to the binomial mixture of slice loads) and the tiny range of "
        + "the k hash functions in slices of a few dozen bits (double hashing over 60 positions is "
        + "visibly worse than independent positions). (b, c) On the skewed "
        + "stream the horizontal load follows the key distribution (one slice gets the hottest keys) "
        + "while the vertical load, a sum of k spread copies, stays fairer and closer to 1/S; both are "
        + "fair on the uniform stream (the paper's Fig. 8 synthetic case).");

    // (d) heuristic
    List<Map<String, Object>> hx = new ArrayList<>();
    for (String hashing : new String[] {"double", "mixed"}) {
      hx.addAll(SimRun.run("slices", "--distribution", "uniform", "--universe", "20000", "--length", "100000",
          "--layouts", "vertical", "--slices", "40", "--num-hashes", "8", "--fpp", "0.05", "--failed", "8",
          "--policy", "at-least", "--at-least", "1,2,3,4,5,6,7", "--hashing", hashing));
    }
    List<Charts.Series> dd = new ArrayList<>();
    for (String hashing : new String[] {"double", "mixed"}) {
      List<Map<String, Object>> l = where(hx, r -> r.get("hashing").equals(hashing));
      dd.add(positive("FP measured, " + hashing + " hashing", col(l, "atLeast"), col(l, "fpr"), false));
      dd.add(positive("FN measured, " + hashing + " hashing", col(l, "atLeast"), col(l, "fnr"), false));
      if (hashing.equals("mixed")) {
        dd.add(positive("FP theory (exact binomial)", col(l, "atLeast"), col(l, "theoryFpr"), true));
        dd.add(positive("FN theory (binomial tail)", col(l, "atLeast"), col(l, "theoryFnr"), true));
      }
    }
    double[] xs = {1, 2, 3, 4, 5, 6, 7};
    double[] paperFp = new double[7];
    for (int i = 0; i < 7; i++) {
      paperFp[i] = WindowTheory.verticalAtLeastFppPaper(
          (long) d(hx.get(0), "memoryBits"), (long) d(hx.get(0), "distinct"), 8, 40, 8, i + 1);
    }
    dd.add(line("FP as printed ((1-f/S)p)^x, final n", xs, paperFp));
    chart("fig5d-heuristic.png", "Fig. 5(d): x-of-k heuristic, k = 8, 8 of 40 slices failed", "x", "rate", true, dd);
    StringBuilder t = new StringBuilder("| x | fpr (double) | fnr (double) | fpr (mixed) | fnr (mixed) | FP theory | FN theory |\n|---|---|---|---|---|---|---|\n");
    for (int x = 1; x <= 7; x++) {
      final int xx = x;
      Map<String, Object> dr = where(hx, r -> d(r, "atLeast") == xx && r.get("hashing").equals("double")).get(0);
      Map<String, Object> mr = where(hx, r -> d(r, "atLeast") == xx && r.get("hashing").equals("mixed")).get(0);
      t.append("| ").append(x).append(" | ").append(f(d(dr, "fpr"))).append(" | ").append(f(d(dr, "fnr")))
          .append(" | ").append(f(d(mr, "fpr"))).append(" | ").append(f(d(mr, "fnr"))).append(" | ")
          .append(f(d(mr, "theoryFpr"))).append(" | ").append(f(d(mr, "theoryFnr"))).append(" |\n");
    }
    p(t.toString());
    p("**Reproduced, with a caveat.** As in the paper, x = 3 or 4 keeps both rates low: false positives "
        + "fall and false negatives rise with x. With independent positions (`--hashing mixed`) the "
        + "measured rates follow the exact binomial formulas; the paper's printed ones omit the binomial "
        + "coefficients (FN) and the other alive bits (FP, shown as a line). With the library's double "
        + "hashing (`--hashing double`, the default) the k positions of a key form an arithmetic "
        + "progression, so keys with a small step put all k bits into one or two slices and the false "
        + "negative tail at small x is orders of magnitude above the binomial one: distributed filters "
        + "that rely on failures being independent per bit should use independent positions.");
    figure5Bits(rows);
  }

  /** Fig. 5's load in bits besides requests (One is Enough sec. 2 and 3.1: k log2 m per request). */
  private void figure5Bits(List<Map<String, Object>> rows) throws Exception {
    p("### Figure 5's load in bits (communication cost)");
    p("Each request carries the event's k positions (sec. 2: \"only k log2(m) bits are required\"), "
        + "each in a fixed-width field of ceil(log2 r) bits, the least width that names all r positions: "
        + "r = ceil(m/S) for horizontal slices (positions hashed inside the slice, sec. 3.1's k log2(m/S)), "
        + "r = m for vertical slices (the event's positions in the whole filter; a request to a site "
        + "carries all k, an upper bound: a site needs only those it holds). Same runs as (b, c): Zipf, "
        + "P = 0.05, 100K events, k = 4; requests counted per site, bits = requests x bits per request.");
    StringBuilder t = new StringBuilder("| layout | S | bits per request | requests (all sites) | bits (all sites) "
        + "| max requests on a site | max bits on a site | max load share |\n|---|---|---|---|---|---|---|---|\n");
    List<Charts.Series> c = new ArrayList<>();
    for (String layout : new String[] {"horizontal", "vertical"}) {
      List<Map<String, Object>> l = where(rows, r -> r.get("filter").equals(layout) && d(r, "fpp") == 0.05
          && r.get("distribution").equals("zipf"));
      c.add(line(layout + ", all sites", col(l, "slices"), col(l, "totalBits")));
      double[] maxBits = new double[l.size()];
      for (int i = 0; i < l.size(); i++) {
        Map<String, Object> r = l.get(i);
        long[] req = (long[]) r.get("requests");
        long[] bits = (long[]) r.get("requestBits");
        long maxReq = java.util.Arrays.stream(req).max().getAsLong();
        maxBits[i] = java.util.Arrays.stream(bits).max().getAsLong();
        t.append("| ").append(layout).append(" | ").append((int) d(r, "slices")).append(" | ")
            .append((long) d(r, "bitsPerRequest")).append(" | ").append(f(d(r, "totalRequests"))).append(" | ")
            .append(f(d(r, "totalBits"))).append(" | ").append(f(maxReq)).append(" | ").append(f(maxBits[i]))
            .append(" | ").append(f(d(r, "maxLoadShare"))).append(" |\n");
      }
      c.add(line(layout + ", busiest site", col(l, "slices"), maxBits));
    }
    chart("fig5e-bits.png", "Fig. 5 load in bits: all sites and the busiest site vs slices (Zipf, k = 4)", "slices S",
        "bits", true, c);
    p(t.toString());
    Map<String, Object> h512 = where(rows, r -> r.get("filter").equals("horizontal") && d(r, "fpp") == 0.05
        && d(r, "slices") == 512 && r.get("distribution").equals("zipf")).get(0);
    Map<String, Object> v512 = where(rows, r -> r.get("filter").equals("vertical") && d(r, "fpp") == 0.05
        && d(r, "slices") == 512 && r.get("distribution").equals("zipf")).get(0);
    p("A horizontal lookup is one request whose positions shrink with the slice (log2(m/S) bits each), "
        + "so its total falls with S (" + f(d(h512, "totalBits")) + " bits at S = 512); a vertical lookup "
        + "is one request per distinct site among the k positions, each with k full log2(m)-bit positions, "
        + "so its total grows towards k times the unsliced one (" + f(d(v512, "totalBits")) + " at S = 512). "
        + "In bits the busiest vertical site carries more than the busiest horizontal site at every S > 1 "
        + "(at S = 512: " + f(java.util.Arrays.stream((long[]) v512.get("requestBits")).max().getAsLong())
        + " vs " + f(java.util.Arrays.stream((long[]) h512.get("requestBits")).max().getAsLong())
        + "), although its share of the requests is smaller: the vertical layout's fairer load is paid "
        + "for in messages and bits, the paper's \"higher communication costs\". A vertical request "
        + "carrying only the site's own positions (offsets of log2(m/S) bits) would cut this; the "
        + "simulation counts the full message. The paper gives the per-request formulas, no measured bits.");
  }

  // ---- One is Enough, Figure 7(c): pipelining ----------------------------------------------------

  private void figure7c() throws Exception {
    p("## One is Enough, Figure 7(c): pipelining in vertical filters");
    // uniform streams of 100K events whose distinct share is about 80%, 50% and 20%
    long[] universes = {217_000, 62_700, 20_100};
    List<Map<String, Object>> rows = new ArrayList<>();
    for (long u : universes) {
      rows.addAll(SimRun.run("slices", "--distribution", "uniform", "--universe", String.valueOf(u), "--length",
          "100000", "--layouts", "vertical", "--slices", "8,32,128", "--fpp", "0.05"));
    }
    List<Charts.Series> s = new ArrayList<>();
    for (int sl : new int[] {8, 32, 128}) {
      List<Map<String, Object>> l = where(rows, r -> d(r, "slices") == sl);
      double[] share = new double[l.size()];
      for (int i = 0; i < share.length; i++) {
        share[i] = d(l.get(i), "distinct") / d(l.get(i), "length");
      }
      s.add(line("parallel, S = " + sl, share, col(l, "meanSitesPerLookup")));
      s.add(line("pipelined, S = " + sl, share, col(l, "meanSitesPipelined")));
    }
    chart("fig7c-pipelining.png", "Fig. 7(c): slices contacted per lookup (vertical, k = 4)", "distinct share of the input",
        "slices per lookup", false, s);
    p("**Reproduced.** Pipelining (visiting the k slices in turn and stopping at the first unset bit) "
        + "saves the most when most events are distinct, since a distinct event usually stops at its "
        + "first or second bit; with many duplicates all k bits are set and both cost the same. "
        + "Without pipelining the sites per lookup stay below k = 4 because some positions share a "
        + "slice, more so with few slices.");
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

  // ---- One is Enough, Table 1 and Figure 12: Bloom trees ----------------------------------------

  private void figure12() throws Exception {
    p("## One is Enough, Table 1 and Figure 12: Bloom trees");
    StringBuilder t = new StringBuilder("| locality | level | hits dense | hits sparse | accesses dense | accesses sparse |\n|---|---|---|---|---|---|\n");
    for (String locality : new String[] {"0.5", "0.9"}) {
      List<Map<String, Object>> two = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
          "--length", "100000", "--producers", "256", "--locality", locality, "--levels", "2", "--fpp", "0.05");
      long[] hd = (long[]) two.get(0).get("hitsPerLevel");
      long[] hs = (long[]) two.get(1).get("hitsPerLevel");
      long[] ad = (long[]) two.get(0).get("accessesPerLevel");
      long[] as = (long[]) two.get(1).get("accessesPerLevel");
      for (int j = 0; j < 2; j++) {
        t.append("| ").append(locality).append(" | L").append(j).append(j == 0 ? " (root)" : " (local filters)")
            .append(" | ").append(f(hd[j])).append(" | ").append(f(hs[j])).append(" | ").append(f(ad[j]))
            .append(" | ").append(f(as[j])).append(" |\n");
      }
    }
    p("Table 1 (2 levels: one local filter per producer and the root; 256 producers; each key is sent "
        + "by its home producer with probability `locality`, else by a random one; 100K Zipf events; "
        + "the paper's web log: dense 34K hits at L0 and 49K at L1, sparse 77K and 5K):\n\n" + t);
    List<Map<String, Object>> five = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.9", "--levels", "5", "--fpp", "0.05",
        "--threshold-level", "0,1,2,3,4");
    List<Charts.Series> a = new ArrayList<>();
    List<Charts.Series> b = new ArrayList<>();
    List<Charts.Series> c = new ArrayList<>();
    double[] lv = {1, 2, 3, 4, 5};
    double[] level = {0, 1, 2, 3, 4};
    for (String mode : new String[] {"dense", "sparse"}) {
      Map<String, Object> r = where(five, x -> x.get("filter").equals(mode) && d(x, "thresholdLevel") == 0).get(0);
      a.add(line(mode, lv, toDouble((long[]) r.get("levelsClimbed"))));
      b.add(line(mode, level, toDouble((long[]) r.get("accessesPerLevel"))));
      List<Map<String, Object>> l = where(five, x -> x.get("filter").equals(mode));
      c.add(line(mode, col(l, "thresholdLevel"), col(l, "fpr")));
    }
    chart("fig12a-levels-climbed.png", "Fig. 12(a): levels visited before the answer (5-level tree)", "levels visited", "events", true, a);
    chart("fig12b-accesses.png", "Fig. 12(b): filter accesses per level (0 = root)", "level", "accesses", true, b);
    chart("fig12c-top-down.png", "Fig. 12(c): false positive rate vs top-down threshold level (0 = off)", "threshold level d", "fpr", false, c);
    StringBuilder t2 = new StringBuilder("| mode | d | fpr | flat filter fpr | rejections | accesses per level (root first) |\n|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : five) {
      t2.append("| ").append(r.get("filter")).append(" | ").append((int) d(r, "thresholdLevel")).append(" | ")
          .append(f(d(r, "fpr"))).append(" | ").append(f(d(r, "flatFpr"))).append(" | ").append((long) d(r, "rejections"))
          .append(" | ").append(java.util.Arrays.toString((long[]) r.get("accessesPerLevel"))).append(" |\n");
    }
    p(t2.toString());
    p("**Reproduced.** Dense trees resolve more duplicates at the local filters than sparse trees, "
        + "which resolve most at the root unless each key comes almost always from one producer "
        + "(locality 0.5 gives the paper's picture, 0.9 moves both trees' hits to the leaves); sparse "
        + "trees access every filter twice for distinct events (test, then set), so they make more "
        + "accesses (Table 1). In the 5-level tree the dense tree answers lower down (a) and "
        + "spreads fewer accesses upwards (b). Without top-down testing both trees have exactly the flat "
        + "filter's rate (Propositions 3 and 4, also asserted event by event in the tests); top-down "
        + "testing removes most false positives already at threshold level 1 or 2 and adds no false "
        + "negatives (c), at the price of many more accesses at the levels it explores. The paper's "
        + "hierarchy came from client IPs; ours assigns keys to home producers, so the absolute numbers "
        + "differ.");
    figure12Bits(five);
    figure12RootSlices();
    figure12TopDownRules();
  }

  /** Fig. 12(b)'s accesses in bits: each access a request of k positions of ceil(log2 m) bits. */
  private void figure12Bits(List<Map<String, Object>> five) {
    StringBuilder t = new StringBuilder("| mode | bits per request | accesses per level (root first) | bits per level "
        + "(root first) | bits, all levels |\n|---|---|---|---|---|\n");
    for (Map<String, Object> r : where(five, x -> d(x, "thresholdLevel") == 0)) {
      long[] bits = (long[]) r.get("accessBitsPerLevel");
      t.append("| ").append(r.get("filter")).append(" | ").append((long) d(r, "bitsPerRequest")).append(" | ")
          .append(java.util.Arrays.toString((long[]) r.get("accessesPerLevel"))).append(" | ")
          .append(java.util.Arrays.toString(bits)).append(" | ").append(f(java.util.Arrays.stream(bits).sum()))
          .append(" |\n");
    }
    p("Fig. 12(b) in bits (communication cost, sec. 2: k log2(m) bits per request; every node has the "
        + "same m, so each access, a test, a set or a test-and-set, is one request of k x ceil(log2 m) "
        + "bits; same 5-level runs, no top-down testing):\n\n" + t);
  }

  /** Slicing the root (sec. 6: "slicing the root Bloom filter" against the load on upper levels). */
  private void figure12RootSlices() throws Exception {
    p("### Slicing the root of the Bloom tree");
    String rs = "1,2,4,8,16,32,64";
    List<Map<String, Object>> rows = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.9", "--levels", "5", "--fpp", "0.05",
        "--root-slices", rs);
    List<Charts.Series> c = new ArrayList<>();
    StringBuilder t = new StringBuilder("| mode | R | root accesses | requests to root sites | max requests on a root site "
        + "| max bits on a root site | max load share | fairness | fpr |\n|---|---|---|---|---|---|---|---|---|\n");
    for (String mode : new String[] {"dense", "sparse"}) {
      List<Map<String, Object>> l = where(rows, x -> x.get("filter").equals(mode));
      c.add(line(mode + ": max load share", col(l, "rootSlices"), col(l, "rootMaxLoadShare")));
      for (Map<String, Object> r : l) {
        long[] req = (long[]) r.get("rootRequests");
        long[] bits = (long[]) r.get("rootRequestBits");
        t.append("| ").append(mode).append(" | ").append((int) d(r, "rootSlices")).append(" | ")
            .append(f(((long[]) r.get("accessesPerLevel"))[0])).append(" | ")
            .append(f(java.util.Arrays.stream(req).sum())).append(" | ")
            .append(String.format(Locale.ROOT, "%,d", java.util.Arrays.stream(req).max().getAsLong())).append(" | ")
            .append(f(java.util.Arrays.stream(bits).max().getAsLong())).append(" | ")
            .append(f(d(r, "rootMaxLoadShare"))).append(" | ").append(f(d(r, "rootFairness"))).append(" | ")
            .append(f(d(r, "fpr"))).append(" |\n");
      }
    }
    double[] rr = {1, 2, 4, 8, 16, 32, 64};
    double[] opt = new double[rr.length];
    for (int i = 0; i < rr.length; i++) {
      opt[i] = 1 / rr[i];
    }
    c.add(points("optimum 1/R", rr, opt));
    chart("fig12d-root-slices.png", "Bloom tree, root sliced over R sites: max share of the root's requests on one site",
        "root slices R", "max share of root requests", true, c);
    p("The paper proposes \"slicing the root Bloom filter or the filter of any other overloaded node\" "
        + "(sec. 6) without a figure. `--root-slices R` cuts the root's m bits vertically over R sites "
        + "(the layout of Lemma 1, which keeps the root's bits, so every answer and the fpr column stay "
        + "those of R = 1); each root access becomes one request to every distinct site among the event's "
        + "k = 4 positions. Same 5-level runs as Fig. 12 (Zipf, 256 producers, locality 0.9, P = 0.05, "
        + "seed 1, no top-down testing); bits = requests x " + (long) d(rows.get(0), "bitsPerRequest")
        + " (k x ceil(log2 m), full positions per request).\n\n" + t);
    Map<String, Object> d64 = where(rows, x -> x.get("filter").equals("dense") && d(x, "rootSlices") == 64).get(0);
    Map<String, Object> s64 = where(rows, x -> x.get("filter").equals("sparse") && d(x, "rootSlices") == 64).get(0);
    p("**As the paper suggests, with a price it does not state.** The busiest root site's share follows "
        + "1/R (0.016 at R = 64) closely in the dense tree (" + f(d(d64, "rootMaxLoadShare")) + " at R = 64, "
        + "fairness " + f(d(d64, "rootFairness")) + ") and less closely in the sparse tree ("
        + f(d(s64, "rootMaxLoadShare")) + ", fairness " + f(d(s64, "rootFairness")) + "), whose root also answers the repeated hot Zipf keys "
        + "that dense trees resolve at the leaves, so the same few positions (sites) are requested again and "
        + "again. Each access reaches up to k = 4 sites, so the requests (and bits) to all root sites grow "
        + "towards k times the root's accesses: the vertical cut trades more messages for less load on any "
        + "one site, as vertical slicing does for a flat filter (Fig. 5).");
  }

  /** The paper's top-down rule (distinct, stop) against the climbing rule: false negatives. */
  private void figure12TopDownRules() throws Exception {
    p("### Top-down testing: the paper's rule against the climbing rule");
    List<Map<String, Object>> rows = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.9", "--levels", "5", "--fpp", "0.05",
        "--threshold-level", "0,1,2,3,4", "--top-down", "climb,paper");
    StringBuilder t = new StringBuilder("| mode | d | rule | fpr | false positives | distinct | false negatives "
        + "| duplicates | fnr | stops | accesses |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : rows) {
      t.append("| ").append(r.get("filter")).append(" | ").append((int) d(r, "thresholdLevel")).append(" | ")
          .append(r.get("topDown")).append(" | ").append(f(d(r, "fpr"))).append(" | ")
          .append((long) d(r, "falsePositives")).append(" | ").append((long) d(r, "distinct")).append(" | ")
          .append((long) d(r, "falseNegatives")).append(" | ").append((long) d(r, "duplicates")).append(" | ")
          .append(f(d(r, "fnr"))).append(" | ").append((long) d(r, "topDownStops")).append(" | ")
          .append(f(java.util.Arrays.stream((long[]) r.get("accessesPerLevel")).sum())).append(" |\n");
    }
    p("The paper's heuristic: a hit at level j < d is forwarded down to the other children; \"if all "
        + "the children indicate a miss, then u is considered distinct, the match at i is determined as a "
        + "false positive and the process stops\" (`--top-down paper`). The default `--top-down climb` "
        + "instead goes on up as after a miss. Same 5-level runs as Fig. 12 (100K Zipf events, seed 1; "
        + "d = 0 is without top-down testing, where the rules coincide; `stops` = events the paper's "
        + "rule called distinct at a rejected hit; fnr = false negatives / duplicates, each rate resting on "
        + "the counts beside it).\n\n" + t);
    p("**Differs from the paper, by design.** The paper's rule produces false negatives: a hit at node i "
        + "that the top-down test rejects is a false positive *of i's subtree*, but the event may have been "
        + "delivered elsewhere in the tree, which the root (Definition 5) would have caught; stopping calls "
        + "it distinct. The climbing rule keeps Definition 5's promise and has no false negatives (checked "
        + "event by event against an exact tree in `BloomTreeTest`, which also builds such a loss "
        + "deterministically). At d = 1 the two rules coincide (only root hits are tested, nothing lies "
        + "above); from d = 2 on the paper's rule saves a few dozen accesses for the false negatives in the "
        + "table. With the paper-sized filters above they are rare (at most " + maxFn(rows) + " of "
        + (long) d(rows.get(0), "duplicates") + " duplicates), because a loss "
        + "needs a false positive at a node below the root for a key delivered elsewhere; with locality 0.5 "
        + "(keys sent from random producers half the time) and smaller filters they are many:");
    List<Map<String, Object>> small = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.5", "--levels", "5", "--fpp", "0.2",
        "--threshold-level", "1,2,3,4", "--top-down", "climb,paper");
    small.addAll(SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.5", "--levels", "5", "--fpp", "0.5",
        "--threshold-level", "1,2,3,4", "--top-down", "climb,paper"));
    List<Charts.Series> c = new ArrayList<>();
    for (double fpp : new double[] {0.2, 0.5}) {
      for (String mode : new String[] {"dense", "sparse"}) {
        for (String rule : new String[] {"paper", "climb"}) {
          List<Map<String, Object>> l = where(small, x -> x.get("filter").equals(mode) && d(x, "fpp") == fpp
              && x.get("topDown").equals(rule));
          c.add(line(rule + ", " + mode + ", P = " + fpp, col(l, "thresholdLevel"), col(l, "falseNegatives")));
        }
      }
    }
    StringBuilder t2 = new StringBuilder("| P (node sizing) | mode | d | rule | false positives | false negatives "
        + "| duplicates | stops |\n|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : small) {
      t2.append("| ").append(d(r, "fpp")).append(" | ").append(r.get("filter")).append(" | ")
          .append((int) d(r, "thresholdLevel")).append(" | ").append(r.get("topDown")).append(" | ")
          .append((long) d(r, "falsePositives")).append(" | ").append((long) d(r, "falseNegatives")).append(" | ")
          .append((long) d(r, "duplicates")).append(" | ").append((long) d(r, "topDownStops")).append(" |\n");
    }
    chart("fig12e-top-down-rules.png", "Top-down testing: false negatives per 100K events, paper's rule vs climbing "
        + "(locality 0.5)", "threshold level d", "false negatives", false, c);
    p("Top-down rules with locality 0.5 and nodes sized for P = 0.2 and 0.5 (same stream otherwise, "
        + "100K Zipf events, seed 1; the chart plots the false negatives column):\n\n" + t2);
    p("The climbing rule has no false negative in any row; the paper's rule loses up to " + maxFn(small)
        + " duplicates per 100K events here. The paper reports only the false positive reduction "
        + "(Fig. 12(c)), which both rules achieve to within a few dozen events.");
  }

  static long maxFn(List<Map<String, Object>> rows) {
    long max = 0;
    for (Map<String, Object> r : rows) {
      max = Math.max(max, (long) d(r, "falseNegatives"));
    }
    return max;
  }

  static double[] toDouble(long[] a) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i];
    }
    return d;
  }

  // ---- Icebergs, Figures 5-7 --------------------------------------------------------------------

  private void lcbf() throws Exception {
    p("## Icebergs paper, Figures 5-7: linked counting Bloom filter");
    List<Map<String, Object>> rows = SimRun.run("lcbf", "--ratio", "5,10,15", "--num-hashes", "1,2,3,4,5,6");
    List<Charts.Series> bw = new ArrayList<>();
    List<Charts.Series> hit = new ArrayList<>();
    List<Charts.Series> err = new ArrayList<>();
    List<Charts.Series> exact = new ArrayList<>();
    for (int ratio : new int[] {5, 10, 15}) {
      List<Map<String, Object>> l = where(rows, r -> d(r, "ratio") == ratio);
      double[] k = col(l, "numHashes");
      double[] one = col(l, "bitsOneLayer");
      double[] two = col(l, "bitsTwoLayer");
      double[] arith = col(l, "bitsArithmetic");
      for (int i = 0; i < one.length; i++) {
        one[i] /= 8e6;
        two[i] /= 8e6;
        arith[i] /= 8e6;
      }
      bw.add(line("one layer, m/n = " + ratio, k, one));
      bw.add(line("two layers, m/n = " + ratio, k, two));
      bw.add(line("arithmetic-coded, m/n = " + ratio, k, arith));
      hit.add(line("m/n = " + ratio, k, col(l, "hitRatio")));
      err.add(line("m/n = " + ratio, k, col(l, "errorRate")));
      exact.add(line("m/n = " + ratio, k, col(l, "exactFraction")));
    }
    Map<String, Object> any = rows.get(0);
    double naive = d(any, "naiveBits") / 8e6;
    bw.add(line("naive: every rating to the source, 22 bytes each", new double[] {1, 6}, new double[] {naive, naive}));
    chart("icebergs-fig5-bandwidth.png", "Icebergs Fig. 5: bandwidth per query (MB, all forwards)", "k", "MB per query", false, bw);
    chart("icebergs-fig6-hit-ratio.png", "Icebergs Fig. 6: hit ratio of global icebergs", "k", "hit ratio", false, hit);
    chart("icebergs-fig7-error-rate.png", "Icebergs Fig. 7: error rate", "k", "error rate", false, err);
    chart("icebergs-exact-fraction.png", "Share of items with an exact frequency (everything inserted)", "k", "exact share", false, exact);
    StringBuilder t = new StringBuilder("| m/n | k | MB one layer | MB two layers | MB arithmetic-coded | hit ratio | error rate | exact share | eq. 1 | eq. 2 |\n|---|---|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : rows) {
      t.append("| ").append((int) d(r, "ratio")).append(" | ").append((int) d(r, "numHashes")).append(" | ")
          .append(f(d(r, "bitsOneLayer") / 8e6)).append(" | ").append(f(d(r, "bitsTwoLayer") / 8e6)).append(" | ")
          .append(f(d(r, "bitsArithmetic") / 8e6)).append(" | ")
          .append(f(d(r, "hitRatio"))).append(" | ").append(f(d(r, "errorRate"))).append(" | ")
          .append(f(d(r, "exactFraction"))).append(" | ").append(f(d(r, "errorLowerBound"))).append(" | ")
          .append(f(d(r, "errorUpperBound"))).append(" |\n");
    }
    p(String.format(Locale.ROOT, "Data: %d items (books) with Zipf popularity, %d ratings of 1..10 by %d "
        + "virtual users, iceberg threshold %d on the total rating (%d icebergs), 15-bit values and a link "
        + "bit, %d queries from random sources, each visiting every node once.",
        (long) d(any, "items"), (long) d(any, "ratings"), (long) d(any, "nodes"), (long) d(any, "threshold"),
        (long) d(any, "icebergs"), (long) d(any, "queries")));
    p(t.toString());
    p("This walk is favourable: it visits every node exactly once and stops (no revisits, no routing of the results back to the source, no bits counted for either); the paper's gossip walk is measured in the next section (`simulate gossip`).");
    p("**Fig. 5 reproduced (shape).** The one-layer size hardly depends on k (every entry costs l + 1 "
        + "bits, empty or not) while the two-layer size grows with k and stays below the one-layer "
        + "size: at m/n = 10 the two-layer encoding is a fraction of the one-layer one for small k. The "
        + "paper says the two-layer cost grows \"slightly\" with k; here it grows about linearly (k "
        + "values of l + 1 bits per item, against m first-layer bits), so the gap to the paper is in "
        + "degree, which depends on m/n and l. The absolute bandwidth is per query over all forwards; it is not comparable "
        + "with the paper's wireless multi-hop figures, and above the naive single-hop cost here because "
        + "our walk forwards the filter to every one of the nodes. **Figures 6 and 7 reproduced.** The hit "
        + "ratio rises and the error rate falls with k and m/n; at m/n >= 10 and k > 2 the hit ratio is "
        + "above 99% and the error rate below 0.5%, as the paper states; frequencies are exact for at "
        + "least 99% of items at m/n = 10, k = 3 (section VI; asserted in the tests). Eq. (1) and (2) "
        + "bracket the false-match probability: the share of inexact frequencies (1 - exact share) lies "
        + "between them, close to eq. (2) for k = 1, where equal small counts are common.");
    lcbfArithmetic(rows);
  }

  /** Arithmetic coding of the LCBF (icebergs sec. II): bits per key against the two encodings. */
  private void lcbfArithmetic(List<Map<String, Object>> rows) throws Exception {
    p("### Arithmetic-coded LCBF (section II's remark)");
    StringBuilder t = new StringBuilder("| m/n | k | keys held per forward | bits/key one layer | bits/key two layers "
        + "| bits/key arithmetic-coded | bits/key entropy of the coded symbols | arithmetic / two layers |\n"
        + "|---|---|---|---|---|---|---|---|\n");
    double lo = Double.MAX_VALUE;
    double hi = 0;
    double above = 0;
    for (Map<String, Object> r : rows) {
      double ratio = d(r, "bitsPerKeyArithmetic") / d(r, "bitsPerKeyTwoLayer");
      above = Math.max(above, d(r, "bitsArithmetic") / d(r, "bitsEntropy") - 1);
      lo = Math.min(lo, ratio);
      hi = Math.max(hi, ratio);
      t.append("| ").append((int) d(r, "ratio")).append(" | ").append((int) d(r, "numHashes")).append(" | ")
          .append(f(d(r, "keysHeld") / (d(r, "nodes") - 1))).append(" | ")
          .append(f(d(r, "bitsPerKeyOneLayer"))).append(" | ").append(f(d(r, "bitsPerKeyTwoLayer"))).append(" | ")
          .append(f(d(r, "bitsPerKeyArithmetic"))).append(" | ").append(f(d(r, "bitsPerKeyEntropy"))).append(" | ")
          .append(f(ratio)).append(" |\n");
    }
    p("The filter sent at every forward of the runs above, encoded by `LcbfArithmeticCode` (a range "
        + "coder with static order-0 models of the list lengths, which carry the first layer and the "
        + "link bits, and of the values; the model tables are counted). Bits per key: bits summed over "
        + "the forwards of a query divided by the keys the forwarded filters held, summed the same way; "
        + "the same " + (long) d(rows.get(0), "queries") + " queries (seed 1) as the table above. The "
        + "entropy column is the order-0 empirical entropy of the coded symbols, which the coded body "
        + "cannot beat with these models (the tables come on top).");
    p(t.toString());
    p(String.format(Locale.ROOT, "**Section II's remark measured.** The paper says only that the LCBF "
        + "\"can be compressed effectively with simple compression algorithms like arithmetic coding\"; "
        + "it gives no model and no size, and its Fig. 5 shows the one- and two-layer forms only. Here "
        + "arithmetic coding takes %.2f to %.2f of the two-layer size over these m/n and k: the 15-bit "
        + "values hold totals below the threshold of 200, so they need far fewer bits than l, and the "
        + "list lengths cost less than the m first-layer bits plus a link bit per value. It is at most "
        + "%.1f%% above the symbols' entropy (the tables and the coder's end bytes). The remark holds "
        + "for this data; how much it saves depends on l against the spread of the values.", lo, hi, 100 * above));
  }

  // ---- Icebergs, the gossip walk on a wireless network (sec. III, VI) --------------------------

  private static final String GOSSIP_ARGS = "--nodes 90,280 --range 150 --graphs 4 --queries 5";
  private static final String GOSSIP_RANGE_ARGS =
      "--nodes 90 --range 100,125,150,175,200,250 --ratio 10 --num-hashes 3 --graphs 4 --queries 5";

  static Map<String, Object> at(List<Map<String, Object>> rows, int nodes, int ratio, int k) {
    for (Map<String, Object> r : rows) {
      if (d(r, "nodes") == nodes && d(r, "ratio") == ratio && d(r, "numHashes") == k) {
        return r;
      }
    }
    throw new IllegalStateException("no row " + nodes + " " + ratio + " " + k);
  }

  private void gossip() throws Exception {
    p("## Icebergs paper, sec. III and VI: the gossip walk on a wireless network");
    List<Map<String, Object>> rows = SimRun.run("gossip", GOSSIP_ARGS.split(" "));
    List<Map<String, Object>> range = SimRun.run("gossip", GOSSIP_RANGE_ARGS.split(" "));
    List<Map<String, Object>> once = new ArrayList<>();
    for (int nodes : new int[] {90, 280}) {
      once.addAll(SimRun.run("lcbf", "--nodes", String.valueOf(nodes), "--queries", "20"));
    }
    p("`simulate gossip` runs the paper's algorithm in its own setting (section VI): users placed "
        + "uniformly in a 1000 m x 500 m rectangle, one radio range of 150 m, links between users in "
        + "range. The source builds the filter, then the filter goes to a random neighbour; a node adds "
        + "its data on its first receipt only, reports its local icebergs and any item whose value "
        + "reaches T (removing it), and forwards the filter to a random neighbour it has not yet sent "
        + "this filter to; a node that has sent to all its neighbours stops the walk (the paper's "
        + "termination rule, at most d N transmissions). That rule can only stop the walk at the "
        + "source and need not reach every node. Each report travels back to the source over a "
        + "shortest path (breadth-first hop count), 22 bytes per hop (the paper's record size); each "
        + "filter transmission is one hop and costs the two-layer encoding's m + (l + 1) values bits. "
        + "A disconnected placement is redrawn (the paper does not say what it did). The data are "
        + "`simulate lcbf`'s for the same number of nodes (same ratings, icebergs and threshold 200), "
        + "so the favourable walk (`simulate lcbf`: every node once, nothing else sent) is compared on "
        + "the same data. Interpretations in `GossipSimulation`'s class comment.");
    Map<String, Object> a90 = at(rows, 90, 10, 3);
    Map<String, Object> a280 = at(rows, 280, 10, 3);
    p(String.format(Locale.ROOT, "The paper's density (\"around 10\" neighbours at 150 m) needs about 90 "
        + "users in its rectangle (measured: %.1f neighbours on average at 90 nodes); its 280 virtual "
        + "users (279 on the data, `simulate lcbf`'s default) have %.1f at 150 m. Both are run. "
        + "Commands: `scripts/bloomkit simulate gossip %s` (%d queries per node count: %d connected "
        + "graphs drawn, 5 random sources each, seed 1; the walks are shared by all (m/n, k)), "
        + "`scripts/bloomkit simulate gossip %s` and `scripts/bloomkit simulate lcbf --nodes N --queries 20` "
        + "for N = 90 and 280 (seed 1). Rates per query against the exact icebergs (%d), averaged over "
        + "the queries; bits per node = (filter transmissions + result messages) / nodes, per query.",
        d(a90, "avgDegree"), d(a280, "avgDegree"), GOSSIP_ARGS, (long) d(a90, "queries"),
        (long) d(a90, "graphs"), GOSSIP_RANGE_ARGS, (long) d(a90, "icebergs")));
    StringBuilder t = new StringBuilder("| nodes | degree | m/n | k | steps | step bound d N | coverage | hit ratio "
        + "| error rate | MB filter | MB results | bits per node | once: hit ratio | once: error rate "
        + "| once: bits per node |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : rows) {
      int nodes = (int) d(r, "nodes");
      Map<String, Object> o = at(once, nodes, (int) d(r, "ratio"), (int) d(r, "numHashes"));
      t.append("| ").append(nodes).append(" | ").append(String.format(Locale.ROOT, "%.1f", d(r, "avgDegree")))
          .append(" | ").append((int) d(r, "ratio")).append(" | ").append((int) d(r, "numHashes")).append(" | ")
          .append(f(d(r, "steps"))).append(" | ").append(f(d(r, "stepBound"))).append(" | ")
          .append(f(d(r, "coverage"))).append(" | ").append(f(d(r, "hitRatio"))).append(" | ")
          .append(f(d(r, "errorRate"))).append(" | ").append(f(d(r, "bitsTwoLayer") / 8e6)).append(" | ")
          .append(f(d(r, "routingBits") / 8e6)).append(" | ").append(f(d(r, "bitsPerNode"))).append(" | ")
          .append(f(d(o, "hitRatio"))).append(" | ").append(f(d(o, "errorRate"))).append(" | ")
          .append(f(d(o, "bitsTwoLayer") / nodes)).append(" |\n");
    }
    p(t.toString());
    p("`steps`: filter transmissions per query; `coverage`: share of nodes whose data entered the "
        + "filter; `MB filter` / `MB results`: two-layer filter transmissions / result messages per "
        + "query; `once`: `simulate lcbf`'s walk on the same data (its bits: the two-layer transmissions "
        + "alone, divided by the nodes).");
    gossipCharts(rows, once, range);
    gossipVerdict(rows, once, range);
  }

  private void gossipCharts(List<Map<String, Object>> rows, List<Map<String, Object>> once,
      List<Map<String, Object>> range) throws IOException {
    List<Charts.Series> hit = new ArrayList<>();
    List<Charts.Series> err = new ArrayList<>();
    List<Charts.Series> bits = new ArrayList<>();
    int c = 0;
    for (int ratio : new int[] {5, 10, 15}) {
      List<Map<String, Object>> g = where(rows, r -> d(r, "nodes") == 90 && d(r, "ratio") == ratio);
      List<Map<String, Object>> o = where(once, r -> d(r, "nodes") == 90 && d(r, "ratio") == ratio);
      double[] k = col(g, "numHashes");
      java.awt.Color colour = Charts.palette(c++);
      hit.add(line("gossip, m/n = " + ratio, k, col(g, "hitRatio")).color(colour));
      hit.add(points("once (favourable), m/n = " + ratio, col(o, "numHashes"), col(o, "hitRatio")).color(colour));
      err.add(line("gossip, m/n = " + ratio, k, col(g, "errorRate")).color(colour));
      err.add(points("once (favourable), m/n = " + ratio, col(o, "numHashes"), col(o, "errorRate")).color(colour));
      double[] ob = col(o, "bitsTwoLayer");
      for (int i = 0; i < ob.length; i++) {
        ob[i] /= 90;
      }
      bits.add(line("gossip, m/n = " + ratio, k, col(g, "bitsPerNode")).color(colour));
      bits.add(points("once (favourable), m/n = " + ratio, col(o, "numHashes"), ob).color(colour));
    }
    Map<String, Object> any = at(rows, 90, 10, 3);
    double naive = d(any, "naiveBits") / 90;
    double routed = d(any, "naiveRoutedBits") / 90;
    bits.add(line("naive, one hop (paper's estimate)", new double[] {1, 6}, new double[] {naive, naive}).color(Charts.palette(6)));
    bits.add(line("naive, over the hops", new double[] {1, 6}, new double[] {routed, routed}).color(Charts.palette(7)));
    chart("icebergs-gossip-hit-ratio.png", "Icebergs Fig. 6 on the wireless graph: hit ratio, 90 nodes, 150 m",
        "k", "hit ratio", false, hit);
    chart("icebergs-gossip-error-rate.png", "Icebergs Fig. 7 on the wireless graph: error rate, 90 nodes, 150 m",
        "k", "error rate", false, err);
    chart("icebergs-gossip-bits-per-node.png", "Icebergs Fig. 5 on the wireless graph: bits sent per node per query, 90 nodes",
        "k", "bits per node", true, bits);
    double[] x = col(range, "range");
    chart("icebergs-gossip-range.png", "Gossip walk vs radio range: 90 nodes, m/n = 10, k = 3", "radio range (m)",
        "share", false, List.of(line("coverage (nodes reached)", x, col(range, "coverage")),
            line("hit ratio", x, col(range, "hitRatio")),
            line("steps / (d N)", x, ratio(col(range, "steps"), col(range, "stepBound")))));
    StringBuilder t = new StringBuilder("| range (m) | degree | graphs drawn | steps | coverage | hit ratio | error rate | bits per node |\n|---|---|---|---|---|---|---|---|\n");
    for (Map<String, Object> r : range) {
      t.append("| ").append(f(d(r, "range"))).append(" | ").append(String.format(Locale.ROOT, "%.1f", d(r, "avgDegree")))
          .append(" | ").append((long) d(r, "graphSamples")).append(" | ").append(f(d(r, "steps"))).append(" | ")
          .append(f(d(r, "coverage"))).append(" | ").append(f(d(r, "hitRatio"))).append(" | ")
          .append(f(d(r, "errorRate"))).append(" | ").append(f(d(r, "bitsPerNode"))).append(" |\n");
    }
    p("Radio range at 90 nodes (m/n = 10, k = 3; `graphs drawn`: placements drawn to get 4 connected ones):");
    p(t.toString());
  }

  static double[] ratio(double[] a, double[] b) {
    double[] r = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      r[i] = a[i] / b[i];
    }
    return r;
  }

  private void gossipVerdict(List<Map<String, Object>> rows, List<Map<String, Object>> once,
      List<Map<String, Object>> range) {
    Map<String, Object> g90 = at(rows, 90, 10, 3);
    Map<String, Object> o90 = at(once, 90, 10, 3);
    Map<String, Object> g280 = at(rows, 280, 10, 3);
    Map<String, Object> o280 = at(once, 280, 10, 3);
    double minCoverage = 1;
    for (Map<String, Object> r : rows) {
      minCoverage = Math.min(minCoverage, d(r, "coverage"));
    }
    Map<String, Object> full = null;
    for (Map<String, Object> r : range) {
      if (full == null && d(r, "hitRatio") >= 0.99) {
        full = r;
      }
    }
    double filterBits = d(g90, "entries") + (d(g90, "valueBits") + 1) * 3 * d(g90, "items");
    p(String.format(Locale.ROOT, "**Verdict.** The paper states a hit ratio above 99%% and an error rate "
        + "below 0.5%% at m/n >= 10 and k > 2 (Figs. 6, 7), and at least 5 MB per query for the naive "
        + "method, with the two-layer filter \"significantly\" cheaper (Fig. 5); its plotted values did "
        + "not survive the text extraction. **Hit ratio: not reproduced at the paper's density.** On the "
        + "wireless graph at 90 nodes (%.1f neighbours) the gossip walk at m/n = 10, k = 3 reaches %.1f%% "
        + "of the nodes (mean over %d queries) and its hit ratio is %s, against %s for the favourable walk "
        + "on the same data. The shortfall is the nodes the walk never reaches (the termination rule ends "
        + "the walk at the source once the source has sent to all its neighbours, whatever is left), not "
        + "the filter: the error rate is %s (favourable: %s), and at k = 1 the error rates of the two "
        + "walks agree within the queries' spread (table). %s At 280 nodes (%.1f neighbours) the walk "
        + "reaches %.1f%% of the nodes and the hit ratio is %s (favourable %s), error rate %s: there the "
        + "paper's Figs. 6 and 7 hold. **Bandwidth: not reproduced, and the favourable walk hides it.** "
        + "The gossip walk transmits the filter %.0f times per query at 90 nodes (%.0f%% of the d N bound, "
        + "%.1f per node) and %.0f times at 280 nodes (%.1f per node), against N - 1 = 89 and 279 for the "
        + "favourable walk. With the results routed back that is %s bits per node per query at 90 nodes "
        + "(%.1f MB in all) and %s at 280 (%.1f MB), against %s and %s for the favourable walk (%.1f and "
        + "%.1f MB) and %s bits per node for the naive method over one hop (%.1f MB; %s bits per node "
        + "carried over the hops). The favourable walk is %s the one-hop naive cost at 90 nodes and %s "
        + "it at 280; the walk the paper specifies is %.1f times the one-hop naive cost at 90 nodes "
        + "and %.1f times at 280: a two-layer filter of m/n = 10, k = 3 holds up to m + 16 k n = %s bits "
        + "and the walk carries it about d times per node. Result routing is small (%.2f MB per query at "
        + "90 nodes). Lowest coverage in the main table: %.3f.",
        d(g90, "avgDegree"), 100 * d(g90, "coverage"), (long) d(g90, "queries"), f(d(g90, "hitRatio")),
        f(d(o90, "hitRatio")), f(d(g90, "errorRate")), f(d(o90, "errorRate")),
        full == null ? "No range in the sweep brought the hit ratio to 0.99."
            : String.format(Locale.ROOT, "In the radio-range sweep the hit ratio first reaches 0.99 at %.0f m "
                + "(%.1f neighbours, coverage %s).", d(full, "range"), d(full, "avgDegree"), f(d(full, "coverage"))),
        d(g280, "avgDegree"), 100 * d(g280, "coverage"), f(d(g280, "hitRatio")), f(d(o280, "hitRatio")),
        f(d(g280, "errorRate")), d(g90, "steps"), 100 * d(g90, "steps") / d(g90, "stepBound"), d(g90, "steps") / 90,
        d(g280, "steps"), d(g280, "steps") / 280, f(d(g90, "bitsPerNode")), d(g90, "bitsPerNode") * 90 / 8e6,
        f(d(g280, "bitsPerNode")), d(g280, "bitsPerNode") * 280 / 8e6, f(d(o90, "bitsTwoLayer") / 90),
        f(d(o280, "bitsTwoLayer") / 280), d(o90, "bitsTwoLayer") / 8e6, d(o280, "bitsTwoLayer") / 8e6,
        f(d(g90, "naiveBits") / 90), d(g90, "naiveBits") / 8e6, f(d(g90, "naiveRoutedBits") / 90),
        d(o90, "bitsTwoLayer") < d(g90, "naiveBits") ? "below" : "above",
        d(o280, "bitsTwoLayer") < d(g280, "naiveBits") ? "below" : "above",
        d(g90, "bitsPerNode") * 90 / d(g90, "naiveBits"), d(g280, "bitsPerNode") * 280 / d(g280, "naiveBits"),
        f(filterBits), d(g90, "routingBits") / 8e6, minCoverage));
  }
}
