package io.bloomkit.lcbf;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.bits.BitStreams;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * The LCBF's transmitted form compressed by arithmetic coding [Icebergs sec. II].
 *
 * <p><b>What the paper says.</b> Section II only states that "the linked counting Bloom filter can
 * be compressed effectively with simple compression algorithms like arithmetic coding" as one of
 * four reasons its overhead is justified; it names no model (static or adaptive), does not say which
 * layer is coded and claims no size; its evaluation (Fig. 5) measures the one- and two-layer forms
 * only. <b>Our reading:</b> code the information of the two-layer form (section V) — per entry the
 * first-layer bit and the link bits, which together are the length of the entry's list, and the
 * list's values — with an order-0 model of each, which is what "simple" arithmetic coding of a
 * filter usually means. The model is static (two passes: count, send the tables, code), so the coded
 * stream's size is the empirical entropy of the symbols plus a few bytes, and the tables are paid
 * for explicitly; an adaptive model would spend about the same on learning. Not exploited: that an
 * item's value appears in all its k entries (the receiver cannot know which entries those are
 * without the keys).
 *
 * <p>The message, in bytes:
 *
 * <pre>
 *   1         version (1)
 *   varint    m (entries)            1 byte  k (numHashes)      1 byte  l (valueBits)
 *   8         seed (big-endian)      varint  items              varint  table bytes T
 *   T         tables: the model of the list lengths + 1 (m symbols), then of the values (V symbols)
 *             (see {@link SymbolModel}), bits little-endian, zero-padded to a byte
 *   rest      range-coded body: per entry in order its list length + 1, then its values
 * </pre>
 *
 * {@link #codedBits} counts the tables and the body (what stands for the layers; the parameters
 * are left out, as they are from {@link LinkedCountingBloomFilter#twoLayerBits()}). Decoding checks
 * every field before it allocates, and a caller's {@code maxCells} bounds the entries plus values
 * it will allocate: a static model may code a huge filter in few bytes (an empty one of any m in
 * almost none), so the size of the message cannot bound it.
 */
public final class LcbfArithmeticCode {
  private LcbfArithmeticCode() {}

  static final int VERSION = 1;

  /** The parts of an encoded message, in bytes. */
  static final class Encoded {
    final byte[] message;
    final int headerBytes;
    final int tableBytes;
    final int bodyBytes;
    /** {@link #entropyBits} of the filter. */
    final double entropyBits;

    Encoded(byte[] message, int headerBytes, int tableBytes, int bodyBytes, double entropyBits) {
      this.message = message;
      this.headerBytes = headerBytes;
      this.tableBytes = tableBytes;
      this.bodyBytes = bodyBytes;
      this.entropyBits = entropyBits;
    }

    /** Tables plus body: {@link LcbfArithmeticCode#codedBits}. */
    long codedBits() {
      return 8L * (tableBytes + bodyBytes);
    }
  }

  /** The arithmetic-coded message of {@code f} (parameters, tables, coded lists). */
  public static byte[] encode(LinkedCountingBloomFilter f) {
    return encodeParts(f).message;
  }

  /**
   * Bits of the coded lists: tables plus range-coded body, without the parameters; comparable with
   * {@link LinkedCountingBloomFilter#twoLayerBits()}.
   */
  public static long codedBits(LinkedCountingBloomFilter f) {
    return encodeParts(f).codedBits();
  }

  /**
   * The order-0 empirical entropy, in bits, of the coded symbols: m list lengths and V values,
   * {@code sum over symbols s of c_s log2(N / c_s)} per stream. The body cannot be smaller with the
   * static model (the tables come on top).
   */
  public static double entropyBits(LinkedCountingBloomFilter f) {
    return Streams.of(f).entropyBits(f);
  }

  private static double entropy(long[] counts, long n) {
    double h = 0;
    for (long c : counts) {
      if (c > 0) {
        h += c * (Math.log((double) n / c) / Math.log(2));
      }
    }
    return h;
  }

  /** The two symbol streams' alphabets and counts. */
  private static final class Streams {
    long[] lengthSymbols;
    long[] lengthCounts;
    long[] valueSymbols;
    long[] valueCounts;

    double entropyBits(LinkedCountingBloomFilter f) {
      return entropy(lengthCounts, f.m) + entropy(valueCounts, f.values);
    }

    static Streams of(LinkedCountingBloomFilter f) {
      Streams s = new Streams();
      int maxLen = 0;
      for (long[] l : f.lists) {
        maxLen = Math.max(maxLen, l == null ? 0 : l.length);
      }
      long[] byLength = new long[maxLen + 1];
      long[] all = new long[(int) f.values];
      int n = 0;
      for (long[] l : f.lists) {
        byLength[l == null ? 0 : l.length]++;
        if (l != null) {
          System.arraycopy(l, 0, all, n, l.length);
          n += l.length;
        }
      }
      int distinct = 0;
      for (long c : byLength) {
        distinct += c > 0 ? 1 : 0;
      }
      s.lengthSymbols = new long[distinct];
      s.lengthCounts = new long[distinct];
      for (int len = 0, i = 0; len <= maxLen; len++) {
        if (byLength[len] > 0) {
          s.lengthSymbols[i] = len + 1L;
          s.lengthCounts[i++] = byLength[len];
        }
      }
      Arrays.sort(all);
      long[] sym = new long[all.length];
      long[] cnt = new long[all.length];
      int d = 0;
      for (int i = 0; i < all.length; i++) {
        if (d > 0 && sym[d - 1] == all[i]) {
          cnt[d - 1]++;
        } else {
          sym[d] = all[i];
          cnt[d++] = 1;
        }
      }
      s.valueSymbols = Arrays.copyOf(sym, d);
      s.valueCounts = Arrays.copyOf(cnt, d);
      return s;
    }
  }

  static Encoded encodeParts(LinkedCountingBloomFilter f) {
    Streams s = Streams.of(f);
    SymbolModel lengths = SymbolModel.of(s.lengthSymbols, s.lengthCounts);
    SymbolModel values = SymbolModel.of(s.valueSymbols, s.valueCounts);
    BitStreams.Writer w = new BitStreams.Writer(4);
    lengths.writeTable(w);
    values.writeTable(w);
    long[] words = w.toWords(0);
    byte[] table = new byte[(int) ((w.size() + 7) >>> 3)];
    for (int i = 0; i < table.length; i++) {
      table[i] = (byte) (words[i >>> 3] >>> (8 * (i & 7)));
    }
    RangeCoder.Encoder e = new RangeCoder.Encoder();
    for (long[] l : f.lists) {
      lengths.encode(e, l == null ? 1 : l.length + 1L);
      if (l != null) {
        for (long v : l) {
          values.encode(e, v);
        }
      }
    }
    byte[] body = e.finish();
    ByteArrayOutputStream out = new ByteArrayOutputStream(32 + table.length + body.length);
    out.write(VERSION);
    varint(out, f.m);
    out.write(f.k);
    out.write(f.valueBits);
    for (int i = 56; i >= 0; i -= 8) {
      out.write((int) (f.seed >>> i));
    }
    varint(out, f.items);
    varint(out, table.length);
    int header = out.size();
    out.write(table, 0, table.length);
    out.write(body, 0, body.length);
    return new Encoded(out.toByteArray(), header, table.length, body.length, s.entropyBits(f));
  }

  private static void varint(ByteArrayOutputStream out, long x) {
    while ((x & ~0x7FL) != 0) {
      out.write((int) ((x & 0x7F) | 0x80));
      x >>>= 7;
    }
    out.write((int) x);
  }

  /**
   * Decodes a message of {@link #encode}: the same filter (lists, parameters, seed, items).
   *
   * @param maxCells the most entries plus values the caller accepts to allocate (the receiver knows
   *     the filter shapes it expects); a message above it fails
   * @throws CorruptFilterException if the message is damaged, truncated, has bytes after its end,
   *     or describes a filter above {@code maxCells}
   */
  public static LinkedCountingBloomFilter decode(byte[] message, long maxCells) throws CorruptFilterException {
    Cursor c = new Cursor(message);
    int version = c.u8("version");
    if (version != VERSION) {
      throw new CorruptFilterException("version", "unknown: " + version);
    }
    long m = c.varint("entries");
    if (m < 1 || m > Integer.MAX_VALUE - 8 || m > maxCells) {
      throw new CorruptFilterException("entries", m + " not in [1, min(2^31 - 9, maxCells = " + maxCells + ")]");
    }
    int k = c.u8("numHashes");
    if (k < 1 || k > BloomMath.MAX_HASHES) {
      throw new CorruptFilterException("numHashes", "out of range: " + k);
    }
    int l = c.u8("valueBits");
    if (l < 1 || l > 62) {
      throw new CorruptFilterException("valueBits", "out of range: " + l);
    }
    long seed = 0;
    for (int i = 0; i < 8; i++) {
      seed = (seed << 8) | c.u8("seed");
    }
    long items = c.varint("items");
    long tableBytes = c.varint("tables");
    if (tableBytes > message.length - c.pos) {
      throw new CorruptFilterException("tables", tableBytes + " bytes, " + (message.length - c.pos) + " left");
    }
    SymbolModel.TableReader t = new SymbolModel.TableReader(message, c.pos, (int) tableBytes, "tables");
    long maxLength = maxCells - m; // values the budget leaves
    SymbolModel lengths = SymbolModel.readTable(t, maxLength + 1, "tables");
    long maxValue = (1L << l) - 1;
    SymbolModel values = SymbolModel.readTable(t, maxValue, "tables");
    t.finish();
    RangeCoder.Decoder d = new RangeCoder.Decoder(message, c.pos + (int) tableBytes, message.length, "body");
    LinkedCountingBloomFilter f = new LinkedCountingBloomFilter(m, k, l, seed);
    long budget = maxLength;
    for (int e = 0; e < m; e++) {
      long len = lengths.decode(d, maxLength + 1, "body") - 1;
      if (len == 0) {
        continue;
      }
      if (len > budget || len > Integer.MAX_VALUE - 8) {
        throw new CorruptFilterException("body", "more values than maxCells = " + maxCells + " allows");
      }
      budget -= len;
      long[] list = new long[(int) len];
      for (int i = 0; i < len; i++) {
        list[i] = values.decode(d, maxValue, "body");
      }
      f.lists[e] = list;
      f.nonEmpty++;
      f.values += len;
    }
    d.finish();
    f.items = items;
    return f;
  }

  private static final class Cursor {
    final byte[] in;
    int pos;

    Cursor(byte[] in) {
      this.in = in;
    }

    int u8(String field) throws CorruptFilterException {
      if (pos >= in.length) {
        throw new CorruptFilterException(field, "message ends early");
      }
      return in[pos++] & 0xFF;
    }

    /** An unsigned LEB128 varint of at most 63 bits. */
    long varint(String field) throws CorruptFilterException {
      long x = 0;
      for (int shift = 0; shift < 63; shift += 7) {
        int b = u8(field);
        if (shift == 56 && b > 0x7F) {
          throw new CorruptFilterException(field, "varint longer than 63 bits");
        }
        x |= (long) (b & 0x7F) << shift;
        if (b < 0x80) {
          return x;
        }
      }
      throw new CorruptFilterException(field, "varint longer than 63 bits");
    }
  }
}
