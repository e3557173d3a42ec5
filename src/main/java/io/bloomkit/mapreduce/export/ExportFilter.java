package io.bloomkit.mapreduce.export;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.common.FilterSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.math3.distribution.BinomialDistribution;

/**
 * A Bloom filter of another library, made and serialized by that library's own classes, that
 * {@code build --target} fills with the distinct keys of its input (docs/tools.md, "Filters for
 * other engines"). Keys arrive as their canonical bytes ({@link CanonicalKey}); each target turns
 * them into the value its engine hashes for a column of that type:
 *
 * <ul>
 *   <li>{@link ExportTarget#HADOOP}: the canonical bytes as a {@code Key} (any key, composite
 *       included);
 *   <li>{@link ExportTarget#HIVE}: as Hive's {@code in_bloom_filter} tests a column: {@code
 *       addLong} for integers, dates (epoch day), timestamps (epoch milliseconds) and booleans
 *       (1/0), {@code addBytes} of the UTF-8 bytes of a string, of a binary value, and of the
 *       unscaled bytes of a decimal ({@code HiveDecimalWritable.toBytes});
 *   <li>{@link ExportTarget#SPARK}: {@code putLong} for integers, dates (epoch day) and timestamps
 *       (epoch microseconds), {@code putBinary} of the UTF-8 bytes of a string (what {@code
 *       putString} and {@code mightContain(String)} hash) and of binary values;
 *   <li>{@link ExportTarget#PARQUET}: the xxHash64 of the plain-encoded value: {@code hash(long)}
 *       for INT64 integers and TIMESTAMP(MICROS), {@code hash(int)} for a DATE (INT32 epoch day),
 *       {@code hash(Binary)} of a string's UTF-8 bytes or a binary value.
 * </ul>
 *
 * <p>A build's tasks each fill a partial filter of the full shape with a disjoint share of the
 * keys; the client merges them ({@link #merge}: the library's own OR where it has one) and writes
 * the result atomically.
 */
public abstract class ExportFilter {
  /** The type of the key's single column, or null for a composite (hadoop only). */
  final KeyType type;

  private long items;

  ExportFilter(KeySignature keys) {
    this.type = keys.arity() == 1 ? keys.types().get(0) : null;
  }

  /**
   * Why {@code target} cannot hold keys of {@code keys} built as {@code spec}, as a usage message
   * naming the option; null if it can.
   */
  public static String refusal(ExportTarget target, FilterSpec spec, KeySignature keys) {
    if (target == ExportTarget.BLOOMKIT) {
      return null;
    }
    String t = "--target " + name(target);
    boolean counting = target == ExportTarget.HADOOP && spec.family() == FilterFamily.COUNTING;
    boolean splitBlock =
        target == ExportTarget.PARQUET && spec.family() == FilterFamily.SPLIT_BLOCK;
    if (spec.family() != FilterFamily.BLOOM && !counting && !splitBlock) {
      return "--filter " + spec.name() + " does not apply to " + t + " (it writes a Bloom filter:"
          + " --filter bf" + (target == ExportTarget.HADOOP ? ", or cbf" : "")
          + (target == ExportTarget.PARQUET ? ", or sbbf" : "") + ")";
    }
    if (spec.hashes() > 0 && (target == ExportTarget.SPARK || target == ExportTarget.PARQUET)) {
      return "--hashes does not apply to " + t + " ("
          + (target == ExportTarget.SPARK
              ? "Spark's BloomFilter picks the best count for its bits"
              : "a split-block filter always sets 8 bits per key")
          + ")";
    }
    if (target.singleColumn() && keys.arity() != 1) {
      return t + " takes a single-column key, not the " + keys.arity() + " columns of"
          + " --key-field: the engine hashes one column's value";
    }
    if (target.singleColumn()) {
      KeyType k = keys.types().get(0);
      boolean unsupported =
          (target == ExportTarget.SPARK || target == ExportTarget.PARQUET)
              && (k == KeyType.DECIMAL || k == KeyType.BOOLEAN);
      if (unsupported) {
        return t + " cannot hold " + k.cliName() + " keys (--key-type " + k.cliName() + "): "
            + (target == ExportTarget.SPARK
                ? "Spark's BloomFilter hashes long, string and binary values"
                : "the hash of a Parquet " + k.cliName()
                    + " depends on the column's physical type")
            + "; long, string, binary, date and timestamp keys export";
      }
    }
    return null;
  }

  /**
   * An empty filter of {@code target} sized for {@code spec} (its items known: the exact distinct
   * count, or --items) by the library's own sizing where it has one.
   *
   * @throws IllegalArgumentException if the library cannot hold a filter that large
   */
  public static ExportFilter create(ExportTarget target, FilterSpec spec, KeySignature keys) {
    switch (target) {
      case HADOOP:
        return HadoopExport.create(spec, keys);
      case HIVE:
        return HiveExport.create(spec, keys);
      case SPARK:
        return SparkExport.create(spec, keys);
      case PARQUET:
        return ParquetExport.create(spec, keys);
      default:
        throw new IllegalArgumentException("no export filter for " + target);
    }
  }

