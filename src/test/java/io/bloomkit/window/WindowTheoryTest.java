package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.BloomMath;
import org.junit.jupiter.api.Test;

/** The "One is Enough" formulas by hand and at their limits. */
public class WindowTheoryTest {
  @Test
  public void slicedRatesAtTheirLimits() {
    // one slice: horizontal and vertical are the plain filter (eq. 3 = eq. 4 = eq. 1)
    assertEquals(BloomMath.exactBloomFpp(10_000, 1_000, 4), WindowTheory.horizontalSlicedFpp(10_000, 1_000, 4, 1), 1e-15);
    assertEquals(BloomMath.exactBloomFpp(10_000, 1_000, 4), WindowTheory.verticalSlicedFpp(10_000, 1_000, 4, 64), 0);
    // Proposition 1: horizontal > vertical for S > 1, asymptotically equal
    assertTrue(WindowTheory.horizontalSlicedFpp(10_000, 1_000, 4, 100) > WindowTheory.verticalSlicedFpp(10_000, 1_000, 4, 100));
    assertEquals(1, WindowTheory.horizontalSlicedFpp(10_000_000, 1_000_000, 4, 100) / WindowTheory.verticalSlicedFpp(10_000_000, 1_000_000, 4, 100), 1e-3);
    // eq. 1 vs eq. 2 within O(1/m)
    assertEquals(BloomMath.bloomFpp(1_000_000, 100_000, 5), BloomMath.exactBloomFpp(1_000_000, 100_000, 5), 1e-6);
    // v-h diced is horizontal with S*S'
    assertEquals(WindowTheory.horizontalSlicedFpp(50_000, 5_000, 3, 20), WindowTheory.dicedFpp(50_000, 5_000, 3, 4, 5, true), 0);
  }

  @Test
  public void failedSlices() {
    long m = 100_000;
    int k = 4;
    long n = 10_000;
    double p = BloomMath.bloomFpp(m, n, k);
    // no failures: every policy is the plain rate
    assertEquals(p, WindowTheory.horizontalFailedSetFpp(m, n, k, 10, 0), 1e-15);
    assertEquals(p, WindowTheory.verticalFailedSetFpp(m, n, k, 10, 0), 1e-15);
    assertEquals(0, WindowTheory.verticalFailedUnsetFnr(k, 10, 0), 0);
    // all failed: set means everything is a duplicate, unset means nothing is
    assertEquals(1, WindowTheory.horizontalFailedSetFpp(m, n, k, 10, 10), 1e-15);
    assertEquals(1, WindowTheory.verticalFailedSetFpp(m, n, k, 10, 10), 1e-15);
    assertEquals(1, WindowTheory.verticalFailedUnsetFnr(k, 10, 10), 1e-15);
    // eq. 5 by hand: f/S + (1 - f/S) P
    assertEquals(0.2 + 0.8 * p, WindowTheory.horizontalFailedSetFpp(m, n, k, 10, 2), 1e-15);
    // eq. 6 by hand
    double q = 1 - Math.exp(-(double) k * n / m);
    assertEquals(Math.pow(0.2 + 0.8 * q, k), WindowTheory.verticalFailedSetFpp(m, n, k, 10, 2), 1e-15);
    // heuristic: x = k is the unset policy, x = 1 is "some live bit set and none unset"
    assertEquals(WindowTheory.verticalFailedUnsetFnr(k, 10, 2), WindowTheory.verticalAtLeastFnr(k, 10, 2, k), 1e-15);
    assertEquals(Math.pow(0.2, k), WindowTheory.verticalAtLeastFnr(k, 10, 2, 1), 1e-15);
    assertEquals(Math.pow(0.2 + 0.8 * q, k) - Math.pow(0.2, k), WindowTheory.verticalAtLeastFpp(m, n, k, 10, 2, 1), 1e-15);
    assertEquals(WindowTheory.verticalFailedUnsetFpp(m, n, k, 10, 2), WindowTheory.verticalAtLeastFpp(m, n, k, 10, 2, k), 1e-15);
    // the printed approximation is the exact rate's x = k term only when x = k
    assertEquals(WindowTheory.verticalAtLeastFppPaper(m, n, k, 10, 2, k), WindowTheory.verticalAtLeastFpp(m, n, k, 10, 2, k), 1e-15);
    // eq. 7 reconstructed: eq. 6 with S*S' sites
    assertEquals(WindowTheory.verticalFailedSetFpp(m, n, k, 40, 3), WindowTheory.dicedFailedSetFpp(m, n, k, 8, 5, 3), 0);
  }

