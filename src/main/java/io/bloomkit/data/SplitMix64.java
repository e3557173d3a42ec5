package io.bloomkit.data;

/**
 * The one seeded random generator of bloomkit: SplitMix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014), written out here so that results never depend on
 * the JDK's choice of algorithm: the same seed gives the same numbers on every JVM.
 *
 * <p>Its whole state is one {@code long} ({@link #state()}, {@link #setState}), which the stream
 * filters' binary format stores, so a filter read back continues with exactly the random choices
 * the original would have made.
 *
 * <p>{@code new SplitMix64(seed)} draws the same sequence as {@code new
 * java.util.SplittableRandom(seed)}: {@link #nextLong()}, {@link #nextInt()}, {@link
 * #nextDouble()}, {@link #nextInt(int)} and {@link #nextLong(long)} return exactly what
 * SplittableRandom's methods of those names return (its golden gamma, its mixers and its rejection
 * loops). Two other bounded draws are kept because saved states and generated data continue them:
 * {@link #nextLong63(long)} (the stream filters') and {@link #scaledLong(long)} (the data
 * generators').
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

  /** The 32-bit finalizer of {@link #nextInt()} (SplittableRandom's). */
  private static int mix32(long z) {
    z = (z ^ (z >>> 33)) * 0x62A9D9ED799705F5L;
    return (int) (((z ^ (z >>> 28)) * 0xCB24D0A5C88C35B3L) >>> 32);
  }

  /** A double uniform in {@code [0, 1)} from the top 53 bits of {@code bits}. */
  public static double unit(long bits) {
    return (bits >>> 11) * UNIT;
  }

  /** The whole state: a generator given it by {@link #setState} continues this one's sequence. */
  public long state() {
    return state;
  }

  public void setState(long s) {
    this.state = s;
  }

  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  public int nextInt() {
    state += GOLDEN_GAMMA;
    return mix32(state);
  }

  /** Uniform in {@code [0, 1)} with 53 random bits. */
  public double nextDouble() {
    return unit(nextLong());
  }

  /** Uniform in {@code (0, 1]}: safe to take a logarithm of. */
  public double nextDoubleOpenZero() {
    return 1.0 - nextDouble();
  }

  /**
   * Uniform in {@code [0, bound)}, unbiased: the low bits of {@link #nextInt()} for a power of two,
   * otherwise its top 31 bits modulo {@code bound}, rejecting the short last interval.
   */
  public int nextInt(int bound) {
    checkBound(bound);
    int r = nextInt();
    int m = bound - 1;
    if ((bound & m) == 0) {
      return r & m;
    }
    for (int u = r >>> 1; u + m - (r = u % bound) < 0; u = nextInt() >>> 1) {
      // reject
    }
    return r;
  }

  /** Uniform in {@code [0, bound)}, unbiased: as {@link #nextInt(int)} with 64 (63) bits. */
  public long nextLong(long bound) {
    checkBound(bound);
    long r = nextLong();
    long m = bound - 1;
    return (bound & m) == 0 ? r & m : reduce(r >>> 1, bound);
  }

  /**
   * Uniform in {@code [0, bound)}, unbiased, from the top 63 bits of {@link #nextLong()} for every
   * bound (a power of two takes bits 1 and up, where {@link #nextLong(long)} takes bits 0 and up):
   * the stream filters' draw, which their saved states continue.
   */
  public long nextLong63(long bound) {
    checkBound(bound);
    long u = nextLong() >>> 1;
    long m = bound - 1;
    return (bound & m) == 0 ? u & m : reduce(u, bound);
  }

  /** {@code u % bound} for a 63-bit candidate u, redrawn while it falls in the short last interval. */
  private long reduce(long u, long bound) {
    long r;
    while (u + (bound - 1) - (r = u % bound) < 0) {
      u = nextLong() >>> 1;
    }
    return r;
  }

  /**
   * Uniform in {@code [0, bound)} by scaling a 53-bit double: the bias is below {@code bound /
   * 2^53}. The data generators' draw, which their output bytes depend on.
   */
  public long scaledLong(long bound) {
    checkBound(bound);
    return (long) (nextDouble() * bound);
  }

  private static void checkBound(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive: " + bound);
    }
  }
}
