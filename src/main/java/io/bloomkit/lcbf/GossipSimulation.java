package io.bloomkit.lcbf;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.SplitMix64;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code simulate gossip}: the icebergs paper's algorithm (Wu et al., sec. III) in its own setting,
 * a wireless network (sec. VI), on the data of {@code simulate lcbf} (book-ratings-shaped, {@link
 * IcebergData}; the same options give the same ratings, nodes' data and icebergs).
 *
 * <p>How the paper is read here (each an interpretation where the text is short):
 *
 * <ul>
 *   <li><b>Network.</b> Sec. VI: users placed at random in a 1000 m x 500 m rectangle, one radio
 *       range for all (150 m), "average network node density ... around 10". Here: {@code nodes}
 *       uniform positions in {@code width} x {@code height}, an undirected edge between two nodes
 *       at most {@code range} apart ({@link GeometricGraph}). The paper does not say how it
 *       handled a disconnected network; here a disconnected sample is <em>resampled</em> (new
 *       positions, the nodes' data unchanged) until connected, at most 1000 times, and the
 *       samples drawn are reported ({@code graphSamples}). The paper's density of about 10 and its
 *       280 virtual users do not fit together: 280 nodes at 150 m in 1000 x 500 m have about 33
 *       neighbours each, about 90 nodes have 10; {@code avgDegree} reports the measured degree.
 *       Redrawing until connected conditions the placements on connectivity, which matters only at
 *       sparse settings (at 90 nodes and 100 m, 80 placements were drawn for 4 connected ones).
 *   <li><b>Walk</b> (steps 1-5). The source builds the filter from its own data; every node, on
 *       its <em>first</em> receipt only, reports its local icebergs (local total at least T) and
 *       adds its other local totals by frequency matching, reporting and removing an item whose
 *       value reaches T (the per-node logic of {@code simulate lcbf}); then it forwards the filter
 *       to a neighbour drawn uniformly among those it has not yet forwarded this filter to. A node
 *       receiving the filter again (a revisit) adds nothing and forwards it likewise (step 4).
 *       The walk ends when the holder has forwarded to all its neighbours ("a node will not
 *       forward the filter if it has received the filter d times"); no other stop rule is given,
 *       so none is used. Since every node forwards at most once per incident edge and a node
 *       other than the source has always received once more than it forwarded, the walk can only
 *       end at the source, after at most 2E = d N transmissions (the paper's bound). It need not
 *       visit every node: {@code coverage} is the share of nodes whose data entered the filter.
 *   <li><b>Results.</b> A reported item goes back to the source "using any underlying routing
 *       protocol": here one message per report along a shortest path, hop count by breadth-first
 *       search; the source's own reports cost nothing. A message is {@code result-bits} bits
 *       (default 176: the 22 bytes the paper gives a rating record in its naive estimate). The
 *       same item can be reported more than once (after its removal, later nodes start a new
 *       value for it); every report is a message, the source keeps the set.
 *   <li><b>Bits.</b> Each transmission of the filter is one hop (neighbours are in radio range)
 *       and costs the filter's size when sent: the two-layer encoding the paper evaluates ({@code
 *       bitsTwoLayer}, m + (l + 1) values, sec. V) and, for Fig. 5's comparison, the one-layer
 *       size ({@code bitsOneLayer}). The filter's identifier and the threshold that travel with
 *       it (step 2) are not counted (a few dozen bits against thousands). {@code bitsPerNode}:
 *       (two-layer transmissions + result messages) / nodes, per query. {@code naiveBits}: the
 *       paper's naive estimate (every rating, 22 bytes, one hop); {@code naiveRoutedBits}: the
 *       same records carried over their shortest paths to the source.
 *   <li><b>Rates</b> (sec. VI): hit ratio = true icebergs reported / icebergs, error rate =
 *       non-icebergs reported / icebergs, per query against the exact totals over all nodes,
 *       averaged over the queries.
 * </ul>
 *
 * <p>Per (nodes, range) {@code graphs} connected graphs are drawn, each with {@code queries}
 * sources drawn uniformly; the walks are drawn once and shared by every (m/n, k), so the rows of
 * one (nodes, range) differ only in the filter. The filter of the i-th query has seed {@code seed
 * + i}, as in {@code simulate lcbf}. Common row fields as in {@code simulate lcbf}.
 */
public final class GossipSimulation implements Simulation {
  /** Connected samples drawn at most, per graph. */
  static final int MAX_SAMPLES = 1000;

  @Override
  public String name() {
    return "gossip";
  }

  @Override
  public String description() {
    return "Icebergs paper sec. III, VI: the LCBF gossip walk on a random geometric graph (hit ratio, error rate, bits per node)";
  }

  static final Param<Integer> ITEMS = LcbfSimulation.ITEMS;
  static final Param<Integer> RATINGS = LcbfSimulation.RATINGS;
  static final Param<int[]> NODES =
      Param.ofIntList("nodes", "LIST", "node counts (virtual users holding the ratings)", new int[] {280}, 2);
  static final Param<Double> ALPHA = LcbfSimulation.ALPHA;
  static final Param<Double> WIDTH =
      Param.ofDouble("width", "W", "width of the area in metres", 1000.0).defaultShownAs("1000, the paper's");
  static final Param<Double> HEIGHT =
      Param.ofDouble("height", "H", "height of the area in metres", 500.0).defaultShownAs("500, the paper's");
  static final Param<double[]> RANGE =
      Param.ofDoubleList("range", "LIST", "radio ranges in metres", new double[] {150})
          .defaultShownAs("150, the paper's");
  static final Param<int[]> RATIO = LcbfSimulation.RATIO;
  static final Param<int[]> NUM_HASHES = LcbfSimulation.NUM_HASHES;
  static final Param<Integer> VALUE_BITS = LcbfSimulation.VALUE_BITS;
  static final Param<Long> THRESHOLD = LcbfSimulation.THRESHOLD;
  static final Param<Integer> RESULT_BITS =
      Param.ofInt("result-bits", "B", "bits of one result message per hop", 176, 1)
          .defaultShownAs("176, the 22 bytes of the paper's rating record");
  static final Param<Integer> GRAPHS = Param.ofInt("graphs", "G", "connected graphs per (nodes, range)", 1, 1);
  static final Param<Integer> QUERIES =
      Param.ofInt("queries", "Q", "queries from random source nodes, per graph", 5, 1).defaultShownAs("5, as the paper");
  static final Param<Long> SEED = LcbfSimulation.SEED;

  @Override
  public List<Param<?>> params() {
    return List.of(ITEMS, RATINGS, NODES, ALPHA, WIDTH, HEIGHT, RANGE, RATIO, NUM_HASHES, VALUE_BITS,
        THRESHOLD, RESULT_BITS, GRAPHS, QUERIES, SEED);
  }

  /** One query's walk: the holders in order (the source first), and the hops to the source. */
  static final class Walk {
    final int source;
    final int[] holders;
    final int[] hops;
    final long stepBound;

    Walk(int source, int[] holders, int[] hops, long stepBound) {
      this.source = source;
      this.holders = holders;
      this.hops = hops;
      this.stepBound = stepBound;
    }
  }

  /** What one query's filter did along a walk. */
  static final class Carried {
    final Set<Integer> reported = new HashSet<>();
    int visited;
    int revisits;
    long messages;
    long resultHops;
    long bitsTwoLayer;
    long bitsOneLayer;
  }

  /**
   * The gossip walk from {@code source} (steps 2-5): each holder forwards to a neighbour drawn
   * uniformly among those it has not forwarded to; it ends at a holder with none left.
   */
  static int[] walk(GeometricGraph g, int source, SplitMix64 r) {
    int n = g.nodes();
    int[][] left = new int[n][];
    int[] count = new int[n];
    long bound = 0;
    for (int u = 0; u < n; u++) {
      left[u] = g.adjacent[u].clone();
      count[u] = left[u].length;
      bound += count[u];
    }
    int[] holders = new int[(int) bound + 1];
    int steps = 0;
    int u = source;
    holders[0] = source;
    while (count[u] > 0) {
      int i = r.nextInt(count[u]);
      int v = left[u][i];
      left[u][i] = left[u][--count[u]];
      holders[++steps] = v;
      u = v;
    }
    return Arrays.copyOf(holders, steps + 1);
  }

  /**
   * Carries filter {@code f} along {@code holders}: at a node's first holding its data is added
   * (local icebergs reported, matches added, items reaching T reported and removed), at later
   * holdings nothing; every holding but the last sends the filter on. A report from node u costs
   * {@code hops[u]} messages.
   */
  static Carried carry(int[] holders, IcebergData data, LinkedCountingBloomFilter f, long threshold, int[] hops) {
    Carried c = new Carried();
    boolean[] seen = new boolean[data.local.size()];
    long cap = (1L << f.valueBits()) - 1;
    KeyHash[] hash = data.hash;
    for (int i = 0; i < holders.length; i++) {
      int u = holders[i];
      if (seen[u]) {
        c.revisits++;
      } else {
        seen[u] = true;
        c.visited++;
        for (Map.Entry<Integer, Long> e : data.local.get(u).entrySet()) {
          int item = e.getKey();
          long local = Math.min(e.getValue(), cap);
          boolean report = local >= threshold;
          if (!report && f.add(hash[item], local) >= threshold) {
            f.remove(hash[item]);
            report = true;
          }
          if (report) {
            c.reported.add(item);
            c.messages++;
            c.resultHops += hops[u];
          }
        }
      }
      if (i + 1 < holders.length) {
        c.bitsTwoLayer += f.twoLayerBits();
        c.bitsOneLayer += f.oneLayerBits();
      }
    }
    return c;
  }

  /** A connected sample (resampled up to {@link #MAX_SAMPLES} times); {@code samples[0]} counts the draws. */
  static GeometricGraph connected(int n, double width, double height, double range, SplitMix64 r, int[] samples) {
    for (int s = 1; s <= MAX_SAMPLES; s++) {
      GeometricGraph g = GeometricGraph.sample(n, width, height, range, r);
      samples[0]++;
      if (g.connected()) {
        return g;
      }
    }
    throw new IllegalArgumentException(String.format(java.util.Locale.ROOT,
        "--range %s: no connected graph of %d nodes in %d samples; raise --range or --nodes", range, n, MAX_SAMPLES));
  }

  /** The walks of one (nodes, range): {@code graphs} connected graphs, {@code queries} sources each. */
  static final class Network {
    final List<Walk> walks = new ArrayList<>();
    int samples;
    double degree;

    static Network draw(int nodes, double width, double height, double range, int graphs, int queries, long seed) {
      Network net = new Network();
      SplitMix64 r = new SplitMix64(SplitMix64.mix(seed * 0x9E3779B97F4A7C15L + nodes) ^ Double.doubleToLongBits(range));
      int[] samples = new int[1];
      for (int g = 0; g < graphs; g++) {
        GeometricGraph graph = connected(nodes, width, height, range, r, samples);
        net.degree += 2.0 * graph.edges() / nodes / graphs;
        for (int q = 0; q < queries; q++) {
          int source = r.nextInt(nodes);
          net.walks.add(new Walk(source, walk(graph, source, r), graph.hops(source), 2 * graph.edges()));
        }
      }
      net.samples = samples[0];
      return net;
    }
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    int items = values.get(ITEMS);
    int ratings = values.get(RATINGS);
    int[] nodeCounts = values.get(NODES);
    double alpha = values.get(ALPHA);
    double width = values.get(WIDTH);
    double height = values.get(HEIGHT);
    double[] ranges = values.get(RANGE);
    int[] ratios = values.get(RATIO);
    int[] ks = values.get(NUM_HASHES);
    int l = values.get(VALUE_BITS);
    long threshold = values.get(THRESHOLD);
    int resultBits = values.get(RESULT_BITS);
    int graphs = values.get(GRAPHS);
    int queries = values.get(QUERIES);
    long seed = values.get(SEED);
    if (l > 40 || threshold < 1 || threshold > (1L << l) - 1) {
      throw new IllegalArgumentException("--value-bits in [1, 40] and --threshold in [1, 2^l - 1]");
    }
    if (!(width > 0) || !(height > 0) || Double.isInfinite(width) || Double.isInfinite(height)) {
      throw new IllegalArgumentException("--width and --height must be positive");
    }
    for (double r : ranges) {
      if (!(r > 0)) {
        throw new IllegalArgumentException("--range must be positive: " + r);
      }
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int nodes : nodeCounts) {
      IcebergData data = IcebergData.generate(items, ratings, nodes, alpha, threshold, seed);
      for (double range : ranges) {
        Network net = Network.draw(nodes, width, height, range, graphs, queries, seed);
        List<Walk> walks = net.walks;
        double naiveRouted = 0;
        for (Walk w : walks) {
          for (int u = 0; u < nodes; u++) {
            naiveRouted += 22.0 * 8 * data.ratingsAt[u] * w.hops[u] / walks.size();
          }
        }
        for (int ratio : ratios) {
          long m = (long) ratio * data.total.size();
          for (int k : ks) {
            rows.add(row(data, walks, m, ratio, k, l, threshold, resultBits, seed, nodes, range, width, height,
                graphs, net.samples, net.degree, naiveRouted, ratings));
          }
        }
      }
    }
    return rows;
  }

  private static Map<String, Object> row(IcebergData data, List<Walk> walks, long m, int ratio, int k, int l,
      long threshold, int resultBits, long seed, int nodes, double range, double width, double height,
      int graphs, int samples, double degree, double naiveRouted, int ratings) {
    int present = data.total.size();
    int icebergs = data.icebergs.size();
    int queries = walks.size();
    double hit = 0, err = 0, reported = 0, falseReports = 0, missed = 0, steps = 0, bound = 0, coverage = 0;
    double revisits = 0, messages = 0, hops = 0, bits2 = 0, bits1 = 0;
    for (int q = 0; q < queries; q++) {
      Walk w = walks.get(q);
      LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(m, k, l, seed + q);
      Carried c = carry(w.holders, data, f, threshold, w.hops);
      int hits = 0;
      for (int item : c.reported) {
        hits += data.icebergs.contains(item) ? 1 : 0;
      }
      hit += icebergs == 0 ? 1 : (double) hits / icebergs;
      err += icebergs == 0 ? 0 : (double) (c.reported.size() - hits) / icebergs;
      reported += c.reported.size();
      falseReports += c.reported.size() - hits;
      missed += icebergs - hits;
      steps += w.holders.length - 1;
      bound += w.stepBound;
      coverage += (double) c.visited / nodes;
      revisits += c.revisits;
      messages += c.messages;
      hops += c.resultHops;
      bits2 += c.bitsTwoLayer;
      bits1 += c.bitsOneLayer;
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("filter", "lcbf-gossip");
    row.put("nodes", nodes);
    row.put("range", range);
    row.put("width", width);
    row.put("height", height);
    row.put("graphs", graphs);
    row.put("graphSamples", samples);
    row.put("avgDegree", degree);
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
    row.put("fpr", present == icebergs ? 0.0 : falseReports / queries / (present - icebergs));
    row.put("fnr", icebergs == 0 ? 0.0 : missed / queries / icebergs);
    row.put("ratings", ratings);
    row.put("threshold", threshold);
    row.put("queries", queries);
    row.put("icebergs", icebergs);
    row.put("reported", reported / queries);
    row.put("hitRatio", hit / queries);
    row.put("errorRate", err / queries);
    row.put("steps", steps / queries);
    row.put("stepBound", bound / queries);
    row.put("coverage", coverage / queries);
    row.put("revisits", revisits / queries);
    row.put("resultMessages", messages / queries);
    row.put("resultHops", hops / queries);
    row.put("bitsTwoLayer", bits2 / queries);
    row.put("bitsOneLayer", bits1 / queries);
    row.put("routingBits", hops / queries * resultBits);
    row.put("bitsPerNode", (bits2 + hops * resultBits) / queries / nodes);
    row.put("naiveBits", 22.0 * 8 * ratings);
    row.put("naiveRoutedBits", naiveRouted);
    return row;
  }
}
