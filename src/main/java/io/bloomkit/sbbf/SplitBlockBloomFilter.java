package io.bloomkit.sbbf;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.SplitBlockSizing;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A split-block Bloom filter: B blocks of 256 bits, each eight 32-bit words; a key sets one bit in
 * each word of one block, so adding or probing a key touches 32 bytes, one cache line, where a
 * Bloom filter of k hashes touches k lines ({@link SplitBlockSizing} has the theory and sizing).
 * Merges by OR.
 *
 * <p>From the key's 128-bit hash ({@link HashStrategy}, as every family): the block is {@code
 * ((h1 >>> 32) * B) >>> 32} (Lemire's multiply-shift, B below 2^32), and the bit of word j is the
 * top five bits of {@code x * SALT[j]} (32-bit product, {@code x} the low 32 bits of h2), with
 * the eight odd constants of Parquet's split-block filter specification; the block's choice and
 * the bits' thus come from independent halves of the hash.
 *
 * <p>In memory the blocks sit after {@value #PAD} longs of padding: a large array starts at its
 * region's start plus a 16-byte header (HotSpot's humongous objects, which every filter beyond a
 * few megabytes is), so block b starts at byte {@code 64 + 32 b} and never straddles a 64-byte
 * line; small filters, which stay in cache, do not care. Payload in the format: the blocks in
 * order, four longs each, word j of a block in the low (j even) or high (j odd) half of its long
 * {@code j / 2}: {@code 4 B} longs in all (docs/format.md).
 *
 * <p>Not thread-safe for adds; read-only use from many threads is safe.
 */
public final class SplitBlockBloomFilter implements Filter {
  /** Longs in front of the first block (alignment, above); never written. */
  static final int PAD = 6;

  private static final int S0 = 0x47b6137b;
  private static final int S1 = 0x44974d91;
  private static final int S2 = 0x8824ad5b;
  private static final int S3 = 0xa2b7289d;
  private static final int S4 = 0x705495c7;
  private static final int S5 = 0x2df1424b;
  private static final int S6 = 0x9efc4947;
  private static final int S7 = 0x5c6bfb31;

  private final FilterShape shape;
  private final HashStrategy hash;
  private final long[] words;
  private final long blocks;
  private long items;

  private SplitBlockBloomFilter(FilterShape shape, HashStrategy hash, long[] words, long items) {
    if (shape.family() != FilterFamily.SPLIT_BLOCK) {
      throw new IllegalArgumentException("not a split-block filter shape: " + shape);
    }
    this.shape = shape;
    this.hash = hash;
    this.blocks = shape.positions() / SplitBlockSizing.BLOCK_BITS;
    if (words.length != PAD + 4 * blocks) {
      throw new IllegalArgumentException(
          (words.length - PAD) + " words for " + blocks + " blocks");
    }
    this.words = words;
    this.items = items;
  }

  /** An empty filter of the given shape (see {@link FilterShape#splitBlock}). */
  public static SplitBlockBloomFilter create(FilterShape shape) {
    long blocks = shape.positions() / SplitBlockSizing.BLOCK_BITS;
    return new SplitBlockBloomFilter(
        shape, HashStrategy.MURMUR3_128_DOUBLE, new long[Math.toIntExact(PAD + 4 * blocks)], 0);
  }

  /** An empty filter with the fewest blocks reaching {@code fpp} at {@code expectedItems}. */
  public static SplitBlockBloomFilter create(long expectedItems, double fpp) {
    return create(FilterShape.forFpp(FilterFamily.SPLIT_BLOCK, null, expectedItems, 0, fpp, 0));
  }

  /** The index of the first long of the block of {@code h1}. */
  private int blockStart(long h1) {
    return PAD + 4 * (int) (((h1 >>> 32) * blocks) >>> 32);
  }

  /** The two bits of words 2i and 2i+1 of a block, as one long, for the key's low word {@code x}. */
  private static long pair(int x, int saltLow, int saltHigh) {
    return (1L << ((x * saltLow) >>> 27)) | (1L << (32 + ((x * saltHigh) >>> 27)));
  }

  /** Adds a key; returns whether any bit changed (false: the key was possibly present). */
  public boolean add(KeyHash h) {
    return add(h.h1(), h.h2());
  }

  private boolean add(long h1, long h2) {
    int b = blockStart(h1);
    int x = (int) h2;
    long m0 = pair(x, S0, S1);
    long m1 = pair(x, S2, S3);
    long m2 = pair(x, S4, S5);
    long m3 = pair(x, S6, S7);
    long missing = (m0 & ~words[b]) | (m1 & ~words[b + 1]) | (m2 & ~words[b + 2])
        | (m3 & ~words[b + 3]);
    words[b] |= m0;
    words[b + 1] |= m1;
    words[b + 2] |= m2;
    words[b + 3] |= m3;
    items++;
    return missing != 0;
  }

  public boolean add(String key) {
    return add(hash.hash(key));
  }

  public boolean add(byte[] key) {
    return add(hash.hash(key));
  }

  @Override
  public boolean mightContain(KeyHash h) {
    return mightContain(h.h1(), h.h2());
  }

  @Override
  public boolean mightContain(long h1, long h2) {
    int b = blockStart(h1);
    int x = (int) h2;
    long m0 = pair(x, S0, S1);
    long m1 = pair(x, S2, S3);
    long m2 = pair(x, S4, S5);
    long m3 = pair(x, S6, S7);
    return ((m0 & ~words[b]) | (m1 & ~words[b + 1]) | (m2 & ~words[b + 2])
        | (m3 & ~words[b + 3])) == 0;
  }

  /**
   * ORs {@code other} into this filter.
   *
   * @throws IllegalArgumentException if the shapes or hashes differ (naming both values)
   */
  public void merge(SplitBlockBloomFilter other) {
    shape.checkMergeable(other.shape);
    if (hash != other.hash) {
      throw new IllegalArgumentException(
          "cannot merge filters with different hash: " + hash + " vs " + other.hash);
    }
    for (int i = PAD; i < words.length; i++) {
      words[i] |= other.words[i];
    }
    items += other.items;
  }

  /** Number of set bits. */
  public long cardinality() {
    long n = 0;
    for (int i = PAD; i < words.length; i++) {
      n += Long.bitCount(words[i]);
    }
    return n;
  }

  /** The number of blocks B. */
  public long blocks() {
    return blocks;
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
  public void writeTo(OutputStream out) throws IOException {
    FilterFormat.Header h =
        new FilterFormat.Header(shape, hash, items, 8L * (words.length - PAD));
    FilterFormat.write(
        out,
        h,
        d -> {
          for (int i = PAD; i < words.length; i++) {
            d.writeLong(words[i]);
          }
        });
  }

  /** Reads the payload of a file whose header {@code r} has opened (the family's entry). */
  public static SplitBlockBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterShape shape = r.header.shape();
    long count = 4 * (shape.positions() / SplitBlockSizing.BLOCK_BITS);
    if (r.header.payloadBytes != 8 * count) {
      throw new CorruptFilterException(
          "payloadBytes",
          r.header.payloadBytes + " does not match " + 8 * count + " bytes for positions "
              + r.header.positions);
    }
    long[] w = r.readLongArray(count, PAD, "blocks");
    r.finish();
    return new SplitBlockBloomFilter(shape, r.header.hash, w, r.header.items);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof SplitBlockBloomFilter)) {
      return false;
    }
    SplitBlockBloomFilter f = (SplitBlockBloomFilter) o;
    return f.shape.compatibleWith(shape) && f.hash == hash && Arrays.equals(f.words, words);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(words);
  }

  @Override
  public String toString() {
    return "SplitBlockBloomFilter[" + shape + ", items=" + items + "]";
  }
}
