package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import io.bloomkit.testing.Binomial;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-slice dynamic size (section 5) against a naive model: per slice, a list of filters kept as
 * maps position -> expiry time, with the paper's thresholds computed here, deciding when a slice
 * grows (its newest filter's inserted events, or its live positions, reach the threshold) and
 * shrinks (a filter whose events have all left the window goes).
 */
public class SlicedDynamicTimerFilterTest {
  /** One filter of the model: the expiry of each set position, and the events inserted. */
  static final class NaiveFilter {
    final Map<Long, Long> expiry = new HashMap<>();
    long items;
    long lastExpiry = Long.MIN_VALUE;

    boolean contains(KeyHash key, int k, long m, long now) {
      for (int i = 0; i < k; i++) {
        Long e = expiry.get(key.position(i, m));
        if (e == null || e <= now) {
          return false;
        }
      }
      return true;
    }

    long live(long now) {
      return expiry.values().stream().filter(e -> e > now).count();
    }
  }

  /** S independent slices, each a list of naive filters of m_s positions. */
  static final class Model {
    final int k;
    final long w;
    final double fpp;
    final boolean cardinality;
    final long[] sizes;
    final List<List<NaiveFilter>> slices = new ArrayList<>();
    long now = Long.MIN_VALUE;

    Model(long m, int k, long w, double fpp, boolean cardinality, int s) {
      this.k = k;
      this.w = w;
      this.fpp = fpp;
      this.cardinality = cardinality;
      this.sizes = new long[s];
      for (int i = 0; i < s; i++) {
        sizes[i] = (i + 1) * m / s - i * m / s;
        slices.add(new ArrayList<>());
      }
    }

    /** n = -(m/k) ln(1 - P^(1/k)) or z = m P^(1/k), written here from the paper's text. */
    double threshold(long m) {
      double root = Math.pow(fpp, 1.0 / k);
      return cardinality ? -(double) m / k * Math.log(1 - root) : m * root;
    }

    int sliceOf(KeyHash key) {
      return (int) Hashing.extraHash(key, 0, sizes.length);
    }

    boolean offer(KeyHash key, long t) {
      now = Math.max(now, t);
      for (List<NaiveFilter> l : slices) { // the clock runs on every site
        l.removeIf(f -> f.items > 0 && f.lastExpiry <= now);
      }
      int s = sliceOf(key);
      long m = sizes[s];
      List<NaiveFilter> l = slices.get(s);
      for (NaiveFilter f : l) {
        if (f.contains(key, k, m, now)) {
          return true;
        }
      }
      if (l.isEmpty()) {
        l.add(new NaiveFilter());
      }
      NaiveFilter newest = l.get(l.size() - 1);
      newest.items++;
      newest.lastExpiry = Math.max(newest.lastExpiry, t + w);
      for (int i = 0; i < k; i++) {
        newest.expiry.merge(key.position(i, m), t + w, Math::max);
      }
      double load = cardinality ? newest.items : newest.live(now);
      if (load >= threshold(m)) {
        l.add(new NaiveFilter());
      }
      return false;
    }

    long memoryBits() {
      long b = 0;
      for (int s = 0; s < sizes.length; s++) {
        b += slices.get(s).size() * sizes[s] * WindowTheory.timerBits(w);
      }
      return b;
    }
  }

  static TimedStream bursty(String dist, long universe, int length, double rate, long seed) {
    return TimedStream.generate(
        new TimedStream.Spec().distribution(dist).universe(universe).length(length).rate(rate).burst(5).seed(seed));
  }

  /**
   * Answers, filters per slice and memory equal the model's at every event, through a 5x burst;
   * the slices do grow (more than one filter at once) and shrink back after the burst.
   */
  @Test
  public void slicesGrowAndShrinkAsTheNaiveModel() {
    long m = 6_000;
    int k = 3;
    long w = 50;
    double p = 0.05;
    int s = 4;
    TimedStream stream = bursty("uniform", 3_000, 12_000, 10, 3);
    for (String threshold : new String[] {"cardinality", "density"}) {
      SlicedDynamicTimerFilter f =
          new SlicedDynamicTimerFilter(m, k, w, 0, p, DynamicTimerFilter.Threshold.fromName(threshold), false, s);
      Model model = new Model(m, k, w, p, threshold.equals("cardinality"), s);
      int[] most = new int[s];
      int duplicates = 0;
      for (int i = 0; i < stream.length(); i++) {
        KeyHash h = stream.hash(i);
        boolean dup = f.offer(h, stream.times[i]);
        assertEquals(model.offer(h, stream.times[i]), dup, threshold + " event " + i);
        duplicates += dup ? 1 : 0;
        for (int j = 0; j < s; j++) {
          assertEquals(model.slices.get(j).size(),
              f.slice(j).filterCount(), threshold + " slice " + j + " at event " + i);
          most[j] = Math.max(most[j], f.slice(j).filterCount());
        }
        assertEquals(model.memoryBits(), f.memoryBits(), threshold + " memory at event " + i);
      }
      assertTrue(duplicates > 1_000, threshold + " saw duplicates: " + duplicates);
      for (int j = 0; j < s; j++) {
        assertTrue(most[j] >= 3, threshold + " slice " + j + " grew to " + most[j]);
        assertTrue(f.slice(j).filterCount() < most[j],
            threshold + " slice " + j + " shrank to " + f.slice(j).filterCount());
      }
    }
  }

  /**
   * Definition 4 (k' = 0): an event whose key was delivered less than w time units earlier is
   * always reported a duplicate, whatever the slice's stack did in between (Zipf, 5x burst).
   */
  @Test
  public void noFalseNegativesInsideTheWindow() {
    long w = 100;
    TimedStream stream = bursty("zipf", 200_000, 40_000, 20, 11);
    for (String name : new String[] {"cardinality", "density"}) {
      for (boolean tighten : new boolean[] {false, true}) {
        SlicedDynamicTimerFilter f =
            new SlicedDynamicTimerFilter(8_000, 4, w, 0, 0.02, DynamicTimerFilter.Threshold.fromName(name), tighten, 8);
        Map<Long, Long> delivered = new HashMap<>();
        long truths = 0;
        for (int i = 0; i < stream.length(); i++) {
          Long last = delivered.get(stream.keys[i]);
          boolean truth = last != null && last + w > stream.times[i];
          boolean dup = f.offer(stream.hash(i), stream.times[i]);
          if (truth) {
            truths++;
            assertTrue(dup, name + " tighten " + tighten + " event " + i + " is a duplicate inside the window");
          }
          if (!dup) {
            delivered.put(stream.keys[i], stream.times[i]);
          }
        }
        assertTrue(truths > 10_000, "duplicates inside the window: " + truths);
        assertTrue(f.created() > 8);
      }
    }
  }

  /**
   * At the end of a 5x burst (several filters per slice), fresh keys probed in each slice come out
   * duplicates at the rate {@link WindowTheory#dynamicStackFpp} gives for the model's live
   * positions per filter: 1 - prod_j (1 - (z_j/m_s)^k); two-sided binomial intervals at alpha =
   * 0.001 per slice.
   */
  @Test
  public void falsePositiveRatePerSliceIsTheDensityFormula() {
    long m = 12_000;
    int k = 4;
    long w = 100;
    double p = 0.05;
    int s = 4;
    TimedStream stream = bursty("uniform", 200_000, 24_000, 20, 5);
    SlicedDynamicTimerFilter f =
        new SlicedDynamicTimerFilter(m, k, w, 0, p, DynamicTimerFilter.Threshold.DENSITY, false, s);
    Model model = new Model(m, k, w, p, false, s);
    int end = 2 * stream.length() / 3; // the burst's end
    for (int i = 0; i < end; i++) {
      model.offer(stream.hash(i), stream.times[i]);
      f.offer(stream.hash(i), stream.times[i]);
    }
    int probes = 20_000;
    long[] trials = new long[s];
    long[] positives = new long[s];
    for (long key = 1_000_000_000L; min(trials) < probes; key++) { // keys the stream never had
      KeyHash h = TimedStream.hashOf(key);
      int j = f.sliceOf(h);
      if (trials[j] < probes) {
        trials[j]++;
        positives[j] += f.test(h) ? 1 : 0;
      }
    }
    for (int j = 0; j < s; j++) {
      List<NaiveFilter> l = model.slices.get(j);
      long[] live = new long[l.size()];
      for (int q = 0; q < live.length; q++) {
        live[q] = l.get(q).live(model.now);
      }
      assertTrue(live.length >= 3, "slice " + j + " holds several filters: " + live.length);
      double expected = WindowTheory.dynamicStackFpp(model.sizes[j], live, k);
      // the formula as the paper writes it, worked out here
      double none = 1;
      for (long z : live) {
        none *= 1 - Math.pow((double) z / model.sizes[j], k);
      }
      assertEquals(1 - none, expected, 1e-12);
      assertTrue(expected > p, "slice " + j + " stack rate " + expected + " above the per-filter target");
      Binomial.assertWithin("slice " + j + " false positives", trials[j], expected, positives[j], 0.001);
    }
  }

  /**
   * A burst confined to one slice's keys grows that slice only; the other slices keep their one
   * filter (two at most, when a newest one was just added), and slice 0 shrinks after the burst.
   */
  @Test
  public void aSliceGrowsOnItsOwn() {
    int s = 4;
    long m = 8_000;
    SlicedDynamicTimerFilter f =
        new SlicedDynamicTimerFilter(m, 3, 100, 0, 0.05, DynamicTimerFilter.Threshold.DENSITY, false, s);
    int[] most = new int[s];
    long t = 0;
    long key = 0;
    for (int event = 0; event < 20_000; event++) {
      KeyHash h;
      boolean burst = event >= 5_000 && event < 15_000;
      do { // in the burst every event is a new key of slice 0; outside, new keys of any slice
        h = TimedStream.hashOf(key++);
      } while (burst && f.sliceOf(h) != 0);
      f.offer(h, t);
      if (event % 10 == 9) {
        t++;
      }
      for (int j = 0; j < s; j++) {
        most[j] = Math.max(most[j], f.slice(j).filterCount());
      }
    }
    // slice 0 held 10 new keys per time unit, 1,000 per window, for filters of 2,000 timers whose
    // density threshold z = 2000 * 0.05^(1/3) = 737 is reached after about 307 keys: 4 filters
    assertTrue(most[0] >= 4, "slice 0 grew to " + most[0]);
    for (int j = 1; j < s; j++) {
      assertTrue(most[j] <= 2, "slice " + j + " stayed at " + most[j]);
    }
    assertTrue(f.slice(0).filterCount() <= 2, "slice 0 shrank after the burst: " + f.slice(0).filterCount());
  }

  /**
   * The simulation's row for a sliced-* filter, recounted here with a filter of the same shape:
   * false positives, the most on one key, the largest memory and the filters created.
   */
  @Test
  public void simulationRowIsARecount() {
    long w = 200;
    TimedStream stream = bursty("zipf", 20_000, 15_000, 10, 7);
    Map<String, Object> row =
        WindowSimulation.runOne(stream, "zipf", 5, w, "sliced-cardinality", 6_000, 4, 0.02, 0, 4, 10);
    SlicedDynamicTimerFilter f =
        new SlicedDynamicTimerFilter(6_000, 4, w, 0, 0.02, DynamicTimerFilter.Threshold.CARDINALITY, false, 4);
    Map<Long, Long> delivered = new HashMap<>();
    Map<Long, Long> perKey = new HashMap<>();
    long fp = 0;
    long maxBits = 0;
    for (int i = 0; i < stream.length(); i++) {
      Long last = delivered.get(stream.keys[i]);
      boolean truth = last != null && last + w > stream.times[i];
      boolean dup = f.offer(stream.hash(i), stream.times[i]);
      if (!dup) {
        delivered.put(stream.keys[i], stream.times[i]);
      } else if (!truth) {
        fp++;
        perKey.merge(stream.keys[i], 1L, Long::sum);
      }
      maxBits = Math.max(maxBits, f.memoryBits());
    }
    assertTrue(fp > 20, "false positives: " + fp);
    assertEquals(fp, ((Number) row.get("falsePositives")).longValue());
    assertEquals(perKey.values().stream().mapToLong(Long::longValue).max().getAsLong(),
        ((Number) row.get("maxKeyFalsePositives")).longValue());
    assertEquals(maxBits, ((Number) row.get("maxMemoryBits")).longValue());
    assertEquals(f.created(), ((Number) row.get("filtersCreated")).longValue());
    assertEquals(4, ((Number) row.get("slices")).intValue());
  }

  private static long min(long[] a) {
    long x = Long.MAX_VALUE;
    for (long v : a) {
      x = Math.min(x, v);
    }
    return x;
  }
}
