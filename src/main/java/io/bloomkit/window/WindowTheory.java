package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.format.ParameterBlock;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * The formulas of distributed and sliding-window filtering: sliced and diced filters, their rates
 * with failed sites and fault tolerance, timers, dynamic size, and the load balance of slices.
 *
 * <p>"One is Enough": Koloniari, Ntarmos, Souravlias, Pitoura, "One is Enough: Distributed
 * Filtering for Duplicate Elimination", CIKM 2011. Where a formula below is a reconstruction rather
 * than the printed text, its javadoc says so and why.
 *
 * <p>Arguments come in the order of {@link BloomMath}: memory {@code m} bits, items {@code n},
 * {@code numHashes} (k), then slices S, sub-slices S', failed slices f, the x of the x-of-k
 * heuristic, then rates. Cheat sheet:
 *
 * <pre>
 *   vertical, S slices of one m-bit filter     (1 - (1 - 1/m)^(kn))^k           [One eq. 3]
 *   horizontal, S slices of m/S bits           (1 - (1 - S/m)^(kn/S))^k         [One eq. 4]
 *   v-h diced, S x S' slices                   (1 - (1 - SS'/m)^(kn/(SS')))^k   [One sec. 3.3]
 *   horizontal, f failed slices count as set   f/S + (1 - f/S) P                [One eq. 5]
 *   vertical, f failed slices count as set     (f/S + (1 - f/S) p)^k            [One eq. 6]
 *   failed slices count as unset               FN: f/S (h), 1 - (1 - f/S)^k (v)  [One sec. 3.2]
 *   x-of-k heuristic (vertical)                FP ~ ((1 - f/S) p)^x, FN = P[failed &gt;= k-x+1]
 *   fault tolerance S_f                        f(1-P)/(Pmax-P) (h), f(1-P^(1/k))/(Pmax^(1/k)-P^(1/k)) (v)
 *   equal timers, all k equal                  (1 - e^(-k/m))^k                 [One sec. 4]
 *   dynamic size thresholds                    n = -(m/k) ln(1 - P^(1/k)), z = m P^(1/k) [One sec. 5]
 *   stack of F filters, z_j live timers        1 - prod_j (1 - (z_j/m)^k)       [One sec. 5]
 * </pre>
 *
 * where P = (1 - e^(-kn/m))^k is the unsliced rate (One eq. 2) and p = 1 - e^(-kn/m) the share of
 * set bits.
 */
public final class WindowTheory {
  private WindowTheory() {}

  /**
   * False positive rate of a vertically sliced filter: all n items go into one m-bit filter whatever
   * S, so {@code (1 - (1 - 1/m)^(kn))^k} [One is Enough eq. 3, = eq. 1].
   */
  public static double verticalSlicedFpp(long m, long n, int numHashes, int slices) {
    BloomMath.requirePositive("memoryBits", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requirePositive("slices", slices);
    return BloomMath.exactBloomFpp(m, n, numHashes);
  }

  /**
   * False positive rate of a horizontally sliced filter: S slices of m/S bits, n/S items each on
   * average, {@code (1 - (1 - S/m)^(kn/S))^k} [One is Enough eq. 4].
   */
  public static double horizontalSlicedFpp(long m, long n, int numHashes, int slices) {
    BloomMath.requirePositive("memoryBits", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requirePositive("slices", slices);
    if (n <= 0) {
      return 0.0;
    }
    double s = slices;
    double perSlice = -Math.expm1((double) numHashes * n / s * Math.log1p(-s / m));
    return Math.pow(perSlice, numHashes);
  }

  /**
   * Diced filters [One is Enough sec. 3.3]: the vertical split changes nothing, so an h-v diced
   * filter (S horizontal slices, each cut vertically in S') has the rate of the horizontal filter
   * with S slices (eq. 4; the printed formula lost its outer exponent k in extraction), and a v-h
   * diced filter ({@code verticalOfHorizontal}: S vertical slices, each a horizontal filter of S')
   * that of a horizontal filter with S*S' slices, {@code (1 - (1 - SS'/m)^(kn/(SS')))^k}.
   */
  public static double dicedFpp(
      long m, long n, int numHashes, int slices, int subSlices, boolean verticalOfHorizontal) {
    BloomMath.requirePositive("subSlices", subSlices);
    return verticalOfHorizontal
        ? horizontalSlicedFpp(m, n, numHashes, slices * subSlices)
        : horizontalSlicedFpp(m, n, numHashes, slices);
  }

  /**
   * Horizontal filter with f of S slices failed, events of failed slices taken as duplicates:
   * {@code f/S + (1 - f/S)(1 - e^(-kn/m))^k} [One is Enough eq. 5].
   */
  public static double horizontalFailedSetFpp(long m, long n, int numHashes, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return phi + (1 - phi) * BloomMath.bloomFpp(m, n, numHashes);
  }

  /**
   * Vertical filter with f of S slices failed, failed bits taken as set: {@code (f/S + (1 - f/S)(1
   * - e^(-kn/m)))^k} [One is Enough eq. 6].
   */
  public static double verticalFailedSetFpp(long m, long n, int numHashes, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return Math.pow(phi + (1 - phi) * BloomMath.setBitShare(m, n, numHashes), numHashes);
  }

  /**
   * Diced filter with f of S*S' sites failed, failed bits taken as set: behaves as a vertical
   * filter with S*S' slices [One is Enough eq. 7]. The extracted text reads {@code (f/(SS') + (1 -
   * f/S) p)^k}; the second share must be the complement of the first (a bit is either on a failed
   * site or not), so this returns {@code (f/(SS') + (1 - f/(SS')) p)^k}, i.e. eq. 6 with S*S'.
   */
  public static double dicedFailedSetFpp(
      long m, long n, int numHashes, int slices, int subSlices, int failed) {
    BloomMath.requirePositive("subSlices", subSlices);
    return verticalFailedSetFpp(m, n, numHashes, slices * subSlices, failed);
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
  public static double horizontalFailedUnsetFpp(long m, long n, int numHashes, int slices, int failed) {
    return (1 - failedShare(slices, failed)) * BloomMath.bloomFpp(m, n, numHashes);
  }

  /**
   * Vertical filter, failed bits taken as unset: a duplicate is missed when at least one of its k
   * bits is on a failed slice, {@code sum_{i=1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i) = 1 - (1 -
   * f/S)^k} [One is Enough sec. 3.2; the printed sum has no binomial coefficients, which it needs
   * to be a probability: without them it is not 1 when f = S].
   */
  public static double verticalFailedUnsetFnr(int numHashes, int slices, int failed) {
    BloomMath.requireNumHashes(numHashes);
    return -Math.expm1(numHashes * Math.log1p(-failedShare(slices, failed)));
  }

  /**
   * Vertical filter, failed bits taken as unset: {@code ((1 - f/S)(1 - e^(-kn/m)))^k} [One is
   * Enough sec. 3.2].
   */
  public static double verticalFailedUnsetFpp(long m, long n, int numHashes, int slices, int failed) {
    return Math.pow(
        (1 - failedShare(slices, failed)) * BloomMath.setBitShare(m, n, numHashes), numHashes);
  }

  /**
   * The x-of-k heuristic for vertical filters as printed [One is Enough sec. 3.2]: {@code VP_fp =
   * ((1 - f/S)(1 - e^(-kn/m)))^x}, the chance that x given bits are alive and set. It ignores that
   * the other alive bits must be set too and that any x of the k may be the alive ones; {@link
   * #verticalAtLeastFpp} is the exact rate the filter has.
   */
  public static double verticalAtLeastFppPaper(
      long m, long n, int numHashes, int slices, int failed, int x) {
    checkAtLeast(numHashes, x);
    return Math.pow(
        (1 - failedShare(slices, failed)) * BloomMath.setBitShare(m, n, numHashes), x);
  }

  /**
   * The x-of-k heuristic, exact under the paper's model (each of the k bits on a failed slice with
   * probability f/S independently, each alive bit set with probability p = 1 - e^(-kn/m)): a fresh
   * event is a false positive when a >= x bits are alive and all of them set, {@code sum_{a=x..k}
   * C(k,a) (1-f/S)^a (f/S)^(k-a) p^a}. Computed as {@code r^k Pr[Binomial(k, q) >= x]}: no bit is
   * alive and unset with probability {@code r^k}, {@code r = f/S + (1 - f/S) p}, and then each bit
   * is alive (and set) with probability {@code q = (1 - f/S) p / r}.
   */
  public static double verticalAtLeastFpp(
      long m, long n, int numHashes, int slices, int failed, int x) {
    checkAtLeast(numHashes, x);
    double phi = failedShare(slices, failed);
    double aliveSet = (1 - phi) * BloomMath.setBitShare(m, n, numHashes);
    double r = phi + aliveSet;
    if (aliveSet == 0) {
      return 0.0;
    }
    return Math.pow(r, numHashes) * atLeast(numHashes, aliveSet / r, x);
  }

  /**
   * The x-of-k heuristic's false negative rate: a duplicate (all its alive bits set) is called
   * distinct when fewer than x of its bits are alive, i.e. at least k-x+1 failed, {@code
   * sum_{i=k-x+1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i)}, the binomial tail {@code Pr[Binomial(k, f/S)
   * >= k-x+1]} [One is Enough sec. 3.2, with the binomial coefficients the extracted sum lacks, see
   * {@link #verticalFailedUnsetFnr}].
   */
  public static double verticalAtLeastFnr(int numHashes, int slices, int failed, int x) {
    checkAtLeast(numHashes, x);
    return atLeast(numHashes, failedShare(slices, failed), numHashes - x + 1);
  }

  /** {@code Pr[Binomial(trials, p) >= least]}, summed over the tail's terms (no cancellation). */
  private static double atLeast(int trials, double p, int least) {
    BinomialDistribution d = new BinomialDistribution(null, trials, p);
    double sum = 0;
    for (int i = least; i <= trials; i++) {
      sum += d.probability(i);
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
  public static long verticalFaultToleranceSlices(int numHashes, int failed, double fpp, double maxFpp) {
    BloomMath.requireNumHashes(numHashes);
    checkFaultTolerance(failed, fpp, maxFpp);
    double r = Math.pow(fpp, 1.0 / numHashes);
    double rMax = Math.pow(maxFpp, 1.0 / numHashes);
    return (long) Math.ceil(failed * (1 - r) / (rMax - r) - 1e-9);
  }

  /** The share of slices failed, f/S, checking {@code 0 <= f <= S}. */
  public static double failedShare(int slices, int failed) {
    BloomMath.requirePositive("slices", slices);
    if (failed < 0 || failed > slices) {
      throw new IllegalArgumentException("failed slices must be in [0, " + slices + "]: " + failed);
    }
    return (double) failed / slices;
  }

  /**
   * Bits of one timer of a window of w time units: a live timer holds 1..w, 0 is expired, so
   * {@code ceil(log2(w + 1))} [One is Enough sec. 4 writes ceil(log2 w), one short when w is a
   * power of two]. The file layout needs it too, so it is computed by {@link
   * ParameterBlock.Timer#timerBits}.
   */
  public static int timerBits(long window) {
    return ParameterBlock.Timer.timerBits(window);
  }

  /**
   * Equal-timers heuristic: a fresh event finds all k timers equal only if one earlier event set
   * exactly its k positions, the rate of a filter holding one item, {@code (1 - e^(-k/m))^k} [One
   * is Enough sec. 4].
   */
  public static double equalTimersFpp(long m, int numHashes) {
    return BloomMath.bloomFpp(m, 1, numHashes);
  }

  /**
   * Cardinality threshold of dynamic size: the items an m-bit filter holds before its rate passes P,
   * {@code n = -(m/k) ln(1 - P^(1/k))} [One is Enough sec. 5, which says "solving Eq. (1) for n";
   * the formula it gives solves eq. 2, the e approximation].
   */
  public static double dynamicCardinalityThreshold(long m, int numHashes, double fpp) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requireFpp(fpp);
    return -(double) m / numHashes * Math.log1p(-Math.pow(fpp, 1.0 / numHashes));
  }

  /**
   * Density threshold of dynamic size: the set bits (live timers) at which {@code (z/m)^k = P},
   * {@code z = m P^(1/k)} [One is Enough sec. 5].
   */
  public static double dynamicDensityThreshold(long m, int numHashes, double fpp) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requireFpp(fpp);
    return m * Math.pow(fpp, 1.0 / numHashes);
  }

  /**
   * The false positive rate of a lookup in a stack of timer filters of m timers each (a dynamic
   * filter, or one slice of a per-slice dynamic one) whose filters hold {@code liveTimers[j]} live
   * timers: filter j answers a fresh event with rate {@code (z_j/m)^k} [One is Enough sec. 5, "P_fp
   * = (z/m)^k"], and the stack, which reports a duplicate if any filter does, with {@code 1 -
   * prod_j (1 - (z_j/m)^k)} (filters hashed alike but holding different events, taken as
   * independent).
   */
  public static double dynamicStackFpp(long m, long[] liveTimers, int numHashes) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    double none = 1;
    for (long z : liveTimers) {
      if (z < 0 || z > m) {
        throw new IllegalArgumentException("live timers must be in [0, m=" + m + "]: " + z);
      }
      none *= 1 - Math.pow((double) z / m, numHashes);
    }
    return 1 - none;
  }

  /**
   * The rate at which the j-th live filter (0 the oldest) of a tightened dynamic filter is full,
   * {@code P_j = 6 P / (pi^2 (j + 1)^2)}: the P_j sum to P, so a lookup testing every live filter
   * stays under P (our addition to One is Enough sec. 5, whose filters all use P; a geometric series
   * as in scalable Bloom filters would sum to P too but bounds the total capacity of fixed-size
   * filters, which grows as the sum of P_j^(1/k)).
   */
  public static double tightenedFpp(double fpp, int j) {
    BloomMath.requireFpp(fpp);
    if (j < 0) {
      throw new IllegalArgumentException("filter index must be >= 0: " + j);
    }
    return fpp * 6 / (Math.PI * Math.PI * (j + 1.0) * (j + 1.0));
  }

  /**
   * Jain's fairness index {@code (sum x)^2 / (S sum x^2)} of per-slice loads [One is Enough sec. 7,
   * ref. 11].
   */
  public static double fairnessIndex(long[] loads) {
    double sum = 0;
    double sq = 0;
    for (long x : loads) {
      sum += x;
      sq += (double) x * x;
    }
    return sq == 0 ? 1.0 : sum * sum / (loads.length * sq);
  }

  /**
   * Bits of one request carrying k bit positions in [0, range) [One is Enough sec. 2: "only k
   * log2(m) bits are required"; sec. 3.1: k log2(m/S) for a horizontal slice]: {@code k *
   * ceil(log2 range)}, rounded up because each position is sent in a fixed-width field, the least
   * width that can name all {@code range} positions (range = 2^x needs x bits; range 1 needs none).
   */
  public static long requestBits(int numHashes, long range) {
    BloomMath.requireNumHashes(numHashes);
    if (range < 1) {
      throw new IllegalArgumentException("range must be >= 1: " + range);
    }
    return (long) numHashes * (64 - Long.numberOfLeadingZeros(range - 1));
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

  private static void checkAtLeast(int numHashes, int x) {
    BloomMath.requireNumHashes(numHashes);
    if (x < 1 || x > numHashes) {
      throw new IllegalArgumentException("atLeast must be in [1, numHashes=" + numHashes + "]: " + x);
    }
  }

  private static void checkFaultTolerance(int failed, double fpp, double maxFpp) {
    if (failed < 0) {
      throw new IllegalArgumentException("failed must not be negative: " + failed);
    }
    BloomMath.requireFpp(fpp);
    if (!(maxFpp > fpp && maxFpp < 1)) {
      throw new IllegalArgumentException("maxFpp must be in (fpp=" + fpp + ", 1): " + maxFpp);
    }
  }
}
