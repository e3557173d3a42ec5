package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.UsageException;
import org.apache.commons.cli.CommandLine;

/**
 * How a record-reading tool's command line says where the key is: {@code --delimiter} (default
 * tab) and a key-field option ({@code --key-field}, join's {@code --left-key} ...). Bad values are
 * usage errors with {@link KeyExtractor}'s messages.
 */
public final class RecordFormat {
  private RecordFormat() {}

  /** {@code --delimiter}, default tab ({@link KeyExtractor#parseDelimiter}). */
  public static char delimiter(CommandLine cl) {
    try {
      return KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The 0-based key fields of option {@code opt} ({@link KeyExtractor#parseFields}).
   *
   * @param dflt the value when the option is absent, or null: the option is required ({@code --OPT
   *     is required})
   */
  public static int[] keyFields(CommandLine cl, String opt, String dflt) {
    String v = cl.getOptionValue(opt, dflt);
    if (dflt == null && (v == null || v.isEmpty())) {
      throw new UsageException("--" + opt + " is required");
    }
    try {
      return KeyExtractor.parseFields(v);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }
}
