package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC and Avro logical types as their own writers produce them (ORC's vectorized writer, which
 * Hive and Spark use; Avro's DataFileWriter) meet the same values written by DuckDB as Parquet,
 * whose reading {@code ForeignParquetTypesTest} checks against DuckDB's SQL: row by row, each
 * column has the key type and the key bytes of the Parquet column of the same values (an ORC
 * {@code decimal(12,2)}, Avro decimals on bytes and on fixed, a Parquet {@code DECIMAL(12,2)}; an
 * ORC {@code timestamp}, an Avro {@code local-timestamp-micros}, a Parquet {@code TIMESTAMP}; ...).
 */
public class ForeignOrcAvroTypesTest {
  @TempDir public File tmp;

  private static final int ROWS = 300;

  /** Epoch microseconds of row {@code i}: 1970-01-02 plus about an hour per row, with micros. */
  private static long micros(int i) {
    return 86_400_000_000L + i * 3_607_000_123L;
  }

  private static BigDecimal decimal(int i) {
    return BigDecimal.valueOf(i * 37L - 3000L, 2);
  }

  private static String text(int i) {
    return i % 17 == 3 ? "" : "v" + (i % 23);
  }

  private static byte[] bytes(int i) {
    return ("b" + i).getBytes(StandardCharsets.UTF_8);
  }

  private static long timeOfDayMicros(int i) {
    return i * 287_654_321L % 86_400_000_000L;
  }

  /** DuckDB computes the same values from i as the Java writers below. */
  private File duckDbParquet() {
    File f = new File(tmp, "duck.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i::BIGINT AS id,"
          + " ((i * 37 - 3000) / 100)::DECIMAL(12,2) AS dec,"
          + " DATE '1969-12-01' + i::INTEGER AS day,"
          + " TIMESTAMP '1970-01-02 00:00:00' + to_microseconds(i * 3_607_000_123) AS ts,"
          + " TIMESTAMPTZ '1970-01-02 00:00:00+00' + to_microseconds(i * 3_607_000_123) AS tsz,"
          + " (TIMESTAMP '1970-01-02 00:00:00' + to_microseconds(i * 3_607_000_123 // 1000"
          + " * 1000))::TIMESTAMP_MS AS tsm,"
          + " CASE WHEN i % 17 = 3 THEN '' ELSE 'v' || (i % 23) END AS v,"
          + " encode('b' || i) AS b,"
          + " (i % 200 - 100)::TINYINT AS t,"
          + " TIME '00:00:00' + to_microseconds(i * 287_654_321 % 86_400_000_000) AS tod,"
          + " TIME '00:00:00' + to_microseconds(i * 287_654_321 % 86_400_000_000 // 1000 * 1000)"
          + " AS todms"
          + " FROM range(" + ROWS + ") r(i)) TO '" + f + "' (FORMAT parquet)");
    }
    return f;
  }

  private File orc(Configuration conf) throws IOException {
    File f = new File(tmp, "hive.orc");
    TypeDescription type = TypeDescription.fromString("struct<id:bigint,dec:decimal(12,2),"
        + "day:date,ts:timestamp,tsz:timestamp with local time zone,v:varchar(8),b:binary,"
        + "t:tinyint>");
    try (Writer w = OrcFile.createWriter(new Path(f.toURI()),
        OrcFile.writerOptions(conf).setSchema(type).useUTCTimestamp(true))) {
      VectorizedRowBatch batch = type.createRowBatch(ROWS);
      for (int i = 0; i < ROWS; i++) {
        int r = batch.size++;
        ((LongColumnVector) batch.cols[0]).vector[r] = i;
        ((DecimalColumnVector) batch.cols[1]).set(r, HiveDecimal.create(decimal(i)));
        ((LongColumnVector) batch.cols[2]).vector[r] = i - 31;
        Timestamp ts = new Timestamp(Math.floorDiv(micros(i), 1000L));
        ts.setNanos((int) Math.floorMod(micros(i), 1_000_000L) * 1000);
        ((TimestampColumnVector) batch.cols[3]).set(r, ts);
        ((TimestampColumnVector) batch.cols[4]).set(r, ts);
        ((BytesColumnVector) batch.cols[5]).setVal(r, text(i).getBytes(StandardCharsets.UTF_8));
        ((BytesColumnVector) batch.cols[6]).setVal(r, bytes(i));
        ((LongColumnVector) batch.cols[7]).vector[r] = i % 200 - 100;
      }
      w.addRowBatch(batch);
    }
    return f;
  }

  private File avro() throws IOException {
    File f = new File(tmp, "java.avro");
    Schema dec = LogicalTypes.decimal(12, 2).addToSchema(Schema.create(Schema.Type.BYTES));
    Schema decFixed = LogicalTypes.decimal(12, 2).addToSchema(
        Schema.createFixed("dec6", null, null, 6));
    Schema schema = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"r\",\"fields\":["
        + "{\"name\":\"id\",\"type\":\"long\"},"
        + "{\"name\":\"dec\",\"type\":" + dec + "},"
        + "{\"name\":\"decf\",\"type\":" + decFixed + "},"
        + "{\"name\":\"day\",\"type\":{\"type\":\"int\",\"logicalType\":\"date\"}},"
        + "{\"name\":\"ltsu\",\"type\":{\"type\":\"long\",\"logicalType\":"
        + "\"local-timestamp-micros\"}},"
        + "{\"name\":\"tsu\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}},"
        + "{\"name\":\"tsm\",\"type\":{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}},"
        + "{\"name\":\"ltsm\",\"type\":{\"type\":\"long\",\"logicalType\":"
        + "\"local-timestamp-millis\"}},"
        + "{\"name\":\"v\",\"type\":\"string\"},"
        + "{\"name\":\"b\",\"type\":\"bytes\"},"
        + "{\"name\":\"t\",\"type\":\"int\"},"
        + "{\"name\":\"tod\",\"type\":{\"type\":\"long\",\"logicalType\":\"time-micros\"}},"
        + "{\"name\":\"todm\",\"type\":{\"type\":\"int\",\"logicalType\":\"time-millis\"}}]}");
    Conversions.DecimalConversion decimals = new Conversions.DecimalConversion();
    try (DataFileWriter<GenericRecord> w =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      w.create(schema, f);
      for (int i = 0; i < ROWS; i++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("id", (long) i);
        r.put("dec", decimals.toBytes(decimal(i), dec, dec.getLogicalType()));
        r.put("decf", decimals.toFixed(decimal(i), decFixed, decFixed.getLogicalType()));
        r.put("day", i - 31);
        r.put("ltsu", micros(i));
        r.put("tsu", micros(i));
        r.put("tsm", Math.floorDiv(micros(i), 1000L));
        r.put("ltsm", Math.floorDiv(micros(i), 1000L));
        r.put("v", text(i));
        r.put("b", ByteBuffer.wrap(bytes(i)));
        r.put("t", i % 200 - 100);
        r.put("tod", timeOfDayMicros(i));
        r.put("todm", (int) (timeOfDayMicros(i) / 1000L));
        w.append(r);
      }
    }
    return f;
  }

  /** Per id, the key type and key bytes of each column (hex), read by bloomkit. */
  private static Map<Long, List<String>> keys(Configuration conf, TableFormat format, File f,
      List<String> columns, List<KeyType> types) throws IOException {
    Path p = new Path(f.toURI());
    List<String> fields = new ArrayList<>();
    fields.add("id");
    fields.addAll(columns);
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(format).key(fields, new ArrayList<>()).build(), new Path[] {p}, false);
    assertEquals(types, spec.keyTypes().subList(1, fields.size()), format + " " + columns);
    Map<Long, List<String>> out = new TreeMap<>();
    Tables.read(conf, spec, (file, position, row) -> {
      List<String> k = new ArrayList<>();
      for (int i = 1; i < fields.size(); i++) {
        try {
          k.add(org.apache.commons.codec.binary.Hex.encodeHexString(
              KeyEncoder.encode(types.get(i - 1), row.value(i))));
        } catch (Exception e) {
          k.add("malformed: " + e.getMessage());
        }
      }
      out.put((Long) row.value(0), k);
    }, p);
    assertEquals(ROWS, out.size());
    return out;
  }

  @Test
  public void orcAndAvroTypesMeetTheSameValuesInDuckDbsParquet() throws IOException {
    Configuration conf = RowsRead.localConf();
    File parquet = duckDbParquet();
    File orc = orc(conf);
    File avro = avro();
    List<KeyType> types = Arrays.asList(KeyType.DECIMAL, KeyType.DATE, KeyType.TIMESTAMP,
        KeyType.TIMESTAMP, KeyType.STRING, KeyType.BINARY, KeyType.LONG);
    Map<Long, List<String>> want = keys(conf, TableFormat.PARQUET, parquet,
        Arrays.asList("dec", "day", "ts", "tsz", "v", "b", "t"), types);
    assertEquals(want, keys(conf, TableFormat.ORC, orc,
        Arrays.asList("dec", "day", "ts", "tsz", "v", "b", "t"), types));
    assertEquals(want, keys(conf, TableFormat.AVRO, avro,
        Arrays.asList("dec", "day", "ltsu", "tsu", "v", "b", "t"), types));
    assertEquals(want, keys(conf, TableFormat.AVRO, avro,
        Arrays.asList("decf", "day", "ltsu", "tsu", "v", "b", "t"), types));
    // milliseconds, and times of day in micro- and milliseconds
    List<KeyType> more = Arrays.asList(KeyType.TIMESTAMP, KeyType.TIMESTAMP, KeyType.STRING,
        KeyType.STRING);
    assertEquals(keys(conf, TableFormat.PARQUET, parquet,
        Arrays.asList("tsm", "tsm", "tod", "todms"), more),
        keys(conf, TableFormat.AVRO, avro, Arrays.asList("tsm", "ltsm", "tod", "todm"), more));
  }
}
