package io.bloomkit.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.testing.Binomial;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;

/**
 * The Count-Min sketch of totals against a naive model (k rows of {@code long} counters, each
 * addition saturating at 2^b - 1), its image, and its false candidates against the binomial
 * occupancy of a row computed here.
 */
public class CountMinSketchTest {
  /** The naive model: rows of plain longs; the column of row i is the format's documented one. */
  private static final class Naive {
    final long[][] c;
    final long max;
    final long width;

    Naive(int k, long width, int bits) {
      this.c = new long[k][(int) width];
      this.max = bits == 63 ? Long.MAX_VALUE : (1L << bits) - 1;
      this.width = width;
    }

    static KeyHash hash(String key) {
      return HashStrategy.MURMUR3_128_DOUBLE.hash(key);
    }

    int col(int row, KeyHash h) {
      // reduce(h1 + i*h2, width): the high 64 bits of the unsigned 128-bit product
      long v = h.h1() + row * h.h2();
      return (int) (Math.multiplyHigh(v, width) + ((v >> 63) & width));
    }

    void add(String key, long w) {
      KeyHash h = hash(key);
      for (int i = 0; i < c.length; i++) {
        int j = col(i, h);
        c[i][j] = w >= max - c[i][j] ? max : c[i][j] + w;
      }
    }

    long estimate(String key) {
      KeyHash h = hash(key);
      long m = Long.MAX_VALUE;
      for (int i = 0; i < c.length; i++) {
        m = Math.min(m, c[i][col(i, h)]);
      }
      return m;
    }
  }

  private static void assertSame(Naive n, CountMinSketch s) {
    for (int i = 0; i < n.c.length; i++) {
      for (int j = 0; j < n.width; j++) {
        assertEquals(n.c[i][j], s.counter(i, j), "row " + i + " counter " + j);
      }
    }
  }

  @Test
  public void everyCounterMatchesTheNaiveModelAtEveryWidth() {
    SplittableRandom rnd = new SplittableRandom(17);
    for (int bits : new int[] {1, 3, 7, 13, 14, 31, 33, 62, 63}) {
      for (long width : new long[] {1, 5, 64, 331}) {
        int k = 1 + (int) (width % 4);
        CountMinSketch s = CountMinSketch.create(width, k, bits);
        Naive n = new Naive(k, width, bits);
        long max = n.max;
        assertEquals(max, s.max());
        for (int a = 0; a < 600; a++) {
          String key = "k" + rnd.nextInt(200);
          // small weights, and now and then one near the counters' max
          long w = rnd.nextInt(10) == 0 ? max - rnd.nextInt(3) : rnd.nextInt(20);
          if (w < 0) {
            w = 0;
          }
          s.add(s.hash(key.getBytes(), 0, key.length()), w);
          n.add(key, w);
        }
        assertSame(n, s);
        for (int q = 0; q < 300; q++) {
          String key = "k" + q;
          assertEquals(n.estimate(key), s.estimate(Naive.hash(key)));
        }
      }
    }
  }

  @Test
  public void theEstimateIsNeverBelowTheTrueTotalOrTheMax() {
    SplittableRandom rnd = new SplittableRandom(3);
    CountMinSketch s = CountMinSketch.create(50, 3, CountMinSketch.counterBitsFor(9200));
    long[] truth = new long[400];
    for (int a = 0; a < 20_000; a++) {
      int key = (int) Math.floor(400 * Math.pow(rnd.nextDouble(), 3));
      long w = rnd.nextInt(10);
      truth[key] += w;
      s.add(Naive.hash("k" + key), w);
    }
    for (int key = 0; key < truth.length; key++) {
      long e = s.estimate(Naive.hash("k" + key));
      assertTrue(e >= Math.min(truth[key], s.max()), key + ": " + e + " < " + truth[key]);
    }
  }

  @Test
  public void counterBitsHoldTheThreshold() {
    assertEquals(1, CountMinSketch.counterBitsFor(1));
    assertEquals(4, CountMinSketch.counterBitsFor(15));
    assertEquals(5, CountMinSketch.counterBitsFor(16));
    assertEquals(14, CountMinSketch.counterBitsFor(9200)); // 2^13 = 8192 <= 9200 < 16384
    assertEquals(63, CountMinSketch.counterBitsFor(Long.MAX_VALUE));
    for (long t : new long[] {1, 2, 3, 7, 8, 100, 9200, 1L << 40}) {
      long max = (1L << CountMinSketch.counterBitsFor(t)) - 1;
      assertTrue(max >= t, t + " fits");
      assertTrue(max / 2 < t, t + " needs them all");
    }
    // memory: floor(bits / (k * b)) counters a row, at least one
    assertEquals(100_000 * 32 / (4 * 14), CountMinSketch.widthFor(100_000 * 32.0, 4, 9200));
    assertEquals(1, CountMinSketch.widthFor(3, 4, 9200));
  }

