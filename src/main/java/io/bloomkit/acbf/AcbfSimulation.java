package io.bloomkit.acbf;

import io.bloomkit.core.BloomMath;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;

import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.AcbfSizing;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import io.bloomkit.data.SplitMix64;

/**
 * Section 3.3 of the ACBF paper: n unique strings stored, absent strings queried, then update
 * periods that each delete 20% of the items and insert as many new ones (n stays constant), for
 * CBF, ACBF_1, ACBF_2, ACBF_3 and ACBF_opt at equal memory (m counters, 4m bits), m/n from 8 to 20,
 * k = 3 and each filter's best integer k. One row per (filter, m/n, k, phase), false positives
 * summed over the trials; {@code theory} is eq. 1 (CBF), eq. 3-4 (ACBF_t) or eq. 7 (ACBF_opt).
 */
public final class AcbfSimulation implements Simulation {
  /** The filters compared, in report order. */
  static final String[] FILTERS = {"cbf", "acbf1", "acbf2", "acbf3", "acbf-opt"};

  @Override
  public String name() {
    return "acbf";
  }

  @Override
  public String description() {
    return "ACBF paper section 3.3: false positive rate and operation cost of CBF and ACBF variants";
  }

  static final Param<Integer> ITEMS =
      Param.ofInt("items", "N", "stored unique strings", 100_000, 1);
  static final Param<Integer> QUERIES =
      Param.ofInt("queries", "Q", "absent strings queried per trial and phase", 1_000_000, 1);
  static final Param<Integer> TRIALS = Param.ofInt("trials", "T", "independent trials, summed", 10, 1);
  static final Param<Integer> PERIODS =
      Param.ofInt("periods", "P",
          "update periods, each deleting 20% of the items and inserting as many", 5, 0);
  static final Param<int[]> COUNTERS_PER_ITEM =
      Param.ofIntList("counters-per-item", "LIST", "m/n values", new int[] {8, 10, 12, 14, 16, 18, 20}, 1);
  static final Param<String[]> HASHES =
      Param.ofStringList("hashes", "LIST", "k values; 'best' is each filter's own best k, 'cbf-best'"
          + " the CBF's best k round((m/n) ln 2) for every filter, as the paper's Figures 4(b) and"
          + " 5(b)", new String[] {"3", "best"});
  /** One k of --hashes. */
  private static final Param<Integer> HASH_COUNT = Param.ofInt("hashes", "K", "k", null, 1);
  static final Param<String[]> FILTER_LIST =
      Param.ofStringList("filters", "LIST", "subset of cbf,acbf1,acbf2,acbf3,acbf-opt", FILTERS)
          .defaultShownAs("all");
  static final Param<Long> SEED = Param.ofLong("seed", "S", "random seed", 1L);

  @Override
  public List<Param<?>> params() {
    return List.of(ITEMS, QUERIES, TRIALS, PERIODS, COUNTERS_PER_ITEM, HASHES, FILTER_LIST, SEED);
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    int n = values.get(ITEMS);
    int queries = values.get(QUERIES);
    int trials = values.get(TRIALS);
    int periods = values.get(PERIODS);
    long seed = values.get(SEED);
    int[] perItem = values.get(COUNTERS_PER_ITEM);
    String[] hashes = values.get(HASHES);
    String[] filters = values.get(FILTER_LIST);
    for (String f : filters) {
      if (sizing(f) == null && !f.equals("cbf")) {
        throw new IllegalArgumentException("unknown filter '" + f + "' (cbf, acbf1, acbf2, acbf3, acbf-opt)");
      }
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int mn : perItem) {
      long m = (long) mn * n;
      for (String f : filters) {
        for (String hs : hashes) {
          int k;
          if (hs.equals("best")) {
            k = bestHashes(f, m, n);
          } else if (hs.equals("cbf-best")) {
            k = BloomMath.bestBloomHashes(m, n);
          } else {
            k = HASH_COUNT.parse(hs);
          }
          if (sizing(f) != null && sizing(f).maxCapacity(m, k) < n) {
            throw new IllegalArgumentException(
                f + " with m/n = " + mn + " cannot hold " + n + " items with k = " + k);
          }
          rows.addAll(runPoint(f, mn, m, k, hs, n, queries, trials, periods, seed));
        }
      }
    }
    return rows;
  }

