package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.config.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.cli.CommandLine;

/**
 * The options each method of a tool takes: an option that belongs to other methods is a usage
 * error, so a method's settings are read only when they apply. Declared once per tool, checked
 * before the method's settings are read, in declaration order (the first misplaced option is
 * named).
 *
 * <pre>{@code
 * static final MethodOptions<Method> OPTIONS = new MethodOptions<Method>()
 *     .only(EnumSet.of(Method.STREAM), "applies to --method stream", "filter", "memory-bits")
 *     .only(EnumSet.of(Method.COUNTING), "applies to --method counting", "items", "bits-per-key");
 * OPTIONS.check(cl, method); // --items with --method exact: "--items applies to --method counting"
 * }</pre>
 */
public final class MethodOptions<M extends Enum<M>> {
  private static final class Rule<M> {
    final Set<M> methods;
    final String message;
    final List<String> options;

    Rule(Set<M> methods, String message, List<String> options) {
      this.methods = methods;
      this.message = message;
      this.options = options;
    }
  }

  private final List<Rule<M>> rules = new ArrayList<>();

  /**
   * Options {@code options} (long names, without {@code --}) apply to {@code methods} only; given
   * with another method, the usage error is {@code --OPTION MESSAGE}.
   */
  public MethodOptions<M> only(Set<M> methods, String message, String... options) {
    rules.add(new Rule<>(Set.copyOf(methods), message, List.of(options)));
    return this;
  }

  /** The options of {@code method}'s set: those of every rule that includes it. */
  public List<String> optionsOf(M method) {
    List<String> out = new ArrayList<>();
    for (Rule<M> r : rules) {
      if (r.methods.contains(method)) {
        out.addAll(r.options);
      }
    }
    return out;
  }

  /**
   * Refuses an option given with a method it does not apply to.
   *
   * @throws UsageException {@code --OPTION MESSAGE} for the first one
   */
  public void check(CommandLine cl, M method) {
    for (Rule<M> r : rules) {
      if (r.methods.contains(method)) {
        continue;
      }
      for (String o : r.options) {
        if (cl.hasOption(o)) {
          throw new UsageException("--" + o + " " + r.message);
        }
      }
    }
  }
}
