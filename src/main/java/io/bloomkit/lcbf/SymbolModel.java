package io.bloomkit.lcbf;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.bits.BitStreams;

/**
 * A static (two-pass) frequency model of a stream of positive longs for the {@link RangeCoder}: the
 * encoder counts the symbols first, sends the table, then codes each symbol with its frequency.
 *
 * <ul>
 *   <li><em>Direct</em> (at most {@link #MAX_ALPHABET} distinct symbols): one frequency per
 *       distinct symbol; the table is the symbols' gaps and frequencies in Elias gamma codes. With at
 *       most {@link RangeCoder#MAX_TOTAL} symbols the frequencies are the exact counts, so the coded
 *       size is the stream's empirical entropy plus the coder's own loss; with more, each count c
 *       becomes {@code 1 + floor(c (MAX_TOTAL - D) / N)} (D distinct, N symbols).
 *   <li><em>Bit length</em> (more distinct symbols): a symbol's bit length b is coded with such a
 *       model over 1..63, then its b - 1 low bits as raw bits.
 * </ul>
 */
final class SymbolModel {
  /** Largest alphabet of the direct model. */
  static final int MAX_ALPHABET = 1 << 12;

  private static final int LENGTHS = 63;

  private final boolean direct;
  private final long[] symbols; // direct: ascending distinct symbols; bit length: null
  private final int[] freq; // per direct symbol, or per bit length - 1
  private final int[] cum; // cum[i] = freq[0] + ... + freq[i - 1]
  private final int total;

  private SymbolModel(boolean direct, long[] symbols, int[] freq) {
    this.direct = direct;
    this.symbols = symbols;
    this.freq = freq;
    this.cum = new int[freq.length + 1];
    for (int i = 0; i < freq.length; i++) {
      cum[i + 1] = cum[i] + freq[i];
    }
    this.total = cum[freq.length];
  }

  /** The model of a stream: {@code symbols} ascending and distinct (all >= 1), their counts >= 1. */
  static SymbolModel of(long[] symbols, long[] counts) {
    if (symbols.length <= MAX_ALPHABET) {
      return new SymbolModel(true, symbols, scale(counts));
    }
    long[] byLength = new long[LENGTHS];
    for (int i = 0; i < symbols.length; i++) {
      byLength[bitLength(symbols[i]) - 1] += counts[i];
    }
    return new SymbolModel(false, null, scale(byLength));
  }

