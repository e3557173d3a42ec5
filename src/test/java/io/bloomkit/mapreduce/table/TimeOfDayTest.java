package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Time-of-day columns (Parquet {@code TIME} in milli-, micro- and nanoseconds, UTC-adjusted or
 * not; Avro {@code time-millis} and {@code time-micros}) read as times of day, not as their raw
 * numbers: their text is DuckDB's ({@code 09:06:00.5}), their key type {@code string} of that
 * text, so the same time from any of them and from a text file meets as one key.
 */
public class TimeOfDayTest {
  @TempDir public File tmp;

  /** The text of each value of {@code columns}, per row ordered by the first column. */
  private static List<String> read(Configuration conf, TableFormat format, Path p,
      List<String> columns, List<KeyType> types) throws IOException {
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(format).key(columns, new ArrayList<>()).build(), new Path[] {p}, false);
    assertEquals(types, spec.keyTypes());
    Map<Long, String> got = new TreeMap<>();
    Tables.read(conf, spec, (file, position, row) -> {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < columns.size(); i++) {
        b.append(i > 0 ? "|" : "").append(row.value(i) == null ? "NULL"
            : KeyEncoder.render(row.value(i)));
      }
      got.put((Long) row.value(0), b.toString());
    }, p);
    return new ArrayList<>(got.values());
  }

  @Test
  public void duckDbTimesReadAsDuckDbPrintsThem() throws IOException {
    File f = new File(tmp, "t.parquet");
    List<String> expected;
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, CASE WHEN i % 13 = 1 THEN NULL ELSE TIME '00:00:00'"
          + " + to_microseconds((i * 287_654_321) % 86_400_000_000) END AS t,"
          + " ('09:06:00+00'::TIMETZ + i * INTERVAL 1 SECOND) AS tz,"
          + " TIME '09:06:00.5' + (i % 3) * INTERVAL 1 MINUTE AS half"
          + " FROM range(300) r(i)) TO '" + f + "' (FORMAT parquet)");
      expected = db.lines("SELECT id::VARCHAR, t::VARCHAR, tz::TIME::VARCHAR, half::VARCHAR"
          + " FROM '" + f + "' ORDER BY id", '|', "NULL");
    }
    List<String> got = read(RowsRead.localConf(), TableFormat.PARQUET, new Path(f.toURI()),
        Arrays.asList("id", "t", "tz", "half"),
        Arrays.asList(KeyType.LONG, KeyType.STRING, KeyType.STRING, KeyType.STRING));
    assertEquals(expected, got);
  }

  @Test
  public void everyUnitReadsAsTheSameTimeAndMeetsTheText() throws Exception {
    MessageType schema = MessageTypeParser.parseMessageType("message times {\n"
        + "  required int64 id;\n"
        + "  optional int32 ms (TIME(MILLIS,true));\n"
        + "  optional int64 us (TIME(MICROS,false));\n"
        + "  optional int64 ns (TIME(NANOS,true));\n"
        + "}");
    Path pq = new Path(new File(tmp, "units.parquet").toURI());
    Schema avroSchema = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"r\","
        + "\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
        + "{\"name\":\"ms\",\"type\":{\"type\":\"int\",\"logicalType\":\"time-millis\"}},"
        + "{\"name\":\"us\",\"type\":{\"type\":\"long\",\"logicalType\":\"time-micros\"}}]}");
    File avro = new File(tmp, "units.avro");
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    List<String> expected = new ArrayList<>();
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(pq).withType(schema)
        .withConf(new Configuration()).build();
        DataFileWriter<GenericRecord> a =
            new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(avroSchema))) {
      a.create(avroSchema, avro);
      for (int i = 0; i < 200; i++) {
        long millis = (i * 431_234_567L) % 86_400_000L;
        // the nanoseconds have digits below the microsecond, cut off (floor) as a timestamp's
        long nanos = millis * 1_000_000L + (i % 1000) * 1000L + i % 7;
        Group g = groups.newGroup();
        g.add("id", (long) i);
        g.add("ms", (int) millis);
        g.add("us", millis * 1000L);
        g.add("ns", nanos);
        w.write(g);
        GenericRecord r = new GenericData.Record(avroSchema);
        r.put("id", (long) i);
        r.put("ms", (int) millis);
        r.put("us", millis * 1000L);
        a.append(r);
        String text = naive(millis * 1000L);
        expected.add(i + "|" + text + "|" + text + "|" + naive(Math.floorDiv(nanos, 1000L)));
      }
    }
    Configuration conf = RowsRead.localConf();
    List<String> columns = Arrays.asList("id", "ms", "us", "ns");
    List<KeyType> types =
        Arrays.asList(KeyType.LONG, KeyType.STRING, KeyType.STRING, KeyType.STRING);
    assertEquals(expected, read(conf, TableFormat.PARQUET, pq, columns, types));
    List<String> avroExpected = new ArrayList<>();
    for (String line : expected) {
      avroExpected.add(line.substring(0, line.lastIndexOf('|')));
    }
    assertEquals(avroExpected, read(conf, TableFormat.AVRO, new Path(avro.toURI()),
        columns.subList(0, 3), types.subList(0, 3)));
    // DuckDB reads the Parquet file's times as the same times
    try (DuckDb db = DuckDb.open()) {
      assertEquals(avroExpected, db.lines("SELECT id::VARCHAR, ms::TIME::VARCHAR,"
          + " us::TIME::VARCHAR FROM '" + pq.toUri().getPath() + "' ORDER BY id", '|', "NULL"));
    }
    // one time as a key: the same bytes from each unit, each format and a text field
    byte[] text = KeyEncoder.encode(KeyType.STRING, "09:06:00.5");
    long millis = 32_760_500L;
    assertArrayEquals(text, KeyEncoder.encode(KeyType.STRING,
        AvroColumns.normalize((int) millis, LogicalTypes.timeMillis()
            .addToSchema(Schema.create(Schema.Type.INT)))));
    assertArrayEquals(text, KeyEncoder.encode(KeyType.STRING,
        AvroColumns.normalize(millis * 1000L, LogicalTypes.timeMicros()
            .addToSchema(Schema.create(Schema.Type.LONG)))));
  }

  /**
   * Records outputs keep the type: a DuckDB TIME column written by bloomkit as Parquet and Avro
   * reads back as the same times (by bloomkit, and the Parquet output by DuckDB).
   */
  @Test
  public void recordOutputsKeepTimes() throws IOException {
    File f = new File(tmp, "in.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, TIME '00:00:01' + to_microseconds(i * 987_654_321) AS t"
          + " FROM range(80) r(i)) TO '" + f + "' (FORMAT parquet)");
      Configuration conf = RowsRead.localConf();
      Path in = new Path(f.toURI());
      List<String> columns = Arrays.asList("id", "t");
      List<KeyType> types = Arrays.asList(KeyType.LONG, KeyType.STRING);
      TableSpec spec = TableSchemas.resolve(conf,
          TableSpec.builder(TableFormat.PARQUET).key(columns, new ArrayList<>()).build(),
          new Path[] {in}, false);
      Schema schema = TableSchemas.recordSchema(conf, spec, in);
      org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(conf);
      List<String> expected = read(conf, TableFormat.PARQUET, in, columns, types);
      for (TableFormat format : new TableFormat[] {TableFormat.PARQUET, TableFormat.AVRO}) {
        Path out = new Path(new File(tmp, "out" + TableWriter.extension(format)).toURI());
        TableWriter w = TableWriter.open(conf, fs, out, format, schema, null, "\t");
        Tables.read(conf, spec, (file, position, row) -> {
          try {
            w.write(row.record(schema));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }, in);
        w.close();
        assertEquals(expected, read(conf, format, out, columns, types), format.toString());
      }
      // parquet-avro writes Avro's time types as UTC-adjusted TIME (Avro has no local time):
      // DuckDB reads them as TIME WITH TIME ZONE at +00, the same times of day
      File pq = new File(tmp, "out" + TableWriter.extension(TableFormat.PARQUET));
      String sql = "SELECT t::TIME::VARCHAR FROM '%s' ORDER BY id";
      assertEquals(db.lines(String.format(sql, f), '|', "NULL"),
          db.lines(String.format(sql, pq), '|', "NULL"));
      assertEquals(Arrays.asList("TIME", "TIME WITH TIME ZONE"), Arrays.asList(
          db.value("SELECT typeof(t) FROM '" + f + "' LIMIT 1"),
          db.value("SELECT typeof(t) FROM '" + pq + "' LIMIT 1")));
    }
  }

  /** HH:MM:SS and the fraction of a second without its trailing zeros, written out by hand. */
  private static String naive(long micros) {
    long seconds = micros / 1_000_000L;
    String out = String.format("%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60);
    String fraction = String.format("%06d", micros % 1_000_000L).replaceAll("0+$", "");
    return fraction.isEmpty() ? out : out + "." + fraction;
  }

  /** A record's text (text outputs of records) renders a time as the rows do. */
  @Test
  public void recordTextRendersTimesAsTheRowsDo() {
    Schema ms = LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT));
    Schema us = LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG));
    assertEquals("09:06:00.5", RecordText.field(32_760_500, ms));
    assertEquals("23:59:59.999999", RecordText.field(86_399_999_999L, us));
    assertEquals("00:00:00", RecordText.field(0L, us));
    // a number that is no time of day (Avro's writer does not check) stays the number
    assertEquals("86400000", RecordText.field(86_400_000, ms));
    assertEquals(Collections.singletonList(86_400_000L),
        Collections.singletonList(AvroColumns.normalize(86_400_000, ms)));
  }
}
