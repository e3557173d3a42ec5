package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The synthetic streams: seeded, and with the laws they claim. */
public class StreamsTest {
  @Test
  public void zipfTopKeyHasItsShare() {
    int u = 1000;
    Streams.ElementStream s = Streams.zipf(u, 1.0, 1);
    Map<Long, Integer> counts = new HashMap<>();
    int n = 200_000;
    for (int i = 0; i < n; i++) {
      counts.merge(s.nextKey(), 1, Integer::sum);
    }
    double h = 0;
    for (int r = 1; r <= u; r++) {
      h += 1.0 / r;
    }
    int top = counts.values().stream().mapToInt(Integer::intValue).max().getAsInt();
    double p = 1 / h;
    assertEquals(n * p, top, 4 * Math.sqrt(n * p * (1 - p)));
    assertTrue(counts.size() <= u);
    // same seed, same stream
    Streams.ElementStream a = Streams.zipf(u, 1.0, 9);
    Streams.ElementStream b = Streams.zipf(u, 1.0, 9);
    for (int i = 0; i < 1000; i++) {
      assertEquals(a.nextKey(), b.nextKey());
    }
  }

  @Test
  public void uniformDistinctShareMatchesItsExpectation() {
    long u = 50_000;
    int n = 100_000;
    Streams.ElementStream s = Streams.uniform(u, 2);
    HashSet<Long> seen = new HashSet<>();
    for (int i = 0; i < n; i++) {
      seen.add(s.nextKey());
    }
    double expected = u * (1 - Math.exp(-(double) n / u));
    assertEquals(expected, seen.size(), 0.01 * expected);
  }

  @Test
  public void importanceStreamsRepeatAtTheirShareWithTheirOccurrenceLaw() {
    double[] meanDupImportance = new double[3];
    int idx = 0;
    for (Streams.Occurrence o : Streams.Occurrence.values()) {
      Streams.ElementStream s = Streams.importance(0.3, o, 50, 4);
      HashSet<Long> seen = new HashSet<>();
      Map<Long, Integer> imp = new HashMap<>();
      int dups = 0;
      double dupImp = 0;
      int n = 100_000;
      for (int i = 0; i < n; i++) {
        long k = s.nextKey();
        int im = s.importance();
        assertTrue(im >= 1 && im <= 50);
        Integer before = imp.putIfAbsent(k, im);
        if (before != null) {
          assertEquals((int) before, im, "an element keeps its importance");
        }
        if (!seen.add(k)) {
          dups++;
          dupImp += im;
        }
      }
      assertEquals(0.3, (double) dups / n, 0.01);
      meanDupImportance[idx++] = dupImp / dups;
    }
    // uniform: mean 25.5; proportional: E[i^2]/E[i] = 33.8; inverse: 50 / H_50 = 11.2
    assertEquals(25.5, meanDupImportance[0], 1.0);
    assertEquals(33.8, meanDupImportance[1], 1.0);
    assertEquals(11.2, meanDupImportance[2], 1.0);
  }
}
