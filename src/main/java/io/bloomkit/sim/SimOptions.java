package io.bloomkit.sim;

import org.apache.commons.cli.CommandLine;

/** Option parsing shared by the simulations: bad values are IllegalArgumentException (exit 2). */
public final class SimOptions {
  private SimOptions() {}

  public static int parseInt(String name, String v, int min) {
    int x;
    try {
      x = Integer.parseInt(v.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + ": not an integer: " + v);
    }
    if (x < min) {
      throw new IllegalArgumentException("--" + name + " must be at least " + min + ": " + v);
    }
    return x;
  }

  public static int intValue(CommandLine cl, String name, int def, int min) {
    return cl.hasOption(name) ? parseInt(name, cl.getOptionValue(name), min) : def;
  }

  public static long longValue(CommandLine cl, String name, long def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    try {
      return Long.parseLong(cl.getOptionValue(name).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + ": not an integer: " + cl.getOptionValue(name));
    }
  }

  public static double doubleValue(CommandLine cl, String name, double def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    try {
      return Double.parseDouble(cl.getOptionValue(name).trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + ": not a number: " + cl.getOptionValue(name));
    }
  }

  public static int[] intList(CommandLine cl, String name, int[] def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    String[] parts = cl.getOptionValue(name).split(",");
    int[] out = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = parseInt(name, parts[i], 1);
    }
    return out;
  }

  public static String[] stringList(CommandLine cl, String name, String[] def) {
    if (!cl.hasOption(name)) {
      return def;
    }
    String[] parts = cl.getOptionValue(name).split(",");
    for (int i = 0; i < parts.length; i++) {
      parts[i] = parts[i].trim();
    }
    return parts;
  }
}
