package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.sim.ParamValues;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Communication cost in bits (One is Enough sec. 2 and 3.1): each request carries k positions of
 * ceil(log2 r) bits. The simulations' bit columns are recomputed here from their request counts,
 * with ceil(log2 r) found by doubling.
 */
public class RequestBitsTest {
  /** The least b with 2^b >= r. */
  static long ceilLog2(long r) {
    long b = 0;
    while ((1L << b) < r) {
      b++;
    }
    return b;
  }

  static long[] times(long[] a, long f) {
    long[] out = new long[a.length];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i] * f;
    }
    return out;
  }

  @Test
  public void requestBitsByHand() {
    assertEquals(0, WindowTheory.requestBits(4, 1));
    assertEquals(4, WindowTheory.requestBits(4, 2));
    assertEquals(30, WindowTheory.requestBits(3, 1024));
    assertEquals(33, WindowTheory.requestBits(3, 1025));
    for (long r = 1; r < 5_000; r += 7) {
      assertEquals(5 * ceilLog2(r), WindowTheory.requestBits(5, r));
    }
  }

  @Test
  public void treeBitsAreAccessesTimesKCeilLog2M() {
    List<Map<String, Object>> rows = new TreeSimulation().run(ParamValues.of(Map.of(
        "distribution", "zipf", "length", "5000", "universe", "2000", "producers", "16", "levels", "3",
        "threshold-level", "0,2", "top-down", "climb,paper", "root-slices", "1,4")));
    assertEquals(2 * (1 + 2) * 2, rows.size());
    for (Map<String, Object> r : rows) {
      long m = ((Number) r.get("memoryBits")).longValue();
      long k = ((Number) r.get("numHashes")).longValue();
      long perRequest = k * ceilLog2(m);
      assertEquals(perRequest, ((Number) r.get("bitsPerRequest")).longValue());
      assertArrayEquals(times((long[]) r.get("accessesPerLevel"), perRequest), (long[]) r.get("accessBitsPerLevel"));
      long[] root = (long[]) r.get("rootRequests");
      assertEquals(((Number) r.get("rootSlices")).intValue(), root.length);
      assertArrayEquals(times(root, perRequest), (long[]) r.get("rootRequestBits"));
      assertTrue(RequestBitsTest.sum(root) >= ((long[]) r.get("accessesPerLevel"))[0]);
    }
  }

  @Test
  public void slicesBitsAreRequestsTimesKCeilLog2Range() {
    List<Map<String, Object>> rows = new SlicesSimulation().run(ParamValues.of(Map.of(
        "distribution", "uniform", "length", "5000", "universe", "3000", "slices", "1,3,16",
        "layouts", "horizontal,vertical,h-v,v-h", "fpp", "0.05")));
    assertEquals(4 * 3, rows.size());
    for (Map<String, Object> r : rows) {
      long m = ((Number) r.get("memoryBits")).longValue();
      long k = ((Number) r.get("numHashes")).longValue();
      long slices = ((Number) r.get("slices")).longValue();
      String layout = (String) r.get("filter");
      long range = layout.equals("horizontal") || layout.equals("h-v") ? -Math.floorDiv(-m, slices) : m;
      long perRequest = k * ceilLog2(range);
      long[] requests = (long[]) r.get("requests");
      assertEquals(perRequest, ((Number) r.get("bitsPerRequest")).longValue(), layout);
      assertArrayEquals(times(requests, perRequest), (long[]) r.get("requestBits"), layout);
      assertEquals(sum(requests), ((Number) r.get("totalRequests")).longValue());
      assertEquals(sum(requests) * perRequest, ((Number) r.get("totalBits")).longValue());
    }
  }

  static long sum(long[] a) {
    long s = 0;
    for (long x : a) {
      s += x;
    }
    return s;
  }
}
