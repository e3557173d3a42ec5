package io.bloomkit.core;

import io.bloomkit.core.hash.KeyHash;

/**
 * A filter with counters: keys can be removed and counted. A key's count estimate is the minimum of
 * its k counters; it is never below the true multiplicity (unless a 4-bit CBF counter saturated).
 * Merging adds counters; it never ORs them.
 */
public interface CountingFilter extends Filter {
  /** Adds one occurrence of the key. */
  void add(KeyHash hash);

  default void add(String key) {
    add(hashStrategy().hash(key));
  }

  /**
   * Removes one occurrence of the key.
   *
   * @throws IllegalArgumentException if the key is not a member (some counter is zero); the filter
   *     is then unchanged
   */
  void remove(KeyHash hash);

  default void remove(String key) {
    remove(hashStrategy().hash(key));
  }

  /** The count estimate: the minimum of the key's k counters. */
  long count(KeyHash hash);

  default long count(String key) {
    return count(hashStrategy().hash(key));
  }

  /** The value of counter {@code position}, in {@code [0, shape().positions())}. */
  long counter(long position);

  /**
   * Adds the counters of {@code other} to this filter's.
   *
   * @throws IllegalArgumentException if the filters differ in family, size, numHashes, hash or
   *     variant (the message names both values), or the sum would not fit
   */
  void merge(CountingFilter other);

  /**
   * Subtracts the counters of {@code other} from this filter's, position by position: the inverse of
   * {@link #merge}, how a rolling window drops its oldest day. {@link #items()} goes down by {@code
   * other.items()}. A 4-bit CBF counter saturated at 15 stays at 15 (its true value is unknown, as
   * in {@link #remove}).
   *
   * @throws IllegalArgumentException if the filters differ in family, size, numHashes, hash or
   *     variant (the message names both values, as {@link #merge} does), or if any counter would go
   *     below zero (the message says at how many positions); the filter is then unchanged
   */
  void subtract(CountingFilter other);
}
