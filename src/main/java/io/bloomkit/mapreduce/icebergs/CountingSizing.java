package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.UsageException;
import org.apache.commons.cli.CommandLine;

/** {@code counting}'s options: the size of the counting filter of totals. */
final class CountingSizing {
  /** Distinct keys to size the filter for; 0: input bytes / 64. */
  final long items;
  /** Filter memory bits per distinct key. */
  final double bitsPerKey;

  private CountingSizing(long items, double bitsPerKey) {
    this.items = items;
    this.bitsPerKey = bitsPerKey;
  }

  /** From {@code --items} and {@code --bits-per-key} (default 32). */
  static CountingSizing parse(CommandLine cl) {
    long items = BloomkitTool.longValue(cl, "items", 0, 1);
    double bitsPerKey = BloomkitTool.doubleValue(cl, "bits-per-key", 32);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    return new CountingSizing(items, bitsPerKey);
  }
}
