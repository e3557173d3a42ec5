package io.bloomkit.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Test;

/**
 * Sizing by the shared maths ({@link BloomMath}, {@link AcbfSizing}, {@link FilterShape}) against the
 * numbers recomputed independently from the ACBF paper (Li, Huang, Zhang, Qin, "Accurate Counting
 * Bloom Filters for Large-Scale Data Processing", 2013) and against its contract.
 */
public class BloomMathTest {
  private static final long N = 100_000;

  private static void close(double expected, double actual, double rel) {
    assertEquals(expected, actual, Math.abs(expected) * rel);
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
      assertTrue(acbf.numHashes() < bf.numHashes(), "ACBF's best k is far below the Bloom filter's");
    }
  }

  /** Best k is a true minimum over the integers (checked against neighbours). */
  @Test
  public void bestHashesIsALocalAndGlobalMinimum() {
    for (long m : new long[] {800_000, 1_600_000, 2_000_000}) {
      int k = BloomMath.bestBloomHashes(m, N);
      assertEquals(Math.round(BloomMath.optimalHashesReal(m, N)), k, 1);
      for (int j = 1; j <= BloomMath.MAX_HASHES; j++) {
        assertTrue(BloomMath.bloomFpp(m, N, k) <= BloomMath.bloomFpp(m, N, j));
      }
    }
  }

  /** --fpp sizing: reaches the target, one unit less would not, and is near the closed form. */
  @Test
  public void fppSizingIsMinimalAndReachesTheTarget() {
    for (double p : new double[] {0.1, 0.01, 0.001, 1e-5}) {
      FilterShape bf = FilterShape.forFpp(FilterFamily.BLOOM, null, N, 0, p, 0);
      assertTrue(bf.expectedFpp() <= p);
      assertTrue(BloomMath.bloomFpp(bf.positions() - 1, N, bf.numHashes()) > p);
      double ideal = -N * Math.log(p) / (Math.log(2) * Math.log(2));
      assertEquals(ideal, bf.memoryBits(), ideal * 0.02);

      FilterShape cbf = FilterShape.forFpp(FilterFamily.COUNTING, null, N, 0, p, 0);
      assertEquals(4 * bf.positions(), cbf.memoryBits());

      for (AcbfSizing z : AcbfSizing.values()) {
        FilterShape a = FilterShape.forFpp(FilterFamily.ACCURATE_COUNTING, z, N, 0, p, 0);
        assertTrue(a.expectedFpp() <= p, z + " " + p);
        assertTrue(a.capacity() <= z.maxCapacity(a.counters(), a.numHashes()));
        // one counter fewer at the same k misses the target or cannot hold the capacity
        long m = a.counters() - 1;
        boolean fewerWorks =
            z.maxCapacity(m, a.numHashes()) >= N
                && BloomMath.bloomFpp(z.firstLevelBits(m, a.numHashes(), N), N, a.numHashes()) <= p;
        assertTrue(!fewerWorks, z + " " + p + " not minimal");
        // and no other k needs less memory
        for (int k = 1; k <= BloomMath.MAX_HASHES; k++) {
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
    close(BloomMath.bloomFpp(a.positions(), N, 3), a.expectedFpp(), 1e-12);
    try {
      FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, N, N / 2, 16, 3);
      fail("capacity below items");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("capacity"), e.getMessage());
    }
    try {
      FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.T3, N, 0, 4, 5);
      fail("ACBF_3 with 4 bits per key cannot hold 5 bits per item");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("holds at most"), e.getMessage());
    }
  }
}
