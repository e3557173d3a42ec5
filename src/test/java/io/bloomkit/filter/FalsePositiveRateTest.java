package io.bloomkit.filter;

import static org.junit.Assert.assertTrue;

import io.bloomkit.hash.HashStrategy;
import io.bloomkit.hash.KeyHash;
import io.bloomkit.theory.AcbfSizing;
import io.bloomkit.theory.Theory;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Observed false positive rates on 10^6 absent keys against the theory (eq. 1, 3, 4, 6): within the
 * 99.9% binomial interval, or 15% relative, whichever is wider; m/n = 8 and 16 counters (bits for
 * the Bloom filter) per item, k = 3 and each family's best k.
 */
public class FalsePositiveRateTest {
  private static final int N = 100_000;
  private static final int QUERIES = 1_000_000;
  private static KeyHash[] present;
  private static KeyHash[] absent;

  @BeforeClass
  public static void keys() {
    HashStrategy h = HashStrategy.MURMUR3_128_DOUBLE;
    present = new KeyHash[N];
    absent = new KeyHash[QUERIES];
    for (int i = 0; i < N; i++) {
      present[i] = h.hash("present:" + i);
    }
    for (int i = 0; i < QUERIES; i++) {
      absent[i] = h.hash("absent:" + i);
    }
  }

  /** The two-sided 99.9% interval of Binomial(QUERIES, p), widened to 15% of the mean. */
  static void assertWithinInterval(String what, double p, long observed) {
    double mean = QUERIES * p;
    double sd = Math.sqrt(QUERIES * p * (1 - p));
    double lo;
    double hi;
    if (mean >= 50) {
      lo = mean - 3.29 * sd - 0.5;
      hi = mean + 3.29 * sd + 0.5;
    } else {
      // Poisson quantiles, exactly, for small means
      double pmf = Math.exp(-mean);
      double cdf = pmf;
      long x = 0;
      lo = -1;
      while (cdf < 0.9995) {
        if (lo < 0 && cdf > 0.0005) {
          lo = x;
        }
        x++;
        pmf *= mean / x;
        cdf += pmf;
      }
      hi = x;
      if (lo < 0) {
        lo = 0;
      }
    }
    lo = Math.min(lo, mean * 0.85);
    hi = Math.max(hi, mean * 1.15);
    assertTrue(
        what + ": " + observed + " false positives, theory " + mean + " in [" + lo + ", " + hi + "]",
        observed >= lo && observed <= hi);
  }

  private static long falsePositives(Filter f) {
    long fp = 0;
    for (KeyHash a : absent) {
      if (f.mightContain(a)) {
        fp++;
      }
    }
    return fp;
  }

  @Test
  public void bloomAndCountingFiltersMatchEquationOne() {
    for (int perItem : new int[] {8, 16}) {
      long m = (long) perItem * N;
      for (int k : new int[] {3, Theory.bestBloomHashes(m, N)}) {
        BloomFilter bf = BloomFilter.create(FilterShape.bloom(m, k, N));
        CountingBloomFilter cbf = CountingBloomFilter.create(FilterShape.counting(m, k, N));
        for (KeyHash p : present) {
          bf.add(p);
          cbf.add(p);
        }
        double theory = Theory.bloomFpp(m, N, k);
        assertWithinInterval("bf m/n=" + perItem + " k=" + k, theory, falsePositives(bf));
        assertWithinInterval("cbf m/n=" + perItem + " k=" + k, theory, falsePositives(cbf));
      }
    }
  }

  @Test
  public void everyAcbfVariantMatchesItsEquation() {
    for (int perItem : new int[] {8, 16}) {
      long m = (long) perItem * N;
      for (AcbfSizing z : AcbfSizing.values()) {
        for (int k : new int[] {3, Theory.bestAcbfHashes(z, m, N, N)}) {
          FilterShape shape = FilterShape.acbf(z, m, k, N, N);
          AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
          for (KeyHash p : present) {
            b.add(p);
          }
          AccurateCountingBloomFilter f = b.build();
          double theory =
              z == AcbfSizing.OPTIMAL
                  ? Theory.acbfOptimalFpp(m, N, k, N)
                  : Theory.acbfFpp(Theory.acbfFirstLevel(m, z.id()), N, k);
          assertWithinInterval(z.cliName() + " m/n=" + perItem + " k=" + k, theory, falsePositives(f));
        }
      }
    }
  }
}
