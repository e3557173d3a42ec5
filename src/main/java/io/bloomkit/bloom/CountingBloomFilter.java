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
import java.util.concurrent.atomic.LongAdder;

/**
 * A counting Bloom filter (Fan et al. 2000) of m 4-bit counters packed 16 per long. A counter at 15
 * is saturated: further increments are counted in {@link #saturationEvents()} and lost, and it is
 * never decremented again, so no false negative can arise from saturation. Removing a key whose
 * counters are not all positive is an error that leaves the filter unchanged. Merging adds counters
 * (saturating at 15), never ORs them. Payload: the counter words, {@code ceil(m / 16)} longs.
 *
 * <p>Threads: a filter from {@link #create} is for one thread at a time (the code paths are the
 * plain ones). A filter from {@link #concurrent} lets any number of threads call {@link #add},
 * {@link #remove}, {@link #mightContain}, {@link #count} and {@link #counter} at once, without a
 * lock: every counter changes by a compare-and-set loop on its word ({@link
 * PackedCounters#incrementAtomic}, {@link PackedCounters#decrementAtomic}), so no increment or
 * decrement is lost, a counter saturates at 15 and stays there, and none goes below zero. When the
 * counters stay below 15 the final counters are those of any sequential order of the same adds and
 * removes (addition commutes); once one saturates, the order matters as it does for one thread.
 * {@code merge}, {@code subtract}, {@code writeTo} and {@code equals} still need the filter to
 * themselves; the bytes written are the same in both modes.
 *
 * <p>A concurrent remove checks each counter as it decrements it, not all first: on a zero counter
 * it gives back the decrements already made and throws, so for that moment other threads may see
 * those counters one lower (removing a non-member is an error anyway). As for the Bloom filter
 * ("One is Enough", section 6, "Concurrency"), the k counters of one add are not changed as one
 * atomic step.
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
  /** Non-null in concurrent mode: adds minus removes and lost increments made there. */
  private final LongAdder concurrentItems;
  private final LongAdder concurrentSaturations;

  private CountingBloomFilter(
      FilterShape shape, HashStrategy hash, PackedCounters counters, long items) {
    this(shape, hash, counters, items, false);
  }

  private CountingBloomFilter(
      FilterShape shape, HashStrategy hash, PackedCounters counters, long items,
      boolean concurrent) {
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
    this.concurrentItems = concurrent ? new LongAdder() : null;
    this.concurrentSaturations = concurrent ? new LongAdder() : null;
  }

  /** An empty filter of the given shape (see {@link FilterShape#counting}). */
  public static CountingBloomFilter create(FilterShape shape) {
    return new CountingBloomFilter(
        shape, HashStrategy.MURMUR3_128_DOUBLE, new PackedCounters(shape.positions()), 0);
  }

  /**
   * An empty filter of the given shape that several threads may update and query at once
   * (lock-free; see the class comment).
   */
  public static CountingBloomFilter concurrent(FilterShape shape) {
    return new CountingBloomFilter(
        shape, HashStrategy.MURMUR3_128_DOUBLE, new PackedCounters(shape.positions()), 0, true);
  }

  /** True if several threads may update and query at once ({@link #concurrent}). */
  public boolean isConcurrent() {
    return concurrentItems != null;
  }

  private long[] positions(KeyHash h) {
    for (int i = 0; i < k; i++) {
      scratch[i] = HashStrategy.position(h.h1(), h.h2(), i, m);
    }
    return scratch;
  }

  @Override
  public void add(KeyHash h) {
    if (concurrentItems != null) {
      addAtomic(h);
      return;
    }
    long[] p = positions(h);
    for (int i = 0; i < k; i++) {
      if (!counters.increment(p[i])) {
        saturationEvents++;
      }
    }
    items++;
  }

  private void addAtomic(KeyHash h) {
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      if (!counters.incrementAtomic(HashStrategy.position(h1, h2, i, m))) {
        concurrentSaturations.increment();
      }
    }
    concurrentItems.increment();
  }

  @Override
  public void remove(KeyHash h) {
    if (concurrentItems != null) {
      removeAtomic(h);
      return;
    }
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

  /**
   * Decrements the k counters in hash order (a position met twice is decremented twice, as it was
   * incremented twice); on a zero counter, increments back those already decremented and throws.
   */
  private void removeAtomic(KeyHash h) {
    long h1 = h.h1();
    long h2 = h.h2();
    long decremented = 0; // bit i: hash i's counter was decremented (k <= 64)
    for (int i = 0; i < k; i++) {
      long p = HashStrategy.position(h1, h2, i, m);
      int before = counters.decrementAtomic(p);
      if (before == 0) {
        for (int j = 0; j < i; j++) {
          if ((decremented & (1L << j)) != 0) {
            counters.incrementAtomic(HashStrategy.position(h1, h2, j, m));
          }
        }
        throw new IllegalArgumentException(
            "cannot remove a non-member: counter " + p + " is 0 (" + h + ")");
      }
      if (before != PackedCounters.MAX) {
        decremented |= 1L << i;
      }
    }
    concurrentItems.decrement();
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
    if (concurrentItems != null) {
      return count(h) > 0;
    }
    for (int i = 0; i < k; i++) {
      if (counters.get(HashStrategy.position(h.h1(), h.h2(), i, m)) == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long count(KeyHash h) {
    if (concurrentItems != null) {
      return countAtomic(h);
    }
    int min = Integer.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      min = Math.min(min, counters.get(HashStrategy.position(h.h1(), h.h2(), i, m)));
    }
    return min;
  }

  private long countAtomic(KeyHash h) {
    int min = Integer.MAX_VALUE;
    for (int i = 0; i < k && min > 0; i++) {
      min = Math.min(min, counters.getAtomic(HashStrategy.position(h.h1(), h.h2(), i, m)));
    }
    return min;
  }

  @Override
  public long counter(long position) {
    return concurrentItems == null ? counters.get(position) : counters.getAtomic(position);
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
    items += o.items();
    saturationEvents += o.saturationEvents();
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
    if (o.items() > items()) {
      throw new IllegalArgumentException(
          "cannot subtract " + o.items() + " items from a filter holding " + items());
    }
    for (long i = 0; i < m; i++) {
      int a = counters.get(i);
      if (a != PackedCounters.MAX) {
        counters.set(i, a - o.counters.get(i));
      }
    }
    items -= o.items();
  }

  /** Increments lost to saturated counters since this filter was created or read. */
  public long saturationEvents() {
    return concurrentSaturations == null
        ? saturationEvents
        : saturationEvents + concurrentSaturations.sum();
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
    return concurrentItems == null ? items : items + concurrentItems.sum();
  }


  @Override
  public void writeTo(OutputStream out) throws IOException {
    long[] w = counters.words();
    FilterFormat.Header h = new FilterFormat.Header(shape, hash, items(), 8L * w.length);
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
    return "CountingBloomFilter[" + shape + ", items=" + items() + "]";
  }
}
