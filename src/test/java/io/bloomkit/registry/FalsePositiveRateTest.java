package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.testing.Binomial;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Observed false positive rates on 4 * 10^6 absent keys against the rate computed here from first
 * principles ({@link Binomial#bloomRate}, with the first level m1 of the paper's eq. 4 and 6 written
 * out below, not taken from the library): every point must lie in its exact binomial interval at a
 * family-wide 99.9% level (Bonferroni over the 24 points), and every point expects at least 50 false
 * positives, so none passes by being too rare to measure.
 *
 * <p>Points: m/n = 8 and 16 counters (bits for the Bloom filter) per item. Bloom filter and CBF: k
 * = 3 and their best k. ACBF: k = 3 at both m/n, the best k at m/n = 8 and k = 4 at m/n = 16 (its
 * best k there, 16 to 22, has rates of 10^-9 to 10^-7 that would need 10^10 queries).
 */
public class FalsePositiveRateTest {
  private static final int N = 100_000;
  private static final int QUERIES = 4_000_000;
  private static final int POINTS = 24;
  private static final double ALPHA = 0.001 / POINTS;
  private static final long MIN_EXPECTED = 50;
  private static KeyHash[] present;
  private static KeyHash[] absent;

  @BeforeAll
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

  /** The best integer k of a Bloom filter (or CBF) of m bits for N keys, by the rate computed here. */
  private static int bestK(long m) {
    int best = 1;
    for (int k = 2; k <= 64; k++) {
      if (Binomial.bloomRate(m, N, k) < Binomial.bloomRate(m, N, best)) {
        best = k;
      }
    }
    return best;
  }

  private static void check(String what, Filter f, long m1, int k) {
    double p = Binomial.bloomRate(m1, N, k);
    assertTrue(QUERIES * p >= MIN_EXPECTED,
        what + " expects " + QUERIES * p + " false positives, too few to test");
    long fp = 0;
    for (KeyHash a : absent) {
      if (f.mightContain(a)) {
        fp++;
      }
    }
    Binomial.assertWithin(what + " (m1 = " + m1 + ")", QUERIES, p, fp, ALPHA);
  }

  @Test
  public void bloomAndCountingFiltersMatchTheirRate() {
    for (int perItem : new int[] {8, 16}) {
      long m = (long) perItem * N;
      for (int k : new int[] {3, bestK(m)}) {
        BloomFilter bf = BloomFilter.create(FilterShape.bloom(m, k, N));
        CountingBloomFilter cbf = CountingBloomFilter.create(FilterShape.counting(m, k, N));
        for (KeyHash p : present) {
          bf.add(p);
          cbf.add(p);
        }
        check("bf m/n=" + perItem + " k=" + k, bf, m, k);
        check("cbf m/n=" + perItem + " k=" + k, cbf, m, k);
      }
    }
  }

  /**
   * The first level the paper prescribes for a budget of 4m bits, k hashes and capacity C = N: t*m
   * for ACBF_t (eq. 4), 4m - k*C for ACBF_opt (eq. 6).
   */
  private static long firstLevel(AcbfSizing z, long m, int k) {
    switch (z) {
      case T1: return m;
      case T2: return 2 * m;
      case T3: return 3 * m;
      default: return 4 * m - (long) k * N;
    }
  }

  /** The best k of the ACBF by the rate computed here, among the k whose idle space holds N items. */
  private static int bestAcbfK(AcbfSizing z, long m) {
    int best = 0;
    double bestRate = 2;
    for (int k = 1; k <= 64; k++) {
      long m1 = firstLevel(z, m, k);
      if (m1 <= 0 || 4 * m - m1 < (long) k * N) { // the idle space must hold k bits per item
        break;
      }
      double r = Binomial.bloomRate(m1, N, k);
      if (r < bestRate) {
        bestRate = r;
        best = k;
      }
    }
    return best;
  }

  @Test
  public void everyAcbfVariantMatchesItsRate() {
    int points = 0;
    for (int perItem : new int[] {8, 16}) {
      long m = (long) perItem * N;
      for (AcbfSizing z : AcbfSizing.values()) {
        for (int k : new int[] {3, perItem == 8 ? bestAcbfK(z, m) : 4}) {
          FilterShape shape = FilterShape.acbf(z, m, k, N, N);
          AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
          for (KeyHash p : present) {
            b.add(p);
          }
          check(z.cliName() + " m/n=" + perItem + " k=" + k, b.build(), firstLevel(z, m, k), k);
          points++;
        }
      }
    }
    assertTrue(points + 8 == POINTS);
  }
}
