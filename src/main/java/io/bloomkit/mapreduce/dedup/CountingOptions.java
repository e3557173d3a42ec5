package io.bloomkit.mapreduce.dedup;

import static io.bloomkit.mapreduce.cli.BloomkitTool.doubleValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.longValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.numberOpt;

import io.bloomkit.mapreduce.cli.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** The options of {@code dedup --method counting}: the size of its filter of key multiplicities. */
final class CountingOptions {
  /** Distinct keys to size the filter for; 0: input bytes / 64. */
  final long items;
  /** Filter memory bits per distinct key. */
  final double bitsPerKey;

  private CountingOptions(long items, double bitsPerKey) {
    this.items = items;
    this.bitsPerKey = bitsPerKey;
  }

  static Options options() {
    Options o = new Options();
    o.addOption(integerOpt("items", "N", "counting: distinct keys to size the counting filter for"
        + " (default: input bytes / 64)"));
    o.addOption(numberOpt("bits-per-key", "B", "counting: filter memory bits per distinct key (default 32)"));
    return o;
  }

  /** From {@code --items} and {@code --bits-per-key}; bad values are usage errors. */
  static CountingOptions parse(CommandLine cl) {
    long items = longValue(cl, "items", 0, 1);
    double bitsPerKey = doubleValue(cl, "bits-per-key", 32);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    return new CountingOptions(items, bitsPerKey);
  }
}
