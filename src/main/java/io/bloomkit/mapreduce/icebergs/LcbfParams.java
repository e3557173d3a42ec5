package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.BloomMath;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code lcbf}'s options: the shape of each split's linked counting Bloom filter (see {@link
 * LcbfFilters}).
 */
final class LcbfParams {
  /** Entries m of a filter per local total it stores, m/n. */
  final double entriesPerKey;
  /** Hash functions k. */
  final int numHashes;
  /** Bits l of each stored value, 1..62. */
  final int valueBits;

  /** The largest {@code --value-bits}. */
  static final int MAX_VALUE_BITS = 62;

  private LcbfParams(double entriesPerKey, int numHashes, int valueBits) {
    this.entriesPerKey = entriesPerKey;
    this.numHashes = numHashes;
    this.valueBits = valueBits;
  }

  /**
   * From {@code --entries-per-key} (default 10), {@code --num-hashes} (default 3) and {@code
   * --value-bits} (default 15, as the paper).
   */
  static LcbfParams parse(CommandLine cl) {
    double entriesPerKey = BloomkitTool.doubleValue(cl, "entries-per-key", 10);
    if (!(entriesPerKey > 0)) {
      throw new UsageException("--entries-per-key must be positive: " + entriesPerKey);
    }
    int numHashes = BloomkitTool.intValue(cl, "num-hashes", 3, 1);
    if (numHashes > BloomMath.MAX_HASHES) {
      throw new UsageException(
          "--num-hashes must be at most " + BloomMath.MAX_HASHES + ": " + numHashes);
    }
    int valueBits = BloomkitTool.intValue(cl, "value-bits", 15, 1);
    if (valueBits > MAX_VALUE_BITS) {
      throw new UsageException("--value-bits must be in [1, 62]: " + valueBits);
    }
    return new LcbfParams(entriesPerKey, numHashes, valueBits);
  }

  /** Sets the filter shape for the tasks ({@link LcbfFilters#create}). */
  void toConf(Configuration conf) {
    BloomkitConfig.ICEBERG_LCBF_ENTRIES_PER_KEY.set(conf, entriesPerKey);
    BloomkitConfig.ICEBERG_LCBF_HASHES.set(conf, numHashes);
    BloomkitConfig.ICEBERG_LCBF_VALUE_BITS.set(conf, valueBits);
  }
}
