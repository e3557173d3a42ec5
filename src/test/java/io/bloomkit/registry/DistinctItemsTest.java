package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The distinct-items estimate from occupied positions, against the true distinct count: keys added
 * several times (as merged days of a rolling window add them) count once. The interval is five
 * standard deviations of the estimator, sd^2 = m (e^a - 1 - a) / k^2 with a = k n / m (Swamidass
 * and Baldi 2007), computed here.
 */
public class DistinctItemsTest {
  private static void check(Filter f, long distinct, java.util.Set<Long> positions) {
    DistinctItems d = DistinctItems.of(f);
    long m = f.shape().positions();
    int k = f.numHashes();
    double a = (double) k * distinct / m;
    double sd = Math.sqrt(m * (Math.exp(a) - 1 - a)) / k;
    assertTrue(Math.abs(d.estimate() - distinct) <= 5 * sd + 1, f.shape().name() + ": estimate " + d.estimate() + " vs " + distinct + " (sd "
        + sd + ")");
    // the occupied positions, recounted from the keys' own positions
    assertEquals(positions.size(), d.occupied());
  }

  @Test
  public void repeatedKeysCountOnceInEveryFamily() {
    int distinct = 3000;
    for (String family : List.of("bf", "cbf", "acbf")) {
      FilterShape shape = FilterShape.forBitsPerKey(
          family.equals("acbf") ? FilterFamily.ACCURATE_COUNTING : FilterFamily.fromShortName(family),
          family.equals("acbf") ? io.bloomkit.core.AcbfSizing.fromCliName("acbf") : null,
          2 * distinct, 0, 16, 0);
      Filter f = family.equals("bf") ? BloomFilter.create(shape)
          : family.equals("cbf") ? CountingBloomFilter.create(shape)
          : AccurateCountingBloomFilter.create(shape);
      // three "days": keys 0..1999, 500..2499, 1000..2999: 6,000 additions, 3,000 distinct keys
      java.util.Set<Long> positions = new java.util.HashSet<>();
      for (int day = 0; day < 3; day++) {
        for (int i = day * 500; i < day * 500 + 2000; i++) {
          io.bloomkit.core.hash.KeyHash h = f.hashStrategy().hash("key-" + i);
          for (int j = 0; j < f.numHashes(); j++) {
            positions.add(io.bloomkit.core.hash.HashStrategy.position(h.h1(), h.h2(), j,
                f.shape().positions()));
          }
          if (f instanceof CountingFilter) {
            ((CountingFilter) f).add("key-" + i);
          } else {
            ((BloomFilter) f).add("key-" + i);
          }
        }
      }
      assertEquals(6000, f.items());
      check(f, distinct, positions);
    }
  }
}
