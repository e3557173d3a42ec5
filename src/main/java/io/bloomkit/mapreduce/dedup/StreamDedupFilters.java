package io.bloomkit.mapreduce.dedup;

import io.bloomkit.window.WindowTheory;
import io.bloomkit.stable.IbfVariant;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.stable.StreamFilters;
import io.bloomkit.window.WindowFilters;
import java.util.List;

/**
 * The stream filters {@code dedup --method stream} can run in each slice, with the papers'
 * default parameters ({@link StreamFilters}): {@code bf} (a plain Bloom filter, K = 5), {@code sbf}
 * (Max 7, K 5, P 10), {@code rsbf} (k for a 0.1 target rate, p* 0.03), {@code ibf-2c}, {@code
 * ibf-2c-alg1} (IBF-2C as the paper's Algorithm 1 is written), {@code ibf-mc}, {@code ibf-h} (Max 7, K 5, P 10, importance range mapped onto 1..Max), {@code timer}
 * (the sliding-window timer filter of "One is Enough" sec. 4, K 5, equal-timers heuristic off).
 *
 * <p>Only {@code timer} has a window: the memory buys {@code floor(memoryBits / ceil(log2(W+1)))}
 * timers ({@link WindowTheory#timerBits}; W in the time field's unit), and every record sets its timers,
 * a reported duplicate too ({@link WindowFilters#occurrenceTimer}), so a record is reported a
 * duplicate while the previous record of its key is less than W older: dedup's windowed
 * definition. The others ignore the window: {@code bf} never forgets, {@code sbf}, {@code rsbf} and
 * the IBFs forget by random decay, not by time (the papers' semantics); with {@code --window} they
 * are still judged against the windowed oracle.
 */
public final class StreamDedupFilters {
  /** The accepted names. */
  public static final List<String> NAMES =
      List.of("bf", "sbf", "rsbf", "ibf-2c", "ibf-2c-alg1", "ibf-mc", "ibf-h", "timer");

  /** The filters that judge "duplicate within the window" (the others have no window). */
  public static boolean windowed(String name) {
    return name.equals("timer");
  }

  private StreamDedupFilters() {}

  /** A fresh windowless filter of {@code memoryBits} bits (see the next overload; not timer). */
  public static StreamFilter create(
      String name, long memoryBits, long seed, double importanceMin, double importanceMax) {
    return create(name, memoryBits, seed, importanceMin, importanceMax, 0);
  }

  /**
   * A fresh filter of {@code memoryBits} bits; {@code window} (0: none) is used by {@code timer}
   * only, which needs one.
   *
   * @throws IllegalArgumentException for an unknown name, a size that holds no cell, or timer
   *     without a window
   */
  public static StreamFilter create(
      String name, long memoryBits, long seed, double importanceMin, double importanceMax,
      long window) {
    return create(name, memoryBits, seed, importanceMin, importanceMax, window, 1);
  }

  /**
   * As above, the timer filter counting time in ticks of {@code resolution} time units: times are
   * divided by it (rounded down) and the window too (rounded up), so each timer takes {@code
   * ceil(log2(ceil(W / resolution) + 1))} bits and the memory buys that many more timers; a
   * record is then a duplicate when its tick is less than {@code ceil(W / resolution)} ticks after
   * the previous occurrence's, which differs from "less than W units" only within one tick of the
   * window's end.
   */
  public static StreamFilter create(
      String name, long memoryBits, long seed, double importanceMin, double importanceMax,
      long window, long resolution) {
    if (resolution < 1) {
      throw new IllegalArgumentException("the timer resolution must be at least 1: " + resolution);
    }
    int max = StreamFilters.DEFAULT_MAX;
    int k = StreamFilters.DEFAULT_NUM_HASHES;
    int p = StreamFilters.DEFAULT_DECREMENTS;
    try {
      switch (name) {
        case "bf":
          return StreamFilters.bloom(memoryBits, k);
        case "sbf":
          return StreamFilters.stable(memoryBits, max, k, p, seed);
        case "timer":
          if (window <= 0) {
            throw new IllegalArgumentException("the timer filter needs a window (--window)");
          }
          long ticks = Math.floorDiv(window - 1, resolution) + 1; // ceil(window / resolution)
          long timers = memoryBits / WindowTheory.timerBits(ticks);
          if (timers < 1) {
            throw new IllegalArgumentException(
                memoryBits + " bits hold no timer of " + WindowTheory.timerBits(ticks) + " bits");
          }
          StreamFilter timer =
              WindowFilters.occurrenceTimer(Math.min(timers, Integer.MAX_VALUE - 8), k, ticks, 0);
          return resolution == 1 ? timer : new Ticks(timer, resolution);
        case "rsbf":
          return StreamFilters.reservoirForFpp(memoryBits, 0.1, StreamFilters.DEFAULT_THRESHOLD, seed);
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
