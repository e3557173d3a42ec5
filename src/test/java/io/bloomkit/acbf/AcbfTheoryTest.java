package io.bloomkit.acbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.BloomMath;
import org.junit.jupiter.api.Test;

/**
 * The rates against the numbers recomputed independently from the ACBF paper (Li, Huang, Zhang, Qin,
 * "Accurate Counting Bloom Filters for Large-Scale Data Processing", 2013).
 */
public class AcbfTheoryTest {
  private static final long N = 100_000;

  private static void close(double expected, double actual, double rel) {
    assertEquals(expected, actual, Math.abs(expected) * rel);
  }

  /** Rows of the notes' table: m/n, k, CBF, ACBF_2, ACBF_3, ACBF_opt (n = C = 100K). */
  @Test
  public void reproducesThePapersTheoreticalRates() {
    double[][] rows = {
      {8, 3, 3.058e-2, 4.998e-3, 1.622e-3, 9.492e-4},
      {12, 3, 1.082e-2, 1.622e-3, 5.111e-4, 2.682e-4},
      {16, 3, 4.998e-3, 7.167e-4, 2.224e-4, 1.105e-4},
      {20, 3, 2.703e-3, 3.773e-4, 1.160e-4, 5.579e-5},
      {8, 6, 2.158e-2, 9.351e-4, 1.171e-4, 7.659e-5},
      {20, 14, 6.714e-5, 3.836e-8, 2.858e-10, 8.684e-11},
    };
    for (double[] r : rows) {
      long m = (long) r[0] * N;
      int k = (int) r[1];
      close(r[2], BloomMath.bloomFpp(m, N, k), 1e-3);
      close(r[2], AcbfTheory.fpp(AcbfSizing.firstLevel(m, 1), N, k), 1e-3); // ACBF_1 = CBF
      close(r[3], AcbfTheory.fpp(AcbfSizing.firstLevel(m, 2), N, k), 1e-3);
      close(r[4], AcbfTheory.fpp(AcbfSizing.firstLevel(m, 3), N, k), 1e-3);
      close(r[5], AcbfTheory.optimalFpp(m, N, k, N), 1e-3);
      // eq. 8-9: for kn <= m the optimal rate lies between the t = 4 and t = 3 values
      if (k * N <= m) {
        double opt = AcbfTheory.optimalFpp(m, N, k, N);
        assertTrue(opt <= BloomMath.bloomFpp(3 * m, N, k));
        assertTrue(opt >= BloomMath.bloomFpp(4 * m, N, k));
      }
    }
  }
}
