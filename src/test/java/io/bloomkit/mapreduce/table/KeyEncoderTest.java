package io.bloomkit.mapreduce.table;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

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
import org.junit.Test;

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
}
