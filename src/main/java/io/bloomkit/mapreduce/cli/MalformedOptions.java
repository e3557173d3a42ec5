package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code --max-malformed-share S}, shared by every tool that reads records (build, join, dedup,
 * icebergs, update); see {@link MalformedRecords} for the rules.
 */
public final class MalformedOptions {
  static final String MAX_SHARE = "max-malformed-share";

  private MalformedOptions() {}

  /** Adds {@code --max-malformed-share}. */
  public static void add(Options o) {
    o.addOption(
        BloomkitTool.numberOpt(
            MAX_SHARE, "S", "warn (stderr, \"malformedWarning\": true) when more than this share"
                + " of an input's records are malformed, in [0, 1] (default "
                + MalformedRecords.DEFAULT_MAX_SHARE + "); an input whose records are all"
                + " malformed always fails"));
  }

  /**
   * The share of {@code cl}.
   *
   * @throws UsageException unless in [0, 1]
   */
  public static double maxShare(CommandLine cl) {
    double s = BloomkitTool.doubleValue(cl, MAX_SHARE, MalformedRecords.DEFAULT_MAX_SHARE);
    if (s < 0 || s > 1) {
      throw new UsageException("--" + MAX_SHARE + " must be in [0, 1]: " + s);
    }
    return s;
  }
}