  /** Counts to frequencies summing to at most MAX_TOTAL; a non-zero count keeps a non-zero one. */
  private static int[] scale(long[] counts) {
    long n = 0;
    int distinct = 0;
    for (long c : counts) {
      n += c;
      distinct += c > 0 ? 1 : 0;
    }
    int[] f = new int[counts.length];
    long room = RangeCoder.MAX_TOTAL - distinct;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] > 0) {
        f[i] = n <= RangeCoder.MAX_TOTAL ? (int) counts[i] : 1 + share(counts[i], room, n);
      }
    }
    return f;
  }

  /** floor(c * room / n) for 0 <= c <= n, exactly. */
  private static int share(long c, long room, long n) {
    if (Math.multiplyHigh(c, room) == 0 && c * room >= 0) {
      return (int) (c * room / n);
    }
    return java.math.BigInteger.valueOf(c).multiply(java.math.BigInteger.valueOf(room))
        .divide(java.math.BigInteger.valueOf(n)).intValueExact();
  }

  static int bitLength(long s) {
    return 64 - Long.numberOfLeadingZeros(s);
  }

  void encode(RangeCoder.Encoder e, long s) {
    if (direct) {
      int i = java.util.Arrays.binarySearch(symbols, s);
      assert i >= 0;
      e.encode(cum[i], freq[i], total);
      return;
    }
    int b = bitLength(s);
    e.encode(cum[b - 1], freq[b - 1], total);
    for (int left = b - 1; left > 0; ) {
      int n = Math.min(16, left);
      left -= n;
      e.encodeBits((s >>> left) & ((1L << n) - 1), n);
    }
  }

  /** The next symbol; checks it against {@code maxSymbol} (bit-length model). */
  long decode(RangeCoder.Decoder d, long maxSymbol, String field) throws CorruptFilterException {
    if (total == 0) {
      throw new CorruptFilterException(field, "a symbol is coded but the model is empty");
    }
    int v = d.peek(total);
    int lo = 0;
    int hi = freq.length; // cum[lo] <= v < cum[hi]
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (cum[mid] <= v) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    d.consume(cum[lo], freq[lo]);
    if (direct) {
      return symbols[lo];
    }
    int b = lo + 1;
    long s = 1;
    for (int left = b - 1; left > 0; ) {
      int n = Math.min(16, left);
      left -= n;
      s = (s << n) | d.decodeBits(n);
    }
    if (s > maxSymbol) {
      throw new CorruptFilterException(field, "symbol " + s + " above " + maxSymbol);
    }
    return s;
  }

  // ---- table --------------------------------------------------------------------------------------
  //
  // 1 bit: direct (1) or bit length (0). Direct: gamma(D + 1), then per symbol gamma(gap to the
  // previous symbol, the first from 0) and gamma(frequency). Bit length: 63 x gamma(frequency + 1).

  void writeTable(BitStreams.Writer w) {
    w.append(direct);
    if (direct) {
      gamma(w, symbols.length + 1L);
      long prev = 0;
      for (int i = 0; i < symbols.length; i++) {
        gamma(w, symbols[i] - prev);
        gamma(w, freq[i]);
        prev = symbols[i];
      }
    } else {
      for (int f : freq) {
        gamma(w, f + 1L);
      }
    }
  }

  static SymbolModel readTable(TableReader r, long maxSymbol, String field) throws CorruptFilterException {
    if (r.bit()) {
      long d = r.gamma() - 1;
      if (d > MAX_ALPHABET || 2 * d > r.left()) {
        throw new CorruptFilterException(field, "table of " + d + " symbols");
      }
      long[] symbols = new long[(int) d];
      int[] freq = new int[(int) d];
      long prev = 0;
      long total = 0;
      for (int i = 0; i < d; i++) {
        long gap = r.gamma();
        if (gap > maxSymbol - prev) {
          throw new CorruptFilterException(field, "symbol above " + maxSymbol);
        }
        symbols[i] = prev += gap;
        long f = r.gamma();
        total += f;
        if (total > RangeCoder.MAX_TOTAL) {
          throw new CorruptFilterException(field, "frequencies sum above " + RangeCoder.MAX_TOTAL);
        }
        freq[i] = (int) f;
      }
      return new SymbolModel(true, symbols, freq);
    }
    int[] freq = new int[LENGTHS];
    long total = 0;
    for (int b = 1; b <= LENGTHS; b++) {
      long f = r.gamma() - 1;
      total += f;
      if (total > RangeCoder.MAX_TOTAL) {
        throw new CorruptFilterException(field, "frequencies sum above " + RangeCoder.MAX_TOTAL);
      }
      if (f > 0 && b > bitLength(maxSymbol)) {
        throw new CorruptFilterException(field, "bit length " + b + " above that of " + maxSymbol);
      }
      freq[b - 1] = (int) f;
    }
    return new SymbolModel(false, null, freq);
  }

  /** Elias gamma code of {@code x >= 1}: b - 1 zeros, a one, the b - 1 low bits of x. */
  static void gamma(BitStreams.Writer w, long x) {
    assert x >= 1;
    int b = bitLength(x);
    if (b > 1) {
      w.append(0L, b - 1);
    }
    w.append(true);
    if (b > 1) {
      w.append(x, b - 1);
    }
  }

  /** Reads a table written with {@link BitStreams.Writer} from bytes; never reads past its end. */
  static final class TableReader {
    private final long[] words;
    private final long bits;
    private long pos;
    private final String field;

    TableReader(byte[] in, int from, int length, String field) {
      this.words = new long[(length + 7) >>> 3];
      for (int i = 0; i < length; i++) {
        words[i >>> 3] |= (in[from + i] & 0xFFL) << (8 * (i & 7));
      }
      this.bits = 8L * length;
      this.field = field;
    }

    long left() {
      return bits - pos;
    }

    boolean bit() throws CorruptFilterException {
      if (pos >= bits) {
        throw new CorruptFilterException(field, "table ends early");
      }
      return BitStreams.get(words, pos++);
    }

    long gamma() throws CorruptFilterException {
      int zeros = 0;
      while (!bit()) {
        if (++zeros > 62) {
          throw new CorruptFilterException(field, "gamma code longer than 63 bits");
        }
      }
      if (zeros == 0) {
        return 1;
      }
      if (pos + zeros > bits) {
        throw new CorruptFilterException(field, "table ends early");
      }
      long low = BitStreams.read(words, pos, zeros);
      pos += zeros;
      return (1L << zeros) | low;
    }

    /** Checks that only zero padding (under 8 bits) is left. */
    void finish() throws CorruptFilterException {
      if (bits - pos >= 8) {
        throw new CorruptFilterException(field, (bits - pos) + " bits after the tables");
      }
      while (pos < bits) {
        if (bit()) {
          throw new CorruptFilterException(field, "padding bit set");
        }
      }
    }
  }
}
