package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.table.FixedRow;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/**
 * The record a dedup task reads from a row, whatever its format: the key's canonical bytes, and
 * the time and importance from the value kinds a columnar reader gives (Long, Instant, LocalDate,
 * BigDecimal ...) or from text, with the documented conversions and messages.
 */
public class RecordParserTest {
  /** A Parquet-like spec: key (user: string, id: long), then time, then importance. */
  private static final TableSpec COLUMNS =
      TableSpec.builder(TableFormat.PARQUET)
          .key(List.of("user", "id"), List.of(KeyType.STRING, KeyType.LONG))
          .otherFields(List.of("ts", "w"))
          .build();

  private static RecordParser columns() {
    return new RecordParser(COLUMNS, true, true);
  }

  @Test
  public void timeColumnsConvertToIntegers() {
    RecordParser p = columns();
    Object[][] cases = {
      {42L, 42L},
      {Instant.parse("2026-01-02T03:04:05.678Z"), Instant.parse("2026-01-02T03:04:05.678Z").toEpochMilli()},
      {LocalDate.of(1970, 1, 11), 10L},
      {LocalDate.of(1969, 12, 31), -1L},
      {new BigDecimal("1700000000"), 1700000000L},
      {" 17 ", 17L},
    };
    for (Object[] c : cases) {
      assertEquals(KeyEncoder.Outcome.KEY, p.parse(new FixedRow("u", 7L, c[0], 0.5)), String.valueOf(c[0]));
      assertEquals(((Long) c[1]).longValue(), p.time(), String.valueOf(c[0]));
      assertEquals(0.5, p.importance(), 0);
    }
    // the key: the composite of the canonical parts
    byte[] expected =
        CanonicalKey.composite(CanonicalKey.ofString("u"), CanonicalKey.ofLong(7));
    assertArrayEquals(expected, java.util.Arrays.copyOf(p.key(), p.keyLength()));
  }

  @Test
  public void timesAndImportancesThatAreNotNumbersAreMalformed() {
    RecordParser p = columns();
    Object[][] cases = {
      {1.5, 1.0, "time 1.5 is not an integer (a Double value)"},
      {new BigDecimal("2.5"), 1.0, "time 2.5 is not a 64-bit integer"},
      {true, 1.0, "time true is not an integer (a Boolean value)"},
      {null, 1.0, "time is null"},
      {"noon", 1.0, "time \"noon\" is not an integer, a date or a timestamp"},
      {3L, "heavy", "importance \"heavy\" is not a finite number"},
      {3L, Double.NaN, "importance \"NaN\" is not a finite number"},
      {3L, null, "importance \"\\N\" is not a finite number"},
    };
    for (Object[] c : cases) {
      assertEquals(KeyEncoder.Outcome.MALFORMED, p.parse(new FixedRow("u", 7L, c[0], c[1])));
      assertEquals(c[2], p.problem());
    }
    assertEquals(KeyEncoder.Outcome.KEY, p.parse(new FixedRow("u", 7L, 3L, new BigDecimal("0.25"))));
    assertEquals(0.25, p.importance(), 0);
  }

  /** A null key part makes the key null; the time is still read (the null group needs it). */
  @Test
  public void nullKeysKeepTheirTime() {
    RecordParser p = columns();
    assertEquals(KeyEncoder.Outcome.NULL, p.parse(new FixedRow("u", null, 12L, 1.0)));
    assertNull(p.key());
    assertEquals(0, p.keyLength());
    assertEquals(12L, p.time());
    // a malformed time wins over a null key: the record is malformed
    assertEquals(KeyEncoder.Outcome.MALFORMED, p.parse(new FixedRow(null, 1L, "x", 1.0)));
  }

  /** Text: today's messages; a single string key is its UTF-8 bytes, as before. */
  @Test
  public void textRecords() {
    TableSpec text = TableSpec.builder(TableFormat.TEXT).delimiter(',')
        .key(List.of("1"), List.of()).otherFields(List.of("2")).build();
    RecordParser p = new RecordParser(text, true, false);
    assertEquals(KeyEncoder.Outcome.KEY, p.parse(Row.ofLine(text, new Text("a,héllo,-4,x"))));
    assertArrayEquals("héllo".getBytes(StandardCharsets.UTF_8),
        java.util.Arrays.copyOf(p.key(), p.keyLength()));
    assertEquals(-4, p.time());
    assertEquals(1.0, p.importance(), 0);
    assertEquals(KeyEncoder.Outcome.MALFORMED, p.parse(Row.ofLine(text, new Text("a,b,soon"))));
    assertEquals("time \"soon\" is not an integer, a date or a timestamp", p.problem());
    // times as Hive and Spark write them: as a timestamp column (epoch ms) or a date column (day);
    // the expected numbers from DuckDB's epoch_ms and date arithmetic
    try (io.bloomkit.mapreduce.xengine.DuckDb db = io.bloomkit.mapreduce.xengine.DuckDb.open()) {
      for (String t : List.of("2001-01-02 09:06:00", "2001-01-02 09:06:00.25",
          " 2001-01-02T09:06:00 ")) {
        assertEquals(KeyEncoder.Outcome.KEY, p.parse(Row.ofLine(text, new Text("a,b," + t))),
            t);
        assertEquals(((Number) db.value("SELECT epoch_ms(TIMESTAMP '" + t.trim() + "')"))
            .longValue(), p.time(), t);
      }
      assertEquals(KeyEncoder.Outcome.KEY, p.parse(Row.ofLine(text, new Text("a,b,2001-01-02"))));
      assertEquals(((Number) db.value("SELECT DATE '2001-01-02' - DATE '1970-01-01'"))
          .longValue(), p.time());
    }
    assertEquals(KeyEncoder.Outcome.MALFORMED, p.parse(Row.ofLine(text, new Text("a,b"))));
    assertEquals("has 2 fields, key field 2 missing", p.problem());
    assertEquals(KeyEncoder.Outcome.NULL, p.parse(Row.ofLine(text, new Text("a,\\N,3"))));
    assertEquals(3, p.time());
  }
}
