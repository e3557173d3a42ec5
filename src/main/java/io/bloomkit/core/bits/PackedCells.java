package io.bloomkit.core.bits;

import java.util.Arrays;

/**
 * A fixed-size array of {@code width}-bit cells ({@code 1 <= width <= 16}) packed back to back in a
 * {@code long[]}: cell {@code i} occupies bits {@code [i*width, (i+1)*width)} of the bit stream
 * (bit {@code j} is bit {@code j & 63} of word {@code j >>> 6}), so a cell may straddle two words
 * and the array uses exactly {@code size * width} bits plus the padding of the last word. Bits past
 * the last cell are always zero. Values lie in {@code [0, max()]} with {@code max() = 2^width - 1}.
 *
 * <p>The number of non-zero cells is kept up to date in O(1) (stream filters report their fraction
 * of zero cells after every element).
 */
public final class PackedCells {
  /** The widest cell supported. */
  public static final int MAX_WIDTH = 16;

  private final long size;
  private final int width;
  private final long mask;
  private final long[] words;
  private long nonZero;

  /** {@code size} cells of {@code width} bits, all zero. */
  public PackedCells(long size, int width) {
    this(size, width, new long[checkedWords(size, width)]);
  }

  /** Wraps {@code words} (not copied); bits past the last cell must be zero. */
  public PackedCells(long size, int width, long[] words) {
    int n = checkedWords(size, width);
    if (words.length != n) {
      throw new IllegalArgumentException(
          size + " cells of " + width + " bits need " + n + " words, got " + words.length);
    }
    long used = size * width;
    int tail = (int) (used & 63);
    if (tail != 0 && (words[words.length - 1] >>> tail) != 0) {
      throw new IllegalArgumentException("bits set past the last cell");
    }
    this.size = size;
    this.width = width;
    this.mask = (1L << width) - 1;
    this.words = words;
    long c = 0;
    for (long i = 0; i < size; i++) {
      if (get(i) != 0) {
        c++;
      }
    }
    this.nonZero = c;
  }

  private static int checkedWords(long size, int width) {
    if (width < 1 || width > MAX_WIDTH) {
      throw new IllegalArgumentException("width must be in [1, " + MAX_WIDTH + "]: " + width);
    }
    if (size <= 0) {
      throw new IllegalArgumentException("size must be positive: " + size);
    }
    long n = wordsFor(size, width);
    if (n > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("too many cells for one array: " + size);
    }
    return (int) n;
  }

  /** Number of 64-bit words that hold {@code size} cells of {@code width} bits. */
  public static long wordsFor(long size, int width) {
    return BitArray.wordsFor(size * width);
  }

  public long size() {
    return size;
  }

  public int width() {
    return width;
  }

  /** The largest value a cell holds, {@code 2^width - 1}. */
  public int max() {
    return (int) mask;
  }

  /** Bits of state: {@code size * width}. */
  public long bits() {
    return size * width;
  }

  public int get(long index) {
    assert index >= 0 && index < size : index;
    long bit = index * width;
    int w = BitArray.word(bit);
    int b = (int) (bit & 63);
    long v = words[w] >>> b;
    if (b + width > 64) {
      v |= words[w + 1] << (64 - b);
    }
    return (int) (v & mask);
  }

  /** Sets cell {@code index} to {@code value} in {@code [0, max()]}; returns the old value. */
  public int set(long index, int value) {
    assert index >= 0 && index < size : index;
    assert value >= 0 && value <= mask : value;
    int old = get(index);
    if (old == value) {
      return old;
    }
    long bit = index * width;
    int w = BitArray.word(bit);
    int b = (int) (bit & 63);
    words[w] = (words[w] & ~(mask << b)) | ((long) value << b);
    if (b + width > 64) {
      int hi = 64 - b; // bits of the cell held in word w
      words[w + 1] = (words[w + 1] & ~(mask >>> hi)) | ((long) value >>> hi);
    }
    if (old == 0) {
      nonZero++;
    } else if (value == 0) {
      nonZero--;
    }
    return old;
  }

  /** Subtracts one from a non-zero cell; returns whether it was non-zero. */
  public boolean decrement(long index) {
    int v = get(index);
    if (v == 0) {
      return false;
    }
    set(index, v - 1);
    return true;
  }

  /** Number of cells that are not zero, O(1). */
  public long nonZero() {
    return nonZero;
  }

  /** Sets every cell to zero. */
  public void clearAll() {
    Arrays.fill(words, 0L);
    nonZero = 0;
  }

  /** The backing words (live, not a copy): for serialization. */
  public long[] words() {
    return words;
  }

  public PackedCells copy() {
    return new PackedCells(size, width, words.clone());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PackedCells
        && ((PackedCells) o).size == size
        && ((PackedCells) o).width == width
        && Arrays.equals(((PackedCells) o).words, words);
  }

  @Override
  public int hashCode() {
    return (Long.hashCode(size) * 31 + width) * 31 + Arrays.hashCode(words);
  }
}
