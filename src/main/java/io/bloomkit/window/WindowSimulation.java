package io.bloomkit.window;

import io.bloomkit.core.BloomMath;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import io.bloomkit.sim.StreamParams;
import io.bloomkit.data.TimedStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code simulate window}: sliding-window duplicate elimination with timer filters ("One is
 * Enough", sections 4, 5 and 7; Figures 9-11). Seeded Zipf and uniform streams at {@code rate}
 * events per time unit, with a burst of 2x or 5x that rate in the middle third; windows of 100, 500
 * and 1000 time units. Filters: {@code fixed} (one timer filter, or S horizontal slices), {@code
 * density} and {@code cardinality} (dynamic size with the paper's single threshold), and {@code
 * density-tight}, {@code cardinality-tight} (thresholds tightened so that their sum stays under the
 * target); and, not in the default list, {@code sliced-density}, {@code sliced-cardinality} and
 * their {@code -tight} forms: per-slice dynamic size ({@link SlicedDynamicTimerFilter}, section 5),
 * S slices each growing and shrinking on its own with filters of m/S timers. {@code --sliced-dynamic
 * S} runs the comparison of section 5: fixed with S slices, the unsliced dynamic filters, and the
 * per-slice ones. The truth is the exact window of the filter's own deliveries (Definition 4: distinct if
 * not delivered in the previous w time units). One row per (distribution, burst, window, filter,
 * equal-timers k'); {@code fpr = FP / (FP + TN)}, {@code fnr = FN / (FN + TP)}. Series over the
 * stream, one value per bucket of {@code length / series} events: the live filter count and the
 * time at the bucket's first event, the bucket's FP / (FP + TN) and its FP + TN, and the mean bits
 * in use over the bucket's events. {@code maxKeyFalsePositives}: the most false positives on one
 * key (a false positive leaves the key undelivered, so a key that keeps arriving can be one again
 * and again). Filters are counted as held: fixed holds S (its slices), a
 * sliced-* filter the live filters of all its slices (each of m/S timers).
 */
public final class WindowSimulation implements Simulation {
  static final String[] FILTERS = {"fixed", "density", "cardinality", "density-tight", "cardinality-tight"};
  /** Per-slice dynamic size: accepted by --filters, not in its default. */
  static final String[] SLICED = {"sliced-density", "sliced-cardinality", "sliced-density-tight", "sliced-cardinality-tight"};
  /** What --sliced-dynamic runs: section 5's comparison. */
  static final String[] SLICED_COMPARISON = {"fixed", "density", "cardinality", "sliced-density", "sliced-cardinality"};

  @Override
  public String name() {
    return "window";
  }

  @Override
  public String description() {
    return "One is Enough sec. 4-5: timer filters, equal timers, dynamic size through bursts (Fig. 9-11)";
  }

  static final StreamParams STREAM = new StreamParams(100_000, 100_000, 10);
  static final Param<double[]> BURST =
      Param.ofDoubleList("burst", "LIST", "rate factors of the middle third", new double[] {1, 2, 5})
          .defaultShownAs("1,2,5");
  static final Param<int[]> WINDOW =
      Param.ofIntList("window", "LIST", "window sizes w in time units", new int[] {100, 500, 1000}, 1);
  static final Param<String[]> FILTER_LIST =
      Param.ofStringList("filters", "LIST", "subset of " + String.join(",", FILTERS) + ","
          + String.join(",", SLICED), FILTERS)
          .defaultShownAs(String.join(",", FILTERS) + "; with --sliced-dynamic " + String.join(",", SLICED_COMPARISON));
  static final Param<Integer> NUM_HASHES = Param.ofInt("num-hashes", "K", "hash functions k", 4, 1);
  static final Param<Double> FPP =
      Param.ofDouble("fpp", "P", "target false positive rate: sizes the filters and sets the dynamic"
          + " thresholds", 0.02);
  static final Param<Long> TIMERS =
      Param.ofLong("timers", "M", "timers per filter (default: the least reaching fpp with rate x"
          + " window live events)", null);
  static final Param<int[]> EQUAL_TIMERS =
      Param.ofIntList("equal-timers", "LIST", "k' of the equal-timers heuristic, 0 = off", new int[] {0}, 0);
  static final Param<Integer> SLICES =
      Param.ofInt("slices", "S", "fixed and sliced-* filters: S horizontal slices of m/S timers", 1, 1)
          .defaultShownAs("1, the same as vertical");
  static final Param<Integer> SLICED_DYNAMIC =
      Param.ofInt("sliced-dynamic", "S", "per-slice dynamic size (sec. 5) over S slices: sets --slices to S"
          + " and runs fixed (S slices), density, cardinality, sliced-density, sliced-cardinality unless"
          + " --filters is given", null, 1);
  static final Param<Integer> SERIES =
      Param.ofInt("series", "N", "buckets of the stream for the series (live filters, fpr, memory)", 60, 1);

  @Override
  public List<Param<?>> params() {
    List<Param<?>> all = new ArrayList<>(STREAM.all());
    all.addAll(List.of(BURST, WINDOW, FILTER_LIST, NUM_HASHES, FPP, TIMERS, EQUAL_TIMERS, SLICES, SLICED_DYNAMIC, SERIES));
    return all;
  }

  @Override
  public List<Map<String, Object>> run(ParamValues values) {
    String[] dists = values.get(STREAM.distribution);
    double[] bursts = values.get(BURST);
    int[] windows = values.get(WINDOW);
    String[] filters = values.get(FILTER_LIST, values.isSet(SLICED_DYNAMIC) ? SLICED_COMPARISON : FILTERS);
    int k = values.get(NUM_HASHES);
    double fpp = values.get(FPP);
    int[] equal = values.get(EQUAL_TIMERS);
    int slices = values.get(SLICES);
    if (values.isSet(SLICED_DYNAMIC)) {
      int s = values.get(SLICED_DYNAMIC);
      if (values.isSet(SLICES) && slices != s) {
        throw new IllegalArgumentException("--slices " + slices + " contradicts --sliced-dynamic " + s);
      }
      slices = s;
    }
    int series = values.get(SERIES);
    double rate = values.get(STREAM.rate);
    for (String f : filters) {
      if (!java.util.Arrays.asList(FILTERS).contains(f) && !java.util.Arrays.asList(SLICED).contains(f)) {
        throw new IllegalArgumentException("--filters: unknown filter " + f);
      }
    }
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("--fpp must be in (0, 1): " + fpp);
    }
    for (int e : equal) {
      if (e > k) {
        throw new IllegalArgumentException("--equal-timers must be at most --num-hashes: " + e);
      }
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (String dist : dists) {
      for (double burst : bursts) {
        TimedStream s = TimedStream.generate(STREAM.spec(values, dist).burst(burst));
        for (int w : windows) {
          long m =
              values.isSet(TIMERS)
                  ? values.get(TIMERS)
                  : BloomMath.bitsForFpp(Math.max(1, (long) Math.ceil(rate * w)), k, fpp);
          for (String f : filters) {
            for (int e : equal) {
              rows.add(runOne(s, dist, burst, w, f, m, k, fpp, e, sliced(f) ? slices : 1, series));
            }
          }
        }
      }
    }
    return rows;
  }

  /** Filters cut into --slices slices: fixed and the per-slice dynamic ones. */
  static boolean sliced(String filter) {
    return filter.equals("fixed") || filter.startsWith("sliced-");
  }

  static Map<String, Object> runOne(
      TimedStream s, String dist, double burst, long w, String filter, long m, int k, double fpp,
      int equal, int slices, int series) {
    TimerFilter single = null;
    SlicedTimerFilter sliced = null;
    DynamicTimerFilter dynamic = null;
    SlicedDynamicTimerFilter slicedDynamic = null;
    if (filter.equals("fixed")) {
      if (slices == 1) {
        single = new TimerFilter(m, k, w, equal, false);
      } else {
        sliced = new SlicedTimerFilter(m, k, w, equal, slices);
      }
    } else if (filter.startsWith("sliced-")) {
      String[] parts = filter.split("-");
      slicedDynamic =
          new SlicedDynamicTimerFilter(
              m, k, w, equal, fpp, DynamicTimerFilter.Threshold.fromName(parts[1]), parts.length > 2, slices);
    } else {
      String[] parts = filter.split("-");
      dynamic =
          new DynamicTimerFilter(
              m, k, w, equal, fpp, DynamicTimerFilter.Threshold.fromName(parts[0]), parts.length > 1);
    }
    Map<Long, Long> delivered = new HashMap<>();
    Map<Long, Long> fpPerKey = new HashMap<>();
    long tp = 0, fp = 0, tn = 0, fn = 0, burstFp = 0, burstTn = 0;
    long[] equalTrue = new long[k + 1];
    long[] equalFalse = new long[k + 1];
    int n = s.length();
    int every = Math.max(1, n / series);
    List<Double> filtersOverTime = new ArrayList<>();
    List<Double> timesOverTime = new ArrayList<>();
    List<Double> fprOverTime = new ArrayList<>();
    List<Double> distinctOverTime = new ArrayList<>();
    List<Double> memoryOverTime = new ArrayList<>();
    long bucketFp = 0, bucketTn = 0, bucketEvents = 0;
    double bucketMemory = 0, sumMemory = 0;
    long maxMemory = 0;
    int maxFilters = 0;
    double sumFilters = 0;
    for (int i = 0; i < n; i++) {
      KeyHash h = s.hash(i);
      long t = s.times[i];
      Long last = delivered.get(s.keys[i]);
      boolean truth = last != null && last + w > t;
      if (equal == 0 && (single != null || sliced != null)) {
        int c;
        if (single != null) {
          single.advanceTo(t);
          c = single.equalTimerCount(h);
        } else {
          c = sliced.equalTimerCount(h, t);
        }
        if (c > 0) {
          if (truth) {
            equalTrue[c]++;
          } else {
            equalFalse[c]++;
          }
        }
      }
      boolean dup;
      if (single != null) {
        dup = single.offer(h, t, 1.0);
      } else if (sliced != null) {
        dup = sliced.offer(h, t);
      } else if (slicedDynamic != null) {
        dup = slicedDynamic.offer(h, t);
      } else {
        dup = dynamic.offer(h, t, 1.0);
      }
      if (!dup) {
        delivered.put(s.keys[i], t);
      }
      boolean inBurst = i >= n / 3 && i < 2 * n / 3;
      if (truth) {
        if (dup) {
          tp++;
        } else {
          fn++;
        }
      } else if (dup) {
        fp++;
        bucketFp++;
        fpPerKey.merge(s.keys[i], 1L, Long::sum);
        burstFp += inBurst ? 1 : 0;
      } else {
        tn++;
        bucketTn++;
        burstTn += inBurst ? 1 : 0;
      }
      int live = dynamic != null ? dynamic.liveFilters() : slicedDynamic != null ? slicedDynamic.liveFilters() : slices;
      maxFilters = Math.max(maxFilters, live);
      sumFilters += live;
      long mem =
          single != null ? single.memoryBits()
              : sliced != null ? sliced.memoryBits()
              : slicedDynamic != null ? slicedDynamic.memoryBits() : dynamic.memoryBits();
      maxMemory = Math.max(maxMemory, mem);
      sumMemory += mem;
      if (i % every == 0) {
        filtersOverTime.add((double) live);
        timesOverTime.add((double) t);
      }
      bucketEvents++;
      bucketMemory += mem;
      if ((i + 1) % every == 0 || i == n - 1) {
        // bucket j holds events [j * every, (j + 1) * every): sample j was taken at its first event
        fprOverTime.add(ratio(bucketFp, bucketFp + bucketTn));
        distinctOverTime.add((double) (bucketFp + bucketTn));
        memoryOverTime.add(bucketMemory / bucketEvents);
        bucketFp = 0;
        bucketTn = 0;
        bucketEvents = 0;
        bucketMemory = 0;
      }
    }
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("filter", filter);
    r.put("distribution", dist);
    r.put("burst", burst);
    r.put("window", w);
    r.put("numHashes", k);
    r.put("timers", m);
    r.put("fpp", fpp);
    r.put("equalTimers", equal);
    r.put("slices", slices);
    r.put("length", n);
    r.put("distinct", fp + tn);
    r.put("duplicates", tp + fn);
    r.put("falsePositives", fp);
    r.put("falseNegatives", fn);
    r.put("fpr", ratio(fp, fp + tn));
    r.put("fnr", ratio(fn, fn + tp));
    r.put("maxKeyFalsePositives", fpPerKey.values().stream().mapToLong(Long::longValue).max().orElse(0));
    r.put("burstFpr", ratio(burstFp, burstFp + burstTn));
    r.put("maxFilters", maxFilters);
    r.put("meanFilters", sumFilters / n);
    r.put("filtersCreated",
        dynamic != null ? dynamic.created() : slicedDynamic != null ? slicedDynamic.created() : slices);
    r.put("maxMemoryBits", maxMemory);
    r.put("meanMemoryBits", sumMemory / n);
    r.put("timesOverTime", toArray(timesOverTime));
    r.put("filtersOverTime", toArray(filtersOverTime));
    r.put("fprOverTime", toArray(fprOverTime));
    r.put("distinctOverTime", toArray(distinctOverTime));
    r.put("memoryOverTime", toArray(memoryOverTime));
    r.put("equalTimersTrue", java.util.Arrays.copyOfRange(equalTrue, 1, k + 1));
    r.put("equalTimersFalse", java.util.Arrays.copyOfRange(equalFalse, 1, k + 1));
    return r;
  }

  /** Rate / (FP + TN) style ratio, 0 when the denominator is 0. */
  static double ratio(long a, long b) {
    return b == 0 ? 0.0 : (double) a / b;
  }

  static double[] toArray(List<Double> l) {
    double[] a = new double[l.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = l.get(i);
    }
    return a;
  }
}
