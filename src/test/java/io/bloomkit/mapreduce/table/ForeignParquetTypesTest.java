package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet files as DuckDB (Spark's layout) writes them, with v1 and v2 data pages (v2: delta
 * encodings) and dictionary pages: every value bloomkit's reader layer gives equals what DuckDB's
 * own SQL reads from the same file, and key columns get the key type of their true type.
 */
public class ForeignParquetTypesTest {
  @TempDir public File tmp;

  /** Columns and the SQL that renders DuckDB's value as bloomkit's {@link #text} renders its. */
  private static final String[][] COLUMNS = {
    {"id", "id::VARCHAR"},
    {"d9", "d9::VARCHAR"},
    {"d18", "d18::VARCHAR"},
    {"d38", "d38::VARCHAR"},
    {"tns", "epoch_us(tns)::VARCHAR"},
    {"ttz", "epoch_us(ttz)::VARCHAR"},
    {"tus", "epoch_us(tus)::VARCHAR"},
    {"tms", "epoch_us(tms)::VARCHAR"},
    {"dt", "dt::VARCHAR"},
    {"u", "u::VARCHAR"},
    {"ub", "ub::VARCHAR"},
    {"ui", "ui::VARCHAR"},
    {"ut", "ut::VARCHAR"},
    {"l", "to_json(l)::VARCHAR"},
    {"s", "to_json(s)::VARCHAR"},
    {"s.b.c", "s.b.c"},
    {"m", "to_json(m)::VARCHAR"},
    {"ls", "to_json(ls)::VARCHAR"},
  };

  /** 600 rows; every 13th value null; low-cardinality columns get dictionary pages. */
  static final String SELECT =
      "SELECT i AS id,"
          + " CASE WHEN i % 13 = 1 THEN NULL ELSE ((i * 37) % 100000 - 50000) / 100 END"
          + "::DECIMAL(9,2) AS d9,"
          + " ((i % 40) * 1000.125)::DECIMAL(18,3) AS d18,"
          + " (i * 1234567.0123456789)::DECIMAL(38,10) AS d38,"
          + " TIMESTAMP_NS '2024-01-02 03:04:05.123456789' + i * INTERVAL 1 SECOND"
          + " + (i * 7)::BIGINT * INTERVAL 1 MICROSECOND AS tns,"
          + " (TIMESTAMPTZ '2024-01-02 03:04:05.123456+00' + i * INTERVAL 1 HOUR) AS ttz,"
          + " TIMESTAMP '1960-01-02 03:04:05.123456' + i * INTERVAL 1 DAY AS tus,"
          + " (TIMESTAMP '2024-01-02 03:04:05.123' + (i % 5) * INTERVAL 1 MINUTE)::TIMESTAMP_MS AS tms,"
          + " DATE '1969-12-01' + (i % 70)::INTEGER AS dt,"
          + " CASE WHEN i % 13 = 2 THEN NULL ELSE md5(i::VARCHAR)::UUID END AS u,"
          + " (18446744073709551615 - i)::UBIGINT AS ub,"
          + " (4294967295 - i * 3)::UINTEGER AS ui,"
          + " (i % 256)::UTINYINT AS ut,"
          + " CASE WHEN i % 13 = 3 THEN NULL ELSE ['t' || (i % 7), 'x' || i] END AS l,"
          + " {'a': i % 9, 'b': {'c': 'c' || (i % 11)}} AS s,"
          + " MAP {'k1': i, 'k2': i % 3} AS m,"
          + " [{'x': i}, {'x': i + 1}] AS ls"
          + " FROM range(600) t(i)";

  static File write(DuckDb db, File dir, String name, String version) {
    File f = new File(dir, name);
    db.exec("COPY (" + SELECT + ") TO '" + f + "' (FORMAT parquet, PARQUET_VERSION " + version
        + ", ROW_GROUP_SIZE 256)");
    return f;
  }

