package io.bloomkit.report;

import io.bloomkit.sim.Simulation;
import io.bloomkit.registry.Simulations;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.DefaultParser;

/** Runs one simulation from the command line (test scope) and prints its rows: {@code SimRun NAME ARGS...}. */
public final class SimRun {
  private SimRun() {}

  public static List<Map<String, Object>> run(String name, String... args) throws Exception {
    Simulation s = Simulations.named(name);
    if (s == null) {
      throw new IllegalArgumentException("no simulation " + name);
    }
    return s.run(new DefaultParser().parse(s.options(), args));
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
