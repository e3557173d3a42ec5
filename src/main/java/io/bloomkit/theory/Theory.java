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
  //
  // "One is Enough": Koloniari, Ntarmos, Souravlias, Pitoura, "One is Enough: Distributed
  // Filtering for Duplicate Elimination", CIKM 2011 (shared papers/000). "Icebergs": Wu, Xiao, Li,
  // Sun, "A Distributed Algorithm for Finding Global Icebergs with Linked Counting Bloom Filters"
  // (shared papers/003). The text extraction garbled some formulas; where a formula below is a
  // reconstruction rather than the printed text, its javadoc says so and why.
  //
  //   vertical, S slices of one m-bit filter     (1 - (1 - 1/m)^(kn))^k           [One eq. 3]
  //   horizontal, S slices of m/S bits           (1 - (1 - S/m)^(kn/S))^k         [One eq. 4]
  //   v-h diced, S x S' slices                   (1 - (1 - SS'/m)^(kn/(SS')))^k   [One sec. 3.3]
  //   horizontal, f failed slices count as set   f/S + (1 - f/S) P                [One eq. 5]
  //   vertical, f failed slices count as set     (f/S + (1 - f/S) p)^k            [One eq. 6]
  //   failed slices count as unset               FN: f/S (h), 1 - (1 - f/S)^k (v)  [One sec. 3.2]
  //   x-of-k heuristic (vertical)                FP ~ ((1 - f/S) p)^x, FN = P[failed >= k-x+1]
  //   fault tolerance S_f                        f(1-P)/(Pmax-P) (h), f(1-P^(1/k))/(Pmax^(1/k)-P^(1/k)) (v)
  //   equal timers, all k equal                  (1 - e^(-k/m))^k                 [One sec. 4]
  //   dynamic size thresholds                    n = -(m/k) ln(1 - P^(1/k)), z = m P^(1/k) [One sec. 5]
  //   LCBF error bounds                          (1-(1-1/m)^k)^k <= err <= (1-(1-1/m)^(kn))^k [Icebergs eq. 1, 2]
  //   LCBF encodings                             two-layer m + (l+1)V, one-layer (l+1)(V + empty)  [Icebergs V]
  // where P = (1 - e^(-kn/m))^k is the unsliced rate (One eq. 2) and p = 1 - e^(-kn/m) the share of
  // set bits.

  /**
   * False positive rate of a vertically sliced filter: all n items go into one m-bit filter whatever
   * S, so {@code (1 - (1 - 1/m)^(kn))^k} [One is Enough eq. 3, = eq. 1].
   */
  public static double verticalSlicedFpp(long m, int k, int slices, long n) {
    checkPositive("memoryBits", m);
    checkHashes(k);
    checkPositive("slices", slices);
    return exactBloomFpp(m, k, n);
  }

  /**
   * False positive rate of a horizontally sliced filter: S slices of m/S bits, n/S items each on
   * average, {@code (1 - (1 - S/m)^(kn/S))^k} [One is Enough eq. 4].
   */
  public static double horizontalSlicedFpp(long m, int k, int slices, long n) {
    checkPositive("memoryBits", m);
    checkHashes(k);
    checkPositive("slices", slices);
    if (n <= 0) {
      return 0.0;
    }
    double s = slices;
    double perSlice = -Math.expm1((double) k * n / s * Math.log1p(-s / m));
    return Math.pow(perSlice, k);
  }

  /**
   * Diced filters [One is Enough sec. 3.3]: the vertical split changes nothing, so an h-v diced
   * filter (S horizontal slices, each cut vertically in S') has the rate of the horizontal filter
   * with S slices (eq. 4; the printed formula lost its outer exponent k in extraction), and a v-h
   * diced filter (S vertical slices, each a horizontal filter of S') that of a horizontal filter
   * with S*S' slices, {@code (1 - (1 - SS'/m)^(kn/(SS')))^k}.
   */
  public static double dicedFpp(boolean verticalOfHorizontal, long m, int k, int slices, int subSlices, long n) {
    checkPositive("subSlices", subSlices);
    return verticalOfHorizontal
        ? horizontalSlicedFpp(m, k, slices * subSlices, n)
        : horizontalSlicedFpp(m, k, slices, n);
  }

  /** Eq. 1 of One is Enough, {@code (1 - (1 - 1/m)^(kn))^k}, without the e approximation. */
  public static double exactBloomFpp(long m, int k, long n) {
    checkPositive("m", m);
    checkHashes(k);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1((double) k * n * Math.log1p(-1.0 / m)), k);
  }

  /** The expected share of set bits after n items, {@code p = 1 - e^(-kn/m)} [One eq. 2]. */
  public static double setBitShare(long m, int k, long n) {
    checkPositive("m", m);
    checkHashes(k);
    return n <= 0 ? 0.0 : -Math.expm1(-(double) k * n / m);
  }

  /**
   * Horizontal filter with f of S slices failed, events of failed slices taken as duplicates:
   * {@code f/S + (1 - f/S)(1 - e^(-kn/m))^k} [One is Enough eq. 5].
   */
  public static double horizontalFailedSetFpp(long m, int k, long n, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return phi + (1 - phi) * bloomFpp(m, n, k);
  }

  /**
   * Vertical filter with f of S slices failed, failed bits taken as set: {@code (f/S + (1 - f/S)(1
   * - e^(-kn/m)))^k} [One is Enough eq. 6].
   */
  public static double verticalFailedSetFpp(long m, int k, long n, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return Math.pow(phi + (1 - phi) * setBitShare(m, k, n), k);
  }

  /**
   * Diced filter with f of S*S' sites failed, failed bits taken as set: behaves as a vertical
   * filter with S*S' slices [One is Enough eq. 7]. The extracted text reads {@code (f/(SS') + (1 -
   * f/S) p)^k}; the second share must be the complement of the first (a bit is either on a failed
   * site or not), so this returns {@code (f/(SS') + (1 - f/(SS')) p)^k}, i.e. eq. 6 with S*S'.
   */
  public static double dicedFailedSetFpp(long m, int k, long n, int slices, int subSlices, int failed) {
    checkPositive("subSlices", subSlices);
    return verticalFailedSetFpp(m, k, n, slices * subSlices, failed);
  }

  /**
   * Horizontal filter, events of failed slices taken as distinct [One is Enough sec. 3.2]: false
   * negative rate {@code f/S} (every event of a failed slice).
   */
  public static double horizontalFailedUnsetFnr(int slices, int failed) {
    return failedShare(slices, failed);
  }

  /**
   * Horizontal filter, events of failed slices taken as distinct: false positive rate {@code (1 -
   * f/S)(1 - e^(-kn/m))^k} [One is Enough sec. 3.2].
   */
  public static double horizontalFailedUnsetFpp(long m, int k, long n, int slices, int failed) {
    return (1 - failedShare(slices, failed)) * bloomFpp(m, n, k);
  }

  /**
   * Vertical filter, failed bits taken as unset: a duplicate is missed when at least one of its k
   * bits is on a failed slice, {@code sum_{i=1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i) = 1 - (1 -
   * f/S)^k} [One is Enough sec. 3.2; the printed sum has no binomial coefficients, which it needs
   * to be a probability: without them it is not 1 when f = S].
   */
  public static double verticalFailedUnsetFnr(int k, int slices, int failed) {
    checkHashes(k);
    return -Math.expm1(k * Math.log1p(-failedShare(slices, failed)));
  }

  /**
   * Vertical filter, failed bits taken as unset: {@code ((1 - f/S)(1 - e^(-kn/m)))^k} [One is
   * Enough sec. 3.2].
   */
  public static double verticalFailedUnsetFpp(long m, int k, long n, int slices, int failed) {
    return Math.pow((1 - failedShare(slices, failed)) * setBitShare(m, k, n), k);
  }

  /**
   * The x-of-k heuristic for vertical filters as printed [One is Enough sec. 3.2]: {@code VP_fp =
   * ((1 - f/S)(1 - e^(-kn/m)))^x}, the chance that x given bits are alive and set. It ignores that
   * the other alive bits must be set too and that any x of the k may be the alive ones; {@link
   * #verticalAtLeastFpp} is the exact rate the filter has.
   */
  public static double verticalAtLeastFppPaper(long m, int k, long n, int slices, int failed, int x) {
    checkAtLeast(k, x);
    return Math.pow((1 - failedShare(slices, failed)) * setBitShare(m, k, n), x);
  }

  /**
   * The x-of-k heuristic, exact under the paper's model (each of the k bits on a failed slice with
   * probability f/S independently, each alive bit set with probability p = 1 - e^(-kn/m)): a
   * fresh event is a false positive when a >= x bits are alive and all of them set, {@code
   * sum_{a=x..k} C(k,a) (1-f/S)^a (f/S)^(k-a) p^a}.
   */
  public static double verticalAtLeastFpp(long m, int k, long n, int slices, int failed, int x) {
    checkAtLeast(k, x);
    double phi = failedShare(slices, failed);
    double p = setBitShare(m, k, n);
    double sum = 0;
    for (int a = x; a <= k; a++) {
      sum += binomial(k, a) * Math.pow(1 - phi, a) * Math.pow(phi, k - a) * Math.pow(p, a);
    }
    return sum;
  }

  /**
   * The x-of-k heuristic's false negative rate: a duplicate (all its alive bits set) is called
   * distinct when fewer than x of its bits are alive, i.e. at least k-x+1 failed, {@code
   * sum_{i=k-x+1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i)} [One is Enough sec. 3.2, with the binomial
   * coefficients the extracted sum lacks, see {@link #verticalFailedUnsetFnr}].
   */
  public static double verticalAtLeastFnr(int k, int slices, int failed, int x) {
    checkAtLeast(k, x);
    double phi = failedShare(slices, failed);
    double sum = 0;
    for (int i = k - x + 1; i <= k; i++) {
      sum += binomial(k, i) * Math.pow(phi, i) * Math.pow(1 - phi, k - i);
    }
    return sum;
  }

  /**
   * Fault tolerance parameter S_f of a horizontal filter [One is Enough def. 3, eq. 5 solved for
   * S]: the least number of slices such that f failed ones keep the rate at most {@code maxFpp},
   * {@code S_f >= f (1 - P) / (Pmax - P)} with P the rate without failures; rounded up.
   */
  public static long horizontalFaultToleranceSlices(int failed, double fpp, double maxFpp) {
    checkFaultTolerance(failed, fpp, maxFpp);
    return (long) Math.ceil(failed * (1 - fpp) / (maxFpp - fpp) - 1e-9);
  }

  /**
   * Fault tolerance parameter S_f of a vertical filter [One is Enough def. 3, eq. 6 solved for S],
   * {@code S_f >= f (1 - P^(1/k)) / (Pmax^(1/k) - P^(1/k))} (the extracted text lost the roots'
   * index k); rounded up.
   */
  public static long verticalFaultToleranceSlices(int failed, int k, double fpp, double maxFpp) {
    checkHashes(k);
    checkFaultTolerance(failed, fpp, maxFpp);
    double r = Math.pow(fpp, 1.0 / k);
    double rMax = Math.pow(maxFpp, 1.0 / k);
    return (long) Math.ceil(failed * (1 - r) / (rMax - r) - 1e-9);
  }

  /** The share of slices failed, f/S, checking {@code 0 <= f <= S}. */
  public static double failedShare(int slices, int failed) {
    checkPositive("slices", slices);
    if (failed < 0 || failed > slices) {
      throw new IllegalArgumentException("failed slices must be in [0, " + slices + "]: " + failed);
    }
    return (double) failed / slices;
  }

  /**
   * Bits of one timer of a window of w time units: a live timer holds 1..w, 0 is expired, so
   * {@code ceil(log2(w + 1))} [One is Enough sec. 4 writes ceil(log2 w), one short when w is a
   * power of two].
   */
  public static int timerBits(long window) {
    checkPositive("window", window);
    return 64 - Long.numberOfLeadingZeros(window);
  }

  /**
   * Equal-timers heuristic: a fresh event finds all k timers equal only if one earlier event set
   * exactly its k positions, the rate of a filter holding one item, {@code (1 - e^(-k/m))^k} [One
   * is Enough sec. 4].
   */
  public static double equalTimersFpp(long m, int k) {
    return bloomFpp(m, 1, k);
  }

  /**
   * Cardinality threshold of dynamic size: the items an m-bit filter holds before its rate passes P,
   * {@code n = -(m/k) ln(1 - P^(1/k))} [One is Enough sec. 5, eq. 2 solved for n].
   */
  public static double dynamicCardinalityThreshold(long m, int k, double fpp) {
    checkPositive("m", m);
    checkHashes(k);
    checkFpp(fpp);
    return -(double) m / k * Math.log1p(-Math.pow(fpp, 1.0 / k));
  }

  /**
   * Density threshold of dynamic size: the set bits (live timers) at which {@code (z/m)^k = P},
   * {@code z = m P^(1/k)} [One is Enough sec. 5].
   */
  public static double dynamicDensityThreshold(long m, int k, double fpp) {
    checkPositive("m", m);
    checkHashes(k);
    checkFpp(fpp);
    return m * Math.pow(fpp, 1.0 / k);
  }

  /**
   * The rate at which the j-th live filter (0 the oldest) of a tightened dynamic filter is full,
   * {@code P_j = 6 P / (pi^2 (j + 1)^2)}: the P_j sum to P, so a lookup testing every live filter
   * stays under P (our addition to One is Enough sec. 5, whose filters all use P; a geometric series
   * as in scalable Bloom filters would sum to P too but bounds the total capacity of fixed-size
   * filters, which grows as the sum of P_j^(1/k)).
   */
  public static double tightenedFpp(double fpp, int j) {
    checkFpp(fpp);
    if (j < 0) {
      throw new IllegalArgumentException("filter index must be >= 0: " + j);
    }
    return fpp * 6 / (Math.PI * Math.PI * (j + 1.0) * (j + 1.0));
  }

  /**
   * Lower bound of the LCBF error (two items hashed to the same k entries, all frequencies
   * distinct): {@code (1 - (1 - 1/m)^k)^k} [Icebergs eq. 1].
   */
  public static double lcbfErrorLowerBound(long m, int k) {
    return exactBloomFpp(m, k, 1);
  }

  /**
   * Upper bound of the LCBF error (all frequencies equal, n items held): the Bloom rate {@code (1 -
   * (1 - 1/m)^(kn))^k} [Icebergs eq. 2].
   */
  public static double lcbfErrorUpperBound(long m, int k, long n) {
    return exactBloomFpp(m, k, n);
  }

  /**
   * Bits of the two-layer LCBF encoding: m first-layer bits plus (l + 1) bits per stored value
   * (value and link bit) [Icebergs sec. V].
   */
  public static long lcbfTwoLayerBits(long m, long values, int valueBits) {
    checkPositive("m", m);
    return m + (valueBits + 1L) * values;
  }

  /**
   * Bits of the one-layer LCBF encoding: every entry holds at least one (l + 1)-bit slot, empty or
   * not, {@code (l + 1)(values + emptyEntries)} [Icebergs sec. V]; the two-layer form saves {@code
   * m (l + 1) q - m} with q the share of empty entries.
   */
  public static long lcbfOneLayerBits(long values, long emptyEntries, int valueBits) {
    return (valueBits + 1L) * (values + emptyEntries);
  }

  /** Jain's fairness index {@code (sum x)^2 / (S sum x^2)} of per-slice loads [One is Enough sec. 7, ref. 11]. */
  public static double fairnessIndex(long[] loads) {
    double sum = 0;
    double sq = 0;
    for (long x : loads) {
      sum += x;
      sq += (double) x * x;
    }
    return sq == 0 ? 1.0 : sum * sum / (loads.length * sq);
  }

  /** The largest share of the total load on one slice (optimum 1/S) [One is Enough sec. 7]. */
  public static double maxLoadShare(long[] loads) {
    long sum = 0;
    long max = 0;
    for (long x : loads) {
      sum += x;
      max = Math.max(max, x);
    }
    return sum == 0 ? 0.0 : (double) max / sum;
  }

  static double binomial(int n, int r) {
    double c = 1;
    for (int i = 1; i <= r; i++) {
      c = c * (n - r + i) / i;
    }
    return c;
  }

  private static void checkAtLeast(int k, int x) {
    checkHashes(k);
    if (x < 1 || x > k) {
      throw new IllegalArgumentException("atLeast must be in [1, numHashes=" + k + "]: " + x);
    }
  }

  private static void checkFaultTolerance(int failed, double fpp, double maxFpp) {
    if (failed < 0) {
      throw new IllegalArgumentException("failed must not be negative: " + failed);
    }
    checkFpp(fpp);
    if (!(maxFpp > fpp && maxFpp < 1)) {
      throw new IllegalArgumentException("maxFpp must be in (fpp=" + fpp + ", 1): " + maxFpp);
    }
  }

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