  static AcbfSizing sizing(String filter) {
    switch (filter) {
      case "acbf1":
        return AcbfSizing.T1;
      case "acbf2":
        return AcbfSizing.T2;
      case "acbf3":
        return AcbfSizing.T3;
      case "acbf-opt":
        return AcbfSizing.OPTIMAL;
      default:
        return null;
    }
  }

  static int bestHashes(String filter, long m, long n) {
    AcbfSizing z = sizing(filter);
    return z == null ? BloomMath.bestBloomHashes(m, n) : z.bestHashes(m, n, n);
  }

  static CountingFilter create(String filter, long m, int k, long n) {
    AcbfSizing z = sizing(filter);
    if (z == null) {
      return CountingBloomFilter.create(FilterShape.counting(m, k, n));
    }
    return AccurateCountingBloomFilter.create(FilterShape.acbf(z, m, k, n, n));
  }

  /** The theoretical rate of the filter with n items: eq. 1, eq. 3 with eq. 4, or eq. 7. */
  static double theory(String filter, long m, int k, long n) {
    AcbfSizing z = sizing(filter);
    if (z == null) {
      return BloomMath.bloomFpp(m, n, k);
    }
    return AcbfTheory.fpp(z.firstLevelBits(m, k, n), n, k);
  }

  private static List<Map<String, Object>> runPoint(
      String filter,
      int mn,
      long m,
      int k,
      String hashChoice,
      int n,
      int queries,
      int trials,
      int periods,
      long seed) {
    long[] fp = new long[2];
    long[] queryNanos = new long[2];
    long updateNanos = 0;
    long updates = 0;
    for (int t = 0; t < trials; t++) {
      // the data of trial t is the same for every filter, m/n and k: a fair comparison
      SplitMix64 rnd = new SplitMix64(seed * 1_000_003L + t);
      String prefix = Long.toHexString(rnd.nextLong());
      String[] items = new String[n];
      for (int i = 0; i < n; i++) {
        items[i] = prefix + ":item:" + i;
      }
      int next = n;
      CountingFilter f = create(filter, m, k, n);
      for (String s : items) {
        f.add(s);
      }
      for (int phase = 0; phase < 2; phase++) {
        if (phase == 1) {
          for (int p = 0; p < periods; p++) {
            int churn = n / 5;
            long start = System.nanoTime();
            for (int c = 0; c < churn; c++) {
              int victim = rnd.nextInt(n);
              f.remove(items[victim]);
              items[victim] = prefix + ":item:" + next++;
              f.add(items[victim]);
            }
            updateNanos += System.nanoTime() - start;
            updates += 2L * churn;
          }
        }
        long start = System.nanoTime();
        long hits = 0;
        for (int q = 0; q < queries; q++) {
          if (f.mightContain(prefix + ":absent:" + phase + ":" + q)) {
            hits++;
          }
        }
        queryNanos[phase] += System.nanoTime() - start;
        fp[phase] += hits;
      }
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    long totalQueries = (long) queries * trials;
    for (int phase = 0; phase < 2; phase++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("filter", filter);
      row.put("countersPerItem", mn);
      row.put("hashes", k);
      row.put("hashChoice", hashChoice);
      row.put("items", n);
      row.put("phase", phase == 0 ? "initial" : "after-updates");
      row.put("updatePeriods", phase == 0 ? 0 : periods);
      row.put("trials", trials);
      row.put("queries", totalQueries);
      row.put("falsePositives", fp[phase]);
      row.put("fpp", (double) fp[phase] / totalQueries);
      row.put("theory", theory(filter, m, k, n));
      row.put("queryNanos", (double) queryNanos[phase] / totalQueries);
      row.put("updateNanos", phase == 0 || updates == 0 ? null : (double) updateNanos / updates);
      rows.add(row);
    }
    return rows;
  }
}
