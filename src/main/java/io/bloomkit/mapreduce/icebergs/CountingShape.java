package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.core.BloomMath;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code counting}'s sketch of totals as the command line sizes it (see {@link IcebergFilters}):
 * a memory budget of {@code items * bitsPerKey} bits ({@code --items}, default input bytes / 64,
 * at least 1024; {@code --bits-per-key}, default 32) spent on {@code numHashes} rows ({@code
 * --num-hashes}, default 4) of {@code width} counters of {@code counterBits} bits (the bit length
 * of the threshold).
 */
final class CountingShape {
  /** Rows of the sketch unless {@code --num-hashes} says otherwise. */
  static final int DEFAULT_HASHES = 4;

  final long items;
  final double bitsPerKey;
  final int numHashes;
  final int counterBits;
  final long width;

  private CountingShape(long items, double bitsPerKey, int numHashes, long threshold) {
    this.items = items;
    this.bitsPerKey = bitsPerKey;
    this.numHashes = numHashes;
    this.counterBits = CountMinSketch.counterBitsFor(threshold);
    this.width = IcebergFilters.width(items, bitsPerKey, numHashes, threshold);
  }

  /** The options as given, before the inputs are sized. */
  static final class Options {
    final CountingSizing sizing;
    final int numHashes;

    private Options(CountingSizing sizing, int numHashes) {
      this.sizing = sizing;
      this.numHashes = numHashes;
    }
  }

  /** {@code --items}, {@code --bits-per-key} and {@code --num-hashes}; bad values are usage errors. */
  static Options parse(CommandLine cl) {
    CountingSizing sizing = CountingSizing.parse(cl);
    int numHashes = BloomkitTool.intValue(cl, "num-hashes", DEFAULT_HASHES, 1);
    if (numHashes > BloomMath.MAX_HASHES) {
      throw new UsageException(
          "--num-hashes must be at most " + BloomMath.MAX_HASHES + ": " + numHashes);
    }
    return new Options(sizing, numHashes);
  }

  /**
   * The shape for these inputs (their bytes / 64 are the items unless {@code --items} gave them);
   * a sketch too large for one array is a usage error.
   */
  static CountingShape of(Options o, Configuration conf, Path[] inputs, long threshold)
      throws IOException {
    long items =
        o.sizing.items > 0 ? o.sizing.items : Math.max(1024, Inputs.bytes(conf, inputs) / 64);
    double words = items * o.sizing.bitsPerKey / 64;
    if (words > Integer.MAX_VALUE - 8) {
      throw new UsageException("--items " + items + " x --bits-per-key " + o.sizing.bitsPerKey
          + " bits is more than one sketch of totals holds (2^31 - 9 words of 64 bits)");
    }
    return new CountingShape(items, o.sizing.bitsPerKey, o.numHashes, threshold);
  }

  /** Sets the shape for the tasks ({@link IcebergFilters#create}). */
  void toConf(Configuration conf) {
    BloomkitConfig.ICEBERG_COUNTING_WIDTH.set(conf, width);
    BloomkitConfig.ICEBERG_COUNTING_HASHES.set(conf, numHashes);
  }
}
