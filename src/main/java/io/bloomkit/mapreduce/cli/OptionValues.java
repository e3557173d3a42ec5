package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Converter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.ParseException;

/**
 * Typed option values through commons-cli: an option declared with a type and a {@link Converter}
 * ({@link BloomkitTool#integerOpt}, {@link BloomkitTool#numberOpt}) is read with {@link
 * CommandLine#getParsedOptionValue}; a value the converter refuses is a {@link UsageException}
 * naming the option. Values are trimmed.
 */
final class OptionValues {
  /** An integer (a long). */
  static final Converter<Long, NumberFormatException> INTEGER =
      v -> {
        try {
          return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
          throw new NumberFormatException("must be an integer: \"" + v + "\"");
        }
      };

  /** A finite number (NaN and the infinities are refused). */
  static final Converter<Double, NumberFormatException> NUMBER =
      v -> {
        double d;
        try {
          d = Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
          d = Double.NaN;
        }
        if (!Double.isFinite(d)) {
          throw new NumberFormatException("must be a number: \"" + v + "\"");
        }
        return d;
      };

  private OptionValues() {}

  static <T> Option typed(
      String longOpt, String arg, String desc, Class<T> type, Converter<T, ?> converter) {
    return Option.builder().longOpt(longOpt).hasArg().argName(arg).desc(desc).type(type)
        .converter(converter).build();
  }

  /**
   * The value of {@code opt} as its option's converter makes it, {@code dflt} when absent.
   *
   * @throws UsageException "--opt " and the converter's message for a refused value
   * @throws IllegalStateException if the option was declared without {@code type} (a bug)
   */
  static <T> T parsed(CommandLine cl, String opt, Class<T> type, T dflt) {
    Object v;
    try {
      v = cl.getParsedOptionValue(opt, dflt);
    } catch (ParseException e) {
      Throwable why = e.getCause() != null ? e.getCause() : e;
      throw new UsageException("--" + opt + " " + why.getMessage());
    }
    if (!type.isInstance(v)) {
      throw new IllegalStateException("--" + opt + " is read as a " + type.getSimpleName()
          + " but declared without that type (declare it with integerOpt or numberOpt)");
    }
    return type.cast(v);
  }
}