  /** Definition 3 and the paper's example: Pmax = 0.15, f = 4: vertical under 20, horizontal over 30. */
  @Test
  public void faultToleranceParameter() {
    long h = WindowTheory.horizontalFaultToleranceSlices(4, 0.05, 0.15);
    long v = WindowTheory.verticalFaultToleranceSlices(4, 4, 0.05, 0.15);
    assertEquals(38, h);
    assertEquals(15, v);
    // S_f slices do keep eq. 5 / eq. 6 at or under Pmax, one slice fewer does not
    long m = BloomMath.bitsForFpp(1_000, 4, 0.05);
    double p = BloomMath.bloomFpp(m, 1_000, 4);
    long hs = WindowTheory.horizontalFaultToleranceSlices(4, p, 0.15);
    long vs = WindowTheory.verticalFaultToleranceSlices(4, 4, p, 0.15);
    assertTrue(WindowTheory.horizontalFailedSetFpp(m, 1_000, 4, (int) hs, 4) <= 0.15 + 1e-12);
    assertTrue(WindowTheory.horizontalFailedSetFpp(m, 1_000, 4, (int) hs - 1, 4) > 0.15);
    assertTrue(WindowTheory.verticalFailedSetFpp(m, 1_000, 4, (int) vs, 4) <= 0.15 + 1e-12);
    assertTrue(WindowTheory.verticalFailedSetFpp(m, 1_000, 4, (int) vs - 1, 4) > 0.15);
  }

  @Test
  public void windowsAndDynamicSize() {
    assertEquals(1, WindowTheory.timerBits(1));
    assertEquals(7, WindowTheory.timerBits(100));
    assertEquals(10, WindowTheory.timerBits(1_000));
    assertEquals(11, WindowTheory.timerBits(1_024));
    double n = WindowTheory.dynamicCardinalityThreshold(20_000, 4, 0.02);
    assertEquals(0.02, BloomMath.bloomFpp(20_000, Math.round(n), 4), 1e-4);
    double z = WindowTheory.dynamicDensityThreshold(20_000, 4, 0.02);
    assertEquals(0.02, Math.pow(z / 20_000, 4), 1e-12);
    assertEquals(Math.pow(1 - Math.exp(-4.0 / 1_000), 4), WindowTheory.equalTimersFpp(1_000, 4), 1e-18);
  }

  @Test
  public void loadBalanceOfNoLoad() {
    assertEquals(1.0, WindowTheory.fairnessIndex(new long[] {0, 0}), 0);
    assertEquals(0.0, WindowTheory.maxLoadShare(new long[] {0, 0}), 0);
  }

  /** The x-of-k rates against their sums written out with binomial coefficients, every x. */
  @Test
  public void atLeastRatesAreTheBinomialSums() {
    long m = 50_000;
    long n = 8_000;
    for (int k : new int[] {3, 8, 13}) {
      for (int failed : new int[] {0, 3, 17, 40}) {
        double phi = failed / 40.0;
        double p = 1 - Math.exp(-(double) k * n / m);
        for (int x = 1; x <= k; x++) {
          double fp = 0;
          double fn = 0;
          for (int a = 0; a <= k; a++) {
            double c = choose(k, a);
            if (a >= x) {
              fp += c * Math.pow(1 - phi, a) * Math.pow(phi, k - a) * Math.pow(p, a);
            }
            if (a >= k - x + 1) {
              fn += c * Math.pow(phi, a) * Math.pow(1 - phi, k - a);
            }
          }
          String at = "k=" + k + " f=" + failed + " x=" + x;
          assertEquals(fp, WindowTheory.verticalAtLeastFpp(m, n, k, 40, failed, x), 1e-12 * fp, at);
          assertEquals(fn, WindowTheory.verticalAtLeastFnr(k, 40, failed, x), 1e-12 * fn, at);
        }
      }
    }
  }

  private static double choose(int n, int r) {
    double c = 1;
    for (int i = 1; i <= r; i++) {
      c = c * (n - r + i) / i;
    }
    return c;
  }
}
