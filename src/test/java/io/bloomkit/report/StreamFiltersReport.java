package io.bloomkit.report;

import io.bloomkit.stable.RsbfTheory;
import io.bloomkit.stable.StableTheory;
import io.bloomkit.stable.ImportanceMap;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code docs/results/stream-filters.md} and its plots: RSBF vs SBF (RSBF paper Tables 2-5
 * at reduced size, FPR and FNR against stream length of Figs. 2-5 and 8, convergence of Figs. 6-7,
 * Theorem 5.1), IBF vs SBF vs BF (IBF paper Table II
 * metrics, I_fp / I_fn of Figs. 10-17, Fig. 18's zero cells). Every number comes from {@code
 * simulate dedup} runs made here. Usage: {@code StreamFiltersReport OUT_DIR NOTE [--quick]}.
 */
public final class StreamFiltersReport {
  private StreamFiltersReport() {}

  static boolean quick;
  static final StringBuilder md = new StringBuilder();
  static Path out;
  static long simMillis;

  static Map<String, Object> sim(String... args) {
    long t = System.nanoTime();
    Map<String, Object> r = SimRun.run("dedup", args).get(0);
    simMillis += (System.nanoTime() - t) / 1_000_000;
    return r;
  }

  static double d(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  static long l(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).longValue();
  }

  static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  static void p(String s) {
    md.append(s).append('\n');
  }

  /** Percent with 2 decimals, or 3 significant digits below 0.1%. */
  static String pct(double x) {
    double v = 100 * x;
    if (v == 0) {
      return "0";
    }
    return Math.abs(v) < 0.1 ? f("%.3g", v) : f("%.2f", v);
  }

  /** The universe U at which N uniform draws have {@code share} distinct: U(1 - e^(-N/U)) = share N. */
  static long universeFor(long n, double share) {
    double lo = 1;
    double hi = 1e13;
    for (int i = 0; i < 200; i++) {
      double u = Math.sqrt(lo * hi);
      double s = u * -Math.expm1(-n / u) / n;
      if (s < share) {
        lo = u;
      } else {
        hi = u;
      }
    }
    return Math.round(Math.sqrt(lo * hi));
  }

  public static void main(String[] args) throws IOException {
    out = Paths.get(args.length > 0 ? args[0] : "docs/results");
    String note = args.length > 1 ? args[1] : "";
    quick = Arrays.asList(args).contains("--quick");
    Files.createDirectories(out.resolve("stream-filters"));
    long start = System.nanoTime();
    p("# Stream duplicate detection: SBF, RSBF, IBF");
    p("");
    p("Filters of `io.bloomkit.stable` (`StreamFilters`) run by `simulate dedup` against an exact oracle "
        + "(the set of keys seen): a false positive (FP) is a distinct arrival reported duplicate, a false "
        + "negative (FN) a duplicate arrival reported distinct; FPR = FP / distinct arrivals, FNR = FN / "
        + "duplicate arrivals. Papers: RSBF — Dutta, Bhattacharjee, Narang, EDBT 2012 (with SBF, Deng and "
        + "Rafiei 2006, as baseline); IBF — Boraskar, Gabale, Kulkarni, Kulkarni (section II.B describes SBF).");
    p("");
    p(note);
    p("");
    p("Command for one run (one JSON line): `scripts/bloomkit simulate dedup --filter bf|sbf|rsbf|ibf-2c|ibf-2c-alg1|ibf-mc|ibf-h "
        + "--memory-bits B --stream zipf|uniform|importance --length N --universe U [--alpha A] [--seed S] "
        + "[--num-hashes K] [--max M] [--decrements P] [--fpr-target T] [--threshold p*] [--importance-min X] "
        + "[--importance-max Y] [--repeat R] [--occurrence uniform|proportional|inverse] [--trace-every R]`.");
    p("");
    p("**Interpretations** (each written in the class comment): RSBF follows the prose of section 4 where "
        + "Algorithm 1's pseudo-code disagrees — the first s elements are inserted without resets; later ones with "
        + "probability s/i, or always when s/i < p* and the element is reported distinct; an insertion resets one "
        + "uniformly chosen bit per filter and then sets the element's bit (the order and choice Theorem 5.1's "
        + "transition probabilities imply). SBF and IBF decrement P distinct random cells (probability exactly P/m "
        + "per cell, the chains' p). IBF-2C raises a cell to floor(M/2) or M (`max(cell, value)`), the chain its "
        + "Theorem III.1 balances; the paper's prose says \"set\" and its pseudo-code sets cells at or above M/2 to M. "
        + "IBF-H picks each of its P decrements among non-zero cells with probability proportional to 1/value.");
    p("");
    rsbfSection();
    rsbfFigures();
    ibfSection();
    p("");
    p(f("_Simulations took %.0f s; the whole report %.0f s._", simMillis / 1000.0,
        (System.nanoTime() - start) / 1e9));
    Files.write(out.resolve("stream-filters.md"), md.toString().getBytes(StandardCharsets.UTF_8));
  }

  // ---- RSBF vs SBF -------------------------------------------------------------------------

  /** One table of the RSBF paper: name, length, distinct share, memory, paper values (%). */
  static final class PaperTable {
    final String name;
    final long paperLength;
    final double distinct;
    final long[] memory;
    final double[][] values; // per memory: SBF FNR, RSBF FNR, SBF FPR, RSBF FPR (percent)

    PaperTable(String name, long paperLength, double distinct, long[] memory, double[][] values) {
      this.name = name;
      this.paperLength = paperLength;
      this.distinct = distinct;
      this.memory = memory;
      this.values = values;
    }
  }

  static final PaperTable[] TABLES = {
    new PaperTable("Table 2", 100_000, 0.76, new long[] {16384, 65536, 4194304},
        new double[][] {{85.06, 84.49, 10.05, 11.22}, {74.37, 74.85, 8.093, 8.384}, {5.51, 6.29, 0.00382, 0.00263}}),
    new PaperTable("Table 3", 10_000_000, 0.49, new long[] {16384, 262144, 4194304},
        new double[][] {{88.83, 87.52, 11.08, 12.464}, {88.11, 86.89, 10.86, 12.12}, {77.33, 77.73, 7.822, 7.914}}),
    new PaperTable("Table 4", 695_000_000, 0.15, new long[] {262144, 67108864, 1073741824L, 4294967296L},
        new double[][] {{88.86, 87.47, 12.51, 11.1}, {82.48, 58.2818, 8.3, 8.4}, {37.79, 23.12, 0.742, 0.89}, {12.94, 7.37, 0.069, 0.072}}),
    new PaperTable("Table 5", 1_000_000_000, 0.10, new long[] {67108864, 1073741824L, 4294967296L},
        new double[][] {{82.58, 67.66, 8.262, 10.262}, {38.17, 23.47, 0.7, 0.83}, {13.163, 7.53, 0.0634, 0.0664}}),
  };

  static void rsbfSection() throws IOException {
    double fprT = 0.1;
    int k = RsbfTheory.numHashes(fprT);
    int sbfMax = 3;
    p("## RSBF vs SBF at equal memory (RSBF paper, Tables 2-5, Figs. 6-7)");
    p("");
    p(f("**Parameters.** RSBF: FPR_t = %s (the paper's experiments), so by section 5.4 k = round((1 + "
        + "ln FPR_t / ln(1 - 1/e)) / 2) = round((1 + %.3f) / 2) = %d filters of s = M/k bits, p* = %s. "
        + "SBF (the paper does not give its settings): Max = %d (d = 2 bits per cell), K = %d hashes "
        + "(RSBF's k), P chosen by `StableTheory.sbfDecrementsForFpp` so that its stable FPR bound (1 - V0)^K is "
        + "FPR_t as well; m = M/2 cells. Streams: keys uniform over a universe U solved so that the expected "
        + "distinct share is the table's (`U(1 - e^(-N/U)) = share * N`); the paper's synthetic data is "
        + "described only as \"random\". Lengths are cut so every table runs in about a minute here; memory is "
        + "scaled by the same factor, so bits per distinct element are the paper's.",
        fprT, RsbfTheory.hashesForFpp(fprT), k, 0.03, sbfMax, k));
    p("");
    List<String> sbfRows = new ArrayList<>();
    int rsbfBetterFnr = 0;
    int rsbfFnrRows = 0;
    int rsbfZeroFnr = 0;
    double bestRatio = 0;
    String bestWhere = "";
    double worstFprGap = 0;
    String worstFprWhere = "";
    for (PaperTable t : TABLES) {
      long n = quick ? Math.min(t.paperLength, 200_000) : Math.min(t.paperLength, t.paperLength >= 100_000_000 ? 2_000_000 : 1_000_000);
      if (t.paperLength <= 100_000) {
        n = t.paperLength;
      }
      double scale = (double) n / t.paperLength;
      long u = universeFor(n, t.distinct);
      p(f("### %s: %,d elements, %.0f%% distinct (paper: %,d elements)", t.name, n, 100 * t.distinct, t.paperLength));
      p("");
      p(f("Universe U = %,d; memory scaled by %s.", u, scale == 1 ? "1 (paper size)" : f("%.3g", scale)));
      p("");
      p("| paper space (bits) | our space (bits) | bits/distinct | distinct % | SBF FNR % (paper) | RSBF FNR % (paper) | SBF FPR % (paper) | RSBF FPR % (paper) | SBF P |");
      p("|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (int i = 0; i < t.memory.length; i++) {
        long mem = Math.max(64, Math.round(t.memory[i] * scale));
        String[] common = {"--memory-bits", Long.toString(mem), "--stream", "uniform", "--universe",
          Long.toString(u), "--length", Long.toString(n), "--seed", "1", "--fpr-target", Double.toString(fprT)};
        Map<String, Object> sbf = sim(concat(common, "--filter", "sbf", "--max", Integer.toString(sbfMax),
            "--num-hashes", Integer.toString(k)));
        Map<String, Object> rsbf = sim(concat(common, "--filter", "rsbf"));
        double[] pv = t.values[i];
        double distinctShare = (double) l(sbf, "distinct") / n;
        p(f("| %,d | %,d | %.3g | %.1f | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %d |", t.memory[i], mem,
            (double) mem / l(sbf, "distinct"), 100 * distinctShare,
            pct(d(sbf, "fnr")), pv[0], pct(d(rsbf, "fnr")), pv[1], pct(d(sbf, "fpr")), pv[2],
            pct(d(rsbf, "fpr")), pv[3], l(sbf, "decrements")));
        if (d(sbf, "fnr") > 0.01) {
          rsbfFnrRows++;
          if (d(rsbf, "fnr") < d(sbf, "fnr")) {
            rsbfBetterFnr++;
          }
          if (d(rsbf, "fnr") == 0) {
            rsbfZeroFnr++;
          } else {
            double ratio = d(sbf, "fnr") / d(rsbf, "fnr");
            if (ratio > bestRatio) {
              bestRatio = ratio;
              bestWhere = f("%s at %,d paper bits", t.name, t.memory[i]);
            }
          }
        }
        double gap = d(rsbf, "fpr") - d(sbf, "fpr");
        if ((double) mem / l(sbf, "distinct") >= 0.5 && gap > worstFprGapRoomy) {
          worstFprGapRoomy = gap;
          worstFprWhereRoomy = f("%s at %,d paper bits: %s%% vs %s%%", t.name, t.memory[i], pct(d(rsbf, "fpr")),
              pct(d(sbf, "fpr")));
        }
        if (gap > worstFprGap) {
          worstFprGap = gap;
          worstFprWhere = f("%s at %,d paper bits: %s%% vs %s%%", t.name, t.memory[i], pct(d(rsbf, "fpr")),
              pct(d(sbf, "fpr")));
        }
        if (n <= l(rsbf, "filterBits")) {
          shortStreamRows.add(f("%s at %,d bits: %s%% (paper %s%%; s = %,d >= %,d elements)", t.name, t.memory[i],
              pct(d(rsbf, "fnr")), pv[1], l(rsbf, "filterBits"), n));
          shortStreamAllZero &= d(rsbf, "fnr") == 0;
        }
        sbfRows.add(f("%s/%d: SBF %s/%s RSBF %s/%s", t.name, mem, pct(d(sbf, "fnr")), pct(d(sbf, "fpr")),
            pct(d(rsbf, "fnr")), pct(d(rsbf, "fpr"))));
      }
      p("");
    }
    p(f("Across the %d rows where SBF's FNR is above 1%%, RSBF has the lower FNR in %d; in %d of them "
        + "RSBF has no false negative at all (the stream is shorter than s, so RSBF never resets a bit); among "
        + "the others the largest SBF/RSBF FNR ratio is %.2fx (%s). RSBF's FPR exceeds SBF's by at most %.2f "
        + "percentage points (%s).", rsbfFnrRows, rsbfBetterFnr, rsbfZeroFnr, bestRatio, bestWhere,
        100 * worstFprGap, worstFprWhere));
    p("");
    claims.add(new String[] {"RSBF has lower FNR than SBF at equal memory, \"up to 2x\" (abstract, Tables 4-5)",
        rsbfBetterFnr == rsbfFnrRows ? "reproduced" : "partly",
        f("lower in %d of %d rows; largest finite ratio %.2fx (%s)", rsbfBetterFnr, rsbfFnrRows, bestRatio, bestWhere)});
    claims.add(new String[] {"FPR comparable, \"sometimes higher by a small margin\" (section 6.2)",
        worstFprGap < 0.03 ? "reproduced"
            : worstFprGapRoomy < 0.03 ? "reproduced from 0.5 bits per distinct element up; not below" : "not reproduced",
        f("largest excess of RSBF over SBF %.2f percentage points (%s); with at least 0.5 bits per distinct "
            + "element %.2f points (%s)", 100 * worstFprGap, worstFprWhere, 100 * worstFprGapRoomy, worstFprWhereRoomy)});
    claims.add(new String[] {"RSBF FNR of 6-8% at the largest memories (Table 2 at 4.2M bits, Tables 4-5 at 4.3G bits)",
        shortStreamAllZero ? "not reproduced (by the algorithm)" : "reproduced",
        String.join("; ", shortStreamRows) + ": the stream never exceeds s (nor does the paper's: 100K < 1.4M, "
            + "695M and 1G < 1.43G), so every element is inserted and no bit is reset; the paper's own section 6.1 "
            + "says RSBF incurs no FN up to that point"});
    convergence(k, sbfMax, fprT);
    rsbfTheory(k);
    p("### RSBF paper claims");
    p("");
    p("| claim | verdict | measured here |");
    p("|---|---|---|");
    for (String[] c : claims) {
      p("| " + c[0] + " | " + c[1] + " | " + c[2] + " |");
    }
    p("");
  }

