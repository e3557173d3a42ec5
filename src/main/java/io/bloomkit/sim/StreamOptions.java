package io.bloomkit.sim;

import io.bloomkit.data.TimedStream;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/** The stream options shared by the window, slices and tree simulations (see {@link TimedStream}). */
public final class StreamOptions {
  private StreamOptions() {}

  /** Adds --distribution, --alpha, --universe, --length, --rate and --seed with these defaults. */
  public static void add(Options o, long universe, int length, double rate) {
    o.addOption(opt("distribution", "LIST", "key distributions, zipf and/or uniform (default zipf,uniform)"));
    o.addOption(opt("alpha", "A", "Zipf exponent (default 1.0)"));
    o.addOption(opt("universe", "U", "distinct keys the stream draws from (default " + universe + ")"));
    o.addOption(opt("length", "N", "events in the stream (default " + length + ")"));
    o.addOption(opt("rate", "R", "events per time unit outside bursts (default " + rate + ")"));
    o.addOption(opt("seed", "S", "random seed (default 1)"));
  }

  public static Option opt(String name, String arg, String desc) {
    return Option.builder().longOpt(name).hasArg().argName(arg).desc(desc).build();
  }

  /** The spec from the options, for one distribution (the caller iterates over the list). */
  public static TimedStream.Spec spec(CommandLine cl, String distribution, long universe, int length, double rate) {
    double alpha = SimOptions.doubleValue(cl, "alpha", 1.0);
    long u = SimOptions.longValue(cl, "universe", universe);
    int n = SimOptions.intValue(cl, "length", length, 1);
    double r = SimOptions.doubleValue(cl, "rate", rate);
    long seed = SimOptions.longValue(cl, "seed", 1);
    if (!distribution.equals("zipf") && !distribution.equals("uniform")) {
      throw new IllegalArgumentException("--distribution: zipf or uniform, not " + distribution);
    }
    if (!(alpha > 0) || u < 1 || !(r > 0)) {
      throw new IllegalArgumentException("--alpha, --universe and --rate must be positive");
    }
    return new TimedStream.Spec().distribution(distribution).alpha(alpha).universe(u).length(n).rate(r).seed(seed);
  }

  public static String[] distributions(CommandLine cl) {
    return SimOptions.stringList(cl, "distribution", new String[] {"zipf", "uniform"});
  }

  /** A comma list of doubles. */
  public static double[] doubleList(CommandLine cl, String name, double[] def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    String[] parts = cl.getOptionValue(name).split(",");
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        out[i] = Double.parseDouble(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--" + name + ": not a number: " + parts[i]);
      }
    }
    return out;
  }

  /** A comma list of integers that may include 0. */
  public static int[] intList0(CommandLine cl, String name, int[] def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    String[] parts = cl.getOptionValue(name).split(",");
    int[] out = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = SimOptions.parseInt(name, parts[i], 0);
    }
    return out;
  }

  /** Rate / (FP + TN) style ratio, 0 when the denominator is 0. */
  public static double ratio(long a, long b) {
    return b == 0 ? 0.0 : (double) a / b;
  }
}
