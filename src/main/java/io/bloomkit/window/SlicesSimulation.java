package io.bloomkit.window;

import io.bloomkit.window.SlicedBloomFilter.FailurePolicy;
import io.bloomkit.window.SlicedBloomFilter.Layout;
import io.bloomkit.sim.SimOptions;
import io.bloomkit.sim.Simulation;
import io.bloomkit.sim.StreamOptions;
import io.bloomkit.data.TimedStream;
import io.bloomkit.core.Theory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code simulate slices}: horizontally, vertically and diced sliced Bloom filters on an
 * append-only stream ("One is Enough", sections 3 and 7; Figures 1 and 5): false positive rate
 * against eq. 3/4 (or eq. 5/6 and the heuristic's rates with failed slices), per-slice load,
 * fairness index, maximum load share, sites contacted per lookup in parallel and pipelined. Filters
 * are sized for the stream's distinct keys at each target rate (as the paper's "optimal size given
 * an estimation of the input size"). Truth: a key is a duplicate if it occurred before. {@code
 * theoryFpr} averages the formula over the first occurrences (the filter grows along the stream),
 * {@code theoryFprFinal} is the formula at the final count.
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

  @Override
  public Options options() {
    Options o = new Options();
    StreamOptions.add(o, 10_000, 100_000, 10);
    o.addOption(StreamOptions.opt("layouts", "LIST", "horizontal, vertical, h-v, v-h (default horizontal,vertical)"));
    o.addOption(StreamOptions.opt("slices", "LIST", "slice counts S (default 1,2,4,8,16,32,64)"));
    o.addOption(StreamOptions.opt("sub-slices", "S2", "S' of the diced layouts (default 4)"));
    o.addOption(StreamOptions.opt("num-hashes", "K", "hash functions k (default 4)"));
    o.addOption(StreamOptions.opt("fpp", "LIST", "target rates sizing the filter for the distinct keys (default 0.02,0.05,0.08)"));
    o.addOption(StreamOptions.opt("memory-bits", "M", "filter bits m (overrides --fpp)"));
    o.addOption(StreamOptions.opt("failed", "LIST", "failed slices f, chosen at random (default 0)"));
    o.addOption(StreamOptions.opt("policy", "P", "failed bits count as: set, unset, at-least (default set)"));
    o.addOption(StreamOptions.opt("at-least", "LIST", "x of the at-least policy (default 1..k)"));
    o.addOption(StreamOptions.opt("hashing", "H", "double (the library's positions) or mixed (independent positions, as the formulas assume) (default double)"));
    return o;
  }

  @Override
  public List<Map<String, Object>> run(CommandLine cl) {
    String[] layouts = SimOptions.stringList(cl, "layouts", new String[] {"horizontal", "vertical"});
    int[] slices = SimOptions.intList(cl, "slices", new int[] {1, 2, 4, 8, 16, 32, 64});
    int sub = SimOptions.intValue(cl, "sub-slices", 4, 1);
    int k = SimOptions.intValue(cl, "num-hashes", 4, 1);
    double[] fpps = StreamOptions.doubleList(cl, "fpp", new double[] {0.02, 0.05, 0.08});
    int[] failed = StreamOptions.intList0(cl, "failed", new int[] {0});
    FailurePolicy policy = FailurePolicy.fromName(cl.getOptionValue("policy", "set"));
    int[] allX = new int[k];
    for (int x = 1; x <= k; x++) {
      allX[x - 1] = x;
    }
    int[] xs = policy == FailurePolicy.AT_LEAST ? SimOptions.intList(cl, "at-least", allX) : new int[] {0};
    String hashing = cl.getOptionValue("hashing", "double");
    if (!hashing.equals("double") && !hashing.equals("mixed")) {
      throw new IllegalArgumentException("--hashing must be double or mixed: " + hashing);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String dist : StreamOptions.distributions(cl)) {
      TimedStream s = TimedStream.generate(StreamOptions.spec(cl, dist, 10_000, 100_000, 10));
      Set<Long> keys = new HashSet<>();
      for (long key : s.keys) {
        keys.add(key);
      }
      long distinctKeys = keys.size();
      for (String ls : layouts) {
        Layout layout = Layout.fromName(ls);
        boolean diced = layout == Layout.HV || layout == Layout.VH;
        for (double fpp : fpps) {
          long m = cl.hasOption("memory-bits")
              ? SimOptions.longValue(cl, "memory-bits", 0)
              : Theory.bitsForFpp(distinctKeys, k, fpp);
          for (int sl : slices) {
            for (int f : failed) {
              if (f > sl * (diced ? sub : 1)) {
                continue;
              }
              for (int x : xs) {
                rows.add(runOne(s, dist, layout, m, k, sl, diced ? sub : 1, fpp, f, policy, x,
                    hashing.equals("mixed"), SimOptions.longValue(cl, "seed", 1)));
              }
            }
          }
          if (cl.hasOption("memory-bits")) {
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
    SplittableRandom r = new SplittableRandom(seed ^ 0xFA11L);
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
    row.put("fpr", StreamOptions.ratio(fp, fp + tn));
    row.put("fnr", StreamOptions.ratio(fn, fn + tp));
    row.put("theoryFpr", distinct == 0 ? 0.0 : theorySum / distinct);
    row.put("theoryFprFinal", finalTheory[0]);
    row.put("theoryFnr", finalTheory[1]);
    row.put("fairness", Theory.fairnessIndex(load));
    row.put("maxLoadShare", Theory.maxLoadShare(load));
    row.put("meanSitesPerLookup", f.meanSitesPerLookup());
    row.put("meanSitesPipelined", f.meanSitesPipelined());
    row.put("requests", load);
    return row;
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
          p = Theory.horizontalSlicedFpp(m, k, slices, n);
          break;
        case VERTICAL:
          p = Theory.verticalSlicedFpp(m, k, slices, n);
          break;
        default:
          p = Theory.dicedFpp(layout == Layout.VH, m, k, slices, sub, n);
      }
      return new double[] {p, 0.0};
    }
    int sites = slices * sub;
    if (layout == Layout.HORIZONTAL) {
      switch (policy) {
        case SET:
          return new double[] {Theory.horizontalFailedSetFpp(m, k, n, slices, failed), 0.0};
        default: // unset, and at-least (a horizontal event has all k bits alive or none)
          return new double[] {
            Theory.horizontalFailedUnsetFpp(m, k, n, slices, failed), Theory.horizontalFailedUnsetFnr(slices, failed)
          };
      }
    }
    switch (policy) {
      case SET:
        return new double[] {Theory.verticalFailedSetFpp(m, k, n, sites, failed), 0.0};
      case UNSET:
        return new double[] {
          Theory.verticalFailedUnsetFpp(m, k, n, sites, failed), Theory.verticalFailedUnsetFnr(k, sites, failed)
        };
      default:
        return new double[] {
          Theory.verticalAtLeastFpp(m, k, n, sites, failed, x), Theory.verticalAtLeastFnr(k, sites, failed, x)
        };
    }
  }
}
