package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.window.SlicedBloomFilter.FailurePolicy;
import io.bloomkit.window.SlicedBloomFilter.Layout;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import io.bloomkit.sim.StreamParams;
import io.bloomkit.data.TimedStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import io.bloomkit.data.SplitMix64;

/**
 * {@code simulate slices}: horizontally, vertically and diced sliced Bloom filters on an
 * append-only stream ("One is Enough", sections 3 and 7; Figures 1 and 5): false positive rate
 * against eq. 3/4 (or eq. 5/6 and the heuristic's rates with failed slices), per-slice load,
 * fairness index, maximum load share, sites contacted per lookup in parallel and pipelined. Filters
 * are sized for the stream's distinct keys at each target rate (as the paper's "optimal size given
 * an estimation of the input size"). Truth: a key is a duplicate if it occurred before. {@code
 * theoryFpr} averages the formula over the first occurrences (the filter grows along the stream),
 * {@code theoryFprFinal} is the formula at the final count. Communication cost: each request
 * carries the event's k positions of {@code ceil(log2 r)} bits ({@link WindowTheory#requestBits}),
 * r = m/S rounded up for horizontal and h-v layouts (positions hashed inside the slice, the paper's
 * k log2(m/S)), r = m for vertical and v-h (the event's positions in the whole filter, the paper's
 * k log2(m), sent to every site they fall on).
 */
public final class SlicesSimulation implements Simulation {
  @Override
  public String name() {
    return "slices";
  }

  @Override
  public String description() {
    return "One is Enough sec. 3: horizontal/vertical/diced slices, failures, load (Fig. 1, 5)";
  }

  static final StreamParams STREAM = new StreamParams(10_000, 100_000, 10);
  static final Param<String[]> LAYOUTS =
      Param.ofStringList("layouts", "LIST", "horizontal, vertical, h-v, v-h",
          new String[] {"horizontal", "vertical"});
  static final Param<int[]> SLICES =
      Param.ofIntList("slices", "LIST", "slice counts S", new int[] {1, 2, 4, 8, 16, 32, 64}, 1);
  static final Param<Integer> SUB_SLICES = Param.ofInt("sub-slices", "S2", "S' of the diced layouts", 4, 1);
  static final Param<Integer> NUM_HASHES = Param.ofInt("num-hashes", "K", "hash functions k", 4, 1);
  static final Param<double[]> FPP =
      Param.ofDoubleList("fpp", "LIST", "target rates sizing the filter for the distinct keys",
          new double[] {0.02, 0.05, 0.08});
  static final Param<Long> MEMORY_BITS =
      Param.ofLong("memory-bits", "M", "filter bits m (overrides --fpp)", null);
  static final Param<int[]> FAILED =
      Param.ofIntList("failed", "LIST", "failed slices f, chosen at random", new int[] {0}, 0);
  static final Param<String> POLICY =
      Param.ofString("policy", "P", "failed bits count as: set, unset, at-least", "set");
  static final Param<int[]> AT_LEAST =
      Param.ofIntList("at-least", "LIST", "x of the at-least policy", null, 1).defaultShownAs("1..k");
  static final Param<String> HASHING =
      Param.ofString("hashing", "H", "double (the library's positions) or mixed (independent"
          + " positions, as the formulas assume)", "double");

  @Override
  public List<Param<?>> params() {
    List<Param<?>> all = new ArrayList<>(STREAM.all());
    all.addAll(List.of(LAYOUTS, SLICES, SUB_SLICES, NUM_HASHES, FPP, MEMORY_BITS, FAILED, POLICY,
        AT_LEAST, HASHING));
    return all;
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    String[] layouts = values.get(LAYOUTS);
    int[] slices = values.get(SLICES);
    int sub = values.get(SUB_SLICES);
    int k = values.get(NUM_HASHES);
    double[] fpps = values.get(FPP);
    int[] failed = values.get(FAILED);
    FailurePolicy policy = FailurePolicy.fromName(values.get(POLICY));
    int[] allX = new int[k];
    for (int x = 1; x <= k; x++) {
      allX[x - 1] = x;
    }
    int[] xs = policy == FailurePolicy.AT_LEAST ? values.get(AT_LEAST, allX) : new int[] {0};
    String hashing = values.get(HASHING);
    if (!hashing.equals("double") && !hashing.equals("mixed")) {
      throw new IllegalArgumentException("--hashing must be double or mixed: " + hashing);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String dist : values.get(STREAM.distribution)) {
      TimedStream s = TimedStream.generate(STREAM.spec(values, dist));
      Set<Long> keys = new HashSet<>();
      for (long key : s.keys) {
        keys.add(key);
      }
      long distinctKeys = keys.size();
      for (String ls : layouts) {
        Layout layout = Layout.fromName(ls);
        boolean diced = layout == Layout.HV || layout == Layout.VH;
        for (double fpp : fpps) {
          long m = values.isSet(MEMORY_BITS)
              ? values.get(MEMORY_BITS)
              : BloomMath.bitsForFpp(distinctKeys, k, fpp);
          for (int sl : slices) {
            for (int f : failed) {
              if (f > sl * (diced ? sub : 1)) {
                continue;
              }
              for (int x : xs) {
                rows.add(runOne(s, dist, layout, m, k, sl, diced ? sub : 1, fpp, f, policy, x,
                    hashing.equals("mixed"), values.get(STREAM.seed)));
              }
            }
          }
          if (values.isSet(MEMORY_BITS)) {
            break;
          }
        }
      }
    }
    return rows;
  }

