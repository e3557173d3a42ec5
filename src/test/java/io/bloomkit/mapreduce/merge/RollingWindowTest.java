package io.bloomkit.mapreduce.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.FilterBytes;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The rolling window of issue 15 on the families' own structures: eight days of keys (a key may be
 * in several days; some keys are in day 1 only), one filter per day, all of one shape.
 *
 * <ul>
 *   <li>merge(day1..day7) has, at every position, the sum of the days' counters (a naive counter
 *       vector) and, for every key, a count equal to the number of days whose keys hold it;
 *   <li>it is counter-identical (acbf: every level bit; cbf: every counter, none saturated here)
 *       to the filter of the seven days' keys added day after day, and answers every query exactly
 *       as the filter of their distinct keys (same first level or bits: a position is non-zero in
 *       one iff some key of the seven days hashes to it); a bf merge is bit-identical to both;
 *   <li>subtract(day1) then merge(day8) is counter-identical to merge(day2..day8) and answers as
 *       the filter of days 2..8; a key seen only on day 1 is gone (count 0), except where that
 *       filter has a false positive itself.
 * </ul>
 *
 * The end-to-end run through the tools (build, merge, subtract) is {@link RollingWindowToolTest}.
 */
public class RollingWindowTest {
  private static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;
  static final int DAYS = 8;

  /** The keys of each day (index 0 = day 1), and the keys seen on day 1 only. */
  static final class Days {
    final List<Set<String>> keys = new ArrayList<>();
    final Set<String> dayOneOnly = new LinkedHashSet<>();

    /**
     * {@code universe} keys, each in each day with probability 0.3, plus {@code fresh} keys new on
     * each day (so day 1 has keys no later day has).
     */
    Days(long seed, int universe, int fresh) {
      Random rnd = new Random(seed);
      for (int d = 1; d <= DAYS; d++) {
        Set<String> day = new LinkedHashSet<>();
        for (int i = 0; i < universe; i++) {
          if (rnd.nextInt(10) < 3) {
            day.add("key-" + i);
          }
        }
        for (int j = 0; j < fresh; j++) {
          day.add("day" + d + "-only-" + j);
        }
        keys.add(day);
      }
      for (String k : keys.get(0)) {
        if (days(k, 2, DAYS) == 0) {
          dayOneOnly.add(k);
        }
      }
    }

    /** Number of days in {@code [from, to]} (1-based) whose keys hold {@code key}: the naive count. */
    int days(String key, int from, int to) {
      int n = 0;
      for (int d = from; d <= to; d++) {
        n += keys.get(d - 1).contains(key) ? 1 : 0;
      }
      return n;
    }

    /** Every key of days {@code [from, to]}, distinct. */
    Set<String> union(int from, int to) {
      Set<String> u = new LinkedHashSet<>();
      for (int d = from; d <= to; d++) {
        u.addAll(keys.get(d - 1));
      }
      return u;
    }

    /** The most keys any window of seven days holds, counted per day. */
    long windowItems() {
      long max = 0;
      for (int from = 1; from + 6 <= DAYS; from++) {
        long n = 0;
        for (int d = from; d < from + 7; d++) {
          n += keys.get(d - 1).size();
        }
        max = Math.max(max, n);
      }
      return max;
    }

    /** Keys to probe: every key of any day and as many never seen. */
    List<String> probes() {
      List<String> p = new ArrayList<>(union(1, DAYS));
      int n = p.size();
      for (int i = 0; i < n; i++) {
        p.add("absent-" + i);
      }
      return p;
    }
  }

