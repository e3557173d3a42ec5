package io.bloomkit.core.bits;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;

/**
 * A fixed-size array of bits with 64-bit, zero-based indexes (so more than 2^32 bits work, up to
 * 2^37 with a {@code long[]}). Bits {@code [0, size)} are stored little-endian in words: bit
 * {@code i} is bit {@code i & 63} of word {@code i >>> 6}. Bits past {@code size} in the last word
 * are always zero.
 *
 * <p>Not thread-safe, except {@link #setAtomic} and {@link #getAtomic}, which several threads may
 * call at once (and with each other): a bit set by {@code setAtomic} is never lost to a concurrent
 * {@code setAtomic} of another bit of its word, and of several threads setting the same zero bit
 * exactly one is told it changed it, so {@link #cardinality} stays exact. Everything else
 * ({@code set}, {@code clear}, {@code or}, {@code clearAll}, {@code words()}) needs the array to
 * itself; reading the words after the updating threads were joined is safe.
 */
public final class BitArray {
  private final long size;
  private final long[] words;
  private long cardinality;
  /** Bits set by {@link #setAtomic}: striped, so threads setting new bits do not contend on it. */
  private final LongAdder atomicSets = new LongAdder();

  /** An array of {@code size} zero bits. */
  public BitArray(long size) {
    if (size <= 0) {
      throw new IllegalArgumentException("size must be positive: " + size);
    }
    long n = wordsFor(size);
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many bits for one array: " + size);
    }
    this.size = size;
    this.words = new long[(int) n];
  }

  /** Wraps {@code words} (not copied); bits past {@code size} must be zero. */
  public BitArray(long size, long[] words) {
    if (size <= 0 || words.length != wordsFor(size)) {
      throw new IllegalArgumentException(
          "size " + size + " needs " + wordsFor(size) + " words, got " + words.length);
    }
    int tail = (int) (size & 63);
    if (tail != 0 && (words[words.length - 1] >>> tail) != 0) {
      throw new IllegalArgumentException("bits set past size " + size);
    }
    this.size = size;
    this.words = words;
    long c = 0;
    for (long w : words) {
      c += Long.bitCount(w);
    }
    this.cardinality = c;
  }

  /** Number of 64-bit words that hold {@code bits} bits. */
  public static long wordsFor(long bits) {
    return (bits + 63) >>> 6;
  }

  /** The word that holds bit {@code index}. */
  public static int word(long index) {
    return (int) (index >>> 6);
  }

  /** The mask of bit {@code index} inside its word. */
  public static long mask(long index) {
    return 1L << index; // shifts use the low 6 bits
  }

  public long size() {
    return size;
  }

  /** Number of set bits, kept up to date in O(1). */
  public long cardinality() {
    return cardinality + atomicSets.sum();
  }

  public boolean get(long index) {
    assert index >= 0 && index < size : index;
    return (words[word(index)] & mask(index)) != 0;
  }

  /** Sets bit {@code index}; returns whether it changed. */
  public boolean set(long index) {
    assert index >= 0 && index < size : index;
    int w = word(index);
    long before = words[w];
    long after = before | mask(index);
    if (after == before) {
      return false;
    }
    words[w] = after;
    cardinality++;
    return true;
  }

  /** {@link #get}, as a volatile read: safe while other threads call {@link #setAtomic}. */
  public boolean getAtomic(long index) {
    assert index >= 0 && index < size : index;
    return (AtomicWords.get(words, word(index)) & mask(index)) != 0;
  }

  /**
   * Sets bit {@code index} atomically (a {@code getAndBitwiseOr} on its word, skipped when a
   * volatile read shows the bit set already); returns whether this call changed it. Of several
   * threads setting one zero bit exactly one gets true, and counts it in a {@link LongAdder}, so
   * the cardinality stays exact without a shared counter that every new bit would contend on.
   */
  public boolean setAtomic(long index) {
    assert index >= 0 && index < size : index;
    int w = word(index);
    long bit = mask(index);
    if ((AtomicWords.get(words, w) & bit) != 0) {
      return false;
    }
    if ((AtomicWords.getAndOr(words, w, bit) & bit) != 0) {
      return false;
    }
    atomicSets.increment();
    return true;
  }

  /** Clears bit {@code index}; returns whether it changed. */
  public boolean clear(long index) {
    assert index >= 0 && index < size : index;
    int w = word(index);
    long before = words[w];
    long after = before & ~mask(index);
    if (after == before) {
      return false;
    }
    words[w] = after;
    cardinality--;
    return true;
  }

  /** Number of set bits in {@code [0, index)}. O(index / 64). */
  public long rank(long index) {
    assert index >= 0 && index <= size : index;
    int w = word(index);
    long r = 0;
    for (int i = 0; i < w; i++) {
      r += Long.bitCount(words[i]);
    }
    int b = (int) (index & 63);
    if (b != 0) {
      r += Long.bitCount(words[w] & ((1L << b) - 1));
    }
    return r;
  }

  /** ORs {@code other} (same size) into this array. */
  public void or(BitArray other) {
    if (other.size != size) {
      throw new IllegalArgumentException("sizes differ: " + size + " vs " + other.size);
    }
    long c = 0;
    for (int i = 0; i < words.length; i++) {
      words[i] |= other.words[i];
      c += Long.bitCount(words[i]);
    }
    cardinality = c;
    atomicSets.reset();
  }

  /** Clears every bit. */
  public void clearAll() {
    Arrays.fill(words, 0L);
    cardinality = 0;
    atomicSets.reset();
  }

  /** The backing words (live, not a copy): for serialization and bulk loops. */
  public long[] words() {
    return words;
  }

  public BitArray copy() {
    return new BitArray(size, words.clone());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof BitArray
        && ((BitArray) o).size == size
        && Arrays.equals(((BitArray) o).words, words);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(size) * 31 + Arrays.hashCode(words);
  }
}
