package io.bloomkit.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.simulate.SimulateTool;
import io.bloomkit.sim.Simulation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The window, slices, tree and lcbf simulations at reduced size, through their options. */
public class DistributedSimulationsTest {
  static List<Map<String, Object>> run(String name, String... args) throws Exception {
    Simulation s = Simulations.named(name);
    assertNotNull(s, name + " registered");
    return s.run(SimulateTool.values(s, args));
  }

  static double d(Map<String, Object> r, String key) {
    return ((Number) r.get(key)).doubleValue();
  }

  static void assertStreamRow(Map<String, Object> r) {
    for (String key : new String[] {"filter", "length", "distinct", "duplicates", "falsePositives", "falseNegatives", "fpr", "fnr"}) {
      assertTrue(r.containsKey(key), key + " in " + r.keySet());
    }
    assertEquals(d(r, "length"), d(r, "distinct") + d(r, "duplicates"), 0);
    assertEquals(d(r, "falsePositives") / d(r, "distinct"), d(r, "fpr"), 1e-12);
  }

  /**
   * Slices: a vertical filter has the same answers at every S (one m-bit filter), its rate is the
   * stream-averaged eq. 3; horizontal load on a Zipf stream is less fair than vertical; failed
   * slices with independent positions give the heuristic's false negative rates.
   */
  @Test
  public void slices() throws Exception {
    List<Map<String, Object>> rows = run("slices", "--distribution", "zipf", "--length", "40000",
        "--universe", "8000", "--slices", "1,16", "--fpp", "0.05");
    assertEquals(4, rows.size());
    for (Map<String, Object> r : rows) {
      assertStreamRow(r);
      assertEquals(0, d(r, "falseNegatives"), 0);
    }
    Map<String, Object> h16 = rows.get(1);
    Map<String, Object> v1 = rows.get(2);
    Map<String, Object> v16 = rows.get(3);
    assertEquals("vertical", v16.get("filter"));
    assertEquals(d(v1, "falsePositives"), d(v16, "falsePositives"), 0);
    double fp = d(v16, "falsePositives");
    double mean = d(v16, "theoryFpr") * d(v16, "distinct");
    assertTrue(Math.abs(fp - mean) < 4 * Math.sqrt(mean) + 2, fp + " vs " + mean);
    assertTrue(d(v16, "fairness") > d(h16, "fairness"));
    assertTrue(d(v16, "maxLoadShare") < d(h16, "maxLoadShare"));
    assertTrue(d(v16, "meanSitesPipelined") <= d(v16, "meanSitesPerLookup"));

    rows = run("slices", "--distribution", "uniform", "--length", "30000", "--universe", "30000",
        "--layouts", "vertical", "--slices", "40", "--num-hashes", "8", "--fpp", "0.05", "--failed", "8",
        "--policy", "at-least", "--at-least", "3,6", "--hashing", "mixed");
    assertEquals(2, rows.size());
    for (Map<String, Object> r : rows) {
      double fn = d(r, "falseNegatives");
      double expect = d(r, "theoryFnr") * d(r, "duplicates");
      assertTrue(Math.abs(fn - expect) < 4 * Math.sqrt(expect) + 3, r.get("atLeast") + ": " + fn + " vs " + expect);
    }
  }

