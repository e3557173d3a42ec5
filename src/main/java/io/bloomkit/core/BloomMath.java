package io.bloomkit.core;

/**
 * The Bloom filter maths every family shares: the false positive rate of eq. 1, the best number of
 * hashes and the memory for a target rate, with the argument checks the family theories use. Each
 * family's own formulas live with the family ({@code io.bloomkit.acbf.AcbfTheory}, {@code
 * io.bloomkit.stable.StableTheory} and {@code RsbfTheory}, {@code io.bloomkit.window.WindowTheory},
 * {@code io.bloomkit.lcbf.LcbfTheory}); the ACBF sizing rules that {@link FilterShape} needs are
 * methods of {@link AcbfSizing}.
 *
 * <p>Arguments come in one order everywhere: the memory ({@code m} bits, counters or cells), the
 * items {@code n}, the hashes {@code numHashes}, then the family's own quantities, then rates. Every
 * false positive rate is called {@code fpp}. Sizes are 64-bit.
 *
 * <p>Cheat sheet (n items, k hashes):
 *
 * <pre>
 *   Bloom filter / CBF, m bits or counters    f = (1 - e^(-k n / m))^k          [ACBF paper eq. 1]
 *   the same without the e approximation       f = (1 - (1 - 1/m)^(k n))^k       [Bloom 1970]
 *   best real k                                k = (m / n) ln 2                  [ACBF paper eq. 1]
 *   least bits for rate P with k hashes        m = -k n / ln(1 - P^(1/k))        [eq. 1 solved for m]
 *   distinct items from X non-zero positions   n = ln(1 - X/m) / (k ln(1 - 1/m)) [Swamidass, Baldi 2007]
 * </pre>
 *
 * "ACBF paper": Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for Large-Scale Data
 * Processing", Mathematical Problems in Engineering 2013, id 516298. Eq. 1 is Bloom (1970) in the
 * form of Fan et al. (2000).
 */
public final class BloomMath {
  /** Hash counts searched when looking for the best integer k, and the most any filter takes. */
  public static final int MAX_HASHES = 64;

  private BloomMath() {}

  /**
   * False positive rate of a Bloom filter of {@code m} bits (or a CBF of {@code m} counters) holding
   * {@code n} items with {@code k} hashes: {@code (1 - e^(-kn/m))^k} [ACBF paper eq. 1].
   */
  public static double bloomFpp(long m, long n, int numHashes) {
    requirePositive("m", m);
    requireNumHashes(numHashes);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1(-(double) numHashes * n / m), numHashes);
  }

  /**
   * Eq. 1 without the e approximation, {@code (1 - (1 - 1/m)^(kn))^k} [Bloom 1970; One is Enough
   * eq. 1].
   */
  public static double exactBloomFpp(long m, long n, int numHashes) {
    requirePositive("m", m);
    requireNumHashes(numHashes);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1((double) numHashes * n * Math.log1p(-1.0 / m)), numHashes);
  }

  /**
   * Expected fraction of zero bits of a Bloom filter of m bits after n insertions with k hashes:
   * {@code (1 - 1/m)^(k n)} [Bloom 1970; the base of ACBF paper eq. 1].
   */
  public static double bloomZeroFraction(long m, long n, int numHashes) {
    requirePositive("m", m);
    requireNumHashes(numHashes);
    return Math.exp((double) numHashes * n * Math.log1p(-1.0 / m));
  }

  /**
   * The expected share of set bits after n items, {@code p = 1 - e^(-kn/m)} [ACBF paper eq. 1; One
   * is Enough eq. 2].
   */
  public static double setBitShare(long m, long n, int numHashes) {
    requirePositive("m", m);
    requireNumHashes(numHashes);
    return n <= 0 ? 0.0 : -Math.expm1(-(double) numHashes * n / m);
  }

  /** The real-valued optimum {@code k = (m/n) ln 2} of eq. 1. */
  public static double optimalHashesReal(long m, long n) {
    requirePositive("m", m);
    requirePositive("n", n);
    return (double) m / n * Math.log(2);
  }

  /** The integer k in {@code [1, MAX_HASHES]} minimising eq. 1 for a Bloom filter or CBF. */
  public static int bestBloomHashes(long m, long n) {
    requirePositive("m", m);
    requirePositive("n", n);
    int best = 1;
    double bestF = Double.MAX_VALUE;
    for (int k = 1; k <= MAX_HASHES; k++) {
      double f = bloomFpp(m, n, k);
      if (f < bestF) {
        bestF = f;
        best = k;
      }
    }
    return best;
  }

  /**
   * The least number of bits (Bloom) or first-level bits (ACBF) for which {@code n} items with
   * {@code k} hashes have rate at most {@code fpp}: eq. 1 solved for m, {@code m = -kn / ln(1 -
   * fpp^(1/k))}, rounded up.
   */
  /**
   * The distinct items a filter of {@code m} positions and {@code numHashes} hashes most likely
   * holds when {@code occupied} of its positions are non-zero (set bits, non-zero counters): the
   * inverse of E[X] = m (1 - (1 - 1/m)^(k n)) (Swamidass and Baldi 2007, eq. 3). It counts each
   * key once however often it was added, which a filter's item count (insertions minus removals)
   * does not when merged filters share keys. Infinite when every position is occupied.
   */
  public static double distinctItemsEstimate(long m, long occupied, int numHashes) {
    requirePositive("m", m);
    requireNumHashes(numHashes);
    if (occupied < 0 || occupied > m) {
      throw new IllegalArgumentException("occupied must be in [0, " + m + "]: " + occupied);
    }
    if (occupied == m) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.log1p(-(double) occupied / m) / (numHashes * Math.log1p(-1.0 / m));
  }

  public static long bitsForFpp(long n, int numHashes, double fpp) {
    requirePositive("n", n);
    requireNumHashes(numHashes);
    requireFpp(fpp);
    double m = -(double) numHashes * n / Math.log1p(-Math.pow(fpp, 1.0 / numHashes));
    if (!(m < 0x1p62)) {
      return Long.MAX_VALUE; // not representable: saturate (callers compare with their limit)
    }
    long bits = (long) Math.ceil(m);
    // guard against rounding at the boundary: the integer size must reach the target
    while (bloomFpp(bits, n, numHashes) > fpp) {
      bits++;
    }
    return Math.max(bits, 1);
  }

  /** Checks {@code value > 0}; the message names the argument. */
  public static void requirePositive(String name, long value) {
    if (value <= 0) {
      throw new IllegalArgumentException(name + " must be positive: " + value);
    }
  }

  /** Checks {@code 1 <= numHashes <=} {@link #MAX_HASHES}. */
  public static void requireNumHashes(int numHashes) {
    if (numHashes < 1 || numHashes > MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + MAX_HASHES + "]: " + numHashes);
    }
  }

  /** Checks that {@code fpp} is a rate in (0, 1). */
  public static void requireFpp(double fpp) {
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("fpp must be in (0, 1): " + fpp);
    }
  }
}
