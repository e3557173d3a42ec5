package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.core.key.MalformedKeyException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/** {@link KeyEncoder} on typed values: every format's values meet their text forms. */
public class KeyEncoderTest {
  /** A row of fixed values, as a columnar reader would give them. */
  private static Row row(Object... values) {
    return new FixedRow(values);
  }

  private static byte[] longBytes(long v) {
    return ByteBuffer.allocate(8).putLong(v).array();
  }

  @Test
  public void typedValuesMeetTheirText() throws Exception {
    assertArrayEquals(longBytes(404), KeyEncoder.encode(KeyType.LONG, 404L));
    assertArrayEquals(longBytes(404), KeyEncoder.encode(KeyType.LONG, "404"));
    assertArrayEquals(longBytes(-7), KeyEncoder.encode(KeyType.LONG, (Object) (short) -7));
    assertArrayEquals(
        KeyEncoder.encode(KeyType.DECIMAL, new BigDecimal("1.50")),
        KeyEncoder.encode(KeyType.DECIMAL, "1.5"));
    assertArrayEquals(
        longBytes(LocalDate.of(2024, 2, 29).toEpochDay()),
        KeyEncoder.encode(KeyType.DATE, LocalDate.of(2024, 2, 29)));
    assertArrayEquals(
        KeyEncoder.encode(KeyType.TIMESTAMP, Instant.parse("2024-02-29T12:00:00Z")),
        KeyEncoder.encode(KeyType.TIMESTAMP, "2024-02-29T12:00:00Z"));
    assertArrayEquals(new byte[] {1}, KeyEncoder.encode(KeyType.BOOLEAN, Boolean.TRUE));
    assertArrayEquals(new byte[] {1, 2}, KeyEncoder.encode(KeyType.BINARY, new byte[] {1, 2}));
    assertArrayEquals(new byte[] {1, 2}, KeyEncoder.encode(KeyType.BINARY, "0102"));
  }

  @Test
  public void nonStringValuesRenderForStringKeys() throws Exception {
    assertArrayEquals("404".getBytes(StandardCharsets.UTF_8), KeyEncoder.encode(KeyType.STRING, 404L));
    assertArrayEquals("100".getBytes(StandardCharsets.UTF_8),
        KeyEncoder.encode(KeyType.STRING, new BigDecimal("1E+2")));
    assertArrayEquals("2024-02-29".getBytes(StandardCharsets.UTF_8),
        KeyEncoder.encode(KeyType.STRING, LocalDate.of(2024, 2, 29)));
    assertArrayEquals("0aff".getBytes(StandardCharsets.UTF_8),
        KeyEncoder.encode(KeyType.STRING, new byte[] {10, -1}));
  }

  @Test
  public void floatingPointIsNotAnExactKey() {
    MalformedKeyException e =
        assertThrows(MalformedKeyException.class, () -> KeyEncoder.encode(KeyType.LONG, 1.0));
    assertEquals(true, e.getMessage().contains("floating-point"));
    assertThrows(MalformedKeyException.class, () -> KeyEncoder.encode(KeyType.DATE, 5L));
  }

  @Test
  public void compositeKeysAndNullParts() {
    KeyEncoder enc = new KeyEncoder(List.of(KeyType.STRING, KeyType.LONG));
    assertEquals(KeyEncoder.Outcome.KEY, enc.encode(row("a,b", 3L)));
    assertArrayEquals(
        CanonicalKey.composite("a,b".getBytes(StandardCharsets.UTF_8), longBytes(3)), enc.key());
    assertEquals(KeyEncoder.Outcome.NULL, enc.encode(row(null, 3L)));
    assertEquals(KeyEncoder.Outcome.NULL, enc.encode(row("a", null)));
    assertEquals(null, enc.key());
    assertEquals(KeyEncoder.Outcome.MALFORMED, enc.encode(row("a", 2.5)));
  }

