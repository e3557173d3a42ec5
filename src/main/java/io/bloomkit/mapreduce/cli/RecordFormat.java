package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;

/**
 * How a record-reading tool's command line gives the field delimiter: {@code --delimiter} (default
 * tab). A bad value is a usage error.
 */
public final class RecordFormat {
  private RecordFormat() {}

  /** {@code --delimiter}, default tab ({@link #parseDelimiter}). */
  public static char delimiter(CommandLine cl) {
    try {
      return parseDelimiter(cl.getOptionValue("delimiter", "\t"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * One character, or {@code \t} / {@code tab} for a tab. Any character works (control characters
   * such as Hive's {@code \u0001} included) except a newline or carriage return, which the line
   * reader never leaves inside a record.
   *
   * @throws IllegalArgumentException naming {@code --delimiter} and why
   */
  public static char parseDelimiter(String s) {
    if (s == null) {
      throw new IllegalArgumentException("--delimiter missing");
    }
    if (s.equals("\\t") || s.equalsIgnoreCase("tab")) {
      return '\t';
    }
    if (s.length() != 1) {
      throw new IllegalArgumentException(
          "--delimiter must be one character or \\t, got \"" + s + "\"");
    }
    char c = s.charAt(0);
    if (c == '\n' || c == '\r') {
      throw new IllegalArgumentException(
          "--delimiter cannot be a " + (c == '\n' ? "newline" : "carriage return")
              + ": records are lines, so no field can end with a line break");
    }
    return c;
  }
}
