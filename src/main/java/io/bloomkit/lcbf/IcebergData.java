package io.bloomkit.lcbf;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.SplitMix64;
import io.bloomkit.data.TimedStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The generated data of {@code simulate lcbf} and {@code simulate gossip}, shaped like the icebergs
 * paper's book ratings: {@code ratings} ratings of 1..10 of {@code items} books with Zipf
 * popularity, each by a user drawn uniformly among {@code nodes} virtual users. Per node its local
 * totals (item to summed rating, in first-rating order) and its number of ratings; the global
 * totals and the icebergs (total at least the threshold); the items' hashes.
 */
final class IcebergData {
  final List<Map<Integer, Long>> local = new ArrayList<>();
  final int[] ratingsAt;
  final Map<Integer, Long> total = new HashMap<>();
  final Set<Integer> icebergs = new HashSet<>();
  final KeyHash[] hash;

  private IcebergData(int items, int ratings, int nodes, double alpha, long threshold, long seed) {
    TimedStream keys =
        TimedStream.generate(
            new TimedStream.Spec().distribution("zipf").alpha(alpha).universe(items).length(ratings).seed(seed));
    SplitMix64 r = new SplitMix64(seed ^ 0x1CEBE65L);
    ratingsAt = new int[nodes];
    for (int u = 0; u < nodes; u++) {
      local.add(new LinkedHashMap<>());
    }
    for (int i = 0; i < ratings; i++) {
      int item = (int) keys.keys[i];
      long rating = 1 + r.nextInt(10);
      int u = r.nextInt(nodes);
      local.get(u).merge(item, rating, Long::sum);
      ratingsAt[u]++;
      total.merge(item, rating, Long::sum);
    }
    for (Map.Entry<Integer, Long> e : total.entrySet()) {
      if (e.getValue() >= threshold) {
        icebergs.add(e.getKey());
      }
    }
    hash = new KeyHash[items];
    for (int i = 0; i < items; i++) {
      hash[i] = TimedStream.hashOf(i);
    }
  }

  static IcebergData generate(int items, int ratings, int nodes, double alpha, long threshold, long seed) {
    return new IcebergData(items, ratings, nodes, alpha, threshold, seed);
  }
}
