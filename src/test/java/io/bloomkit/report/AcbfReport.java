package io.bloomkit.report;

import io.bloomkit.acbf.AcbfTheory;
import io.bloomkit.core.BloomMath;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.testing.Binomial;
import io.bloomkit.core.AcbfSizing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Writes {@code docs/results/README.md} (the ACBF reproduction) and {@code docs/results/join.md}
 * (the filtered joins) with their PNG plots, from what {@code scripts/report-acbf.sh} and {@code
 * scripts/bench-join.sh} measured. Usage: {@code AcbfReport OUT_DIR SIM_CSV [JOIN_DIR]
 * [COMMAND_NOTE]}.
 */
public final class AcbfReport {
  static final String[] FILTERS = {"cbf", "acbf1", "acbf2", "acbf3", "acbf-opt"};

  private AcbfReport() {}

  /** One CSV row of {@code simulate acbf}. */
  static final class Row {
    final Map<String, String> v;

    Row(Map<String, String> v) {
      this.v = v;
    }

    String s(String k) {
      return v.get(k);
    }

    double d(String k) {
      String x = v.get(k);
      return x == null || x.isEmpty() ? Double.NaN : Double.parseDouble(x);
    }

    int i(String k) {
      return (int) d(k);
    }
  }

  static List<Row> readCsv(Path csv) throws IOException {
    List<Row> rows = new ArrayList<>();
    try (CSVParser p = CSVParser.parse(csv, StandardCharsets.UTF_8,
        CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
      for (CSVRecord r : p) {
        rows.add(new Row(r.toMap()));
      }
    }
    return rows;
  }

  static String fmt(double x) {
    if (Double.isNaN(x)) {
      return "–";
    }
    if (x == 0) {
      return "0";
    }
    if (Math.abs(x) < 1e-3 || Math.abs(x) >= 1e5) {
      return String.format(Locale.ROOT, "%.3e", x);
    }
    return String.format(Locale.ROOT, "%.4g", x);
  }

  /** A count: an integer with thousands separators. */
  static String count(double x) {
    return Double.isNaN(x) ? "–" : String.format(Locale.ROOT, "%,d", Math.round(x));
  }

  static String pct(double x) {
    if (Double.isNaN(x)) {
      return "–";
    }
    // near 100% one decimal would round 99.97% up to a misleading 100.0%
    return String.format(Locale.ROOT, x > 0.99 && x < 1 ? "%.3f%%" : "%.1f%%", 100 * x);
  }

  private static List<Row> select(List<Row> rows, String filter, String hashChoice, String phase) {
    return rows.stream()
        .filter(r -> r.s("filter").equals(filter))
        .filter(r -> r.s("hashChoice").equals(hashChoice))
        .filter(r -> r.s("phase").equals(phase))
        .sorted((a, b) -> Integer.compare(a.i("countersPerItem"), b.i("countersPerItem")))
        .collect(Collectors.toList());
  }

  /** Theory of a filter as the simulation defines it (eq. 1, 3-4, 7), n = C. */
  static double theory(String filter, long m, long n, int k) {
    switch (filter) {
      case "cbf":
        return BloomMath.bloomFpp(m, n, k);
      case "acbf-opt":
        return AcbfTheory.optimalFpp(m, n, k, n);
      default:
        return AcbfTheory.fpp(AcbfSizing.firstLevel(m, filter.charAt(4) - '0'), n, k);
    }
  }

  private static void fprPlot(Path png, List<Row> rows, String hashChoice, String title)
      throws IOException {
    List<Charts.Series> series = new ArrayList<>();
    long n = (long) rows.get(0).d("items");
    int colour = 0;
    for (String f : FILTERS) {
      java.awt.Color c = Charts.palette(colour++);
      List<Row> init = select(rows, f, hashChoice, "initial");
      List<Row> after = select(rows, f, hashChoice, "after-updates");
      if (init.isEmpty()) {
        continue;
      }
      double[] x = new double[init.size()];
      double[] th = new double[init.size()];
      double[] y = new double[init.size()];
      for (int i = 0; i < init.size(); i++) {
        x[i] = init.get(i).d("countersPerItem");
        th[i] = init.get(i).d("theory");
        y[i] = Math.max(init.get(i).d("fpp"), 1e-9); // zero counts drawn at the floor
      }
      series.add(new Charts.Series(f + " theory", x, th, true).color(c));
      series.add(new Charts.Series(f + " measured", x, y, false).color(c));
      if (!after.isEmpty()) {
        double[] ya = new double[after.size()];
        for (int i = 0; i < after.size(); i++) {
          ya[i] = Math.max(after.get(i).d("fpp"), 1e-9);
        }
        series.add(new Charts.Series(f + " after updates", x, ya, false).color(c.darker()));
      }
    }
    Charts.xy(png, title + " (n = " + n + ")", "m/n (counters per item)", "false positive rate", true, series);
  }

  /** Mean over m/n of 1 - a/b, from the theory column or the measured rates. */
  private static double meanReduction(List<Row> rows, String better, String worse, String hc, boolean measured) {
    List<Row> a = select(rows, better, hc, "initial");
    List<Row> b = select(rows, worse, hc, "initial");
    double sum = 0;
    int c = 0;
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      double x = measured ? a.get(i).d("fpp") : a.get(i).d("theory");
      double y = measured ? b.get(i).d("fpp") : b.get(i).d("theory");
      if (y > 0) {
        sum += 1 - x / y;
        c++;
      }
    }
    return c == 0 ? Double.NaN : sum / c;
  }

