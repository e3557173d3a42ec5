package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.data.Streams;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The filters against their papers' analysis: the stable fraction of zero cells of SBF and IBF
 * (the IBF paper's Fig. 18 check, within 2% absolute), RSBF's count of ones after s elements
 * (Theorem 5.1), observed false positive rates at most the theory's bound plus sampling error, and
 * RSBF's FNR trade-off in k (section 5.4). Streams of fresh keys (a 2^62 universe) unless said.
 */
public class StreamFilterTheoryTest {
  /** Uniform importances 1..50 as classes of f over 1..7, the law the chain needs. */
  static double[] classLaw(int max) {
    ImportanceMap f = new ImportanceMap(1, 50, max);
    double[] q = new double[max + 1];
    for (int imp = 1; imp <= 50; imp++) {
      q[f.apply(imp)] += 1.0 / 50;
    }
    return q;
  }

  /** Runs n fresh elements with importance uniform in 1..50; returns {mean zeros, fp, distinct}. */
  static double[] run(StreamFilter f, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double zeros = 0;
    int samples = 0;
    long fp = 0;
    for (int i = 0; i < n; i++) {
      long key = r.nextLong() >>> 2;
      if (f.offer(Streams.hash(key), StreamFilter.NO_TIME, 1 + r.nextInt(50))) {
        fp++;
      }
      if (i >= n / 2 && i % 50 == 0) {
        zeros += StreamFilters.zeroFraction(f);
        samples++;
      }
    }
    return new double[] {zeros / samples, fp, n};
  }

  @Test
  public void closedFormsAgreeWithTheExactChain() {
    long m = 42_666;
    double[] sbf = StableTheory.sbfCellDistribution(m, 7, 5, 10);
    assertEquals(StableTheory.sbfZeroFraction(m, 7, 5, 10), sbf[0], 1e-12);
    // Deng and Rafiei's form with k = K/m
    double deng = Math.pow(1 / (1 + 1 / (10 * (1.0 / 5 - 1.0 / m))), 7);
    assertEquals(deng, sbf[0], 1e-3 * deng);
    // IBF-2C: Theorem III.1's recursion (paper's k/2 split) vs the exact chain
    double[] half = new double[8];
    half[3] = 0.5;
    half[7] = 0.5;
    double[] exact = StableTheory.ibfMcCellDistribution(m, 5, 10, half);
    double[] paper = StableTheory.ibf2cCellDistribution(m, 7, 5, 10, 0.5);
    double sum = 0;
    for (int j = 0; j <= 7; j++) {
      assertEquals(exact[j], paper[j], 1e-3 * exact[j] + 1e-12, "state " + j);
      sum += paper[j];
    }
    assertEquals(1, sum, 1e-12);
    // the decrement-only law: with no set the chain would empty, so V0 grows with P
    assertTrue(StableTheory.sbfZeroFraction(m, 7, 5, 20) > StableTheory.sbfZeroFraction(m, 7, 5, 10));
    // P for a target stable FPR gives back that FPR
    double p = StableTheory.sbfDecrementsForFpp(m, 3, 3, 0.1);
    double z = Math.pow(1 / (1 + 1 / (p * (1.0 / 3 - 1.0 / m))), 3);
    assertEquals(0.1, Math.pow(1 - z, 3), 1e-12);
  }

  @Test
  public void sbfZerosSettleOnTheChainsStablePointAndFprStaysUnderTheBound() {
    StreamFilter f = StreamFilters.stable(3 * 4096, 7, 5, 10, 3);
    double[] r = run(f, 120_000, 1);
    double v0 = StableTheory.sbfZeroFraction(4096, 7, 5, 10);
    assertEquals(v0, r[0], 0.02);
    assertEquals(v0, StreamFilters.zeroFraction(f), 0.02);
    assertFprAtMost(StableTheory.stableFppBound(v0, 5), r[1], r[2]);
  }

  @Test
  public void ibfZerosSettleOnTheChainsStablePoint() {
    double[] q = classLaw(7);
    for (IbfVariant v : IbfVariant.values()) {
      StreamFilter f = StreamFilters.importance(v, 3 * 4096, 7, 5, 10, 1, 50, 5);
      double[] r = run(f, 120_000, 2);
      double v0 = StreamFilters.theoryZeroFraction(f, 0, q);
      assertEquals(v0, r[0], 0.02, v.cliName());
      if (v != IbfVariant.HEURISTIC) { // the paper's bound (IBF-H has no analysis in the paper)
        assertFprAtMost(StableTheory.stableFppBound(v0, 5), r[1], r[2]);
      }
    }
    // and the values differ enough between variants for the 2% check to tell them apart
    double[] z = {
      StableTheory.sbfZeroFraction(4096, 7, 5, 10),
      StableTheory.ibf2cExactCellDistribution(4096, 5, 10, q)[0],
      StableTheory.ibfMcCellDistribution(4096, 5, 10, q)[0],
      StableTheory.ibfHeuristicCellDistribution(4096, 5, 10, q)[0]
    };
    for (int i = 1; i < z.length; i++) {
      assertTrue(z[i] - z[i - 1] > 0.04);
    }
  }

  @Test
  public void bloomFprUnderItsFinalRate() {
    StreamFilter f = StreamFilters.bloom(20_000, 4);
    double[] r = run(f, 4000, 3);
    assertFprAtMost(BloomMath.bloomFpp(20_000, 4000, 4), r[1], r[2]);
    assertEquals(BloomMath.bloomZeroFraction(20_000, 4000, 4), StreamFilters.zeroFraction(f), 0.02);
  }

  /**
   * IBF paper III.A false negative rate: an element recurring after a gap of delta elements is a
   * false negative with probability 1 - (1 - Pr_0(delta))^K, Pr_0 from the cell chain.
   */
  @Test
  public void sbfFalseNegativesAfterAGapFollowTheChain() {
    long m = 1000;
    int max = 3;
    int k = 3;
    int p = 4;
    int trials = 3000;
    double[] set = new double[max + 1];
    set[max] = 1;
    double[] dec = new double[max + 1];
    java.util.Arrays.fill(dec, 1, max + 1, StableTheory.cellDecrementProbability(m, p));
    for (int delta : new int[] {300, 900}) {
      double pr0 = StableTheory.cellZeroAfter(max, delta, StableTheory.cellSetProbability(m, k), set, dec);
      double expected = StableTheory.stableFnProbability(pr0, k);
      SplittableRandom r = new SplittableRandom(delta);
      int fn = 0;
      for (int t = 0; t < trials; t++) {
        StreamFilter f = new StableBloomFilter(m, max, k, p, t);
        io.bloomkit.core.hash.KeyHash x = Streams.hash(r.nextLong() >>> 2);
        f.offer(x);
        for (int i = 0; i < delta; i++) {
          f.offer(Streams.hash(r.nextLong() >>> 2));
        }
        fn += f.offer(x) ? 0 : 1;
      }
      double sd = Math.sqrt(trials * expected * (1 - expected));
      assertEquals(trials * expected, fn, 4 * sd + 5, "delta " + delta);
    }
    // no gap, no false negative; a long gap reaches the stable zero fraction
    assertEquals(0, StableTheory.cellZeroAfter(max, 0, 0.01, set, dec), 0);
    assertEquals(StableTheory.sbfZeroFraction(m, max, k, p),
        StableTheory.cellZeroAfter(max, 100_000, StableTheory.cellSetProbability(m, k), set, dec), 1e-9);
  }

  /** Observed FP count at most n * bound + 3 standard deviations. */
  static void assertFprAtMost(double bound, double fp, double n) {
    double limit = n * bound + 3 * Math.sqrt(n * bound * (1 - bound)) + 3;
    assertTrue(fp <= limit, "FP " + fp + " of " + n + " above bound " + bound);
  }

  /**
   * Theorem 5.1: after the fill, each filter's ones drift to lambda* = s^2/(2s-1) and then stay
   * there within the spread of the stationary law of eqs. 5.19-5.21 (sd about sqrt(s/8)); the drift
   * of eq. 5.22 is the one eqs. 5.19-5.21 imply. Pure reservoir sampling (p* = 0), the regime the
   * theorem analyses: insertions independent of the bits.
   */
  @Test
  public void rsbfOnesStayConstantWithinTheirVarianceAfterTheFill() {
    long s = 500;
    int k = 3;
    ReservoirBloomFilter f = new ReservoirBloomFilter(k, s, 0, 9);
    double[] law = RsbfTheory.onesStationary(s);
    double mean = law[0];
    double sd = Math.sqrt(law[1]);
    assertEquals(RsbfTheory.stableOnes(s), mean, 1.0);
    assertEquals(Math.sqrt(s / 8.0), sd, 0.1 * sd);
    SplittableRandom r = new SplittableRandom(4);
    long fp = 0;
    long distinct = 0;
    double sum = 0;
    double sq = 0;
    int samples = 0;
    for (long i = 1; i <= 500_000; i++) {
      boolean rep = f.offer(Streams.hash(r.nextLong() >>> 2));
      if (i == s) { // the fill: each bit set with probability 1 - (1 - 1/s)^s (eq. 5.25)
        for (int j = 0; j < k; j++) {
          assertEquals(s * (1 - Math.pow(1 - 1.0 / s, s)), f.ones(j), 4 * Math.sqrt(s * 0.25));
        }
      }
      if (i > 10 * s) {
        fp += rep ? 1 : 0;
        distinct++;
      }
      if (i >= 10 * s && i % 200 == 0) {
        for (int j = 0; j < k; j++) {
          long ones = f.ones(j);
          assertEquals(mean, ones, 5 * sd, "i = " + i);
          sum += ones;
          sq += (double) ones * ones;
          samples++;
        }
      }
    }
    double m = sum / samples;
    double var = sq / samples - m * m;
    assertEquals(mean, m, sd);
    assertTrue(var < 2.5 * law[1] && var > 0.3 * law[1], "variance " + var + " vs stationary " + law[1]);
    // observed FPR at most the FPR after the fill (eq. 5.26), the highest RSBF reaches ...
    assertFprAtMost(RsbfTheory.fppAfterFill(s, k), fp, distinct);
    // ... and the stable prediction (s/(2s-1))^k within sampling error and the ones' wander
    double stable = RsbfTheory.stableFpp(s, k);
    assertEquals(stable, (double) fp / distinct, 0.15 * stable);
    // eq. 5.22 is E[delta] from eqs. 5.19-5.21
    for (double lambda : new double[] {10, 200, 250, 490}) {
      double p = 0.3;
      double down = p * lambda * (lambda - 1) / (s * s);
      double up = p * Math.pow((s - lambda) / s, 2);
      assertEquals(up - down, RsbfTheory.onesDrift(s, lambda, p), 1e-12);
    }
    assertEquals(0, RsbfTheory.onesDrift(s, RsbfTheory.stableOnes(s), 1), 1e-12);
  }

  /**
   * Once the insertion probability is below p*, every element reported distinct is inserted: on a
   * stream of new elements the ones settle at our forced-regime level (0.5437 s for k = 3, not
   * Theorem 5.1's s/2), and the FPR stays under the post-fill value of eq. 5.26.
   */
  @Test
  public void rsbfForcedInsertionsSettleHigherButUnderTheFillBound() {
    long s = 2000;
    int k = 3;
    ReservoirBloomFilter f = new ReservoirBloomFilter(k, s, 0.03, 9);
    SplittableRandom r = new SplittableRandom(5);
    long fp = 0;
    double sum = 0;
    int samples = 0;
    int n = 300_000;
    for (long i = 1; i <= n; i++) {
      fp += f.offer(Streams.hash(r.nextLong() >>> 2)) ? 1 : 0;
      if (i >= 50 * s && i % 100 == 0) {
        for (int j = 0; j < k; j++) {
          sum += f.ones(j);
          samples++;
        }
      }
    }
    double beta = RsbfTheory.forcedOnesFraction(k, (double) s / n);
    assertEquals(0.5437, RsbfTheory.forcedOnesFraction(k, 0), 1e-4);
    assertEquals(beta * s, sum / samples, 0.01 * s);
    assertTrue(sum / samples > RsbfTheory.stableOnes(s) + 3 * Math.sqrt(s / 8.0));
    assertFprAtMost(RsbfTheory.fppAfterFill(s, k), fp, n);
    assertEquals(1 / (1 + Math.sqrt(0.01)), RsbfTheory.forcedOnesFraction(1, 0.01), 1e-9);
  }

  /** Section 5.4: k = 1 has the lowest FNR; the FPR-optimal k of eq. 5.27 pays for its FPR in FNR. */
  @Test
  public void rsbfWithOneFilterHasLowerFnrThanTheFprOptimalK() {
    int kOpt = (int) Math.round(RsbfTheory.hashesForFpp(0.1));
    assertEquals(5, kOpt);
    double[] one = rsbfRates(1);
    double[] opt = rsbfRates(kOpt);
    assertTrue(one[1] < 0.8 * opt[1], "FNR k=1 " + one[1] + " vs k=" + kOpt + " " + opt[1]);
    assertTrue(one[0] > opt[0], "and the FPR goes the other way");
  }

  static double[] rsbfRates(int k) {
    StreamFilter f = StreamFilters.reservoir(20_000, k, 0.03, 1);
    Streams.ElementStream s = Streams.zipf(50_000, 1.0, 7);
    java.util.HashSet<Long> seen = new java.util.HashSet<>();
    long fp = 0;
    long fn = 0;
    long dup = 0;
    long dis = 0;
    for (int i = 0; i < 200_000; i++) {
      long key = s.nextKey();
      boolean d = !seen.add(key);
      boolean rep = f.offer(Streams.hash(key));
      if (d) {
        dup++;
        fn += rep ? 0 : 1;
      } else {
        dis++;
        fp += rep ? 1 : 0;
      }
    }
    return new double[] {(double) fp / dis, (double) fn / dup};
  }
}
