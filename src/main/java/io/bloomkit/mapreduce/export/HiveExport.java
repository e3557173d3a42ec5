package io.bloomkit.mapreduce.export;

import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.io.ByteArrayInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hive.common.util.BloomKFilter;

/**
 * Hive's {@link BloomKFilter}: blocks of 8 longs (512 bits), each key's k bits in one block,
 * serialized by {@link BloomKFilter#serialize} as Hive's {@code bloom_filter} UDAF does (hash count
 * byte, long count int, the longs), which {@code in_bloom_filter} deserializes. Sized by the
 * formulas {@code BloomKFilter}'s constructor applies to its fixed 5% rate, here to the build's
 * --fpp ({@code m = -n ln p / (ln 2)^2}) or --bits-per-key ({@code m = n B}), then {@code k =
 * round(m / n ln 2)} (or --hashes), the longs rounded up to whole blocks.
 */
final class HiveExport extends ExportFilter {
  private static final int BLOCK_LONGS = 8;
  private static final int BLOCK_BITS = BLOCK_LONGS * Long.SIZE;

  private final BloomKFilter filter;
  private final byte[] scratch = new byte[HiveDecimal.SCRATCH_BUFFER_LEN_TO_BYTES];

  private HiveExport(KeySignature keys, BloomKFilter filter) {
    super(keys);
    this.filter = filter;
  }

  static HiveExport create(FilterSpec spec, KeySignature keys) {
    long n = Math.max(1, spec.items());
    double bits = spec.fpp() > 0
        ? -n * Math.log(spec.fpp()) / (Math.log(2) * Math.log(2))
        : n * spec.bitsPerKey();
    long longs = Math.max(1, (long) Math.ceil(bits / Long.SIZE));
    longs = (longs + BLOCK_LONGS - 1) / BLOCK_LONGS * BLOCK_LONGS;
    if (longs > Integer.MAX_VALUE / Long.SIZE) {
      throw new IllegalArgumentException("Hive's BloomKFilter takes at most "
          + (Integer.MAX_VALUE / Long.SIZE) + " longs, not " + longs);
    }
    int k = spec.hashes() > 0
        ? spec.hashes()
        : Math.max(1, (int) Math.round((double) longs * Long.SIZE / n * Math.log(2)));
    return new HiveExport(keys, new BloomKFilter(new long[(int) longs], k));
  }

  static HiveExport read(KeySignature keys, InputStream in) throws IOException {
    return new HiveExport(keys, BloomKFilter.deserialize(in));
  }

  @Override
  void insert(byte[] key, int offset, int length) {
    switch (type) {
      case STRING: // the UTF-8 bytes, as Hive's Text
      case BINARY:
        filter.addBytes(key, offset, length);
        return;
      case LONG:
        filter.addLong((Long) value(key, offset, length));
        return;
      case DATE: // DateWritable.getDays()
        filter.addLong(((LocalDate) value(key, offset, length)).toEpochDay());
        return;
      case TIMESTAMP: // Timestamp.getTime() (Hive 2) / toEpochMilli() (Hive 3): epoch ms
        filter.addLong(((Instant) value(key, offset, length)).toEpochMilli());
        return;
      case BOOLEAN:
        filter.addLong((Boolean) value(key, offset, length) ? 1 : 0);
        return;
      case DECIMAL:
        {
          BigDecimal v = (BigDecimal) value(key, offset, length);
          HiveDecimal d = HiveDecimal.create(v);
          if (d == null) {
            throw new IllegalArgumentException("decimal " + v + " does not fit Hive's decimal");
          }
          int start = new HiveDecimalWritable(d).toBytes(scratch);
          filter.addBytes(scratch, start, scratch.length - start);
          return;
        }
      default:
        throw new AssertionError(type);
    }
  }

  @Override
  void mergeFrom(ExportFilter o) {
    filter.merge(((HiveExport) o).filter); // checks the sizes, naming both
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    DataOutputStream d = new DataOutputStream(out);
    BloomKFilter.serialize(d, filter);
    d.flush();
  }

  @Override
  public String library() {
    return BloomKFilter.class.getName();
  }

  @Override
  public long bits() {
    return filter.getNumBits();
  }

  @Override
  public int hashes() {
    return filter.getNumHashFunctions();
  }

  @Override
  public double expectedFpp() {
    int k = hashes();
    // each of the key's k bits is one of the block's 512
    return blockedFpp(bits() / BLOCK_BITS, items(),
        i -> Math.pow(-Math.expm1(k * (double) i * Math.log1p(-1.0 / BLOCK_BITS)), k));
  }

  static boolean describe(byte[] file, Map<String, Object> d) throws IOException {
    if (file.length < 5) {
      return false;
    }
    ByteBuffer b = ByteBuffer.wrap(file);
    int k = b.get() & 0xff;
    int longs = b.getInt();
    if (k < 1 || longs < BLOCK_LONGS || longs % BLOCK_LONGS != 0
        || file.length != 5 + 8L * longs) {
      return false;
    }
    HiveExport f = read(KeySignature.of(io.bloomkit.core.key.KeyType.BINARY),
        new ByteArrayInputStream(file));
    d.put("target", "hive");
    d.put("library", f.library());
    d.put("format", "BloomKFilter.serialize (Hive's bloom_filter UDAF)");
    d.put("hash", "Murmur3 64-bit (bytes), Thomas Wang's 64-bit mix (longs)");
    d.put("hashes", f.hashes());
    d.put("bits", f.bits());
    d.put("readBy", "Hive's in_bloom_filter, BloomKFilter.deserialize");
    return true;
  }
}
