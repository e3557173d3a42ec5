package io.bloomkit.report;

import io.bloomkit.mapreduce.cli.MiniJson;
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

/**
 * Writes {@code docs/results/dedup.md} and its plots from the JSON lines {@code
 * scripts/report-dedup.sh} collected (every number is a tool's output). Usage: {@code DedupReport
 * RES_DIR OUT_DIR NOTE RECORDS ICEBERG_THRESHOLD}.
 */
public final class DedupReport {
  private DedupReport() {}

  private static final StringBuilder md = new StringBuilder();
  private static final String[] FILTERS = {"bf", "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h"};
  private static final String[] LOGS = {"dup10", "dup50", "dup90"};
  private static Path img;

  /** One run: section, log, label and the tool's JSON. */
  private static final class Run {
    final String section;
    final String log;
    final String label;
    final Map<String, Object> r;

    Run(Map<String, Object> line) {
      section = (String) line.get("section");
      log = (String) line.get("log");
      label = (String) line.get("label");
      @SuppressWarnings("unchecked")
      Map<String, Object> result = (Map<String, Object>) line.get("result");
      r = result;
    }

    double d(String k) {
      Object v = r.get(k);
      return v == null ? Double.NaN : ((Number) v).doubleValue();
    }

    long l(String k) {
      Object v = r.get(k);
      return v == null ? -1 : ((Number) v).longValue();
    }

    boolean has(String k) {
      return r.get(k) != null;
    }
  }

  private static final List<Run> runs = new ArrayList<>();
  private static final Map<String, Map<String, Object>> logs = new LinkedHashMap<>();

  private static Run find(String section, String log, String label) {
    for (Run r : runs) {
      if (r.section.equals(section) && r.log.equals(log) && r.label.equals(label)) {
        return r;
      }
    }
    return null;
  }

  private static String f(String fmt, Object... a) {
    return String.format(Locale.ROOT, fmt, a);
  }

  private static void p(String s) {
    md.append(s).append('\n');
  }

  private static String pct(double v) {
    return Double.isNaN(v) ? "–" : f("%.2f", 100 * v);
  }

  private static String mb(long bytes) {
    return bytes < 0 ? "–" : f("%.1f", bytes / 1e6);
  }

  private static String n(long v) {
    return v < 0 ? "–" : f("%,d", v);
  }

  public static void main(String[] args) throws IOException {
    Path res = Paths.get(args[0]);
    Path out = Paths.get(args[1]);
    String note = args[2];
    long records = Long.parseLong(args[3]);
    long threshold = Long.parseLong(args[4]);
    img = out.resolve("dedup");
    Files.createDirectories(img);
    for (String line : Files.readAllLines(res.resolve("runs.jsonl"), StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        runs.add(new Run(MiniJson.parseObject(line)));
      }
    }
    for (String line : Files.readAllLines(res.resolve("logs.jsonl"), StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        Map<String, Object> l = MiniJson.parseObject(line);
        @SuppressWarnings("unchecked")
        Map<String, Object> g = (Map<String, Object>) l.get("generate");
        logs.put((String) l.get("log"), g);
      }
    }
    p("# Duplicate elimination and global icebergs on generated click logs");
    p("");
    p(note);
    p("");
    p("Every number below is a tool's JSON output from `scripts/report-dedup.sh` (local mode, two map"
        + " and two reduce slots, one run per configuration after a warm-up; times are single runs"
        + " on a shared two-core machine, so differences under ~20% are noise).");
    p("");
    p("## The data");
    p("");
    p(f("`scripts/bloomkit generate clicks --records %d --duplicate-share F --parts 4` (seed 7, one"
        + " week of seconds, 10,000 ads, Zipf exponent 1): lines `time,click,ad,weight,importance`;"
        + " a share F of the lines re-send an earlier click, the click of recency rank r with r"
        + " Zipf-distributed (recent clicks are re-sent most). The dedup key is the click (field 1),"
        + " the time field 0.", records));
    p("");
    p("| log | records | distinct clicks | duplicates | MB |");
    p("|---|---:|---:|---:|---:|");
    for (Map.Entry<String, Map<String, Object>> e : logs.entrySet()) {
      Map<String, Object> g = e.getValue();
      p(f("| %s | %s | %s | %s | %s |", e.getKey(), n(((Number) g.get("records")).longValue()),
          n(((Number) g.get("distinctClicks")).longValue()),
          n(((Number) g.get("duplicates")).longValue()), mb(((Number) g.get("bytes")).longValue())));
    }
    p("");
    methods();
    filters();
    icebergs(threshold);
    Files.writeString(out.resolve("dedup.md"), md.toString(), StandardCharsets.UTF_8);
  }

