package io.bloomkit.core.bits;

/**
 * Operations on a bit stream held in a {@code long[]} whose first {@code used} bits are
 * meaningful (bit {@code i} is bit {@code i & 63} of word {@code i >>> 6}; bits past {@code used}
 * are zero). Ranges are zero-based and half-open, {@code [from, to)}.
 */
public final class BitStreams {
  private BitStreams() {}

  public static boolean get(long[] a, long i) {
    return (a[(int) (i >>> 6)] & (1L << i)) != 0;
  }

  public static void set(long[] a, long i) {
    a[(int) (i >>> 6)] |= 1L << i;
  }

  public static void clear(long[] a, long i) {
    a[(int) (i >>> 6)] &= ~(1L << i);
  }

  /** Number of ones in {@code [from, to)}. */
  public static long popcount(long[] a, long from, long to) {
    assert 0 <= from && from <= to;
    if (from == to) {
      return 0;
    }
    int fw = (int) (from >>> 6);
    int tw = (int) ((to - 1) >>> 6);
    long first = -1L << from; // bits >= from & 63
    long last = -1L >>> (63 - ((to - 1) & 63)); // bits <= (to - 1) & 63
    if (fw == tw) {
      return Long.bitCount(a[fw] & first & last);
    }
    long c = Long.bitCount(a[fw] & first);
    for (int w = fw + 1; w < tw; w++) {
      c += Long.bitCount(a[w]);
    }
    return c + Long.bitCount(a[tw] & last);
  }

  /**
   * Inserts {@code value} at {@code pos}, shifting bits {@code [pos, used)} up by one. The array must
   * hold {@code used + 1} bits.
   */
  public static void insert(long[] a, int used, int pos, boolean value) {
    assert 0 <= pos && pos <= used && used + 1 <= (long) a.length << 6;
    int wp = pos >>> 6;
    int last = used >>> 6;
    for (int w = last; w > wp; w--) {
      a[w] = (a[w] << 1) | (a[w - 1] >>> 63);
    }
    long low = (1L << pos) - 1; // bits below pos & 63 (none when pos & 63 == 0)
    long x = a[wp];
    a[wp] = (x & low) | ((x & ~low) << 1) | (value ? 1L << pos : 0L);
  }

  /** Removes the bit at {@code pos}, shifting bits {@code (pos, used)} down by one. */
  public static void delete(long[] a, int used, int pos) {
    assert 0 <= pos && pos < used && used <= (long) a.length << 6;
    int wp = pos >>> 6;
    int last = (used - 1) >>> 6;
    long low = (1L << pos) - 1;
    long x = a[wp];
    long y = (x & low) | ((x >>> 1) & ~low);
    if (wp < last) {
      y |= a[wp + 1] << 63;
    }
    a[wp] = y;
    for (int w = wp + 1; w <= last; w++) {
      a[w] = (a[w] >>> 1) | (w < last ? a[w + 1] << 63 : 0L);
    }
  }

  /** The {@code n <= 64} bits starting at {@code pos}, as the low bits of a long. */
  public static long read(long[] a, long pos, int n) {
    assert n >= 1 && n <= 64;
    int w = (int) (pos >>> 6);
    int b = (int) (pos & 63);
    long v = a[w] >>> b;
    if (b + n > 64) {
      v |= a[w + 1] << (64 - b);
    }
    return n == 64 ? v : v & ((1L << n) - 1);
  }

  /** An append-only bit stream that grows as needed. */
  public static final class Writer {
    private long[] words;
    private long size;

    public Writer(int initialWords) {
      words = new long[Math.max(1, initialWords)];
    }

    public long size() {
      return size;
    }

    /** Appends the low {@code n} bits of {@code bits} ({@code 1 <= n <= 64}). */
    public void append(long bits, int n) {
      assert n >= 1 && n <= 64;
      if (n < 64) {
        bits &= (1L << n) - 1;
      }
      long need = BitArray.wordsFor(size + n);
      if (need > words.length) {
        long grow = Math.max(need, (long) words.length * 2);
        if (grow > Integer.MAX_VALUE - 8) {
          grow = need;
        }
        words = java.util.Arrays.copyOf(words, (int) grow);
      }
      int w = (int) (size >>> 6);
      int b = (int) (size & 63);
      words[w] |= bits << b;
      if (b + n > 64) {
        words[w + 1] |= bits >>> (64 - b);
      }
      size += n;
    }

    public void append(boolean bit) {
      append(bit ? 1L : 0L, 1);
    }

    /** Appends bits {@code [from, from + len)} of {@code src}. */
    public void appendRange(long[] src, long from, long len) {
      long pos = from;
      long left = len;
      while (left > 0) {
        int n = (int) Math.min(64, left);
        append(read(src, pos, n), n);
        pos += n;
        left -= n;
      }
    }

    /** The words holding exactly {@code size()} bits, plus {@code slackWords} spare words. */
    public long[] toWords(int slackWords) {
      return java.util.Arrays.copyOf(words, (int) BitArray.wordsFor(size) + slackWords);
    }
  }
}
