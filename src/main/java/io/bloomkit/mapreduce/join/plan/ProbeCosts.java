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

  /**
   * Nanoseconds per probe of the reference run (docs/results/join.md: the medians of {@code
   * scripts/bench-filters.sh --only 'io\.bloomkit\.bench\.LargeFilterProbeBench' --no-render
   * --no-facts}; two cores, one fork per point).
   */
  public static final ProbeCosts MEASURED = new ProbeCosts(measured());

  /** No probe cost (the model before the families were measured; tests of other terms). */
  public static final ProbeCosts NONE = new ProbeCosts(new EnumMap<>(FilterFamily.class));

  private final Map<FilterFamily, double[][]> points; // per family: {heapBytes[], nanos[]}

  private ProbeCosts(Map<FilterFamily, double[][]> points) {
    this.points = Collections.unmodifiableMap(points);
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
    if (p == null) {
      return 0;
    }
    double[] heap = p[0];
    double[] nanos = p[1];
    int last = heap.length - 1;
    if (heapBytes <= heap[0]) {
      return nanos[0] * 1e-9;
    }
    if (heapBytes >= heap[last]) {
      return nanos[last] * 1e-9;
    }
    int i = 0;
    while (heapBytes > heap[i + 1]) {
      i++;
    }
    double t = Math.log(heapBytes / heap[i]) / Math.log(heap[i + 1] / heap[i]);
    return (nanos[i] + t * (nanos[i + 1] - nanos[i])) * 1e-9;
  }
}
