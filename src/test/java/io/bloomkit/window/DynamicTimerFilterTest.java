package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.data.TimedStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class DynamicTimerFilterTest {
  /**
   * FP / (FP + TN) in the burst third and overall, against the window oracle of the deliveries;
   * filtersSeen gets the most live filters per third of the stream.
   */
  static double[] rates(StreamFilter f, TimedStream s, long w, int[] filtersSeen) {
    Map<Long, Long> delivered = new HashMap<>();
    long[] fp = new long[2];
    long[] tn = new long[2];
    int n = s.length();
    for (int i = 0; i < n; i++) {
      Long last = delivered.get(s.keys[i]);
      boolean truth = last != null && last + w > s.times[i];
      boolean dup = f.offer(s.hash(i), s.times[i], 1);
      if (!dup) {
        assertTrue(!truth, "no false negatives");
        delivered.put(s.keys[i], s.times[i]);
      }
      int phase = i >= n / 3 && i < 2 * n / 3 ? 1 : 0;
      int third = i < n / 3 ? 0 : i < 2 * n / 3 ? 1 : 2;
      if (!truth) {
        if (dup) {
          fp[phase]++;
        } else {
          tn[phase]++;
        }
      }
      if (f instanceof DynamicTimerFilter) {
        filtersSeen[third] = Math.max(filtersSeen[third], ((DynamicTimerFilter) f).liveFilters());
      }
    }
    return new double[] {
      (double) fp[1] / (fp[1] + tn[1]), (double) (fp[0] + fp[1]) / (fp[0] + fp[1] + tn[0] + tn[1])
    };
  }

  /**
   * A 5x burst (section 7): a fixed filter sized for the base rate overshoots its target rate in the
   * burst; the dynamic filters (density and cardinality thresholds) add filters and keep the
   * measured rate under the target, then shrink back.
   */
  @Test
  public void dynamicSizeKeepsTheRateUnderTargetThroughABurst() {
    long w = 100;
    double target = 0.02;
    int k = 4;
    TimedStream s =
        TimedStream.generate(
            new TimedStream.Spec().distribution("uniform").universe(1_000_000).length(60_000).rate(20).burst(5).seed(8));
    long m = BloomMath.bitsForFpp(2_000, k, target); // the base rate's window: 20 x 100 events
    double[] fixed = rates(WindowFilters.timer(m, k, w, 0), s, w, new int[3]);
    assertTrue(fixed[0] > 3 * target, "fixed filter in the burst: " + fixed[0]);
    for (String threshold : new String[] {"density", "cardinality"}) {
      // the paper's single threshold: every live filter may reach P, the union overshoots
      int[] seenPlain = new int[3];
      double[] plain = rates(WindowFilters.dynamic(m, k, w, 0, target, threshold), s, w, seenPlain);
      assertTrue(plain[0] > target && plain[0] < fixed[0], threshold + " plain burst rate " + plain[0]);
      // with tightening the budgets sum to P
      DynamicTimerFilter d = (DynamicTimerFilter) WindowFilters.dynamic(m, k, w, 0, target, threshold, true);
      int[] seen = new int[3];
      double[] r = rates(d, s, w, seen);
      assertTrue(r[0] < target, threshold + " burst rate " + r[0]);
      assertTrue(r[1] < target, threshold + " overall rate " + r[1]);
      assertTrue(seen[1] >= seen[0] + 3, threshold + " grows in the burst: " + seen[1] + " vs " + seen[0]);
      assertTrue(d.liveFilters() < seen[1]);
    }
  }

  /** Thresholds: n = -(m/k) ln(1 - P^(1/k)), z = m P^(1/k) (section 5). */
  @Test
  public void thresholdsAreThoseOfSection5() {
    DynamicTimerFilter c = (DynamicTimerFilter) WindowFilters.dynamic(10_000, 4, 100, 0, 0.01, "cardinality");
    DynamicTimerFilter z = (DynamicTimerFilter) WindowFilters.dynamic(10_000, 4, 100, 0, 0.01, "density");
    assertEquals(-2_500 * Math.log(1 - Math.pow(0.01, 0.25)), c.limit(), 1e-9);
    assertEquals(10_000 * Math.pow(0.01, 0.25), z.limit(), 1e-9);
    // the density threshold's rate (z/m)^k is the target
    assertEquals(0.01, Math.pow(z.limit() / 10_000, 4), 1e-12);
    // the cardinality threshold's rate by eq. 2 is the target too
    assertEquals(0.01, BloomMath.bloomFpp(10_000, Math.round(c.limit()), 4), 2e-5);
  }

  /** Old filters are dropped once all their timers expire; with no events, none is kept alive. */
  @Test
  public void expiredFiltersAreDropped() {
    DynamicTimerFilter d = (DynamicTimerFilter) WindowFilters.dynamic(1_000, 3, 50, 0, 0.05, "cardinality");
    long t = 0;
    for (int i = 0; i < 2_000; i++) {
      d.offer(TimedStream.hashOf(i), t, 1);
      if (i % 40 == 39) {
        t++;
      }
    }
    assertTrue(d.filterCount() > 3);
    long last = t - 1; // the last events' stamp
    d.advanceTo(last + 49);
    assertTrue(d.filterCount() >= 1);
    assertTrue(d.filterCount() < 4);
    d.advanceTo(last + 50); // every timer has expired
    assertTrue(d.filterCount() <= 1);
    assertTrue(!d.offer(TimedStream.hashOf(1_999), last + 50, 1));
    assertEquals(1, d.filterCount());
  }
}
