package io.bloomkit.core.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.commons.codec.digest.MurmurHash3;
import org.junit.jupiter.api.Test;

public class HashStrategyTest {
  private static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;

  /**
   * Locks the positions of fixed keys. Every filter file ever written depends on them: if this test
   * fails, the change needs a new strategy id, not new expected values.
   */
  @Test
  public void positionsOfFixedKeysNeverChange() {
    assertEquals(1, H.id());
    assertArrayEquals(
        new long[] {520834L, 422037L, 323239L, 224442L, 125644L}, H.hash("a").positions(5, 1_000_003L));
    assertArrayEquals(
        new long[] {929991L, 182353L, 434718L, 687084L, 939449L},
        H.hash("bloomkit").positions(5, 1_000_003L));
    assertArrayEquals(
        new long[] {606869L, 12387L, 417908L, 823430L, 228948L},
        H.hash("3070801").positions(5, 1_000_003L));
    assertArrayEquals(
        new long[] {857299L, 751490L, 645681L, 539873L, 434064L},
        H.hash("ключ-键").positions(5, 1_000_003L));
    long big = (1L << 40) + 7;
    assertArrayEquals(
        new long[] {1022533240429L, 200499368472L, 477977124297L}, H.hash("bloomkit").positions(3, big));
    assertArrayEquals(
        new long[] {942607676020L, 826270149264L, 709932622508L}, H.hash("ключ-键").positions(3, big));
  }

  /** The strategy is what its comment says: commons-codec Murmur3 of UTF-8, then h1 + i*h2. */
  @Test
  public void positionsAreDoubleHashingOfMurmur3ReducedByMultiplyHigh() {
    Random rnd = new Random(5);
    BigInteger two64 = BigInteger.ONE.shiftLeft(64);
    for (int t = 0; t < 2_000; t++) {
      String key = "k" + rnd.nextLong();
      long[] ref = MurmurHash3.hash128x64(key.getBytes(StandardCharsets.UTF_8), 0, key.length(), 0);
      KeyHash h = H.hash(key);
      assertEquals(ref[0], h.h1());
      assertEquals(ref[1], h.h2());
      long range = t % 2 == 0 ? 1 + rnd.nextInt(1 << 20) : (1L << 33) + rnd.nextInt(1 << 30);
      for (int i = 0; i < 7; i++) {
        BigInteger combined = new BigInteger(Long.toUnsignedString(ref[0] + i * ref[1]));
        long expected = combined.multiply(BigInteger.valueOf(range)).divide(two64).longValueExact();
        assertEquals(expected, h.position(i, range));
        assertTrue(expected >= 0 && expected < range);
      }
    }
  }

  @Test
  public void byteAndStringKeysHashAlike() {
    byte[] b = "x-y-z".getBytes(StandardCharsets.UTF_8);
    assertEquals(H.hash("x-y-z"), H.hash(b));
    byte[] padded = "__x-y-z__".getBytes(StandardCharsets.UTF_8);
    assertEquals(H.hash(b), H.hash(padded, 2, 5));
  }

  /** Positions are uniform over a range that is not a power of two (no visible modulo bias). */
  @Test
  public void positionsAreUniform() {
    int buckets = 12;
    long range = 3L * (1L << 40) + 5;
    long[] count = new long[buckets];
    int n = 240_000;
    for (int i = 0; i < n; i++) {
      long p = H.hash("u" + i).position(i % 5, range);
      count[(int) (p / (range / buckets + 1))]++;
    }
    double chi2 = 0;
    double e = (double) n / buckets;
    for (long c : count) {
      chi2 += (c - e) * (c - e) / e;
    }
    assertTrue(chi2 < 31.3, "chi2 = " + chi2); // 11 degrees of freedom, p = 0.001
  }
}
