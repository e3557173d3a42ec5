package io.bloomkit.core.bits;

import java.util.Arrays;

/**
 * A fixed-size array of 4-bit counters packed 16 to a {@code long}: counter {@code i} is nibble
 * {@code i & 15} of word {@code i >>> 4}. Counters saturate at {@link #MAX} = 15: an increment of a
 * counter at 15 leaves it at 15 and is reported, and a saturated counter is never decremented (its
 * true value is unknown), as in Fan et al.'s counting Bloom filter and Hadoop's.
 *
 * <p>Not thread-safe, except {@link #getAtomic}, {@link #incrementAtomic} and {@link
 * #decrementAtomic}, which several threads may call at once: each is a compare-and-set loop on the
 * counter's word, so an increment or decrement is never lost to a concurrent update of any of the
 * 16 counters sharing the word, saturation at {@link #MAX} holds, and no counter goes below zero.
 * The rest ({@code set}, {@code increment}, {@code decrement}, {@code words()}) needs the array to
 * itself.
 */
public final class PackedCounters {
  /** The largest value a 4-bit counter holds. */
  public static final int MAX = 15;

  private final long size;
  private final long[] words;

  public PackedCounters(long size) {
    if (size <= 0) {
      throw new IllegalArgumentException("size must be positive: " + size);
    }
    long n = wordsFor(size);
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many counters for one array: " + size);
    }
    this.size = size;
    this.words = new long[(int) n];
  }

  /** Wraps {@code words} (not copied); nibbles past {@code size} must be zero. */
  public PackedCounters(long size, long[] words) {
    if (size <= 0 || words.length != wordsFor(size)) {
      throw new IllegalArgumentException(
          "size " + size + " needs " + wordsFor(size) + " words, got " + words.length);
    }
    int tail = (int) (size & 15);
    if (tail != 0 && (words[words.length - 1] >>> (tail * 4)) != 0) {
      throw new IllegalArgumentException("counters set past size " + size);
    }
    this.size = size;
    this.words = words;
  }

  /** Number of words that hold {@code counters} 4-bit counters. */
  public static long wordsFor(long counters) {
    return (counters + 15) >>> 4;
  }

  private static int word(long index) {
    return (int) (index >>> 4);
  }

  private static int shift(long index) {
    return ((int) index & 15) << 2;
  }

  public long size() {
    return size;
  }

  public int get(long index) {
    assert index >= 0 && index < size : index;
    return (int) (words[word(index)] >>> shift(index)) & 0xF;
  }

  /** Sets counter {@code index} to {@code value} in {@code [0, 15]}. */
  public void set(long index, int value) {
    assert index >= 0 && index < size : index;
    assert value >= 0 && value <= MAX : value;
    int w = word(index);
    int s = shift(index);
    words[w] = (words[w] & ~(0xFL << s)) | ((long) value << s);
  }

  /** Adds one unless the counter is saturated; returns false if it was already at {@link #MAX}. */
  public boolean increment(long index) {
    int v = get(index);
    if (v == MAX) {
      return false;
    }
    words[word(index)] += 1L << shift(index);
    return true;
  }

  /**
   * Subtracts one from a counter in {@code [1, 14]}. The caller must have checked that it is
   * neither zero nor saturated.
   */
  public void decrement(long index) {
    assert get(index) > 0 && get(index) < MAX : get(index);
    words[word(index)] -= 1L << shift(index);
  }

  /** {@link #get}, as a volatile read: safe while other threads update counters atomically. */
  public int getAtomic(long index) {
    assert index >= 0 && index < size : index;
    return (int) (AtomicWords.get(words, word(index)) >>> shift(index)) & 0xF;
  }

  /**
   * {@link #increment} as a compare-and-set loop on the counter's word: adds one unless the
   * counter is at {@link #MAX}; returns false (and changes nothing) if it was.
   */
  public boolean incrementAtomic(long index) {
    assert index >= 0 && index < size : index;
    int w = word(index);
    int s = shift(index);
    long seen = AtomicWords.get(words, w);
    while (((seen >>> s) & 0xF) != MAX) {
      long witness = AtomicWords.compareAndExchange(words, w, seen, seen + (1L << s));
      if (witness == seen) {
        return true;
      }
      seen = witness;
    }
    return false;
  }

  /**
   * Subtracts one from the counter if it is in {@code [1, 14]}, as a compare-and-set loop on its
   * word; returns the value it had (so 0 or {@link #MAX}: nothing changed, a zero counter never
   * goes negative and a saturated one stays saturated).
   */
  public int decrementAtomic(long index) {
    assert index >= 0 && index < size : index;
    int w = word(index);
    int s = shift(index);
    long seen = AtomicWords.get(words, w);
    while (true) {
      int v = (int) (seen >>> s) & 0xF;
      if (v == 0 || v == MAX) {
        return v;
      }
      long witness = AtomicWords.compareAndExchange(words, w, seen, seen - (1L << s));
      if (witness == seen) {
        return v;
      }
      seen = witness;
    }
  }

  /** Number of counters at {@link #MAX}. */
  public long saturatedCount() {
    long c = 0;
    for (long w : words) {
      // a nibble is 15 iff all four bits are set
      long x = w & (w >>> 1) & (w >>> 2) & (w >>> 3) & 0x1111111111111111L;
      c += Long.bitCount(x);
    }
    return c;
  }

  /** The backing words (live): for serialization. */
  public long[] words() {
    return words;
  }

  public PackedCounters copy() {
    return new PackedCounters(size, words.clone());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PackedCounters
        && ((PackedCounters) o).size == size
        && Arrays.equals(((PackedCounters) o).words, words);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(size) * 31 + Arrays.hashCode(words);
  }
}
