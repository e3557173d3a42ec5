package io.bloomkit.stable;

import io.bloomkit.core.BloomMath;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.HypergeometricDistribution;

/**
 * The reservoir-sampling based Bloom filter (RSBF): parameter setting, false positive and negative
 * rates, and the law of the ones of one of its k filters.
 *
 * <p>"RSBF paper": Dutta, Bhattacharjee, Narang, "Towards Intelligent Compression in Streams: A
 * Biased Reservoir Sampling based Bloom Filter Approach", EDBT 2012. It reaches us as a text
 * extraction with partly garbled formulas; where a formula below was reconstructed from its
 * derivation, its comment says so.
 *
 * <p>Arguments: the filter size {@code s} (bits of each of the k filters), then the elements seen
 * {@code n} (the paper's stream position m), then {@code numHashes} (k, one hash per filter), then
 * the universe U. Cheat sheet:
 *
 * <pre>
 *   k = ln(FPR_t)/ln(1 - 1/e) [eq. 5.27], k = mean(1, eq. 5.27) [5.4], s = M/k [eq. 5.28]
 *   fpp after the fill (1 - 1/e)^k [eq. 5.26], fpp(m) [eq. 5.7], FNR &lt;= k(m-s)/(U m) [5.14]
 *   E[X] = lambda + p_i eps, eps = lambda(((s-1)/s)^2 - 1) + 1        [Theorem 5.1, 5.22]
 *   fixed point lambda* = s^2/(2s - 1) (eps = 0), Var of one step [eq. 5.24]
 * </pre>
 */
public final class RsbfTheory {
  private RsbfTheory() {}

  /**
   * The k at which the rate right after the fill meets the target {@code fpp} (the paper's {@code
   * FPR_t}): {@code k = ln(FPR_t)/ln(1 - 1/e)} [RSBF paper eq. 5.27] (real-valued).
   */
  public static double hashesForFpp(double fpp) {
    BloomMath.requireFpp(fpp);
    return Math.log(fpp) / Math.log(1 - 1 / Math.E);
  }

  /**
   * Parameter setting [RSBF paper section 5.4]: k is the arithmetic mean of 1 (lowest FNR) and eq.
   * 5.27 (lowest rate of false positives) for the target {@code fpp}, rounded to the nearest
   * integer (at least 1).
   */
  public static int numHashes(double fpp) {
    double k = (1 + hashesForFpp(fpp)) / 2;
    return (int) Math.max(1, Math.min(BloomMath.MAX_HASHES, Math.round(k)));
  }

  /** Filter size {@code s = M/k} [RSBF paper eq. 5.28], rounded down. */
  public static long filterBits(long memoryBits, int numHashes) {
    BloomMath.requirePositive("memoryBits", memoryBits);
    BloomMath.requireNumHashes(numHashes);
    long s = memoryBits / numHashes;
    if (s <= 0) {
      throw new IllegalArgumentException(memoryBits + " bits cannot hold " + numHashes + " filters");
    }
    return s;
  }

  /**
   * False positive rate right after the s fill elements: each bit set with probability {@code 1 -
   * (1 - 1/s)^s} [eq. 5.25], so {@code (1 - (1 - 1/s)^s)^k}, which tends to {@code (1 - 1/e)^k}
   * [eq. 5.26]. Since the ones then drift down to {@link #stableOnes} (Theorem 5.1), this is also
   * the highest rate RSBF reaches on a stream of distinct elements.
   */
  public static double fppAfterFill(long s, int numHashes) {
    BloomMath.requirePositive("s", s);
    BloomMath.requireNumHashes(numHashes);
    double set = -Math.expm1(s * Math.log1p(-1.0 / s));
    return Math.pow(set, numHashes);
  }

  /**
   * Probability that element {@code n + 1} of a uniform stream over a universe of U is a false
   * positive, as the paper states it [RSBF paper eq. 5.7, whose m is our n]: {@code ((U-1)/U)^n [1
   * - ks/n + ((1 - 1/e) s/n)^k]}. The bracket, the rate given that the element is new, tends to 1 as
   * n grows: the bound is vacuous for long streams (the sum of eq. 5.2 counts "last set at l" events
   * that are not exclusive), unlike {@link #stableFpp}.
   */
  public static double paperFpp(long s, long n, int numHashes, long universe) {
    BloomMath.requirePositive("universe", universe);
    BloomMath.requirePositive("n", n);
    double x = (double) s / n;
    double bracket = 1 - numHashes * x + Math.pow((1 - 1 / Math.E) * x, numHashes);
    return Math.exp(n * Math.log1p(-1.0 / universe)) * bracket;
  }

  /**
   * Bound on the probability that element {@code n + 1} of a uniform stream over U is a false
   * negative [RSBF paper eq. 5.14, whose m is our n]: {@code k (n - s)/(U n)}, which is {@code
   * O(k/U)} [eq. 5.17].
   */
  public static double fnrBound(long s, long n, int numHashes, long universe) {
    BloomMath.requirePositive("universe", universe);
    BloomMath.requirePositive("n", n);
    return n <= s ? 0 : (double) numHashes * (n - s) / ((double) universe * n);
  }

