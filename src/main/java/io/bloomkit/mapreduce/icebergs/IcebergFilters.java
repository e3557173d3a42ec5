package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.CacheLinks;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobContext;

/**
 * How {@code icebergs --method counting} uses a {@link CountMinSketch} of key totals: k rows
 * ({@code --num-hashes}, default 4) of w counters of b bits, b the bit length of the threshold T
 * (T = 9,200: 14 bits), so a counter holds T and saturates only above it (at 2^b - 1 &gt;= T).
 * Memory: {@code k * w * b = floor(items * bitsPerKey)} bits at most, the budget {@code --items}
 * and {@code --bits-per-key} give (the 4-bit filter this replaced had 4 bits a counter and summed
 * totals only up to 15).
 *
 * <p>Each split adds each local total once, as a weight; the client sums the splits' sketches
 * ({@link CountMinSketch#merge}, saturating). A counter of a key ends at least min(true total,
 * 2^b - 1) and so does its estimate (the minimum over the rows): a key whose estimate is below T
 * has a true total below T, so no iceberg is ever missed. A key of total t &lt; T is a false
 * candidate with probability at most {@code min(1, ((W - t) / (w (T - t)))^k)}, W the summed
 * weights; see {@link CountMinSketch} for the bound, the sizing it implies and why keys just below
 * T cannot be excluded by any size.
 */
public final class IcebergFilters {
  /** The sketch's link-name prefix in the DistributedCache (phase 2 and its reducers). */
  static final String SHIPPED_PREFIX = CacheLinks.ICEBERG_TOTALS_PREFIX;
  /** Suffix of a sketch file (the per-split partials and the summed one). */
  static final String SUFFIX = ".cms";

  private IcebergFilters() {}

  /** The row width of the sketch of {@code items * bitsPerKey} bits (see {@link #create}). */
  static long width(long items, double bitsPerKey, int numHashes, long threshold) {
    return CountMinSketch.widthFor(items * bitsPerKey, numHashes, threshold);
  }

  /** An empty sketch of the shape {@code conf} gives (width, hashes, threshold). */
  public static CountMinSketch create(Configuration conf) {
    return CountMinSketch.create(BloomkitConfig.ICEBERG_COUNTING_WIDTH.getLong(conf),
        BloomkitConfig.ICEBERG_COUNTING_HASHES.getInt(conf),
        CountMinSketch.counterBitsFor(BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf)));
  }

  /** The key's estimate: the minimum of its k counters. */
  public static long estimate(CountMinSketch s, byte[] key, int length) {
    return s.estimate(s.hash(key, 0, length));
  }

  /** Whether the key may reach the threshold: its estimate is at least T. */
  public static boolean isCandidate(CountMinSketch s, byte[] key, int length, long threshold) {
    return estimate(s, key, length) >= threshold;
  }

  /** Adds a key's (local) total to the sketch: one addition of weight {@code total}. */
  static void add(CountMinSketch s, byte[] key, int length, long total) {
    KeyHash h = s.hash(key, 0, length);
    s.add(h, total);
  }

  /**
   * The summed sketch shipped to the task ({@link #SHIPPED_PREFIX}); fails unless there is exactly
   * one.
   */
  static CountMinSketch load(JobContext context) throws IOException {
    List<CacheFiles.Shipped> shipped = CacheFiles.list(context, SHIPPED_PREFIX);
    if (shipped.size() != 1) {
      throw new IOException("icebergs counting needs one shipped sketch of totals ("
          + SHIPPED_PREFIX + "*), got " + shipped.size());
    }
    CacheFiles.Shipped f = shipped.get(0);
    long length = f.length();
    try (InputStream in = f.open()) {
      return FilterFiles.named(f.location(), () -> CountMinSketch.read(in, length));
    }
  }
}
