package io.bloomkit.sim;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values a simulation runs with: the raw value of each parameter given (by name, as on the
 * command line), read through typed getters that convert them ({@link Param#parse}) or fall back
 * to the default. Immutable.
 */
public final class ParamValues {
  private final Map<String, String> given;

  private ParamValues(Map<String, String> given) {
    this.given = Collections.unmodifiableMap(new LinkedHashMap<>(given));
  }

  /** The values of the parameters named in {@code given} (raw strings); the others take defaults. */
  public static ParamValues of(Map<String, String> given) {
    return new ParamValues(given);
  }

  /** No parameter given: every one takes its default. */
  public static ParamValues defaults() {
    return new ParamValues(Map.of());
  }

  /** Whether {@code p} was given. */
  public boolean isSet(Param<?> p) {
    return given.containsKey(p.name());
  }

  /**
   * The value of {@code p}: the given one converted, else its default (null if it has none).
   *
   * @throws IllegalArgumentException naming the option, for a value that does not convert or is
   *     out of bounds, or a required parameter not given
   */
  public <T> T get(Param<T> p) {
    String raw = given.get(p.name());
    if (raw != null) {
      return p.parse(raw);
    }
    if (p.isRequired()) {
      throw new IllegalArgumentException(p.option() + " is required");
    }
    return p.defaultValue();
  }

  /** The value of {@code p} if given, else {@code fallback} (a default the simulation derives). */
  public <T> T get(Param<T> p, T fallback) {
    return isSet(p) ? get(p) : fallback;
  }

  @Override
  public String toString() {
    return given.toString();
  }
}