  @Test
  public void mergeEqualsAddingBothStreamsSaturationIncluded() {
    SplittableRandom rnd = new SplittableRandom(5);
    CountMinSketch a = CountMinSketch.create(97, 3, 6);
    CountMinSketch b = CountMinSketch.create(97, 3, 6);
    Naive n = new Naive(3, 97, 6);
    for (int i = 0; i < 2000; i++) {
      String key = "x" + rnd.nextInt(300);
      long w = rnd.nextInt(5);
      (i % 2 == 0 ? a : b).add(Naive.hash(key), w);
      n.add(key, w);
    }
    long items = a.items() + b.items();
    long weight = a.totalWeight() + b.totalWeight();
    a.merge(b);
    // a saturated sum is the max either way: min(max, x + y) = min(max, min(max, x) + y)
    assertSame(n, a);
    assertEquals(items, a.items());
    assertEquals(weight, a.totalWeight());
    assertTrue(a.saturatedCounters() > 0); // the case the test is about
    try {
      a.merge(CountMinSketch.create(97, 3, 7));
      fail("merged sketches of different counter bits");
    } catch (IllegalArgumentException e) {
      assertEquals("cannot merge sketches of different shape: 3 x 97 counters of 6 bits"
          + " (MURMUR3_128_DOUBLE) vs 3 x 97 counters of 7 bits (MURMUR3_128_DOUBLE)",
          e.getMessage());
    }
  }

  @Test
  public void argumentsOutOfRangeAreRefused() {
    for (Runnable r : new Runnable[] {
        () -> CountMinSketch.create(0, 1, 4),
        () -> CountMinSketch.create(10, 0, 4),
        () -> CountMinSketch.create(10, 1, 0),
        () -> CountMinSketch.create(10, 1, 64),
        () -> CountMinSketch.create(Long.MAX_VALUE / 2, 4, 8),
        () -> CountMinSketch.counterBitsFor(0),
        () -> CountMinSketch.create(10, 1, 4).add(Naive.hash("a"), -1)}) {
      try {
        r.run();
        fail("accepted");
      } catch (IllegalArgumentException expected) {
        // refused
      }
    }
  }

