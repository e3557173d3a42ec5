package io.bloomkit.lcbf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

public class LcbfArithmeticCodeTest {
  private static final long CELLS = 1L << 22;

  static KeyHash key(long i) {
    return TimedStream.hashOf(i);
  }

  /** A filter of n keys with frequencies drawn by {@code freq}. */
  static LinkedCountingBloomFilter filled(long m, int k, int l, int n, long seed, java.util.function.LongUnaryOperator freq) {
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(m, k, l, seed);
    for (int i = 0; i < n; i++) {
      f.add(key(seed * 1_000_003L + i), freq.applyAsLong(i));
    }
    return f;
  }

  private static LinkedCountingBloomFilter roundTrip(LinkedCountingBloomFilter f) throws CorruptFilterException {
    byte[] b = LcbfArithmeticCode.encode(f);
    LinkedCountingBloomFilter g = LcbfArithmeticCode.decode(b, CELLS);
    assertEquals(f, g);
    for (int e = 0; e < f.entries(); e++) {
      assertArrayEquals(f.list(e), g.list(e), "entry " + e);
    }
    assertEquals(f.values(), g.values());
    assertEquals(f.nonEmptyEntries(), g.nonEmptyEntries());
    assertEquals(f.items(), g.items());
    assertEquals(f.numHashes(), g.numHashes());
    assertEquals(f.valueBits(), g.valueBits());
    return g;
  }

  @Test
  public void roundTripEmptyAndSingleKey() throws Exception {
    for (long m : new long[] {1, 2, 63, 64, 65, 1000, 100_000}) {
      roundTrip(LinkedCountingBloomFilter.create(m, 3, 15, m));
      roundTrip(filled(m, 3, 15, 1, m, i -> 7));
      roundTrip(filled(m, 1, 1, 1, m, i -> 1));
      roundTrip(filled(m, 64, 62, 1, m, i -> (1L << 62) - 1));
    }
    // an empty filter of 100,000 entries costs almost nothing: the tables (38 bits, m in a 33-bit
    // gamma code, padded to 5 bytes) and the coder's 4 end bytes
    LinkedCountingBloomFilter empty = LinkedCountingBloomFilter.create(100_000, 3, 15, 1);
    assertEquals(8 * (5 + 4), LcbfArithmeticCode.codedBits(empty));
  }

  @Test
  public void roundTripRandomShapes() throws Exception {
    SplittableRandom r = new SplittableRandom(16);
    for (int t = 0; t < 60; t++) {
      long m = 1 + r.nextInt(r.nextBoolean() ? 50 : 5_000);
      int k = 1 + r.nextInt(8);
      int l = 1 + r.nextInt(62);
      int n = r.nextInt((int) Math.min(4 * m + 2, 20_000));
      long max = (1L << l) - 1;
      int shape = r.nextInt(3);
      long seed = r.nextLong();
      LinkedCountingBloomFilter f =
          filled(m, k, l, n, t, i -> shape == 0 ? 1 + (i % 10) : shape == 1 ? 1 + Math.floorMod(seed ^ i * 0x9E3779B97F4A7C15L, max) : max);
      // some removals too
      for (int i = 0; i < n / 4; i++) {
        f.remove(key(t * 1_000_003L + i));
      }
      roundTrip(f);
    }
  }

  /** Saturated: many keys on few entries, all values at the ceiling; long lists. */
  @Test
  public void roundTripSaturated() throws Exception {
    LinkedCountingBloomFilter f = filled(8, 3, 4, 3_000, 5, i -> 100);
    assertTrue(f.saturations() > 0);
    roundTrip(f);
    roundTrip(filled(1, 1, 15, 70_000, 6, i -> 1 + i % 3)); // one list of 70,000 values
  }

  /** More than SymbolModel.MAX_ALPHABET distinct values: the bit-length model. */
  @Test
  public void roundTripWideValues() throws Exception {
    SplittableRandom r = new SplittableRandom(3);
    LinkedCountingBloomFilter f = filled(40_000, 3, 40, 10_000, 7, i -> 1 + r.nextLong((1L << 40) - 1));
    assertTrue(f.values() > SymbolModel.MAX_ALPHABET);
    roundTrip(f);
  }

