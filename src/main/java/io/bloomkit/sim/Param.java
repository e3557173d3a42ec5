package io.bloomkit.sim;

import java.util.Arrays;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.function.BiFunction;

/**
 * One declared parameter of a {@link Simulation}: its name (the option {@code --name}), the name
 * of its argument in the usage text, its type, its default (or none), its description and bounds.
 * The {@code simulate} tool builds its command-line options from these; a simulation reads its
 * values with {@link ParamValues#get}. Immutable.
 *
 * <p>A value is converted when the simulation reads it, so a bad value of a parameter the run
 * does not use is ignored; conversion errors are {@link IllegalArgumentException}s naming the
 * option ({@code --items: not an integer: x}, {@code --items must be at least 1: 0}).
 *
 * @param <T> the value's type: {@code Integer}, {@code Long}, {@code Double}, {@code String} or an
 *     array of {@code int}, {@code double} or {@code String} (a comma list)
 */
public final class Param<T> {
  private final String name;
  private final String argName;
  private final String description;
  private final Class<T> type;
  private final T defaultValue;
  private final String defaultText;
  private final boolean required;
  private final long min;
  private final BiFunction<Param<T>, String, T> parser;

  private Param(
      String name, String argName, String description, Class<T> type, T defaultValue,
      String defaultText, boolean required, long min, BiFunction<Param<T>, String, T> parser) {
    this.name = Objects.requireNonNull(name);
    this.argName = Objects.requireNonNull(argName);
    this.description = Objects.requireNonNull(description);
    this.type = type;
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.required = required;
    this.min = min;
    this.parser = parser;
  }

  /** An integer of at least {@code min}; {@code 1_000} is read as 1000. */
  public static Param<Integer> ofInt(String name, String argName, String description, Integer dflt, int min) {
    return new Param<>(name, argName, description, Integer.class, dflt, text(dflt), false, min,
        (p, v) -> p.parseInt(v));
  }

  /** A long integer. */
  public static Param<Long> ofLong(String name, String argName, String description, Long dflt) {
    return new Param<>(name, argName, description, Long.class, dflt, text(dflt), false, Long.MIN_VALUE,
        (p, v) -> {
          try {
            return Long.parseLong(v.trim());
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(p.option() + ": not an integer: " + v);
          }
        });
  }

  /** A floating-point number. */
  public static Param<Double> ofDouble(String name, String argName, String description, Double dflt) {
    return new Param<>(name, argName, description, Double.class, dflt, text(dflt), false, Long.MIN_VALUE,
        (p, v) -> p.parseDouble(v));
  }

  /** A string, as given. */
  public static Param<String> ofString(String name, String argName, String description, String dflt) {
    return new Param<>(name, argName, description, String.class, dflt, dflt, false, Long.MIN_VALUE,
        (p, v) -> v);
  }

  /** A comma list of integers, each at least {@code min}. */
  public static Param<int[]> ofIntList(String name, String argName, String description, int[] dflt, int min) {
    return new Param<>(name, argName, description, int[].class, dflt,
        dflt == null ? null : join(Arrays.stream(dflt).mapToObj(String::valueOf).toArray()), false, min,
        (p, v) -> Arrays.stream(v.split(",")).mapToInt(p::parseInt).toArray());
  }

  /** A comma list of numbers. */
  public static Param<double[]> ofDoubleList(String name, String argName, String description, double[] dflt) {
    return new Param<>(name, argName, description, double[].class, dflt,
        dflt == null ? null : join(Arrays.stream(dflt).mapToObj(String::valueOf).toArray()), false,
        Long.MIN_VALUE, (p, v) -> Arrays.stream(v.split(",")).mapToDouble(p::parseDouble).toArray());
  }

  /** A comma list of strings, each trimmed. */
  public static Param<String[]> ofStringList(String name, String argName, String description, String[] dflt) {
    return new Param<>(name, argName, description, String[].class, dflt,
        dflt == null ? null : join(dflt), false, Long.MIN_VALUE,
        (p, v) -> Arrays.stream(v.split(",")).map(String::trim).toArray(String[]::new));
  }

  /**
   * The same parameter with its default shown as {@code text} in the usage text ("(default
   * text)"), or not shown when {@code text} is null (a description that says it in its own words).
   */
  public Param<T> defaultShownAs(String text) {
    return new Param<>(name, argName, description, type, defaultValue, text, required, min, parser);
  }

  /** The same parameter, required: the usage text says so, reading it unset is an error. */
  public Param<T> required() {
    return new Param<>(name, argName, description, type, defaultValue, null, true, min, parser);
  }

  public String name() {
    return name;
  }

  public String argName() {
    return argName;
  }

  public Class<T> type() {
    return type;
  }

  /** The default value, or null: the simulation derives it (its description says how). */
  public T defaultValue() {
    return defaultValue;
  }

  public boolean isRequired() {
    return required;
  }

  /** The least value of an integer (or of each integer of a list); {@code Long.MIN_VALUE} if none. */
  public long min() {
    return min;
  }

  /** The usage text: the description, then "(required)" or "(default ...)" where given. */
  public String help() {
    if (required) {
      return description + " (required)";
    }
    return defaultText == null ? description : description + " (default " + defaultText + ")";
  }

  /** The value of {@code raw}, as given on the command line. */
  public T parse(String raw) {
    return parser.apply(this, raw);
  }

  /** {@code --name}, as errors name the option. */
  public String option() {
    return "--" + name;
  }

  private int parseInt(String v) {
    int x;
    try {
      x = Integer.parseInt(v.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option() + ": not an integer: " + v);
    }
    if (x < min) {
      throw new IllegalArgumentException(option() + " must be at least " + min + ": " + v);
    }
    return x;
  }

  private double parseDouble(String v) {
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option() + ": not a number: " + v);
    }
  }

  private static String text(Object dflt) {
    return dflt == null ? null : String.valueOf(dflt);
  }

  private static String join(Object[] parts) {
    StringJoiner j = new StringJoiner(",");
    for (Object p : parts) {
      j.add(String.valueOf(p));
    }
    return j.toString();
  }

  @Override
  public String toString() {
    return option() + " " + argName + ": " + help();
  }
}
