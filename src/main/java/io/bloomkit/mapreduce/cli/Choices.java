package io.bloomkit.mapreduce.cli;

import com.google.common.base.CaseFormat;
import io.bloomkit.mapreduce.config.UsageException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;

/**
 * Options whose value is one of a few choices (a tool's {@code --method}, join's {@code --type}),
 * held as enums. A constant's command-line name is its name in lower case with hyphens ({@code
 * LEFT_OUTER} is {@code left-outer}); a value that names no constant is a usage error listing them:
 * {@code --method must be exact, counting or stream: foo}.
 */
public final class Choices {
  private Choices() {}

  /** The command-line name of a choice ({@code LEFT_OUTER}: {@code left-outer}). */
  public static String name(Enum<?> choice) {
    return CaseFormat.UPPER_UNDERSCORE.to(CaseFormat.LOWER_HYPHEN, choice.name());
  }

  /** The value of option {@code opt} as a constant of {@code dflt}'s type; {@code dflt} if absent. */
  public static <E extends Enum<E>> E get(CommandLine cl, String opt, E dflt) {
    String v = cl.getOptionValue(opt);
    return v == null ? dflt : parse(opt, v, dflt.getDeclaringClass());
  }

  /**
   * The constant named {@code value}.
   *
   * @throws UsageException {@code --OPT must be a, b or c: VALUE} when none is
   */
  public static <E extends Enum<E>> E parse(String opt, String value, Class<E> type) {
    for (E c : type.getEnumConstants()) {
      if (name(c).equals(value)) {
        return c;
      }
    }
    throw new UsageException("--" + opt + " must be " + list(type) + ": " + value);
  }

  /** The names of the choices: {@code a, b or c}. */
  public static <E extends Enum<E>> String list(Class<E> type) {
    List<String> names = new ArrayList<>();
    for (E c : type.getEnumConstants()) {
      names.add(name(c));
    }
    int last = names.size() - 1;
    return last == 0
        ? names.get(0)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }
}
