package io.bloomkit.mapreduce.export;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Map;
import org.apache.spark.util.sketch.BloomFilter;
import org.apache.spark.util.sketch.IncompatibleMergeException;

/**
 * Spark's {@link BloomFilter} (spark-sketch 3.5), sized by its own {@code create(n, fpp)} or
 * {@code create(n, numBits)} (--bits-per-key), written by {@link BloomFilter#writeTo}: version 1,
 * the hash count, the word count, the words (big-endian). Spark 2.0 to 4.0 read this V1 format;
 * Spark 4.1 added a V2 format (other bit indexing), written by its own builds.
 */
final class SparkExport extends ExportFilter {
  private static final int V1 = 1;
  private static final int HEADER = 12;

  private final BloomFilter filter;
  private final int numHashes;

  private SparkExport(KeySignature keys, BloomFilter filter) {
    super(keys);
    this.filter = filter;
    this.numHashes = writtenHashes(filter);
  }

  static SparkExport create(FilterSpec spec, KeySignature keys) {
    long n = Math.max(1, spec.items());
    BloomFilter f = spec.fpp() > 0
        ? BloomFilter.create(n, spec.fpp())
        : BloomFilter.create(n, Math.max(1, (long) Math.ceil(n * spec.bitsPerKey())));
    return new SparkExport(keys, f);
  }

  static SparkExport read(KeySignature keys, InputStream in) throws IOException {
    return new SparkExport(keys, BloomFilter.readFrom(in));
  }

  @Override
  void insert(byte[] key, int offset, int length) {
    switch (type) {
      case STRING: // putString and mightContain(String) hash the UTF-8 bytes
      case BINARY:
        filter.putBinary(Arrays.copyOfRange(key, offset, offset + length));
        return;
      case LONG:
        filter.putLong((Long) value(key, offset, length));
        return;
      case DATE: // Spark's DateType: days since the epoch
        filter.putLong(((LocalDate) value(key, offset, length)).toEpochDay());
        return;
      case TIMESTAMP: // Spark's TimestampType: microseconds since the epoch
        Instant t = (Instant) value(key, offset, length);
        filter.putLong(t.getEpochSecond() * 1_000_000L + t.getNano() / 1000);
        return;
      default:
        throw new IllegalArgumentException("Spark's BloomFilter holds no " + type.cliName()
            + " keys");
    }
  }

  @Override
  void mergeFrom(ExportFilter o) throws IOException {
    try {
      filter.mergeInPlace(((SparkExport) o).filter);
    } catch (IncompatibleMergeException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    filter.writeTo(out);
  }

  @Override
  public String library() {
    return BloomFilter.class.getName();
  }

  @Override
  public long bits() {
    return filter.bitSize();
  }

  @Override
  public int hashes() {
    return numHashes;
  }

  /** The hash count, which the API does not show: the second int of the written form. */
  private static int writtenHashes(BloomFilter filter) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(HEADER);
    try {
      filter.writeTo(new OutputStream() {
        @Override
        public void write(int b) {
          if (out.size() < HEADER) {
            out.write(b);
          }
        }

        @Override
        public void write(byte[] b, int off, int len) {
          out.write(b, off, Math.max(0, Math.min(len, HEADER - out.size())));
        }
      });
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    return ByteBuffer.wrap(out.toByteArray()).getInt(4);
  }

  @Override
  public double expectedFpp() {
    return BloomMath.exactBloomFpp(bits(), items(), hashes());
  }

  static boolean describe(byte[] file, Map<String, Object> d) throws IOException {
    if (file.length < HEADER) {
      return false;
    }
    ByteBuffer b = ByteBuffer.wrap(file);
    int version = b.getInt();
    int k = b.getInt();
    int words = b.getInt();
    if (version != V1 || k < 1 || words < 1 || file.length != HEADER + 8L * words) {
      return false;
    }
    SparkExport f = read(KeySignature.of(io.bloomkit.core.key.KeyType.BINARY),
        new ByteArrayInputStream(file));
    d.put("target", "spark");
    d.put("library", f.library());
    d.put("format", "BloomFilter.writeTo, version " + V1);
    d.put("hash", "Murmur3 x86 32-bit, double hashing");
    d.put("hashes", k);
    d.put("bits", f.bits());
    d.put("readBy", "Spark 2.0 to 4.0 BloomFilter.readFrom (spark-sketch V1; 4.1 unchecked)");
    return true;
  }
}
