package io.bloomkit.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterShape;
import org.apache.commons.math3.distribution.BetaDistribution;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * Honest statistics for tests that count events: exact binomial intervals (commons-math3) and the
 * false positive rate of a Bloom-style filter from first principles, written here independently of
 * the production theory ({@code BloomMath}, {@code AcbfSizing}) so that a wrong formula or a
 * wrongly sized filter shows.
 */
public final class Binomial {
  private Binomial() {}

  /**
   * The two-sided {@code 1 - alpha} acceptance interval {@code [lo, hi]} of {@code X ~
   * Binomial(trials, p)}: {@code P(X < lo) <= alpha/2} and {@code P(X > hi) <= alpha/2}.
   */
  public static long[] interval(long trials, double p, double alpha) {
    if (trials > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many trials for commons-math3: " + trials);
    }
    BinomialDistribution d = new BinomialDistribution(null, (int) trials, p);
    long lo = d.inverseCumulativeProbability(alpha / 2); // least x with P(X <= x) >= alpha/2
    long hi = d.inverseCumulativeProbability(1 - alpha / 2); // P(X > hi) <= alpha/2
    return new long[] {lo, hi};
  }

  /**
   * Asserts that {@code observed} events in {@code trials} lie in the two-sided {@code 1 - alpha}
   * binomial interval of rate {@code p}; the message gives the expectation and the interval.
   */
  public static void assertWithin(String what, long trials, double p, long observed, double alpha) {
    long[] i = interval(trials, p, alpha);
    assertTrue(
        observed >= i[0] && observed <= i[1],
        what + ": " + observed + " of " + trials + ", expected " + trials * p + " (rate " + p
            + "), " + (1 - alpha) * 100 + "% binomial interval [" + i[0] + ", " + i[1] + "]");
  }

  /** Clopper-Pearson: the rate below which {@code x} of {@code n} has probability at most alpha. */
  public static double upperBound(long x, long n, double alpha) {
    return x >= n ? 1.0 : new BetaDistribution(null, x + 1, n - x).inverseCumulativeProbability(1 - alpha);
  }

  /** Clopper-Pearson: the rate above which {@code x} of {@code n} has probability at most alpha. */
  public static double lowerBound(long x, long n, double alpha) {
    return x <= 0 ? 0.0 : new BetaDistribution(null, x, n - x + 1).inverseCumulativeProbability(alpha);
  }

  /**
   * The false positive rate of a filter answering queries from {@code m} bits into which {@code n}
   * keys set {@code k} uniformly random bits each: a given bit stays 0 with probability {@code (1 -
   * 1/m)^(kn)}, and an absent key is accepted when all k of its bits are 1 (Bloom 1970). This is
   * the exact-occupancy form, not the exponential approximation the library's theory uses.
   */
  public static double bloomRate(long m, long n, int k) {
    double zero = Math.exp((double) k * n * Math.log1p(-1.0 / m));
    return Math.pow(1 - zero, k);
  }

  /**
   * The rate {@link #bloomRate} of a filter of this shape holding {@code n} keys, with the bits
   * that answer queries worked out here from the shape's parameters: m bits (bf) or counters (cbf);
   * for an ACBF of m counters, k hashes and capacity C the first level of the paper's eq. 4 ({@code
   * t*m}) or eq. 6 ({@code 4m - k*C}). The exact key set has no false positives.
   */
  public static double filterRate(FilterShape s, long n) {
    return rate(s, n);
  }

  /**
   * The rate of a split-block filter of {@code blocks} blocks of eight 32-bit words holding {@code
   * n} keys (Putze, Sanders, Singler 2007): a block's load is Binomial(n, 1/blocks), each key in it
   * sets one bit of each word, and an absent key is accepted when its bit of every word is set,
   * each word's with probability {@code 1 - (31/32)^load}.
   */
  public static double splitBlockRate(long blocks, long n) {
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many keys for commons-math3: " + n);
    }
    BinomialDistribution load = new BinomialDistribution(null, (int) n, 1.0 / blocks);
    double sum = 0;
    for (int i = 0; i <= n; i++) {
      double p = load.probability(i);
      if (p < 1e-300 && i > (double) n / blocks) {
        break;
      }
      sum += p * Math.pow(1 - Math.pow(31.0 / 32, i), 8);
    }
    return sum;
  }

  private static double rate(FilterShape s, long n) {
    int k = s.numHashes();
    switch (s.family()) {
      case BLOOM:
        return bloomRate(s.memoryBits(), n, k);
      case COUNTING:
        return bloomRate(s.counters(), n, k);
      case ACCURATE_COUNTING:
        AcbfSizing z = s.acbfSizing();
        long m = s.counters();
        long m1 = z == AcbfSizing.OPTIMAL ? 4 * m - (long) k * s.capacity() : z.id() * m;
        return bloomRate(m1, n, k);
      case SPLIT_BLOCK:
        return splitBlockRate(s.memoryBits() / 256, n);
      case EXACT:
        return 0.0;
      default:
        throw new IllegalArgumentException("no rate for " + s.family());
    }
  }
}
