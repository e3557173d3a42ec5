package io.bloomkit.core.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link CanonicalKey#decode} and {@link CanonicalKey#parts} invert the encoding. */
public class CanonicalKeyDecodeTest {
  private static Object decode(KeyType t, byte[] b) {
    return CanonicalKey.decode(t, b, 0, b.length);
  }

  /** Encoding the decoded value gives the same bytes, for values of every type. */
  @Test
  public void decodingThenEncodingGivesTheSameBytes() {
    List<Object[]> cases = List.of(
        new Object[] {KeyType.STRING, ""},
        new Object[] {KeyType.STRING, "a,b\tc é 日本"},
        new Object[] {KeyType.LONG, 0L},
        new Object[] {KeyType.LONG, Long.MIN_VALUE},
        new Object[] {KeyType.LONG, Long.MAX_VALUE},
        new Object[] {KeyType.LONG, -404L},
        new Object[] {KeyType.DECIMAL, new BigDecimal("1.50")},
        new Object[] {KeyType.DECIMAL, new BigDecimal("-0.000")},
        new Object[] {KeyType.DECIMAL, new BigDecimal("1E+2")},
        new Object[] {KeyType.DECIMAL, new BigDecimal("-123456789012345678901234567890.0001")},
        new Object[] {KeyType.DATE, LocalDate.of(1969, 12, 31)},
        new Object[] {KeyType.DATE, LocalDate.of(2024, 2, 29)},
        new Object[] {KeyType.TIMESTAMP, Instant.parse("2024-02-29T12:34:56.123456Z")},
        new Object[] {KeyType.TIMESTAMP, Instant.parse("1969-12-31T23:59:59.999999Z")},
        new Object[] {KeyType.TIMESTAMP, Instant.EPOCH},
        new Object[] {KeyType.BOOLEAN, true},
        new Object[] {KeyType.BOOLEAN, false},
        new Object[] {KeyType.BINARY, new byte[0]},
        new Object[] {KeyType.BINARY, new byte[] {0, -1, 7}});
    for (Object[] c : cases) {
      KeyType t = (KeyType) c[0];
      byte[] bytes = CanonicalKey.of(t, c[1]);
      Object back = decode(t, bytes);
      assertArrayEquals(bytes, CanonicalKey.of(t, back), t + " " + c[1]);
    }
  }

  @Test
  public void decodedValuesAreTheValuesEncoded() {
    assertEquals(-404L, decode(KeyType.LONG, CanonicalKey.ofLong(-404)));
    assertEquals(0, new BigDecimal("1.5").compareTo(
        (BigDecimal) decode(KeyType.DECIMAL, CanonicalKey.ofDecimal(new BigDecimal("1.500")))));
    assertEquals("100", ((BigDecimal) decode(KeyType.DECIMAL,
        CanonicalKey.ofDecimal(new BigDecimal("100.0")))).toPlainString());
    assertEquals(LocalDate.of(1969, 12, 31),
        decode(KeyType.DATE, CanonicalKey.ofDate(LocalDate.of(1969, 12, 31))));
    // below a microsecond is cut off (floor), also before 1970
    assertEquals(Instant.parse("1969-12-31T23:59:59.999999Z"), decode(KeyType.TIMESTAMP,
        CanonicalKey.ofTimestamp(Instant.parse("1969-12-31T23:59:59.9999995Z"))));
    assertEquals(true, decode(KeyType.BOOLEAN, CanonicalKey.ofBoolean(true)));
    assertEquals("k é", decode(KeyType.STRING, CanonicalKey.ofString("k é")));
  }

  @Test
  public void partsSplitCompositeKeysAsBuilt() {
    Random rnd = new Random(7);
    for (int n = 0; n < 200; n++) {
      int arity = 1 + rnd.nextInt(4);
      byte[][] parts = new byte[arity][];
      for (int i = 0; i < arity; i++) {
        // lengths past 127 and 16383 need 2 and 3 varint bytes
        int len = rnd.nextInt(4) == 0 ? rnd.nextInt(20000) : rnd.nextInt(5);
        parts[i] = new byte[len];
        rnd.nextBytes(parts[i]);
      }
      byte[] key = CanonicalKey.composite(parts);
      byte[][] back = CanonicalKey.parts(key, 0, key.length, arity);
      assertEquals(arity, back.length);
      for (int i = 0; i < arity; i++) {
        assertArrayEquals(parts[i], back[i]);
      }
    }
    // ("a,b","c") and ("a","b,c") come back apart
    byte[][] x = CanonicalKey.parts(CanonicalKey.composite(
        CanonicalKey.ofString("a,b"), CanonicalKey.ofString("c")), 0, 6, 2);
    assertEquals("a,b", decode(KeyType.STRING, x[0]));
    assertEquals("c", decode(KeyType.STRING, x[1]));
  }

  @Test
  public void bytesOfAnotherShapeAreRefused() {
    byte[] two = CanonicalKey.composite(new byte[] {1}, new byte[] {2, 3});
    for (int arity : new int[] {1, 3}) {
      try {
        CanonicalKey.parts(two, 0, two.length, arity);
        fail("arity " + arity);
      } catch (IllegalArgumentException e) {
        assertEquals("not a composite key of " + arity + " parts", e.getMessage());
      }
    }
    byte[] truncated = Arrays.copyOf(two, two.length - 1);
    try {
      CanonicalKey.parts(truncated, 0, truncated.length, 2);
      fail("truncated");
    } catch (IllegalArgumentException expected) {
      // a part runs past the end
    }
    for (KeyType t : new KeyType[] {KeyType.LONG, KeyType.DATE, KeyType.TIMESTAMP,
        KeyType.BOOLEAN, KeyType.DECIMAL}) {
      try {
        decode(t, new byte[] {2, 2, 2});
        fail(t.toString());
      } catch (IllegalArgumentException e) {
        assertEquals("3 bytes are not a canonical " + t.cliName() + " key", e.getMessage());
      }
    }
  }
}
