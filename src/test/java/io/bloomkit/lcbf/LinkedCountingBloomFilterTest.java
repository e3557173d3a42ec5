package io.bloomkit.lcbf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

public class LinkedCountingBloomFilterTest {
  static KeyHash key(long i) {
    return TimedStream.hashOf(i);
  }

  /** Lists by hand on a tiny filter: new values appended, matched values increased, removal. */
  @Test
  public void frequencyMatchingByHand() {
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(16, 3, 15, 1);
    KeyHash a = key(1);
    KeyHash b = key(2);
    assertEquals(5, f.add(a, 5));
    assertEquals(7, f.add(b, 7));
    Map<Integer, java.util.List<Long>> expected = new HashMap<>();
    for (KeyHash h : new KeyHash[] {a, b}) {
      long v = h == a ? 5 : 7;
      java.util.Set<Integer> entries = new java.util.TreeSet<>();
      for (int i = 0; i < 3; i++) {
        entries.add((int) h.position(i, 16));
      }
      for (int e : entries) {
        expected.computeIfAbsent(e, x -> new java.util.ArrayList<>()).add(v);
      }
    }
    for (int e = 0; e < 16; e++) {
      java.util.List<Long> want = expected.getOrDefault(e, java.util.List.of());
      assertArrayEquals(want.stream().mapToLong(Long::longValue).toArray(), f.list(e), "entry " + e);
    }
    assertEquals(5, f.frequency(a));
    assertEquals(7, f.frequency(b));
    assertEquals(9, f.add(a, 4)); // matched: 5 -> 9 in a's entries, b's 7 untouched
    assertEquals(9, f.frequency(a));
    assertEquals(7, f.frequency(b));
    assertEquals(9, f.remove(a));
    assertEquals(0, f.frequency(a));
    assertEquals(7, f.frequency(b));
    assertEquals(1, f.items());
    assertEquals(0, f.remove(a));
    assertEquals(7, f.remove(b));
    assertEquals(0, f.values());
    assertEquals(0, f.nonEmptyEntries());
  }

  @Test
  public void valuesSaturateAtTheirWidth() {
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(1_000, 3, 4, 1);
    assertEquals(15, f.add(key(1), 20));
    assertEquals(15, f.add(key(1), 3));
    assertEquals(15, f.frequency(key(1)));
    assertEquals(2, f.saturations());
  }

  /**
   * Eq. (2), the upper bound: all frequencies equal (1), a new item falsely matches when its k
   * entries are all non-empty, the Bloom rate at the current fill; the count of false matches over
   * n insertions equals the sum of those rates. Eq. (1), the lower bound: with all frequencies
   * distinct only a weak match of entry vectors fools the filter, practically never.
   */
  @Test
  public void falseMatchesFollowTheBoundsOfEquations1And2() {
    int n = 20_000;
    long m = 60_000;
    int k = 3;
    LinkedCountingBloomFilter equal = LinkedCountingBloomFilter.create(m, k, 15, 1);
    LinkedCountingBloomFilter distinct = LinkedCountingBloomFilter.create(m, k, 30, 1);
    long falseEqual = 0;
    long falseDistinct = 0;
    double expected = 0;
    for (int i = 0; i < n; i++) {
      expected += LcbfTheory.errorUpperBound(m, equal.items(), k);
      falseEqual += equal.add(key(i), 1) == 2 ? 1 : 0;
      long v = 1_000_000L + i;
      falseDistinct += distinct.add(key(i), v) != v ? 1 : 0;
    }
    double half = 4 * Math.sqrt(expected) + 0.03 * expected;
    assertTrue(Math.abs(falseEqual - expected) < half, falseEqual + " vs " + expected);
    assertEquals(0, falseDistinct);
    assertTrue(LcbfTheory.errorLowerBound(m, k) < 1e-12);
    assertEquals(BloomMath.bloomFpp(m, n, k), LcbfTheory.errorUpperBound(m, n, k), 1e-4);
  }

  /**
   * Section VI: at m/n = 10 and k = 3 the frequencies are exact for at least 99% of the items. Items
   * get Zipf-like totals from ratings 1..10 added at several nodes, as in the paper's book ratings.
   */
  @Test
  public void frequenciesExactForAtLeast99PercentAtTenEntriesPerItem() {
    int universe = 5_000;
    SplittableRandom r = new SplittableRandom(6);
    long[][] adds = new long[20 * universe * 3][];
    int count = 0;
    Map<Integer, Long> truth = new HashMap<>();
    for (int node = 0; node < 20; node++) {
      for (int item = 0; item < universe; item++) {
        int ratings = r.nextDouble() < 3.0 / (item + 3) + 0.1 ? 1 + r.nextInt(3) : 0;
        for (int j = 0; j < ratings; j++) {
          long rating = 1 + r.nextInt(10);
          adds[count++] = new long[] {item, rating};
          truth.merge(item, rating, Long::sum);
        }
      }
    }
    int n = truth.size();
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(10L * n, 3, 15, 2);
    for (int i = 0; i < count; i++) {
      f.add(key(adds[i][0]), adds[i][1]);
    }
    int exact = 0;
    for (Map.Entry<Integer, Long> e : truth.entrySet()) {
      exact += f.frequency(key(e.getKey())) == e.getValue() ? 1 : 0;
    }
    assertTrue(n > 0.8 * universe);
    assertTrue(exact >= 0.99 * truth.size(), exact + " of " + truth.size());
  }

  /** The encodings' sizes: two-layer m + V(l+1); one-layer (l+1)(V + empty); savings m(l+1)q - m. */
  @Test
  public void encodingSizes() {
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(10_000, 3, 15, 1);
    for (int i = 0; i < 1_000; i++) {
      f.add(key(i), 1 + i);
    }
    long v = f.values();
    long empty = 10_000 - f.nonEmptyEntries();
    long naiveValues = 0;
    long naiveNonEmpty = 0;
    for (int e = 0; e < 10_000; e++) {
      naiveValues += f.list(e).length;
      naiveNonEmpty += f.list(e).length > 0 ? 1 : 0;
    }
    assertEquals(naiveValues, v);
    assertEquals(naiveNonEmpty, f.nonEmptyEntries());
    assertEquals(10_000 + 16 * v, f.twoLayerBits());
    assertEquals(16 * (v + empty), f.oneLayerBits());
    double q = empty / 10_000.0;
    assertEquals(10_000 * 16 * q - 10_000, f.oneLayerBits() - f.twoLayerBits(), 1e-6);
  }
}