  static final List<String[]> claims = new ArrayList<>();
  static double worstFprGapRoomy;
  static String worstFprWhereRoomy = "";
  static final List<String> shortStreamRows = new ArrayList<>();
  static boolean shortStreamAllZero = true;

  static String[] concat(String[] a, String... b) {
    String[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  static void convergence(int k, int sbfMax, double fprT) throws IOException {
    long n = quick ? 600_000 : 3_000_000;
    long u = 1_000_000;
    p(f("### Convergence (Figs. 6-7): change in the number of ones per 1,000 records"));
    p("");
    p(f("Zipf stream (alpha = 1, U = %,d keys, %,d records; the paper's real data set is a 3M-record "
        + "clickstream), 2 KB and 4 KB as in Fig. 6. For SBF a \"one\" is a non-zero cell. \"Stable from\" is "
        + "the first record after which the number of ones never again leaves the band of +-2%% of the state "
        + "around its mean over the last half of the stream.", u, n));
    p("");
    p("| memory | filter | ones at 10% of the stream | at 50% | at the end | stable from record | mean abs change per 1K records (last half) |");
    p("|---|---|---:|---:|---:|---:|---:|");
    for (long mem : new long[] {16384, 32768}) {
      List<Charts.Series> series = new ArrayList<>();
      for (String filter : new String[] {"rsbf", "sbf"}) {
        List<String> a = new ArrayList<>(Arrays.asList("--filter", filter, "--memory-bits", Long.toString(mem),
            "--stream", "zipf", "--alpha", "1.0", "--universe", Long.toString(u), "--length", Long.toString(n),
            "--seed", "2", "--fpr-target", Double.toString(fprT), "--trace-every", "1000"));
        if (filter.equals("sbf")) {
          a.addAll(Arrays.asList("--max", Integer.toString(sbfMax), "--num-hashes", Integer.toString(k)));
        }
        Map<String, Object> r = sim(a.toArray(new String[0]));
        double[] x = (double[]) r.get("traceRecords");
        double[] y = (double[]) r.get("traceNonZero");
        double[] dx = Arrays.copyOfRange(x, 1, x.length);
        double[] dy = new double[x.length - 1];
        for (int i = 1; i < x.length; i++) {
          dy[i - 1] = y[i] - y[i - 1];
        }
        series.add(new Charts.Series(filter.toUpperCase(Locale.ROOT), dx, dy, true));
        double cells = filter.equals("sbf") ? d(r, "cells") : d(r, "memoryBits");
        int half = y.length / 2;
        double mean = 0;
        double absd = 0;
        for (int i = half; i < y.length; i++) {
          mean += y[i];
          if (i > half) {
            absd += Math.abs(y[i] - y[i - 1]);
          }
        }
        mean /= y.length - half;
        absd /= y.length - half - 1;
        double band = 0.02 * cells;
        int last = -1;
        for (int i = 0; i < y.length; i++) {
          if (Math.abs(y[i] - mean) > band) {
            last = i;
          }
        }
        String stable = last + 1 >= y.length ? "never" : f("%,.0f", x[last + 1]);
        stableFrom.put(filter + mem, last + 1 >= y.length ? Double.NaN : x[last + 1]);
        meanAbs.put(filter + mem, absd / cells);
        p(f("| %d KB | %s | %,.0f | %,.0f | %,.0f | %s | %.2f |", mem / 8192, filter, y[y.length / 10 - 1],
            y[y.length / 2 - 1], y[y.length - 1], stable, absd));
      }
      Charts.xy(out.resolve(f("stream-filters/convergence-%dkb.png", mem / 8192)),
          f("Change in the number of ones per 1K records, %d KB (cf. RSBF paper Fig. 6)", mem / 8192),
          "records", "change in ones (non-zero cells for SBF)", false, series);
    }
    p("");
    p("![convergence 2 KB](stream-filters/convergence-2kb.png)");
    p("![convergence 4 KB](stream-filters/convergence-4kb.png)");
    p("");
    double switch2 = RsbfTheory.filterBits(16384, k) / 0.03;
    double switch4 = RsbfTheory.filterBits(32768, k) / 0.03;
    p(f("RSBF's ones move twice: they drift down after the fill while reservoir sampling inserts ever fewer "
        + "elements, then rise to a new level once the insertion probability s/i drops below p* and every element "
        + "reported distinct is inserted, at record s/p* = %,.0f (2 KB) and %,.0f (4 KB); the paper's Fig. 6 shows "
        + "RSBF stable at about 500K and 1.5M records. SBF reaches its stable point within a few thousand "
        + "records at these sizes (a cell set to Max = %d is decremented with probability P/m per record) and then "
        + "fluctuates around it: per 1,000 records its count moves by %.2f%% (2 KB) and %.2f%% (4 KB) of its cells "
        + "against RSBF's %.2f%% and %.2f%% of its bits.", switch2, switch4, sbfMax,
        100 * meanAbs.get("sbf16384"), 100 * meanAbs.get("sbf32768"), 100 * meanAbs.get("rsbf16384"),
        100 * meanAbs.get("rsbf32768")));
    p("");
    double sbfStable = Math.max(stableFrom.get("sbf16384"), stableFrom.get("sbf32768"));
    claims.add(new String[] {"RSBF converges (number of ones stable) much faster than SBF; SBF not stable at 3M records (Figs. 6-7)",
        sbfStable < Math.min(stableFrom.get("rsbf16384"), stableFrom.get("rsbf32768")) ? "not reproduced" : "reproduced",
        f("stable from record: SBF %,.0f / %,.0f, RSBF %,.0f / %,.0f (2 KB / 4 KB); RSBF's level shifts at s/p*",
            stableFrom.get("sbf16384"), stableFrom.get("sbf32768"), stableFrom.get("rsbf16384"),
            stableFrom.get("rsbf32768"))});
  }

  static final Map<String, Double> stableFrom = new LinkedHashMap<>();
  static final Map<String, Double> meanAbs = new LinkedHashMap<>();

  static void rsbfTheory(int k) {
    p("### RSBF analysis (section 5) against measurement");
    p("");
    long mem = 15_000;
    long s = RsbfTheory.filterBits(mem, k);
    long n = quick ? 400_000 : 1_000_000;
    Map<String, Object> pure = sim("--filter", "rsbf", "--memory-bits", Long.toString(mem), "--stream",
        "uniform", "--universe", "1000000000000", "--length", Long.toString(n), "--threshold", "0",
        "--num-hashes", Integer.toString(k), "--seed", "3");
    Map<String, Object> forced = sim("--filter", "rsbf", "--memory-bits", Long.toString(mem), "--stream",
        "uniform", "--universe", "1000000000000", "--length", Long.toString(n), "--num-hashes",
        Integer.toString(k), "--seed", "3");
    long u = 100_000;
    Map<String, Object> dup = sim("--filter", "rsbf", "--memory-bits", Long.toString(mem), "--stream",
        "uniform", "--universe", Long.toString(u), "--length", Long.toString(n), "--num-hashes",
        Integer.toString(k), "--seed", "3");
    double[] law = RsbfTheory.onesStationary(s);
    double beta = RsbfTheory.forcedOnesFraction(k, (double) s / n);
    double switchAt = s / 0.03;
    double mixed = (switchAt * RsbfTheory.stableFpp(s, k) + (n - switchAt) * Math.pow(beta, k)) / n;
    p(f("k = %d filters of s = %,d bits, %,d new elements (no duplicates), seed 3; forced insertions from "
        + "record s/p* = %,.0f.", k, s, n, switchAt));
    p("");
    p("| quantity | theory | measured |");
    p("|---|---:|---:|");
    p(f("| ones per filter at the end, pure reservoir (p* = 0): Theorem 5.1 fixed point s^2/(2s-1) +- sd of eqs. 5.19-5.21's law | %.1f +- %.1f | %.1f |",
        law[0], Math.sqrt(law[1]), (1 - d(pure, "zeroFraction")) * s));
    p(f("| ones per filter at the end, p* = 0.03 (forced insertion of elements reported distinct): our level beta* s | %.1f | %.1f |",
        beta * s, (1 - d(forced, "zeroFraction")) * s));
    p(f("| FPR right after the fill, (1 - (1 - 1/s)^s)^k (eqs. 5.25-5.26) = the highest FPR | %s%% | – |",
        pct(RsbfTheory.fppAfterFill(s, k))));
    p(f("| FPR over the stream, pure reservoir: stable (s/(2s-1))^k | %s%% | %s%% |",
        pct(RsbfTheory.stableFpp(s, k)), pct(d(pure, "fpr"))));
    p(f("| FPR over the stream, p* = 0.03: (s/(2s-1))^k before s/p*, beta*^k after | %s%% | %s%% |", pct(mixed),
        pct(d(forced, "fpr"))));
    p(f("| FPR of eq. 5.7 for element m = %,d (U = 10^12), as the paper states it | %s%% | – |", n,
        pct(RsbfTheory.paperFpp(s, n, k, 1_000_000_000_000L))));
    p(f("| FN per element, uniform stream over U = %,d: eq. 5.14 bound k(m-s)/(U m) | %.2e | %.2e |", u,
        RsbfTheory.fnrBound(s, n, k, u), d(dup, "falseNegatives") / n));
    p("");
    claims.add(new String[] {"Theorem 5.1: the fraction of ones is constant after s elements", "reproduced",
        f("pure reservoir: %.1f ones per filter vs fixed point %.1f +- %.1f; with p* the level moves to %.1f (measured %.1f)",
            (1 - d(pure, "zeroFraction")) * s, law[0], Math.sqrt(law[1]), beta * s, (1 - d(forced, "zeroFraction")) * s)});
    claims.add(new String[] {"Eq. 5.7: FPR of element m+1", "vacuous",
        f("%s%% at m = %,d, tends to 1; measured %s%%", pct(RsbfTheory.paperFpp(s, n, k, 1_000_000_000_000L)), n,
            pct(d(pure, "fpr")))});
    claims.add(new String[] {"Eqs. 5.14/5.17: FN probability per element O(k/U)",
        d(dup, "falseNegatives") / n <= RsbfTheory.fnrBound(s, n, k, u) ? "reproduced" : "not reproduced",
        f("bound %.2e, measured %.2e per element (U = %,d): the derivation takes the chance that an element was "
            + "last inserted at x as s/(U x) for a uniform stream, ignoring how often it recurs", RsbfTheory.fnrBound(s, n, k, u),
            d(dup, "falseNegatives") / n, u)});
    p("Theorem 5.1 (the fraction of ones is constant after s elements) reproduces: with pure reservoir "
        + "sampling the ones settle at s^2/(2s-1), the fixed point of eq. 5.22 (the paper proves constancy "
        + "but prints no value), within the spread of the birth-death law of eqs. 5.19-5.21 (sd about "
        + "sqrt(s/8); `StreamFilterTheoryTest` checks every sample). With the threshold p* the forced "
        + "insertions only take elements reported distinct, which are biased towards 0 bits, so the ones "
        + "settle higher, at the root of 1 - 2b + (1 - p) b^(k+1) = 0 (our extension, "
        + "`RsbfTheory.forcedOnesFraction`); they are constant there too. Eq. 5.7 does not bound the FPR "
        + "usefully: its bracket tends to 1 as the stream grows (it sums probabilities of events that are "
        + "not exclusive), while the measured FPR stays at the ones fraction to the power k.");
    p("");
    // section 5.4: k = 1 vs FPR-optimal k
    int kOpt = (int) Math.round(RsbfTheory.hashesForFpp(0.1));
    p(f("**Section 5.4 trade-off** (zipf alpha = 1, U = 200,000, 1,000,000 records, 64,000 bits): FNR and FPR for k = 1, "
        + "the section 5.4 k = %d and the FPR-optimal k = %d of eq. 5.27.", k, kOpt));
    p("");
    p("| k | FNR % | FPR % |");
    p("|---:|---:|---:|");
    double[] fnrs = new double[3];
    int ki = 0;
    for (int kk : new int[] {1, k, kOpt}) {
      Map<String, Object> r = sim("--filter", "rsbf", "--memory-bits", "64000", "--stream", "zipf",
          "--universe", "200000", "--length", quick ? "300000" : "1000000", "--num-hashes", Integer.toString(kk),
          "--seed", "4");
      fnrs[ki++] = d(r, "fnr");
      p(f("| %d | %s | %s |", kk, pct(d(r, "fnr")), pct(d(r, "fpr"))));
    }
    p("");
    claims.add(new String[] {"Section 5.4: FNR lowest at k = 1, FPR falls with k",
        fnrs[0] < fnrs[1] && fnrs[1] < fnrs[2] ? "reproduced" : "not reproduced",
        f("FNR %s%% (k = 1), %s%% (k = %d), %s%% (k = %d)", pct(fnrs[0]), pct(fnrs[1]), k, pct(fnrs[2]), kOpt)});
  }

  // ---- RSBF paper Figs. 2-5 and 8: FPR and FNR against stream length -----------------------

  /** One traced run of Figs. 2-5 and 8: filter, memory label, and its trace arrays. */
  static final class FigRun {
    final String filter;
    final String memory;
    final double[] x;
    final double[] distinct;
    final double[] dups;
    final double[] fpr;
    final double[] fnr;
    final Map<String, Object> row;

    FigRun(String filter, String memory, Map<String, Object> r) {
      this.filter = filter;
      this.memory = memory;
      this.row = r;
      x = (double[]) r.get("traceRecords");
      distinct = (double[]) r.get("traceDistinct");
      dups = (double[]) r.get("traceDuplicates");
      fpr = (double[]) r.get("traceFpr");
      fnr = (double[]) r.get("traceFnr");
    }

    /** The trace index at {@code frac} of the stream (the last sample at or before it). */
    int at(double frac) {
      return Math.max(0, (int) Math.ceil(frac * x.length) - 1);
    }

    double[] rate(boolean fp) {
      return fp ? fpr : fnr;
    }

    /** The rate over the samples after index {@code from} (FP / distinct or FN / duplicates there). */
    double window(boolean fp, int from) {
      double[] den = fp ? distinct : dups;
      double[] r = rate(fp);
      int last = x.length - 1;
      double errors = Math.round(r[last] * den[last]) - Math.round(r[from] * den[from]);
      double d = den[last] - den[from];
      return d == 0 ? Double.NaN : errors / d;
    }
  }

  static final List<String[]> figClaims = new ArrayList<>();

  /** FPR_t and SBF's Max of the figures: the tables' settings. */
  static final double FIG_FPR_T = 0.1;
  static final int FIG_SBF_MAX = 3;

  /** Figs. 2-5 and 8: traced runs, a table and chart per figure, the paper's statements and verdicts. */
  static void rsbfFigures() throws IOException {
    double fprT = FIG_FPR_T;
    int sbfMax = FIG_SBF_MAX;
    int k = RsbfTheory.numHashes(fprT);
    p("## FPR and FNR against stream length (RSBF paper, Figs. 2-5 and 8)");
    p("");
    p("The paper plots, for each memory size, the FPR (Figs. 2-3) and the FNR (Figs. 4-5) of RSBF and SBF "
        + "against the number of records read, \"at every 1K input stream records\", and in Fig. 8 the FNR of "
        + "both over the synthetic stream as its \"stability rate\". It does not say whether a point is the rate "
        + "over all records so far or over the last 1K; its prose (the FNR \"initially increases, stabilizing as "
        + "the number of records increases\", and the stable values equal Table 5's rates over the whole stream) "
        + "fits the cumulative rate, so every curve here is cumulative: FP / distinct arrivals and FN / duplicate "
        + "arrivals over the records read so far (`simulate dedup --trace-every R`, arrays `traceFpr`, `traceFnr`). "
        + "The tables add the rate over the last 10% of the stream alone (a window), which shows whether the "
        + "cumulative curve has reached the filter's present rate. Parameters as in the tables above: RSBF "
        + f("FPR_t = %s, k = %d filters of s = M/k bits, p* = 0.03; SBF Max = %d, K = %d, P for a stable FPR "
        + "bound of FPR_t.", fprT, k, sbfMax, k));
    p("");
    // Figs. 2 and 4: the real data set (3M clickstream records), 2 KB and 4 KB
    long nReal = quick ? 600_000 : 3_000_000;
    long uReal = 1_000_000;
    String[] realStream = {"--stream", "zipf", "--alpha", "1.0", "--universe", Long.toString(uReal), "--seed", "2"};
    long[] realMem = {16384, 32768};
    String[] realLabel = {"2 KB", "4 KB"};
    List<FigRun> real = figRuns(realStream, nReal, 1000, realMem, realLabel, k, sbfMax, fprT);
    // Figs. 3, 5 and 8: the synthetic stream of Table 5 (1B records, 10% distinct), 128 MB and 512 MB
    long paperSynth = 1_000_000_000L;
    long nSynth = quick ? 200_000 : 2_000_000;
    double scale = (double) nSynth / paperSynth;
    long uSynth = universeFor(nSynth, 0.10);
    String[] synthStream = {"--stream", "uniform", "--universe", Long.toString(uSynth), "--seed", "1"};
    long[] synthPaperMem = {1073741824L, 4294967296L};
    long[] synthMem = {Math.round(synthPaperMem[0] * scale), Math.round(synthPaperMem[1] * scale)};
    String[] synthLabel = {"128 MB", "512 MB"};
    List<FigRun> synth = figRuns(synthStream, nSynth, Math.max(1, nSynth / 1000), synthMem, synthLabel, k, sbfMax, fprT);
    p(f("**Streams.** Figs. 2 and 4 (the paper's real data set, a clickstream of about 3M records, which we do not "
        + "have): the zipf stream of the convergence section above (alpha = 1, U = %,d, %,d records, seed 2) at "
        + "the paper's memory, 2 KB = 16,384 and 4 KB = 32,768 bits, scale factor 1. Figs. 3, 5 and 8 (the paper's "
        + "1B random records): the stream of Table 5 (10%% distinct), %,d records of keys uniform over U = %,d, "
        + "seed 1, scale factor %.3g: 128 MB = 1,073,741,824 paper bits -> %,d bits, 512 MB = 4,294,967,296 -> "
        + "%,d bits (Table 5 lists both sizes, and Figs. 3 and 5's stable values are its rates). One run per "
        + "filter and memory; points every %,d and %,d records.", uReal, nReal, nSynth, uSynth, scale,
        synthMem[0], synthMem[1], 1000, Math.max(1, nSynth / 1000)));
    p("");
    fig2(real, realMem, realStream, k, sbfMax, fprT);
    fig3(synth, synthMem);
    fig4(real, realMem);
    fig5(synth, synthMem);
    fig8(synth, real);
    p("### Figs. 2-5 and 8: verdicts");
    p("");
    p("| figure | paper (text) | measured here | verdict |");
    p("|---|---|---|---|");
    for (String[] c : figClaims) {
      p("| " + String.join(" | ", c) + " |");
    }
    p("");
  }

  static List<FigRun> figRuns(String[] stream, long n, long every, long[] mem, String[] label, int k, int sbfMax,
      double fprT) {
    List<FigRun> runs = new ArrayList<>();
    for (int i = 0; i < mem.length; i++) {
      for (String filter : new String[] {"rsbf", "sbf"}) {
        runs.add(new FigRun(filter, label[i], sim(figArgs(filter, mem[i], stream, n, every, k, sbfMax, fprT))));
      }
    }
    return runs;
  }

  static String[] figArgs(String filter, long mem, String[] stream, long n, long every, int k, int sbfMax,
      double fprT) {
    List<String> a = new ArrayList<>(Arrays.asList("--filter", filter, "--memory-bits", Long.toString(mem),
        "--length", Long.toString(n), "--fpr-target", Double.toString(fprT)));
    a.addAll(Arrays.asList(stream));
    if (every > 0) {
      a.addAll(Arrays.asList("--trace-every", Long.toString(every)));
    }
    if (filter.equals("sbf")) {
      a.addAll(Arrays.asList("--max", Integer.toString(sbfMax), "--num-hashes", Integer.toString(k)));
    }
    return a.toArray(new String[0]);
  }

  static final double[] FIG_FRACTIONS = {0.1, 0.25, 0.5, 1.0};

  /**
   * A figure's table (memory, filter, the cumulative rate at 10/25/50/100% of the stream, over the last
   * 10%, the paper's value) and its chart of the cumulative rates; {@code paper} per run, in run order.
   */
  static void figTable(String fig, List<FigRun> runs, boolean fp, String[] paper, String title) throws IOException {
    String what = fp ? "FPR" : "FNR";
    FigRun first = runs.get(0);
    StringBuilder head = new StringBuilder("| memory | filter |");
    StringBuilder rule = new StringBuilder("|---|---|");
    for (double fr : FIG_FRACTIONS) {
      head.append(f(" %s %% at %,.0f |", what, first.x[first.at(fr)]));
      rule.append("---:|");
    }
    head.append(f(" %s %% of the last 10%% | paper (text) |", what));
    rule.append("---:|---|");
    p(head.toString());
    p(rule.toString());
    List<Charts.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      FigRun r = runs.get(i);
      StringBuilder row = new StringBuilder(f("| %s | %s |", r.memory, r.filter));
      for (double fr : FIG_FRACTIONS) {
        row.append(' ').append(pct(r.rate(fp)[r.at(fr)])).append(" |");
      }
      double w = r.window(fp, r.at(0.9));
      row.append(' ').append(Double.isNaN(w) ? "– (none " + (fp ? "distinct" : "duplicate") + ")" : pct(w))
          .append(" | ").append(paper[i]).append(" |");
      p(row.toString());
      series.add(new Charts.Series(r.filter.toUpperCase(Locale.ROOT) + " " + r.memory, r.x, percent(r.rate(fp)), true)
          .color(Charts.palette(i)));
    }
    p("");
    String file = f("stream-filters/rsbf-%s-%s.png", fig.toLowerCase(Locale.ROOT).replace(". ", ""),
        what.toLowerCase(Locale.ROOT));
    Charts.xy(out.resolve(file), title, "records", "cumulative " + what + " %", false, series);
    p(f("![%s %s](%s)", fig, what, file));
    p("");
  }

  static double[] percent(double[] a) {
    double[] b = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      b[i] = 100 * a[i];
    }
    return b;
  }

