package io.bloomkit.core.hash;

import java.nio.charset.StandardCharsets;

/**
 * How a key becomes k positions in a range. The strategy's {@link #id()} is stored in every
 * serialized filter, so a filter is only ever queried with the hashing it was built with.
 *
 * <p>{@link #MURMUR3_128_DOUBLE} (id 1, the only strategy): Murmur3 x64 128 (seed 0, as
 * commons-codec's {@code MurmurHash3.hash128x64}; {@link KeyHasher} computes it without
 * allocating) of the key's UTF-8 bytes gives two 64-bit halves
 * {@code h1, h2}; position {@code i} (0-based) of k is {@code reduce(h1 + i*h2, range)} (Kirsch and
 * Mitzenmacher, "Less hashing, same performance", 2006). {@code reduce} maps the 64-bit value onto
 * {@code [0, range)} with an unsigned multiply-high (Lemire's reduction): no division, and a bias
 * of at most {@code range / 2^64} per position, which is immeasurable for any filter that fits in
 * memory. Positions and ranges are 64-bit, so filters beyond 2^32 bits work.
 *
 * <p>The positions produced for fixed keys are locked by a test: changing anything here breaks
 * every filter file ever written and must come with a new strategy id.
 */
public enum HashStrategy {
  /** Murmur3 x64 128 of the UTF-8 bytes, double hashing, multiply-high reduction. */
  MURMUR3_128_DOUBLE(1);

  private final int id;

  HashStrategy(int id) {
    this.id = id;
  }

  /** The id stored in the binary format. */
  public int id() {
    return id;
  }

  /** The strategy stored under {@code id}, or {@code null} if none is known. */
  public static HashStrategy fromId(int id) {
    for (HashStrategy s : values()) {
      if (s.id == id) {
        return s;
      }
    }
    return null;
  }

  /** The 128-bit hash of a key's UTF-8 bytes. */
  public KeyHash hash(String key) {
    return hash(key.getBytes(StandardCharsets.UTF_8));
  }

  /** The 128-bit hash of a key's bytes. */
  public KeyHash hash(byte[] key) {
    return hash(key, 0, key.length);
  }

  /** The 128-bit hash of {@code length} bytes of {@code key} starting at {@code offset}. */
  public KeyHash hash(byte[] key, int offset, int length) {
    KeyHasher h = hasher().hash(key, offset, length);
    return new KeyHash(h.h1(), h.h2());
  }

  /**
   * A reusable hasher of this strategy that allocates nothing per key (one per task or thread:
   * not thread-safe).
   */
  public KeyHasher hasher() {
    return new KeyHasher(this);
  }

  /** Position {@code i} (0-based) of a key hashed to {@code (h1, h2)} in {@code [0, range)}. */
  public static long position(long h1, long h2, int i, long range) {
    return reduce(h1 + i * h2, range);
  }

  /**
   * Maps a 64-bit value uniformly onto {@code [0, range)}: the high 64 bits of the unsigned 128-bit
   * product {@code value * range}.
   */
  public static long reduce(long value, long range) {
    assert range > 0;
    // unsigned multiplyHigh(value, range) for range >= 0 (Math.unsignedMultiplyHigh is Java 18+)
    return Math.multiplyHigh(value, range) + ((value >> 63) & range);
  }
}