  // ---- size against the entropy of the coded symbols, computed here --------------------------------

  /** sum over symbols of c log2(N / c), counted with a map. */
  private static double entropy(Map<Long, Long> counts) {
    long n = counts.values().stream().mapToLong(Long::longValue).sum();
    double h = 0;
    for (long c : counts.values()) {
      h -= c * Math.log((double) c / n);
    }
    return h / Math.log(2);
  }

  private static double referenceEntropy(LinkedCountingBloomFilter f) {
    Map<Long, Long> lengths = new HashMap<>();
    Map<Long, Long> values = new HashMap<>();
    for (int e = 0; e < f.entries(); e++) {
      long[] l = f.list(e);
      lengths.merge((long) l.length, 1L, Long::sum);
      for (long v : l) {
        values.merge(v, 1L, Long::sum);
      }
    }
    return entropy(lengths) + entropy(values);
  }

  /**
   * The coded body lies within [H - 8 bits, H + 6 bytes + 0.006 N] (N symbols coded, H their
   * empirical entropy; 4 of the bytes end the stream, 0.006 bits bounds the coder's loss per symbol
   * at a model total of 2^16, log2(1 + 2^16 / 2^24)): exact counts when N <= 2^16, scaled ones above
   * (m = 100,000 below).
   */
  @Test
  public void bodyIsWithinTheEntropyOfItsSymbols() {
    int[][] shapes = {{2_000, 3, 400}, {10_000, 3, 2_000}, {100_000, 4, 10_000}, {25_000, 1, 2_490}, {5_000, 6, 2_500}};
    for (int[] s : shapes) {
      // Zipf-like frequencies, as the icebergs data: small values, a few large
      LinkedCountingBloomFilter f = filled(s[0], s[1], 15, s[2], s[0], i -> 1 + 2000 / (i + 1) + i % 7);
      double h = referenceEntropy(f);
      assertEquals(h, LcbfArithmeticCode.entropyBits(f), 1e-6 * h + 1e-9);
      LcbfArithmeticCode.Encoded e = LcbfArithmeticCode.encodeParts(f);
      long symbols = f.entries() + f.values();
      double body = 8.0 * e.bodyBytes;
      String what = Arrays.toString(s) + ": body " + body + " bits, entropy " + h + ", " + symbols + " symbols";
      assertTrue(body >= h - 8, what);
      assertTrue(body <= h + 48 + 0.006 * symbols, what);
      assertEquals(8L * (e.tableBytes + e.bodyBytes), f.arithmeticBits());
    }
  }

  /** The paper's setting (15-bit values, small totals): far below the two-layer encoding. */
  @Test
  public void smallerThanTheTwoLayerEncodingForSmallValues() {
    for (int k = 1; k <= 6; k++) {
      LinkedCountingBloomFilter f = filled(10 * 2_500, k, 15, 2_500, k, i -> 1 + i % 200);
      long arith = f.arithmeticBits();
      // lists cost at least their values' entropy, at most the two-layer bits
      assertTrue(arith < f.twoLayerBits());
      assertTrue(arith >= LcbfArithmeticCode.entropyBits(f));
    }
  }

  /**
   * {@code simulate lcbf} at reduced size: per query and per key, the arithmetic-coded lists lie
   * between the entropy of their symbols and the two-layer encoding (15-bit values, totals below
   * the threshold 200).
   */
  @Test
  public void simulationReportsTheArithmeticCodedSize() {
    java.util.List<Map<String, Object>> rows = io.bloomkit.report.SimRun.run("lcbf", "--items", "600",
        "--ratings", "12000", "--nodes", "20", "--ratio", "5,10", "--num-hashes", "1,3", "--queries", "1");
    assertEquals(4, rows.size());
    for (Map<String, Object> r : rows) {
      double arith = ((Number) r.get("bitsArithmetic")).doubleValue();
      double entropy = ((Number) r.get("bitsEntropy")).doubleValue();
      double two = ((Number) r.get("bitsTwoLayer")).doubleValue();
      double held = ((Number) r.get("keysHeld")).doubleValue();
      assertTrue(entropy > 0 && entropy <= arith && arith < two, r.toString());
      assertEquals(arith / held, ((Number) r.get("bitsPerKeyArithmetic")).doubleValue(), 1e-9 * arith);
      assertEquals(two / held, ((Number) r.get("bitsPerKeyTwoLayer")).doubleValue(), 1e-9 * two);
    }
  }

