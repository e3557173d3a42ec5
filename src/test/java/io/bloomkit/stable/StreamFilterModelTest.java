package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.SplitMix64;
import io.bloomkit.data.Streams;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The filters against naive models (int and boolean arrays, written from the papers' descriptions,
 * drawing from the same generator in the documented order), and the contract's determinism: same
 * seed same answers, reset, parameters.
 */
public class StreamFilterModelTest {
  static List<KeyHash> keys(int n, int universe, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<KeyHash> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(Streams.hash(r.nextInt(universe)));
    }
    return out;
  }

  /** SBF model: probe, P distinct uniform cells decremented, K cells set to Max. */
  @Test
  public void sbfMatchesANaiveModel() {
    sbfMatchesANaiveModel(4);
    sbfMatchesANaiveModel(80); // above the array/hash-set switch of the P draws
  }

  static void sbfMatchesANaiveModel(int p) {
    long m = 97;
    int max = 3;
    int k = 3;
    StableBloomFilter f = new StableBloomFilter(m, max, k, p, 11);
    int[] cells = new int[(int) m];
    SplitMix64 rng = new SplitMix64(11);
    for (KeyHash h : keys(5000, 300, 1)) {
      boolean dup = true;
      for (int i = 0; i < k; i++) {
        dup &= cells[(int) h.position(i, m)] != 0;
      }
      // Floyd's sampling of P distinct cells of m
      List<Long> picked = new ArrayList<>();
      for (long j = m - p; j < m; j++) {
        long t = rng.nextLong63(j + 1);
        long c = picked.contains(t) ? j : t;
        picked.add(c);
        if (cells[(int) c] > 0) {
          cells[(int) c]--;
        }
      }
      for (int i = 0; i < k; i++) {
        cells[(int) h.position(i, m)] = max;
      }
      assertEquals(dup, f.offer(h));
      assertArrayEquals(cells, StreamFilterMechanicsTest.cells(f));
    }
  }

  /** RSBF model: the prose of section 4 as the class comment states it. */
  @Test
  public void rsbfMatchesANaiveModel() {
    int k = 3;
    int s = 50;
    double threshold = 0.2; // forced insertion from element 251 on
    ReservoirBloomFilter f = new ReservoirBloomFilter(k, s, threshold, 3);
    boolean[][] bits = new boolean[k][s];
    SplitMix64 rng = new SplitMix64(3);
    long i = 0;
    int forced = 0;
    for (KeyHash h : keys(3000, 400, 2)) {
      i++;
      boolean dup = true;
      for (int j = 0; j < k; j++) {
        dup &= bits[j][(int) h.position(j, s)];
      }
      boolean insert;
      boolean resets;
      if (i <= s) {
        insert = true;
        resets = false;
      } else {
        double pi = (double) s / i;
        if (pi < threshold && !dup) {
          insert = true;
          forced++;
        } else {
          insert = rng.nextDouble() < pi;
        }
        resets = true;
      }
      if (insert) {
        for (int j = 0; j < k; j++) {
          if (resets) {
            bits[j][(int) rng.nextLong63(s)] = false;
          }
          bits[j][(int) h.position(j, s)] = true;
        }
      }
      assertEquals(dup, f.offer(h), "element " + i);
      for (int j = 0; j < k; j++) {
        for (int b = 0; b < s; b++) {
          assertEquals(bits[j][b], f.bit(j, b));
        }
      }
    }
    assertEquals(true, forced > 100);
  }

  static List<StreamFilter> all(long seed) {
    List<StreamFilter> l = new ArrayList<>();
    l.add(StreamFilters.bloom(4096, 4));
    l.add(StreamFilters.stable(4096, 3, 3, 5, seed));
    l.add(StreamFilters.reservoir(4096, 3, 0.03, seed));
    for (IbfVariant v : IbfVariant.values()) {
      l.add(StreamFilters.importance(v, 4096, 7, 3, 5, 1, 50, seed));
    }
    return l;
  }

  static List<Boolean> answers(StreamFilter f, long streamSeed, int n) {
    Streams.ElementStream s = Streams.importance(0.4, Streams.Occurrence.UNIFORM, 50, streamSeed);
    List<Boolean> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      long key = s.nextKey();
      out.add(f.offer(Streams.hash(key), StreamFilter.NO_TIME, s.importance()));
    }
    return out;
  }

  @Test
  public void sameSeedSameAnswersOtherSeedOtherAnswersAndResetReplays() {
    List<StreamFilter> a = all(7);
    List<StreamFilter> b = all(7);
    List<StreamFilter> c = all(8);
    for (int i = 0; i < a.size(); i++) {
      String name = a.get(i).name();
      List<Boolean> first = answers(a.get(i), 1, 20_000);
      assertEquals(first, answers(b.get(i), 1, 20_000), name);
      if (!name.equals("bf")) {
        assertNotEquals(first, answers(c.get(i), 1, 20_000), name + ": the seed is used");
      }
      a.get(i).reset();
      assertEquals(1.0, StreamFilters.zeroFraction(a.get(i)), 0, name + " after reset");
      assertEquals(first, answers(a.get(i), 1, 20_000), name + " replays after reset");
    }
  }

  @Test
  public void parametersAreReadableBack() {
    StreamFilter s = StreamFilters.stable(1000, 7, 4, 9, 42);
    Map<String, Object> p = s.parameters();
    assertEquals(999L, p.get("memoryBits"));
    assertEquals(333L, p.get("cells"));
    assertEquals(7, p.get("max"));
    assertEquals(4, p.get("numHashes"));
    assertEquals(9, p.get("decrements"));
    assertEquals(42L, p.get("seed"));
    StreamFilter r = StreamFilters.reservoirForFpp(1000, 0.1, 0.03, 5);
    // section 5.4: k = (1 + ln 0.1 / ln(1 - 1/e)) / 2 = (1 + 5.01) / 2 = 3.0, s = 1000 / 3 = 333
    assertEquals(3, r.parameters().get("numHashes"));
    assertEquals(333L, r.parameters().get("filterBits"));
    assertEquals(999L, r.memoryBits());
    assertEquals(0.03, r.parameters().get("threshold"));
    // the IBF paper's 16KB (16,000 bytes) of 3-bit cells: "about 42.6K cells"
    StreamFilter i = StreamFilters.importance(IbfVariant.TWO_CLASS, 128_000, 7, 5, 10, 1, 50, 1);
    assertEquals("ibf-2c", i.name());
    assertEquals(42_666L, i.parameters().get("cells"));
    assertEquals(127_998L, i.memoryBits());
    assertEquals(50.0, i.parameters().get("importanceMax"));
  }
}
