package io.bloomkit.sim;

import java.util.List;
import java.util.Map;

/**
 * One experiment of {@code bloomkit simulate NAME}: plain Java (no Hadoop), seeded, printing one
 * JSON object per result row. The {@code simulate} tool looks it up in {@code
 * io.bloomkit.registry.Simulations} and builds its options from {@link #params()}.
 */
public interface Simulation {
  /** The sub-command: acbf, dedup, window, slices, tree, lcbf. */
  String name();

  /** One line for the usage text. */
  String description();

  /** The sub-command's own parameters (the tool adds --csv, --json and --help). */
  List<Param<?>> params();

  /**
   * Runs the experiment; each row becomes one JSON object (keys in map order, values numbers,
   * strings, booleans or arrays of numbers).
   *
   * @throws IllegalArgumentException for bad parameter values (the tool exits 2)
   */
  List<Map<String, Object>> run(ParamValues values);
}
