package io.bloomkit.registry;

import io.bloomkit.acbf.AcbfSimulation;
import io.bloomkit.lcbf.GossipSimulation;
import io.bloomkit.lcbf.LcbfSimulation;
import io.bloomkit.sim.Simulation;
import io.bloomkit.stable.DedupSimulation;
import io.bloomkit.window.SlicesSimulation;
import io.bloomkit.window.TreeSimulation;
import io.bloomkit.window.WindowSimulation;
import java.util.List;

/** The registry of simulations, one line each (they hold no state: one instance each serves). */
public final class Simulations {
  private static final List<Simulation> ALL =
      List.of(
          new AcbfSimulation(),
          new DedupSimulation(),
          new WindowSimulation(),
          new SlicesSimulation(),
          new TreeSimulation(),
          new LcbfSimulation(),
          new GossipSimulation());

  private Simulations() {}

  /** Every simulation, in usage order. */
  public static List<Simulation> all() {
    return ALL;
  }

  /** The simulation called {@code name}, or null. */
  public static Simulation named(String name) {
    for (Simulation s : ALL) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    return null;
  }
}