  /**
   * Window: no false negatives without the heuristic; a 5x burst pushes the fixed filter and the
   * paper's dynamic thresholds over the target, the tightened ones stay under it; equal timers with
   * k' = k trade false positives for false negatives.
   */
  @Test
  public void window() throws Exception {
    List<Map<String, Object>> rows = run("window", "--distribution", "uniform", "--universe", "500000",
        "--length", "40000", "--rate", "20", "--burst", "5", "--window", "100", "--fpp", "0.02", "--series", "10");
    assertEquals(5, rows.size());
    for (Map<String, Object> r : rows) {
      assertStreamRow(r);
      assertEquals(0, d(r, "falseNegatives"), 0, r.get("filter").toString());
      String f = (String) r.get("filter");
      if (f.endsWith("-tight")) {
        assertTrue(d(r, "burstFpr") < 0.02, f + " " + d(r, "burstFpr"));
      } else {
        assertTrue(d(r, "burstFpr") > 0.02, f + " " + d(r, "burstFpr"));
      }
      assertEquals(10, ((double[]) r.get("filtersOverTime")).length, 1);
    }
    rows = run("window", "--distribution", "zipf", "--universe", "20000", "--length", "30000",
        "--burst", "1", "--window", "500", "--filters", "fixed", "--timers", "20000", "--equal-timers", "0,4");
    Map<String, Object> plain = rows.get(0);
    Map<String, Object> equal = rows.get(1);
    assertTrue(d(equal, "fpr") < d(plain, "fpr") / 4);
    assertTrue(d(equal, "fnr") > 0);
    long[] t = (long[]) plain.get("equalTimersTrue");
    long[] f = (long[]) plain.get("equalTimersFalse");
    assertEquals(4, t.length);
    // true duplicates mostly find all k timers equal, false ones mostly none
    assertTrue(t[3] > t[0] && f[0] > f[3]);
  }

  /** Tree: Proposition 3 (dense and sparse alike) and 4 (the flat filter's answers) in the rows. */
  @Test
  public void tree() throws Exception {
    List<Map<String, Object>> rows = run("tree", "--distribution", "zipf", "--length", "30000",
        "--universe", "6000", "--producers", "64", "--levels", "2,4", "--fpp", "0.1");
    assertEquals(4, rows.size());
    for (int i = 0; i < 4; i += 2) {
      Map<String, Object> dense = rows.get(i);
      Map<String, Object> sparse = rows.get(i + 1);
      assertStreamRow(dense);
      assertEquals(d(dense, "falsePositives"), d(sparse, "falsePositives"), 0);
      assertEquals(d(dense, "fpr"), d(dense, "flatFpr"), 0);
      long[] dh = (long[]) dense.get("hitsPerLevel");
      long[] sh = (long[]) sparse.get("hitsPerLevel");
      assertTrue(dh[dh.length - 1] > sh[sh.length - 1]);
      long total = 0;
      for (long x : (long[]) dense.get("levelsClimbed")) {
        total += x;
      }
      assertEquals(30_000, total);
    }
  }

  /** LCBF at the paper's m/n = 10, k = 3: exact frequencies, icebergs found, two layers cheaper. */
  @Test
  public void lcbf() throws Exception {
    List<Map<String, Object>> rows = run("lcbf", "--items", "1500", "--ratings", "40000", "--nodes", "60",
        "--ratio", "10", "--num-hashes", "1,3", "--queries", "2");
    assertEquals(2, rows.size());
    Map<String, Object> k1 = rows.get(0);
    Map<String, Object> k3 = rows.get(1);
    assertTrue(d(k3, "exactFraction") >= 0.99);
    assertTrue(d(k3, "hitRatio") >= 0.99);
    assertTrue(d(k3, "errorRate") <= 0.005);
    assertTrue(d(k1, "exactFraction") < d(k3, "exactFraction"));
    assertTrue(d(k3, "bitsTwoLayer") < d(k3, "bitsOneLayer"));
    assertTrue(d(k1, "bitsTwoLayer") < d(k3, "bitsTwoLayer"));
  }

  @Test
  public void badOptionsAreIllegalArguments() throws Exception {
    String[][] bad = {
      {"slices", "--layouts", "diagonal"},
      {"slices", "--policy", "maybe"},
      {"window", "--filters", "magic"},
      {"window", "--fpp", "2"},
      {"tree", "--modes", "bushy"},
      {"lcbf", "--threshold", "0"},
      {"window", "--distribution", "gauss"},
    };
    for (String[] b : bad) {
      try {
        run(b[0], java.util.Arrays.copyOfRange(b, 1, b.length));
        fail(String.join(" ", b) + " accepted");
      } catch (IllegalArgumentException expected) {
        assertNotNull(expected.getMessage());
      }
    }
  }
}
