package io.bloomkit.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.Concurrently;
import io.bloomkit.testing.FilterBytes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * {@link BloomFilter#concurrent} and {@link CountingBloomFilter#concurrent} under 4 threads
 * released together, each applying its own batch: afterwards the state (file bytes: header with
 * items, and every bit word / counter word) equals that of a one-thread filter from {@code create}
 * given the same multiset of operations. Small filters (a few thousand positions, k = 3) so that the
 * threads' updates share words; several rounds so a lost update would show.
 */
public class ConcurrentFiltersTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 5;

  static KeyHash key(long seed, int thread, int i) {
    SplittableRandom r = new SplittableRandom(seed * 1_000_003L + thread * 65_537L + i);
    return new KeyHash(r.nextLong(), r.nextLong());
  }

  @Test
  public void concurrentBloomAddsEqualTheSequentialFilter() {
    int perThread = 20_000;
    FilterShape shape = FilterShape.bloom(1 << 18, 3, THREADS * perThread);
    for (int round = 0; round < ROUNDS; round++) {
      BloomFilter shared = BloomFilter.concurrent(shape);
      assertTrue(shared.isConcurrent());
      long seed = round;
      Concurrently.run(
          THREADS,
          t -> {
            for (int i = 0; i < perThread; i++) {
              KeyHash h = key(seed, t, i);
              shared.add(h);
              assertTrue(shared.mightContain(h)); // its own add is visible at once
            }
          });
      BloomFilter model = BloomFilter.create(shape);
      for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < perThread; i++) {
          model.add(key(seed, t, i));
        }
      }
      assertFalse(model.isConcurrent());
      assertArrayEquals(FilterBytes.of(model), FilterBytes.of(shared), "round " + round);
      assertEquals(model.cardinality(), shared.cardinality());
      assertEquals(model.items(), shared.items());
      assertEquals(model, shared);
    }
  }

  /**
   * All threads add the same keys: of the calls adding one new key at once, at least one is told
   * "changed" (whoever sets one of its zero bits), and the state is that of adding each key once.
   */
  @Test
  public void sameKeysFromAllThreadsReportEachNewKeyAtLeastOnce() {
    int keys = 5_000;
    FilterShape shape = FilterShape.bloom(1 << 15, 3, keys); // about a third of the bits shared
    for (int round = 0; round < ROUNDS; round++) {
      BloomFilter shared = BloomFilter.concurrent(shape);
      AtomicLongArray told = new AtomicLongArray(keys);
      long seed = round;
      Concurrently.run(
          THREADS,
          t -> {
            for (int i = 0; i < keys; i++) {
              int j = t % 2 == 0 ? i : keys - 1 - i; // half the threads go backwards
              if (shared.add(key(seed, 0, j))) {
                told.incrementAndGet(j);
              }
            }
          });
      BloomFilter model = BloomFilter.create(shape);
      for (int i = 0; i < keys; i++) {
        model.add(key(seed, 0, i));
      }
      assertEquals(model.items() * THREADS, shared.items());
      assertEquals(model, shared); // the same bits
      assertEquals(model.cardinality(), shared.cardinality());
      // a key with a bit that no other key of the set has is new in every order, so at least one
      // of the threads adding it must have been told so
      long[] unique = uniquelyCovered(shape, seed, keys);
      for (int i = 0; i < keys; i++) {
        if (unique[i] > 0) {
          assertTrue(told.get(i) > 0, "round " + round + " key " + i);
        }
      }
    }
  }

  /** Per key, 1 if it has a bit that no other key of the set has (so it is new in any order). */
  private static long[] uniquelyCovered(FilterShape shape, long seed, int keys) {
    int[] hits = new int[(int) shape.positions()];
    for (int i = 0; i < keys; i++) {
      KeyHash h = key(seed, 0, i);
      for (long p : distinct(h, shape)) {
        hits[(int) p]++;
      }
    }
    long[] unique = new long[keys];
    for (int i = 0; i < keys; i++) {
      for (long p : distinct(key(seed, 0, i), shape)) {
        if (hits[(int) p] == 1) {
          unique[i] = 1;
        }
      }
    }
    return unique;
  }

  private static long[] distinct(KeyHash h, FilterShape shape) {
    return java.util.stream.IntStream.range(0, shape.numHashes())
        .mapToLong(i -> h.position(i, shape.positions()))
        .distinct()
        .toArray();
  }

  @Test
  public void concurrentCountingAddsAndRemovesEqualTheSequentialFilter() {
    int perThread = 1_500; // 4 x 1,500 keys x 3 counters on 2^16 counters: none near 15
    FilterShape shape = FilterShape.counting(1 << 16, 3, THREADS * perThread);
    for (int round = 0; round < ROUNDS; round++) {
      CountingBloomFilter shared = CountingBloomFilter.concurrent(shape);
      assertTrue(shared.isConcurrent());
      long seed = round;
      // each thread adds its keys twice and removes each once, interleaved with the others
      Concurrently.run(
          THREADS,
          t -> {
            for (int rep = 0; rep < 2; rep++) {
              for (int i = 0; i < perThread; i++) {
                shared.add(key(seed, t, i));
              }
            }
            for (int i = 0; i < perThread; i++) {
              shared.remove(key(seed, t, i));
            }
          });
      CountingBloomFilter model = CountingBloomFilter.create(shape);
      for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < perThread; i++) {
          model.add(key(seed, t, i));
        }
      }
      assertEquals(0, model.saturatedCounters(), "test premise: no counter saturates");
      assertArrayEquals(FilterBytes.of(model), FilterBytes.of(shared), "round " + round);
      assertEquals(model.items(), shared.items());
      assertEquals(0, shared.saturationEvents());
      for (int t = 0; t < THREADS; t++) {
        for (int i = 0; i < perThread; i++) {
          KeyHash h = key(seed, t, i);
          assertEquals(model.count(h), shared.count(h));
        }
      }
    }
  }

  /** Increments only: saturation is order-independent, so the model is exact there too. */
  @Test
  public void concurrentCountingSaturatesLikeTheSequentialFilter() {
    int keys = 64;
    int reps = 5; // 4 threads x 5 adds of each key: every counter of a key reaches 15 and loses 5+
    FilterShape shape = FilterShape.counting(256, 3, keys);
    for (int round = 0; round < ROUNDS; round++) {
      CountingBloomFilter shared = CountingBloomFilter.concurrent(shape);
      long seed = round;
      Concurrently.run(
          THREADS,
          t -> {
            for (int rep = 0; rep < reps; rep++) {
              for (int i = 0; i < keys; i++) {
                shared.add(key(seed, 0, (i + t * 17) % keys));
              }
            }
          });
      CountingBloomFilter model = CountingBloomFilter.create(shape);
      for (int n = 0; n < THREADS * reps; n++) {
        for (int i = 0; i < keys; i++) {
          model.add(key(seed, 0, i));
        }
      }
      assertTrue(model.saturatedCounters() > 0, "test premise: counters saturate");
      assertArrayEquals(FilterBytes.of(model), FilterBytes.of(shared), "round " + round);
      assertEquals(model.saturationEvents(), shared.saturationEvents());
      assertEquals(model.saturatedCounters(), shared.saturatedCounters());
    }
  }

  @Test
  public void concurrentRemoveOfANonMemberThrowsAndGivesBackItsDecrements() throws IOException {
    FilterShape shape = FilterShape.counting(64, 3, 4);
    CountingBloomFilter f = CountingBloomFilter.concurrent(shape);
    KeyHash member = key(1, 0, 0);
    f.add(member);
    byte[] before = FilterBytes.of(f);
    // a key sharing the member's first position but not all of them
    KeyHash other = null;
    for (int i = 1; other == null; i++) {
      KeyHash c = key(2, 0, i);
      if (c.position(0, 64) == member.position(0, 64) && f.count(c) == 0) {
        other = c;
      }
    }
    try {
      f.remove(other);
      fail("removed a non-member");
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("non-member"), expected.getMessage());
    }
    assertArrayEquals(before, FilterBytes.of(f));
    // the file of a concurrent filter reads back as the one-thread filter with the same state
    CountingBloomFilter read =
        Filters.read(new ByteArrayInputStream(before), CountingBloomFilter.class);
    assertFalse(read.isConcurrent());
    assertEquals(1, read.items());
    assertEquals(1, read.count(member));
  }
}
