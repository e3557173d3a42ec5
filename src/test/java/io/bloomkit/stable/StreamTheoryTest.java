package io.bloomkit.stable;

import io.bloomkit.core.Theory;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The stream-filter formulas of Theory on their own: stationarity, limits, the papers' numbers. */
public class StreamTheoryTest {
  /**
   * One step of the cell chain as a matrix, built directly from the rule (decrement with
   * probability dec[i], then with probability k raise to max(cell, v), v ~ q): the distribution of
   * stableCellDistribution must be invariant under it.
   */
  static double[] step(double[] pi, double k, double[] q, double[] dec) {
    int max = q.length - 1;
    double[] out = new double[max + 1];
    for (int i = 0; i <= max; i++) {
      double d = i == 0 ? 0 : dec[i];
      double[] after = new double[max + 1];
      after[i] += 1 - d;
      if (i > 0) {
        after[i - 1] += d;
      }
      for (int j = 0; j <= max; j++) {
        out[j] += pi[i] * after[j] * (1 - k);
        for (int v = 1; v <= max; v++) {
          out[Math.max(j, v)] += pi[i] * after[j] * k * q[v];
        }
      }
    }
    return out;
  }

  @Test
  public void stableCellDistributionIsInvariantUnderOneStep() {
    double[][] laws = {
      {0, 0, 0, 0, 0, 0, 0, 1}, // SBF, Max = 7
      {0, 0, 0, 0.5, 0, 0, 0, 0.5}, // IBF-2C, even split
      {0, 0.14, 0.14, 0.14, 0.14, 0.14, 0.14, 0.16}, // IBF-MC, importances 1..50
    };
    for (double[] q : laws) {
      double[] dec = new double[8];
      for (int j = 1; j <= 7; j++) {
        dec[j] = 0.002 + 0.0003 * j; // level-dependent, as IBF-H's mean field
      }
      double k = 0.0015;
      double[] pi = Theory.stableCellDistribution(k, q, dec);
      double sum = 0;
      for (double x : pi) {
        sum += x;
      }
      assertEquals(1, sum, 1e-12);
      double[] next = step(pi, k, q, dec);
      for (int j = 0; j <= 7; j++) {
        assertEquals("state " + j, pi[j], next[j], 1e-12);
      }
    }
  }

  @Test
  public void sbfClosedFormAndBound() {
    // Deng and Rafiei: Max = 1, K = 1, P = 1 -> zeros (1/(1 + 1/(1 - 1/m)))^1, about 1/2
    assertEquals(0.5, Theory.sbfZeroFraction(1_000_000, 1, 1, 1), 1e-5);
    double z = Theory.sbfZeroFraction(42_666, 7, 5, 10);
    assertEquals(Math.pow(2.0 / 3, 7), z, 1e-3); // p/(p + k) = P/(P + K) = 2/3 to first order
    assertEquals(Math.pow(1 - z, 5), Theory.stableFprBound(z, 5), 0);
    double p = Theory.sbfDecrementsForFpr(100_000, 3, 3, 0.1);
    assertEquals(0.1, Theory.stableFprBound(Theory.sbfZeroFraction(100_000, 3, 3, (int) Math.round(p)), 3), 0.01);
  }

  @Test
  public void rsbfSection5Numbers() {
    // eq. 5.27 at FPR_t = 0.1: ln 0.1 / ln(1 - 1/e) = 5.020; section 5.4: mean with 1 -> 3
    assertEquals(5.0201, Theory.rsbfFprOptimalHashes(0.1), 1e-4);
    assertEquals(3, Theory.rsbfNumHashes(0.1));
    assertEquals(1, Theory.rsbfNumHashes(0.6));
    assertEquals(333, Theory.rsbfFilterBits(1000, 3)); // eq. 5.28, rounded down
    // eqs. 5.25-5.26: (1 - (1 - 1/s)^s)^k tends to (1 - 1/e)^k
    assertEquals(Math.pow(1 - 1 / Math.E, 3), Theory.rsbfFprAfterFill(1_000_000, 3), 1e-6);
    // eq. 5.7's bracket tends to 1 (vacuous) and the U factor to 0
    assertTrue(Theory.rsbfPaperFpr(Long.MAX_VALUE / 4, 1_000_000_000L, 1000, 3) > 0.99);
    assertTrue(Theory.rsbfPaperFpr(1000, 1_000_000, 1000, 3) < 1e-100);
    // eq. 5.14: k (m - s) / (U m)
    assertEquals(3.0 * 9000 / (1e6 * 10_000), Theory.rsbfFnrBound(1_000_000, 10_000, 1000, 3), 1e-18);
    assertEquals(0, Theory.rsbfFnrBound(1_000_000, 500, 1000, 3), 0);
    // eq. 5.24 at beta = 1/2: p/2 - p^2
    assertEquals(0.01 / 2 - 0.0001, Theory.rsbfOnesStepVariance(0.5, 0.01), 1e-15);
    // Theorem 5.1's fixed point and the stationary law around it
    assertEquals(1e6 / 1999, Theory.rsbfStableOnes(1000), 1e-9);
    double[] law = Theory.rsbfOnesStationary(1000);
    assertEquals(500.25, law[0], 0.5);
    assertEquals(1000 / 8.0, law[1], 15);
    // the forced-insertion level: 1 - 2b + b^(k+1) = 0 at p = 0
    double b = Theory.rsbfForcedOnesFraction(3, 0);
    assertEquals(0, 1 - 2 * b + Math.pow(b, 4), 1e-12);
    assertTrue(b > 0.5 && b < 0.6);
  }

  @Test
  public void ibf2cClosedFormSumsToOneAndTendsToTheExactChain() {
    double[] v = Theory.ibf2cCellDistribution(1_000_000, 7, 5, 10, 0.5);
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    assertEquals(1, sum, 1e-12);
    double[] q = {0, 0, 0, 0.5, 0, 0, 0, 0.5};
    double[] exact = Theory.ibfMcCellDistribution(1_000_000, 5, 10, q);
    for (int j = 0; j <= 7; j++) {
      assertEquals(exact[j], v[j], 1e-5 * exact[j]);
    }
    assertEquals(exact[0], Theory.ibf2cExactCellDistribution(1_000_000, 5, 10, new double[] {0, 0.5, 0, 0, 0.5, 0, 0, 0})[0], 1e-15);
  }
}
