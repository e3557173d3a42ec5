package io.bloomkit.bloom;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.LongAdder;

/**
 * A Bloom filter: m bits, k positions per key from one 128-bit hash ({@link HashStrategy}). Merges
 * by OR. Payload in the format: the bit words, {@code ceil(m / 64)} longs.
 *
 * <p>Threads: a filter from {@link #create} is for one thread at a time (its add and query are the
 * plain loops, unchanged). A filter from {@link #concurrent} lets any number of threads call {@link
 * #add} and {@link #mightContain} at once, without a lock: each bit is set with an atomic OR on its
 * word ({@link BitArray#setAtomic}) and read with a volatile read, so no bit is ever lost and a
 * query that starts after an add returned finds the key. {@code merge}, {@code writeTo} and {@code
 * equals} still need the filter to themselves (e.g. after the adding threads were joined); the
 * bytes written are the same in both modes.
 *
 * <p>What a concurrent add does not give, as "One is Enough" (section 6, "Concurrency") says: the
 * k bits are set one at a time, not as one atomic test-and-set, so when two threads add the same
 * new key at once each may set some of its bits and <em>both</em> get {@code true} ("distinct"),
 * where one after the other the second would get {@code false}. At least one of them gets {@code
 * true}. The paper's remedy, atomic primitives per slice, is a lock, which this mode avoids; a
 * caller that needs exactly one "distinct" per key must serialize adds of equal keys itself.
 */
public final class BloomFilter implements Filter {
  private final FilterShape shape;
  private final HashStrategy hash;
  private final BitArray bits;
  private final long[] words; // bits.words(), cached for the probe loop
  private final long m;
  private final int k;
  private long items;
  /** Non-null in concurrent mode: the adds counted there (add then leaves {@code items} alone). */
  private final LongAdder concurrentItems;

  private BloomFilter(FilterShape shape, HashStrategy hash, BitArray bits, long items) {
    this(shape, hash, bits, items, false);
  }

  private BloomFilter(
      FilterShape shape, HashStrategy hash, BitArray bits, long items, boolean concurrent) {
    if (shape.family() != FilterFamily.BLOOM) {
      throw new IllegalArgumentException("not a Bloom filter shape: " + shape);
    }
    this.shape = shape;
    this.hash = hash;
    this.bits = bits;
    this.words = bits.words();
    this.m = shape.positions();
    this.k = shape.numHashes();
    this.items = items;
    this.concurrentItems = concurrent ? new LongAdder() : null;
  }

  /** An empty filter of the given shape (see {@link FilterShape#bloom}). */
  public static BloomFilter create(FilterShape shape) {
    return new BloomFilter(shape, HashStrategy.MURMUR3_128_DOUBLE, new BitArray(shape.positions()), 0);
  }

  /** An empty filter with the least bits reaching {@code fpp} at {@code expectedItems}. */
  public static BloomFilter create(long expectedItems, double fpp) {
    return create(FilterShape.forFpp(FilterFamily.BLOOM, null, expectedItems, 0, fpp, 0));
  }

  /**
   * An empty filter of the given shape that several threads may {@link #add} to and query at once
   * (lock-free; see the class comment for what it guarantees and what not).
   */
  public static BloomFilter concurrent(FilterShape shape) {
    return new BloomFilter(
        shape, HashStrategy.MURMUR3_128_DOUBLE, new BitArray(shape.positions()), 0, true);
  }

  /** {@link #concurrent(FilterShape)} with the least bits reaching {@code fpp} at {@code expectedItems}. */
  public static BloomFilter concurrent(long expectedItems, double fpp) {
    return concurrent(FilterShape.forFpp(FilterFamily.BLOOM, null, expectedItems, 0, fpp, 0));
  }

  /** True if several threads may add and query at once ({@link #concurrent}). */
  public boolean isConcurrent() {
    return concurrentItems != null;
  }