  static Map<String, Object> runOne(
      TimedStream s, String dist, Layout layout, long m, int k, int slices, int sub, double fpp,
      int failed, FailurePolicy policy, int x, boolean mixed, long seed) {
    SlicedBloomFilter f = new SlicedBloomFilter(layout, m, k, slices, sub, mixed);
    int sites = f.siteCount();
    SplitMix64 r = new SplitMix64(seed ^ 0xFA11L);
    int[] order = new int[sites];
    for (int i = 0; i < sites; i++) {
      order[i] = i;
    }
    for (int i = sites - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (int i = 0; i < failed; i++) {
      f.fail(order[i]);
    }
    f.policy(policy, x);
    Set<Long> seen = new HashSet<>();
    long tp = 0, fp = 0, tn = 0, fn = 0;
    double theorySum = 0;
    for (int i = 0; i < s.length(); i++) {
      boolean truth = !seen.add(s.keys[i]);
      if (!truth) {
        theorySum += theory(layout, m, k, seen.size() - 1, slices, sub, failed, policy, x)[0];
      }
      boolean dup = f.offer(s.hash(i));
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
    }
    long distinct = fp + tn;
    double[] finalTheory = theory(layout, m, k, distinct, slices, sub, failed, policy, x);
    long[] load = f.requests();
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("filter", layout.cliName);
    row.put("distribution", dist);
    row.put("memoryBits", m);
    row.put("numHashes", k);
    row.put("slices", slices);
    row.put("subSlices", sub);
    row.put("fpp", fpp);
    row.put("failed", failed);
    row.put("policy", policy.cliName);
    row.put("atLeast", x);
    row.put("hashing", mixed ? "mixed" : "double");
    row.put("length", s.length());
    row.put("distinct", distinct);
    row.put("duplicates", tp + fn);
    row.put("falsePositives", fp);
    row.put("falseNegatives", fn);
    row.put("fpr", WindowSimulation.ratio(fp, fp + tn));
    row.put("fnr", WindowSimulation.ratio(fn, fn + tp));
    row.put("theoryFpr", distinct == 0 ? 0.0 : theorySum / distinct);
    row.put("theoryFprFinal", finalTheory[0]);
    row.put("theoryFnr", finalTheory[1]);
    row.put("fairness", WindowTheory.fairnessIndex(load));
    row.put("maxLoadShare", WindowTheory.maxLoadShare(load));
    row.put("meanSitesPerLookup", f.meanSitesPerLookup());
    row.put("meanSitesPipelined", f.meanSitesPipelined());
    row.put("requests", load);
    long bitsPerRequest = bitsPerRequest(layout, m, k, slices);
    row.put("bitsPerRequest", bitsPerRequest);
    row.put("requestBits", TreeSimulation.times(load, bitsPerRequest));
    long total = 0;
    for (long requests : load) {
      total += requests;
    }
    row.put("totalRequests", total);
    row.put("totalBits", Math.multiplyExact(total, bitsPerRequest));
    return row;
  }

  /** k positions per request, in [0, ceil(m/S)) for horizontal and h-v, in [0, m) otherwise. */
  static long bitsPerRequest(Layout layout, long m, int k, int slices) {
    boolean inSlice = layout == Layout.HORIZONTAL || layout == Layout.HV;
    return WindowTheory.requestBits(k, inSlice ? (m + slices - 1) / slices : m);
  }

  /**
   * {false positive rate, false negative rate} of the layout and policy with n items: eq. 3/4 and
   * section 3.3 without failures; eq. 5 (horizontal) and eq. 6/7 (vertical, diced as vertical with
   * S*S' sites) with failed bits as set; section 3.2's rates as unset and for the heuristic.
   */
  static double[] theory(
      Layout layout, long m, int k, long n, int slices, int sub, int failed, FailurePolicy policy, int x) {
    if (failed == 0) {
      double p;
      switch (layout) {
        case HORIZONTAL:
          p = WindowTheory.horizontalSlicedFpp(m, n, k, slices);
          break;
        case VERTICAL:
          p = WindowTheory.verticalSlicedFpp(m, n, k, slices);
          break;
        default:
          p = WindowTheory.dicedFpp(m, n, k, slices, sub, layout == Layout.VH);
      }
      return new double[] {p, 0.0};
    }
    int sites = slices * sub;
    if (layout == Layout.HORIZONTAL) {
      switch (policy) {
        case SET:
          return new double[] {WindowTheory.horizontalFailedSetFpp(m, n, k, slices, failed), 0.0};
        default: // unset, and at-least (a horizontal event has all k bits alive or none)
          return new double[] {
            WindowTheory.horizontalFailedUnsetFpp(m, n, k, slices, failed), WindowTheory.horizontalFailedUnsetFnr(slices, failed)
          };
      }
    }
    switch (policy) {
      case SET:
        return new double[] {WindowTheory.verticalFailedSetFpp(m, n, k, sites, failed), 0.0};
      case UNSET:
        return new double[] {
          WindowTheory.verticalFailedUnsetFpp(m, n, k, sites, failed), WindowTheory.verticalFailedUnsetFnr(k, sites, failed)
        };
      default:
        return new double[] {
          WindowTheory.verticalAtLeastFpp(m, n, k, sites, failed, x), WindowTheory.verticalAtLeastFnr(k, sites, failed, x)
        };
    }
  }
}
