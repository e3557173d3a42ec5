package io.bloomkit.registry;

import static io.bloomkit.registry.DistributedSimulationsTest.assertStreamRow;
import static io.bloomkit.registry.DistributedSimulationsTest.d;
import static io.bloomkit.registry.DistributedSimulationsTest.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code simulate window --sliced-dynamic S} (One is Enough sec. 5, per-slice dynamic size) through
 * its options: the filters it runs, the series per time bucket recounted against the row's totals,
 * and per-slice dynamic size with one slice answering exactly as the unsliced dynamic filter.
 */
public class SlicedDynamicSimulationTest {
  static final String[] STREAM = {"--distribution", "zipf", "--universe", "50000", "--length", "20000",
      "--rate", "10", "--burst", "5", "--window", "500", "--fpp", "0.02", "--timers", "8000", "--series", "20"};

  static String[] with(String... more) {
    String[] a = java.util.Arrays.copyOf(STREAM, STREAM.length + more.length);
    System.arraycopy(more, 0, a, STREAM.length, more.length);
    return a;
  }

  @Test
  public void runsTheComparisonWithSeriesThatAddUp() throws Exception {
    List<Map<String, Object>> rows = run("window", with("--sliced-dynamic", "4"));
    String[] filters = {"fixed", "density", "cardinality", "sliced-density", "sliced-cardinality"};
    assertEquals(filters.length, rows.size());
    for (int i = 0; i < filters.length; i++) {
      Map<String, Object> r = rows.get(i);
      assertStreamRow(r);
      assertEquals(filters[i], r.get("filter"));
      assertEquals(filters[i].equals("fixed") || filters[i].startsWith("sliced-") ? 4 : 1, d(r, "slices"), 0);
      assertEquals(0.0, d(r, "fnr"), 0, filters[i] + " fnr");
      double[] fpr = (double[]) r.get("fprOverTime");
      double[] distinct = (double[]) r.get("distinctOverTime");
      double[] memory = (double[]) r.get("memoryOverTime");
      assertEquals(20, fpr.length);
      assertEquals(((double[]) r.get("timesOverTime")).length, fpr.length);
      double fp = 0;
      double all = 0;
      double bits = 0;
      for (int b = 0; b < fpr.length; b++) {
        fp += fpr[b] * distinct[b];
        all += distinct[b];
        bits += memory[b] * 1_000; // 20 buckets of 1,000 events
        assertTrue(memory[b] <= d(r, "maxMemoryBits"));
      }
      assertEquals(d(r, "distinct"), all, 0);
      assertEquals(d(r, "falsePositives"), fp, 1e-6);
      assertEquals(d(r, "meanMemoryBits") * 20_000, bits, 1e-3 * bits);
    }
    // the fixed filter's memory never moves; the dynamic ones grow in the burst (the middle third)
    double[] fixed = (double[]) rows.get(0).get("memoryOverTime");
    for (double m : fixed) {
      assertEquals(fixed[0], m, 0);
    }
    for (int i = 1; i < filters.length; i++) {
      double[] m = (double[]) rows.get(i).get("memoryOverTime");
      assertTrue(m[12] > m[2], filters[i] + " grows in the burst: " + m[12] + " vs " + m[2]);
    }
  }

  /** With one slice the per-slice filter is the unsliced one: the same answers and memory. */
  @Test
  public void oneSliceIsTheUnslicedDynamicFilter() throws Exception {
    for (String t : new String[] {"density", "cardinality-tight"}) {
      List<Map<String, Object>> rows = run("window", with("--filters", t + ",sliced-" + t, "--slices", "1"));
      Map<String, Object> plain = rows.get(0);
      Map<String, Object> sliced = rows.get(1);
      for (String key : new String[] {"falsePositives", "falseNegatives", "maxMemoryBits", "meanMemoryBits",
          "maxFilters", "filtersCreated"}) {
        assertEquals(d(plain, key), d(sliced, key), 0, t + " " + key);
      }
      assertArrayEquals((double[]) plain.get("memoryOverTime"), (double[]) sliced.get("memoryOverTime"), 0);
      assertArrayEquals((double[]) plain.get("fprOverTime"), (double[]) sliced.get("fprOverTime"), 0);
    }
  }

  @Test
  public void contradictorySlicesAreRefused() throws Exception {
    try {
      run("window", with("--sliced-dynamic", "4", "--slices", "2"));
      fail("--slices 2 with --sliced-dynamic 4");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("--sliced-dynamic"), e.getMessage());
    }
    // the same S twice is fine
    assertEquals(5, run("window", with("--sliced-dynamic", "4", "--slices", "4")).size());
  }
}
