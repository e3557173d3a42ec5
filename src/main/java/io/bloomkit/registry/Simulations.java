package io.bloomkit.registry;

import io.bloomkit.sim.Simulation;

import io.bloomkit.acbf.AcbfSimulation;
import io.bloomkit.stable.DedupSimulation;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The registry of simulations, one line each. */
public final class Simulations {
  private Simulations() {}

  public static List<Simulation> all() {
    List<Simulation> all = new ArrayList<>();
    // register simulations here, one line each
    all.add(new AcbfSimulation());
    all.add(new DedupSimulation());
    all.add(new io.bloomkit.window.WindowSimulation());
    all.add(new io.bloomkit.window.SlicesSimulation());
    all.add(new io.bloomkit.window.TreeSimulation());
    all.add(new io.bloomkit.lcbf.LcbfSimulation());
    return Collections.unmodifiableList(all);
  }

  public static Simulation named(String name) {
    for (Simulation s : all()) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    return null;
  }
}
