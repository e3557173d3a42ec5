package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The RSBF formulas on their own: the paper's section 5 numbers, limits and fixed points. */
public class RsbfTheoryTest {
  @Test
  public void rsbfSection5Numbers() {
    // eq. 5.27 at FPR_t = 0.1: ln 0.1 / ln(1 - 1/e) = 5.020; section 5.4: mean with 1 -> 3
    assertEquals(5.0201, RsbfTheory.hashesForFpp(0.1), 1e-4);
    assertEquals(3, RsbfTheory.numHashes(0.1));
    assertEquals(1, RsbfTheory.numHashes(0.6));
    assertEquals(333, RsbfTheory.filterBits(1000, 3)); // eq. 5.28, rounded down
    // eqs. 5.25-5.26: (1 - (1 - 1/s)^s)^k tends to (1 - 1/e)^k
    assertEquals(Math.pow(1 - 1 / Math.E, 3), RsbfTheory.fppAfterFill(1_000_000, 3), 1e-6);
    // eq. 5.7's bracket tends to 1 (vacuous) and the U factor to 0
    assertTrue(RsbfTheory.paperFpp(1000, 1_000_000_000L, 3, Long.MAX_VALUE / 4) > 0.99);
    assertTrue(RsbfTheory.paperFpp(1000, 1_000_000, 3, 1000) < 1e-100);
    // eq. 5.14: k (m - s) / (U m)
    assertEquals(3.0 * 9000 / (1e6 * 10_000), RsbfTheory.fnrBound(1000, 10_000, 3, 1_000_000), 1e-18);
    assertEquals(0, RsbfTheory.fnrBound(1000, 500, 3, 1_000_000), 0);
    // eq. 5.24 at beta = 1/2: p/2 - p^2
    assertEquals(0.01 / 2 - 0.0001, RsbfTheory.onesStepVariance(0.5, 0.01), 1e-15);
    // Theorem 5.1's fixed point and the stationary law around it
    assertEquals(1e6 / 1999, RsbfTheory.stableOnes(1000), 1e-9);
    double[] law = RsbfTheory.onesStationary(1000);
    assertEquals(500.25, law[0], 0.5);
    assertEquals(1000 / 8.0, law[1], 15);
    // the forced-insertion level: 1 - 2b + b^(k+1) = 0 at p = 0
    double b = RsbfTheory.forcedOnesFraction(3, 0);
    assertEquals(0, 1 - 2 * b + Math.pow(b, 4), 1e-12);
    assertTrue(b > 0.5 && b < 0.6);
  }

  /**
   * The stationary law of the ones against the birth-death chain of eqs. 5.19-5.21 summed term by
   * term ({@code pi(l + 1)/pi(l) = (s - l)^2 / ((l + 1) l)}, l = 1..s), and the forced level at
   * k = 1 against its closed form 1/(1 + sqrt(p)), including p = 0 where the root is 1.
   */
  @Test
  public void onesLawMatchesTheBirthDeathChain() {
    for (long s : new long[] {1, 2, 3, 10, 333, 1000, 5461}) {
      double[] logPi = new double[(int) s + 1]; // logPi[l], l = 1..s, up to a constant
      double top = 0;
      for (int l = 1; l < s; l++) {
        logPi[l + 1] = logPi[l] + 2 * Math.log(s - l) - Math.log(l + 1.0) - Math.log(l);
        top = Math.max(top, logPi[l + 1]);
      }
      double z = 0;
      double mean = 0;
      double sq = 0;
      for (int l = 1; l <= s; l++) {
        double w = Math.exp(logPi[l] - top);
        z += w;
        mean += w * l;
        sq += w * (double) l * l;
      }
      mean /= z;
      double var = sq / z - mean * mean;
      double[] law = RsbfTheory.onesStationary(s);
      assertEquals(mean, law[0], 1e-12 * mean, "mean s=" + s);
      assertEquals(var, law[1], 1e-9 * Math.max(1, var), "variance s=" + s);
      assertEquals(RsbfTheory.stableOnes(s), law[0], 1e-12 * mean);
    }
    for (double p : new double[] {0, 1e-6, 0.01, 0.25, 1}) {
      assertEquals(1 / (1 + Math.sqrt(p)), RsbfTheory.forcedOnesFraction(1, p), 1e-7, "p=" + p);
    }
  }
}
