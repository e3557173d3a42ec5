package io.bloomkit.stable;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.data.SplitMix64;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.format.FilterFormat;
import java.io.IOException;

/** What every stream filter shares: the seed, the random generator and the count of elements. */
abstract class AbstractStreamFilter implements StreamFilter {
  final long seed;
  final SplitMix64 rng;
  /** Elements offered since construction or reset. */
  long offered;

  AbstractStreamFilter(long seed) {
    this.seed = seed;
    this.rng = new SplitMix64(seed);
  }

  @Override
  public void reset() {
    rng.setState(seed);
    offered = 0;
    clearState();
  }

  /** Zeroes the cells or bits (the random generator and count are reset by {@link #reset}). */
  abstract void clearState();

  /** Number of cells (bits) of the state that are not zero. */
  abstract long nonZeroCells();

  /** Number of cells (bits) of the state. */
  abstract long cells();

  /** Elements offered since construction or reset. */
  public long offered() {
    return offered;
  }

  @Override
  public String toString() {
    return name() + parameters();
  }

  // ---- format helpers ---------------------------------------------------------------------

  static void check(boolean ok, String field, String message) throws CorruptFilterException {
    if (!ok) {
      throw new CorruptFilterException(field, message);
    }
  }

  static void checkHashes(FilterFormat.Header h) throws CorruptFilterException {
    check(h.numHashes >= 1 && h.numHashes <= BloomMath.MAX_HASHES, "numHashes",
        "out of range [1, " + BloomMath.MAX_HASHES + "]: " + h.numHashes);
  }

  static void checkPayload(FilterFormat.Header h, long expected) throws CorruptFilterException {
    check(h.payloadBytes == expected, "payloadBytes",
        h.payloadBytes + " declared, the parameters need " + expected);
  }

  /**
   * The random generator state and element count shared by all stream filters, read before the
   * filter is built (see {@link #readWords}).
   */
  static long[] readCommon(FilterFormat.Reader r) throws IOException {
    long state = r.readLong("rngState");
    long n = r.readLong("offered");
    check(n >= 0, "offered", "negative: " + n);
    check(n == r.header.items, "items", "header says " + r.header.items + ", payload " + n);
    return new long[] {state, n};
  }

  /** Sets what {@link #readCommon} read. */
  void setCommon(long[] common) {
    rng.setState(common[0]);
    offered = common[1];
  }

  /**
   * Reads the state words. Readers call it before building the filter, so that no state is
   * allocated for words the file does not hold (the array grows as they arrive, see {@code
   * FilterFormat.Reader.readLongArray}).
   */
  static long[] readWords(FilterFormat.Reader r, long words, String field) throws IOException {
    check(words <= FilterFormat.MAX_ARRAY && 8 * words <= r.remaining(), "payloadBytes",
        "too short for " + words + " words of " + field);
    return r.readLongArray(words, field);
  }
}
