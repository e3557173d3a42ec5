package io.bloomkit.window;

import io.bloomkit.core.hash.KeyHash;
import java.util.function.ToLongFunction;

/**
 * Per-slice dynamic size ("One is Enough", section 5, last paragraph: "The growing and shrinking
 * of filters is applied per slice, i.e., each slice may grow depending on the number of events it
 * receives, independently of the other slices"): a horizontally sliced timer filter whose S slices
 * are each a {@link DynamicTimerFilter} of filters of m/S timers (slice sizes as in {@link
 * SlicedTimerFilter}: {@code floor((s+1)m/S) - floor(sm/S)}). An event goes to one slice, chosen by
 * the extra hash of {@link SlicedTimerFilter} ({@link Hashing#extraHash} with salt 0), and only that
 * slice tests it, inserts it, and grows when its newest filter reaches the threshold (cardinality
 * or density, for the slice's own size m/S and the target rate P) computed for its own filter size.
 *
 * <p>Our reading where the paper is silent: (1) every slice's threshold is the one for rate P, the
 * same target as the unsliced filter (an event meets one slice, so the slices' rates do not add
 * up; within a slice the F_s live filters do, as in the unsliced filter); (2) the slices share one
 * clock: every offer advances all of them, so a slice that receives no events still drops its
 * expired filters (each site's clock runs whether or not it receives events); (3) with {@code
 * tighten} each slice applies {@link WindowTheory#tightenedFpp} to its own live filters. Not
 * serializable (the slices live on different sites), like {@link SlicedTimerFilter}.
 */
final class SlicedDynamicTimerFilter {
  private final DynamicTimerFilter[] slices;
  private long now = Long.MIN_VALUE;

  SlicedDynamicTimerFilter(
      long timers, int numHashes, long window, int minEqualTimers, double fpp,
      DynamicTimerFilter.Threshold threshold, boolean tighten, int slices) {
    if (slices < 1 || timers / slices < 1) {
      throw new IllegalArgumentException("slices must be in [1, timers]: " + slices);
    }
    this.slices = new DynamicTimerFilter[slices];
    for (int s = 0; s < slices; s++) {
      long size = sliceTimers(timers, slices, s);
      this.slices[s] = new DynamicTimerFilter(size, numHashes, window, minEqualTimers, fpp, threshold, tighten);
    }
  }

  /** Timers of each filter of slice {@code s}: {@code floor((s+1)m/S) - floor(sm/S)}. */
  static long sliceTimers(long timers, int slices, int s) {
    return (s + 1) * timers / slices - s * timers / slices;
  }

  /** The slice of {@code key}, in [0, S). */
  int sliceOf(KeyHash key) {
    return (int) Hashing.extraHash(key, 0, slices.length);
  }

  DynamicTimerFilter slice(int s) {
    return slices[s];
  }

  int sliceCount() {
    return slices.length;
  }

  /** Moves every slice's clock to {@code time}, dropping their expired filters. */
  void advanceTo(long time) {
    TimerFilter.checkTime(time);
    if (now != Long.MIN_VALUE && time <= now) {
      return;
    }
    now = time;
    for (DynamicTimerFilter d : slices) {
      d.advanceTo(time);
    }
  }

  /** First test, then set, in the key's slice only; true if reported a duplicate. */
  boolean offer(KeyHash key, long time) {
    advanceTo(time);
    return slices[sliceOf(key)].offer(key, time, 1.0);
  }

  /** The answer of the key's slice at the current clock, without inserting. */
  boolean test(KeyHash key) {
    return slices[sliceOf(key)].test(key);
  }

  /** Filters held by all slices (each of about m/S timers), the newest of each included. */
  int filterCount() {
    return (int) sum(DynamicTimerFilter::filterCount);
  }

  /** Live filters of all slices, as {@link DynamicTimerFilter#liveFilters} summed. */
  int liveFilters() {
    return (int) sum(DynamicTimerFilter::liveFilters);
  }

  /** Filters created by all slices since construction. */
  long created() {
    return sum(DynamicTimerFilter::created);
  }

  /** The timers of the filters all slices hold now. */
  long memoryBits() {
    return sum(DynamicTimerFilter::memoryBits);
  }

  private long sum(ToLongFunction<DynamicTimerFilter> perSlice) {
    long c = 0;
    for (DynamicTimerFilter d : slices) {
      c += perSlice.applyAsLong(d);
    }
    return c;
  }
}
