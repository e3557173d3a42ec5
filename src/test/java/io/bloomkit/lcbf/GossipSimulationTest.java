package io.bloomkit.lcbf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.data.SplitMix64;
import io.bloomkit.sim.ParamValues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate gossip}: the random geometric graph against an O(n^2) recount, the walk against
 * the paper's rules, each node's data added once despite revisits, the rates against an exact
 * iceberg recount, and the same results as {@code simulate lcbf} when fed its walk.
 */
public class GossipSimulationTest {
  static ParamValues values(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return ParamValues.of(m);
  }

  static double d(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  static boolean near(GeometricGraph g, int a, int b) {
    double dx = g.x[a] - g.x[b];
    double dy = g.y[a] - g.y[b];
    return a != b && dx * dx + dy * dy <= g.range * g.range;
  }

  /** Neighbours by comparing every pair; hops by relaxing until nothing changes. */
  @Test
  public void graphMatchesANaiveRecount() {
    SplitMix64 r = new SplitMix64(3);
    double[][] shapes = {{1000, 500, 150}, {1000, 500, 37.5}, {1, 1, 0.3}, {300, 700, 260}, {100, 100, 1e4}, {10, 10, 0.01}};
    long edgesSeen = 0;
    for (double[] s : shapes) {
      for (int n : new int[] {1, 2, 57, 300}) {
        GeometricGraph g = GeometricGraph.sample(n, s[0], s[1], s[2], r);
        long edges = 0;
        for (int i = 0; i < n; i++) {
          List<Integer> want = new ArrayList<>();
          for (int j = 0; j < n; j++) {
            double dx = g.x[i] - g.x[j];
            double dy = g.y[i] - g.y[j];
            if (j != i && dx * dx + dy * dy <= s[2] * s[2]) {
              want.add(j);
            }
          }
          assertArrayEquals(want.stream().mapToInt(Integer::intValue).toArray(),
              g.adjacent[i], n + " " + java.util.Arrays.toString(s) + " node " + i);
          edges += want.size();
          assertTrue(g.x[i] >= 0 && g.x[i] < s[0] && g.y[i] >= 0 && g.y[i] < s[1]);
        }
        assertEquals(edges / 2, g.edges());
        edgesSeen += edges;
        int[] h = g.hops(0);
        int[] want = new int[n];
        java.util.Arrays.fill(want, Integer.MAX_VALUE);
        want[0] = 0;
        for (boolean changed = true; changed; ) {
          changed = false;
          for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
              if (want[a] != Integer.MAX_VALUE && near(g, a, b) && want[a] + 1 < want[b]) {
                want[b] = want[a] + 1;
                changed = true;
              }
            }
          }
        }
        boolean all = true;
        for (int i = 0; i < n; i++) {
          assertEquals(want[i] == Integer.MAX_VALUE ? -1 : want[i], h[i]);
          all &= h[i] >= 0;
        }
        assertEquals(all, g.connected());
      }
    }
    assertTrue(edgesSeen > 10_000);
    // exactly at the range: a link; just past it: none (points on the border included)
    GeometricGraph g = GeometricGraph.of(new double[] {0, 150, 999.999, 849.999, 300.0000001},
        new double[] {0, 0, 499.99, 499.99, 0}, 150, 1000, 500);
    assertArrayEquals(new int[] {1}, g.adjacent[0]);
    assertArrayEquals(new int[] {0}, g.adjacent[1]);
    assertArrayEquals(new int[] {3}, g.adjacent[2]);
    assertArrayEquals(new int[] {}, g.adjacent[4]);
  }

  static GeometricGraph connectedGraph(int n, double range, long seed) {
    return GossipSimulation.connected(n, 1000, 500, range, new SplitMix64(seed), new int[1]);
  }

  /**
   * Steps 2-5: every step follows an edge (checked by distance, not by the lists), no node
   * forwards twice to the same neighbour, the walk ends at the source with all its links used,
   * and a node other than the source never stops with a link left.
   */
  @Test
  public void walkFollowsTheRules() {
    int revisitingWalks = 0;
    for (long seed = 1; seed <= 12; seed++) {
      GeometricGraph g = connectedGraph(60 + (int) seed * 10, 120 + seed * 5, seed);
      SplitMix64 r = new SplitMix64(seed * 77);
      int source = r.nextInt(g.nodes());
      int[] w = GossipSimulation.walk(g, source, r);
      assertEquals(source, w[0]);
      Set<Long> used = new HashSet<>();
      Set<Integer> visited = new HashSet<>();
      visited.add(source);
      for (int i = 1; i < w.length; i++) {
        assertTrue(near(g, w[i - 1], w[i]), "step " + i + " is no link");
        assertTrue(used.add((long) w[i - 1] * g.nodes() + w[i]), "forwarded twice on " + w[i - 1] + "->" + w[i]);
        visited.add(w[i]);
      }
      assertTrue(w.length - 1 <= 2 * g.edges());
      assertEquals(source, w[w.length - 1], "ends at the source");
      for (int v : g.adjacent[source]) {
        assertTrue(used.contains((long) source * g.nodes() + v), "source never forwarded to " + v);
      }
      revisitingWalks += visited.size() < w.length ? 1 : 0;
    }
    assertEquals(12, revisitingWalks);
  }

  /** Sum of each item's local totals over the given nodes. */
  static Map<Integer, Long> totals(IcebergData data, Set<Integer> nodes) {
    Map<Integer, Long> t = new HashMap<>();
    for (int u : nodes) {
      for (Map.Entry<Integer, Long> e : data.local.get(u).entrySet()) {
        t.merge(e.getKey(), e.getValue(), Long::sum);
      }
    }
    return t;
  }

  static Set<Integer> set(int[] holders) {
    Set<Integer> s = new HashSet<>();
    for (int u : holders) {
      s.add(u);
    }
    return s;
  }

  /**
   * With a threshold never reached and a filter large enough for no false match, every item's
   * value after the walk is the sum of its local totals over the nodes the walk reached: each
   * node's data entered exactly once although the walk came back to nodes many times.
   */
  @Test
  public void eachNodesDataEntersOnceDespiteRevisits() {
    IcebergData data = IcebergData.generate(400, 20_000, 50, 1.0, (1L << 40) - 1, 5);
    GeometricGraph g = connectedGraph(50, 230, 5);
    int[] hops = g.hops(7);
    int[] w = GossipSimulation.walk(g, 7, new SplitMix64(9));
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(400L * 400, 4, 40, 1);
    GossipSimulation.Carried c = GossipSimulation.carry(w, data, f, (1L << 40) - 1, hops);
    Set<Integer> reached = set(w);
    assertEquals(reached.size(), c.visited);
    assertEquals(w.length - reached.size(), c.revisits);
    assertTrue(c.revisits > 2 * reached.size(), "the walk revisits: " + c.revisits);
    assertTrue(c.reported.isEmpty());
    Map<Integer, Long> want = totals(data, reached);
    assertEquals(want.size(), f.items());
    for (Map.Entry<Integer, Long> e : want.entrySet()) {
      assertEquals((long) e.getValue(), f.frequency(data.hash[e.getKey()]), "item " + e.getKey());
    }
  }

  /**
   * Without false matches (a large filter) the source learns exactly the items whose total over
   * the nodes the walk reached is at least T: on a sparse graph where the walk misses nodes, the
   * icebergs held mostly there are missed. Every report costs its node's hop count.
   */
  @Test
  public void reportsAreTheIcebergsOfTheReachedNodes() {
    long threshold = 200;
    IcebergData data = IcebergData.generate(600, 30_000, 80, 1.0, threshold, 11);
    GeometricGraph g = connectedGraph(80, 110, 11);
    int partial = 0;
    for (int source = 0; source < 80; source += 8) {
      int[] hops = g.hops(source);
      int[] w = GossipSimulation.walk(g, source, new SplitMix64(source));
      LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(600L * 300, 4, 15, source);
      GossipSimulation.Carried c = GossipSimulation.carry(w, data, f, threshold, hops);
      Set<Integer> reached = set(w);
      Set<Integer> want = new HashSet<>();
      totals(data, reached).forEach((item, t) -> {
        if (t >= threshold) {
          want.add(item);
        }
      });
      assertEquals(want, c.reported);
      // every report message: at least one per reported item, each at most (max hops)
      int max = 0;
      for (int h : hops) {
        max = Math.max(max, h);
      }
      assertTrue(c.messages >= c.reported.size());
      assertTrue(c.resultHops <= c.messages * max);
      partial += reached.size() < 80 ? 1 : 0;
    }
    assertTrue(partial > 0, "some walks miss nodes at this range");
  }

  /**
   * The rows' hit ratio and error rate against icebergs recounted from the nodes' data, over the
   * same walks and filter seeds; and on a complete graph with a large filter every query finds
   * every iceberg and nothing else.
   */
  @Test
  public void ratesAgainstAnExactRecount() {
    GossipSimulation sim = new GossipSimulation();
    String[] common = {"items", "500", "ratings", "25000", "nodes", "40", "ratio", "2", "num-hashes", "1,3",
        "graphs", "2", "queries", "3", "seed", "4"};
    List<Map<String, Object>> rows = sim.run(values(concat(common, "range", "140")));
    IcebergData data = IcebergData.generate(500, 25_000, 40, 1.0, 200, 4);
    Set<Integer> icebergs = new HashSet<>();
    Set<Integer> all = new HashSet<>();
    for (int u = 0; u < 40; u++) {
      all.add(u);
    }
    totals(data, all).forEach((item, t) -> {
      if (t >= 200) {
        icebergs.add(item);
      }
    });
    assertTrue(icebergs.size() > 20);
    GossipSimulation.Network net = GossipSimulation.Network.draw(40, 1000, 500, 140, 2, 3, 4);
    assertEquals(6, net.walks.size());
    double errors = 0;
    for (Map<String, Object> row : rows) {
      int k = (int) d(row, "numHashes");
      double hit = 0;
      double err = 0;
      double bits = 0;
      for (int q = 0; q < 6; q++) {
        GossipSimulation.Walk w = net.walks.get(q);
        LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(2L * data.total.size(), k, 15, 4 + q);
        GossipSimulation.Carried c = GossipSimulation.carry(w.holders, data, f, 200, w.hops);
        Set<Integer> hits = new HashSet<>(c.reported);
        hits.retainAll(icebergs);
        hit += (double) hits.size() / icebergs.size() / 6;
        err += (double) (c.reported.size() - hits.size()) / icebergs.size() / 6;
        bits += (c.bitsTwoLayer + 176.0 * c.resultHops) / 6 / 40;
      }
      assertEquals((double) icebergs.size(), d(row, "icebergs"), 0);
      assertEquals(hit, d(row, "hitRatio"), 1e-12);
      assertEquals(err, d(row, "errorRate"), 1e-12);
      assertEquals(bits, d(row, "bitsPerNode"), 1e-6);
      errors += err;
    }
    assertTrue(errors > 0, "m/n = 2, k = 1 makes errors");
    // complete graph (range beyond the diagonal), large filter: all nodes reached, exact answers
    for (Map<String, Object> row : sim.run(values(concat(common, "range", "2000", "ratio", "400", "num-hashes", "4")))) {
      assertEquals(1.0, d(row, "coverage"), 0);
      assertEquals(1.0, d(row, "hitRatio"), 0);
      assertEquals(0.0, d(row, "errorRate"), 0);
      assertEquals(39.0, d(row, "avgDegree"), 0);
    }
  }

  static String[] concat(String[] a, String... b) {
    Map<String, String> m = new java.util.LinkedHashMap<>();
    for (String[] s : new String[][] {a, b}) {
      for (int i = 0; i < s.length; i += 2) {
        m.put(s[i], s[i + 1]);
      }
    }
    List<String> out = new ArrayList<>();
    m.forEach((k, v) -> {
      out.add(k);
      out.add(v);
    });
    return out.toArray(new String[0]);
  }

  /**
   * Fed {@code simulate lcbf}'s walk (each node once, in its random order: a walk of the complete
   * graph), the gossip filter logic gives that simulation's hit ratio, error rate, reports and
   * filter bits exactly.
   */
  @Test
  public void todaysWalkOnACompleteGraphGivesTodaysResults() {
    int nodes = 30;
    long seed = 6;
    List<Map<String, Object>> today = new LcbfSimulation().run(values("items", "400", "ratings", "20000",
        "nodes", "30", "ratio", "1,5", "num-hashes", "1,3", "queries", "3", "seed", "6"));
    IcebergData data = IcebergData.generate(400, 20_000, nodes, 1.0, 200, seed);
    GeometricGraph complete = connectedGraph(nodes, 2000, 1);
    int[] noHops = new int[nodes];
    double errors = 0;
    for (Map<String, Object> row : today) {
      int ratio = (int) d(row, "ratio");
      int k = (int) d(row, "numHashes");
      SplitMix64 order = new SplitMix64(seed * 31 + ratio * 7L + k);
      double hit = 0, err = 0, bits2 = 0, bits1 = 0, reported = 0;
      for (int q = 0; q < 3; q++) {
        int[] w = LcbfSimulation.permutation(nodes, order);
        for (int i = 1; i < w.length; i++) {
          assertTrue(near(complete, w[i - 1], w[i]));
        }
        LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create((long) ratio * data.total.size(), k, 15, seed + q);
        GossipSimulation.Carried c = GossipSimulation.carry(w, data, f, 200, noHops);
        assertEquals(nodes, c.visited);
        assertEquals(0, c.revisits);
        int hits = 0;
        for (int item : c.reported) {
          hits += data.icebergs.contains(item) ? 1 : 0;
        }
        hit += (double) hits / data.icebergs.size();
        err += (double) (c.reported.size() - hits) / data.icebergs.size();
        bits2 += c.bitsTwoLayer;
        bits1 += c.bitsOneLayer;
        reported += c.reported.size();
      }
      assertEquals(hit / 3, d(row, "hitRatio"), 0);
      assertEquals(err / 3, d(row, "errorRate"), 0);
      assertEquals(bits2 / 3, d(row, "bitsTwoLayer"), 0);
      assertEquals(bits1 / 3, d(row, "bitsOneLayer"), 0);
      assertEquals(reported / 3, d(row, "reported"), 0);
      errors += err;
    }
    assertTrue(errors > 0, "m/n = 1, k = 1 makes errors");
  }

  @Test
  public void badOptions() {
    String[][] bad = {{"range", "0"}, {"width", "-1"}, {"threshold", "0"}, {"nodes", "1"},
        {"nodes", "30", "range", "1"}};
    for (String[] b : bad) {
      try {
        new GossipSimulation().run(values(concat(new String[] {"items", "50", "ratings", "500", "ratio", "2",
            "num-hashes", "1"}, b)));
        fail(String.join(" ", b) + " accepted");
      } catch (IllegalArgumentException expected) {
        assertTrue(expected.getMessage().startsWith("--"), expected.getMessage());
      }
    }
  }
}
