package io.bloomkit.window;

import io.bloomkit.core.StreamFilter;

import io.bloomkit.core.format.FilterFormat;
import java.io.IOException;

/**
 * The sliding-window filters of "One is Enough" (sections 4 and 5): factories and the reader of
 * family {@link io.bloomkit.core.FilterFamily#TIMER}. The implementations are package-private;
 * everything outside sees {@link StreamFilter}.
 */
public final class WindowFilters {
  private WindowFilters() {}

  /**
   * A timer filter of {@code timers} positions, {@code numHashes} hashes and a window of {@code
   * window} time units; {@code minEqualTimers} is the k' of the equal-timers heuristic, the number
   * of the k timers that must be equal for a duplicate (0: off; called {@code equalTimers} in the
   * file and in {@link StreamFilter#parameters()}).
   */
  public static StreamFilter timer(long timers, int numHashes, long window, int minEqualTimers) {
    return new TimerFilter(timers, numHashes, window, minEqualTimers, false);
  }

  /**
   * A timer filter as {@link #timer} whose window runs from a key's last <em>occurrence</em>: every
   * offered event sets its timers, a reported duplicate too (the paper's Definition 4 sets them on
   * delivery only). The semantics of {@code dedup --window}, where a record is a duplicate when
   * the previous record of its key, kept or not, is less than {@code window} older.
   */
  public static StreamFilter occurrenceTimer(long timers, int numHashes, long window, int minEqualTimers) {
    return new TimerFilter(timers, numHashes, window, minEqualTimers, false, true);
  }

  /**
   * A dynamically sized timer filter (section 5): filters of {@code timers} positions are added as
   * the newest reaches the {@code threshold} ("cardinality" or "density") for target rate {@code
   * fpp}, and dropped when all their timers have expired.
   */
  public static StreamFilter dynamic(
      long timers, int numHashes, long window, int minEqualTimers, double fpp, String threshold) {
    return dynamic(timers, numHashes, window, minEqualTimers, fpp, threshold, false);
  }

  /**
   * As {@link #dynamic(long, int, long, int, double, String)}; with {@code tighten} the j-th live
   * filter is full at rate {@code fpp * 6 / (pi^2 (j+1)^2)}, which keeps the rate of a lookup over
   * all live filters under {@code fpp}; without, every filter is full at {@code fpp} (the paper).
   */
  public static StreamFilter dynamic(
      long timers, int numHashes, long window, int minEqualTimers, double fpp, String threshold,
      boolean tighten) {
    return new DynamicTimerFilter(
        timers, numHashes, window, minEqualTimers, fpp, DynamicTimerFilter.Threshold.fromName(threshold),
        tighten);
  }

  /**
   * Reads the payload of a timer-family file (single or dynamic) whose header {@code r} has opened:
   * the reader {@code io.bloomkit.registry.Filters} binds to {@link
   * io.bloomkit.core.FilterFamily#TIMER}, whose {@code read} opens files.
   */
  public static StreamFilter read(FilterFormat.Reader r) throws IOException {
    return TimerFormat.read(r);
  }
}
