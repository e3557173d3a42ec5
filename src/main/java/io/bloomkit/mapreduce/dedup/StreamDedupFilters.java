package io.bloomkit.mapreduce.dedup;

import io.bloomkit.stream.IbfVariant;
import io.bloomkit.stream.StreamFilter;
import io.bloomkit.stream.StreamFilters;
import java.util.List;

/**
 * The stream filters {@code dedup --method stream} can run in each slice, with the papers'
 * default parameters ({@link StreamFilters}): {@code bf} (a plain Bloom filter, K = 5), {@code sbf}
 * (Max 7, K 5, P 10), {@code rsbf} (k for a 0.1 target rate, p* 0.03), {@code ibf-2c}, {@code
 * ibf-mc}, {@code ibf-h} (Max 7, K 5, P 10, importance range mapped onto 1..Max).
 */
public final class StreamDedupFilters {
  /** The accepted names. */
  public static final List<String> NAMES = List.of("bf", "sbf", "rsbf", "ibf-2c", "ibf-mc", "ibf-h");

  private StreamDedupFilters() {}

  /**
   * A fresh filter of {@code memoryBits} bits.
   *
   * @throws IllegalArgumentException for an unknown name or a size that holds no cell
   */
  public static StreamFilter create(
      String name, long memoryBits, long seed, double importanceMin, double importanceMax) {
    int max = StreamFilters.DEFAULT_MAX;
    int k = StreamFilters.DEFAULT_NUM_HASHES;
    int p = StreamFilters.DEFAULT_DECREMENTS;
    try {
      switch (name) {
        case "bf":
          return StreamFilters.bloom(memoryBits, k);
        case "sbf":
          return StreamFilters.stable(memoryBits, max, k, p, seed);
        case "rsbf":
          return StreamFilters.reservoirForFpr(memoryBits, 0.1, StreamFilters.DEFAULT_THRESHOLD, seed);
        default:
          IbfVariant v = IbfVariant.fromCliName(name);
          if (v == null) {
            throw new IllegalArgumentException(
                "unknown stream filter \"" + name + "\" (" + String.join(", ", NAMES) + ")");
          }
          return StreamFilters.importance(v, memoryBits, max, k, p, importanceMin, importanceMax, seed);
      }
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
  }
}
