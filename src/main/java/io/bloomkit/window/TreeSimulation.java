package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.window.BloomTree.Mode;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import io.bloomkit.sim.StreamParams;
import io.bloomkit.data.TimedStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code simulate tree}: dense and sparse Bloom trees over a producer hierarchy ("One is Enough",
 * sections 6 and 7; Table 1 and Figure 12). Each key has a home producer that emits it with
 * probability {@code locality}, otherwise a random producer does. Every node is a filter of the
 * same shape, sized for the stream's distinct keys at {@code fpp}; one flat filter of that shape
 * runs alongside. Per row: hits and accesses per level (root first), the levels each event climbed,
 * false positives and negatives against the truth (append-only: the key occurred before; with a
 * window: delivered by the tree in the previous w time units), top-down rejections and, under the
 * paper's top-down rule, the events it called distinct there; requests per root site when the root
 * is sliced; and the communication cost in bits: every access is a request carrying the event's k
 * positions of {@code ceil(log2 m)} bits ({@link WindowTheory#requestBits}).
 */
public final class TreeSimulation implements Simulation {
  @Override
  public String name() {
    return "tree";
  }

  @Override
  public String description() {
    return "One is Enough sec. 6: dense and sparse Bloom trees, top-down testing (Table 1, Fig. 12)";
  }

  static final StreamParams STREAM = new StreamParams(10_000, 100_000, 10);
  static final Param<Integer> PRODUCERS = Param.ofInt("producers", "P", "producers", 256, 1);
  static final Param<Double> LOCALITY =
      Param.ofDouble("locality", "L", "share of a key's events from its home producer", 0.9);
  static final Param<int[]> LEVELS =
      Param.ofIntList("levels", "LIST", "tree levels, root included", new int[] {2, 5}, 1);
  static final Param<Integer> FANOUT =
      Param.ofInt("fanout", "F", "children per node (default: the least giving every producer its own"
          + " leaf)", null, 1);
  static final Param<String[]> MODES =
      Param.ofStringList("modes", "LIST", "dense and/or sparse", new String[] {"dense", "sparse"});
  static final Param<int[]> THRESHOLD_LEVEL =
      Param.ofIntList("threshold-level", "LIST", "top-down threshold levels d, 0 = off", new int[] {0}, 0);
  static final Param<Integer> NUM_HASHES = Param.ofInt("num-hashes", "K", "hash functions k", 4, 1);
  static final Param<Double> FPP =
      Param.ofDouble("fpp", "P", "target rate sizing every node for the distinct keys", 0.05);
  static final Param<Long> MEMORY_BITS =
      Param.ofLong("memory-bits", "M", "bits per node (overrides --fpp)", null);
  static final Param<Long> WINDOW =
      Param.ofLong("window", "W", "timer window in time units, 0 = append-only", 0L);
  static final Param<String[]> TOP_DOWN =
      Param.ofStringList("top-down", "LIST", "after a hit the top-down test rejects: climb (go on up,"
          + " no false negatives) and/or paper (the paper's rule: distinct, stop)", new String[] {"climb"});
  static final Param<int[]> ROOT_SLICES =
      Param.ofIntList("root-slices", "LIST", "sites the root's filter is sliced over (vertically, the"
          + " answers unchanged), 1 = unsliced", new int[] {1}, 1);

  @Override
  public List<Param<?>> params() {
    List<Param<?>> all = new ArrayList<>(STREAM.all());
    all.addAll(List.of(PRODUCERS, LOCALITY, LEVELS, FANOUT, MODES, THRESHOLD_LEVEL, NUM_HASHES, FPP,
        MEMORY_BITS, WINDOW, TOP_DOWN, ROOT_SLICES));
    return all;
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    int producers = values.get(PRODUCERS);
    double locality = values.get(LOCALITY);
    int[] levelsList = values.get(LEVELS);
    String[] modes = values.get(MODES);
    int[] thresholds = values.get(THRESHOLD_LEVEL);
    int k = values.get(NUM_HASHES);
    double fpp = values.get(FPP);
    long window = values.get(WINDOW);
    String[] rules = values.get(TOP_DOWN);
    for (String rule : rules) {
      BloomTree.TopDown.fromName(rule);
    }
    int[] rootSlices = values.get(ROOT_SLICES);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String dist : values.get(STREAM.distribution)) {
      TimedStream s = TimedStream.generate(STREAM.spec(values, dist).producers(producers, locality));
      Set<Long> keys = new HashSet<>();
      for (long key : s.keys) {
        keys.add(key);
      }
      long m = values.isSet(MEMORY_BITS)
          ? values.get(MEMORY_BITS)
          : BloomMath.bitsForFpp(keys.size(), k, fpp);
      for (int levels : levelsList) {
        int fanout = values.isSet(FANOUT)
            ? values.get(FANOUT)
            : levels == 1 ? 1 : (int) Math.ceil(Math.pow(producers, 1.0 / (levels - 1)) - 1e-9);
        for (String ms : modes) {
          for (int d : thresholds) {
            if (d >= levels) {
              continue;
            }
            for (String rule : rules) {
              if (d == 0 && !rule.equals(rules[0])) {
                continue; // without top-down testing the rules coincide
              }
              for (int r : rootSlices) {
                rows.add(runOne(s, dist, Mode.fromName(ms), levels, fanout, m, k, window, d,
                    BloomTree.TopDown.fromName(rule), r, fpp, producers, locality));
              }
            }
          }
        }
      }
    }
    return rows;
  }

  static Map<String, Object> runOne(
      TimedStream s, String dist, Mode mode, int levels, int fanout, long m, int k, long window,
      int threshold, BloomTree.TopDown rule, int rootSlices, double fpp, int producers, double locality) {
    BloomTree tree = new BloomTree(levels, fanout, m, k, mode, window, threshold, rule, rootSlices);
    BloomTree flat = new BloomTree(1, 1, m, k, Mode.SPARSE, window, 0);
    Map<Long, Long> delivered = new HashMap<>();
    Map<Long, Long> flatDelivered = new HashMap<>();
    long tp = 0, fp = 0, tn = 0, fn = 0, flatFp = 0, flatTn = 0;
    for (int i = 0; i < s.length(); i++) {
      KeyHash h = s.hash(i);
      long t = s.times[i];
      boolean truth = isDuplicate(delivered, s.keys[i], t, window);
      boolean dup = tree.offer(h, s.producers[i], t);
      if (!dup || window == 0) {
        delivered.put(s.keys[i], t);
      }
      if (truth) {
        if (dup) {
          tp++;
        } else {
          fn++;
        }
      } else if (dup) {
        fp++;
      } else {
        tn++;
      }
      boolean flatTruth = isDuplicate(flatDelivered, s.keys[i], t, window);
      boolean flatDup = flat.offer(h, 0, t);
      if (!flatDup || window == 0) {
        flatDelivered.put(s.keys[i], t);
      }
      if (!flatTruth) {
        flatFp += flatDup ? 1 : 0;
        flatTn += flatDup ? 0 : 1;
      }
    }
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("filter", mode.cliName);
    row.put("distribution", dist);
    row.put("levels", levels);
    row.put("fanout", fanout);
    row.put("producers", producers);
    row.put("locality", locality);
    row.put("memoryBits", m);
    row.put("numHashes", k);
    row.put("fpp", fpp);
    row.put("window", window);
    row.put("thresholdLevel", threshold);
    row.put("length", s.length());
    row.put("distinct", fp + tn);
    row.put("duplicates", tp + fn);
    row.put("falsePositives", fp);
    row.put("falseNegatives", fn);
    row.put("fpr", WindowSimulation.ratio(fp, fp + tn));
    row.put("fnr", WindowSimulation.ratio(fn, fn + tp));
    row.put("flatFpr", WindowSimulation.ratio(flatFp, flatFp + flatTn));
    row.put("topDown", rule.cliName);
    row.put("rootSlices", rootSlices);
    row.put("rejections", tree.rejections());
    row.put("topDownStops", tree.topDownStops());
    row.put("hitsPerLevel", tree.hitsPerLevel());
    long[] accesses = tree.accessesPerLevel();
    long bitsPerRequest = WindowTheory.requestBits(k, m);
    row.put("accessesPerLevel", accesses);
    row.put("bitsPerRequest", bitsPerRequest);
    row.put("accessBitsPerLevel", times(accesses, bitsPerRequest));
    long[] root = tree.rootRequests();
    row.put("rootRequests", root);
    row.put("rootRequestBits", times(root, bitsPerRequest));
    row.put("rootFairness", WindowTheory.fairnessIndex(root));
    row.put("rootMaxLoadShare", WindowTheory.maxLoadShare(root));
    row.put("levelsClimbed", java.util.Arrays.copyOfRange(tree.levelsClimbed(), 1, levels + 1));
    row.put("memoryBitsTotal", tree.memoryBits());
    return row;
  }

  /** Each count times {@code factor} (request counts to bits). */
  static long[] times(long[] counts, long factor) {
    long[] out = new long[counts.length];
    for (int i = 0; i < counts.length; i++) {
      out[i] = Math.multiplyExact(counts[i], factor);
    }
    return out;
  }

  /**
   * Append-only: the key occurred before (each key's first occurrence is the one distinct event);
   * with a window: delivered in the previous w time units (Definition 4).
   */
  static boolean isDuplicate(Map<Long, Long> delivered, long key, long t, long window) {
    Long last = delivered.get(key);
    return last != null && (window == 0 || last + window > t);
  }
}
