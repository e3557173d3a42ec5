package io.bloomkit.core.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

public class CanonicalKeyTest {

  private static byte[] parse(KeyType t, String s) {
    try {
      return CanonicalKey.parse(t, s);
    } catch (MalformedKeyException e) {
      throw new AssertionError("did not parse: " + s, e);
    }
  }

  private static ByteBuffer wrap(byte[] b) {
    return ByteBuffer.wrap(b);
  }

  private static byte[] hex(String s) {
    String h = s.replace(" ", "").replace("|", "");
    byte[] b = new byte[h.length() / 2];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
    }
    return b;
  }

  /** The bytes drawn in docs/format.md, "Canonical key bytes". */
  @Test
  public void theDrawingsInTheFormatDoc() {
    assertArrayEquals(hex("00 00 00 00 00 00 01 94"), parse(KeyType.LONG, "404"));
    assertArrayEquals(hex("00 00 00 01 | 0f"), parse(KeyType.DECIMAL, "1.50"));
    assertArrayEquals(hex("00 00 00 02 | 83"), parse(KeyType.DECIMAL, "-1.25"));
    assertArrayEquals(hex("ff ff ff fe | 01"), parse(KeyType.DECIMAL, "1E+2"));
    assertArrayEquals(hex("00 00 00 00 | 01 94"), parse(KeyType.DECIMAL, "404"));
    assertArrayEquals(hex("00 00 00 00 00 00 00 01"), parse(KeyType.DATE, "1970-01-02"));
    assertArrayEquals(hex("01"), parse(KeyType.BOOLEAN, "true"));
    assertArrayEquals(hex("03 61 2c 62 | 01 63"),
        CanonicalKey.composite(CanonicalKey.ofString("a,b"), CanonicalKey.ofString("c")));
    assertArrayEquals(hex("01 61 | 03 62 2c 63"),
        CanonicalKey.composite(CanonicalKey.ofString("a"), CanonicalKey.ofString("b,c")));
    assertArrayEquals(hex("08 00 00 00 00 00 00 01 94 | 08 00 00 00 00 00 00 00 01"),
        CanonicalKey.composite(parse(KeyType.LONG, "404"), parse(KeyType.DATE, "1970-01-02")));
  }

  @Test
  public void cliNamesRoundTrip() {
    for (KeyType t : KeyType.values()) {
      assertEquals(t, KeyType.fromCliName(t.cliName()));
      assertEquals(t.name().toLowerCase(java.util.Locale.ROOT), t.cliName());
    }
    try {
      KeyType.fromCliName("int");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("int"), e.getMessage());
      assertTrue(e.getMessage().contains("long"), e.getMessage());
    }
  }

  @Test
  public void stringIsItsUtf8Bytes() {
    for (String s : new String[] {"", "a", "a,b", "Grüße", "日本", "\uD83D\uDE00"}) {
      byte[] expected = s.getBytes(StandardCharsets.UTF_8);
      assertArrayEquals(expected, CanonicalKey.ofString(s));
      assertArrayEquals(expected, CanonicalKey.of(KeyType.STRING, s));
      assertArrayEquals(expected, parse(KeyType.STRING, s));
    }
  }

  @Test
  public void integerWidthsAndTheirTextMeet() {
    long[] values = {0, 1, -1, 404, -404, Byte.MIN_VALUE, Byte.MAX_VALUE, Short.MIN_VALUE,
        Short.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE};
    for (long v : values) {
      byte[] expected = ByteBuffer.allocate(8).putLong(v).array(); // 8 bytes big-endian
      assertArrayEquals(expected, CanonicalKey.ofLong(v));
      assertArrayEquals(expected, CanonicalKey.of(KeyType.LONG, Long.valueOf(v)));
      assertArrayEquals(expected, parse(KeyType.LONG, Long.toString(v)));
      if (v == (int) v) {
        assertArrayEquals(expected, CanonicalKey.of(KeyType.LONG, Integer.valueOf((int) v)));
      }
      if (v == (short) v) {
        assertArrayEquals(expected, CanonicalKey.of(KeyType.LONG, Short.valueOf((short) v)));
      }
      if (v == (byte) v) {
        assertArrayEquals(expected, CanonicalKey.of(KeyType.LONG, Byte.valueOf((byte) v)));
      }
    }
    // the same value written differently
    assertArrayEquals(CanonicalKey.ofLong(404), parse(KeyType.LONG, "+404"));
    assertArrayEquals(CanonicalKey.ofLong(404), parse(KeyType.LONG, "000404"));
    assertArrayEquals(CanonicalKey.ofLong(0), parse(KeyType.LONG, "-0"));
  }

  @Test
  public void decimalsNormaliseTheirScale() {
    assertArrayEquals(parse(KeyType.DECIMAL, "1.5"), parse(KeyType.DECIMAL, "1.50"));
    assertArrayEquals(
        parse(KeyType.DECIMAL, "1.5"), CanonicalKey.ofDecimal(new BigDecimal("1.500")));
    assertArrayEquals(parse(KeyType.DECIMAL, "100"), parse(KeyType.DECIMAL, "1E+2"));
    assertArrayEquals(parse(KeyType.DECIMAL, "100"), parse(KeyType.DECIMAL, "100.000"));
    assertArrayEquals(parse(KeyType.DECIMAL, "0"), parse(KeyType.DECIMAL, "0.000"));
    assertArrayEquals(parse(KeyType.DECIMAL, "0"), parse(KeyType.DECIMAL, "-0.0"));
    assertFalse(Arrays.equals(parse(KeyType.DECIMAL, "1.5"), parse(KeyType.DECIMAL, "15")));
    assertFalse(Arrays.equals(parse(KeyType.DECIMAL, "1.5"), parse(KeyType.DECIMAL, "-1.5")));
    // the stated layout: 4-byte big-endian scale, then the unscaled value's two's complement
    byte[] b = parse(KeyType.DECIMAL, "-1.25");
    ByteBuffer bb = ByteBuffer.wrap(b);
    assertEquals(2, bb.getInt());
    byte[] unscaled = new byte[b.length - 4];
    bb.get(unscaled);
    assertEquals(BigInteger.valueOf(-125), new BigInteger(unscaled));
  }

  @Test
  public void datesAreEpochDaysAndTimestampsEpochMicros() {
    LocalDate d = LocalDate.of(2024, 2, 29);
    assertArrayEquals(CanonicalKey.ofLong(d.toEpochDay()), CanonicalKey.ofDate(d));
    assertArrayEquals(CanonicalKey.ofDate(d), parse(KeyType.DATE, "2024-02-29"));
    assertArrayEquals(CanonicalKey.ofDate(d), CanonicalKey.of(KeyType.DATE, d));
    assertArrayEquals(CanonicalKey.ofLong(-1), CanonicalKey.ofDate(LocalDate.of(1969, 12, 31)));

    Instant t = Instant.parse("2024-02-29T12:34:56.123456Z");
    long micros = ChronoUnit.MICROS.between(Instant.EPOCH, t);
    assertArrayEquals(CanonicalKey.ofLong(micros), CanonicalKey.ofTimestamp(t));
    assertArrayEquals(CanonicalKey.ofTimestamp(t), CanonicalKey.ofTimestampMicros(micros));
    byte[] ts = CanonicalKey.ofTimestamp(t);
    assertArrayEquals(ts, parse(KeyType.TIMESTAMP, "2024-02-29T12:34:56.123456Z"));
    // the same instant at another offset, and without an offset (read as UTC)
    assertArrayEquals(ts, parse(KeyType.TIMESTAMP, "2024-02-29T14:34:56.123456+02:00"));
    assertArrayEquals(ts, parse(KeyType.TIMESTAMP, "2024-02-29T12:34:56.123456"));
    assertArrayEquals(CanonicalKey.ofTimestampMicros(1_700_000_000_000L * 1000),
        CanonicalKey.ofTimestampMillis(1_700_000_000_000L));
    // below a microsecond is cut off (floor, also before 1970)
    assertArrayEquals(CanonicalKey.ofTimestamp(t), CanonicalKey.ofTimestamp(t.plusNanos(999)));
    assertArrayEquals(CanonicalKey.ofTimestampMicros(-1),
        CanonicalKey.ofTimestamp(Instant.EPOCH.minusNanos(1)));
  }

  @Test
  public void booleansAndBinary() {
    assertArrayEquals(new byte[] {1}, CanonicalKey.ofBoolean(true));
    assertArrayEquals(new byte[] {0}, CanonicalKey.ofBoolean(false));
    assertArrayEquals(new byte[] {1}, parse(KeyType.BOOLEAN, "TRUE"));
    assertArrayEquals(new byte[] {0}, parse(KeyType.BOOLEAN, "false"));
    assertArrayEquals(new byte[] {1}, CanonicalKey.of(KeyType.BOOLEAN, Boolean.TRUE));
    byte[] raw = {0, -1, 0x7f, (byte) 0x80};
    assertArrayEquals(raw, CanonicalKey.ofBinary(raw));
    assertArrayEquals(raw, CanonicalKey.of(KeyType.BINARY, raw));
    assertArrayEquals(raw, parse(KeyType.BINARY, "00ff7F80"));
    assertArrayEquals(new byte[0], parse(KeyType.BINARY, ""));
  }

  @Test
  public void textThatDoesNotParseNamesTypeAndValue() {
    String[][] bad = {
      {"long", "404.0"}, {"long", " 404"}, {"long", ""}, {"long", "9223372036854775808"},
      {"decimal", "1,5"}, {"decimal", "abc"}, {"date", "2024-02-30"}, {"date", "29.02.2024"},
      {"timestamp", "2024-02-29"}, {"timestamp", "yesterday"}, {"boolean", "yes"},
      {"boolean", "1"}, {"binary", "abc"}, {"binary", "zz"}
    };
    for (String[] c : bad) {
      KeyType t = KeyType.fromCliName(c[0]);
      try {
        CanonicalKey.parse(t, c[1]);
        fail(c[0] + " parsed \"" + c[1] + "\"");
      } catch (MalformedKeyException e) {
        assertEquals(t, e.type());
        assertEquals(c[1], e.text());
        assertTrue(e.getMessage().contains(c[0]), e.getMessage());
        assertTrue(e.getMessage().contains("\"" + c[1] + "\""), e.getMessage());
      }
    }
  }

  @Test
  public void javaValuesOfTheWrongClassAreRefused() {
    try {
      CanonicalKey.of(KeyType.LONG, "404");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("long"), e.getMessage());
      assertTrue(e.getMessage().contains("String"), e.getMessage());
    }
    try {
      CanonicalKey.of(KeyType.DECIMAL, 1.5d); // a double is not an exact decimal
      fail();
    } catch (IllegalArgumentException expected) {
      // refused
    }
  }

  /**
   * Per type, many random values: two values give the same bytes exactly when their normalised
   * Java values (the naive model) are equal.
   */
  @Test
  public void distinctValuesNeverCollide() {
    Random r = new Random(13);
    check(KeyType.LONG, r, () -> {
      long v = r.nextInt(4) == 0 ? r.nextInt(200) - 100 : r.nextLong();
      Object[] forms = {v, Long.toString(v)};
      return new Object[] {v, forms[r.nextInt(2)]};
    });
    check(KeyType.DECIMAL, r, () -> {
      BigDecimal v = new BigDecimal(BigInteger.valueOf(r.nextInt(2000) - 1000), r.nextInt(6) - 2);
      BigDecimal padded = v.setScale(v.scale() + r.nextInt(3));
      Object form = r.nextBoolean() ? padded : padded.toPlainString();
      return new Object[] {v.compareTo(BigDecimal.ZERO) == 0 ? BigDecimal.ZERO
          : v.stripTrailingZeros(), form};
    });
    check(KeyType.DATE, r, () -> {
      LocalDate d = LocalDate.ofEpochDay(r.nextInt(800_000) - 400_000);
      return new Object[] {d, r.nextBoolean() ? d : d.toString()};
    });
    check(KeyType.TIMESTAMP, r, () -> {
      long nanos = r.nextInt(3) * 1000L + r.nextInt(2); // some below a microsecond
      Instant t = Instant.ofEpochSecond(r.nextInt(2000) - 1000, nanos);
      Instant model = t.truncatedTo(ChronoUnit.MICROS);
      return new Object[] {model, r.nextBoolean() ? t : model.toString()};
    });
    check(KeyType.STRING, r, () -> {
      String s = randomString(r);
      return new Object[] {s, s};
    });
    check(KeyType.BINARY, r, () -> {
      byte[] b = new byte[r.nextInt(4)];
      r.nextBytes(b);
      return new Object[] {wrap(b), b};
    });
    check(KeyType.BOOLEAN, r, () -> {
      boolean b = r.nextBoolean();
      return new Object[] {b, r.nextBoolean() ? b : Boolean.toString(b).toUpperCase()};
    });
  }

  private static String randomString(Random r) {
    String alphabet = "ab,|\u0000é日";
    StringBuilder b = new StringBuilder();
    for (int i = r.nextInt(4); i > 0; i--) {
      b.append(alphabet.charAt(r.nextInt(alphabet.length())));
    }
    return b.toString();
  }

  private static void check(KeyType t, Random r, java.util.function.Supplier<Object[]> gen) {
    Map<ByteBuffer, Object> byBytes = new HashMap<>();
    Map<Object, ByteBuffer> byModel = new HashMap<>();
    for (int i = 0; i < 20_000; i++) {
      Object[] g = gen.get();
      Object model = g[0];
      Object form = g[1];
      byte[] b = form instanceof String && t != KeyType.STRING ? parse(t, (String) form)
          : CanonicalKey.of(t, form);
      ByteBuffer key = wrap(b);
      Object seen = byBytes.putIfAbsent(key, model);
      if (seen != null) {
        assertEquals(seen, model, t + ": equal bytes for different values");
      }
      ByteBuffer before = byModel.putIfAbsent(model, key);
      if (before != null) {
        assertEquals(before, key, t + ": different bytes for " + model);
      }
    }
    assertEquals(byModel.size(), byBytes.size());
    assertTrue(byModel.size() > 1, t + " drew too few distinct values");
  }

  @Test
  public void compositeKeysAreUnambiguous() {
    byte[] ab_c = CanonicalKey.composite(CanonicalKey.ofString("a,b"), CanonicalKey.ofString("c"));
    byte[] a_bc = CanonicalKey.composite(CanonicalKey.ofString("a"), CanonicalKey.ofString("b,c"));
    assertFalse(Arrays.equals(ab_c, a_bc));
    // the stated layout: each part is a varint length then its bytes
    assertArrayEquals(new byte[] {3, 'a', ',', 'b', 1, 'c'}, ab_c);
    byte[] big = new byte[300];
    byte[] c = CanonicalKey.composite(big, new byte[0]);
    assertEquals(2 + 300 + 1, c.length);
    assertEquals((byte) (0x80 | (300 & 0x7f)), c[0]);
    assertEquals((byte) (300 >>> 7), c[1]);
    assertEquals(0, c[302]);
    // typed parts
    assertArrayEquals(
        CanonicalKey.composite(
            CanonicalKey.ofLong(404), CanonicalKey.ofDate(LocalDate.of(2024, 1, 1))),
        CanonicalKey.composite(parse(KeyType.LONG, "404"), parse(KeyType.DATE, "2024-01-01")));
  }

  /** Random tuples over a tiny alphabet (many near-misses): distinct tuples, distinct bytes. */
  @Test
  public void distinctTuplesGiveDistinctBytes() {
    Random r = new Random(12);
    Map<ByteBuffer, List<String>> seen = new HashMap<>();
    Set<List<String>> tuples = new HashSet<>();
    for (int i = 0; i < 50_000; i++) {
      int n = 1 + r.nextInt(3);
      List<String> tuple = new ArrayList<>();
      byte[][] parts = new byte[n][];
      for (int p = 0; p < n; p++) {
        String s = randomString(r);
        tuple.add(s);
        parts[p] = CanonicalKey.ofString(s);
      }
      tuples.add(tuple);
      List<String> before = seen.putIfAbsent(wrap(CanonicalKey.composite(parts)), tuple);
      if (before != null) {
        assertEquals(before, tuple, "two tuples share their bytes");
      }
    }
    assertEquals(tuples.size(), seen.size());
  }

  @Test
  public void compositeOfNoPartIsRefused() {
    try {
      CanonicalKey.composite();
      fail();
    } catch (IllegalArgumentException expected) {
      // a key has at least one part
    }
  }
}
