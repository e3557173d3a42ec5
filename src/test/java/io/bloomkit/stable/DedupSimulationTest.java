package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.data.Streams;
import io.bloomkit.mapreduce.simulate.SimulateTool;
import io.bloomkit.registry.Simulations;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code simulate dedup} against an independent count of the same stream, and its options. */
public class DedupSimulationTest {
  static Map<String, Object> run(String... args) throws Exception {
    DedupSimulation sim = new DedupSimulation();
    List<Map<String, Object>> rows = sim.run(SimulateTool.values(sim, args));
    assertEquals(1, rows.size());
    return rows.get(0);
  }

  static long num(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).longValue();
  }

  static double dbl(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  /** The clicks stream is the key sequence of the generated click log (recounted from its lines). */
  @Test
  public void clicksStreamIsTheGeneratedLog() throws Exception {
    java.io.ByteArrayOutputStream log = new java.io.ByteArrayOutputStream();
    new io.bloomkit.data.ClickLogGenerator(30_000, 0.3, 1, 0.9, 1, 5).write((d, p) -> log, 1);
    HashSet<String> clicks = new HashSet<>();
    for (String line : log.toString(java.nio.charset.StandardCharsets.US_ASCII).split("\n")) {
      clicks.add(line.split(",")[1]);
    }
    Map<String, Object> r =
        run("--filter", "bf", "--memory-bits", "400000", "--stream", "clicks", "--length", "30000",
            "--duplicate-share", "0.3", "--alpha", "0.9", "--seed", "5");
    assertEquals(clicks.size(), num(r, "distinct"));
    assertEquals(30_000 - clicks.size(), num(r, "duplicates"));
    assertEquals(0L, num(r, "falseNegatives"));
    assertTrue(dbl(r, "fpr") < 0.01 && r.containsKey("wfp"), r.toString());
    assertEquals(0.3, dbl(r, "duplicateShare"), 0);
  }

  @Test
  public void registeredAndRowsAreConsistentWithTheStream() throws Exception {
    assertTrue(Simulations.named("dedup") instanceof DedupSimulation);
    // an independent count of distinct keys of the same seeded stream
    Streams.ElementStream s = Streams.zipf(5000, 1.0, 3);
    HashSet<Long> seen = new HashSet<>();
    for (int i = 0; i < 20_000; i++) {
      seen.add(s.nextKey());
    }
    for (String f : DedupSimulation.FILTERS) {
      Map<String, Object> r =
          run("--filter", f, "--memory-bits", "20000", "--stream", "zipf", "--length", "20000",
              "--universe", "5000", "--seed", "3");
      assertEquals(f, r.get("filter"));
      assertEquals(20_000L, num(r, "length"));
      assertEquals(seen.size(), num(r, "distinct"));
      assertEquals(20_000 - seen.size(), num(r, "duplicates"));
      assertEquals((double) num(r, "falsePositives") / num(r, "distinct"), dbl(r, "fpr"), 1e-15);
      assertEquals((double) num(r, "falseNegatives") / num(r, "duplicates"), dbl(r, "fnr"), 1e-15);
      assertTrue(dbl(r, "zeroFraction") >= 0 && dbl(r, "zeroFraction") <= 1);
      assertTrue(r.containsKey("zeroFractionTheory"));
      if (f.equals("bf")) {
        assertEquals(0L, num(r, "falseNegatives")); // a Bloom filter never forgets
        assertEquals(20_000L, num(r, "memoryBits"));
      }
      String[] keys = r.keySet().toArray(new String[0]);
      String[] first = {"filter", "memoryBits", "length", "distinct", "duplicates", "falsePositives",
        "falseNegatives", "fpr", "fnr"};
      for (int i = 0; i < first.length; i++) {
        assertEquals(first[i], keys[i]);
      }
    }
  }

  @Test
  public void importanceStreamsReportWeightedAndPerImportanceRates() throws Exception {
    Map<String, Object> r =
        run("--filter", "ibf-mc", "--memory-bits", "30000", "--stream", "importance", "--length",
            "30000", "--repeat", "0.3", "--occurrence", "inverse", "--seed", "2");
    double[] ifp = (double[]) r.get("ifp");
    double[] ifn = (double[]) r.get("ifn");
    assertEquals(50, ifp.length);
    assertEquals(50, ifn.length);
    assertEquals(0.3, (double) num(r, "duplicates") / num(r, "length"), 0.02);
    // recount from a rerun of the same stream: distinct and duplicate arrivals per importance; the
    // per-importance rates times these counts give back the error counts, and weighted by the
    // importance the weighted rates wfp = sum(imp * FP) / sum(imp over distinct arrivals), wfn
    // likewise over duplicate arrivals
    Streams.ElementStream s = Streams.importance(0.3, Streams.Occurrence.INVERSE, 50, 2);
    HashSet<Long> seen = new HashSet<>();
    Map<Integer, Integer> distinctByImp = new HashMap<>();
    Map<Integer, Integer> dupByImp = new HashMap<>();
    double wDistinct = 0;
    double wDup = 0;
    for (int i = 0; i < 30_000; i++) {
      long k = s.nextKey();
      if (seen.add(k)) {
        distinctByImp.merge(s.importance(), 1, Integer::sum);
        wDistinct += s.importance();
      } else {
        dupByImp.merge(s.importance(), 1, Integer::sum);
        wDup += s.importance();
      }
    }
    double fp = 0;
    double wfp = 0;
    for (Map.Entry<Integer, Integer> e : distinctByImp.entrySet()) {
      fp += ifp[e.getKey() - 1] * e.getValue();
      wfp += ifp[e.getKey() - 1] * e.getValue() * e.getKey();
    }
    double fn = 0;
    double wfn = 0;
    for (Map.Entry<Integer, Integer> e : dupByImp.entrySet()) {
      fn += ifn[e.getKey() - 1] * e.getValue();
      wfn += ifn[e.getKey() - 1] * e.getValue() * e.getKey();
    }
    assertEquals(num(r, "falsePositives"), fp, 1e-6);
    assertEquals(num(r, "falseNegatives"), fn, 1e-6);
    assertTrue(fp > 0 && fn > 0, r.toString()); // errs both ways, so the weights matter
    assertEquals(dbl(r, "wfp"), wfp / wDistinct, 1e-9);
    assertEquals(dbl(r, "wfn"), wfn / wDup, 1e-9);
  }

  /**
   * Both forms of the weighted rates recomputed from an exact per-arrival log (importance, oracle's
   * duplicate flag, the filter's answer) of the same stream and the same filter, rerun here: today's
   * per-arrival-kind forms (wfp over distinct arrivals, ifp[i-1] among distinct arrivals of
   * importance exactly i) and the IBF paper's as printed in IV.B (wfpPaper = sum beta imp / sum imp
   * over all n queries; ifpPaper[i-1] = errors among all queries of importance >= i / their number).
   */
  @Test
  public void weightedRatesInBothFormsFromAnExactLog() throws Exception {
    for (String name : new String[] {"ibf-2c", "ibf-2c-alg1", "sbf"}) {
      int n = 6000;
      int impMax = 12;
      Map<String, Object> r =
          run("--filter", name, "--memory-bits", "6000", "--stream", "importance", "--length",
              Integer.toString(n), "--repeat", "0.4", "--occurrence", "proportional", "--seed", "7",
              "--importance-max", Integer.toString(impMax));
      Streams.ElementStream s = Streams.importance(0.4, Streams.Occurrence.PROPORTIONAL, impMax, 7);
      io.bloomkit.core.StreamFilter f =
          name.equals("sbf")
              ? StreamFilters.stable(6000, 7, 5, 10, DedupSimulation.filterSeed(7))
              : StreamFilters.importance(IbfVariant.fromCliName(name), 6000, 7, 5, 10, 1, impMax,
                  DedupSimulation.filterSeed(7));
      HashSet<Long> seen = new HashSet<>();
      int[] imp = new int[n];
      boolean[] dup = new boolean[n];
      boolean[] said = new boolean[n];
      for (int i = 0; i < n; i++) {
        long key = s.nextKey();
        imp[i] = s.importance();
        dup[i] = !seen.add(key);
        said[i] = f.offer(Streams.hash(key), io.bloomkit.core.StreamFilter.NO_TIME, imp[i]);
      }
      // from the log, each rate by its own definition
      double wAll = 0;
      double wDistinct = 0;
      double wDup = 0;
      double wFp = 0;
      double wFn = 0;
      boolean[] fp = new boolean[n];
      boolean[] fn = new boolean[n];
      for (int i = 0; i < n; i++) {
        fp[i] = !dup[i] && said[i];
        fn[i] = dup[i] && !said[i];
        wAll += imp[i];
        wDistinct += dup[i] ? 0 : imp[i];
        wDup += dup[i] ? imp[i] : 0;
        wFp += fp[i] ? imp[i] : 0;
        wFn += fn[i] ? imp[i] : 0;
      }
      assertTrue(wFp > 0 && wFn > 0, name); // errs both ways, so the forms differ
      assertEquals(wFp / wDistinct, dbl(r, "wfp"), 1e-12, name);
      assertEquals(wFn / wDup, dbl(r, "wfn"), 1e-12, name);
      assertEquals(wFp / wAll, dbl(r, "wfpPaper"), 1e-12, name);
      assertEquals(wFn / wAll, dbl(r, "wfnPaper"), 1e-12, name);
      double[] ifp = (double[]) r.get("ifp");
      double[] ifn = (double[]) r.get("ifn");
      double[] ifpPaper = (double[]) r.get("ifpPaper");
      double[] ifnPaper = (double[]) r.get("ifnPaper");
      assertEquals(impMax, ifpPaper.length);
      assertEquals(impMax, ifnPaper.length);
      for (int level = 1; level <= impMax; level++) {
        int distinctAt = 0;
        int fpAt = 0;
        int dupAt = 0;
        int fnAt = 0;
        int allFrom = 0;
        int fpFrom = 0;
        int fnFrom = 0;
        for (int i = 0; i < n; i++) {
          if (imp[i] == level) {
            distinctAt += dup[i] ? 0 : 1;
            dupAt += dup[i] ? 1 : 0;
            fpAt += fp[i] ? 1 : 0;
            fnAt += fn[i] ? 1 : 0;
          }
          if (imp[i] >= level) {
            allFrom++;
            fpFrom += fp[i] ? 1 : 0;
            fnFrom += fn[i] ? 1 : 0;
          }
        }
        String at = name + " importance " + level;
        assertEquals(distinctAt == 0 ? -1 : (double) fpAt / distinctAt, ifp[level - 1], 1e-12, at);
        assertEquals(dupAt == 0 ? -1 : (double) fnAt / dupAt, ifn[level - 1], 1e-12, at);
        assertEquals((double) fpFrom / allFrom, ifpPaper[level - 1], 1e-12, at);
        assertEquals((double) fnFrom / allFrom, ifnPaper[level - 1], 1e-12, at);
      }
      // the first entry of the paper's arrays covers every query: FP (FN) over all n arrivals
      assertEquals((double) num(r, "falsePositives") / n, ifpPaper[0], 1e-12, name);
      assertEquals((double) num(r, "falseNegatives") / n, ifnPaper[0], 1e-12, name);
    }
  }

  @Test
  public void zerosMatchTheTheoryOnALongUniformStream() throws Exception {
    for (String f : new String[] {"sbf", "ibf-2c", "rsbf"}) {
      Map<String, Object> r =
          run("--filter", f, "--memory-bits", "12288", "--stream", "uniform", "--universe",
              "100000000", "--length", "60000", "--seed", "5");
      assertEquals(dbl(r, "zeroFractionTheory"), dbl(r, "zeroFraction"), 0.03, f);
    }
  }

  /** A Bloom filter's bits are the OR of every distinct element's bits, false positives included. */
  @Test
  public void bloomZerosCountEveryDistinctElement() throws Exception {
    Map<String, Object> r =
        run("--filter", "bf", "--memory-bits", "12288", "--stream", "uniform", "--universe",
            "100000000", "--length", "4000", "--seed", "5");
    assertTrue(num(r, "falsePositives") > 100);
    assertEquals(Math.exp(-5 * 4000 / 12288.0), dbl(r, "zeroFractionTheory"), 1e-3);
    assertEquals(dbl(r, "zeroFractionTheory"), dbl(r, "zeroFraction"), 0.01);
  }

  @Test
  public void badOptionsAreIllegalArguments() throws Exception {
    String[][] bad = {
      {"--memory-bits", "100"},
      {"--filter", "xbf", "--memory-bits", "100"},
      {"--filter", "sbf"},
      {"--filter", "sbf", "--memory-bits", "100", "--stream", "poisson"},
      {"--filter", "sbf", "--memory-bits", "100", "--max", "6"},
      {"--filter", "ibf-mc", "--memory-bits", "100", "--stream", "importance", "--occurrence", "odd"},
      {"--filter", "rsbf", "--memory-bits", "100", "--threshold", "3"},
    };
    for (String[] args : bad) {
      try {
        run(args);
        fail(String.join(" ", args));
      } catch (IllegalArgumentException expected) {
        assertTrue(expected.getMessage().length() > 0, expected.getMessage());
      }
    }
  }

  /**
   * --trace-every: sample j holds the counts and cumulative rates over the first (j + 1) R elements,
   * recounted here by an independent pass over the same seeded stream (distinct and duplicate
   * arrivals) and by separate runs cut at that length (FP and FN of the prefix: stream and filter
   * are seeded, so a prefix run sees the same elements and makes the same decisions).
   */
  @Test
  public void traceIsTheCumulativeCountOfEveryPrefix() throws Exception {
    int every = 1500;
    int length = 9000;
    for (String f : new String[] {"sbf", "rsbf"}) {
      String[] common = {"--filter", f, "--memory-bits", "3000", "--stream", "zipf", "--universe", "4000",
        "--seed", "7"};
      Map<String, Object> r = run(concat(common, "--length", Integer.toString(length), "--trace-every",
          Integer.toString(every)));
      double[] records = (double[]) r.get("traceRecords");
      double[] distinct = (double[]) r.get("traceDistinct");
      double[] dups = (double[]) r.get("traceDuplicates");
      double[] fpr = (double[]) r.get("traceFpr");
      double[] fnr = (double[]) r.get("traceFnr");
      assertEquals(length / every, records.length);
      Streams.ElementStream s = Streams.zipf(4000, 1.0, 7);
      HashSet<Long> seen = new HashSet<>();
      long fnSeen = 0;
      for (int j = 0; j < records.length; j++) {
        for (int i = 0; i < every; i++) {
          seen.add(s.nextKey());
        }
        long n = (long) (j + 1) * every;
        assertEquals(n, records[j], 0);
        assertEquals(seen.size(), distinct[j], 0);
        assertEquals(n - seen.size(), dups[j], 0);
        Map<String, Object> prefix = run(concat(common, "--length", Long.toString(n)));
        assertEquals((double) num(prefix, "falsePositives") / seen.size(), fpr[j], 1e-15, f + " at " + n);
        assertEquals((double) num(prefix, "falseNegatives") / (n - seen.size()), fnr[j], 1e-15, f + " at " + n);
        fnSeen += num(prefix, "falseNegatives");
      }
      assertTrue(fnSeen > 0, f + " makes false negatives, so the FNR trace is not trivially 0");
      assertEquals(dbl(r, "fpr"), fpr[fpr.length - 1], 0);
      assertEquals(dbl(r, "fnr"), fnr[fnr.length - 1], 0);
    }
  }

  static String[] concat(String[] a, String... b) {
    String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