  static FigRun find(List<FigRun> runs, String filter, String memory) {
    for (FigRun r : runs) {
      if (r.filter.equals(filter) && r.memory.equals(memory)) {
        return r;
      }
    }
    throw new IllegalArgumentException(filter + " " + memory);
  }

  static double end(FigRun r, boolean fp) {
    return r.rate(fp)[r.x.length - 1];
  }

  /** "reproduced" when {@code measured} is within 30% of the paper's value (both in percent). */
  static String level(double measured, double paper) {
    return Math.abs(measured - paper) <= 0.3 * paper ? "reproduced" : "differs";
  }

  static void fig2(List<FigRun> real, long[] mem, String[] stream, int k, int sbfMax, double fprT) throws IOException {
    p("### Fig. 2: FPR against records, real data set (here zipf), 2 KB and 4 KB");
    p("");
    figTable("Fig. 2", real, true, new String[] {
      "0.1 up to the threshold, then \"gradually comparable\" to SBF; about 0.25 at 3M records",
      "about 0.25 (up to RSBF's threshold and at 3M records)", "not given", "not given"},
      "Cumulative FPR vs records, zipf stream, 2 KB and 4 KB (cf. RSBF paper Fig. 2)");
    // the paper's threshold: RSBF inserts every element until its filters hold s of them
    p("At RSBF's threshold (record s, the end of the fill: every record so far was inserted, no bit reset), "
        + "from runs cut at that length:");
    p("");
    p("| memory | s = threshold record | RSBF FPR % | SBF FPR % | RSBF FN | SBF FN | duplicates so far |");
    p("|---|---:|---:|---:|---:|---:|---:|");
    boolean lower = true;
    boolean noFn = true;
    StringBuilder at = new StringBuilder();
    for (int i = 0; i < mem.length; i++) {
      long s = RsbfTheory.filterBits(mem[i], k);
      Map<String, Object> r = sim(figArgs("rsbf", mem[i], stream, s, 0, k, sbfMax, fprT));
      Map<String, Object> b = sim(figArgs("sbf", mem[i], stream, s, 0, k, sbfMax, fprT));
      String label = mem[i] / 8192 + " KB";
      p(f("| %s | %,d | %s | %s | %d | %d | %,d |", label, l(r, "length"), pct(d(r, "fpr")), pct(d(b, "fpr")),
          l(r, "falseNegatives"), l(b, "falseNegatives"), l(r, "duplicates")));
      lower &= d(r, "fpr") < d(b, "fpr");
      noFn &= l(r, "falseNegatives") == 0;
      at.append(f("%s%s: RSBF %s%% vs SBF %s%%, RSBF FN %d, SBF FN %d", i == 0 ? "" : "; ", label, pct(d(r, "fpr")),
          pct(d(b, "fpr")), l(r, "falseNegatives"), l(b, "falseNegatives")));
    }
    p("");
    FigRun r2 = find(real, "rsbf", "2 KB");
    FigRun s2 = find(real, "sbf", "2 KB");
    FigRun r4 = find(real, "rsbf", "4 KB");
    FigRun s4 = find(real, "sbf", "4 KB");
    figClaims.add(new String[] {"Fig. 2", "up to the threshold RSBF's FPR 0.1% is better than SBF's (about 0.25%); "
        + "RSBF has no FN up to the threshold", "at record s: " + at,
        (lower ? "order reproduced" : "order differs") + (noFn ? ", no FN reproduced" : ", FN before s: differs")
        + "; levels depend on the data set (the paper's is not available)"});
    figClaims.add(new String[] {"Fig. 2", "then RSBF's FPR becomes comparable to SBF's; at 2 KB about 0.25% after 3M records",
        f("at %,.0f records: 2 KB RSBF %s%%, SBF %s%%; 4 KB RSBF %s%%, SBF %s%%", r2.x[r2.x.length - 1],
            pct(end(r2, true)), pct(end(s2, true)), pct(end(r4, true)), pct(end(s4, true))),
        Math.max(end(r2, true), end(s2, true)) <= 1.5 * Math.min(end(r2, true), end(s2, true))
            && level(100 * end(r2, true), 0.25).equals("reproduced") ? "reproduced"
            : f("differs: at 2 KB RSBF %s%% and SBF %s%% against about 0.25%% for both. RSBF's FPR rises once "
              + "the insertion probability s/i falls below p* (record s/p* = %,.0f): from then on every element "
              + "reported distinct is inserted, which raises its ones fraction (see the Theorem 5.1 table). The "
              + "stream has %,d distinct keys for 16,384 bits; an FPR of 0.25%% at 2 KB needs a stream with far "
              + "fewer distinct elements (the paper's clickstream is not described) or another denominator",
              pct(end(r2, true)), pct(end(s2, true)), RsbfTheory.filterBits(mem[0], k) / 0.03, l(r2.row, "distinct"))});
  }

