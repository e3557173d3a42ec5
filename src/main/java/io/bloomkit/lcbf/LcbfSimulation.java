package io.bloomkit.lcbf;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import io.bloomkit.data.SplitMix64;

/**
 * {@code simulate lcbf}: global icebergs with a linked counting Bloom filter (Wu et al., sections
 * III and VI; Figures 5-7) on generated data shaped like the paper's book ratings: {@code items}
 * books with Zipf popularity, {@code ratings} ratings of 1..10 by users spread uniformly over
 * {@code nodes} virtual users. A query starts at a random node; the filter visits every node once
 * in random order (the gossip walk without revisits); each node reports its items already above the
 * threshold, adds the others to the filter (frequency matching), reports and removes an item whose
 * value reaches the threshold, and forwards the filter. Per (m/n, k), averaged over the queries:
 * hit ratio (true icebergs reported / icebergs), error rate (non-icebergs reported / icebergs),
 * bandwidth per query in bits of the one- and two-layer encodings and of the arithmetic-coded lists
 * ({@link LcbfArithmeticCode}: tables plus coded body, measured by encoding the filter at every
 * forward), with the order-0 entropy of the coded symbols beside it (sums over the forwards); the
 * same per key held ({@code bitsPerKey*}: bits summed over the forwards / keys held summed over the
 * forwards, {@code keysHeld} the latter per query); and
 * {@code exactFraction}: with all nodes' counts added to one filter (wide values, no removal), the
 * share of items whose frequency query is exact. Bounds: eq. (1) and (2) at n items. In the common
 * row fields, {@code length} is the ratings, {@code distinct} the items, {@code falsePositives} the
 * non-icebergs reported and {@code falseNegatives} the icebergs missed (per query), {@code fpr} and
 * {@code fnr} their shares of the non-icebergs and icebergs.
 */
public final class LcbfSimulation implements Simulation {
  @Override
  public String name() {
    return "lcbf";
  }

  @Override
  public String description() {
    return "Icebergs paper sec. VI: LCBF bandwidth (one, two layers, arithmetic-coded), hit ratio, error rate (Fig. 5-7)";
  }

  static final Param<Integer> ITEMS =
      Param.ofInt("items", "N", "distinct items n", 2492, 1).defaultShownAs("2492, the paper's books");
  static final Param<Integer> RATINGS = Param.ofInt("ratings", "R", "ratings in all", 100_000, 1);
  static final Param<Integer> NODES =
      Param.ofInt("nodes", "U", "virtual users holding the ratings", 280, 2);
  static final Param<Double> ALPHA = Param.ofDouble("alpha", "A", "Zipf exponent of item popularity", 1.0);
  static final Param<int[]> RATIO =
      Param.ofIntList("ratio", "LIST", "entries per item m/n", new int[] {5, 10, 15}, 1);
  static final Param<int[]> NUM_HASHES =
      Param.ofIntList("num-hashes", "LIST", "k values", new int[] {1, 2, 3, 4, 5, 6}, 1);
  static final Param<Integer> VALUE_BITS =
      Param.ofInt("value-bits", "L", "bits per value l", 15, 1).defaultShownAs("15, as the paper");
  static final Param<Long> THRESHOLD =
      Param.ofLong("threshold", "T", "iceberg threshold on the total rating", 200L);
  static final Param<Integer> QUERIES =
      Param.ofInt("queries", "Q", "queries from random source nodes", 5, 1);
  static final Param<Long> SEED = Param.ofLong("seed", "S", "random seed", 1L);

