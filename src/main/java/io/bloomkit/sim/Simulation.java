package io.bloomkit.sim;


import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One experiment of {@code bloomkit simulate NAME}: plain Java (no Hadoop), seeded, printing one
 * JSON object per result row. The {@code simulate} tool looks it up in {@code io.bloomkit.registry.Simulations}.
 */
public interface Simulation {
  /** The sub-command: acbf, dedup, window, slices, tree, lcbf. */
  String name();

  /** One line for the usage text. */
  String description();

  /** The sub-command's own options (the tool adds --json, --csv and --help). */
  Options options();

  /**
   * Runs the experiment; each row becomes one JSON object (keys in map order, values numbers,
   * strings, booleans or arrays of numbers).
   *
   * @throws IllegalArgumentException for bad option values (the tool exits 2)
   */
  List<Map<String, Object>> run(CommandLine cl);
}
