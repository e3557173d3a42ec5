package io.bloomkit.acbf;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.BitStreams;
import io.bloomkit.core.format.FilterFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * The ACBF's payload in the one file format ({@link FilterFormat}; layout in docs/format.md): the
 * first level L1 as words, the level count, the level bit count and the global levels L2..Ld one
 * after the other, without the idle space. Reading rebuilds the per-segment chains from the global
 * levels and checks every count against the header before anything large is allocated.
 */
final class AcbfFormat {
  private AcbfFormat() {}

  static void write(AccurateCountingBloomFilter f, OutputStream out) throws IOException {
    BitStreams.Writer levels = new BitStreams.Writer((int) Math.min(1 << 20, f.levelBits / 64 + 1));
    int segments = f.upper.length;
    int[] start = new int[segments];
    int[] len = new int[segments];
    long total = 0;
    for (int s = 0; s < segments; s++) {
      len[s] = f.segmentOnes[s];
      total += len[s];
    }
    int levelCount = 0;
    while (total > 0) {
      levelCount++;
      total = 0;
      for (int s = 0; s < segments; s++) {
        if (len[s] == 0) {
          continue;
        }
        levels.appendRange(f.upper[s], start[s], len[s]);
        int next = (int) BitStreams.popcount(f.upper[s], start[s], start[s] + len[s]);
        start[s] += len[s];
        len[s] = next;
        total += next;
      }
    }
    if (levels.size() != f.levelBits) {
      throw new IllegalStateException("level bits " + levels.size() + " != " + f.levelBits);
    }
    long[] levelWords = levels.toWords(0);
    long payload = 8L * f.l1.length + 4 + 8 + 8L * levelWords.length;
    final int lc = levelCount;
    FilterFormat.Header h = new FilterFormat.Header(f.shape, f.hash, f.items, payload);
    FilterFormat.write(
        out,
        h,
        d -> {
          for (long w : f.l1) {
            d.writeLong(w);
          }
          d.writeInt(lc);
          d.writeLong(f.levelBits);
          for (long w : levelWords) {
            d.writeLong(w);
          }
        });
  }

  /**
   * Checks, before anything is allocated, that the header's payload length is the one its shape and
   * items imply: the first level, the level count and size, and the {@code numHashes * items} level
   * bits. Returns the first level's word count.
   */
  static int checkPayloadBytes(FilterFormat.Header h, FilterShape shape)
      throws CorruptFilterException {
    long l1Words = BitArray.wordsFor(shape.positions());
    if (l1Words > FilterFormat.MAX_ARRAY) {
      throw new CorruptFilterException(
          "positions", "first level of " + shape.positions() + " bits is more than one array holds");
    }
    long levelBits = (long) shape.numHashes() * h.items; // items <= 4m: no overflow
    long expected = 8 * l1Words + 12 + 8 * BitArray.wordsFor(levelBits);
    if (h.payloadBytes != expected) {
      throw new CorruptFilterException(
          "payloadBytes",
          h.payloadBytes + " does not match first level " + 8 * l1Words + " + 12 + levels "
              + 8 * BitArray.wordsFor(levelBits) + " bytes (numHashes * items = " + levelBits
              + " bits)");
    }
    return (int) l1Words;
  }

  static AccurateCountingBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    long[] firstLevel = r.readLongArray(checkPayloadBytes(r.header, shape), "firstLevel");
    AccurateCountingBloomFilter f;
    try {
      f = new AccurateCountingBloomFilter(shape, r.header.hash, firstLevel);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("positions", e.getMessage());
    }
    int levelCount = r.readInt("levels");
    long levelBits = r.readLong("levelBits");
    long items = r.header.items;
    if (levelBits != (long) f.k * items) {
      throw new CorruptFilterException(
          "levelBits", levelBits + ", expected numHashes * items = " + (long) f.k * items);
    }
    if (levelBits > f.idleBits) {
      throw new CorruptFilterException(
          "levelBits", levelBits + " exceeds the idle space of " + f.idleBits + " bits");
    }
    long words = BitArray.wordsFor(levelBits);
    if (r.remaining() != 8 * words) {
      throw new CorruptFilterException(
          "payloadBytes",
          r.header.payloadBytes + " does not match first level " + 8L * f.l1.length
              + " + 12 + levels " + 8 * words + " bytes");
    }
    long[] g = r.readLongArray(words, "levelBits");
    r.finish();
    try {
      new BitArray(f.m1, f.l1); // checks no bit is set past m1
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("firstLevel", e.getMessage());
    }
    // global level bases: |L2| = popcount(L1), |L(j+1)| = popcount(Lj)
    long[] base = new long[8];
    long[] length = new long[8];
    long len = BitStreams.popcount(f.l1, 0, f.m1);
    long pos = 0;
    int d = 0;
    while (len > 0) {
      if (pos + len > levelBits) {
        throw new CorruptFilterException(
            "levelBits", levelBits + " bits cannot hold level " + (d + 2) + " (popcounts say more)");
      }
      if (d == base.length) {
        base = Arrays.copyOf(base, d * 2);
        length = Arrays.copyOf(length, d * 2);
      }
      base[d] = pos;
      length[d] = len;
      d++;
      long next = BitStreams.popcount(g, pos, pos + len);
      pos += len;
      len = next;
    }
    if (pos != levelBits || d != levelCount) {
      throw new CorruptFilterException(
          "levels",
          "header says " + levelCount + " levels of " + levelBits + " bits, the bits hold " + d
              + " levels of " + pos + " bits");
    }
    long[] off = new long[d];
    for (int s = 0; s < f.upper.length; s++) {
      long segStart = (long) s << AccurateCountingBloomFilter.SEGMENT_SHIFT;
      int n = (int) BitStreams.popcount(f.l1, segStart, segStart + f.segmentLength(s));
      f.l1Ones += n;
      f.segmentOnes[s] = n;
      if (n == 0) {
        continue;
      }
      BitStreams.Writer w = new BitStreams.Writer((n >>> 6) + 1);
      for (int j = 0; n > 0; j++) {
        long from = base[j] + off[j];
        w.appendRange(g, from, n);
        off[j] += n;
        n = (int) BitStreams.popcount(g, from, from + n);
      }
      f.upper[s] = w.toWords(1);
      f.upperBits[s] = (int) w.size();
      f.levelBits += w.size();
    }
    f.items = items;
    return f;
  }

}
