package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * The size of a per-split counting filter ({@code dedup --method counting}, see {@code
 * FilterBuild.perSplitCountingFilter}; {@code icebergs --method counting}: the memory of its
 * sketch of totals): {@code --items N} and {@code --bits-per-key B}.
 */
public final class CountingSizing {
  /** Distinct keys to size the filter for; 0: input bytes / 64. */
  public final long items;
  /** Filter memory bits per distinct key. */
  public final double bitsPerKey;

  private CountingSizing(long items, double bitsPerKey) {
    this.items = items;
    this.bitsPerKey = bitsPerKey;
  }

  /**
   * {@code --items} and {@code --bits-per-key} (default 32).
   *
   * @param what the filter, in the help of {@code --items}: "counting: distinct keys to size WHAT
   *     for (default: input bytes / 64)"
   */
  public static Options options(String what) {
    Options o = new Options();
    o.addOption(BloomkitTool.integerOpt("items", "N", "counting: distinct keys to size " + what
        + " for (default: input bytes / 64)"));
    o.addOption(BloomkitTool.numberOpt("bits-per-key", "B",
        "counting: filter memory bits per distinct key (default 32)"));
    return o;
  }

  /** From {@code --items} and {@code --bits-per-key}; bad values are usage errors. */
  public static CountingSizing parse(CommandLine cl) {
    long items = BloomkitTool.longValue(cl, "items", 0, 1);
    double bitsPerKey = BloomkitTool.doubleValue(cl, "bits-per-key", 32);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    return new CountingSizing(items, bitsPerKey);
  }
}