  /** The stream label plotted for a log: sbf at 1 bit per distinct click, timer with the window. */
  private static String streamLabel(String log) {
    return log.endsWith("-24h") ? "stream-timer-1" : "stream-sbf-1";
  }

  private static void methods() throws IOException {
    p("## 1. exact vs counting vs stream: what goes through the shuffle");
    p("");
    p("`dedup --method exact|counting|stream --reducers 2` on each log; `counting` sized with"
        + " `--items` = the distinct clicks and 32 bits per key (the default); `stream` = an SBF"
        + " (Max 7, K 5, P 10) of 1 bit per distinct click in 2 slices, with and without the"
        + " map-side leaf `--local-filter exact`. The 24-hour window case (`--window 86400` on the"
        + " 50% log) runs the timer filter at 1 and 8 bits per distinct click. `shuffle avoided`:"
        + " records written by the map side without a shuffle (counting: certainly unique keys;"
        + " local filter: duplicates found in the map task). FPR/FNR only where the run was"
        + " evaluated (`--evaluate`); exact and counting are exact.");
    p("");
    p("| log | method | kept | duplicates | map output records | map output MB | shuffle avoided"
        + " | vs exact (bytes) | FPR % | FNR % | seconds |");
    p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    List<String> categories = new ArrayList<>();
    Map<String, List<Double>> bytes = new LinkedHashMap<>();
    Map<String, List<Double>> secs = new LinkedHashMap<>();
    String[] series = {"exact", "counting", "stream", "stream + local exact"};
    for (String s : series) {
      bytes.put(s, new ArrayList<>());
      secs.put(s, new ArrayList<>());
    }
    List<String> logs = new ArrayList<>();
    for (Run r : runs) {
      if (r.section.equals("methods") && !logs.contains(r.log)) {
        logs.add(r.log);
      }
    }
    for (String log : logs) {
      Run exact = find("methods", log, "exact");
      for (Run r : runs) {
        if (!r.section.equals("methods") || !r.log.equals(log)) {
          continue;
        }
        double ratio = exact == null ? Double.NaN : (double) r.l("mapOutputBytes") / exact.l("mapOutputBytes");
        p(f("| %s | %s | %s | %s | %s | %s | %s | %.3f | %s | %s | %.1f |", log, r.label,
            n(r.l("kept")), n(r.l("duplicates")), n(r.l("mapOutputRecords")),
            mb(r.l("mapOutputBytes")), n(r.l("shuffleAvoided")), ratio, pct(r.d("fpr")),
            pct(r.d("fnr")), r.d("seconds")));
      }
      categories.add(log);
      String[] labels = {"exact", "counting", streamLabel(log), "stream-sbf-1-local-exact"};
      for (int i = 0; i < series.length; i++) {
        Run r = find("methods", log, labels[i]);
        bytes.get(series[i]).add(r == null ? 0.0 : r.l("mapOutputBytes") / 1e6);
        secs.get(series[i]).add(r == null ? 0.0 : r.d("seconds"));
      }
    }
    p("");
    Charts.bars(img.resolve("methods-map-output.png"),
        "dedup: map output (shuffled) MB per method", "MB", false, categories, bytes);
    Charts.bars(img.resolve("methods-seconds.png"), "dedup: seconds per method (single runs)",
        "seconds", false, categories, secs);
    p("![map output bytes per method](dedup/methods-map-output.png)");
    p("![seconds per method](dedup/methods-seconds.png)");
    p("");
    p("(In the 24-hour case the `stream` bars are the timer filter at 1 bit per distinct click and"
        + " there is no local-filter run.)");
    p("");
    List<String> facts = new ArrayList<>();
    for (String log : logs) {
      Run exact = find("methods", log, "exact");
      Run counting = find("methods", log, "counting");
      if (exact != null && counting != null) {
        boolean same = exact.l("kept") == counting.l("kept")
            && exact.l("duplicates") == counting.l("duplicates");
        facts.add(f("%s: counting shuffles %.1f%% of exact's bytes (%s records kept out of the"
                + " shuffle), kept/duplicates %s exact's", log,
            100.0 * counting.l("mapOutputBytes") / exact.l("mapOutputBytes"),
            n(counting.l("shuffleAvoided")), same ? "equal to" : "DIFFER from"));
      }
    }
    for (String fact : facts) {
      p("- " + fact + ".");
    }
    p("");
  }

