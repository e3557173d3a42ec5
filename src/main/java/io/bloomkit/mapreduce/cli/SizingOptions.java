package io.bloomkit.mapreduce.cli;

import io.bloomkit.core.BloomMath;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;

/** The filter sizing options shared by {@code size}, {@code build} and {@code join}. */
public final class SizingOptions {
  /** Bits per key when neither --fpp nor --bits-per-key is given. */
  public static final double DEFAULT_BITS_PER_KEY = 16;

  private SizingOptions() {}

  /**
   * Adds {@code --fpp | --bits-per-key} and {@code --hashes}; sizing by {@link
   * #DEFAULT_BITS_PER_KEY} when neither is given (see {@link #spec}).
   */
  public static void addRate(Options o) {
    addRate(o, true);
  }

  /**
   * Adds {@code --fpp | --bits-per-key} and {@code --hashes}.
   *
   * @param withDefault whether the tool sizes by {@link #DEFAULT_BITS_PER_KEY} when neither rate
   *     option is given (else it requires one, and the help says so)
   */
  public static void addRate(Options o, boolean withDefault) {
    OptionGroup g = new OptionGroup();
    g.addOption(BloomkitTool.numberOpt("fpp", "P", "target false positive rate at the items, in"
        + " (0, 1)" + (withDefault ? "" : "; one of --fpp or --bits-per-key is required")));
    g.addOption(
        BloomkitTool.numberOpt("bits-per-key", "B", "memory bits per key"
            + (withDefault ? " (default " + (int) DEFAULT_BITS_PER_KEY + ")"
                : "; one of --fpp or --bits-per-key is required")));
    o.addOptionGroup(g);
    o.addOption(BloomkitTool.integerOpt("hashes", "K", "hash count (default: the family's best; sbbf always sets 8)"));
  }

  /** Adds {@code --items} and {@code --capacity}. */
  public static void addItems(Options o, String itemsDesc) {
    o.addOption(BloomkitTool.integerOpt("items", "N", itemsDesc));
    o.addOption(BloomkitTool.integerOpt(
        "capacity", "C", "ACBF capacity: most items it can hold (default: items)"));
  }

  /**
   * The spec of {@code name} with the sizing options of {@code cl}.
   *
   * @throws UsageException for bad values
   */
  public static FilterSpec spec(CommandLine cl, String name) {
    long items = BloomkitTool.longValue(cl, "items", 0, 1);
    long capacity = BloomkitTool.longValue(cl, "capacity", 0, 1);
    double fpp = cl.hasOption("fpp") ? BloomkitTool.doubleValue(cl, "fpp", 0) : 0;
    if (cl.hasOption("fpp") && !(fpp > 0 && fpp < 1)) {
      throw new UsageException("--fpp must be in (0, 1): " + fpp);
    }
    double bpk = BloomkitTool.doubleValue(cl, "bits-per-key", DEFAULT_BITS_PER_KEY);
    if (!(bpk > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bpk);
    }
    int hashes = BloomkitTool.intValue(cl, "hashes", 0, 1);
    if (hashes > BloomMath.MAX_HASHES) {
      throw new UsageException("--hashes must be at most " + BloomMath.MAX_HASHES);
    }
    FilterSpec spec;
    try {
      spec = new FilterSpec(name, items, capacity, fpp, bpk, hashes);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (spec.family() == io.bloomkit.core.FilterFamily.EXACT) {
      refuse(cl, "an exact key set (it holds the keys themselves and has no sizing)", SIZING);
    } else if (spec.family() != io.bloomkit.core.FilterFamily.ACCURATE_COUNTING) {
      refuse(cl, "a " + spec.name() + " filter (only an ACBF has a capacity: its idle space)",
          "capacity");
    }
    try {
      if (items > 0) {
        spec.shape(); // fail now on parameters that cannot be met
      }
      return spec;
    } catch (io.bloomkit.core.FilterTooLargeException e) {
      throw tooLarge(cl, e);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The usage error for a filter above {@link io.bloomkit.core.FilterShape#MAX_MEMORY_BITS},
   * naming the options that asked for it.
   */
  public static UsageException tooLarge(CommandLine cl, io.bloomkit.core.FilterTooLargeException e) {
    String rate = cl.hasOption("fpp") ? "fpp" : "bits-per-key";
    String value = cl.getOptionValue(rate, String.valueOf((int) DEFAULT_BITS_PER_KEY));
    return new UsageException(
        "--" + rate + " " + value + " for --items " + cl.getOptionValue("items") + ": "
            + e.getMessage());
  }

  /** Every sizing option. */
  static final String[] SIZING = {"items", "capacity", "fpp", "bits-per-key", "hashes"};

  /**
   * Refuses the sizing options present on {@code cl}: they do not apply to {@code what}.
   *
   * @param what what the filter is, e.g. "--filter FILE (a filter built already)"
   * @throws UsageException naming the first sizing option given
   */
  public static void refuseSizing(CommandLine cl, String what) {
    refuse(cl, what, SIZING);
  }

  private static void refuse(CommandLine cl, String what, String... opts) {
    for (String o : opts) {
      if (cl.hasOption(o)) {
        throw new UsageException("--" + o + " does not apply to " + what);
      }
    }
  }

  /** The delimiter option. */
  public static Option delimiter() {
    return BloomkitTool.opt(
        "delimiter",
        "D",
        "field delimiter: one character, control characters such as $'\\x01' included, or \\t"
            + " (default tab; comma for CSV input); not a newline or carriage return");
  }
}
