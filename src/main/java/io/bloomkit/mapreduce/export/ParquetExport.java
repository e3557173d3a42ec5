package io.bloomkit.mapreduce.export;

import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.format.BloomFilterAlgorithm;
import org.apache.parquet.format.BloomFilterCompression;
import org.apache.parquet.format.BloomFilterHash;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.SplitBlockAlgorithm;
import org.apache.parquet.format.Uncompressed;
import org.apache.parquet.format.Util;
import org.apache.parquet.format.XxHash;
import org.apache.parquet.io.api.Binary;

/**
 * Parquet's split-block Bloom filter ({@link BlockSplitBloomFilter}): 256-bit blocks of eight
 * 32-bit words, each key setting one bit in each word of one block, keyed by the xxHash64 of the
 * plain-encoded value. Sized as Parquet's writer sizes a column's filter: {@code
 * optimalNumOfBits(n, fpp) / 8} bytes (or n B / 8 for --bits-per-key), which the filter rounds up
 * to a power of two between 32 bytes and 128 MiB. Written as a Parquet file stores a column
 * chunk's filter: the Thrift {@link BloomFilterHeader} (size, BLOCK, XXHASH, UNCOMPRESSED) then the
 * bitset.
 */
final class ParquetExport extends ExportFilter {
  private static final int WORD_BITS = 32;
  private static final int BLOCK_WORDS = 8;
  private static final int BLOCK_BITS = WORD_BITS * BLOCK_WORDS;

  private final BlockSplitBloomFilter filter;

  private ParquetExport(KeySignature keys, BlockSplitBloomFilter filter) {
    super(keys);
    this.filter = filter;
  }

  static ParquetExport create(FilterSpec spec, KeySignature keys) {
    long n = Math.max(1, spec.items());
    long bytes = spec.fpp() > 0
        ? BlockSplitBloomFilter.optimalNumOfBits(n, spec.fpp()) / 8
        : (long) Math.ceil(n * spec.bitsPerKey() / 8);
    if (bytes > BlockSplitBloomFilter.UPPER_BOUND_BYTES) {
      throw new IllegalArgumentException("Parquet's split-block filters hold at most "
          + BlockSplitBloomFilter.UPPER_BOUND_BYTES + " bytes, not " + bytes);
    }
    return new ParquetExport(keys, new BlockSplitBloomFilter((int) Math.max(1, bytes)));
  }

  static ParquetExport read(KeySignature keys, InputStream in) throws IOException {
    BloomFilterHeader h = Util.readBloomFilterHeader(in);
    if (!h.isSetNumBytes() || h.getNumBytes() <= 0
        || h.getNumBytes() > BlockSplitBloomFilter.UPPER_BOUND_BYTES
        || h.getAlgorithm() == null || !h.getAlgorithm().isSetBLOCK()
        || h.getHash() == null || !h.getHash().isSetXXHASH()
        || h.getCompression() == null || !h.getCompression().isSetUNCOMPRESSED()) {
      throw new IOException("not a split-block, xxHash, uncompressed Parquet Bloom filter: " + h);
    }
    byte[] bitset = in.readNBytes(h.getNumBytes());
    if (bitset.length != h.getNumBytes() || in.read() != -1) {
      throw new IOException("the bitset is not the " + h.getNumBytes() + " bytes its header says");
    }
    return new ParquetExport(keys, new BlockSplitBloomFilter(bitset));
  }

  @Override
  void insert(byte[] key, int offset, int length) {
    filter.insertHash(hash(key, offset, length));
  }

  /** The xxHash64 of the plain encoding of the value a Parquet column of the key's type holds. */
  private long hash(byte[] key, int offset, int length) {
    switch (type) {
      case STRING: // BYTE_ARRAY (STRING): the UTF-8 bytes
      case BINARY:
        return filter.hash(Binary.fromConstantByteArray(key, offset, length));
      case LONG: // INT64: 8 bytes little-endian
        return filter.hash(((Long) value(key, offset, length)).longValue());
      case DATE: // DATE: INT32 days since the epoch
        return filter.hash(Math.toIntExact(((LocalDate) value(key, offset, length)).toEpochDay()));
      case TIMESTAMP: // TIMESTAMP(MICROS): INT64 microseconds since the epoch
        Instant t = (Instant) value(key, offset, length);
        return filter.hash(t.getEpochSecond() * 1_000_000L + t.getNano() / 1000);
      default:
        throw new IllegalArgumentException("no Parquet hash for " + type.cliName() + " keys");
    }
  }

  @Override
  void mergeFrom(ExportFilter o) throws IOException {
    BlockSplitBloomFilter other = ((ParquetExport) o).filter;
    if (!filter.canMergeFrom(other)) {
      throw new IOException("cannot merge a split-block filter of " + other.getBitsetSize()
          + " bytes into one of " + filter.getBitsetSize() + " bytes");
    }
    filter.merge(other);
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    BloomFilterHeader h = new BloomFilterHeader(filter.getBitsetSize(),
        BloomFilterAlgorithm.BLOCK(new SplitBlockAlgorithm()),
        BloomFilterHash.XXHASH(new XxHash()),
        BloomFilterCompression.UNCOMPRESSED(new Uncompressed()));
    Util.writeBloomFilterHeader(h, out);
    filter.writeTo(out);
  }

  @Override
  public String library() {
    return BlockSplitBloomFilter.class.getName();
  }

  @Override
  public long bits() {
    return 8L * filter.getBitsetSize();
  }

  @Override
  public int hashes() {
    return BLOCK_WORDS;
  }

  @Override
  public double expectedFpp() {
    // a key sets one bit in each of its block's 8 words: a query's bit in a word is set with
    // probability 1 - (1 - 1/32)^i when i keys share the block
    return blockedFpp(bits() / BLOCK_BITS, items(),
        i -> Math.pow(-Math.expm1(i * Math.log1p(-1.0 / WORD_BITS)), BLOCK_WORDS));
  }

  static boolean describe(byte[] file, Map<String, Object> d) throws IOException {
    ParquetExport f;
    try {
      f = read(KeySignature.of(io.bloomkit.core.key.KeyType.BINARY),
          new ByteArrayInputStream(file));
    } catch (IOException e) {
      return false;
    }
    d.put("target", "parquet");
    d.put("library", f.library());
    d.put("format", "Parquet BloomFilterHeader (SPLIT_BLOCK, XXHASH, UNCOMPRESSED) + bitset");
    d.put("hash", "xxHash64 of the plain-encoded value");
    d.put("hashes", f.hashes());
    d.put("bits", f.bits());
    d.put("readBy", "Parquet's BlockSplitBloomFilter (Util.readBloomFilterHeader, then the bitset)");
    return true;
  }
}
