package io.bloomkit.window;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;

/** Hash derivations of the distributed filters beyond {@link KeyHash#position}. */
final class Hashing {
  private Hashing() {}

  /** Murmur3's 64-bit finalizer: a bijective avalanche mix. */
  static long fmix64(long z) {
    z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
    z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
    return z ^ (z >>> 33);
  }

  /**
   * The extra hash H of an event (the slice choice of horizontal filters): a mix of both halves and
   * a salt, independent of the k positions; uniform in [0, range).
   */
  static long extraHash(KeyHash key, long salt, long range) {
    return HashStrategy.reduce(fmix64(key.h1() ^ Long.rotateLeft(key.h2(), 32) ^ salt), range);
  }

  /** Position i in [0, range) with the double-hashing value remixed: {@code reduce(fmix64(h1 + i*h2))}. */
  static long mixedPosition(KeyHash key, int i, long range) {
    return HashStrategy.reduce(fmix64(key.h1() + i * key.h2()), range);
  }
}