  @Override
  public List<Param<?>> params() {
    return List.of(ITEMS, RATINGS, NODES, ALPHA, RATIO, NUM_HASHES, VALUE_BITS, THRESHOLD, QUERIES, SEED);
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    int n = values.get(ITEMS);
    int ratings = values.get(RATINGS);
    int nodes = values.get(NODES);
    double alpha = values.get(ALPHA);
    int[] ratios = values.get(RATIO);
    int[] ks = values.get(NUM_HASHES);
    int l = values.get(VALUE_BITS);
    long threshold = values.get(THRESHOLD);
    int queries = values.get(QUERIES);
    long seed = values.get(SEED);
    if (l > 40 || threshold < 1 || threshold > (1L << l) - 1) {
      throw new IllegalArgumentException("--value-bits in [1, 40] and --threshold in [1, 2^l - 1]");
    }
    // the data: per node, item -> local total
    IcebergData data = IcebergData.generate(n, ratings, nodes, alpha, threshold, seed);
    List<Map<Integer, Long>> local = data.local;
    Map<Integer, Long> total = data.total;
    int present = total.size();
    Set<Integer> icebergs = data.icebergs;
    KeyHash[] hash = data.hash;
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int ratio : ratios) {
      long m = (long) ratio * present;
      for (int k : ks) {
        double hit = 0, err = 0, bits2 = 0, bits1 = 0, reportedSum = 0, falseReports = 0, missed = 0;
        double bitsArith = 0, bitsEntropy = 0, held = 0;
        SplitMix64 walk = new SplitMix64(seed * 31 + ratio * 7L + k);
        for (int q = 0; q < queries; q++) {
          int[] order = permutation(nodes, walk);
          LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(m, k, l, seed + q);
          Set<Integer> reported = new HashSet<>();
          for (int step = 0; step < nodes; step++) {
            for (Map.Entry<Integer, Long> e : local.get(order[step]).entrySet()) {
              long c = Math.min(e.getValue(), (1L << l) - 1);
              if (c >= threshold) {
                reported.add(e.getKey());
                continue;
              }
              long v = f.add(hash[e.getKey()], c);
              if (v >= threshold) {
                reported.add(e.getKey());
                f.remove(hash[e.getKey()]);
              }
            }
            if (step + 1 < nodes) {
              bits2 += f.twoLayerBits();
              bits1 += f.oneLayerBits();
              LcbfArithmeticCode.Encoded coded = LcbfArithmeticCode.encodeParts(f);
              bitsArith += coded.codedBits();
              bitsEntropy += coded.entropyBits;
              held += f.items();
            }
          }
          int hits = 0;
          for (int item : reported) {
            hits += icebergs.contains(item) ? 1 : 0;
          }
          hit += icebergs.isEmpty() ? 1 : (double) hits / icebergs.size();
          err += icebergs.isEmpty() ? 0 : (double) (reported.size() - hits) / icebergs.size();
          reportedSum += reported.size();
          falseReports += reported.size() - hits;
          missed += icebergs.size() - hits;
        }
        // exactness of the frequencies with everything added (values wide enough not to saturate)
        LinkedCountingBloomFilter all = LinkedCountingBloomFilter.create(m, k, 40, seed);
        for (Map<Integer, Long> node : local) {
          for (Map.Entry<Integer, Long> e : node.entrySet()) {
            all.add(hash[e.getKey()], e.getValue());
          }
        }
        int exact = 0;
        for (Map.Entry<Integer, Long> e : total.entrySet()) {
          exact += all.frequency(hash[e.getKey()]) == e.getValue() ? 1 : 0;
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("filter", "lcbf");
        row.put("entries", m);
        row.put("ratio", ratio);
        row.put("numHashes", k);
        row.put("valueBits", l);
        row.put("items", present);
        row.put("length", ratings);
        row.put("distinct", present);
        row.put("duplicates", ratings - present);
        row.put("falsePositives", falseReports / queries);
        row.put("falseNegatives", missed / queries);
        row.put("fpr", present == icebergs.size() ? 0.0 : falseReports / queries / (present - icebergs.size()));
        row.put("fnr", icebergs.isEmpty() ? 0.0 : missed / queries / icebergs.size());
        row.put("nodes", nodes);
        row.put("ratings", ratings);
        row.put("threshold", threshold);
        row.put("queries", queries);
        row.put("icebergs", icebergs.size());
        row.put("reported", reportedSum / queries);
        row.put("hitRatio", hit / queries);
        row.put("errorRate", err / queries);
        row.put("bitsTwoLayer", bits2 / queries);
        row.put("bitsOneLayer", bits1 / queries);
        row.put("bitsArithmetic", bitsArith / queries);
        row.put("bitsEntropy", bitsEntropy / queries);
        row.put("keysHeld", held / queries);
        row.put("bitsPerKeyOneLayer", held == 0 ? 0.0 : bits1 / held);
        row.put("bitsPerKeyTwoLayer", held == 0 ? 0.0 : bits2 / held);
        row.put("bitsPerKeyArithmetic", held == 0 ? 0.0 : bitsArith / held);
        row.put("bitsPerKeyEntropy", held == 0 ? 0.0 : bitsEntropy / held);
        row.put("naiveBits", 22.0 * 8 * ratings);
        row.put("exactFraction", (double) exact / present);
        row.put("errorLowerBound", LcbfTheory.errorLowerBound(m, k));
        row.put("errorUpperBound", LcbfTheory.errorUpperBound(m, present, k));
        rows.add(row);
      }
    }
    return rows;
  }

  static int[] permutation(int n, SplitMix64 r) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
