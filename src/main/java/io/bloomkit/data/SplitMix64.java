package io.bloomkit.data;

/**
 * The SplitMix64 generator (Steele, Lea and Flood, "Fast splittable pseudorandom number
 * generators", OOPSLA 2014), written out here so that generated data never depends on the JDK's
 * choice of algorithm: the same seed gives the same bytes on every JVM.
 *
 * <p>{@link #mix(long)} is the generator's finalizer used as a stateless hash of a long; the data
 * generators derive per-record attributes from {@code mix(seed ^ index)} so that any record can be
 * regenerated on its own.
 */
public final class SplitMix64 {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
  private static final double UNIT = 0x1.0p-53;

  private long state;

  public SplitMix64(long seed) {
    this.state = seed;
  }

  /** The 64-bit finalizer (variant 13 of Stafford's mixers): a bijection with good avalanche. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** A double uniform in {@code [0, 1)} from the top 53 bits of {@code bits}. */
  public static double unit(long bits) {
    return (bits >>> 11) * UNIT;
  }

  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  /** Uniform in {@code [0, 1)}. */
  public double nextDouble() {
    return unit(nextLong());
  }

  /** Uniform in {@code (0, 1]}: safe to take a logarithm of. */
  public double nextDoubleOpenZero() {
    return 1.0 - nextDouble();
  }

  /**
   * Uniform in {@code [0, bound)}, {@code bound > 0}, by scaling a 53-bit double: the bias is below
   * {@code bound / 2^53}.
   */
  public long nextLong(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
    return (long) (nextDouble() * bound);
  }
}
