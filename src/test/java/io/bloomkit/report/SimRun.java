package io.bloomkit.report;

import io.bloomkit.mapreduce.simulate.SimulateTool;
import io.bloomkit.registry.Simulations;
import io.bloomkit.sim.Simulation;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.ParseException;

/** Runs one simulation from the command line (test scope) and prints its rows: {@code SimRun NAME ARGS...}. */
public final class SimRun {
  private SimRun() {}

  /**
   * Divides every run's stream length ({@code --length}, and {@code --ratings} of lcbf), given or
   * default, by this: the report generators' smoke tests run them on streams this many times
   * shorter. 1 (the reports' own size) unless a test sets it.
   */
  static int lengthDivisor = 1;

  /**
   * Where {@link #run} takes its rows from while set: the report tests' canned rows, replayed
   * instead of running the simulations, or recorded from them ({@link CannedRows}). Null (the
   * default, and the report generators' own runs): every run simulates.
   */
  static CannedRows canned;

  private static final java.util.Set<String> LENGTHS = java.util.Set.of("length", "ratings");

  /**
   * The rows of simulation {@code name} run with {@code args}, parsed as {@code simulate} parses
   * them.
   *
   * @throws IllegalArgumentException for an unknown simulation or option, or a bad value
   */
  public static List<Map<String, Object>> run(String name, String... args) {
    Simulation s = Simulations.named(name);
    if (s == null) {
      throw new IllegalArgumentException("no simulation " + name);
    }
    String[] shortened = shortened(s, args);
    if (canned != null) {
      return canned.rows(name, shortened, () -> simulate(s, shortened));
    }
    return simulate(s, shortened);
  }

  private static List<Map<String, Object>> simulate(Simulation s, String[] args) {
    try {
      return s.run(SimulateTool.values(s, args));
    } catch (ParseException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** {@code args} with the stream lengths divided by {@link #lengthDivisor}. */
  private static String[] shortened(Simulation s, String[] args) {
    if (lengthDivisor == 1) {
      return args;
    }
    java.util.List<String> out = new java.util.ArrayList<>(Arrays.asList(args));
    for (io.bloomkit.sim.Param<?> p : s.params()) {
      if (!LENGTHS.contains(p.name())) {
        continue;
      }
      int at = out.indexOf(p.option());
      if (at < 0) {
        out.add(p.option());
        out.add(String.valueOf(p.defaultValue()));
        at = out.size() - 2;
      }
      long v = Long.parseLong(out.get(at + 1));
      out.set(at + 1, String.valueOf(Math.max(1, v / lengthDivisor)));
    }
    return out.toArray(new String[0]);
  }

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    for (Map<String, Object> r : run(args[0], Arrays.copyOfRange(args, 1, args.length))) {
      StringBuilder b = new StringBuilder();
      for (Map.Entry<String, Object> e : r.entrySet()) {
        Object v = e.getValue();
        String s = v instanceof long[] ? Arrays.toString((long[]) v)
            : v instanceof double[] ? (((double[]) v).length > 12 ? "[" + ((double[]) v).length + " values]" : Arrays.toString((double[]) v))
            : v instanceof Double ? String.format("%.5g", (Double) v) : String.valueOf(v);
        b.append(e.getKey()).append('=').append(s).append(' ');
      }
      System.out.println(b);
    }
    System.err.printf("%.1f s%n", (System.nanoTime() - t0) / 1e9);
  }
}
