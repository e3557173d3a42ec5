package io.bloomkit.window;

import io.bloomkit.core.Theory;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The "One is Enough" and LCBF formulas by hand and at their limits. */
public class DistributedTheoryTest {
  @Test
  public void slicedRatesAtTheirLimits() {
    // one slice: horizontal and vertical are the plain filter (eq. 3 = eq. 4 = eq. 1)
    assertEquals(Theory.exactBloomFpp(10_000, 4, 1_000), Theory.horizontalSlicedFpp(10_000, 4, 1, 1_000), 1e-15);
    assertEquals(Theory.exactBloomFpp(10_000, 4, 1_000), Theory.verticalSlicedFpp(10_000, 4, 64, 1_000), 0);
    // Proposition 1: horizontal > vertical for S > 1, asymptotically equal
    assertTrue(Theory.horizontalSlicedFpp(10_000, 4, 100, 1_000) > Theory.verticalSlicedFpp(10_000, 4, 100, 1_000));
    assertEquals(1, Theory.horizontalSlicedFpp(10_000_000, 4, 100, 1_000_000) / Theory.verticalSlicedFpp(10_000_000, 4, 100, 1_000_000), 1e-3);
    // eq. 1 vs eq. 2 within O(1/m)
    assertEquals(Theory.bloomFpp(1_000_000, 100_000, 5), Theory.exactBloomFpp(1_000_000, 5, 100_000), 1e-6);
    // v-h diced is horizontal with S*S'
    assertEquals(Theory.horizontalSlicedFpp(50_000, 3, 20, 5_000), Theory.dicedFpp(true, 50_000, 3, 4, 5, 5_000), 0);
  }

  @Test
  public void failedSlices() {
    long m = 100_000;
    int k = 4;
    long n = 10_000;
    double p = Theory.bloomFpp(m, n, k);
    // no failures: every policy is the plain rate
    assertEquals(p, Theory.horizontalFailedSetFpp(m, k, n, 10, 0), 1e-15);
    assertEquals(p, Theory.verticalFailedSetFpp(m, k, n, 10, 0), 1e-15);
    assertEquals(0, Theory.verticalFailedUnsetFnr(k, 10, 0), 0);
    // all failed: set means everything is a duplicate, unset means nothing is
    assertEquals(1, Theory.horizontalFailedSetFpp(m, k, n, 10, 10), 1e-15);
    assertEquals(1, Theory.verticalFailedSetFpp(m, k, n, 10, 10), 1e-15);
    assertEquals(1, Theory.verticalFailedUnsetFnr(k, 10, 10), 1e-15);
    // eq. 5 by hand: f/S + (1 - f/S) P
    assertEquals(0.2 + 0.8 * p, Theory.horizontalFailedSetFpp(m, k, n, 10, 2), 1e-15);
    // eq. 6 by hand
    double q = 1 - Math.exp(-(double) k * n / m);
    assertEquals(Math.pow(0.2 + 0.8 * q, k), Theory.verticalFailedSetFpp(m, k, n, 10, 2), 1e-15);
    // heuristic: x = k is the unset policy, x = 1 is "some live bit set and none unset"
    assertEquals(Theory.verticalFailedUnsetFnr(k, 10, 2), Theory.verticalAtLeastFnr(k, 10, 2, k), 1e-15);
    assertEquals(Math.pow(0.2, k), Theory.verticalAtLeastFnr(k, 10, 2, 1), 1e-15);
    assertEquals(Math.pow(0.2 + 0.8 * q, k) - Math.pow(0.2, k), Theory.verticalAtLeastFpp(m, k, n, 10, 2, 1), 1e-15);
    assertEquals(Theory.verticalFailedUnsetFpp(m, k, n, 10, 2), Theory.verticalAtLeastFpp(m, k, n, 10, 2, k), 1e-15);
    // the printed approximation is the exact rate's x = k term only when x = k
    assertEquals(Theory.verticalAtLeastFppPaper(m, k, n, 10, 2, k), Theory.verticalAtLeastFpp(m, k, n, 10, 2, k), 1e-15);
    // eq. 7 reconstructed: eq. 6 with S*S' sites
    assertEquals(Theory.verticalFailedSetFpp(m, k, n, 40, 3), Theory.dicedFailedSetFpp(m, k, n, 8, 5, 3), 0);
  }

  /** Definition 3 and the paper's example: Pmax = 0.15, f = 4: vertical under 20, horizontal over 30. */
  @Test
  public void faultToleranceParameter() {
    long h = Theory.horizontalFaultToleranceSlices(4, 0.05, 0.15);
    long v = Theory.verticalFaultToleranceSlices(4, 4, 0.05, 0.15);
    assertEquals(38, h);
    assertEquals(15, v);
    // S_f slices do keep eq. 5 / eq. 6 at or under Pmax, one slice fewer does not
    long m = Theory.bitsForFpp(1_000, 4, 0.05);
    double p = Theory.bloomFpp(m, 1_000, 4);
    long hs = Theory.horizontalFaultToleranceSlices(4, p, 0.15);
    long vs = Theory.verticalFaultToleranceSlices(4, 4, p, 0.15);
    assertTrue(Theory.horizontalFailedSetFpp(m, 4, 1_000, (int) hs, 4) <= 0.15 + 1e-12);
    assertTrue(Theory.horizontalFailedSetFpp(m, 4, 1_000, (int) hs - 1, 4) > 0.15);
    assertTrue(Theory.verticalFailedSetFpp(m, 4, 1_000, (int) vs, 4) <= 0.15 + 1e-12);
    assertTrue(Theory.verticalFailedSetFpp(m, 4, 1_000, (int) vs - 1, 4) > 0.15);
  }

  @Test
  public void windowsAndDynamicSize() {
    assertEquals(1, Theory.timerBits(1));
    assertEquals(7, Theory.timerBits(100));
    assertEquals(10, Theory.timerBits(1_000));
    assertEquals(11, Theory.timerBits(1_024));
    double n = Theory.dynamicCardinalityThreshold(20_000, 4, 0.02);
    assertEquals(0.02, Theory.bloomFpp(20_000, Math.round(n), 4), 1e-4);
    double z = Theory.dynamicDensityThreshold(20_000, 4, 0.02);
    assertEquals(0.02, Math.pow(z / 20_000, 4), 1e-12);
    assertEquals(Math.pow(1 - Math.exp(-4.0 / 1_000), 4), Theory.equalTimersFpp(1_000, 4), 1e-18);
  }

  @Test
  public void lcbfBoundsAndEncodings() {
    assertEquals(Math.pow(1 - Math.pow(1 - 1e-3, 3), 3), Theory.lcbfErrorLowerBound(1_000, 3), 1e-15);
    assertEquals(Math.pow(1 - Math.pow(1 - 1e-3, 300), 3), Theory.lcbfErrorUpperBound(1_000, 3, 100), 1e-12);
    assertTrue(Theory.lcbfErrorLowerBound(1_000, 3) < Theory.lcbfErrorUpperBound(1_000, 3, 2));
    assertEquals(1_000 + 16 * 300, Theory.lcbfTwoLayerBits(1_000, 300, 15));
    assertEquals(16 * (300 + 800), Theory.lcbfOneLayerBits(300, 800, 15));
    assertEquals(1.0, Theory.fairnessIndex(new long[] {0, 0}), 0);
    assertEquals(0.0, Theory.maxLoadShare(new long[] {0, 0}), 0);
  }
}