  private static void filters() throws IOException {
    p("## 2. Stream filters: measured in MapReduce vs predicted by `simulate dedup`");
    p("");
    p("`dedup --method stream --filter F --memory-bits B --slices 2 --importance-field 4"
        + " --evaluate` with B = 1/4 and 1 bit per distinct click (each slice holds B/2), against"
        + " `simulate dedup --stream clicks --filter F --memory-bits B` on the same key sequence in"
        + " one filter of B bits (the papers' default parameters: SBF and IBF Max 7, K 5, P 10;"
        + " RSBF k for FPR_t 0.1, p* 0.03; BF K 5). Horizontal slicing with B/S bits per slice is"
        + " predicted to behave like one filter of B bits (\"One is Enough\", section 3): the"
        + " differences below are that claim tested on this data (different hash functions and"
        + " seeds included). FPR = distinct clicks removed / distinct; FNR = re-sent clicks kept /"
        + " re-sent; wFP/wFN weighted by the importance field.");
    p("");
    p("| log | filter | bits/distinct | FPR % MR | FPR % sim | FNR % MR | FNR % sim | wFP % MR"
        + " | wFN % MR | MR seconds |");
    p("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    double maxFprGap = 0;
    double maxFnrGap = 0;
    for (String q : new String[] {"1/4", "1"}) {
      String suffix = q.equals("1") ? "1/1" : q;
      List<String> categories = new ArrayList<>();
      Map<String, List<Double>> fpr = new LinkedHashMap<>();
      Map<String, List<Double>> fnr = new LinkedHashMap<>();
      for (String s : new String[] {"MapReduce", "simulate"}) {
        fpr.put(s, new ArrayList<>());
        fnr.put(s, new ArrayList<>());
      }
      for (String log : LOGS) {
        for (String filter : FILTERS) {
          String label = filter + ":" + suffix;
          Run mr = find("filters", log, label);
          if (mr == null) {
            continue;
          }
          Run sim = simulate(log, mr);
          p(f("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |", log, filter, q,
              pct(mr.d("fpr")), pct(sim.d("fpr")), pct(mr.d("fnr")), pct(sim.d("fnr")),
              pct(mr.d("wFP")), pct(mr.d("wFN")), mr.d("seconds")));
          maxFprGap = Math.max(maxFprGap, Math.abs(mr.d("fpr") - sim.d("fpr")));
          maxFnrGap = Math.max(maxFnrGap, Math.abs(mr.d("fnr") - sim.d("fnr")));
          categories.add(filter + " " + log);
          fpr.get("MapReduce").add(100 * mr.d("fpr"));
          fpr.get("simulate").add(100 * sim.d("fpr"));
          fnr.get("MapReduce").add(100 * mr.d("fnr"));
          fnr.get("simulate").add(100 * sim.d("fnr"));
        }
      }
      if (categories.isEmpty()) {
        continue;
      }
      String tag = q.equals("1") ? "1" : "quarter";
      Charts.bars(img.resolve("filters-fpr-" + tag + ".png"),
          "stream filters at " + q + " bit per distinct click: FPR %", "FPR %", false, categories, fpr);
      Charts.bars(img.resolve("filters-fnr-" + tag + ".png"),
          "stream filters at " + q + " bit per distinct click: FNR %", "FNR %", false, categories, fnr);
    }
    p("");
    p(f("(The predictions ran in-process, %d runs of the form `%s`.)", simulated.size(),
        simulated.isEmpty() ? "" : simulated.get(0)));
    p("");
    p("![FPR at 1/4 bit](dedup/filters-fpr-quarter.png)");
    p("![FNR at 1/4 bit](dedup/filters-fnr-quarter.png)");
    p("![FPR at 1 bit](dedup/filters-fpr-1.png)");
    p("![FNR at 1 bit](dedup/filters-fnr-1.png)");
    p("");
    p(f("Largest gap between MapReduce (2 slices of B/2) and the simulation (one filter of B): %.2f"
        + " percentage points of FPR, %.2f of FNR.", 100 * maxFprGap, 100 * maxFnrGap));
    p("");
    leaf();
    List<String> timers = new ArrayList<>();
    for (Run r : runs) {
      if (r.section.equals("methods") && r.label.startsWith("stream-timer-")) {
        String[] parts = r.label.split("-");
        timers.add(f("%s bit%s per distinct click%s: FPR %s%%, FNR %s%%", parts[2],
            parts[2].equals("1") ? "" : "s",
            parts.length > 3 ? ", ticks of " + parts[3].replace("ticks", "") + " s" : ", 1-s ticks",
            pct(r.d("fpr")), pct(r.d("fnr"))));
      }
    }
    if (!timers.isEmpty()) {
      p("Timer filter, 24-hour window on the 50% log, evaluated against the exact windowed oracle"
          + " (a 1-second tick needs 17-bit timers, a 600-second tick 8-bit ones: "
          + "`--timer-resolution 600`): " + String.join("; ", timers) + ". `simulate dedup` has no"
          + " windowed mode; `simulate window` studies the timer filter on its own streams"
          + " (docs/results/distributed-filters.md).");
      p("");
    }
  }

  /** The map-side leaf in front of the reducers' SBF, evaluated. */
  private static void leaf() {
    Run none = find("filters", "dup50", "sbf:1/1");
    Run exact = find("leaf", "dup50", "sbf:1/1+exact");
    Run bloom = find("leaf", "dup50", "sbf:1/1+bloom");
    if (none == null || exact == null || bloom == null) {
      return;
    }
    p("### The map-side leaf (`--local-filter`) in front of the SBF");
    p("");
    p("dup50, SBF of 1 bit per distinct click in 2 slices, `--evaluate` (markers of the locally"
        + " dropped records go to the oracle, so map output includes them):");
    p("");
    p("| local filter | dropped in the map | FPR % | FNR % | map output records | map output MB"
        + " | seconds |");
    p("|---|---:|---:|---:|---:|---:|---:|");
    for (Run r : new Run[] {none, exact, bloom}) {
      String name = r == none ? "none" : r == exact ? "exact" : "bloom (" + n(r.l("localBits"))
          + " bits per map task)";
      p(f("| %s | %s | %s | %s | %s | %s | %.1f |", name, n(Math.max(0, r.l("localDuplicates"))),
          pct(r.d("fpr")), pct(r.d("fnr")), n(r.l("mapOutputRecords")),
          mb(r.l("mapOutputBytes")), r.d("seconds")));
    }
    p("");
    p(f("With the exact leaf the SBF's FPR went from %s%% to %s%% and its FNR from %s%% to %s%%."
            + " An SBF forgets at a pace set by arrivals (each arrival decrements P random cells)"
            + " and its false positives come from the distinct keys among the recent arrivals; a"
            + " leaf that drops duplicates before the shuffle leaves it a stream with a larger share"
            + " of distinct keys, so more cells are held by other keys when a first click arrives."
            + " The exact leaf itself never drops a first click; the Bloom leaf's own false"
            + " positives are those of a Bloom filter of the task's distinct keys.",
        pct(none.d("fpr")), pct(exact.d("fpr")), pct(none.d("fnr")), pct(exact.d("fnr"))));
    p("");
  }

  /**
   * The runs labelled {@code counting-B-K} ({@code --bits-per-key B --num-hashes K}, 100,000
   * items): candidates against the sketch's memory and rows.
   */
  private static void countingSweep() {
    List<Run> sweep = new ArrayList<>();
    for (Run r : runs) {
      if (r.section.equals("icebergs") && r.label.startsWith("counting-")) {
        sweep.add(r);
      }
    }
    if (sweep.isEmpty()) {
      return;
    }
    p("`counting --verify --evaluate --items 100000 --bits-per-key B --num-hashes K`: the sketch's"
        + " memory and rows against its candidates (all of them verified, so the output is exact"
        + " in every row); `light bound`: `lightFalseCandidateBound`.");
    p("");
    p("| bits per ad | k | counter bits | row width | sketch bytes shipped | candidates | icebergs"
        + " | candidates / icebergs | light bound | seconds |");
    p("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Run r : sweep) {
      String[] parts = r.label.split("-");
      long cands = r.l("candidates");
      long ice = r.l("trueIcebergs");
      p(f("| %s | %s | %d | %s | %s | %s | %s | %.2f | %.2g | %.1f |", parts[1], parts[2],
          r.l("counterBits"), n(r.l("rowWidth")), n(r.l("filterBytesShipped")), n(cands), n(ice),
          ice <= 0 ? Double.NaN : (double) cands / ice, r.d("lightFalseCandidateBound"),
          r.d("seconds")));
    }
    p("");
  }

  private static void icebergs(long threshold) throws IOException {
    p("## 3. Global icebergs: exact, counting and the linked counting Bloom filter");
    p("");
    p(f("`icebergs --key-field 2 --weight-field 3 --threshold %d` on a 50%% log of 100,000 ads"
        + " (`generate clicks --ads 100000 --parts 16`) written as 16 files (16 map tasks = the algorithm's 16 nodes): ads whose total cost reaches the"
        + " threshold. `lcbf` (Wu et al.): each map task reports its local icebergs and puts the"
        + " other local totals in a two-layer linked counting Bloom filter of m/n entries per key"
        + " and k hashes (15-bit values); a second job ships all filters and each task estimates"
        + " its ads' global totals. Hit ratio = true icebergs reported / icebergs; error rate ="
        + " non-icebergs reported / icebergs (the paper's Figures 6-7), from `--evaluate`."
        + " `filterBytesShipped`: the bytes of all split filters; `naiveBytes`: shipping every"
        + " (ad, local total) instead."
        + " These runs are the favourable setting for the algorithm's hit ratios: every split's "
        + "filter reaches every other split once and directly (a broadcast: no walk, no revisits, "
        + "no routing of results, each filter's bytes counted once), whereas the paper's gossip "
        + "walk on a wireless network revisits nodes, can stop before reaching all of them and "
        + "routes every result back; `simulate gossip` measures that walk "
        + "(docs/results/distributed-filters.md).", threshold));
    p("");
    p("| method | m/n | k | keys | icebergs (exact) | candidates | hits | hit ratio | error rate"
        + " | local icebergs | filter bytes shipped | naive bytes | map output MB | jobs | seconds |");
    p("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    int[] ratios = {2, 5, 10, 15};
    int[] ks = {1, 2, 3, 4, 5, 6};
    for (Run r : runs) {
      if (!r.section.equals("icebergs") || r.label.startsWith("counting-")) {
        continue; // the sketch's sweep has its own table
      }
      String mn = "–";
      String k = "–";
      if (r.label.startsWith("lcbf-")) {
        String[] parts = r.label.split("-");
        mn = parts[1];
        k = parts[2];
      } else if (r.label.equals("counting") && r.has("numHashes")) {
        k = n(r.l("numHashes")); // the sketch's rows
      }
      long trueIcebergs = r.label.equals("exact") ? r.l("icebergs") : r.l("trueIcebergs");
      long hits = r.label.equals("exact") ? r.l("icebergs") : r.l("hits");
      p(f("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %.1f |",
          r.label.startsWith("lcbf") ? (r.label.endsWith("verify") ? "lcbf --verify" : "lcbf")
              : r.label.equals("counting") ? "counting --verify" : r.label,
          mn, k, n(r.l("keys")), n(trueIcebergs), n(r.l("candidates")), n(hits),
          ratio(r.d("hitRatio")), ratio(r.d("errorRate")), n(r.l("localIcebergs")),
          n(r.l("filterBytesShipped")), n(r.l("naiveBytes")), mb(r.l("mapOutputBytes")),
          n(r.l("jobs")), r.d("seconds")));
    }
    p("");
    p("`local icebergs`: (split, ad) pairs whose split-local total already reaches the threshold"
        + " (step 1, reported at once); `hits`: true icebergs among the candidates.");
    p("");
    Run counting = find("icebergs", "ads", "counting");
    if (counting != null && counting.has("counterBits")) {
      long cands = counting.l("candidates");
      long ice = counting.l("trueIcebergs");
      p(f("`counting`: each map task adds its ads' local totals to a Count-Min sketch of k = %d"
          + " rows of %s counters of %d bits (the bit length of T, so a counter holds T; `--items"
          + " 100000` at 32 bits per ad), the client sums the 16 sketches and the second job passes"
          + " on the records of ads whose estimate (the minimum over the rows) reaches T. %s"
          + " candidates for %s icebergs: %.2f times the icebergs, the goal of at most 3 times is %s."
          + " Its bound on the expected false candidates among ads of total at most T/2, (local"
          + " totals) x (2W / (w T))^k with W = %s summed cost, is %.2g (`lightFalseCandidateBound`;"
          + " docs/tools.md, \"How icebergs works\", gives the bound for every key). The 4-bit"
          + " counting filter it replaced could not tell totals above 15 apart and passed nearly"
          + " every ad on as a candidate (56,416 for 97 icebergs on the 2,000,000-record log).",
          counting.l("numHashes"), n(counting.l("rowWidth")), counting.l("counterBits"), n(cands),
          n(ice), ice == 0 ? Double.NaN : (double) cands / ice,
          cands <= 3 * ice ? "met" : "missed", n(counting.l("totalWeight")),
          counting.d("lightFalseCandidateBound")));
    }
    p("");
    countingSweep();
    List<Charts.Series> hit = new ArrayList<>();
    List<Charts.Series> err = new ArrayList<>();
    List<Charts.Series> shipped = new ArrayList<>();
    double naive = Double.NaN;
    double[] kx = new double[ks.length];
    for (int i = 0; i < ks.length; i++) {
      kx[i] = ks[i];
    }
    for (int j = 0; j < ratios.length; j++) {
      double[] h = new double[ks.length];
      double[] e = new double[ks.length];
      double[] b = new double[ks.length];
      boolean any = false;
      for (int i = 0; i < ks.length; i++) {
        Run r = find("icebergs", "ads", "lcbf-" + ratios[j] + "-" + ks[i]);
        h[i] = r == null ? Double.NaN : r.d("hitRatio");
        e[i] = r == null ? Double.NaN : r.d("errorRate");
        b[i] = r == null ? Double.NaN : r.l("filterBytesShipped");
        if (r != null) {
          any = true;
          naive = r.l("naiveBytes");
        }
      }
      if (!any) {
        continue;
      }
      java.awt.Color c = Charts.palette(j);
      hit.add(new Charts.Series("m/n = " + ratios[j], kx, h, true).color(c));
      err.add(new Charts.Series("m/n = " + ratios[j], kx, e, true).color(c));
      shipped.add(new Charts.Series("filters, m/n = " + ratios[j], kx, b, true).color(c));
    }
    if (!hit.isEmpty()) {
      double[] nv = new double[ks.length];
      java.util.Arrays.fill(nv, naive);
      shipped.add(new Charts.Series("naive (every ad, local total)", kx, nv, true).color(Charts.palette(7)));
      Charts.xy(img.resolve("icebergs-hit-ratio.png"), "lcbf hit ratio vs k (Fig. 6)", "k",
          "hit ratio", false, hit);
      Charts.xy(img.resolve("icebergs-error-rate.png"), "lcbf error rate vs k (Fig. 7)", "k",
          "error rate", false, err);
      Charts.xy(img.resolve("icebergs-bytes.png"), "lcbf: bytes shipped vs naive", "k", "bytes",
          true, shipped);
      p("![hit ratio](dedup/icebergs-hit-ratio.png)");
      p("![error rate](dedup/icebergs-error-rate.png)");
      p("![bytes shipped](dedup/icebergs-bytes.png)");
      p("");
    }
  }

  /**
   * {@code simulate dedup --stream clicks} on the key sequence of the run's log with the run's
   * filter and total memory (in-process, the simulate tool's code).
   */
  private static Run simulate(String log, Run mr) {
    Map<String, Object> g = logs.get(log);
    long records = ((Number) g.get("records")).longValue();
    double share = ((Number) g.get("duplicates")).doubleValue() / records;
    long bits = mr.l("memoryBitsPerSlice") * mr.l("slices");
    String[] args = {"--stream", "clicks", "--length", Long.toString(records),
      "--duplicate-share", Double.toString(share), "--alpha", g.get("alpha").toString(),
      "--seed", g.get("seed").toString(), "--filter", (String) mr.r.get("filter"),
      "--memory-bits", Long.toString(bits)};
    Map<String, Object> row = SimRun.run("dedup", args).get(0);
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("section", "simulate");
    line.put("log", log);
    line.put("label", mr.label);
    line.put("result", row);
    simulated.add("scripts/bloomkit simulate dedup " + String.join(" ", args));
    return new Run(line);
  }

  private static final List<String> simulated = new ArrayList<>();

  private static String ratio(double v) {
    return Double.isNaN(v) ? "–" : f("%.4f", v);
  }
}
