package io.bloomkit.bloom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The CBF against a naive int[] model with the saturation rule of Fan et al.; the counting-filter
 * contract (remove, merge, round trip) is {@link CountingBloomFilterContractTest}.
 */
public class CountingBloomFilterTest {
  private static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;

  @Test
  public void matchesASaturatingModelUnderRandomOperations() {
    for (long seed = 1; seed <= 3; seed++) {
      Random rnd = new Random(seed);
      FilterShape shape = FilterShape.counting(2_000, 4, 500);
      CountingBloomFilter f = CountingBloomFilter.create(shape);
      int[] model = new int[2_000];
      boolean[] saturated = new boolean[2_000];
      long lost = 0;
      List<KeyHash> members = new ArrayList<>();
      for (int op = 0; op < 100_000; op++) {
        if (members.isEmpty() || rnd.nextInt(100) < 55) {
          KeyHash h = H.hash("c" + rnd.nextInt(300)); // few keys: counters saturate
          f.add(h);
          members.add(h);
          for (int i = 0; i < 4; i++) {
            int p = (int) h.position(i, 2_000);
            if (model[p] == 15) {
              lost++;
              saturated[p] = true;
            } else {
              model[p]++;
            }
          }
        } else {
          KeyHash h = members.remove(rnd.nextInt(members.size()));
          f.remove(h);
          for (int i = 0; i < 4; i++) {
            int p = (int) h.position(i, 2_000);
            if (model[p] != 15) {
              model[p]--;
            }
          }
        }
        if (op % 1000 == 0) {
          for (int p = 0; p < 2_000; p++) {
            assertEquals(model[p], f.counter(p));
          }
          for (KeyHash m : members) {
            assertTrue(f.mightContain(m), "false negative");
          }
        }
      }
      assertEquals(lost, f.saturationEvents());
      long sat = 0;
      for (int p = 0; p < 2_000; p++) {
        sat += model[p] == 15 ? 1 : 0;
      }
      assertEquals(sat, f.saturatedCounters());
      assertTrue(lost > 0, "the test must reach saturation");
    }
  }

  @Test
  public void bloomFilterMergesByOr() {
    FilterShape shape = FilterShape.bloom(4_000, 5, 200);
    BloomFilter a = BloomFilter.create(shape);
    BloomFilter b = BloomFilter.create(shape);
    BloomFilter both = BloomFilter.create(shape);
    for (int i = 0; i < 200; i++) {
      (i % 2 == 0 ? a : b).add("b" + i);
      both.add("b" + i);
    }
    a.merge(b);
    assertEquals(both, a);
    try {
      a.merge(BloomFilter.create(FilterShape.bloom(4_000, 6, 200)));
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals("cannot merge filters with different numHashes: 5 vs 6", e.getMessage());
    }
  }

  @Test
  public void bloomFilterOfMoreThanTwoToThe32BitsWorks() {
    long bits = (1L << 32) + (1L << 30) + 4_099; // 671 MB; a fifth of the positions lie past 2^32
    BloomFilter f = BloomFilter.create(FilterShape.bloom(bits, 3, 1_000));
    long high = 0;
    for (int i = 0; i < 1_000; i++) {
      KeyHash h = H.hash("big" + i);
      f.add(h);
      for (int j = 0; j < 3; j++) {
        high += h.position(j, bits) >= (1L << 32) ? 1 : 0;
      }
    }
    assertTrue(high > 0, "some positions beyond 2^32");
    for (int i = 0; i < 1_000; i++) {
      assertTrue(f.mightContain("big" + i));
    }
    assertEquals(3_000, f.cardinality(), 5);
  }

  @Test
  public void subtractKeepsSaturatedCountersAndRefusesSaturatedSubtrahends() {
    FilterShape shape = FilterShape.counting(1_000, 3, 100);
    KeyHash hot = H.hash("hot");
    CountingBloomFilter base = CountingBloomFilter.create(shape);
    CountingBloomFilter day = CountingBloomFilter.create(shape);
    for (int i = 0; i < 20; i++) {
      base.add(hot); // saturates its counters at 15 (true value 20)
    }
    for (int i = 0; i < 3; i++) {
      day.add(hot);
    }
    base.subtract(day);
    assertEquals(17, base.items());
    for (int i = 0; i < 3; i++) {
      assertEquals(15, base.counter(hot.position(i, 1_000)),
          "a saturated counter stays (its true value is unknown)");
    }
    // the other way round: a saturated counter's true value is at least 15, more than 3
    CountingBloomFilter small = CountingBloomFilter.create(shape);
    for (int i = 0; i < 3; i++) {
      small.add(hot);
    }
    long distinct = java.util.stream.IntStream.range(0, 3)
        .mapToLong(i -> hot.position(i, 1_000)).distinct().count();
    try {
      small.subtract(base);
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().startsWith("cannot subtract: " + distinct + " positions would go below zero"),
          e.getMessage());
    }
    assertEquals(3, small.items());
    assertEquals(3, small.count(hot));
  }
}