  private static CountingFilter copy(CountingFilter f) {
    byte[] b = FilterBytes.of(f);
    try {
      return Filters.read(new ByteArrayInputStream(b), b.length, CountingFilter.class);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static CountingFilter filterOf(
      Function<FilterShape, CountingFilter> create, FilterShape shape, Set<String> keys) {
    CountingFilter f = create.apply(shape);
    for (String k : keys) {
      f.add(k);
    }
    return f;
  }

  /** The window through merge and subtract, checked against the naive model and rebuilt filters. */
  private static void window(String what, Days days, FilterShape shape,
      Function<FilterShape, CountingFilter> create) {
    long m = shape.positions();
    int k = shape.numHashes();
    List<CountingFilter> daily = new ArrayList<>();
    for (Set<String> day : days.keys) {
      daily.add(filterOf(create, shape, day));
    }
    CountingFilter merged = copy(daily.get(0));
    for (int d = 2; d <= 7; d++) {
      merged.merge(daily.get(d - 1));
    }
    // the naive counter vector: each day's keys at their positions, summed over days 1..7
    long[] naive = naive(days, 1, 7, m, k);
    for (int p = 0; p < m; p++) {
      assertTrue(naive[p] < 15, what + ": no counter saturates here");
      assertEquals(naive[p], merged.counter(p), what + " counter " + p);
    }
    long items = 0;
    for (int d = 1; d <= 7; d++) {
      items += days.keys.get(d - 1).size();
    }
    assertEquals(items, merged.items());
    checkCounts(what, days, 1, 7, merged, naive);
    // counter-identical to the seven days' keys added day after day
    CountingFilter added = create.apply(shape);
    for (int d = 1; d <= 7; d++) {
      for (String key : days.keys.get(d - 1)) {
        added.add(key);
      }
    }
    assertEquals(added, merged, what);
    // every query answered as by the filter of the seven days' distinct keys
    CountingFilter distinct = filterOf(create, shape, days.union(1, 7));
    for (int p = 0; p < m; p++) {
      assertEquals(distinct.counter(p) > 0, merged.counter(p) > 0, what + " position " + p);
    }
    int falsePositives = 0;
    for (String key : days.probes()) {
      assertEquals(distinct.mightContain(key), merged.mightContain(key), what + " " + key);
      falsePositives += key.startsWith("absent-") && merged.mightContain(key) ? 1 : 0;
    }

    // the window moves: day 1 out, day 8 in
    CountingFilter moved = copy(merged);
    moved.subtract(daily.get(0));
    moved.merge(daily.get(7));
    if (moved instanceof AccurateCountingBloomFilter) {
      assertNull(((AccurateCountingBloomFilter) moved).invariantViolation(), what);
    }
    CountingFilter reference = copy(daily.get(1));
    for (int d = 3; d <= 8; d++) {
      reference.merge(daily.get(d - 1));
    }
    assertEquals(reference, moved, what);
    assertEquals(reference.items(), moved.items());
    CountingFilter later = filterOf(create, shape, days.union(2, 8));
    for (String key : days.probes()) {
      assertEquals(later.mightContain(key), moved.mightContain(key), what + " " + key);
    }
    checkCounts(what + " moved", days, 2, 8, moved, naive(days, 2, 8, m, k));
    assertTrue(days.dayOneOnly.size() >= 50);
    int stillPassing = 0;
    for (String key : days.dayOneOnly) {
      if (later.mightContain(key)) {
        stillPassing++; // a false positive of the days 2..8 filter itself
      } else {
        assertEquals(0, moved.count(key), what + ": " + key + " (day 1 only) is gone");
        assertFalse(moved.mightContain(key), what + ": " + key + " (day 1 only) is gone");
      }
    }
    assertTrue(falsePositives < 20 && stillPassing < 5,
        what + ": false positives " + falsePositives + ", " + stillPassing);
  }

  /** Each key's positions counted once per day of {@code [from, to]} whose keys hold it. */
  static long[] naive(Days days, int from, int to, long m, int k) {
    long[] naive = new long[(int) m];
    for (int d = from; d <= to; d++) {
      for (String key : days.keys.get(d - 1)) {
        KeyHash h = H.hash(key);
        for (int i = 0; i < k; i++) {
          naive[(int) h.position(i, m)]++;
        }
      }
    }
    return naive;
  }

  /**
   * Every key's count is the minimum of the naive counters at its positions. For a key of the
   * window that is the number of days holding it, unless each of its positions is also taken by
   * other keys (the counting filter's over-count, at a rate near its fpp): never less, and for
   * nearly every key exactly. A key of no day in the window counts 0 unless it is a false positive.
   */
  static void checkCounts(
      String what, Days days, int from, int to, CountingFilter f, long[] naive) {
    Set<String> window = days.union(from, to);
    int overCounted = 0;
    for (String key : days.probes()) {
      KeyHash h = H.hash(key);
      long min = Long.MAX_VALUE;
      for (int i = 0; i < f.numHashes(); i++) {
        min = Math.min(min, naive[(int) h.position(i, naive.length)]);
      }
      assertEquals(min, f.count(key), what + " count of " + key);
      long held = window.contains(key) ? days.days(key, from, to) : 0;
      assertTrue(f.count(key) >= held, what + " count of " + key);
      overCounted += window.contains(key) && f.count(key) != held ? 1 : 0;
    }
    assertTrue(overCounted * 200 <= window.size(),
        what + ": over-counted keys " + overCounted + " of " + window.size());
  }

  /** Days whose counts are exact at the shapes below: a few keys share all k positions' counts. */
  private static final Days DAYS_KEYS = new Days(15, 500, 60);

  private static FilterShape acbf(AcbfSizing t) {
    long capacity = DAYS_KEYS.windowItems();
    int k = 3;
    // room for the window; m1 large enough that no key's counters all collide at this seed
    long counters = t == AcbfSizing.OPTIMAL ? 16_000 : 40_000;
    return FilterShape.acbf(t, counters, k,
        t == AcbfSizing.OPTIMAL ? capacity : t.maxCapacity(counters, k), capacity);
  }

  @Test
  public void acbfWindowOfEveryVariant() {
    for (AcbfSizing t : AcbfSizing.values()) {
      window(t.cliName(), DAYS_KEYS, acbf(t), AccurateCountingBloomFilter::create);
    }
  }

  @Test
  public void cbfWindow() {
    window("cbf", DAYS_KEYS, FilterShape.counting(40_000, 3, DAYS_KEYS.windowItems()),
        CountingBloomFilter::create);
  }

  /**
   * A Bloom filter has no counters: merge(day1..7) ORs their bits, bit-identical to the filter of
   * the seven days' keys; it cannot drop a day, so its window is merged again from the daily
   * filters: merge(day2..8) is the filter of days 2..8.
   */
  @Test
  public void bfWindowIsMergedAgainFromTheDays() {
    FilterShape shape = FilterShape.bloom(30_000, 5, DAYS_KEYS.windowItems());
    List<BloomFilter> daily = new ArrayList<>();
    for (Set<String> day : DAYS_KEYS.keys) {
      BloomFilter f = BloomFilter.create(shape);
      day.forEach(f::add);
      daily.add(f);
    }
    for (int from : new int[] {1, 2}) {
      BloomFilter merged = BloomFilter.create(shape);
      BloomFilter all = BloomFilter.create(shape);
      for (int d = from; d < from + 7; d++) {
        merged.merge(daily.get(d - 1));
      }
      DAYS_KEYS.union(from, from + 6).forEach(all::add);
      assertEquals(all, merged);
      for (String key : DAYS_KEYS.probes()) {
        assertEquals(all.mightContain(key), merged.mightContain(key), key);
      }
      if (from == 2) {
        for (String key : DAYS_KEYS.dayOneOnly) {
          assertFalse(merged.mightContain(key) && !all.mightContain(key), key);
        }
      }
    }
  }
}
