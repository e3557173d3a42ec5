package io.bloomkit.lcbf;

import io.bloomkit.core.CorruptFilterException;
import java.util.Arrays;

/**
 * A byte-oriented integer range coder (arithmetic coding with a 32-bit range): the coding interval
 * is {@code [low, low + range)} scaled to 2^32; a symbol of cumulative frequency {@code cum},
 * frequency {@code freq} and model total {@code total <= MAX_TOTAL} narrows it to {@code r = range /
 * total}, {@code low += r cum}, {@code range = r freq}; whenever {@code range < 2^24} one byte of
 * {@code low} is settled and both are shifted left by 8 bits. {@code low} is kept in 33 bits: a
 * carry out of bit 32 is added to the last unsettled byte and the run of 0xFF bytes behind it (the
 * encoder holds them back until the carry is known). The first byte of such a stream is always 0
 * and is not written; the encoder ends with the four bytes of {@code low}, so the decoder reads
 * exactly as many bytes as were written and a stream that ends early or goes on is detected.
 *
 * <p>Cost: at most {@code log2(range / (r total)) < log2(1 + total / 2^24)} bits per symbol over
 * the ideal {@code -log2(freq / total)} (under 0.006 bits at {@code total = 2^16}), plus 4 bytes at
 * the end.
 */
final class RangeCoder {
  private RangeCoder() {}

  /** Largest model total: keeps {@code range / total >= 2^8} after normalization. */
  static final int MAX_TOTAL = 1 << 16;

  private static final long TOP = 1L << 24;
  private static final long MASK32 = 0xFFFFFFFFL;

  static final class Encoder {
    private byte[] out = new byte[64];
    private int size;
    private boolean skipFirst = true;
    private long low;
    private long range = MASK32;
    private int cache;
    private long pending = 1;

    void encode(int cum, int freq, int total) {
      assert total >= 1 && total <= MAX_TOTAL && freq >= 1 && cum >= 0 && cum + freq <= total;
      long r = range / total;
      low += r * cum;
      range = r * freq;
      while (range < TOP) {
        range <<= 8;
        shiftLow();
      }
    }

    /** {@code n <= 16} raw bits, each value equally likely. */
    void encodeBits(long value, int n) {
      assert n >= 1 && n <= 16;
      encode((int) value, 1, 1 << n);
    }

    private void shiftLow() {
      if (low < 0xFF000000L || low > MASK32) {
        int carry = (int) (low >>> 32);
        int b = cache;
        do {
          emit((b + carry) & 0xFF);
          b = 0xFF;
        } while (--pending != 0);
        cache = (int) ((low >>> 24) & 0xFF);
      }
      pending++;
      low = (low & 0x00FFFFFFL) << 8;
    }

    private void emit(int b) {
      if (skipFirst) {
        skipFirst = false; // always 0: the interval starts below 2^32
        return;
      }
      if (size == out.length) {
        out = Arrays.copyOf(out, 2 * size);
      }
      out[size++] = (byte) b;
    }

    /** Settles {@code low} and returns the stream; the encoder is not to be used afterwards. */
    byte[] finish() {
      for (int i = 0; i < 5; i++) {
        shiftLow();
      }
      return Arrays.copyOf(out, size);
    }
  }

  static final class Decoder {
    private final byte[] in;
    private int pos;
    private final int end;
    private final String field;
    private long code;
    private long range = MASK32;
    private long r;

    /** Decodes {@code in[from, to)}; damage is reported as a corrupt {@code field}. */
    Decoder(byte[] in, int from, int to, String field) throws CorruptFilterException {
      this.in = in;
      this.pos = from;
      this.end = to;
      this.field = field;
      for (int i = 0; i < 4; i++) {
        code = (code << 8) | next();
      }
    }

    /** The cumulative frequency the next symbol covers, in {@code [0, total)}. */
    int peek(int total) throws CorruptFilterException {
      assert total >= 1 && total <= MAX_TOTAL;
      r = range / total;
      long v = code / r;
      if (v >= total) {
        throw new CorruptFilterException(field, "code point past the model's total " + total);
      }
      return (int) v;
    }

    /** Removes the symbol {@code [cum, cum + freq)} that {@link #peek} fell in. */
    void consume(int cum, int freq) throws CorruptFilterException {
      code -= r * cum;
      range = r * freq;
      while (range < TOP) {
        code = (code << 8) | next();
        range <<= 8;
      }
    }

    /** {@code n <= 16} raw bits written by {@link Encoder#encodeBits}. */
    long decodeBits(int n) throws CorruptFilterException {
      int v = peek(1 << n);
      consume(v, 1);
      return v;
    }

    private int next() throws CorruptFilterException {
      if (pos >= end) {
        throw new CorruptFilterException(field, "coded stream ends early");
      }
      return in[pos++] & 0xFF;
    }

    /** Checks that the stream was read to its end. */
    void finish() throws CorruptFilterException {
      if (pos != end) {
        throw new CorruptFilterException(field, (end - pos) + " bytes after the coded stream");
      }
    }
  }
}