  private static byte[] image(CountMinSketch s) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    s.writeTo(out);
    return out.toByteArray();
  }

  @Test
  public void theImageRoundTripsAndHasTheDocumentedLayout() throws IOException {
    CountMinSketch s = CountMinSketch.create(7, 3, 14);
    s.add(Naive.hash("a"), 9200);
    s.add(Naive.hash("b"), 5);
    byte[] b = image(s);
    // 33-byte header, then ceil(3 * 7 * 14 / 64) = 5 words
    assertEquals(33 + 8 * 5, b.length);
    assertEquals(b.length, s.serializedBytes());
    ByteBuffer h = ByteBuffer.wrap(b);
    assertEquals(0x424b434d, h.getInt(0));
    assertEquals(1, h.get(4));
    assertEquals(14, h.get(5));
    assertEquals(3, h.getShort(6));
    assertEquals(7, h.getLong(8));
    assertEquals(2, h.getLong(16));
    assertEquals(9205, h.getLong(24));
    assertEquals(1, h.get(32));
    // counter j of row i at bits [(i w + j) b, +b)
    long[] words = new long[5];
    for (int i = 0; i < 5; i++) {
      words[i] = h.getLong(33 + 8 * i);
    }
    for (int i = 0; i < 3; i++) {
      for (int j = 0; j < 7; j++) {
        long bit = (i * 7L + j) * 14;
        long v = 0;
        for (int x = 0; x < 14; x++) {
          long p = bit + x;
          v |= ((words[(int) (p >>> 6)] >>> (p & 63)) & 1) << x;
        }
        assertEquals(s.counter(i, j), v);
      }
    }
    CountMinSketch back = CountMinSketch.read(new ByteArrayInputStream(b), b.length);
    assertEquals(s, back);
    assertArrayEquals(b, image(back));
    assertEquals(s, CountMinSketch.read(new ByteArrayInputStream(b), -1));
  }

  private static void assertCorrupt(String field, byte[] b, long length) throws IOException {
    try {
      CountMinSketch.read(new ByteArrayInputStream(b), length);
      fail("read a corrupt image (" + field + ")");
    } catch (CorruptFilterException e) {
      assertEquals(field, e.field(), e.getMessage());
    }
  }

  @Test
  public void corruptImagesNameTheirField() throws IOException {
    CountMinSketch s = CountMinSketch.create(7, 3, 14);
    s.add(Naive.hash("a"), 3);
    byte[] good = image(s);
    byte[] b = good.clone();
    b[0] = 'X';
    assertCorrupt("magic", b, -1);
    b = good.clone();
    b[4] = 2;
    assertCorrupt("version", b, -1);
    b = good.clone();
    b[5] = 64;
    assertCorrupt("counterBits", b, -1);
    b = good.clone();
    b[6] = (byte) 0x80; // numHashes negative
    assertCorrupt("numHashes", b, -1);
    b = good.clone();
    ByteBuffer.wrap(b).putLong(8, 1L << 60);
    assertCorrupt("width", b, -1);
    b = good.clone();
    ByteBuffer.wrap(b).putLong(16, -1);
    assertCorrupt("items", b, -1);
    b = good.clone();
    ByteBuffer.wrap(b).putLong(24, -1);
    assertCorrupt("totalWeight", b, -1);
    b = good.clone();
    b[32] = 9;
    assertCorrupt("hash", b, -1);
    assertCorrupt("length", good, good.length + 8);
    assertCorrupt("counters", Arrays.copyOf(good, good.length - 3), -1);
    assertCorrupt("trailing bytes", Arrays.copyOf(good, good.length + 1), -1);
    b = good.clone();
    b[33 + 8 * 4] |= (byte) 0x80; // 294 bits used: bit 319 of the stream is past them
    assertCorrupt("counters", b, -1);
    assertCorrupt("width", Arrays.copyOf(good, 12), -1); // ends inside the width
  }

  /**
   * n keys of weight 1 in k rows of w counters: a counter is at least T when at least T of the n
   * keys fall in its column, probability P(Bin(n, 1/w) &gt;= T) for each counter (computed here).
   * The counters of a row are negatively dependent (their sum is n), so the number of such
   * counters over all rows has at most the binomial variance: its interval is honest. An absent
   * key is a false candidate when its column is such a counter in every row; given the sketch, a
   * random absent key hits one with probability q_i = (such counters of row i) / w in row i,
   * independently, so the false candidates among absent probes are Binomial(probes, prod q_i).
   */
  @Test
  public void falseCandidatesFollowTheRowOccupancy() {
    int k = 2;
    int width = 20_000;
    int n = 60_000;
    long threshold = 6; // mean 3 keys a column; counters of 3 bits saturate at 7
    CountMinSketch s = CountMinSketch.create(width, k, CountMinSketch.counterBitsFor(threshold));
    for (int i = 0; i < n; i++) {
      s.add(Naive.hash("in" + i), 1);
    }
    double pRow = 1 - new BinomialDistribution(null, n, 1.0 / width)
        .cumulativeProbability((int) threshold - 1);
    long heavy = 0;
    double pGiven = 1;
    for (int i = 0; i < k; i++) {
      long row = 0;
      for (int j = 0; j < width; j++) {
        row += s.counter(i, j) >= threshold ? 1 : 0;
      }
      heavy += row;
      pGiven *= (double) row / width;
    }
    Binomial.assertWithin("counters at or above T", (long) k * width, pRow, heavy, 1e-6);
    int probes = 400_000;
    long falseCandidates = 0;
    for (int q = 0; q < probes; q++) {
      falseCandidates += s.estimate(Naive.hash("out" + q)) >= threshold ? 1 : 0;
    }
    Binomial.assertWithin("absent keys whose estimate reaches T", probes, pGiven,
        falseCandidates, 1e-6);
    // and the Markov bound the tool reports is above the exact rate (it is a bound)
    double bound = CountMinSketch.falseCandidateBound(n, 0, threshold, width, k);
    assertEquals(Math.pow((double) n / width / threshold, k), bound, 1e-12);
    assertTrue(bound > Math.pow(pRow, k));
  }
}
