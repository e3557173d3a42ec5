package io.bloomkit.mapreduce.export;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import org.apache.hadoop.util.bloom.BloomFilter;
import org.apache.hadoop.util.bloom.CountingBloomFilter;
import org.apache.hadoop.util.bloom.Filter;
import org.apache.hadoop.util.bloom.Key;
import org.apache.hadoop.util.hash.Hash;

/**
 * Hadoop's {@link BloomFilter} or {@link CountingBloomFilter} (Murmur hash), sized as bloomkit's
 * bf or cbf of the same spec (Hadoop has no sizing of its own), holding each key's canonical bytes
 * as a {@link Key}. The file is the filter's Writable form: version int (-1), hash count int, hash
 * type byte, vector size int, then the bits as bytes (BloomFilter) or the 4-bit counters as longs
 * (CountingBloomFilter).
 */
final class HadoopExport extends ExportFilter {
  /** The Writable's fields before the vector: version, hashes, hash type, vector size. */
  private static final int HEADER = 4 + 4 + 1 + 4;
  /** Hadoop's Filter.VERSION, the first int of its Writable form. */
  private static final int VERSION = -1;
  private static final int BUCKET_MAX = 15;

  private Filter filter;
  private final boolean counting;
  private final int vectorSize;
  private final int numHashes;

  private HadoopExport(KeySignature keys, Filter filter, boolean counting, int vectorSize,
      int numHashes) {
    super(keys);
    this.filter = filter;
    this.counting = counting;
    this.vectorSize = vectorSize;
    this.numHashes = numHashes;
  }

  static HadoopExport create(FilterSpec spec, KeySignature keys) {
    FilterShape shape = spec.shape();
    boolean counting = spec.family() == FilterFamily.COUNTING;
    long positions = shape.positions();
    if (positions > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("Hadoop's filters take at most " + Integer.MAX_VALUE
          + " positions, not " + positions);
    }
    int m = (int) positions;
    int k = shape.numHashes();
    Filter f = counting
        ? new CountingBloomFilter(m, k, Hash.MURMUR_HASH)
        : new BloomFilter(m, k, Hash.MURMUR_HASH);
    return new HadoopExport(keys, f, counting, m, k);
  }

  static HadoopExport read(KeySignature keys, InputStream in) throws IOException {
    byte[] b = in.readAllBytes();
    Header h = Header.of(b);
    if (h == null) {
      throw new IOException("not a Hadoop BloomFilter or CountingBloomFilter Writable");
    }
    Filter f = h.counting ? new CountingBloomFilter() : new BloomFilter();
    f.readFields(new DataInputStream(new ByteArrayInputStream(b)));
    return new HadoopExport(keys, f, h.counting, h.vectorSize, h.numHashes);
  }

  @Override
  void insert(byte[] key, int offset, int length) {
    filter.add(new Key(Arrays.copyOfRange(key, offset, offset + length)));
  }

  @Override
  void mergeFrom(ExportFilter o) throws IOException {
    HadoopExport other = (HadoopExport) o;
    if (other.counting != counting || other.vectorSize != vectorSize
        || other.numHashes != numHashes) {
      throw new IOException("cannot merge " + other.library() + " of " + other.vectorSize
          + " positions and " + other.numHashes + " hashes into " + library() + " of "
          + vectorSize + " positions and " + numHashes + " hashes");
    }
    if (!counting) {
      filter.or(other.filter);
      return;
    }
    // CountingBloomFilter.or ORs the packed counters (which corrupts counts): sum them here, 4 bits
    // each, stopping at 15 as CountingBloomFilter.add does, and read the sum back with readFields
    ByteBuffer a = ByteBuffer.wrap(bytes(filter));
    ByteBuffer b = ByteBuffer.wrap(bytes(other.filter));
    for (int at = HEADER; at < a.limit(); at += Long.BYTES) {
      long x = a.getLong(at);
      long y = b.getLong(at);
      long sum = 0;
      for (int shift = 0; shift < Long.SIZE; shift += 4) {
        long c = Math.min(BUCKET_MAX, ((x >>> shift) & 0xf) + ((y >>> shift) & 0xf));
        sum |= c << shift;
      }
      a.putLong(at, sum);
    }
    CountingBloomFilter merged = new CountingBloomFilter();
    merged.readFields(new DataInputStream(new ByteArrayInputStream(a.array())));
    filter = merged;
  }

  private static byte[] bytes(Filter f) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    f.write(new DataOutputStream(out));
    return out.toByteArray();
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    DataOutputStream d = new DataOutputStream(out);
    filter.write(d);
    d.flush();
  }

  @Override
  public String library() {
    return (counting ? CountingBloomFilter.class : BloomFilter.class).getName();
  }

  @Override
  public long bits() {
    return vectorSize;
  }

  @Override
  public int hashes() {
    return numHashes;
  }

  @Override
  public double expectedFpp() {
    return BloomMath.exactBloomFpp(vectorSize, items(), numHashes);
  }

  /** The fields of the Writable's header, when the length matches a filter of them. */
  private static final class Header {
    boolean counting;
    int numHashes;
    int hashType;
    int vectorSize;

    static Header of(byte[] b) {
      if (b.length < HEADER) {
        return null;
      }
      ByteBuffer bb = ByteBuffer.wrap(b);
      Header h = new Header();
      int version = bb.getInt();
      h.numHashes = bb.getInt();
      h.hashType = bb.get();
      h.vectorSize = bb.getInt();
      if (version != VERSION || h.numHashes < 1 || h.vectorSize < 1
          || (h.hashType != Hash.JENKINS_HASH && h.hashType != Hash.MURMUR_HASH)) {
        return null;
      }
      long bitBytes = ((long) h.vectorSize + 7) / 8; // BloomFilter: the bits as bytes
      long counterBytes = 8L * (((h.vectorSize - 1) >>> 4) + 1); // 16 counters a long
      if (b.length - HEADER == bitBytes) {
        h.counting = false;
      } else if (b.length - HEADER == counterBytes) {
        h.counting = true;
      } else {
        return null;
      }
      return h;
    }
  }

  static boolean describe(byte[] file, Map<String, Object> d) throws IOException {
    Header h = Header.of(file);
    if (h == null) {
      return false;
    }
    HadoopExport f = read(KeySignature.of(io.bloomkit.core.key.KeyType.BINARY),
        new ByteArrayInputStream(file));
    d.put("target", "hadoop");
    d.put("library", f.library());
    d.put("format", "Hadoop Writable, version " + VERSION);
    d.put("hash", h.hashType == Hash.MURMUR_HASH ? "murmur" : "jenkins");
    d.put("hashes", h.numHashes);
    d.put(h.counting ? "counters" : "bits", (long) h.vectorSize);
    d.put("readBy", "Pig's Bloom UDF, Filter.readFields");
    return true;
  }
}