  static void fig3(List<FigRun> synth, long[] mem) throws IOException {
    figure("Fig. 3", "FPR against records, synthetic stream, 128 MB and 512 MB (scaled)", synth, true,
        new String[] {"stabilizes at 0.8", "stabilizes around 0.7", "stabilizes around 0.06", "stabilizes around 0.06"},
        new double[] {0.8, 0.7, 0.06, 0.06}, "FPR stabilizes at",
        "Cumulative FPR, Table 5's stream, 128 and 512 MB scaled (cf. RSBF paper Fig. 3)");
    FigRun r = synth.get(0);
    long s = l(r.row, "filterBits");
    int atS = Math.max(0, Math.min(r.x.length - 1, (int) (s / r.x[0]) - 1));
    p(f("Table 5's stream draws its keys uniformly, so the distinct arrivals come early: %.1f%% of them have "
        + "arrived by record %,.0f, RSBF's threshold s = %,d at 128 MB, while RSBF is still a Bloom filter that "
        + "resets no bit; the few later ones barely move the cumulative FPR (the last 10%% has %s). RSBF's FPR is "
        + "therefore that of a Bloom filter still filling, below SBF's, whose cells are decremented from the first "
        + "record; the paper has RSBF slightly above SBF (0.8%% vs 0.7%%). At 512 MB s = %,d exceeds the "
        + "stream and RSBF is a Bloom filter throughout.", 100 * r.distinct[atS] / r.distinct[r.x.length - 1],
        r.x[atS], s, r.distinct[r.x.length - 1] == r.distinct[r.at(0.9)] ? "no distinct arrival at all"
            : f("%,.0f distinct arrival(s)", r.distinct[r.x.length - 1] - r.distinct[r.at(0.9)]),
        l(synth.get(2).row, "filterBits")));
    p("");
  }