  private static double maxReduction(List<Row> rows, String better, String worse, String hc) {
    List<Row> a = select(rows, better, hc, "initial");
    List<Row> b = select(rows, worse, hc, "initial");
    double best = Double.NaN;
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      double y = b.get(i).d("theory");
      if (y > 0) {
        double r = 1 - a.get(i).d("theory") / y;
        best = Double.isNaN(best) ? r : Math.max(best, r);
      }
    }
    return best;
  }

  /** A measured reduction is quoted only where each filter had at least this many false positives. */
  static final int MIN_EVENTS = 10;

  /**
   * The largest measured reduction {@code 1 - rate(better) / rate(worse)} over the m/n where both
   * filters had at least {@link #MIN_EVENTS} false positives, with the m/n, both counts and a 95%
   * interval: given x + y false positives in all, x (the better filter's) is binomial with p = its
   * share of the two rates (weighted by the queries), so Clopper-Pearson bounds on p bound the
   * ratio. "–" with the reason where no m/n has enough events.
   */
  static String largestMeasured(List<Row> rows, String better, String worse, String hc) {
    List<Row> a = select(rows, better, hc, "initial");
    List<Row> b = select(rows, worse, hc, "initial");
    int best = -1;
    double bestR = Double.NaN;
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      if (a.get(i).d("falsePositives") >= MIN_EVENTS && b.get(i).d("falsePositives") >= MIN_EVENTS) {
        double r = 1 - a.get(i).d("fpp") / b.get(i).d("fpp");
        if (best < 0 || r > bestR) {
          best = i;
          bestR = r;
        }
      }
    }
    if (best < 0) {
      return String.format(Locale.ROOT, "– (no m/n with %d or more false positives of each)", MIN_EVENTS);
    }
    Row x = a.get(best);
    Row y = b.get(best);
    long fx = (long) x.d("falsePositives");
    long fy = (long) y.d("falsePositives");
    double queries = y.d("queries") / x.d("queries");
    double pLow = Binomial.lowerBound(fx, fx + fy, 0.025);
    double pHigh = Binomial.upperBound(fx, fx + fy, 0.025);
    double ratioLow = pLow / (1 - pLow) * queries;
    double ratioHigh = pHigh / (1 - pHigh) * queries;
    return String.format(Locale.ROOT, "%s at m/n = %d (%d vs %d false positives; 95%% interval %s to %s;"
            + " theory there %s)",
        pct(bestR), x.i("countersPerItem"), fx, fy, pct(1 - ratioHigh), pct(1 - ratioLow),
        pct(1 - x.d("theory") / y.d("theory")));
  }

  private static String simulationSection(List<Row> rows, Path out) throws IOException {
    StringBuilder md = new StringBuilder();
    Row first = rows.get(0);
    md.append("## 2. The simulation of section 3.3\n\n");
    md.append(String.format(Locale.ROOT,
        "%d unique strings stored, %s absent strings queried per trial and phase, %d trials, "
            + "then %d update periods each deleting 20%% of the items and inserting as many "
            + "(n constant). Equal memory: m counters of 4 bits for the CBF, a 4m-bit budget for "
            + "every ACBF.\n\n",
        first.i("items"), fmt(first.d("queries") / first.d("trials")), first.i("trials"),
        (int) rows.stream().mapToDouble(r -> r.d("updatePeriods")).max().orElse(0)));
    fprPlot(out.resolve("acbf-fpr-k3.png"), rows, "3", "False positive rate at k = 3");
    md.append("![FPR at k = 3](acbf-fpr-k3.png)\n\n");
    if (!select(rows, "cbf", "cbf-best", "initial").isEmpty()) {
      fprPlot(out.resolve("acbf-fpr-paper-k.png"), rows, "cbf-best",
          "False positive rate at the CBF's optimal k (the paper's Figures 4(b), 5(b))");
      md.append("![FPR at the paper's k](acbf-fpr-paper-k.png)\n\n");
    }
    if (!select(rows, "cbf", "best", "initial").isEmpty()) {
      fprPlot(out.resolve("acbf-fpr-best-k.png"), rows, "best", "False positive rate at each filter's own best k");
      md.append("![FPR at each filter's best k](acbf-fpr-best-k.png)\n\n");
    }
    md.append("### Every point\n\n");
    md.append("| filter | m/n | k | k chosen as | phase | false positives | measured rate | theory | measured / theory | query ns | update ns |\n");
    md.append("|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      double ratio = r.d("theory") > 0 ? r.d("fpp") / r.d("theory") : Double.NaN;
      md.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s | %d | %s | %s | %s | %s | %s |\n",
          r.s("filter"), r.i("countersPerItem"), r.i("hashes"), r.s("hashChoice"), r.s("phase"),
          (long) r.d("falsePositives"), fmt(r.d("fpp")), fmt(r.d("theory")), fmt(ratio),
          fmt(r.d("queryNanos")), fmt(r.d("updateNanos"))));
    }
    md.append("\n");
    return md.toString();
  }

  private static String claimsTable(List<Row> rows) {
    StringBuilder md = new StringBuilder();
    md.append("## 1. The paper's figures side by side\n\n");
    md.append("Reductions are `1 - rate(ACBF_opt) / rate(other)`. \"Our theory\" evaluates the paper's "
        + "own equations (eq. 1, 3-4, 6-7) at the simulated points; \"our measurement\" is the "
        + "simulation of section 2 (phase `initial`). \"Largest\" measured reductions are taken over "
        + "the m/n where each filter had at least " + MIN_EVENTS + " false positives, and each is "
        + "quoted with that m/n, both counts and a 95% interval (Clopper-Pearson on the better "
        + "filter's share of the false positives): a reduction resting on one or two events says "
        + "nothing, and rates below about 1e-6 cannot be measured this way with 10^7 queries. "
        + "\"Largest\" theoretical reductions are over every simulated m/n.\n\n");
    md.append("| paper figure | claim | paper value | our theory | our measurement | note |\n");
    md.append("|---|---|---:|---:|---:|---|\n");
    String[][] fig4a = {{"cbf", "97.6%"}, {"acbf2", "83.7%"}, {"acbf3", "48.1%"}};
    for (String[] c : fig4a) {
      md.append(String.format(Locale.ROOT, "| 4(a), theory, k = 3 | ACBF_opt vs %s, mean over m/n = 8..20 | %s | %s | %s | %s |\n",
          c[0], c[1], pct(meanReduction(rows, "acbf-opt", c[0], "3", false)),
          pct(meanReduction(rows, "acbf-opt", c[0], "3", true)),
          "the paper's \"up to\" values are the means over m/n"));
    }
    String[][] fig5a = {{"cbf", "96.0%"}, {"acbf2", "76.6%"}, {"acbf3", "35.5%"}};
    for (String[] c : fig5a) {
      md.append(String.format(Locale.ROOT, "| 5(a), simulation, k = 3 | ACBF_opt vs %s, largest over m/n | %s | %s | %s | %s |\n",
          c[0], c[1], pct(maxReduction(rows, "acbf-opt", c[0], "3")),
          largestMeasured(rows, "acbf-opt", c[0], "3"),
          "the paper's simulation fell below its own theory; ours lands on it"));
    }
    if (!select(rows, "cbf", "cbf-best", "initial").isEmpty()) {
      List<Row> cbf = select(rows, "cbf", "cbf-best", "initial");
      List<Row> opt = select(rows, "acbf-opt", "cbf-best", "initial");
      Row lastCbf = cbf.get(cbf.size() - 1);
      Row lastOpt = opt.get(opt.size() - 1);
      md.append(String.format(Locale.ROOT, "| 4(b), theory, k = k_opt | ACBF_opt vs CBF at m/n = %d, k = %d | five orders of magnitude | %s x | %s | %s |\n",
          lastCbf.i("countersPerItem"), lastCbf.i("hashes"), fmt(lastCbf.d("theory") / lastOpt.d("theory")),
          lastOpt.d("falsePositives") > 0 ? fmt(lastCbf.d("fpp") / lastOpt.d("fpp")) + " x" : "0 false positives for ACBF_opt in " + fmt(lastOpt.d("queries")) + " queries",
          "too rare to measure at this query count"));
      md.append(String.format(Locale.ROOT, "| 4(b), theory, k = k_opt | ACBF_opt vs ACBF_2, largest | 99.8%% | %s | %s | |\n",
          pct(maxReduction(rows, "acbf-opt", "acbf2", "cbf-best")), largestMeasured(rows, "acbf-opt", "acbf2", "cbf-best")));
      md.append(String.format(Locale.ROOT, "| 4(b), theory, k = k_opt | ACBF_opt vs ACBF_3, largest | 69.6%% | %s | %s | |\n",
          pct(maxReduction(rows, "acbf-opt", "acbf3", "cbf-best")), largestMeasured(rows, "acbf-opt", "acbf3", "cbf-best")));
      md.append(String.format(Locale.ROOT, "| 5(b), simulation, k = k_opt | ACBF_opt vs CBF, largest measured | 98.4%% | %s | %s | measured where each had at least %d false positives |\n",
          pct(maxReduction(rows, "acbf-opt", "cbf", "cbf-best")), largestMeasured(rows, "acbf-opt", "cbf", "cbf-best"), MIN_EVENTS));
    }
    double q = rows.stream().mapToDouble(r -> r.d("queryNanos")).average().orElse(Double.NaN);
    md.append(String.format(Locale.ROOT, "| 6 | query time per operation, every filter | 2.4 µs | – | %s ns (mean; includes building and hashing the query string) | 2009 hardware vs this machine |\n", fmt(q)));
    for (String f : new String[] {"cbf", "acbf-opt"}) {
      double u = rows.stream().filter(r -> r.s("filter").equals(f)).mapToDouble(r -> r.d("updateNanos"))
          .filter(x -> !Double.isNaN(x)).average().orElse(Double.NaN);
      md.append(String.format(Locale.ROOT, "| 7 | update time per operation, %s | %s | – | %s ns (mean of deletes and inserts) | %s |\n",
          f, f.equals("cbf") ? "2.6-3.2 µs" : "1.4-4.2 ms", fmt(u),
          f.equals("cbf") ? "" : "blocked levels: an update touches one 4096-bit segment's levels, not whole levels"));
    }
    md.append("\n");
    return md.toString();
  }

  // ---- joins ----

  /** The three JSON results (build, inspect, join) of one configuration of scripts/bench-join.sh. */
  static Map<String, Object> readJson(Path p) throws IOException {
    if (!Files.exists(p)) {
      return null;
    }
    List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
    for (int i = lines.size() - 1; i >= 0; i--) {
      if (lines.get(i).trim().startsWith("{")) {
        return MiniJson.parseObject(lines.get(i));
      }
    }
    return null;
  }

  static double num(Map<String, Object> m, String k) {
    if (m == null || !(m.get(k) instanceof Number)) {
      return Double.NaN;
    }
    return ((Number) m.get(k)).doubleValue();
  }

  private static String joinSection(Path joinDir, Path out) throws IOException {
    StringBuilder md = new StringBuilder();
    List<Path> datasets;
    try (Stream<Path> s = Files.list(joinDir)) {
      datasets = s.filter(Files::isDirectory).sorted().collect(Collectors.toList());
    }
    for (Path ds : datasets) {
      List<Path> configs;
      try (Stream<Path> s = Files.list(ds)) {
        configs = s.filter(Files::isDirectory).sorted().collect(Collectors.toList());
      }
      Map<String, Object> meta = readJson(ds.resolve("dataset.json"));
      md.append("### ").append(meta != null && meta.get("title") != null ? meta.get("title") : ds.getFileName()).append("\n\n");
      if (meta != null && meta.get("command") != null) {
        md.append("Data: `").append(meta.get("command")).append("`\n\n");
      }
      md.append("| filter | bits per key | k | filter bytes | build s | join s | total s | right passed | false positives | false positive keys | observed rate per record | observed rate per key | theory | map output records | map output bytes | output records |\n");
      md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
      Map<String, Double> mapOut = new LinkedHashMap<>();
      Map<String, Double> totals = new LinkedHashMap<>();
      TreeMap<Long, Integer> outputs = new TreeMap<>();
      double ideal = Double.NaN;
      double noneSeconds = Double.NaN;
      Map<String, double[]> byLabel = new LinkedHashMap<>();
      for (Path c : configs) {
        Map<String, Object> b = readJson(c.resolve("build.json"));
        Map<String, Object> in = readJson(c.resolve("inspect.json"));
        Map<String, Object> j = readJson(c.resolve("join.json"));
        Map<String, Object> cfg = readJson(c.resolve("config.json"));
        if (j == null) {
          continue;
        }
        String label = cfg != null ? String.valueOf(cfg.get("label")) : c.getFileName().toString();
        double build = b == null ? 0 : num(b, "seconds");
        double join = num(j, "seconds");
        double total = build + join;
        double fp = num(j, "falsePositives");
        double passed = num(j, "rightPassed");
        double left = num(j, "leftRecords");
        if (!Double.isNaN(passed) && !Double.isNaN(fp)) {
          ideal = left + passed - fp; // a perfect filter passes only matching right records
        }
        outputs.merge((long) num(j, "outputRecords"), 1, Integer::sum);
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
            label, cfg != null && cfg.get("bitsPerKey") != null ? String.valueOf(cfg.get("bitsPerKey")) : "–",
            in == null ? "–" : String.valueOf(in.get("hashes")),
            in == null ? "–" : count(num(in, "serializedBytes")),
            b == null ? "–" : fmt(build), fmt(join), fmt(total), count(passed), count(fp),
            count(num(j, "falsePositiveKeys")), fmt(num(j, "observedFppPerRecord")),
            fmt(num(j, "observedFppPerKey")), fmt(num(j, "theoreticalFpp")),
            count(num(j, "mapOutputRecords")), count(num(j, "mapOutputBytes")), count(num(j, "outputRecords"))));
        mapOut.put(label, num(j, "mapOutputRecords"));
        totals.put(label, total);
        byLabel.put(label, new double[] {num(j, "observedFppPerKey"), num(j, "mapOutputRecords"), join, total, num(j, "theoreticalFpp")});
        if (label.equals("none")) {
          noneSeconds = total;
        }
      }
      md.append("\n");
      md.append(outputs.size() == 1
          ? "Output records are equal across all filters (" + outputs.firstKey() + "): every filter is exact in what it keeps.\n\n"
          : "**Output records differ across filters: " + outputs + "** — a bug.\n\n");
      if (!Double.isNaN(ideal)) {
        md.append(String.format(Locale.ROOT, "Ideal map output records (a perfect filter: left records plus matching right records): %s.", count(ideal)));
        md.append(" Ratio achieved (map output records / ideal):");
        for (Map.Entry<String, Double> e : mapOut.entrySet()) {
          md.append(String.format(Locale.ROOT, " %s %s;", e.getKey(), fmt(e.getValue() / ideal)));
        }
        md.append("\n\n");
      }
      md.append(goals(byLabel, ideal, noneSeconds));
      String name = ds.getFileName().toString();
      List<String> cats = new ArrayList<>(mapOut.keySet());
      Map<String, List<Double>> s1 = new LinkedHashMap<>();
      s1.put("map output records", new ArrayList<>(mapOut.values()));
      Charts.bars(out.resolve("join-" + name + "-map-output.png"), "Map output records per filter: " + name, "records", false, cats, s1);
      Map<String, List<Double>> s2 = new LinkedHashMap<>();
      s2.put("build + join seconds", new ArrayList<>(totals.values()));
      Charts.bars(out.resolve("join-" + name + "-time.png"), "Build + join time per filter: " + name, "seconds", false, cats, s2);
      md.append("![map output records](join-" + name + "-map-output.png)\n![time](join-" + name + "-time.png)\n\n");
    }
    return md.toString();
  }

  /** Default per-task budget of the exact key set (BloomkitConfig EXACT_MAX_BYTES). */
  static final double EXACT_BUDGET = 256.0 * 1024 * 1024;

  private static String scaleSection(Path dir) throws IOException {
    StringBuilder md = new StringBuilder("## Where each filter pays\n\n");
    md.append("The left side alone at three sizes, each filter sized for the same target (`--fpp 0.01`; "
        + "exact has no false positives). Query-side memory is what a join map task holds: the "
        + "bits of a Bloom filter, the first level of an ACBF (the levels are not loaded), the keys "
        + "and their offsets for the exact set.\n\n");
    md.append("| distinct keys | filter | k | file bytes | bytes per key | query-side memory | theoretical rate |\n");
    md.append("|---:|---|---:|---:|---:|---:|---:|\n");
    List<Path> sizes;
    try (Stream<Path> st = Files.list(dir)) {
      sizes = st.filter(Files::isDirectory)
          .sorted((a, b) -> Long.compare(Long.parseLong(a.getFileName().toString()), Long.parseLong(b.getFileName().toString())))
          .collect(Collectors.toList());
    }
    double exactPerKey = Double.NaN;
    double bloomPerKey = Double.NaN;
    for (Path size : sizes) {
      for (String f : new String[] {"exact", "acbf", "bf"}) {
        Map<String, Object> in = readJson(size.resolve(f).resolve("inspect.json"));
        if (in == null) {
          md.append("| ").append(size.getFileName()).append(" | ").append(f).append(" | – | build failed | | | |\n");
          continue;
        }
        double items = num(in, "items");
        double bytes = num(in, "serializedBytes");
        double mem;
        if (f.equals("acbf")) {
          mem = Math.ceil(num(in, "firstLevelBits") / 64) * 8;
        } else if (f.equals("bf")) {
          mem = Math.ceil(num(in, "bits") / 64) * 8;
        } else {
          mem = bytes;
          exactPerKey = bytes / items;
        }
        if (f.equals("bf")) {
          bloomPerKey = mem / items;
        }
        md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |\n", count(items), f,
            String.valueOf(in.get("hashes")), fmt(bytes), fmt(bytes / items), fmt(mem), fmt(num(in, "fpp"))));
      }
    }
    if (!Double.isNaN(exactPerKey) && !Double.isNaN(bloomPerKey)) {
      md.append(String.format(Locale.ROOT, "%nIn plain words: the exact key set costs about %s bytes per key here, a "
              + "Bloom filter at a 1%% false positive rate about %s. The exact set removes every "
              + "false positive and is the right choice while it fits comfortably in each map task: "
              + "with the default budget of 256 MiB per task (`bloomkit.exact.max.bytes`) that is up to "
              + "about %s keys. Beyond that, or when the filter must be shipped to many tasks over a "
              + "slow network, a Bloom-type filter is the better choice; among those, a plain Bloom "
              + "filter is smallest for a static key set, and the ACBF is the one to pick when the key "
              + "set changes (`bloomkit update`) or counts are needed.%n%n",
          fmt(exactPerKey), fmt(bloomPerKey), fmt(EXACT_BUDGET / exactPerKey)));
    }
    return md.toString();
  }

  /** The goals, measured, for the labels the bench uses. */
  private static String goals(Map<String, double[]> byLabel, double ideal, double noneSeconds) {
    StringBuilder md = new StringBuilder("Goals (measured, not asserted). Each configuration ran once in local mode "
        + "(`mapreduce.local.map.tasks.maximum=2`); map output records and false positives are exact, "
        + "but the seconds of a single local run vary by a second or two between runs, so the time "
        + "ratios are indicative:\n\n");
    for (String b : new String[] {"8", "16"}) {
      double[] cbf = byLabel.get("cbf-" + b);
      double[] acbf = byLabel.get("acbf-" + b);
      if (cbf != null && acbf != null && cbf[0] > 0) {
        double r = 1 - acbf[0] / cbf[0];
        double t = 1 - acbf[4] / cbf[4];
        md.append(String.format(Locale.ROOT, "- ACBF's observed rate per key vs CBF's at %s bits per key: %s lower (goal at least 95%%, paper 72.3%%; the theory at this memory allows %s): %s\n",
            b, pct(r), pct(t), r >= 0.95 ? "met" : "missed" + (t < 0.95 ? ", as the theory says it must at equal memory" : "")));
      }
    }
    double[] acbf16 = byLabel.get("acbf-16");
    if (acbf16 != null && !Double.isNaN(ideal)) {
      double r = acbf16[1] / ideal - 1;
      md.append(String.format(Locale.ROOT, "- ACBF map output records at 16 bits per key: %s above the ideal (goal within 5%%): %s\n",
          pct(r), r <= 0.05 ? "met" : "missed"));
    }
    double[] exact = byLabel.get("exact");
    if (acbf16 != null && exact != null) {
      double r = acbf16[2] / exact[2];
      md.append(String.format(Locale.ROOT, "- ACBF join job time / exact join job time: %s (goal at most 1.15): %s\n",
          fmt(r), r <= 1.15 ? "met" : "missed"));
    }
    if (acbf16 != null && !Double.isNaN(noneSeconds)) {
      double r = acbf16[3] / noneSeconds;
      md.append(String.format(Locale.ROOT, "- ACBF build + join / unfiltered join: %s (goal at most 0.5): %s\n",
          fmt(r), r <= 0.5 ? "met" : "missed"));
    }
    return md.append("\n").toString();
  }

  /** A block another script writes into join.md: {@code <!-- NAME:begin --> ... <!-- NAME:end -->}. */
  private static final Pattern MARKED_BLOCK =
      Pattern.compile("<!-- (\\w+):begin -->.*?<!-- \\1:end -->", Pattern.DOTALL);

  /**
   * The marked blocks of an existing join.md, in order: the columnar tables of
   * scripts/bench-tables.sh ({@code tables}), the star-join pre-filter of scripts/bench-probe.sh
   * ({@code probe}), and any other script's.
   */
  static List<String> markedBlocks(Path joinMd) throws IOException {
    List<String> blocks = new ArrayList<>();
    if (!Files.exists(joinMd)) {
      return blocks;
    }
    Matcher m = MARKED_BLOCK.matcher(
        new String(Files.readAllBytes(joinMd), StandardCharsets.UTF_8));
    while (m.find()) {
      blocks.add(m.group() + "\n");
    }
    return blocks;
  }

  public static void main(String[] args) throws IOException {
    Path out = Paths.get(args.length > 0 ? args[0] : "docs/results");
    Path sim = Paths.get(args.length > 1 ? args[1] : "docs/results/acbf-simulation.csv");
    Path joins = args.length > 2 && !args[2].isEmpty() ? Paths.get(args[2]) : null;
    String note = args.length > 3 ? args[3] : "";
    Files.createDirectories(out);
    StringBuilder md = new StringBuilder("# Results: the ACBF paper reproduced, and filtered joins measured\n\n");
    md.append(note).append("\n\n");
    if (Files.exists(sim)) {
      List<Row> rows = readCsv(sim);
      md.append(claimsTable(rows));
      md.append(simulationSection(rows, out));
    }
    List<String> blocks = markedBlocks(out.resolve("join.md"));
    if (joins != null && Files.isDirectory(joins)) {
      String j = "# Filtered reduce-side joins\n\n" + note + "\n\n" + joinSection(joins, out);
      Files.write(out.resolve("join.md"), j.getBytes(StandardCharsets.UTF_8));
    }
    Path scale = args.length > 4 && !args[4].isEmpty() ? Paths.get(args[4]) : null;
    if (scale != null && Files.isDirectory(scale) && Files.exists(out.resolve("join.md"))) {
      String j = new String(Files.readAllBytes(out.resolve("join.md")), StandardCharsets.UTF_8);
      j += scaleSection(scale);
      Files.write(out.resolve("join.md"), j.getBytes(StandardCharsets.UTF_8));
    }
    for (String block : blocks) {
      // the other scripts' sections (bench-tables.sh, bench-probe.sh) survive a re-render
      if (!Files.exists(out.resolve("join.md"))) {
        break;
      }
      String j = new String(Files.readAllBytes(out.resolve("join.md")), StandardCharsets.UTF_8);
      if (!j.contains(block.substring(0, block.indexOf("-->") + 3))) {
        Files.write(out.resolve("join.md"), (j.replaceAll("\n*$", "\n\n") + block)
            .getBytes(StandardCharsets.UTF_8));
      }
    }
    if (Files.exists(out.resolve("join.md"))) {
      md.append("## 3. Filtered joins\n\nSee [join.md](join.md): every filter on the paper-shaped patent data and on TPC-H.\n");
    }
    Files.write(out.resolve("README.md"), md.toString().getBytes(StandardCharsets.UTF_8));
  }
}
