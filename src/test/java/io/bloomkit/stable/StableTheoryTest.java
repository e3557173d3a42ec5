package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The SBF and IBF cell-chain formulas on their own: stationarity, limits, the paper's numbers. */
public class StableTheoryTest {
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
      double[] pi = StableTheory.stableCellDistribution(k, q, dec);
      double sum = 0;
      for (double x : pi) {
        sum += x;
      }
      assertEquals(1, sum, 1e-12);
      double[] next = step(pi, k, q, dec);
      for (int j = 0; j <= 7; j++) {
        assertEquals(pi[j], next[j], 1e-12, "state " + j);
      }
    }
  }

  @Test
  public void sbfClosedFormAndBound() {
    // Deng and Rafiei: Max = 1, K = 1, P = 1 -> zeros (1/(1 + 1/(1 - 1/m)))^1, about 1/2
    assertEquals(0.5, StableTheory.sbfZeroFraction(1_000_000, 1, 1, 1), 1e-5);
    double z = StableTheory.sbfZeroFraction(42_666, 7, 5, 10);
    assertEquals(Math.pow(2.0 / 3, 7), z, 1e-3); // p/(p + k) = P/(P + K) = 2/3 to first order
    assertEquals(Math.pow(1 - z, 5), StableTheory.stableFppBound(z, 5), 0);
    double p = StableTheory.sbfDecrementsForFpp(100_000, 3, 3, 0.1);
    assertEquals(0.1, StableTheory.stableFppBound(StableTheory.sbfZeroFraction(100_000, 3, 3, (int) Math.round(p)), 3), 0.01);
  }

  @Test
  public void ibf2cClosedFormSumsToOneAndTendsToTheExactChain() {
    double[] v = StableTheory.ibf2cCellDistribution(1_000_000, 7, 5, 10, 0.5);
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    assertEquals(1, sum, 1e-12);
    double[] q = {0, 0, 0, 0.5, 0, 0, 0, 0.5};
    double[] exact = StableTheory.ibfMcCellDistribution(1_000_000, 5, 10, q);
    for (int j = 0; j <= 7; j++) {
      assertEquals(exact[j], v[j], 1e-5 * exact[j]);
    }
    assertEquals(exact[0], StableTheory.ibf2cExactCellDistribution(1_000_000, 5, 10, new double[] {0, 0.5, 0, 0, 0.5, 0, 0, 0})[0], 1e-15);
  }
}
