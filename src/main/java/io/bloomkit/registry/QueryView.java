package io.bloomkit.registry;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.PackedCounters;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A read-only filter over one bit per position: the first level of an ACBF or the non-zero
 * counters of a CBF. Answers queries exactly like the filter it was read from; cannot be written
 * back (its counts are gone).
 */
final class QueryView implements Filter {
  private final FilterShape shape;
  private final HashStrategy hash;
  private final long[] words;
  private final long m;
  private final int k;
  private final long items;

  QueryView(FilterShape shape, HashStrategy hash, BitArray bits, long items) {
    this.shape = shape;
    this.hash = hash;
    this.words = bits.words();
    this.m = shape.positions();
    this.k = shape.numHashes();
    this.items = items;
  }

  static QueryView readAcbfFirstLevel(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    long[] l1 =
        r.readLongArray(AccurateCountingBloomFilter.checkPayloadBytes(r.header, shape), "firstLevel");
    r.skip(r.remaining(), "levels");
    r.finish();
    try {
      return new QueryView(shape, r.header.hash, new BitArray(shape.positions(), l1), r.header.items);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("firstLevel", e.getMessage());
    }
  }

  static QueryView readCounting(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    long m = shape.positions();
    int words = BloomFilter.checkedWords(r, PackedCounters.wordsFor(m), 8);
    int bitWords = (int) BitArray.wordsFor(m);
    // one bit word per 4 counter words; of unknown length, the array grows as the counters arrive
    long[] bits = new long[r.lengthKnown() ? bitWords : Math.min(bitWords, 1 << 14)];
    for (int w = 0; w < words; w++) {
      long x = r.readLong("counters");
      int bw = w >>> 2;
      if (bw == bits.length) {
        bits = Arrays.copyOf(bits, (int) Math.min(bitWords, 2L * bits.length));
      }
      for (int j = 0; j < 16 && x != 0; j++, x >>>= 4) {
        if ((x & 0xF) != 0) {
          long pos = ((long) w << 4) + j;
          if (pos >= m) {
            throw new CorruptFilterException("payload", "counter set past size " + m);
          }
          bits[bw] |= BitArray.mask(pos);
        }
      }
    }
    r.finish();
    return new QueryView(shape, r.header.hash, new BitArray(m, bits), r.header.items);
  }

  @Override
  public boolean mightContain(KeyHash h) {
    return mightContain(h.h1(), h.h2());
  }

  @Override
  public boolean mightContain(long h1, long h2) {
    for (int i = 0; i < k; i++) {
      long p = HashStrategy.position(h1, h2, i, m);
      if ((words[BitArray.word(p)] & BitArray.mask(p)) == 0) {
        return false;
      }
    }
    return true;
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
    return items;
  }


  @Override
  public void writeTo(OutputStream out) {
    throw new UnsupportedOperationException(
        "a query view holds only the first level; read the full filter to write it");
  }

  @Override
  public String toString() {
    return "QueryView[" + shape + ", items=" + items + "]";
  }
}