  /** A filter of {@code target} read from its library's serialized form, by the library. */
  public static ExportFilter read(ExportTarget target, KeySignature keys, InputStream in)
      throws IOException {
    switch (target) {
      case HADOOP:
        return HadoopExport.read(keys, in);
      case HIVE:
        return HiveExport.read(keys, in);
      case SPARK:
        return SparkExport.read(keys, in);
      case PARQUET:
        return ParquetExport.read(keys, in);
      default:
        throw new IllegalArgumentException("no export filter for " + target);
    }
  }

  /** Adds one key, given as its canonical bytes. */
  public final void add(byte[] key, int offset, int length) {
    insert(key, offset, length);
    items++;
  }

  abstract void insert(byte[] key, int offset, int length);

  /**
   * Keys added here and in the filters merged into this one (a filter read from a file starts at
   * 0: the formats do not record it; see {@link #items(long)}).
   */
  public final long items() {
    return items;
  }

  /** Sets the keys the filter holds, when known otherwise (a build's distinct-key count). */
  public final void items(long n) {
    this.items = n;
  }

  /**
   * Adds the keys of {@code other}, a filter of the same target and shape holding a disjoint key
   * set: bits ORed (Hadoop's counting filter: counters summed, saturating at 15 as Hadoop's own).
   *
   * @throws IOException if the shapes differ, naming both
   */
  public final void merge(ExportFilter other) throws IOException {
    if (other.getClass() != getClass()) {
      throw new IOException("cannot merge a " + other.library() + " into a " + library());
    }
    mergeFrom(other);
    items += other.items;
  }

  abstract void mergeFrom(ExportFilter other) throws IOException;

  /** Writes the library's serialized form. */
  public abstract void writeTo(OutputStream out) throws IOException;

  /** The library's class (and form), for messages and reports. */
  public abstract String library();

  /** The bits (Hadoop's counting filter: its counters). */
  public abstract long bits();

  public abstract int hashes();

  /** The false positive rate the library's structure has at {@link #items()} keys. */
  public abstract double expectedFpp();

  /**
   * The decoded value of a single-column key: Long, String, BigDecimal, LocalDate, Instant,
   * Boolean or byte[] ({@link CanonicalKey#decode}).
   */
  final Object value(byte[] key, int offset, int length) {
    return CanonicalKey.decode(type, key, offset, length);
  }

  static String name(ExportTarget target) {
    return target.name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The false positive rate of a blocked Bloom filter: {@code blocks} blocks, each key hashed into
   * one block (its load binomial over the {@code n} keys) where it sets bits; {@code
   * missInBlock(i)} is the chance that a query's bits are all set in a block holding {@code i}
   * keys. Putze, Sanders, Singler, "Cache-, Hash- and Space-Efficient Bloom Filters" (2007), sec. 3:
   * {@code f = sum_i P(load = i) * f_block(i)}.
   */
  static double blockedFpp(long blocks, long n, java.util.function.IntToDoubleFunction missInBlock) {
    if (n <= 0) {
      return 0;
    }
    if (blocks == 1) {
      return missInBlock.applyAsDouble((int) Math.min(Integer.MAX_VALUE, n));
    }
    BinomialDistribution load = new BinomialDistribution(null, (int) Math.min(Integer.MAX_VALUE, n),
        1.0 / blocks);
    double mean = load.getNumericalMean();
    int hi = (int) Math.min(load.getSupportUpperBound(), mean + 40 * Math.sqrt(mean) + 40);
    double f = 0;
    for (int i = 1; i <= hi; i++) {
      f += load.probability(i) * missInBlock.applyAsDouble(i);
    }
    return f;
  }

  /**
   * What {@code inspect} says about a file in one of the exported formats, recognised by its
   * format's structure and read back by its library; null if it is none of them.
   */
  public static Map<String, Object> recognise(byte[] file) {
    for (Recogniser r : RECOGNISERS) {
      Map<String, Object> d = new LinkedHashMap<>();
      try {
        if (r.describe(file, d)) {
          return d;
        }
      } catch (IOException | RuntimeException notThisFormat) {
        // the next format
      }
    }
    return null;
  }

  /** Recognises one format: fills {@code d} and returns true, or false. */
  interface Recogniser {
    boolean describe(byte[] file, Map<String, Object> d) throws IOException;
  }

  private static final Recogniser[] RECOGNISERS = {
    HadoopExport::describe, SparkExport::describe, HiveExport::describe, ParquetExport::describe
  };
}