  /** A figure's heading, table and chart, and its verdict rows against the paper's stable values. */
  static void figure(String fig, String heading, List<FigRun> runs, boolean fp, String[] paperText, double[] paper,
      String what, String title) throws IOException {
    p("### " + fig + ": " + heading);
    p("");
    figTable(fig, runs, fp, paperText, title);
    levels(fig, runs, fp, paper, what);
  }

  static void fig4(List<FigRun> real, long[] mem) throws IOException {
    double[] paperFnr = {10, 15, 12, 22};
    figure("Fig. 4", "FNR against records, real data set (here zipf), 2 KB and 4 KB", real, false,
        new String[] {"rises, then stable at 10", "rises, then stable at 15", "rises, then stable at nearly 12",
          "rises, then stable at 22"}, paperFnr, "FNR stable at",
        "Cumulative FNR vs records, zipf stream, 2 KB and 4 KB (cf. RSBF paper Fig. 4)");
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (int i = 0; i < real.size(); i++) {
      lo = Math.min(lo, 100 * end(real.get(i), false) / paperFnr[i]);
      hi = Math.max(hi, 100 * end(real.get(i), false) / paperFnr[i]);
    }
    boolean better4 = end(real.get(2), false) < end(real.get(0), false);
    StringBuilder moving = new StringBuilder();
    for (FigRun r : real) {
      if (!stable(r, false)) {
        moving.append(moving.length() == 0 ? "" : ", ").append(r.filter.toUpperCase(Locale.ROOT)).append(' ').append(r.memory);
      }
    }
    p(f("The FNR rises at first as in the paper; %s, at %.1f to %.1f times the paper's levels. An FNR "
        + "is a property of the data as much as of the filter: it is the share of duplicates whose previous "
        + "occurrence the filter has forgotten, so it depends on how soon the stream's keys recur. Here (zipf, "
        + "alpha = 1 over 1M keys) the frequent keys recur within a few records and the rest after far more "
        + "records than 2 or 4 KB remember; the paper's clickstream is described only by its size. The paper's "
        + "own values have 4 KB worse than 2 KB for RSBF (12%% vs 10%%); here 4 KB is %s.",
        moving.length() == 0 ? "every curve is stable over the second half (moves by at most 10% of its value)"
            : "still moving by more than 10% of its value over the second half: " + moving, lo, hi,
        better4 ? "better" : "worse as well"));
    p("");
  }

  static void fig5(List<FigRun> synth, long[] mem) throws IOException {
    figure("Fig. 5", "FNR against records, synthetic stream, 128 MB and 512 MB (scaled)", synth, false,
        new String[] {"rises, then stable at 22", "rises, then stable at 38", "rises, then stable at 7",
          "rises, then stable at 13"}, new double[] {22, 38, 7, 13}, "FNR stable at",
        "Cumulative FNR, Table 5's stream, 128 and 512 MB scaled (cf. RSBF paper Fig. 5)");
    FigRun r = synth.get(0);
    p(f("RSBF's curve at 128 MB is 0 until record s = %,d and then climbs: the cumulative FNR at the end mixes "
        + "the error-free start with the FNR of RSBF's present state (%s%% over the last 10%% of the stream), so "
        + "its value depends on where the stream stops relative to s; our stream stops where the paper's does "
        + "(s is %.0f%% of both), and the end values are those of Table 5 above. At 512 MB RSBF has no false "
        + "negative because s exceeds the stream (the paper's 7%% is discussed with Table 5).",
        l(r.row, "filterBits"), pctOrDash(r.window(false, r.at(0.9))), 100.0 * l(r.row, "filterBits") / r.x[r.x.length - 1]));
    p("");
  }

  /**
   * One verdict row per memory: the paper's stable values (percent, in run order rsbf, sbf per memory)
   * against the rates at the end of the stream, and the SBF/RSBF ratio.
   */
  static void levels(String fig, List<FigRun> runs, boolean fp, double[] paper, String what) {
    for (int i = 0; i + 1 < runs.size(); i += 2) {
      FigRun r = runs.get(i);
      FigRun s = runs.get(i + 1);
      double mr = 100 * end(r, fp);
      double ms = 100 * end(s, fp);
      double rise = 100 * (end(r, fp) - r.rate(fp)[r.at(0.5)]);
      double riseS = 100 * (end(s, fp) - s.rate(fp)[s.at(0.5)]);
      boolean lr = level(mr, paper[i]).equals("reproduced");
      boolean ls = level(ms, paper[i + 1]).equals("reproduced");
      String order = paper[i] == paper[i + 1] ? ""
          : (paper[i] < paper[i + 1]) == (mr < ms) ? "; order of RSBF and SBF as in the paper" : "; order reversed";
      String unstable = (stable(r, fp) ? "" : " RSBF") + (stable(r, fp) || stable(s, fp) ? "" : " and")
          + (stable(s, fp) ? "" : " SBF");
      String shape = unstable.isEmpty() ? "" : ";" + unstable + " not yet stable (the paper's curves stabilize)";
      String verdict = lr && ls ? (shape.isEmpty() ? "reproduced (both within 30% of the paper's value)"
              : "levels reproduced (within 30%)" + shape)
          : "differs: " + (lr ? "" : "RSBF") + (lr || ls ? "" : " and ") + (ls ? "" : "SBF")
              + " more than 30% off the paper's value" + order + shape;
      figClaims.add(new String[] {fig, f("%s: %s %s%% RSBF, %s%% SBF", r.memory, what, fmt(paper[i]),
          fmt(paper[i + 1])),
        f("RSBF %s%%, SBF %s%% at %,.0f records%s; change over the second half RSBF %+.3f, SBF %+.3f points", pct(mr / 100),
            pct(ms / 100), r.x[r.x.length - 1], mr > 0 ? f(" (SBF/RSBF %.2fx; paper %.2fx)", ms / mr, paper[i + 1] / paper[i]) : "",
            rise, riseS),
        verdict});
    }
  }

  /**
   * Whether the cumulative rate of {@code r} is stable: it moved by at most 10% of its final value over
   * the second half of the stream.
   */
  static boolean stable(FigRun r, boolean fp) {
    double change = Math.abs(end(r, fp) - r.rate(fp)[r.at(0.5)]);
    return change <= 0.1 * end(r, fp);
  }

  static String pctOrDash(double x) {
    return Double.isNaN(x) ? "–" : pct(x);
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? f("%.0f", v) : f("%s", v);
  }

  static void fig8(List<FigRun> synth, List<FigRun> real) throws IOException {
    p("### Fig. 8: FNR stability");
    p("");
    p("The paper (synthetic data set): \"the increase of FNR in RSBF is around 0.1% over a stream length of 0.35M "
        + "elements, having an average deviation of 0.3x10^-6 per element. On the other hand, SBF demonstrates an "
        + "increase in FNR of around 0.3% over 0.3M element with the average deviation as 1x10^-6\" (percentage "
        + "points per element: 0.1/350,000 and 0.3/300,000), so RSBF's FNR \"converges to an almost stable FNR "
        + "much earlier in the stream\". It names neither the memory nor where in the stream these stretches lie. "
        + "Here: how much the cumulative FNR still moves over the second half of each run of Figs. 4 and 5, in "
        + "points and per element, beside the FNR of the last 10% alone.");
    p("");
    p("| stream | memory | filter | FNR % at 50% | at 100% | change over the second half (points) | per element (points) | FNR % of the last 10% | paper |");
    p("|---|---|---|---:|---:|---:|---:|---:|---|");
    List<Charts.Series> series = new ArrayList<>();
    String[] names = {"Table 5 (Fig. 5)", "zipf (Fig. 4)"};
    boolean[] flatter = {true, true};
    int[] compared = {0, 0};
    StringBuilder[] measured = {new StringBuilder(), new StringBuilder()};
    List<List<FigRun>> both = Arrays.asList(synth, real);
    for (int si = 0; si < 2; si++) {
      List<FigRun> runs = both.get(si);
      for (int i = 0; i < runs.size(); i++) {
        FigRun r = runs.get(i);
        double change = secondHalfChange(r);
        double span = r.x[r.x.length - 1] - r.x[r.at(0.5)];
        p(f("| %s | %s | %s | %s | %s | %+.3f | %.2e | %s | %s |", names[si], r.memory, r.filter, pct(r.fnr[r.at(0.5)]),
            pct(end(r, false)), change, span == 0 ? 0 : change / span, pctOrDash(r.window(false, r.at(0.9))),
            r.filter.equals("rsbf") ? "+0.1 over 0.35M, 0.3e-6 per element" : "+0.3 over 0.3M, 1e-6 per element"));
        measured[si].append(f("%s%s %s %+.2f", i == 0 ? "" : ", ", r.filter.toUpperCase(Locale.ROOT), r.memory, change));
        if (si == 0) {
          double[] x = Arrays.copyOfRange(r.x, r.at(0.5), r.x.length);
          double[] y = percent(Arrays.copyOfRange(r.fnr, r.at(0.5), r.fnr.length));
          series.add(new Charts.Series(r.filter.toUpperCase(Locale.ROOT) + " " + r.memory, x, y, true)
              .color(Charts.palette(i)));
        }
      }
      for (int i = 0; i + 1 < runs.size(); i += 2) {
        if (end(runs.get(i), false) > 0) {
          compared[si]++;
          flatter[si] &= Math.abs(secondHalfChange(runs.get(i))) < Math.abs(secondHalfChange(runs.get(i + 1)));
        }
      }
    }
    p("");
    Charts.xy(out.resolve("stream-filters/rsbf-fig8-fnr.png"),
        "Cumulative FNR, second half of Table 5's stream (cf. RSBF paper Fig. 8)", "records",
        "cumulative FNR %", false, series);
    p("![Fig. 8 FNR](stream-filters/rsbf-fig8-fnr.png)");
    p("");
    FigRun r128 = synth.get(0);
    long s128 = l(r128.row, "filterBits");
    p(f("On Table 5's stream RSBF has no false negative until record s = %,d (%.0f%% of the stream; the paper's "
        + "s = 357,913,941 is 36%% of its 1B records) and at 512 MB none at all (s exceeds the stream, in the "
        + "paper too), so its cumulative FNR climbs from 0 towards the FNR of its present state for the rest of "
        + "the stream; SBF forgets from the start. On the zipf stream s is a small part of the stream (%,d and "
        + "%,d records), and there RSBF's cumulative FNR moves by %+.2f and %+.2f points over the second half "
        + "(2 KB, 4 KB), SBF's by %+.2f and %+.2f.", s128, 100.0 * s128 / r128.x[r128.x.length - 1],
        l(real.get(0).row, "filterBits"), l(real.get(2).row, "filterBits"), secondHalfChange(real.get(0)),
        secondHalfChange(real.get(2)), secondHalfChange(real.get(1)), secondHalfChange(real.get(3))));
    p("");
    for (int si = 0; si < 2; si++) {
      figClaims.add(new String[] {"Fig. 8", si == 0 ? "RSBF's FNR settles much earlier than SBF's: +0.1% over 0.35M "
          + "elements (0.3e-6 per element) against +0.3% over 0.3M (1e-6 per element)" : "(the same, on the zipf stream)",
          names[si] + ", change of the cumulative FNR over the second half (points): " + measured[si],
          compared[si] == 0 ? "not testable (RSBF has no FN)"
              : flatter[si] ? f("reproduced (RSBF moves less than SBF at the %d size(s) where it has FN)", compared[si])
              : "differs (RSBF's cumulative FNR moves more: it starts from 0 at record s)"});
    }
  }

