package io.bloomkit.sbbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.FilterTooLargeException;
import io.bloomkit.core.SplitBlockSizing;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.Binomial;
import io.bloomkit.testing.FilterBytes;
import io.bloomkit.testing.Tier;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * The split-block Bloom filter against a naive model written here from its description (eight
 * {@code int} words per block, the block by multiply-shift, one bit per word from the salts of
 * Parquet's specification), its observed rate against the rate computed here from the exact
 * binomial load of a block (not the library's Poisson sum), the sizing rules, merge, the format
 * (payload layout, round trip, damaged headers) and a filter of more than 2^32 bits.
 */
public class SplitBlockBloomFilterTest {
  private static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;
  private static final int[] SALT = {
    0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31
  };

  /** The model: blocks of eight 32-bit words. */
  private static final class Naive {
    final int[][] blocks;

    Naive(int b) {
      blocks = new int[b][8];
    }

    int block(KeyHash h) {
      return (int) (((h.h1() >>> 32) * blocks.length) >>> 32);
    }

    static int bit(KeyHash h, int j) {
      return ((int) h.h2() * SALT[j]) >>> 27;
    }

    void add(KeyHash h) {
      int b = block(h);
      for (int j = 0; j < 8; j++) {
        blocks[b][j] |= 1 << bit(h, j);
      }
    }

    boolean mightContain(KeyHash h) {
      int b = block(h);
      for (int j = 0; j < 8; j++) {
        if ((blocks[b][j] & (1 << bit(h, j))) == 0) {
          return false;
        }
      }
      return true;
    }
  }

  @Test
  public void answersAsTheNaiveModelAndLaysOutItsPayloadAsDocumented() throws IOException {
    int b = 97; // not a power of two: the multiply-shift takes any count
    SplitBlockBloomFilter f = SplitBlockBloomFilter.create(FilterShape.splitBlock(b, 2_000));
    Naive naive = new Naive(b);
    for (int i = 0; i < 2_000; i++) {
      KeyHash h = H.hash("key" + i);
      boolean changed = f.add(h);
      boolean before = naive.mightContain(h);
      naive.add(h);
      assertEquals(!before, changed, "add reports a change exactly when a bit was missing");
    }
    int positives = 0;
    for (int i = 0; i < 50_000; i++) {
      KeyHash h = H.hash("probe" + i);
      assertEquals(naive.mightContain(h), f.mightContain(h), "probe" + i);
      positives += f.mightContain(h) ? 1 : 0;
    }
    assertTrue(positives > 0 && positives < 50_000, "some probes pass, not all: " + positives);
    for (int i = 0; i < 2_000; i++) {
      assertTrue(f.mightContain("key" + i), "no false negative");
    }
    // payload: block by block, four big-endian longs, word j in the low (even j) or high half
    byte[] file = FilterBytes.of(f);
    ByteBuffer p = ByteBuffer.wrap(file, FilterFormat.HEADER_BYTES, 32 * b);
    long setBits = 0;
    for (int blk = 0; blk < b; blk++) {
      for (int l = 0; l < 4; l++) {
        long w = p.getLong();
        assertEquals(naive.blocks[blk][2 * l], (int) w, "block " + blk + " word " + 2 * l);
        assertEquals(naive.blocks[blk][2 * l + 1], (int) (w >>> 32), "block " + blk);
        setBits += Long.bitCount(w);
      }
    }
    assertEquals(setBits, f.cardinality());
    assertEquals(file.length, FilterFormat.HEADER_BYTES + 32 * b + 4);
  }

  /** The rate the test expects: the exact binomial load of a block, each word's bit independent. */
  private static double expectedRate(long blocks, int n) {
    return Binomial.splitBlockRate(blocks, n);
  }

  /**
   * Observed rates at 6, 10 and 16 bits per key (100,000 keys, 3,000,000 absent probes; the fast
   * tier 10 bits only) lie in their exact binomial intervals around the rate computed here (99.9%
   * family-wide), each point expecting at least 50 false positives; the library's binomial sum
   * agrees with it within 1%.
   */
  @Test
  public void observedRatesMatchTheBinomialLoadOfABlock() {
    int n = 100_000;
    int queries = 3_000_000;
    int[] bitsPerKey = Tier.full() ? new int[] {6, 10, 16} : new int[] {10};
    for (int bpk : bitsPerKey) {
      FilterShape s =
          FilterShape.forBitsPerKey(FilterFamily.SPLIT_BLOCK, null, n, 0, bpk, 0);
      long blocks = (long) bpk * n / 256;
      assertEquals(256 * blocks, s.positions());
      double want = expectedRate(blocks, n);
      assertEquals(want, s.fpp(n), want * 0.01, "Poisson sum vs binomial at " + bpk);
      assertTrue(want * queries >= 50, "too rare to measure: " + want);
      SplitBlockBloomFilter f = SplitBlockBloomFilter.create(s);
      for (int i = 0; i < n; i++) {
        f.add("present:" + i);
      }
      long fp = 0;
      for (int i = 0; i < queries; i++) {
        fp += f.mightContain("absent:" + i) ? 1 : 0;
      }
      Binomial.assertWithin(bpk + " bits per key", queries, want, fp, 0.001 / bitsPerKey.length);
    }
  }

  @Test
  public void sizingTakesTheFewestBlocksReachingTheRate() {
    for (double fpp : new double[] {0.1, 0.01, 1e-3, 1e-4}) {
      for (long n : new long[] {1, 1_000, 1_000_000}) {
        FilterShape s = FilterShape.forFpp(FilterFamily.SPLIT_BLOCK, null, n, 0, fpp, 0);
        long blocks = s.positions() / 256;
        assertEquals(8, s.numHashes());
        assertEquals(s.positions(), s.memoryBits());
        assertTrue(SplitBlockSizing.fpp(blocks, n) <= fpp, fpp + " " + n);
        if (blocks > 1) {
          assertTrue(SplitBlockSizing.fpp(blocks - 1, n) > fpp, "one block fewer reaches " + fpp);
        }
      }
    }
    // 1 key in 1 block: the 8 bits of one key, each hit with probability 1/32
    assertEquals(Math.pow(1.0 / 32, 8), SplitBlockSizing.fpp(1, 1), 1e-20);
    assertEquals(0.0, SplitBlockSizing.fpp(10, 0));
    assertEquals(
        3, FilterShape.forBitsPerKey(FilterFamily.SPLIT_BLOCK, null, 100, 0, 7.9, 0).positions() / 256);
    IllegalArgumentException k =
        assertThrows(IllegalArgumentException.class,
            () -> FilterShape.forFpp(FilterFamily.SPLIT_BLOCK, null, 100, 0, 0.01, 3));
    assertEquals("numHashes of a split-block filter is always 8: 3", k.getMessage());
    assertEquals(256, // 200 bits: less than a block, still one
        FilterShape.forBitsPerKey(FilterFamily.SPLIT_BLOCK, null, 10, 0, 20, 0).positions());
    assertThrows(FilterTooLargeException.class,
        () -> FilterShape.forFpp(FilterFamily.SPLIT_BLOCK, null, Long.MAX_VALUE / 4, 0, 1e-9, 0));
  }

  @Test
  public void mergeIsTheFilterOfTheUnion() {
    FilterShape shape = FilterShape.splitBlock(40, 400);
    SplitBlockBloomFilter a = SplitBlockBloomFilter.create(shape);
    SplitBlockBloomFilter b = SplitBlockBloomFilter.create(shape);
    SplitBlockBloomFilter both = SplitBlockBloomFilter.create(shape);
    for (int i = 0; i < 400; i++) {
      (i % 2 == 0 ? a : b).add("m" + i);
      both.add("m" + i);
    }
    a.merge(b);
    assertEquals(both, a);
    assertEquals(400, a.items());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> a.merge(SplitBlockBloomFilter.create(FilterShape.splitBlock(41, 400))));
    assertEquals("cannot merge filters with different positions: 10240 vs 10496", e.getMessage());
  }

  @Test
  public void roundTripsThroughTheRegistryAndRefusesDamagedHeaders() throws IOException {
    SplitBlockBloomFilter f = SplitBlockBloomFilter.create(FilterShape.splitBlock(13, 100));
    for (int i = 0; i < 100; i++) {
      f.add("r" + i);
    }
    byte[] b = FilterBytes.of(f);
    SplitBlockBloomFilter back =
        Filters.read(new ByteArrayInputStream(b), b.length, SplitBlockBloomFilter.class);
    assertEquals(f, back);
    assertEquals(100, back.items());
    assertEquals(f.shape(), Filters.readShape(new ByteArrayInputStream(b), b.length));
    for (int i = 0; i < 100; i++) {
      assertTrue(Filters.readQueryView(new ByteArrayInputStream(b)).mightContain("r" + i));
    }
    // positions not a whole number of blocks, numHashes other than 8, a payload of another length
    assertCorrupt(withLong(b, FilterFormat.POSITIONS_OFFSET, 13 * 256 + 64), "positions");
    assertCorrupt(withInt(b, FilterFormat.NUM_HASHES_OFFSET, 7), "numHashes");
    assertCorrupt(withLong(b, FilterFormat.POSITIONS_OFFSET, 12 * 256), "payloadBytes");
  }

  private static void assertCorrupt(byte[] b, String field) {
    CorruptFilterException e = assertThrows(CorruptFilterException.class,
        () -> Filters.read(new ByteArrayInputStream(b), b.length));
    assertEquals(field, e.field(), e.getMessage());
  }

  private static byte[] withLong(byte[] b, int offset, long v) {
    byte[] c = b.clone();
    ByteBuffer.wrap(c).putLong(offset, v);
    return c;
  }

  private static byte[] withInt(byte[] b, int offset, int v) {
    byte[] c = b.clone();
    ByteBuffer.wrap(c).putInt(offset, v);
    return c;
  }

  @Test
  public void aFilterOfMoreThanTwoToThe32BitsWorks() {
    long blocks = ((1L << 32) + (1L << 30)) / 256 + 17; // 671 MB; a fifth of the blocks past 2^32 bits
    SplitBlockBloomFilter f = SplitBlockBloomFilter.create(FilterShape.splitBlock(blocks, 1_000));
    long high = 0;
    for (int i = 0; i < 1_000; i++) {
      KeyHash h = H.hash("big" + i);
      f.add(h);
      high += ((h.h1() >>> 32) * blocks >>> 32) * 256 >= (1L << 32) ? 1 : 0;
    }
    assertTrue(high > 100, "blocks beyond 2^32 bits: " + high);
    for (int i = 0; i < 1_000; i++) {
      assertTrue(f.mightContain("big" + i));
    }
    assertEquals(8_000, f.cardinality(), 8);
  }
}
