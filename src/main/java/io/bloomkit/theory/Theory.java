package io.bloomkit.theory;

/**
 * Every formula of the library, each with its paper and equation. Sizes are 64-bit.
 *
 * <p>Cheat sheet (n items, k hashes):
 *
 * <pre>
 *   Bloom filter / CBF, m bits or counters    f = (1 - e^(-k n / m))^k          [ACBF paper eq. 1]
 *   best real k                                k = (m / n) ln 2                  [ACBF paper eq. 1]
 *   ACBF, first level m1 bits                  f = (1 - e^(-k n / m1))^k         [ACBF paper eq. 3]
 *   ACBF_t                                     m1 = t m, t in {1, 2, 3}          [ACBF paper eq. 4]
 *   ACBF_opt (capacity C)                      m1 = 4m - k C                     [ACBF paper eq. 6]
 *                                              f = (1 - e^(-k n / (4m - k C)))^k [ACBF paper eq. 7]
 *   least bits for rate P with k hashes        m = -k n / ln(1 - P^(1/k))        [eq. 1 solved for m]
 * </pre>
 *
 * "ACBF paper": Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for Large-Scale Data
 * Processing", Mathematical Problems in Engineering 2013, id 516298 (see shared notes/acbf.md for
 * the equations its extracted text lost). Eq. 1 is Bloom (1970) in the form of Fan et al. (2000).
 */
public final class Theory {
  /** Hash counts searched when looking for the best integer k. */
  public static final int MAX_HASHES = 64;

  private Theory() {}

  /**
   * False positive rate of a Bloom filter of {@code m} bits (or a CBF of {@code m} counters) holding
   * {@code n} items with {@code k} hashes: {@code (1 - e^(-kn/m))^k} [ACBF paper eq. 1].
   */
  public static double bloomFpp(long m, long n, int k) {
    checkPositive("m", m);
    checkHashes(k);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1(-(double) k * n / m), k);
  }

  /**
   * False positive rate of an ACBF whose first level has {@code m1} bits: only L1 answers queries,
   * so {@code (1 - e^(-kn/m1))^k} [ACBF paper eq. 3].
   */
  public static double acbfFpp(long m1, long n, int k) {
    return bloomFpp(m1, n, k);
  }

  /** First level of ACBF_t: {@code m1 = t*m} [ACBF paper eq. 4], t in 1..3. */
  public static long acbfFirstLevel(long m, int t) {
    checkPositive("m", m);
    if (t < 1 || t > 3) {
      throw new IllegalArgumentException("t must be 1, 2 or 3 (t = 4 leaves no idle space): " + t);
    }
    return t * m;
  }

  /**
   * First level of ACBF_opt: {@code m1 = 4m - k*C} [ACBF paper eq. 6], the largest L1 whose idle
   * space still holds the {@code k*C} bits of C elements.
   */
  public static long acbfOptimalFirstLevel(long m, int k, long capacity) {
    checkPositive("m", m);
    checkHashes(k);
    checkPositive("capacity", capacity);
    long m1 = 4 * m - (long) k * capacity;
    if (m1 <= 0) {
      throw new IllegalArgumentException(
          "budget 4m = " + 4 * m + " bits cannot hold k*capacity = " + (long) k * capacity
              + " counter bits: raise m or lower numHashes/capacity");
    }
    return m1;
  }

  /**
   * False positive rate of ACBF_opt: {@code (1 - e^(-kn/(4m - kC)))^k} [ACBF paper eq. 7].
   */
  public static double acbfOptimalFpp(long m, long n, int k, long capacity) {
    return bloomFpp(acbfOptimalFirstLevel(m, k, capacity), n, k);
  }

  /** The real-valued optimum {@code k = (m/n) ln 2} of eq. 1. */
  public static double optimalHashesReal(long m, long n) {
    checkPositive("m", m);
    checkPositive("n", n);
    return (double) m / n * Math.log(2);
  }

  /** The integer k in {@code [1, MAX_HASHES]} minimising eq. 1 for a Bloom filter or CBF. */
  public static int bestBloomHashes(long m, long n) {
    checkPositive("m", m);
    checkPositive("n", n);
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
   * The integer k minimising the ACBF rate (eq. 3 with m1 from eq. 4 or 6) for {@code m} counters,
   * {@code n} items and capacity {@code C}, among the k whose idle space holds C elements. At equal
   * memory it is far below the Bloom filter's best k, since every hash costs {@code C} idle bits.
   *
   * @throws IllegalArgumentException if even k = 1 cannot hold C elements
   */
  public static int bestAcbfHashes(AcbfSizing sizing, long m, long n, long capacity) {
    checkPositive("m", m);
    checkPositive("n", n);
    int best = 0;
    double bestF = Double.MAX_VALUE;
    for (int k = 1; k <= MAX_HASHES && sizing.maxCapacity(m, k) >= capacity; k++) {
      double f = acbfFpp(sizing.firstLevelBits(m, k, capacity), n, k);
      if (f < bestF) {
        bestF = f;
        best = k;
      }
    }
    if (best == 0) {
      throw new IllegalArgumentException(
          sizing.cliName() + " with m = " + m + " counters cannot hold capacity " + capacity
              + " even with one hash");
    }
    return best;
  }

  /**
   * The least number of bits (Bloom) or first-level bits (ACBF) for which {@code n} items with
   * {@code k} hashes have rate at most {@code fpp}: eq. 1 solved for m, {@code m = -kn / ln(1 -
   * fpp^(1/k))}, rounded up.
   */
  public static long bitsForFpp(long n, int k, double fpp) {
    checkPositive("n", n);
    checkHashes(k);
    checkFpp(fpp);
    double m = -(double) k * n / Math.log1p(-Math.pow(fpp, 1.0 / k));
    long bits = (long) Math.ceil(m);
    // guard against rounding at the boundary: the integer size must reach the target
    while (bloomFpp(bits, n, k) > fpp) {
      bits++;
    }
    return Math.max(bits, 1);
  }

  // ---- Stream duplicate detection: SBF, RSBF, IBF (issue: stream filters) ----------------------

  // ---- Distributed filtering ("One is Enough") and linked counting Bloom filters --------------

  static void checkPositive(String name, long v) {
    if (v <= 0) {
      throw new IllegalArgumentException(name + " must be positive: " + v);
    }
  }

  static void checkHashes(int k) {
    if (k < 1 || k > MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + MAX_HASHES + "]: " + k);
    }
  }

  static void checkFpp(double fpp) {
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("fpp must be in (0, 1): " + fpp);
    }
  }
}
