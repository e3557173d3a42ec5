package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.BitStreams;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The timer filters' payloads in the one file format ({@link FilterFormat}): family 8, variant 0
 * (or 3, the occurrence window, same payload) for a single {@link TimerFilter}, drawn in {@code
 * ParameterBlock.Timer}; variants 1 and 2 are {@link DynamicTimerFilter}s ({@code
 * ParameterBlock.DynamicTimer}). The timers are packed little-endian, ceil(log2(w+1)) bits each, in
 * W = ceil(m * bits / 64) longs. Reading checks every header field before the timers are read.
 */
final class TimerFormat {
  private TimerFormat() {}

  static void write(TimerFilter f, OutputStream out) throws IOException {
    FilterFormat.Header h =
        new ParameterBlock.Timer(f.m, f.k, f.window, f.everyOccurrence)
            .header(f.items, ParameterBlock.Timer.PARAMETER_BYTES + 8 * f.timerWords());
    FilterFormat.write(
        out,
        h,
        d -> {
          d.writeLong(f.window);
          d.writeLong(f.now);
          d.writeInt(f.minEqualTimers);
          writeTimers(f, d);
        });
  }

  static void writeTimers(TimerFilter f, DataOutputStream d) throws IOException {
    BitStreams.Writer w = new BitStreams.Writer((int) f.timerWords());
    for (int p = 0; p < f.m; p++) {
      w.append(f.timerValue(p), f.timerBits);
    }
    for (long word : w.toWords(0)) {
      d.writeLong(word);
    }
  }

  /**
   * Reads the words of {@code timers} timers of a {@code window} written by {@link #writeTimers},
   * before the filter that holds them is built.
   */
  static long[] readTimerWords(FilterFormat.Reader r, long timers, long window) throws IOException {
    return r.readLongArray(BitArray.wordsFor(timers * WindowTheory.timerBits(window)), "timers");
  }

  /** Reads a timer-family payload (see {@link WindowFilters#read}). */
  static StreamFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    if (h.family != FilterFamily.TIMER) {
      throw new CorruptFilterException("family", h.family.shortName() + " is not a timer filter");
    }
    if (h.numHashes < 1 || h.numHashes > BloomMath.MAX_HASHES) {
      throw new CorruptFilterException("numHashes", "out of range: " + h.numHashes);
    }
    if (h.positions <= 0 || h.positions > Integer.MAX_VALUE - 8) {
      throw new CorruptFilterException("positions", "out of range: " + h.positions);
    }
    if (h.capacity != 0) {
      throw new CorruptFilterException("capacity", "must be 0 for timer filters: " + h.capacity);
    }
    boolean occurrence = h.variant == ParameterBlock.Timer.OCCURRENCE_VARIANT;
    if (h.variant != 0 && !occurrence) {
      DynamicTimerFilter.Threshold t = DynamicTimerFilter.Threshold.fromVariant(h.variant);
      if (t == null) {
        throw new CorruptFilterException("variant", "unknown timer variant " + h.variant);
      }
      return DynamicTimerFilter.read(r, t);
    }
    if (h.counters != 0) {
      throw new CorruptFilterException("counters", "must be 0 for a single timer filter: " + h.counters);
    }
    long window = r.readLong("window");
    long clock = r.readLong("now");
    int equal = r.readInt("equalTimers");
    if (window <= 0 || window > TimerFilter.MAX_ABS_TIME) {
      throw new CorruptFilterException("window", "out of range: " + window);
    }
    long bits = h.positions * WindowTheory.timerBits(window);
    if (h.memoryBits != bits) {
      throw new CorruptFilterException("memoryBits", h.memoryBits + ", expected " + bits);
    }
    long payload = ParameterBlock.Timer.PARAMETER_BYTES + 8 * BitArray.wordsFor(bits);
    if (h.payloadBytes != payload) {
      throw new CorruptFilterException("payloadBytes", h.payloadBytes + ", expected " + payload);
    }
    long[] words = readTimerWords(r, h.positions, window);
    r.finish();
    TimerFilter f;
    try {
      f = new TimerFilter(h.positions, h.numHashes, window, equal, false, occurrence);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("parameters", e.getMessage());
    }
    if (clock != Long.MIN_VALUE) {
      try {
        TimerFilter.checkTime(clock);
      } catch (IllegalArgumentException e) {
        throw new CorruptFilterException("now", e.getMessage());
      }
    }
    f.loadTimers(words, clock, h.items);
    return f;
  }
}
