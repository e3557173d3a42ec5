package io.bloomkit.bloom;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.bits.PackedCounters;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A counting Bloom filter (Fan et al. 2000) of m 4-bit counters packed 16 per long. A counter at 15
 * is saturated: further increments are counted in {@link #saturationEvents()} and lost, and it is
 * never decremented again, so no false negative can arise from saturation. Removing a key whose
 * counters are not all positive is an error that leaves the filter unchanged. Merging adds counters
 * (saturating at 15), never ORs them. Payload: the counter words, {@code ceil(m / 16)} longs.
 */
public final class CountingBloomFilter implements CountingFilter {
  private final FilterShape shape;
  private final HashStrategy hash;
  private final PackedCounters counters;
  private final long m;
  private final int k;
  private final long[] scratch;
  private long items;
  private long saturationEvents;

  private CountingBloomFilter(
      FilterShape shape, HashStrategy hash, PackedCounters counters, long items) {
    if (shape.family() != FilterFamily.COUNTING) {
      throw new IllegalArgumentException("not a counting Bloom filter shape: " + shape);
    }
    this.shape = shape;
    this.hash = hash;
    this.counters = counters;
    this.m = shape.positions();
    this.k = shape.numHashes();
    this.scratch = new long[k];
    this.items = items;
  }

  /** An empty filter of the given shape (see {@link FilterShape#counting}). */
  public static CountingBloomFilter create(FilterShape shape) {
    return new CountingBloomFilter(
        shape, HashStrategy.MURMUR3_128_DOUBLE, new PackedCounters(shape.positions()), 0);
  }

  private long[] positions(KeyHash h) {
    for (int i = 0; i < k; i++) {
      scratch[i] = HashStrategy.position(h.h1(), h.h2(), i, m);
    }
    return scratch;
  }

  @Override
  public void add(KeyHash h) {
    long[] p = positions(h);
    for (int i = 0; i < k; i++) {
      if (!counters.increment(p[i])) {
        saturationEvents++;
      }
    }
    items++;
  }

  @Override
  public void remove(KeyHash h) {
    long[] p = positions(h);
    // a key may hash twice to one position (its counter then went up twice): check multiplicity
    for (int i = 0; i < k; i++) {
      int v = counters.get(p[i]);
      if (v != PackedCounters.MAX && v < multiplicity(p, i)) {
        throw new IllegalArgumentException(
            "cannot remove a non-member: counter " + p[i] + " is " + v + " (" + h + ")");
      }
    }
    for (int i = 0; i < k; i++) {
      if (counters.get(p[i]) != PackedCounters.MAX) { // saturated: true value unknown, keep it
        counters.decrement(p[i]);
      }
    }
    items--;
  }

  private int multiplicity(long[] p, int i) {
    int c = 0;
    for (int j = 0; j < k; j++) {
      if (p[j] == p[i]) {
        c++;
      }
    }
    return c;
  }

  @Override
  public boolean mightContain(KeyHash h) {
    for (int i = 0; i < k; i++) {
      if (counters.get(HashStrategy.position(h.h1(), h.h2(), i, m)) == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long count(KeyHash h) {
    int min = Integer.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      min = Math.min(min, counters.get(HashStrategy.position(h.h1(), h.h2(), i, m)));
    }
    return min;
  }

  @Override
  public long counter(long position) {
    return counters.get(position);
  }

  /** {@code other} as a CBF of this shape and hash, or an exception naming both values. */
  private CountingBloomFilter compatible(CountingFilter other, String operation) {
    if (!(other instanceof CountingBloomFilter)) {
      throw new IllegalArgumentException(
          "cannot " + operation + " filters with different family: cbf vs "
              + other.shape().name());
    }
    CountingBloomFilter o = (CountingBloomFilter) other;
    shape.checkCompatible(o.shape, operation);
    if (hash != o.hash) {
      throw new IllegalArgumentException(
          "cannot " + operation + " filters with different hash: " + hash + " vs " + o.hash);
    }
    return o;
  }

  @Override
  public void merge(CountingFilter other) {
    CountingBloomFilter o = compatible(other, "merge");
    for (long i = 0; i < m; i++) {
      int sum = counters.get(i) + o.counters.get(i);
      if (sum > PackedCounters.MAX) {
        saturationEvents += sum - PackedCounters.MAX;
        sum = PackedCounters.MAX;
      }
      counters.set(i, sum);
    }
    items += o.items;
    saturationEvents += o.saturationEvents;
  }

  /**
   * Subtracts {@code other}'s counters. A counter saturated here stays at 15; one saturated in
   * {@code other} but not here would go below zero (its true value is at least 15).
   */
  @Override
  public void subtract(CountingFilter other) {
    CountingBloomFilter o = compatible(other, "subtract");
    long below = 0;
    long first = -1;
    for (long i = 0; i < m; i++) {
      int a = counters.get(i);
      if (a != PackedCounters.MAX && a < o.counters.get(i)) {
        if (below++ == 0) {
          first = i;
        }
      }
    }
    if (below > 0) {
      throw new IllegalArgumentException(
          "cannot subtract: " + below + " positions would go below zero (first: counter " + first
              + " is " + counters.get(first) + ", subtracting " + o.counters.get(first) + ")");
    }
    if (o.items > items) {
      throw new IllegalArgumentException(
          "cannot subtract " + o.items + " items from a filter holding " + items);
    }
    for (long i = 0; i < m; i++) {
      int a = counters.get(i);
      if (a != PackedCounters.MAX) {
        counters.set(i, a - o.counters.get(i));
      }
    }
    items -= o.items;
  }

  /** Increments lost to saturated counters since this filter was created or read. */
  public long saturationEvents() {
    return saturationEvents;
  }

  /** Number of counters at 15. */
  public long saturatedCounters() {
    return counters.saturatedCount();
  }


  @Override
  public FilterShape shape() {
    return shape;
  }

  @Override
  public HashStrategy hashStrategy() {
    return hash;
  }

  @Override
  public long items() {
    return items;
  }


  @Override
  public void writeTo(OutputStream out) throws IOException {
    long[] w = counters.words();
    FilterFormat.Header h = new FilterFormat.Header(shape, hash, items, 8L * w.length);
    FilterFormat.write(
        out,
        h,
        d -> {
          for (long x : w) {
            d.writeLong(x);
          }
        });
  }

  public static CountingBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    int words = BloomFilter.checkedWords(r, PackedCounters.wordsFor(shape.positions()), 8);
    long[] w = r.readLongArray(words, "counters");
    r.finish();
    try {
      return new CountingBloomFilter(
          shape, r.header.hash, new PackedCounters(shape.positions(), w), r.header.items);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("payload", e.getMessage());
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CountingBloomFilter
        && ((CountingBloomFilter) o).shape.compatibleWith(shape)
        && ((CountingBloomFilter) o).hash == hash
        && ((CountingBloomFilter) o).counters.equals(counters);
  }

  @Override
  public int hashCode() {
    return counters.hashCode();
  }

  @Override
  public String toString() {
    return "CountingBloomFilter[" + shape + ", items=" + items + "]";
  }
}
