package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The distinct count against a hash set, through many compactions and growths. */
public class DistinctHashesTest {
  @Test
  public void countsLikeAHashSet() {
    Random rnd = new Random(3);
    for (int range : new int[] {1, 500, 5_000, 1 << 30}) {
      DistinctHashes d = new DistinctHashes();
      Set<Long> naive = new HashSet<>();
      for (int i = 0; i < 20_000; i++) {
        long h = rnd.nextInt(range) * 0x9E3779B97F4A7C15L; // spread over the sign too
        d.add(h);
        naive.add(h);
        if (i % 4_999 == 0) {
          assertEquals(naive.size(), d.count(), "range " + range + " after " + i);
        }
      }
      assertEquals(naive.size(), d.count(), "range " + range);
    }
    assertEquals(0, new DistinctHashes().count());
  }
}
