package io.bloomkit.data;

/**
 * The stream filters' random generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014), chosen because its whole state is one {@code long}
 * that the binary format stores, so a filter read back continues with exactly the random choices
 * the original would have made.
 */
public final class Rng {
  private static final long GAMMA = 0x9E3779B97F4A7C15L;

  private long state;

  public Rng(long seed) {
    this.state = seed;
  }

  public long state() {
    return state;
  }

  public void setState(long s) {
    this.state = s;
  }

  public long nextLong() {
    long z = (state += GAMMA);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Uniform in {@code [0, 1)} with 53 random bits. */
  public double nextDouble() {
    return (nextLong() >>> 11) * 0x1.0p-53;
  }

  /** Uniform in {@code [0, bound)}, unbiased (rejection of the short last interval). */
  public long nextLong(long bound) {
    assert bound > 0;
    long r = nextLong() >>> 1;
    long m = bound - 1;
    if ((bound & m) == 0) {
      return r & m;
    }
    long u = r;
    while (u - (r = u % bound) + m < 0) {
      u = nextLong() >>> 1;
    }
    return r;
  }
}
