package io.bloomkit.core.bits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.testing.Concurrently;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The lock-free updates of {@link BitArray} and {@link PackedCounters} under 4 threads released
 * together, against a sequential model of the same multiset of updates. The threads' updates land
 * in the same words (thread t owns bit / counter t mod 4 of every group, or all threads update
 * everything), so a lost read-modify-write would leave a bit or counter short; each case runs
 * several rounds.
 */
public class AtomicBitsTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 10;

  /** A random order of {@code 0..n-1}, one per thread and round. */
  static int[] shuffled(int n, long seed) {
    int[] a = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = i;
    }
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = r.nextInt(i + 1);
      int x = a[i];
      a[i] = a[j];
      a[j] = x;
    }
    return a;
  }

  @Test
  public void bitsInterleavedInSharedWordsAreNeverLost() {
    int size = 1 << 18; // 4096 words; thread t sets bits t, t+4, t+8, ... of every word
    for (int round = 0; round < ROUNDS; round++) {
      BitArray bits = new BitArray(size);
      BitArray model = new BitArray(size);
      long seed = round;
      AtomicLong changed = new AtomicLong();
      Concurrently.run(
          THREADS,
          t -> {
            long c = 0;
            for (int i : shuffled(size / THREADS, seed * 31 + t)) {
              c += bits.setAtomic((long) i * THREADS + t) ? 1 : 0;
            }
            changed.addAndGet(c);
          });
      for (long i = 0; i < size; i++) {
        model.set(i); // every bit is some thread's: the model is all ones
      }
      assertArrayEquals(model.words(), bits.words(), "round " + round);
      assertEquals(model.cardinality(), bits.cardinality());
      assertEquals(model.cardinality(), changed.get());
    }
  }

  @Test
  public void ofThreadsSettingTheSameBitsExactlyOneChangesEach() {
    int size = (1 << 16) + 37; // a partial last word too
    for (int round = 0; round < ROUNDS; round++) {
      BitArray bits = new BitArray(size);
      SplittableRandom r = new SplittableRandom(round);
      long[] targets = r.longs(size / 2, 0, size).toArray();
      BitArray model = new BitArray(size);
      for (long i : targets) {
        model.set(i);
      }
      AtomicLong changed = new AtomicLong();
      int seed = round;
      Concurrently.run(
          THREADS,
          t -> {
            long c = 0;
            for (int j : shuffled(targets.length, seed * 31 + t)) {
              c += bits.setAtomic(targets[j]) ? 1 : 0;
              assertEquals(true, bits.getAtomic(targets[j]));
            }
            changed.addAndGet(c);
          });
      assertArrayEquals(model.words(), bits.words(), "round " + round);
      assertEquals(model.cardinality(), bits.cardinality());
      assertEquals(model.cardinality(), changed.get(), "one true per distinct bit");
    }
  }

  @Test
  public void concurrentIncrementsAndDecrementsMatchTheSum() {
    int size = 1 << 13; // 512 words of 16 counters, every counter updated by every thread
    for (int round = 0; round < ROUNDS; round++) {
      PackedCounters c = new PackedCounters(size);
      int seed = round;
      // each thread: every counter +3, then every counter -2 (never below zero: its own +3 came first)
      Concurrently.run(
          THREADS,
          t -> {
            int[] order = shuffled(size * 3, seed * 31 + t);
            for (int i : order) {
              assertEquals(true, c.incrementAtomic(i % size));
            }
            for (int i : shuffled(size * 2, seed * 37 + t)) {
              int before = c.decrementAtomic(i % size);
              assertEquals(true, before >= 1 && before < PackedCounters.MAX);
            }
          });
      PackedCounters model = new PackedCounters(size);
      for (long i = 0; i < size; i++) {
        model.set(i, THREADS * (3 - 2));
      }
      assertArrayEquals(model.words(), c.words(), "round " + round);
    }
  }

  @Test
  public void concurrentIncrementsSaturateAtFifteenAndReportEachLostIncrement() {
    int size = 1 << 13;
    int perThread = 5; // 4 x 5 = 20 increments per counter: 15 kept, 5 lost
    for (int round = 0; round < ROUNDS; round++) {
      PackedCounters c = new PackedCounters(size);
      AtomicLong lost = new AtomicLong();
      int seed = round;
      Concurrently.run(
          THREADS,
          t -> {
            long l = 0;
            for (int i : shuffled(size * perThread, seed * 31 + t)) {
              l += c.incrementAtomic(i % size) ? 0 : 1;
            }
            lost.addAndGet(l);
          });
      PackedCounters model = new PackedCounters(size);
      long modelLost = 0;
      for (int n = 0; n < THREADS * perThread; n++) {
        for (long i = 0; i < size; i++) {
          modelLost += model.increment(i) ? 0 : 1;
        }
      }
      assertArrayEquals(model.words(), c.words(), "round " + round);
      assertEquals(modelLost, lost.get());
      assertEquals(size, c.saturatedCount());
      // a saturated counter is never decremented, a zero one never goes below zero
      assertEquals(PackedCounters.MAX, c.decrementAtomic(7));
      assertEquals(PackedCounters.MAX, c.getAtomic(7));
    }
    PackedCounters zero = new PackedCounters(3);
    assertEquals(0, zero.decrementAtomic(1));
    assertEquals(0, zero.get(1));
  }

  @Test
  public void atomicMaximumKeepsTheLargestValueOfAllThreads() {
    int size = 1 << 13;
    for (int round = 0; round < ROUNDS; round++) {
      long[] a = new long[size];
      java.util.Arrays.fill(a, Long.MIN_VALUE);
      long[][] values = new long[THREADS][];
      for (int t = 0; t < THREADS; t++) {
        values[t] = new SplittableRandom(round * 31L + t).longs(size * 4, -1000, 1000).toArray();
      }
      Concurrently.run(
          THREADS,
          t -> {
            for (int i = 0; i < values[t].length; i++) {
              long before = AtomicWords.getAndMax(a, i % size, values[t][i]);
              assertEquals(true, AtomicWords.get(a, i % size) >= Math.max(before, values[t][i]));
            }
          });
      long[] model = new long[size];
      java.util.Arrays.fill(model, Long.MIN_VALUE);
      for (long[] v : values) {
        for (int i = 0; i < v.length; i++) {
          model[i % size] = Math.max(model[i % size], v[i]);
        }
      }
      assertArrayEquals(model, a, "round " + round);
    }
  }
}
