package io.bloomkit.mapreduce.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import org.junit.jupiter.api.Test;

/** {@code bloomkit simulate window|slices|tree|lcbf}: JSON rows (arrays included) and usage errors. */
public class SimulateDistributedTest {
  @Test
  public void eachPrintsJsonRows() {
    String[][] runs = {
      {"window", "--distribution", "zipf", "--length", "3000", "--universe", "2000", "--burst", "2",
        "--window", "100", "--filters", "fixed,density", "--series", "5"},
      {"slices", "--distribution", "uniform", "--length", "3000", "--universe", "2000", "--slices", "4", "--fpp", "0.05"},
      {"tree", "--distribution", "zipf", "--length", "3000", "--universe", "2000", "--producers", "16", "--levels", "3"},
      {"lcbf", "--items", "300", "--ratings", "5000", "--nodes", "10", "--ratio", "10", "--num-hashes", "3", "--queries", "1"},
    };
    int[] expected = {2, 2, 2, 1};
    for (int i = 0; i < runs.length; i++) {
      ToolRun r = ToolRun.run(new SimulateTool(), runs[i]);
      assertEquals(0, r.code, r.toString());
      String[] lines = r.out.trim().split("\n");
      assertEquals(expected[i], lines.length, runs[i][0]);
      for (String line : lines) {
        assertTrue(line.startsWith("{\"filter\":") && line.contains("\"fpr\":") && line.contains("\"falseNegatives\":"), line);
      }
    }
    ToolRun tree = ToolRun.run(new SimulateTool(), runs[2]);
    assertTrue(tree.out.contains("\"hitsPerLevel\":["), tree.out);
  }

  @Test
  public void usageErrorsExitTwo() {
    assertEquals(2, ToolRun.run(new SimulateTool(), "slices", "--layouts", "diagonal").code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "window", "--window", "0").code);
    ToolRun list = ToolRun.run(new SimulateTool(), "--help");
    for (String name : new String[] {"window", "slices", "tree", "lcbf"}) {
      assertTrue(list.err.contains(name + ":"), list.err);
    }
  }
}
