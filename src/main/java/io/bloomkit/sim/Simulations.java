package io.bloomkit.sim;

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
    all.add(new io.bloomkit.stream.WindowSimulation());
    all.add(new io.bloomkit.distributed.SlicesSimulation());
    all.add(new io.bloomkit.distributed.TreeSimulation());
    all.add(new io.bloomkit.distributed.LcbfSimulation());
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