  @Test
  public void everyTypeReadsAsDuckDbReadsIt() throws IOException {
    for (String version : new String[] {"V1", "V2"}) {
      try (DuckDb db = DuckDb.open()) {
        File f = write(db, tmp, "t" + version + ".parquet", version);
        StringBuilder sql = new StringBuilder("SELECT ");
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < COLUMNS.length; i++) {
          sql.append(i > 0 ? ", " : "").append(COLUMNS[i][1]);
          fields.add(COLUMNS[i][0]);
        }
        sql.append(" FROM read_parquet('").append(f).append("') ORDER BY id");
        List<String> expected = db.lines(sql.toString(), '|', "NULL");
        String encodings = db.lines("SELECT string_agg(DISTINCT encodings, ',') FROM"
            + " parquet_metadata('" + f + "')", '|', "").get(0);
        assertTrue(encodings.contains("DICTIONARY"), version + " " + encodings);
        assertEquals(version.equals("V2"), encodings.contains("DELTA_BINARY_PACKED"),
            version + " " + encodings);

        Configuration conf = RowsRead.localConf();
        Path p = new Path(f.toURI());
        TableSpec spec = TableSchemas.resolve(conf,
            TableSpec.builder(TableFormat.PARQUET).key(fields, new ArrayList<>()).build(),
            new Path[] {p}, true);
        for (boolean projection : new boolean[] {false, true}) {
          // projected: the key columns alone, and nested ones pruned to the named field
          List<String> some = projection ? Arrays.asList("id", "d9", "ub", "s.b.c", "ls")
              : fields;
          Map<Long, String> got = new TreeMap<>();
          Tables.read(conf, spec.toBuilder().key(some, new ArrayList<>()).projection(projection)
              .build(), (file, position, row) -> {
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < some.size(); i++) {
                  b.append(i > 0 ? "|" : "").append(text(row.value(i)));
                }
                got.put((Long) row.value(0), b.toString());
              }, p);
          List<String> want = new ArrayList<>();
          for (String line : expected) {
            String[] all = line.split("\\|", -1);
            List<String> kept = new ArrayList<>();
            for (String name : some) {
              kept.add(all[fields.indexOf(name)]);
            }
            want.add(String.join("|", kept));
          }
          assertEquals(want, new ArrayList<>(got.values()),
              version + " projection " + projection);
        }
      }
    }
  }

  /** A value as DuckDB's SQL above renders it: timestamps as epoch microseconds. */
  private static String text(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof Instant) {
      Instant t = (Instant) v;
      return String.valueOf(Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L),
          t.getNano() / 1000));
    }
    return KeyEncoder.render(v);
  }

  @Test
  public void keyColumnsGetTheKeyTypeOfTheirTrueType() throws IOException {
    try (DuckDb db = DuckDb.open()) {
      File f = write(db, tmp, "k.parquet", "V2");
      Configuration conf = RowsRead.localConf();
      List<String> keys = Arrays.asList("d9", "d18", "d38", "tns", "tus", "dt", "u", "ub", "ui",
          "ut", "s.b.c", "s.a");
      TableSpec spec = TableSchemas.resolve(conf,
          TableSpec.builder(TableFormat.PARQUET).key(keys, new ArrayList<>()).build(),
          new Path[] {new Path(f.toURI())}, false);
      assertEquals(Arrays.asList(KeyType.DECIMAL, KeyType.DECIMAL, KeyType.DECIMAL,
          KeyType.TIMESTAMP, KeyType.TIMESTAMP, KeyType.DATE, KeyType.STRING, KeyType.DECIMAL,
          KeyType.LONG, KeyType.LONG, KeyType.STRING, KeyType.LONG), spec.keyTypes());
    }
  }

  /**
   * A Parquet DECIMAL(12,2) 12.50 and the text 12.50, 12.5 read as {@code decimal} give the same
   * key bytes, as SQL compares them equal; a Parquet DATE and an ORC date of the same day too.
   */
  @Test
  public void typedKeysMeetTheSameValueFromOtherFormats() throws Exception {
    File pq = new File(tmp, "dec.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT 12.50::DECIMAL(12,2) AS d, DATE '2024-02-29' AS day)"
          + " TO '" + pq + "' (FORMAT parquet)");
      // the same value per DuckDB: a decimal equals its shorter text, and the day is that day
      assertEquals(Arrays.asList(true, 19782L),
          db.rows("SELECT d = '12.5'::DECIMAL(12,2), epoch(day)::BIGINT / 86400 FROM '"
              + pq + "'").get(0).subList(0, 2).stream()
              .map(o -> o instanceof Number ? (Object) ((Number) o).longValue() : o)
              .collect(java.util.stream.Collectors.toList()));
    }
    Configuration conf = RowsRead.localConf();
    Path p = new Path(pq.toURI());
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.PARQUET).key(Arrays.asList("d"), new ArrayList<>())
            .build(), new Path[] {p}, false);
    byte[][] parquet = new byte[2][];
    TableSpec both = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.PARQUET).key(Arrays.asList("d", "day"), new ArrayList<>())
            .build(), new Path[] {p}, false);
    Tables.read(conf, both, (file, position, row) -> {
      try {
        parquet[0] = KeyEncoder.encode(KeyType.DECIMAL, row.value(0));
        parquet[1] = KeyEncoder.encode(KeyType.DATE, row.value(1));
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    }, p);
    assertEquals(KeyType.DECIMAL, spec.keyTypes().get(0));
    assertEquals(new BigDecimal("12.50"), readOne(conf, spec, p));
    assertArrayEquals(KeyEncoder.encode(KeyType.DECIMAL, "12.50"), parquet[0]);
    assertArrayEquals(KeyEncoder.encode(KeyType.DECIMAL, "12.5"), parquet[0]);

    Path orc = new Path(new File(tmp, "day.orc").toURI());
    TypeDescription type = TypeDescription.fromString("struct<day:date>");
    try (Writer w = OrcFile.createWriter(orc, OrcFile.writerOptions(conf).setSchema(type))) {
      VectorizedRowBatch batch = type.createRowBatch();
      ((LongColumnVector) batch.cols[0]).vector[0] = 19782; // 2024-02-29
      batch.size = 1;
      w.addRowBatch(batch);
    }
    TableSpec orcSpec = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.ORC).key(Arrays.asList("day"), new ArrayList<>()).build(),
        new Path[] {orc}, false);
    assertEquals(KeyType.DATE, orcSpec.keyTypes().get(0));
    assertArrayEquals(parquet[1], KeyEncoder.encode(KeyType.DATE, readOne(conf, orcSpec, orc)));
  }

  /**
   * Types DuckDB does not write, by parquet-hadoop's example writer (as Hive, Impala and older
   * Spark write them): INT96 timestamps, TIMESTAMP(NANOS) adjusted to UTC or not, DECIMAL on
   * BINARY and on INT64, UINT32 and UINT64; DuckDB reads the same file for the expected values.
   */
  @Test
  public void javaWrittenTypesReadAsDuckDbReadsThem() throws IOException {
    MessageType schema = MessageTypeParser.parseMessageType("message hive {\n"
        + "  required int64 id;\n"
        + "  optional int96 legacy;\n"
        + "  optional int64 nanos_utc (TIMESTAMP(NANOS,true));\n"
        + "  optional int64 nanos_local (TIMESTAMP(NANOS,false));\n"
        + "  optional binary dec_bin (DECIMAL(12,2));\n"
        + "  optional int64 dec_long (DECIMAL(18,4));\n"
        + "  optional int32 u32 (INTEGER(32,false));\n"
        + "  optional int64 u64 (INTEGER(64,false));\n"
        + "}");
    Path path = new Path(new File(tmp, "hive.parquet").toURI());
    SimpleGroupFactory groups = new SimpleGroupFactory(schema);
    try (ParquetWriter<Group> w = ExampleParquetWriter.builder(path).withType(schema)
        .withConf(new Configuration()).build()) {
      for (int i = 0; i < 300; i++) {
        Group g = groups.newGroup();
        g.add("id", (long) i);
        if (i % 11 != 1) {
          long day = -400 + i * 97L; // 1968 to 2048
          long nanosOfDay = (i * 1_234_567_891L) % 86_400_000_000_000L;
          g.add("legacy", new NanoTime((int) (day + 2_440_588L), nanosOfDay));
          long nanos = 1_700_000_000_123_456_789L - i * 86_400_000_000_123L;
          g.add("nanos_utc", nanos);
          g.add("nanos_local", nanos + 999);
          g.add("dec_bin", Binary.fromConstantByteArray(
              BigInteger.valueOf(i * 12_345L - 1_000_000L).toByteArray()));
          g.add("dec_long", i * 987_654_321L - 50_000_000_000L);
          g.add("u32", (int) (0xffffffffL - i * 7_000_000L));
          g.add("u64", -1L - i * 1_000_000_000_000L);
        }
        w.write(g);
      }
    }
    String[] columns = {"id", "legacy", "nanos_utc", "nanos_local", "dec_bin", "dec_long", "u32",
        "u64"};
    String[] sql = {"id::VARCHAR", "epoch_us(legacy)::VARCHAR", "epoch_us(nanos_utc)::VARCHAR",
        "epoch_us(nanos_local)::VARCHAR", "dec_bin::VARCHAR", "dec_long::VARCHAR", "u32::VARCHAR",
        "u64::VARCHAR"};
    List<String> expected;
    try (DuckDb db = DuckDb.open()) {
      expected = db.lines("SELECT " + String.join(", ", sql) + " FROM read_parquet('"
          + path.toUri().getPath() + "') ORDER BY id", '|', "NULL");
    }
    Configuration conf = RowsRead.localConf();
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.PARQUET).key(Arrays.asList(columns), new ArrayList<>())
            .build(), new Path[] {path}, false);
    assertEquals(Arrays.asList(KeyType.LONG, KeyType.TIMESTAMP, KeyType.TIMESTAMP,
        KeyType.TIMESTAMP, KeyType.DECIMAL, KeyType.DECIMAL, KeyType.LONG, KeyType.DECIMAL),
        spec.keyTypes());
    Map<Long, String> got = new TreeMap<>();
    Tables.read(conf, spec, (file, position, row) -> {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < columns.length; i++) {
        b.append(i > 0 ? "|" : "").append(text(row.value(i)));
      }
      got.put((Long) row.value(0), b.toString());
    }, path);
    assertEquals(expected, new ArrayList<>(got.values()));
  }

  /**
   * The records of a DuckDB file written as Parquet, ORC and Avro by bloomkit keep their types:
   * DuckDB reads the Parquet output with the values it reads from the original (a decimal stays a
   * decimal, a list a list), and bloomkit reads every output back as the lines of the original.
   */
  @Test
  public void recordOutputsKeepTheTypes() throws IOException {
    try (DuckDb db = DuckDb.open()) {
      File f = write(db, tmp, "in.parquet", "V2");
      Configuration conf = RowsRead.localConf();
      Path in = new Path(f.toURI());
      TableSpec spec = TableSchemas.resolve(conf,
          TableSpec.builder(TableFormat.PARQUET).key(Arrays.asList("id"), new ArrayList<>())
              .build(), new Path[] {in}, false);
      org.apache.avro.Schema schema = TableSchemas.recordSchema(conf, spec, in);
      List<String> lines = new ArrayList<>();
      Map<TableFormat, Path> outs = new java.util.EnumMap<>(TableFormat.class);
      Map<TableFormat, TableWriter> writers = new java.util.EnumMap<>(TableFormat.class);
      org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(conf);
      for (TableFormat format : new TableFormat[] {TableFormat.PARQUET, TableFormat.ORC,
          TableFormat.AVRO}) {
        Path out = new Path(new File(tmp, "out" + TableWriter.extension(format))
            .toURI());
        outs.put(format, out);
        writers.put(format, TableWriter.open(conf, fs, out, format, schema, null, "\t"));
      }
      Tables.read(conf, spec, (file, position, row) -> {
        lines.add(row.line().toString());
        for (TableWriter w : writers.values()) {
          try {
            w.write(row.record(schema));
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
      }, in);
      for (TableWriter w : writers.values()) {
        w.close();
      }
      StringBuilder sql = new StringBuilder("SELECT ");
      for (int i = 0; i < COLUMNS.length; i++) {
        sql.append(i > 0 ? ", " : "").append(COLUMNS[i][1]);
      }
      sql.append(" FROM read_parquet('%s') ORDER BY id");
      assertEquals(db.lines(String.format(sql.toString(), f), '|', "NULL"),
          db.lines(String.format(sql.toString(), outs.get(TableFormat.PARQUET).toUri().getPath()),
              '|', "NULL"));
      for (Map.Entry<TableFormat, Path> e : outs.entrySet()) {
        TableSpec back = TableSchemas.resolve(conf,
            TableSpec.builder(e.getKey()).key(Arrays.asList("id"), new ArrayList<>()).build(),
            new Path[] {e.getValue()}, false);
        List<String> read = new ArrayList<>();
        Tables.read(conf, back, (file, position, row) -> read.add(row.line().toString()),
            e.getValue());
        assertEquals(lines, read, e.getKey().toString());
      }
    }
  }

  /**
   * A UBIGINT column (a decimal(20,0) key) read with {@code --key-type long} meets a BIGINT's key
   * where its value fits a long (as SQL's CAST); its maximum does not fit and is malformed.
   */
  @Test
  public void anUnsignedBigintReadAsLongMeetsABigint() throws Exception {
    File pq = new File(tmp, "u.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT 5::UBIGINT AS u UNION ALL SELECT 18446744073709551615::UBIGINT)"
          + " TO '" + pq + "' (FORMAT parquet)");
    }
    Configuration conf = RowsRead.localConf();
    Path p = new Path(pq.toURI());
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.PARQUET).key(Arrays.asList("u"), Arrays.asList(KeyType.LONG))
            .build(), new Path[] {p}, true);
    List<String> outcomes = new ArrayList<>();
    KeyEncoder keys = new KeyEncoder(spec);
    Tables.read(conf, spec, (file, position, row) -> {
      KeyEncoder.Outcome o = keys.encode(row);
      outcomes.add(o == KeyEncoder.Outcome.KEY
          ? java.util.Arrays.toString(keys.key()) : o + ": " + keys.problem());
    }, p);
    assertEquals(Arrays.asList(java.util.Arrays.toString(KeyEncoder.encode(KeyType.LONG, 5L)),
        "MALFORMED: " + new io.bloomkit.core.key.MalformedKeyException(KeyType.LONG,
            "18446744073709551615", "not a whole number within a long").getMessage()),
        outcomes);
  }

  private static Object readOne(Configuration conf, TableSpec spec, Path p) throws IOException {
    List<Object> out = new ArrayList<>();
    Tables.read(conf, spec, (file, position, row) -> out.add(row.value(0)), p);
    assertEquals(1, out.size());
    return out.get(0);
  }
}
