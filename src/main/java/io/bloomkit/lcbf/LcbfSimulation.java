package io.bloomkit.lcbf;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.sim.SimOptions;
import io.bloomkit.sim.Simulation;
import io.bloomkit.sim.StreamOptions;
import io.bloomkit.data.TimedStream;
import io.bloomkit.core.Theory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code simulate lcbf}: global icebergs with a linked counting Bloom filter (Wu et al., sections
 * III and VI; Figures 5-7) on generated data shaped like the paper's book ratings: {@code items}
 * books with Zipf popularity, {@code ratings} ratings of 1..10 by users spread uniformly over
 * {@code nodes} virtual users. A query starts at a random node; the filter visits every node once
 * in random order (the gossip walk without revisits); each node reports its items already above the
 * threshold, adds the others to the filter (frequency matching), reports and removes an item whose
 * value reaches the threshold, and forwards the filter. Per (m/n, k), averaged over the queries:
 * hit ratio (true icebergs reported / icebergs), error rate (non-icebergs reported / icebergs),
 * bandwidth per query in bits of the one- and two-layer encodings (sum over the forwards), and
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
    return "Icebergs paper sec. VI: LCBF bandwidth (one vs two layers), hit ratio, error rate (Fig. 5-7)";
  }

  @Override
  public Options options() {
    Options o = new Options();
    o.addOption(StreamOptions.opt("items", "N", "distinct items n (default 2492, the paper's books)"));
    o.addOption(StreamOptions.opt("ratings", "R", "ratings in all (default 100000)"));
    o.addOption(StreamOptions.opt("nodes", "U", "virtual users holding the ratings (default 280)"));
    o.addOption(StreamOptions.opt("alpha", "A", "Zipf exponent of item popularity (default 1.0)"));
    o.addOption(StreamOptions.opt("ratio", "LIST", "entries per item m/n (default 5,10,15)"));
    o.addOption(StreamOptions.opt("num-hashes", "LIST", "k values (default 1,2,3,4,5,6)"));
    o.addOption(StreamOptions.opt("value-bits", "L", "bits per value l (default 15, as the paper)"));
    o.addOption(StreamOptions.opt("threshold", "T", "iceberg threshold on the total rating (default 200)"));
    o.addOption(StreamOptions.opt("queries", "Q", "queries from random source nodes (default 5)"));
    o.addOption(StreamOptions.opt("seed", "S", "random seed (default 1)"));
    return o;
  }

  @Override
  public List<Map<String, Object>> run(CommandLine cl) {
    int n = SimOptions.intValue(cl, "items", 2492, 1);
    int ratings = SimOptions.intValue(cl, "ratings", 100_000, 1);
    int nodes = SimOptions.intValue(cl, "nodes", 280, 2);
    double alpha = SimOptions.doubleValue(cl, "alpha", 1.0);
    int[] ratios = SimOptions.intList(cl, "ratio", new int[] {5, 10, 15});
    int[] ks = SimOptions.intList(cl, "num-hashes", new int[] {1, 2, 3, 4, 5, 6});
    int l = SimOptions.intValue(cl, "value-bits", 15, 1);
    long threshold = SimOptions.longValue(cl, "threshold", 200);
    int queries = SimOptions.intValue(cl, "queries", 5, 1);
    long seed = SimOptions.longValue(cl, "seed", 1);
    if (l > 40 || threshold < 1 || threshold > (1L << l) - 1) {
      throw new IllegalArgumentException("--value-bits in [1, 40] and --threshold in [1, 2^l - 1]");
    }
    // the data: per node, item -> local total
    TimedStream items =
        TimedStream.generate(
            new TimedStream.Spec().distribution("zipf").alpha(alpha).universe(n).length(ratings).seed(seed));
    SplittableRandom r = new SplittableRandom(seed ^ 0x1CEBE65L);
    List<Map<Integer, Long>> local = new ArrayList<>();
    for (int u = 0; u < nodes; u++) {
      local.add(new LinkedHashMap<>());
    }
    Map<Integer, Long> total = new HashMap<>();
    for (int i = 0; i < ratings; i++) {
      int item = (int) items.keys[i];
      long rating = 1 + r.nextInt(10);
      local.get(r.nextInt(nodes)).merge(item, rating, Long::sum);
      total.merge(item, rating, Long::sum);
    }
    int present = total.size();
    Set<Integer> icebergs = new HashSet<>();
    for (Map.Entry<Integer, Long> e : total.entrySet()) {
      if (e.getValue() >= threshold) {
        icebergs.add(e.getKey());
      }
    }
    KeyHash[] hash = new KeyHash[n];
    for (int i = 0; i < n; i++) {
      hash[i] = TimedStream.hashOf(i);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int ratio : ratios) {
      long m = (long) ratio * present;
      for (int k : ks) {
        double hit = 0, err = 0, bits2 = 0, bits1 = 0, reportedSum = 0, falseReports = 0, missed = 0;
        SplittableRandom walk = new SplittableRandom(seed * 31 + ratio * 7L + k);
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
        row.put("naiveBits", 22.0 * 8 * ratings);
        row.put("exactFraction", (double) exact / present);
        row.put("errorLowerBound", Theory.lcbfErrorLowerBound(m, k));
        row.put("errorUpperBound", Theory.lcbfErrorUpperBound(m, k, present));
        rows.add(row);
      }
    }
    return rows;
  }

  static int[] permutation(int n, SplittableRandom r) {
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
