package io.bloomkit.core.hash;

/**
 * The two 64-bit halves of a key's 128-bit hash; every filter derives its k positions from them
 * with {@link HashStrategy#position}. Hash a key once and probe several filters with the result.
 */
public final class KeyHash {
  private final long h1;
  private final long h2;

  public KeyHash(long h1, long h2) {
    this.h1 = h1;
    this.h2 = h2;
  }

  public long h1() {
    return h1;
  }

  public long h2() {
    return h2;
  }

  /** Position {@code i} (0-based) in {@code [0, range)}. */
  public long position(int i, long range) {
    return HashStrategy.position(h1, h2, i, range);
  }

  /** The first {@code numHashes} positions in {@code [0, range)}. */
  public long[] positions(int numHashes, long range) {
    long[] p = new long[numHashes];
    for (int i = 0; i < numHashes; i++) {
      p[i] = HashStrategy.position(h1, h2, i, range);
    }
    return p;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeyHash && ((KeyHash) o).h1 == h1 && ((KeyHash) o).h2 == h2;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(h1 * 31 + h2);
  }

  @Override
  public String toString() {
    return String.format("KeyHash[%016x,%016x]", h1, h2);
  }
}
