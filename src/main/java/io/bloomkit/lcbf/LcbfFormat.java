package io.bloomkit.lcbf;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.BitStreams;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The LCBF's payload in the one file format ({@code core.format.FilterFormat}; the parameter block
 * is {@code ParameterBlock.LinkedCounting}, drawn there): the value width and seed, then the two
 * layers as one bit stream, little-endian in W = ceil((m + V(l+1)) / 64) longs: bits [0, m) the
 * first layer (entry i non-empty), then per non-empty entry in order its values, each 1 link bit
 * (1: more follow) then l value bits (low bit first); padding bits zero. Reading checks every
 * header field against the others before the layers are allocated.
 */
final class LcbfFormat {
  private LcbfFormat() {}

  static void write(LinkedCountingBloomFilter f, OutputStream out) throws IOException {
    long bits = f.twoLayerBits();
    BitStreams.Writer w = new BitStreams.Writer((int) BitArray.wordsFor(bits));
    for (int e = 0; e < f.m; ) {
      int n = (int) Math.min(64, f.m - e);
      long word = 0;
      for (int b = 0; b < n; b++) {
        if (f.lists[e + b] != null) {
          word |= 1L << b;
        }
      }
      w.append(word, n);
      e += n;
    }
    for (long[] l : f.lists) {
      if (l != null) {
        for (int i = 0; i < l.length; i++) {
          w.append(i + 1 < l.length);
          w.append(l[i], f.valueBits);
        }
      }
    }
    long[] words = w.toWords(0);
    FilterFormat.Header h =
        new ParameterBlock.LinkedCounting(f.m, f.k, f.values, f.valueBits)
            .header(f.items, ParameterBlock.LinkedCounting.PARAMETER_BYTES + 8L * words.length);
    FilterFormat.write(
        out,
        h,
        d -> {
          d.writeInt(f.valueBits);
          d.writeLong(f.seed);
          for (long x : words) {
            d.writeLong(x);
          }
        });
  }

  static LinkedCountingBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    if (h.family != FilterFamily.LINKED_COUNTING) {
      throw r.unsupported(
          "LinkedCountingBloomFilter.read", java.util.EnumSet.of(FilterFamily.LINKED_COUNTING));
    }
    if (h.numHashes < 1 || h.numHashes > BloomMath.MAX_HASHES) {
      throw new CorruptFilterException("numHashes", "out of range: " + h.numHashes);
    }
    if (h.variant != 0) {
      throw new CorruptFilterException("variant", "must be 0: " + h.variant);
    }
    if (h.positions < 1 || h.positions > Integer.MAX_VALUE - 8) {
      throw new CorruptFilterException("positions", "out of range: " + h.positions);
    }
    if (h.counters < 0 || h.counters > 1L << 40) {
      throw new CorruptFilterException("counters", "out of range: " + h.counters);
    }
    if (h.capacity != 0) {
      throw new CorruptFilterException("capacity", "must be 0: " + h.capacity);
    }
    int l = r.readInt("valueBits");
    if (l < 1 || l > 62) {
      throw new CorruptFilterException("valueBits", "out of range: " + l);
    }
    long bits = LcbfTheory.twoLayerBits(h.positions, h.counters, l);
    if (h.memoryBits != bits) {
      throw new CorruptFilterException("memoryBits", h.memoryBits + ", expected m + V(l+1) = " + bits);
    }
    long words = BitArray.wordsFor(bits);
    long payload = ParameterBlock.LinkedCounting.PARAMETER_BYTES + 8 * words;
    if (h.payloadBytes != payload) {
      throw new CorruptFilterException("payloadBytes", h.payloadBytes + ", expected " + payload);
    }
    long seed = r.readLong("seed");
    long[] a = r.readLongArray(words, "layers");
    r.finish();
    LinkedCountingBloomFilter f = new LinkedCountingBloomFilter(h.positions, h.numHashes, l, seed);
    long at = h.positions;
    long[] buf = new long[8];
    for (int e = 0; e < h.positions; e++) {
      if (!BitStreams.get(a, e)) {
        continue;
      }
      int n = 0;
      boolean more = true;
      while (more) {
        if (at + 1 + l > bits) {
          throw new CorruptFilterException("layers", "second layer ends inside the list of entry " + e);
        }
        more = BitStreams.get(a, at);
        long v = BitStreams.read(a, at + 1, l);
        at += 1 + l;
        if (v == 0) {
          throw new CorruptFilterException("layers", "zero value in the list of entry " + e);
        }
        if (n == buf.length) {
          buf = Arrays.copyOf(buf, 2 * n);
        }
        buf[n++] = v;
      }
      f.lists[e] = Arrays.copyOf(buf, n);
      f.nonEmpty++;
      f.values += n;
    }
    if (at != bits) {
      throw new CorruptFilterException("counters", h.counters + " values declared, " + f.values + " in the lists");
    }
    if ((bits & 63) != 0 && (a[a.length - 1] >>> (bits & 63)) != 0) {
      throw new CorruptFilterException("layers", "bits set past the end of the second layer");
    }
    f.items = h.items;
    return f;
  }

}