  /**
   * Expected change of the ones of one filter of {@code s} bits in one step with insertion
   * probability p and lambda ones [RSBF paper Theorem 5.1, eq. 5.22]: {@code E[X] - lambda = p
   * eps}, {@code eps = lambda(((s-1)/s)^2 - 1) + 1} (reconstructed: the extraction prints {@code
   * ((1-s)/s)^2}, equal since squared; it follows from eqs. 5.19-5.21).
   */
  public static double onesDrift(long s, double lambda, double p) {
    BloomMath.requirePositive("s", s);
    double r = (s - 1.0) / s;
    return p * (lambda * (r * r - 1) + 1);
  }

  /**
   * Stable count of ones of one filter: the lambda at which eq. 5.22's eps vanishes, {@code s^2/(2s
   * - 1)}, about s/2. Theorem 5.1 proves the fraction constant; this value is our solution of its
   * drift, not printed in the paper.
   */
  public static double stableOnes(long s) {
    BloomMath.requirePositive("s", s);
    return (double) s * s / (2.0 * s - 1);
  }

  /**
   * Variance of the one-step change of the ones of one filter, {@code p(beta^2 + (beta - 1)^2) -
   * p^2} with {@code beta = lambda/s} [RSBF paper eq. 5.24].
   */
  public static double onesStepVariance(double beta, double p) {
    return p * (beta * beta + (beta - 1) * (beta - 1)) - p * p;
  }

  /**
   * Stationary law of the ones of one filter once inserting: the birth-death chain of eqs.
   * 5.19-5.21 (per insertion, up with {@code ((s - l)/s)^2}, down with {@code l(l - 1)/s^2}) has
   * {@code pi(l + 1)/pi(l) = (s - l)^2 / ((l + 1) l)}, so {@code pi(l)} is proportional to {@code
   * C(s-1, l-1) C(s, s-l)}: {@code l - 1} is hypergeometric (population 2s - 1 with s - 1 marked,
   * s - 1 drawn). Its mean is {@link #stableOnes}, its variance {@code s^2 (s-1) / (2 (2s-1)^2)},
   * about s/8. Returns {mean, variance}. Our derivation from the paper's transition probabilities.
   */
  public static double[] onesStationary(long s) {
    BloomMath.requirePositive("s", s);
    if (s > (Integer.MAX_VALUE + 1L) / 2) {
      throw new IllegalArgumentException("s too large for the exact law: " + s);
    }
    if (s == 1) {
      return new double[] {1, 0}; // one bit, set for good (no population to draw from)
    }
    int n = (int) s;
    HypergeometricDistribution below = new HypergeometricDistribution(null, 2 * n - 1, n - 1, n - 1);
    return new double[] {1 + below.getNumericalMean(), below.getNumericalVariance()};
  }

  /**
   * Fraction of ones per filter once insertions are forced (insertion probability p below p*) on a
   * stream of new elements. An element is reported distinct with probability {@code 1 - beta^k} and
   * then inserted; it has a 0 bit in a given filter with probability {@code (1 - beta)/(1 -
   * beta^k)} rather than {@code 1 - beta}. An element reported duplicate is inserted with
   * probability p, which only resets. A reset hits a 1 with probability beta, so the expected change
   * per element, {@code (1 - beta) - beta (1 - beta^k) - p beta^(k+1)}, vanishes at the root in (0,
   * 1) of {@code 1 - 2 beta + (1 - p) beta^(k+1) = 0}: 0.5437 for k = 3, above Theorem 5.1's 1/2,
   * whose proof assumes insertions independent of the bits; for k = 1, {@code 1/(1 + sqrt(p))},
   * which tends to 1. Our extension, not in the paper; solved by Brent's method.
   */
  public static double forcedOnesFraction(int numHashes, double p) {
    BloomMath.requireNumHashes(numHashes);
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("p must be in [0, 1]: " + p);
    }
    // g is convex with g(0) = 1 and g(1) = -p: the first root lies below its minimum
    double hi = Math.min(1, Math.pow(2 / ((numHashes + 1) * Math.max(1e-300, 1 - p)), 1.0 / numHashes));
    return new BrentSolver(0x1p-53, 0x1p-60)
        .solve(200, b -> 1 - 2 * b + (1 - p) * Math.pow(b, numHashes + 1), 0, hi);
  }

  /**
   * Stable false positive rate for a new element: each of the k bits is set with probability {@code
   * lambda* / s} ({@link #stableOnes}), so {@code (s/(2s - 1))^k}, about {@code 2^-k}. Our
   * consequence of Theorem 5.1.
   */
  public static double stableFpp(long s, int numHashes) {
    BloomMath.requireNumHashes(numHashes);
    return Math.pow(stableOnes(s) / s, numHashes);
  }
}
