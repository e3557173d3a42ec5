package io.bloomkit.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Writes {@code docs/results/stream-filters.md} and its plots: RSBF vs SBF (RSBF paper Tables 2-5
 * at reduced size, FPR and FNR against stream length of Figs. 2-5 and 8, convergence of Figs. 6-7,
 * Theorem 5.1), IBF vs SBF vs BF (IBF paper Table II
 * metrics, I_fp / I_fn of Figs. 10-17, Fig. 18's zero cells). Every number comes from {@code
 * simulate dedup} runs made here. Usage: {@code StreamFiltersReport OUT_DIR NOTE [--quick]}. The
 * sections: {@link StreamRsbfSection}, {@link StreamRsbfFigures}, {@link StreamIbfSection}.
 */
public final class StreamFiltersReport {
  private StreamFiltersReport() {}

  static double d(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  static long l(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).longValue();
  }

  static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
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

  static String[] concat(String[] a, String... b) {
    String[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  public static void main(String[] args) throws IOException {
    Path out = Paths.get(args.length > 0 ? args[0] : "docs/results");
    String note = args.length > 1 ? args[1] : "";
    StreamReportPage page = new StreamReportPage(out, Arrays.asList(args).contains("--quick"));
    Files.createDirectories(out.resolve("stream-filters"));
    long start = System.nanoTime();
    page.p("# Stream duplicate detection: SBF, RSBF, IBF");
    page.p("");
    page.p("Filters of `io.bloomkit.stable` (`StreamFilters`) run by `simulate dedup` against an exact oracle "
        + "(the set of keys seen): a false positive (FP) is a distinct arrival reported duplicate, a false "
        + "negative (FN) a duplicate arrival reported distinct; FPR = FP / distinct arrivals, FNR = FN / "
        + "duplicate arrivals. Papers: RSBF — Dutta, Bhattacharjee, Narang, EDBT 2012 (with SBF, Deng and "
        + "Rafiei 2006, as baseline); IBF — Boraskar, Gabale, Kulkarni, Kulkarni (section II.B describes SBF).");
    page.p("");
    page.p(note);
    page.p("");
    page.p("Command for one run (one JSON line): `scripts/bloomkit simulate dedup --filter bf|sbf|rsbf|ibf-2c|ibf-2c-alg1|ibf-mc|ibf-h "
        + "--memory-bits B --stream zipf|uniform|importance --length N --universe U [--alpha A] [--seed S] "
        + "[--num-hashes K] [--max M] [--decrements P] [--fpr-target T] [--threshold p*] [--importance-min X] "
        + "[--importance-max Y] [--repeat R] [--occurrence uniform|proportional|inverse] [--trace-every R]`.");
    page.p("");
    page.p("**Interpretations** (each written in the class comment): RSBF follows the prose of section 4 where "
        + "Algorithm 1's pseudo-code disagrees — the first s elements are inserted without resets; later ones with "
        + "probability s/i, or always when s/i < p* and the element is reported distinct; an insertion resets one "
        + "uniformly chosen bit per filter and then sets the element's bit (the order and choice Theorem 5.1's "
        + "transition probabilities imply). SBF and IBF decrement P distinct random cells (probability exactly P/m "
        + "per cell, the chains' p). IBF-2C raises a cell to floor(M/2) or M (`max(cell, value)`), the chain its "
        + "Theorem III.1 balances; the paper's prose says \"set\" and its pseudo-code sets cells at or above M/2 to M. "
        + "IBF-H picks each of its P decrements among non-zero cells with probability proportional to 1/value.");
    page.p("");
    new StreamRsbfSection(page).write();
    new StreamRsbfFigures(page).write();
    new StreamIbfSection(page).write();
    page.p("");
    page.p(f("_Simulations took %.0f s; the whole report %.0f s._", page.simMillis / 1000.0,
        (System.nanoTime() - start) / 1e9));
    Files.write(out.resolve("stream-filters.md"), page.md.toString().getBytes(StandardCharsets.UTF_8));
  }
}
