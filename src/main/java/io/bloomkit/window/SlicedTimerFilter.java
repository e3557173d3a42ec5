package io.bloomkit.window;

import io.bloomkit.core.hash.KeyHash;

/**
 * A horizontally sliced timer filter ("One is Enough", sections 3 and 4, as in its Fig. 9a): S
 * timer filters of m/S timers each, an event's slice chosen by an extra hash of the event (a mix of
 * both hash halves, independent of its k positions). A vertically sliced timer filter answers as
 * one {@link TimerFilter} of m timers, so it needs no class of its own. Not serializable (the
 * slices live on different sites).
 */
final class SlicedTimerFilter {
  private final TimerFilter[] slices;

  SlicedTimerFilter(long timers, int numHashes, long window, int minEqualTimers, int slices) {
    if (slices < 1 || timers / slices < 1) {
      throw new IllegalArgumentException("slices must be in [1, timers]: " + slices);
    }
    this.slices = new TimerFilter[slices];
    for (int s = 0; s < slices; s++) {
      long size = (s + 1) * timers / slices - s * timers / slices;
      this.slices[s] = new TimerFilter(size, numHashes, window, minEqualTimers, false);
    }
  }

  TimerFilter slice(KeyHash key) {
    return slices[(int) Hashing.extraHash(key, 0, slices.length)];
  }

  boolean offer(KeyHash key, long time) {
    return slice(key).offer(key, time, 1.0);
  }

  int equalTimerCount(KeyHash key, long time) {
    TimerFilter f = slice(key);
    f.advanceTo(time);
    return f.equalTimerCount(key);
  }

  long memoryBits() {
    long b = 0;
    for (TimerFilter f : slices) {
      b += f.memoryBits();
    }
    return b;
  }
}
