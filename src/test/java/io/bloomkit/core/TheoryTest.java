package io.bloomkit.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

/**
 * The formulas against the numbers recomputed independently from the ACBF paper (Li, Huang, Zhang,
 * Qin, "Accurate Counting Bloom Filters for Large-Scale Data Processing", 2013), and sizing against
 * its contract.
 */
public class TheoryTest {
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
      close(r[2], Theory.bloomFpp(m, N, k), 1e-3);
      close(r[2], Theory.acbfFpp(Theory.acbfFirstLevel(m, 1), N, k), 1e-3); // ACBF_1 = CBF
      close(r[3], Theory.acbfFpp(Theory.acbfFirstLevel(m, 2), N, k), 1e-3);
      close(r[4], Theory.acbfFpp(Theory.acbfFirstLevel(m, 3), N, k), 1e-3);
      close(r[5], Theory.acbfOptimalFpp(m, N, k, N), 1e-3);
      // eq. 8-9: for kn <= m the optimal rate lies between the t = 4 and t = 3 values
      if (k * N <= m) {
        double opt = Theory.acbfOptimalFpp(m, N, k, N);
        assertTrue(opt <= Theory.bloomFpp(3 * m, N, k));
        assertTrue(opt >= Theory.bloomFpp(4 * m, N, k));
      }
    }
  }

  /** Best k and rate per family at equal memory B bits per key (notes: "Equal memory"). */
  @Test
  public void equalMemoryBestHashesPerFamily() {
    Object[][] rows = {
      {8.0, 6, 2.16e-2, 1, 3.94e-1, 2, 8.04e-2},
      {16.0, 11, 4.59e-4, 3, 1.47e-1, 4, 6.46e-3},
      {32.0, 22, 2.10e-7, 6, 2.16e-2, 9, 3.92e-5},
    };
    for (Object[] r : rows) {
      double b = (Double) r[0];
      FilterShape bf = FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, N, 0, b, 0);
      FilterShape cbf = FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, N, 0, b, 0);
      FilterShape acbf =
          FilterShape.forBitsPerKey(
              FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, N, 0, b, 0);
      assertEquals((long) (b * N), bf.memoryBits());
      assertEquals((long) (b * N), cbf.memoryBits());
      assertEquals((long) (b * N), acbf.memoryBits());
      assertEquals(r[1], bf.numHashes());
      close((Double) r[2], bf.expectedFpp(), 5e-3);
      assertEquals(r[3], cbf.numHashes());
      close((Double) r[4], cbf.expectedFpp(), 5e-3);
      assertEquals(r[5], acbf.numHashes());
      close((Double) r[6], acbf.expectedFpp(), 5e-3);
      assertTrue("ACBF's best k is far below the Bloom filter's", acbf.numHashes() < bf.numHashes());
    }
  }

  /** Best k is a true minimum over the integers (checked against neighbours). */
  @Test
  public void bestHashesIsALocalAndGlobalMinimum() {
    for (long m : new long[] {800_000, 1_600_000, 2_000_000}) {
      int k = Theory.bestBloomHashes(m, N);
      assertEquals(Math.round(Theory.optimalHashesReal(m, N)), k, 1);
      for (int j = 1; j <= Theory.MAX_HASHES; j++) {
        assertTrue(Theory.bloomFpp(m, N, k) <= Theory.bloomFpp(m, N, j));
      }
    }
  }

  /** --fpp sizing: reaches the target, one unit less would not, and is near the closed form. */
  @Test
  public void fppSizingIsMinimalAndReachesTheTarget() {
    for (double p : new double[] {0.1, 0.01, 0.001, 1e-5}) {
      FilterShape bf = FilterShape.forFpp(FilterFamily.BLOOM, null, N, 0, p, 0);
      assertTrue(bf.expectedFpp() <= p);
      assertTrue(Theory.bloomFpp(bf.positions() - 1, N, bf.numHashes()) > p);
      double ideal = -N * Math.log(p) / (Math.log(2) * Math.log(2));
      assertEquals(ideal, bf.memoryBits(), ideal * 0.02);

      FilterShape cbf = FilterShape.forFpp(FilterFamily.COUNTING, null, N, 0, p, 0);
      assertEquals(4 * bf.positions(), cbf.memoryBits());

      for (AcbfSizing z : AcbfSizing.values()) {
        FilterShape a = FilterShape.forFpp(FilterFamily.ACCURATE_COUNTING, z, N, 0, p, 0);
        assertTrue(z + " " + p, a.expectedFpp() <= p);
        assertTrue(a.capacity() <= z.maxCapacity(a.counters(), a.numHashes()));
        // one counter fewer at the same k misses the target or cannot hold the capacity
        long m = a.counters() - 1;
        boolean fewerWorks =
            z.maxCapacity(m, a.numHashes()) >= N
                && Theory.acbfFpp(z.firstLevelBits(m, a.numHashes(), N), N, a.numHashes()) <= p;
        assertTrue(z + " " + p + " not minimal", !fewerWorks);
        // and no other k needs less memory
        for (int k = 1; k <= Theory.MAX_HASHES; k++) {
          FilterShape o = FilterShape.forFpp(FilterFamily.ACCURATE_COUNTING, z, N, 0, p, k);
          assertTrue(o.memoryBits() >= a.memoryBits());
        }
      }
    }
  }

  @Test
  public void forcedHashesAndCapacityAreHonoured() {
    FilterShape a =
        FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, N, 2 * N, 16, 3);
    assertEquals(3, a.numHashes());
    assertEquals(2 * N, a.capacity());
    assertEquals(4 * a.counters() - 3 * 2 * N, a.positions()); // eq. 6
    close(Theory.bloomFpp(a.positions(), N, 3), a.expectedFpp(), 1e-12);
    try {
      FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, N, N / 2, 16, 3);
      fail("capacity below items");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("capacity"));
    }
    try {
      FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.T3, N, 0, 4, 5);
      fail("ACBF_3 with 4 bits per key cannot hold 5 bits per item");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("holds at most"));
    }
  }
}
