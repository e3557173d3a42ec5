package io.bloomkit.mapreduce.join.plan;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The time a map task spends probing a filter per record, by family and by the heap of the filter's
 * query view, measured (docs/results/join.md, "Probe cost per key"): {@code LargeFilterProbeBench}
 * (JMH) probes absent keys, hash included, of filters of 10^6, 10^7 and 10^8 keys at 16 bits per
 * key (2 MB to 200 MB, from cache-resident to far larger than the cache). A filter of another size
 * costs the log-linear interpolation between the two measured heaps around its own, and the
 * nearest measured point outside them. The cost model charges {@code probes * seconds} to every
 * filtered plan, so that at equal pass rates the family whose probes stay in cache wins, and a
 * filter too large for the cache pays for its misses against the records it saves from the
 * shuffle.
 */
public final class ProbeCosts {
  /** Keys of the measured filters: 10^6, 10^7, 10^8 (the exact key set: 10^6, 10^7). */
  static final long[] KEYS = {1_000_000L, 10_000_000L, 100_000_000L};
  /** Bits per key of the measured filters. */
  static final int BITS_PER_KEY = 16;

  // before MEASURED, which reads them: the reference run's medians, 10^6, 10^7, 10^8 keys (exact: 10^6, 10^7)
  static final double[] BF_NANOS = {180.4, 213.3, 543.2};
  static final double[] SBBF_NANOS = {122.4, 160.5, 312.5};
  static final double[] ACBF_NANOS = {130.7, 154.8, 373.5};
  static final double[] EXACT_NANOS = {2008.1, 3884.3};

  /** Distinct keys of the measured map-side join tables ({@code LeftTableLookupBench}). */
  static final double[] TABLE_KEYS = {15_000, 150_000, 1_500_000};
  /**
   * Nanoseconds per lookup of an absent 8-byte key, hash included, in a map-side join's table of
   * {@link #TABLE_KEYS} keys: the medians of {@code LeftTableLookupBench} (docs/planner.md, "Open
   * points"; {@code -f 1 -wi 2 -w 1s -i 3 -r 1s}, two cores).
   */
  static final double[] TABLE_NANOS = {22.5, 31.8, 101.6};

  /**
   * Nanoseconds per probe of the reference run (docs/results/join.md: the medians of {@code
   * scripts/bench-filters.sh --only 'io\.bloomkit\.bench\.LargeFilterProbeBench' --no-render
   * --no-facts}; two cores, one fork per point).
   */
  public static final ProbeCosts MEASURED =
      new ProbeCosts(measured(), new double[][] {TABLE_KEYS, TABLE_NANOS});

  /** No probe or lookup cost (the model before they were measured; tests of other terms). */
  public static final ProbeCosts NONE = new ProbeCosts(new EnumMap<>(FilterFamily.class), null);

  private final Map<FilterFamily, double[][]> points; // per family: {heapBytes[], nanos[]}
  private final double[][] table; // {keys[], nanos[]}, or null

  private ProbeCosts(Map<FilterFamily, double[][]> points, double[][] table) {
    this.points = Collections.unmodifiableMap(points);
    this.table = table;
  }

  private static Map<FilterFamily, double[][]> measured() {
    Map<FilterFamily, double[][]> m = new EnumMap<>(FilterFamily.class);
    put(m, FilterFamily.BLOOM, BF_NANOS);
    put(m, FilterFamily.SPLIT_BLOCK, SBBF_NANOS);
    put(m, FilterFamily.ACCURATE_COUNTING, ACBF_NANOS);
    put(m, FilterFamily.COUNTING, ACBF_NANOS); // cbf's query view is a Bloom filter of k hashes
    put(m, FilterFamily.EXACT, EXACT_NANOS);
    return m;
  }

  private static void put(Map<FilterFamily, double[][]> m, FilterFamily f, double[] nanos) {
    double[] heap = new double[nanos.length];
    for (int i = 0; i < nanos.length; i++) {
      heap[i] = CostModel.heapBytes(measuredShape(f, KEYS[i]));
    }
    m.put(f, new double[][] {heap, nanos.clone()});
  }

  /** The shape of a measured filter of {@code family} at {@code keys} keys, 16 bits per key. */
  static FilterShape measuredShape(FilterFamily family, long keys) {
    switch (family) {
      case EXACT:
        return ExactKeySet.shapeOf(keys, 16 * keys); // 16-byte keys
      case ACCURATE_COUNTING:
        return FilterShape.forBitsPerKey(family, AcbfSizing.OPTIMAL, keys, 0, BITS_PER_KEY, 0);
      default:
        return FilterShape.forBitsPerKey(family, null, keys, 0, BITS_PER_KEY, 0);
    }
  }

  /**
   * Seconds of one probe of a filter of {@code shape} whose query view takes {@code heapBytes}; 0
   * for a family not measured.
   */
  public double seconds(FilterShape shape, long heapBytes) {
    double[][] p = points.get(shape.family());
    return p == null ? 0 : interpolate(p[0], p[1], heapBytes) * 1e-9;
  }

  /**
   * Seconds of one lookup of a right record's key in a map-side join's table of {@code keys}
   * distinct left keys, interpolated as a filter's probe is by its heap; 0 for {@link #NONE}.
   */
  public double tableSeconds(long keys) {
    return table == null ? 0 : interpolate(table[0], table[1], keys) * 1e-9;
  }

  /**
   * The log-linear interpolation of {@code y} over {@code x} (ascending) at {@code at}; the
   * nearest point's {@code y} outside them.
   */
  private static double interpolate(double[] x, double[] y, double at) {
    int last = x.length - 1;
    if (at <= x[0]) {
      return y[0];
    }
    if (at >= x[last]) {
      return y[last];
    }
    int i = 0;
    while (at > x[i + 1]) {
      i++;
    }
    double t = Math.log(at / x[i]) / Math.log(x[i + 1] / x[i]);
    return y[i] + t * (y[i + 1] - y[i]);
  }
}