  /** Wraps bits read from a file or derived from a counting filter's first level. */
  static BloomFilter wrap(FilterShape shape, HashStrategy hash, BitArray bits, long items) {
    return new BloomFilter(shape, hash, bits, items);
  }

  /** Adds a key; returns whether any bit changed (false: the key was possibly present). */
  public boolean add(KeyHash h) {
    if (concurrentItems != null) {
      return addAtomic(h);
    }
    boolean changed = false;
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      long p = HashStrategy.position(h1, h2, i, m);
      int w = BitArray.word(p);
      long before = words[w];
      long after = before | BitArray.mask(p);
      if (after != before) {
        bits.set(p);
        changed = true;
      }
    }
    items++;
    return changed;
  }

  /** The concurrent mode's add: every bit by {@link BitArray#setAtomic}. */
  private boolean addAtomic(KeyHash h) {
    boolean changed = false;
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      changed |= bits.setAtomic(HashStrategy.position(h1, h2, i, m));
    }
    concurrentItems.increment();
    return changed;
  }

  public boolean add(String key) {
    return add(hash.hash(key));
  }

  public boolean add(byte[] key) {
    return add(hash.hash(key));
  }

  @Override
  public boolean mightContain(KeyHash h) {
    if (concurrentItems != null) {
      return mightContainAtomic(h);
    }
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      long p = HashStrategy.position(h1, h2, i, m);
      if ((words[BitArray.word(p)] & BitArray.mask(p)) == 0) {
        return false;
      }
    }
    return true;
  }

  private boolean mightContainAtomic(KeyHash h) {
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      if (!bits.getAtomic(HashStrategy.position(h1, h2, i, m))) {
        return false;
      }
    }
    return true;
  }

  /**
   * ORs {@code other} into this filter (both must be left alone by other threads meanwhile).
   *
   * @throws IllegalArgumentException if the shapes or hashes differ (naming both values)
   */
  public void merge(BloomFilter other) {
    shape.checkMergeable(other.shape);
    if (hash != other.hash) {
      throw new IllegalArgumentException(
          "cannot merge filters with different hash: " + hash + " vs " + other.hash);
    }
    bits.or(other.bits);
    items += other.items();
  }

  /** Number of set bits. */
  public long cardinality() {
    return bits.cardinality();
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
    FilterFormat.Header h = new FilterFormat.Header(shape, hash, items(), 8L * words.length);
    FilterFormat.write(
        out,
        h,
        d -> {
          for (long w : words) {
            d.writeLong(w);
          }
        });
  }

  public static BloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    long words = checkedWords(r, BitArray.wordsFor(shape.positions()), 8);
    long[] w = r.readLongArray(words, "bits");
    r.finish();
    try {
      return new BloomFilter(shape, r.header.hash, new BitArray(shape.positions(), w), r.header.items);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("payload", e.getMessage());
    }
  }

  /**
   * The word count a payload must have, checked, before anything is allocated, against what one
   * array holds (naming {@code positions}) and against the declared payload length.
   */
  public static int checkedWords(FilterFormat.Reader r, long words, int bytesPerWord)
      throws CorruptFilterException {
    if (words > FilterFormat.MAX_ARRAY) {
      throw new CorruptFilterException(
          "positions",
          r.header.positions + " need " + words + " words, more than one array holds ("
              + FilterFormat.MAX_ARRAY + ")");
    }
    if (r.header.payloadBytes != words * bytesPerWord) {
      throw new CorruptFilterException(
          "payloadBytes",
          r.header.payloadBytes + " does not match " + words * bytesPerWord
              + " bytes for positions " + r.header.positions);
    }
    return (int) words;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BloomFilter
        && ((BloomFilter) o).shape.compatibleWith(shape)
        && ((BloomFilter) o).hash == hash
        && ((BloomFilter) o).bits.equals(bits);
  }

  @Override
  public int hashCode() {
    return bits.hashCode();
  }

  @Override
  public String toString() {
    return "BloomFilter[" + shape + ", items=" + items() + "]";
  }
}
