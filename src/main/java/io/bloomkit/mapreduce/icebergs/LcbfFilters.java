package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import org.apache.hadoop.conf.Configuration;

/**
 * How {@code icebergs --method lcbf} uses linked counting Bloom filters (Wu et al., "A Distributed
 * Algorithm for Finding Global Icebergs with Linked Counting Bloom Filters", sec. III): the shape
 * of a split's filter, the hash of a key and the file names that tie a filter to its split.
 *
 * <p>A split's filter holds the split's local totals below the threshold, each key added once with
 * its total as the frequency (frequency matching, see {@link LinkedCountingBloomFilter#add}); its
 * entries are m = ceil(entriesPerKey * stored totals), at least 1.
 */
public final class LcbfFilters {
  /** Suffix of a filter file; its name is the name of its split's totals file plus this. */
  public static final String SUFFIX = ".lcbf";
  /**
   * Seed of the filters' random choice among several matches on removal; the MapReduce form never
   * removes, so it only makes the files reproducible.
   */
  static final long SEED = 0x1CEBE65L;

  private LcbfFilters() {}

  /** The hash of a key's bytes (the format's one strategy). */
  public static KeyHash hash(byte[] key, int length) {
    return HashStrategy.MURMUR3_128_DOUBLE.hash(key, 0, length);
  }

  /** Entries of a filter storing {@code stored} totals: ceil(entriesPerKey * stored), at least 1. */
  public static long entries(double entriesPerKey, long stored) {
    double m = Math.ceil(entriesPerKey * stored);
    if (!(m <= Integer.MAX_VALUE - 8)) {
      throw new IllegalArgumentException(
          "a filter of " + entriesPerKey + " * " + stored + " entries is over the 2^31 - 9 limit");
    }
    return Math.max(1, (long) m);
  }

  /** An empty filter for {@code stored} totals, shaped by the lcbf keys of {@code conf}. */
  public static LinkedCountingBloomFilter create(Configuration conf, long stored) {
    return LinkedCountingBloomFilter.create(
        entries(BloomkitConfig.ICEBERG_LCBF_ENTRIES_PER_KEY.getDouble(conf), stored),
        BloomkitConfig.ICEBERG_LCBF_HASHES.getInt(conf),
        BloomkitConfig.ICEBERG_LCBF_VALUE_BITS.getInt(conf),
        SEED);
  }
}
