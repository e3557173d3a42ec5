package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.CountingFilter;

/**
 * How {@code icebergs --method counting} uses a 4-bit counting Bloom filter of key totals. A total
 * t is added as min(t, cap) increments, cap = min(threshold, 15): a 4-bit counter saturates at 15
 * and then stays there (also when partials are merged), so every counter of a key ends at least
 * min(true total, cap), and so does the estimate (the minimum counter). A key whose estimate is
 * below the cap therefore has a true total below the threshold: no iceberg is ever missed.
 */
public final class IcebergFilters {
  /** The largest value of a 4-bit counter. */
  public static final long COUNTER_MAX = 15;

  private IcebergFilters() {}

  /** Increments a total needs: min(total, threshold, 15). */
  public static long increments(long total, long threshold) {
    return Math.min(total, cap(threshold));
  }

  private static long cap(long threshold) {
    return Math.min(threshold, COUNTER_MAX);
  }

  /** Whether the key may reach the threshold: its estimate is at least min(threshold, 15). */
  public static boolean isCandidate(CountingFilter f, byte[] key, int length, long threshold) {
    return estimate(f, key, length) >= cap(threshold);
  }

  /** The filter's estimate of the key's total (at most 15 for a {@link CountingBloomFilter}). */
  public static long estimate(CountingFilter f, byte[] key, int length) {
    return f.count(f.hashStrategy().hash(key, 0, length));
  }
}