  @Test
  public void aRowWithAProblemIsMalformed() {
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("2"), List.of()).build();
    KeyEncoder enc = new KeyEncoder(spec);
    assertEquals(KeyEncoder.Outcome.MALFORMED, enc.encode(Row.ofLine(spec, new Text("a\tb"))));
    assertEquals("has 2 fields, key field 2 missing", enc.problem());
  }

  private static final byte[] BAD = new byte[0];

  /**
   * The key of a text line as the reference reads it: the line cut with String.split, the null
   * rules, each part parsed by CanonicalKey.parse, several parts joined by CanonicalKey.composite;
   * null for a null key, {@link #BAD} for a malformed one.
   */
  private static byte[] reference(byte[] line, char delimiter, int[] fields, List<KeyType> types,
      String nullToken, boolean emptyIsNull) throws Exception {
    java.nio.charset.CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
        .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    // the raw fields, cut on the delimiter byte; only the key fields must be UTF-8
    List<byte[]> cut = new java.util.ArrayList<>();
    int start = 0;
    for (int i = 0; i <= line.length; i++) {
      if (i == line.length || line[i] == (byte) delimiter) {
        cut.add(java.util.Arrays.copyOfRange(line, start, i));
        start = i + 1;
      }
    }
    String[] texts = new String[types.size()];
    for (int i = 0; i < texts.length; i++) {
      if (fields[i] >= cut.size()) {
        return BAD;
      }
      try {
        texts[i] = utf8.decode(ByteBuffer.wrap(cut.get(fields[i]))).toString();
      } catch (java.nio.charset.CharacterCodingException e) {
        return BAD;
      }
    }
    byte[][] parts = new byte[types.size()][];
    for (int i = 0; i < parts.length; i++) {
      String v = texts[i];
      if (v.equals(nullToken) || (emptyIsNull && v.isEmpty())) {
        return null;
      }
      try {
        // blanks around a number, date or time are trimmed, as SQL's CAST does
        parts[i] = CanonicalKey.parse(types.get(i),
            types.get(i) == KeyType.STRING ? v : v.trim());
      } catch (MalformedKeyException e) {
        return BAD;
      }
    }
    return parts.length == 1 ? parts[0] : CanonicalKey.composite(parts);
  }

  /**
   * One encoder and one text row read line after line, as a map task does: the key bytes, written
   * into one reused buffer, are the reference's for every line, also after a longer key (a key
   * longer than the buffer first, then shorter ones; long parts then short ones).
   */
  @Test
  public void textRowsEncodeAsTheReferenceAcrossRecordsWithOneReusedBuffer() throws Exception {
    String big = "k".repeat(200);
    List<String> lines = List.of(
        big + "|9223372036854775807|" + big, "b|1|c", "|2|x", "\\N|3|y", "a|\\N|z", "a|4|\\N",
        "\u00fc\u20ac\ud834\udd1e|-5|\u00e9", "x|+42|y", "x|-0|y", "x|007|y", "x|123456789012345678|y",
        "x|-999999999999999999|y", "x|9223372036854775808|y", "x|-9223372036854775808|y",
        "x|\u0661\u0662\u0663|y", "x|\uff11|y", "x||y", "x|-|y", "x|+|y", "x|4x|y", "x|1 |y",
        "x| 1|y", "x|--1|y", "only", "a|1", "\u00e4|0000000000000000000001|b", "z|1|2|3|4");
    List<byte[]> raw = new java.util.ArrayList<>();
    for (String l : lines) {
      raw.add(l.getBytes(StandardCharsets.UTF_8));
    }
    raw.add(new byte[] {'a', (byte) 0xC3, '|', '1', '|', 'b'}); // not UTF-8
    raw.add(new byte[] {'a', '|', '1', '|', (byte) 0xED, (byte) 0xA0, (byte) 0x80}); // a surrogate
    raw.add(new byte[] {(byte) 0xC0, (byte) 0xAF, '|', '1', '|', 'b'}); // overlong
    raw.add("short|7|s".getBytes(StandardCharsets.UTF_8));
    List<List<KeyType>> typeLists = List.of(List.of(KeyType.STRING), List.of(KeyType.LONG),
        List.of(KeyType.STRING, KeyType.LONG, KeyType.STRING), List.of(KeyType.LONG, KeyType.STRING),
        List.of(KeyType.STRING, KeyType.DECIMAL));
    int[][] fieldLists = {{0}, {1}, {0, 1, 2}, {1, 2}, {0, 1}};
    for (int t = 0; t < typeLists.size(); t++) {
      List<KeyType> types = typeLists.get(t);
      int[] fields = fieldLists[t];
      for (boolean emptyIsNull : new boolean[] {false, true}) {
        List<String> names = new java.util.ArrayList<>();
        for (int f : fields) {
          names.add(String.valueOf(f));
        }
        TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter('|').key(names, types)
            .nullToken("\\N").emptyIsNull(emptyIsNull).build();
        TextRow row = new TextRow(spec);
        KeyEncoder enc = new KeyEncoder(spec);
        Text line = new Text(); // one Text for every line, as LineRecordReader's
        for (byte[] b : raw) {
          line.set(b);
          row.set(line);
          byte[] want = reference(b, '|', fields, types, "\\N", emptyIsNull);
          KeyEncoder.Outcome got = enc.encode(row);
          String what = types + " emptyIsNull=" + emptyIsNull + " line "
              + new String(b, StandardCharsets.UTF_8);
          if (want == null) {
            assertEquals(KeyEncoder.Outcome.NULL, got, what);
            assertEquals(-1, enc.length(), what);
          } else if (want == BAD) {
            assertEquals(KeyEncoder.Outcome.MALFORMED, got, what);
            assertEquals(null, enc.key(), what);
          } else {
            assertEquals(KeyEncoder.Outcome.KEY, got, what + ": " + enc.problem());
            assertArrayEquals(want, java.util.Arrays.copyOf(enc.bytes(), enc.length()), what);
            assertArrayEquals(want, enc.key(), what);
          }
        }
      }
    }
  }
}
