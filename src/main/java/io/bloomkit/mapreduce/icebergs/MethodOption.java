package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.Option;

/**
 * The icebergs options that belong to some methods only (see {@link IcebergMethod#options()}); on
 * the command line of another method each one is a usage error naming the methods it applies to.
 * Declared in the order the tool checks them.
 */
enum MethodOption {
  VERIFY("verify", null, "counting, lcbf: sum the candidates' exact totals and write those"
      + " at or above T (counting: output = exact's; lcbf: the icebergs among the candidates)"),
  EVALUATE("evaluate", null, "counting, lcbf: also compute the exact answer (one more pass"
      + " over the input, every key shuffled) and report keys, hitRatio and errorRate"),
  ITEMS("items", "N", "counting: distinct keys to size the filter for"
      + " (default: input bytes / 64)"),
  BITS_PER_KEY("bits-per-key", "B", "counting: filter memory bits per distinct key (default 32)"),
  ENTRIES_PER_KEY("entries-per-key", "R", "lcbf: entries m of each split's filter per local"
      + " total it stores, m/n (default 10)"),
  NUM_HASHES("num-hashes", "K", "lcbf: hash functions k (default 3)"),
  VALUE_BITS("value-bits", "L", "lcbf: bits l of each stored value, 1..62; values saturate"
      + " at 2^l - 1 (default 15, as the paper)");

  /** The long option name. */
  final String name;
  private final String argName;
  private final String description;

  MethodOption(String name, String argName, String description) {
    this.name = name;
    this.argName = argName;
    this.description = description;
  }

  /** The command-line option: a flag, or an option taking one value. */
  Option option() {
    return argName == null
        ? BloomkitTool.flag(name, description)
        : BloomkitTool.opt(name, argName, description);
  }

  /**
   * The methods it applies to, as the usage error says it: "counting only", or "counting and lcbf
   * (exact is exact)" for the checks of an approximate answer.
   */
  String appliesTo() {
    List<String> owners = new ArrayList<>();
    for (IcebergMethod m : IcebergMethod.values()) {
      if (m.options().contains(this)) {
        owners.add(m.cliName());
      }
    }
    return "--method " + String.join(" and ", owners)
        + (owners.size() == 1 ? " only" : " (exact is exact)");
  }
}