  /** The change of the cumulative FNR over the second half of the run, in percentage points. */
  static double secondHalfChange(FigRun r) {
    return 100 * (end(r, false) - r.fnr[r.at(0.5)]);
  }

  // ---- IBF vs SBF vs BF ---------------------------------------------------------------------

  static final String[] IBF_FILTERS = {"bf", "sbf", "ibf-2c", "ibf-2c-alg1", "ibf-mc", "ibf-h"};

  static void ibfSection() throws IOException {
    long mem = 128_000; // 16KB as the paper counts it: "about 42.6K cells" of 3 bits
    long n = quick ? 50_000 : 100_000;
    int seeds = quick ? 1 : 3;
    p("## IBF vs SBF vs BF at 16 KB (IBF paper, section IV)");
    p("");
    p(f("16 KB = %,d bits (the paper's \"about 42.6K cells\" of 3 bits), M = 7, K = 5, P = 10 for SBF and "
        + "IBF, K = 5 for BF. Synthetic importance streams of section IV.D: %,d arrivals, every new element "
        + "gets an importance uniform in 1..50, and an arrival repeats a seen element with probability "
        + "10%%, 30%% or 50%%, picking it uniformly, proportionally or inversely proportionally to importance "
        + "(`Streams.importance`; the paper does not give its generator or lengths). Importances map onto "
        + "cell values by f(imp) = 1 + floor(7 (imp - 1)/49) (`ImportanceMap`). Each cell is the mean over "
        + "%d seeds. wFP and wFN in these tables are the per-arrival forms (keys `wfp`, `wfn`): each error "
        + "weighted by the element's importance over the same denominators as FPR and FNR; the paper's own "
        + "forms follow below. `ibf-2c` raises cells to max(cell, M/2 or M), the chain of Theorem III.1; "
        + "`ibf-2c-alg1` is Algorithm 1 as written (an unimportant element sets a cell already above M/2 to M).",
        mem, n, seeds));
    p("");
    String[] laws = {"uniform", "inverse", "proportional"};
    String[] lawNames = {"occurrence uniform (Figs. 9-11)", "occurrence inversely proportional to importance (Figs. 12-14)",
      "occurrence proportional to importance (Figs. 15-17)"};
    double[] repeats = {0.1, 0.3, 0.5};
    Map<String, double[]> ifp = new LinkedHashMap<>();
    Map<String, double[]> ifn = new LinkedHashMap<>();
    Map<String, double[]> agg = new LinkedHashMap<>();
    Map<String, double[]> ifpPaper = new LinkedHashMap<>();
    Map<String, double[]> ifnPaper = new LinkedHashMap<>();
    for (int li = 0; li < laws.length; li++) {
      p(f("### %s", lawNames[li]));
      p("");
      p("| filter | 10%: FP % | FN % | wFP % | wFN % | 30%: FP % | FN % | wFP % | wFN % | 50%: FP % | FN % | wFP % | wFN % |");
      p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
      for (String filter : IBF_FILTERS) {
        StringBuilder row = new StringBuilder("| " + filter + " |");
        for (double rep : repeats) {
          double[] sum = new double[6];
          double[] sfp = new double[50];
          double[] sfn = new double[50];
          double[] cfp = new double[50];
          double[] cfn = new double[50];
          for (int seed = 1; seed <= seeds; seed++) {
            Map<String, Object> r = ibfRun(filter, mem, n, rep, laws[li], seed, 7);
            addRates(sum, r, seeds);
            double[] a = (double[]) r.get("ifp");
            double[] b = (double[]) r.get("ifn");
            double[] ca = (double[]) r.get("ifpPaper");
            double[] cb = (double[]) r.get("ifnPaper");
            for (int i = 0; i < 50; i++) {
              sfp[i] += Math.max(0, a[i]) / seeds;
              sfn[i] += Math.max(0, b[i]) / seeds;
              cfp[i] += Math.max(0, ca[i]) / seeds;
              cfn[i] += Math.max(0, cb[i]) / seeds;
            }
          }
          agg.put(laws[li] + "/" + rep + "/" + filter, sum);
          if (rep == 0.3) {
            ifp.put(laws[li] + "/" + filter, sfp);
            ifn.put(laws[li] + "/" + filter, sfn);
            ifpPaper.put(laws[li] + "/" + filter, cfp);
            ifnPaper.put(laws[li] + "/" + filter, cfn);
          }
          row.append(f(" %s | %s | %s | %s |", pct(sum[0]), pct(sum[1]), pct(sum[2]), pct(sum[3])));
        }
        p(row.toString());
      }
      p("");
      for (String kind : new String[] {"fp", "fn"}) {
        List<Charts.Series> series = new ArrayList<>();
        double[] x = new double[50];
        for (int i = 0; i < 50; i++) {
          x[i] = i + 1;
        }
        for (String filter : IBF_FILTERS) {
          double[] y = (kind.equals("fp") ? ifp : ifn).get(laws[li] + "/" + filter);
          series.add(new Charts.Series(filter, x, y, true));
        }
        String file = f("stream-filters/ibf-i%s-%s.png", kind, laws[li]);
        Charts.xy(out.resolve(file), f("I_%s: %s rate per importance, %s, 30%% repeating", kind,
            kind.equals("fp") ? "false positive" : "false negative", laws[li]), "importance",
            kind.equals("fp") ? "FP rate" : "FN rate", false, series);
        p(f("![I_%s %s](%s)", kind, laws[li], file));
      }
      p("");
    }
    p("The Bloom filter's rows are the same for the three laws: with one seed the three streams share the "
        + "sequence of new elements and differ only in which seen element repeats, and a filter that never "
        + "forgets answers a repeat correctly whichever it is.");
    p("");
    ibfWeightedForms(agg, laws);
    ibfTwoClassVariants(agg, laws, repeats, ifp, ifn, ifpPaper, ifnPaper);
    ibfMaxExperiment(agg, laws, repeats, mem, n, seeds);
    p("Paper, Table II (Youtube traces, which we do not have), for comparison of the orders of magnitude:");
    p("");
    p("| filter | Dataset 1: FP | FN | wFP | wFN | Dataset 2: FP | FN | wFP | wFN |");
    p("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    p("| BF | 34.81 | 0 | 35.29 | 0 | 34.81 | 0 | 34.17 | 0 |");
    p("| SBF | 25.83 | 0.84 | 26.23 | 0.87 | 26 | 0.9 | 25.55 | 0.81 |");
    p("| IBF-2C | 16.14 | 2.49 | 16.34 | 1.99 | 10.16 | 3.97 | 9.95 | 2.91 |");
    p("| IBF-MC | 5.19 | 8.91 | 5.23 | 4.76 | 0.84 | 14.01 | 0.87 | 7.52 |");
    p("| IBF-H | 9.08 | 13.25 | 9.39 | 10.43 | 0.12 | 16.07 | 0.07 | 10.34 |");
    p("");
    ibfZeros(mem, n);
    ibfClaims(agg, ifp, ifn, mem);
  }

  /** One run on a synthetic importance stream: K = 5, P = 10, cells of max {@code max}. */
  static Map<String, Object> ibfRun(String filter, long mem, long n, double rep, String law, int seed, int max) {
    return sim("--filter", filter, "--memory-bits", Long.toString(mem), "--stream", "importance", "--length",
        Long.toString(n), "--repeat", Double.toString(rep), "--occurrence", law, "--seed", Integer.toString(seed),
        "--max", Integer.toString(max), "--num-hashes", "5", "--decrements", "10");
  }

  /** Adds fpr, fnr, wfp, wfn, wfpPaper, wfnPaper of run {@code r} over {@code seeds} to {@code sum}. */
  static void addRates(double[] sum, Map<String, Object> r, int seeds) {
    String[] keys = {"fpr", "fnr", "wfp", "wfn", "wfpPaper", "wfnPaper"};
    for (int i = 0; i < keys.length; i++) {
      sum[i] += d(r, keys[i]) / seeds;
    }
  }

  /** The IBF paper's claim on M (IV.A), filled by {@link #ibfMaxExperiment} for {@link #ibfClaims}. */
  static String maxClaim = "";

  static void ibfWeightedForms(Map<String, double[]> agg, String[] laws) {
    p("### Weighted rates in two forms (30% repeating)");
    p("");
    p("Per arrival kind (keys `wfp`, `wfn`; the tables above): wFP = Σ_{distinct arrivals} imp·[FP] / "
        + "Σ_{distinct arrivals} imp, wFN = Σ_{duplicate arrivals} imp·[FN] / Σ_{duplicate arrivals} imp. "
        + "The paper's as printed (IV.B; keys `wfpPaper`, `wfnPaper`), every arrival a query: wFP = "
        + "Σ_{k=1..n} β_k imp_k / Σ_{k=1..n} imp_k with β_k = 1 iff query k is a false positive, wFN the same "
        + "with false negatives; so the paper's wFP can reach only the importance share of the distinct "
        + "arrivals, its wFN only that of the duplicates.");
    p("");
    StringBuilder head = new StringBuilder("| filter |");
    StringBuilder rule = new StringBuilder("|---|");
    for (String law : laws) {
      head.append(f(" %s: wFP per arrival %% | wFN per arrival %% | wFP paper %% | wFN paper %% |", law));
      rule.append("---:|---:|---:|---:|");
    }
    p(head.toString());
    p(rule.toString());
    for (String filter : IBF_FILTERS) {
      StringBuilder row = new StringBuilder("| " + filter + " |");
      for (String law : laws) {
        double[] a = agg.get(law + "/0.3/" + filter);
        row.append(f(" %s | %s | %s | %s |", pct(a[2]), pct(a[3]), pct(a[4]), pct(a[5])));
      }
      p(row.toString());
    }
    p("");
    double[] sbf = agg.get("uniform/0.3/sbf");
    p(f("Table II prints wFP within half a point of FP for every filter (BF: FP 34.81, wFP 35.29). Under the "
        + "paper's own formula over all queries, wFP is FP times about the distinct arrivals' share of the "
        + "importance (here SBF, uniform occurrence: FP %s%%, wFP per arrival %s%%, wFP paper %s%%), so Table "
        + "II's numbers were most likely computed per arrival kind, as `wfp`; we print both.",
        pct(sbf[0]), pct(sbf[2]), pct(sbf[4])));
    p("");
  }

  static void ibfTwoClassVariants(Map<String, double[]> agg, String[] laws, double[] repeats,
      Map<String, double[]> ifp, Map<String, double[]> ifn, Map<String, double[]> ifpPaper,
      Map<String, double[]> ifnPaper) throws IOException {
    p("### IBF-2C: raise to max (`ibf-2c`) against Algorithm 1 as written (`ibf-2c-alg1`)");
    p("");
    p("Algorithm 1: \"If (f(imp(x_i)) < M/2 and IBF[h(x_i)] < M/2) IBF[h(x_i)] = M/2 Else IBF[h(x_i)] = M\" "
        + "(M/2 compared as a real number, written as floor(M/2)). With M = 7 an unimportant element (f ≤ 3, "
        + "importance 1-21) takes cells 0-3 to 3 and sets cells 4-7 to 7; `ibf-2c` (the chain of Theorem III.1) "
        + "raises cells to max(cell, 3) and leaves 4-6 as they are. Important elements (f ≥ 4, importance "
        + "22-50) set 7 under both. Same runs as the tables above (mean of the seeds).");
    p("");
    String[] two = {"ibf-2c", "ibf-2c-alg1"};
    p("| occurrence, repeating | ibf-2c: FP % | FN % | FP+FN % | wFP % | wFN % | wFP paper % | wFN paper % "
        + "| ibf-2c-alg1: FP % | FN % | FP+FN % | wFP % | wFN % | wFP paper % | wFN paper % |");
    p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    double fpUpMin = 1;
    double fpUpMax = -1;
    double fnDownMin = 1;
    double fnDownMax = -1;
    int algSum = 0;
    int algW = 0;
    int algPaper = 0;
    int settings = 0;
    for (String law : laws) {
      for (double rep : repeats) {
        StringBuilder row = new StringBuilder(f("| %s, %.0f%% |", law, 100 * rep));
        double[][] v = new double[2][];
        for (int i = 0; i < 2; i++) {
          v[i] = agg.get(law + "/" + rep + "/" + two[i]);
          row.append(f(" %s | %s | %s | %s | %s | %s | %s |", pct(v[i][0]), pct(v[i][1]), pct(v[i][0] + v[i][1]),
              pct(v[i][2]), pct(v[i][3]), pct(v[i][4]), pct(v[i][5])));
        }
        p(row.toString());
        settings++;
        fpUpMin = Math.min(fpUpMin, v[1][0] - v[0][0]);
        fpUpMax = Math.max(fpUpMax, v[1][0] - v[0][0]);
        fnDownMin = Math.min(fnDownMin, v[0][1] - v[1][1]);
        fnDownMax = Math.max(fnDownMax, v[0][1] - v[1][1]);
        algSum += v[1][0] + v[1][1] < v[0][0] + v[0][1] ? 1 : 0;
        algW += v[1][2] + v[1][3] < v[0][2] + v[0][3] ? 1 : 0;
        algPaper += v[1][4] + v[1][5] < v[0][4] + v[0][5] ? 1 : 0;
      }
    }
    p("");
    p("I_fp and I_fn of the two variants, 30% repeating, in both forms: per importance (keys `ifp`, `ifn`: "
        + "I_fp[i] = FP among distinct arrivals of importance i / distinct arrivals of importance i, I_fn the "
        + "same with duplicates), here averaged over the importances of each class; and the paper's as printed "
        + "(keys `ifpPaper`, `ifnPaper`: I_fp[i] = Σ_{imp ≥ i} β / Σ_{imp ≥ i} 1 over all queries of importance "
        + "i or more, cumulative; the paper's prose calls it the rate \"among elements having importance i\").");
    p("");
    p("| occurrence | filter | I_fp 1-21 % | I_fp 22-50 % | I_fn 1-21 % | I_fn 22-50 % | paper I_fp[1] % "
        + "| paper I_fp[22] % | paper I_fn[1] % | paper I_fn[22] % |");
    p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (String law : laws) {
      for (String filter : two) {
        String key = law + "/" + filter;
        p(f("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |", law, filter,
            pct(meanRange(ifp.get(key), 1, 21)), pct(meanRange(ifp.get(key), 22, 50)),
            pct(meanRange(ifn.get(key), 1, 21)), pct(meanRange(ifn.get(key), 22, 50)),
            pct(ifpPaper.get(key)[0]), pct(ifpPaper.get(key)[21]), pct(ifnPaper.get(key)[0]),
            pct(ifnPaper.get(key)[21])));
      }
    }
    p("");
    double[] x = new double[50];
    for (int i = 0; i < 50; i++) {
      x[i] = i + 1;
    }
    for (String kind : new String[] {"fp", "fn"}) {
      List<Charts.Series> series = new ArrayList<>();
      int c = 0;
      for (String filter : two) {
        String key = "uniform/" + filter;
        series.add(new Charts.Series(filter + ", per importance",
            x, (kind.equals("fp") ? ifp : ifn).get(key), false).color(Charts.palette(c)));
        series.add(new Charts.Series(filter + ", paper (importance >= i)",
            x, (kind.equals("fp") ? ifpPaper : ifnPaper).get(key), true).color(Charts.palette(c)));
        c++;
      }
      String file = f("stream-filters/ibf-2c-variants-i%s.png", kind);
      Charts.xy(out.resolve(file), f("I_%s of ibf-2c and ibf-2c-alg1, uniform occurrence, 30%% repeating", kind),
          "importance i", kind.equals("fp") ? "FP rate" : "FN rate", false, series);
      p(f("![I_%s of the IBF-2C variants](%s)", kind, file));
    }
    p("");
    p(f("Which rule is better: neither dominates. Algorithm 1 keeps more cells at M, so it has fewer zero cells "
        + "(see the zero-cell table below), more false positives (FP up %.1f to %.1f points) and fewer false "
        + "negatives (FN down %.1f to %.1f points). Its FP + FN is lower in %d of %d settings, its per-arrival "
        + "wFP + wFN in %d, the "
        + "paper-form wFP + wFN (which weighs false positives more, since distinct arrivals are most queries) "
        + "in %d. With no clear winner, `ibf-2c` keeps its meaning — the raise-to-max rule whose chain Theorem "
        + "III.1 analyses, format variant 1 in existing filter files, the filter measured under that name in "
        + "docs/results/dedup.md — and Algorithm 1 as written is the named variant `ibf-2c-alg1` (format "
        + "variant 4).", 100 * fpUpMin, 100 * fpUpMax, 100 * fnDownMin, 100 * fnDownMax, algSum, settings,
        algW, algPaper));
    p("");
  }

  static void ibfMaxExperiment(Map<String, double[]> agg, String[] laws, double[] repeats, long mem, long n,
      int seeds) throws IOException {
    String[] filters = {"sbf", "ibf-2c", "ibf-2c-alg1", "ibf-mc", "ibf-h"};
    int[] maxes = {3, 7, 15};
    p("### Choosing Max among 3, 7 and 15 at equal memory (IV.A)");
    p("");
    p(f("Paper: \"we set a fixed value of SS, K and P and experiment with M = {3, 7, 15}. We observe that M = 7 "
        + "trades the false positive and false negatives rates well to keep the sum of the rates lower as "
        + "compared to the other two options\" (data sets not named; no numbers given). Here: SS = %,d bits, "
        + "K = 5, P = 10, so cells of 2, 3, 4 bits give m = %,d, %,d, %,d cells; importances 1..50 map onto "
        + "1..M by f = 1 + floor(M (imp - 1)/49); the synthetic streams above (%,d arrivals, each occurrence "
        + "law and repeat share, mean of %d seeds; M = 7 are the runs above). Metric: the paper's, FPR + FNR.",
        mem, mem / 2, mem / 3, mem / 4, n, seeds));
    p("");
    Map<String, double[]> res = new LinkedHashMap<>();
    for (String law : laws) {
      for (double rep : repeats) {
        for (String filter : filters) {
          for (int max : maxes) {
            String key = law + "/" + rep + "/" + filter + "/" + max;
            if (max == 7) {
              res.put(key, agg.get(law + "/" + rep + "/" + filter));
              continue;
            }
            double[] sum = new double[6];
            for (int seed = 1; seed <= seeds; seed++) {
              addRates(sum, ibfRun(filter, mem, n, rep, law, seed, max), seeds);
            }
            res.put(key, sum);
          }
        }
      }
    }
    StringBuilder head = new StringBuilder("| filter |");
    StringBuilder rule = new StringBuilder("|---|");
    for (String law : laws) {
      head.append(f(" %s, 30%%: M=3 | M=7 | M=15 |", law));
      rule.append("---:|---:|---:|");
    }
    p("FPR + FNR (%) at 30% repeating:");
    p("");
    p(head + " lowest sum at M = 3 / 7 / 15, of 9 settings |");
    p(rule + "---|");
    int sevenBest = 0;
    int total = 0;
    StringBuilder perFilter = new StringBuilder();
    List<String> allSeven = new ArrayList<>();
    List<String> notSeven = new ArrayList<>();
    for (String filter : filters) {
      StringBuilder row = new StringBuilder("| " + filter + " |");
      for (String law : laws) {
        for (int max : maxes) {
          double[] a = res.get(law + "/0.3/" + filter + "/" + max);
          row.append(f(" %s |", pct(a[0] + a[1])));
        }
      }
      int[] best = new int[3];
      for (String law : laws) {
        for (double rep : repeats) {
          int b = 0;
          for (int i = 1; i < 3; i++) {
            double[] a = res.get(law + "/" + rep + "/" + filter + "/" + maxes[i]);
            double[] c = res.get(law + "/" + rep + "/" + filter + "/" + maxes[b]);
            if (a[0] + a[1] < c[0] + c[1]) {
              b = i;
            }
          }
          best[b]++;
        }
      }
      sevenBest += best[1];
      total += 9;
      (best[1] == 9 ? allSeven : notSeven).add(filter);
      perFilter.append(f("%s%s %d/9", perFilter.length() == 0 ? "" : ", ", filter, best[1]));
      row.append(f(" %d / %d / %d |", best[0], best[1], best[2]));
      p(row.toString());
    }
    p("");
    p("The same with the paper's weighted forms, wFP + wFN paper (%) at 30% repeating:");
    p("");
    p(head + "");
    p(rule.toString());
    for (String filter : filters) {
      StringBuilder row = new StringBuilder("| " + filter + " |");
      for (String law : laws) {
        for (int max : maxes) {
          double[] a = res.get(law + "/0.3/" + filter + "/" + max);
          row.append(f(" %s |", pct(a[4] + a[5])));
        }
      }
      p(row.toString());
    }
    p("");
    List<Charts.Series> series = new ArrayList<>();
    double[] xs = {3, 7, 15};
    int c = 0;
    for (String filter : filters) {
      double[] fp = new double[3];
      double[] fn = new double[3];
      for (int i = 0; i < 3; i++) {
        double[] a = res.get("uniform/0.3/" + filter + "/" + maxes[i]);
        fp[i] = a[0] + a[1];
        fn[i] = a[1];
      }
      series.add(new Charts.Series(filter + " FPR + FNR", xs, fp, true).color(Charts.palette(c)));
      series.add(new Charts.Series(filter + " FNR", xs, fn, false).color(Charts.palette(c)));
      c++;
    }
    Charts.xy(out.resolve("stream-filters/ibf-max.png"), f("FPR + FNR (lines) and FNR (points) vs Max at %,d bits, "
        + "uniform occurrence, 30%% repeating", mem), "Max (cells of 2, 3, 4 bits)", "rate", false, series);
    p("![FPR + FNR vs Max](stream-filters/ibf-max.png)");
    p("");
    p(f("M = 7 has the lowest FPR + FNR in %d of %d (filter, occurrence, repeat share) settings (%s). A larger "
        + "M keeps a set cell alive longer (fewer false negatives) but on fewer cells (fewer zeros, more false "
        + "positives); which side wins depends on the filter and the stream, as the paper itself cautions "
        + "(\"M = 7 may not result in best performance for IBF for different data streams\").",
        sevenBest, total, perFilter));
    p("");
    maxClaim = f("| M = 7 keeps FP + FN lower than M = 3 and M = 15 at equal memory (IV.A) | %s | M = 7 lowest in "
        + "%d of %d settings (%s) |",
        notSeven.isEmpty() ? "reproduced" : allSeven.isEmpty() ? "not reproduced"
            : "reproduced for " + String.join(", ", allSeven) + "; not for " + String.join(", ", notSeven),
        sevenBest, total, perFilter);
  }

  static void ibfZeros(long mem, long n) throws IOException {
    p("### Zero cells against the Markov chain (Fig. 18)");
    p("");
    p(f("Uniform occurrence, 30%% repeating, %,d arrivals; theory: the stationary V0 of the cell chain "
        + "(`StableTheory.stableCellDistribution`, the chain of Figs. 1-2 with the stream's own law of importance "
        + "classes; SBF in Deng and Rafiei's closed form; IBF-2C as Algorithm 1 our chain "
        + "`StableTheory.ibf2cAlgorithm1CellDistribution`; IBF-H our mean-field extension; BF (1 - 1/m)^(K n) "
        + "with n the distinct elements), and the paper's FP bound (1 - V0)^K (Cor. III.4).", 4 * n));
    p("");
    p("| filter | zero cells, measured (end) | theory V0 | FPR measured % | bound (1 - V0)^K % |");
    p("|---|---:|---:|---:|---:|");
    List<Charts.Series> series = new ArrayList<>();
    for (String filter : IBF_FILTERS) {
      Map<String, Object> r = sim("--filter", filter, "--memory-bits", Long.toString(mem), "--stream", "importance",
          "--length", Long.toString(4 * n), "--repeat", "0.3", "--occurrence", "uniform", "--seed", "9",
          "--trace-every", "2000");
      double cells = filter.equals("bf") ? d(r, "memoryBits") : d(r, "cells");
      double[] x = (double[]) r.get("traceRecords");
      double[] y = (double[]) r.get("traceNonZero");
      double[] z = new double[y.length];
      for (int i = 0; i < y.length; i++) {
        z[i] = 1 - y[i] / cells;
      }
      series.add(new Charts.Series(filter + " measured", x, z, false));
      if (!filter.equals("bf")) {
        double th = d(r, "zeroFractionTheory");
        series.add(new Charts.Series(filter + " theory", new double[] {x[0], x[x.length - 1]}, new double[] {th, th}, true));
      }
      p(f("| %s | %.4f | %.4f | %s | %s |", filter, d(r, "zeroFraction"), d(r, "zeroFractionTheory"),
          pct(d(r, "fpr")), pct(d(r, "fprTheory"))));
    }
    Charts.xy(out.resolve("stream-filters/ibf-zeros.png"), "Fraction of zero cells vs records (cf. IBF paper Fig. 18)",
        "records", "fraction of zero cells", false, series);
    p("");
    p("![zero cells](stream-filters/ibf-zeros.png)");
    p("");
  }

  static double meanRange(double[] a, int fromImp, int toImp) {
    double s = 0;
    for (int i = fromImp; i <= toImp; i++) {
      s += a[i - 1];
    }
    return s / (toImp - fromImp + 1);
  }

  static void ibfClaims(Map<String, double[]> agg, Map<String, double[]> ifp, Map<String, double[]> ifn, long mem) {
    p("### IBF paper claims");
    p("");
    long m = mem / 3;
    ImportanceMap f = new ImportanceMap(1, 50, 7);
    double[] q = new double[8];
    for (int imp = 1; imp <= 50; imp++) {
      q[f.apply(imp)] += 1 / 50.0;
    }
    double sbfBound = StableTheory.stableFppBound(StableTheory.sbfZeroFraction(m, 7, 5, 10), 5);
    double mcBound = StableTheory.stableFppBound(StableTheory.ibfMcCellDistribution(m, 5, 10, q)[0], 5);
    double tcBound = StableTheory.stableFppBound(StableTheory.ibf2cExactCellDistribution(m, 5, 10, q)[0], 5);
    double[] sbfU = agg.get("uniform/0.3/sbf");
    double[] mcU = agg.get("uniform/0.3/ibf-mc");
    double[] hU = agg.get("uniform/0.3/ibf-h");
    double[] tcU = agg.get("uniform/0.3/ibf-2c");
    double sbfHiFp = meanRange(ifp.get("inverse/sbf"), 36, 50);
    double mcHiFp = meanRange(ifp.get("inverse/ibf-mc"), 36, 50);
    double sbfHiFn = meanRange(ifn.get("inverse/sbf"), 36, 50);
    double mcHiFn = meanRange(ifn.get("inverse/ibf-mc"), 36, 50);
    double mcLoFn = meanRange(ifn.get("uniform/ibf-mc"), 1, 14);
    double mcHi2Fn = meanRange(ifn.get("uniform/ibf-mc"), 37, 50);
    p("| claim | verdict | measured here |");
    p("|---|---|---|");
    p(f("| \"K = 5, P = 10 ... upper bounds the false positive rate to our benchmark of 20%%\" (IV.A) | %s | "
        + "stable bound (1 - V0)^5 at m = %,d: SBF %s%%, IBF-2C %s%%, IBF-MC %s%% (uniform importance) |",
        mcBound <= 0.2 && sbfBound <= 0.2 ? "reproduced" : (mcBound <= 0.2 ? "only for IBF-MC" : "not reproduced"),
        m, pct(sbfBound), pct(tcBound), pct(mcBound)));
    p(f("| IBF-MC has several-fold lower FP and wFP than SBF (Table II: wFP 26%% vs 6%%, \"4-fold\") | %s | "
        + "uniform occurrence, 30%%: wFP SBF %s%%, IBF-MC %s%% (%.1fx) |",
        sbfU[2] > 3 * mcU[2] ? "reproduced" : "not reproduced", pct(sbfU[2]), pct(mcU[2]), sbfU[2] / mcU[2]));
    p(f("| ... at a marginal increase of false negatives (Table II: wFN 1%% vs 5%%) | %s | wFN SBF %s%%, IBF-MC %s%% |",
        mcU[3] - sbfU[3] < 0.1 ? "reproduced" : "not reproduced (FN rise is large)", pct(sbfU[3]), pct(mcU[3])));
    p(f("| FN rates fall with increasing importance for Imp-insert and M/2-insert (IV.E) | %s | IBF-MC FN rate, "
        + "importance 1-14: %s%%, 37-50: %s%% |", mcHi2Fn < mcLoFn ? "reproduced" : "not reproduced", pct(mcLoFn), pct(mcHi2Fn)));
    p(f("| Rare important elements (inverse occurrence), importance > 35: IBF about 4%% lower FN and 8%% lower FP than SBF (IV.E) | %s | "
        + "IBF-MC vs SBF: FP %s%% vs %s%%, FN %s%% vs %s%% |",
        mcHiFp < sbfHiFp && mcHiFn < sbfHiFn ? "reproduced" : (mcHiFp < sbfHiFp ? "FP reproduced, FN not" : "not reproduced"),
        pct(mcHiFp), pct(sbfHiFp), pct(mcHiFn), pct(sbfHiFn)));
    p(f("| IBF-H behaves like IBF-MC but with higher false negatives (IV.E) | %s | uniform, 30%%: FP/FN IBF-H %s%%/%s%%, IBF-MC %s%%/%s%% |",
        hU[1] > mcU[1] ? "reproduced" : "not reproduced", pct(hU[0]), pct(hU[1]), pct(mcU[0]), pct(mcU[1])));
    p(f("| IBF-2C lies between SBF and IBF-MC (Table II) | %s | FP SBF %s%%, IBF-2C %s%%, IBF-MC %s%% |",
        sbfU[0] > tcU[0] && tcU[0] > mcU[0] ? "reproduced" : "not reproduced", pct(sbfU[0]), pct(tcU[0]), pct(mcU[0])));
    p("| The fraction of zeros is constant and matches the DTMC (Fig. 18, Cor. III.2, Thm. III.3) | reproduced | see the table above; tests hold SBF and every IBF variant within 2% absolute |");
    p(maxClaim);
    p("");
    p(f("Why the false negatives are higher here than in Table II: our repeats pick any element seen so far, so "
        + "the gap between an element and its repeat is of the order of the stream length, while an SBF cell set "
        + "to M = 7 survives about M m / P = %,d records (P = 10 of m = %,d cells decremented per record). The "
        + "paper's SBF FN of 0.84%% on the Youtube traces means their requests recur much sooner; its synthetic "
        + "data is shown only as plots. The importance-aware variants trade FN for FP as the paper describes: "
        + "the lower the cell values they write, the sooner cells reach 0, the more zeros (fewer FP) and the "
        + "more evictions (more FN); IBF-H, which aims its decrements at low cells, is the extreme.", 7 * m / 10, m));
    p("");
  }
}
