package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.testing.Concurrently;
import io.bloomkit.testing.FilterBytes;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TimerFilter#concurrent} under 4 threads released together, each with its own events:
 * afterwards the clock, every timer and the file bytes equal those of a one-thread filter given the
 * same events. The window is longer than the span of the timestamps, so no event is ever too old
 * to set its timers and the result does not depend on the order (each timer keeps the latest
 * expiry); small filters so that threads race on the same timers; several rounds.
 */
public class ConcurrentTimerFilterTest {
  private static final int THREADS = 4;
  private static final int ROUNDS = 5;
  private static final int TIMERS = 1 << 12;
  private static final int K = 3;
  private static final long WINDOW = 1_000_000;

  private static final class Event {
    final KeyHash key;
    final long time;

    Event(KeyHash key, long time) {
      this.key = key;
      this.time = time;
    }
  }

  /** Thread t's events: keys from a small pool (so keys repeat), times 0..span-1 out of order. */
  private static Event[][] events(long seed, int perThread, int pool) {
    Event[][] e = new Event[THREADS][perThread];
    for (int t = 0; t < THREADS; t++) {
      SplittableRandom r = new SplittableRandom(seed * 101 + t);
      for (int i = 0; i < perThread; i++) {
        SplittableRandom kr = new SplittableRandom(seed * 7919 + r.nextInt(pool));
        e[t][i] = new Event(new KeyHash(kr.nextLong(), kr.nextLong()), r.nextLong(WINDOW / 2));
      }
    }
    return e;
  }

  private static void assertSameState(String what, TimerFilter model, TimerFilter shared) {
    assertEquals(model.now(), shared.now(), what + ": clock");
    long[] a = new long[TIMERS];
    long[] b = new long[TIMERS];
    for (int p = 0; p < TIMERS; p++) {
      a[p] = model.timerValue(p);
      b[p] = shared.timerValue(p);
    }
    assertArrayEquals(a, b, what + ": timers");
    assertEquals(model.liveCount(), shared.liveCount(), what + ": live timers");
  }

  @Test
  public void concurrentInsertsEqualTheSequentialFilter() {
    for (int round = 0; round < ROUNDS; round++) {
      Event[][] ev = events(round, 20_000, 3_000);
      TimerFilter shared = (TimerFilter) TimerFilter.concurrent(TIMERS, K, WINDOW, 0, false);
      Concurrently.run(
          THREADS,
          t -> {
            for (Event e : ev[t]) {
              shared.insert(e.key, e.time);
              assertTrue(shared.test(e.key)); // its own insert is visible at once
            }
          });
      TimerFilter model = new TimerFilter(TIMERS, K, WINDOW, 0, false);
      for (Event[] thread : ev) {
        for (Event e : thread) {
          model.insert(e.key, e.time);
        }
      }
      assertSameState("round " + round, model, shared);
      assertEquals(model.items(), shared.items());
      assertArrayEquals(FilterBytes.of(model), FilterBytes.of(shared));
    }
  }

  /**
   * Occurrence windows: every offer sets the event's timers whatever the answer, so the state is
   * order-free; the answers (and so the items count) are not, and are not compared.
   */
  @Test
  public void concurrentOccurrenceOffersEqualTheSequentialTimers() {
    for (int round = 0; round < ROUNDS; round++) {
      Event[][] ev = events(round + 100, 10_000, 3_000);
      StreamFilter shared = TimerFilter.concurrent(TIMERS, K, WINDOW, 2, true);
      Concurrently.run(
          THREADS,
          t -> {
            for (Event e : ev[t]) {
              shared.offer(e.key, e.time, 1.0);
            }
          });
      TimerFilter model = new TimerFilter(TIMERS, K, WINDOW, 2, false, true);
      for (Event[] thread : ev) {
        for (Event e : thread) {
          model.offer(e.key, e.time, 1.0);
        }
      }
      assertSameState("round " + round, model, (TimerFilter) shared);
    }
  }

  /**
   * Definition 4 (first test, then set only if distinct): every key offered is a member afterwards,
   * and a key offered by all threads at once is answered distinct by at least one of them.
   */
  @Test
  public void everyKeyOfferedByAllThreadsIsDistinctForAtLeastOne() {
    int keys = 5_000;
    for (int round = 0; round < ROUNDS; round++) {
      TimerFilter shared = (TimerFilter) TimerFilter.concurrent(1 << 16, K, WINDOW, 0, false);
      long seed = round;
      int[][] distinct = new int[THREADS][keys];
      Concurrently.run(
          THREADS,
          t -> {
            for (int i = 0; i < keys; i++) {
              int j = t % 2 == 0 ? i : keys - 1 - i;
              SplittableRandom kr = new SplittableRandom(seed * 7919 + j);
              if (!shared.offer(new KeyHash(kr.nextLong(), kr.nextLong()), j, 1.0)) {
                distinct[t][j] = 1;
              }
            }
          });
      long told = 0;
      TimerFilter model = new TimerFilter(1 << 16, K, WINDOW, 0, false);
      for (int j = 0; j < keys; j++) {
        int d = 0;
        for (int t = 0; t < THREADS; t++) {
          d += distinct[t][j];
        }
        told += d;
        SplittableRandom kr = new SplittableRandom(seed * 7919 + j);
        KeyHash h = new KeyHash(kr.nextLong(), kr.nextLong());
        boolean modelDistinct = !model.offer(h, j, 1.0);
        assertTrue(shared.test(h));
        if (modelDistinct && d == 0) {
          // in time order the key was new; concurrently, another key may have covered it first
          // only if it shares all k timers' positions with keys offered around it: not in this
          // sparse filter, where a key new in time order has a timer no earlier key set
          assertTrue(coveredByOthers(h, seed, j, keys), "round " + round + " key " + j + " never distinct");
        }
      }
      assertEquals(told, shared.items());
    }
  }

  /** True if every position of {@code h} is also a position of another key of the set. */
  private static boolean coveredByOthers(KeyHash h, long seed, int self, int keys) {
    for (int i = 0; i < K; i++) {
      long p = h.position(i, 1 << 16);
      boolean hit = false;
      for (int j = 0; j < keys && !hit; j++) {
        if (j == self) {
          continue;
        }
        SplittableRandom kr = new SplittableRandom(seed * 7919 + j);
        KeyHash o = new KeyHash(kr.nextLong(), kr.nextLong());
        for (int x = 0; x < K && !hit; x++) {
          hit = o.position(x, 1 << 16) == p;
        }
      }
      if (!hit) {
        return false;
      }
    }
    return true;
  }
}