  // ---- damage --------------------------------------------------------------------------------------

  private static void assertCorrupt(byte[] b, long cells) {
    try {
      LinkedCountingBloomFilter g = LcbfArithmeticCode.decode(b, cells);
      fail("decoded " + g);
    } catch (CorruptFilterException e) {
      assertNotNull(e.field());
    }
  }

  @Test
  public void truncatedOrExtendedMessagesFail() {
    LinkedCountingBloomFilter f = filled(500, 3, 15, 120, 9, i -> 1 + i % 30);
    byte[] b = LcbfArithmeticCode.encode(f);
    for (int len = 0; len < b.length; len++) {
      assertCorrupt(Arrays.copyOf(b, len), CELLS);
    }
    assertCorrupt(Arrays.copyOf(b, b.length + 1), CELLS);
  }

  @Test
  public void aFilterAboveMaxCellsFailsBeforeAllocating() throws Exception {
    LinkedCountingBloomFilter f = filled(500, 3, 15, 120, 9, i -> 1 + i % 30);
    byte[] b = LcbfArithmeticCode.encode(f);
    long cells = f.entries() + f.values();
    assertEquals(f, LcbfArithmeticCode.decode(b, cells));
    assertCorrupt(b, cells - 1);
    assertCorrupt(b, f.entries() - 1);
    // an empty filter of 2^31 - 9 entries is a few bytes: refused by the cap, not by running out of memory
    byte[] huge = LcbfArithmeticCode.encode(LinkedCountingBloomFilter.create(1_000, 3, 15, 1));
    assertEquals(0x07, huge[2]); // 1000 = varint E8 07
    byte[] big = new byte[huge.length + 3];
    big[0] = huge[0];
    System.arraycopy(new byte[] {(byte) 0xF7, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07}, 0, big, 1, 5);
    System.arraycopy(huge, 3, big, 6, huge.length - 3);
    assertCorrupt(big, CELLS);
  }

  /**
   * Random damage (flipped bytes, random bytes, cut or repeated parts) either decodes to some filter
   * or fails with a CorruptFilterException naming a field; never another exception or a hang.
   */
  @Test
  public void randomDamageFailsCleanly() throws Exception {
    SplittableRandom r = new SplittableRandom(99);
    byte[][] valid = {
      LcbfArithmeticCode.encode(filled(300, 3, 15, 80, 1, i -> 1 + i % 20)),
      LcbfArithmeticCode.encode(filled(50, 2, 6, 200, 2, i -> 1 + i % 5)),
      // more than 4,096 distinct values: the bit-length model (21 KB; a tenth of the trials)
      LcbfArithmeticCode.encode(filled(6_000, 1, 40, 4_200, 3, i -> 1 + i * 0x9E3779B97F4AL % (1L << 39))),
    };
    int decoded = 0;
    for (int t = 0; t < 3_000; t++) {
      byte[] b = valid[t % 10 == 9 ? 2 : t % 2].clone();
      int kind = r.nextInt(3);
      if (kind == 0) {
        for (int j = 1 + r.nextInt(3); j > 0; j--) {
          b[r.nextInt(b.length)] ^= (byte) (1 + r.nextInt(255));
        }
      } else if (kind == 1) {
        int from = r.nextInt(b.length);
        for (int j = from; j < Math.min(b.length, from + 1 + r.nextInt(16)); j++) {
          b[j] = (byte) r.nextInt(256);
        }
      } else {
        b = Arrays.copyOf(b, r.nextInt(2 * b.length));
      }
      try {
        LinkedCountingBloomFilter g = LcbfArithmeticCode.decode(b, 1 << 16);
        decoded++;
        assertEquals(g, LcbfArithmeticCode.decode(LcbfArithmeticCode.encode(g), 1 << 16));
      } catch (CorruptFilterException e) {
        assertNotNull(e.field());
      }
    }
    assertTrue(decoded < 3_000, "some damage must be detected");
  }
}
