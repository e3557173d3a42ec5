package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.bloomkit.core.key.KeyType;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
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
 * A Parquet file as Spark and Hive write it (no parquet-avro schema in the footer; an INT96
 * timestamp, a timestamp not adjusted to UTC, a 16-bit int, a fixed-length decimal), written by
 * parquet-hadoop's example writer: the Avro schema is converted from the Parquet one.
 */
public class ParquetWithoutAvroSchemaTest {
  @TempDir public File tmp;

  private static final MessageType SCHEMA =
      MessageTypeParser.parseMessageType(
          "message spark_schema {\n"
              + "  required int64 id;\n"
              + "  optional binary name (STRING);\n"
              + "  optional int96 legacy_ts;\n"
              + "  optional int64 local_ts (TIMESTAMP(MILLIS,false));\n"
              + "  optional int64 utc_ts (TIMESTAMP(MICROS,true));\n"
              + "  optional int32 small (INTEGER(16,true));\n"
              + "  optional int32 day (DATE);\n"
              + "  optional fixed_len_byte_array(5) dec (DECIMAL(10,2));\n"
              + "  optional group s { optional int32 x; }\n"
              + "}");

  @Test
  public void readsSparkStyleTypes() throws IOException {
    Path path = new Path(new File(tmp, "spark.parquet").toURI());
    Instant ts = Instant.parse("2024-02-29T12:34:56.123456Z");
    long epochDay = LocalDate.parse("2024-02-29").toEpochDay();
    long nanosOfDay = ts.getEpochSecond() % 86_400 * 1_000_000_000L + ts.getNano();
    SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
    try (ParquetWriter<Group> w =
        ExampleParquetWriter.builder(path).withType(SCHEMA).withConf(new Configuration()).build()) {
      Group g = groups.newGroup();
      g.add("id", 7L);
      g.add("name", "seven");
      g.add("legacy_ts", new NanoTime((int) (epochDay + 2_440_588L), nanosOfDay));
      g.add("local_ts", ts.toEpochMilli());
      g.add("utc_ts", ts.getEpochSecond() * 1_000_000L + ts.getNano() / 1000);
      g.add("small", -3);
      g.add("day", (int) epochDay);
      byte[] unscaled = new BigDecimal("-12.34").unscaledValue().toByteArray(); // 2 bytes
      byte[] five = new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, unscaled[0], unscaled[1]};
      g.add("dec", Binary.fromConstantByteArray(five));
      g.addGroup("s");
      w.write(g);
      Group nulls = groups.newGroup();
      nulls.add("id", 8L);
      w.write(nulls);
    }
    Configuration conf = new Configuration();
    List<String> fields =
        Arrays.asList("id", "name", "legacy_ts", "local_ts", "utc_ts", "small", "day", "dec", "s.x");
    TableSpec spec = TableSchemas.resolve(conf,
        TableSpec.builder(TableFormat.PARQUET).key(fields, Collections.emptyList()).build(),
        new Path[] {path}, false);
    assertEquals(
        Arrays.asList(KeyType.LONG, KeyType.STRING, KeyType.TIMESTAMP, KeyType.TIMESTAMP,
            KeyType.TIMESTAMP, KeyType.LONG, KeyType.DATE, KeyType.DECIMAL, KeyType.LONG),
        spec.keyTypes());
    for (boolean projection : new boolean[] {false, true}) {
      Map<Long, Object[]> read = ColumnarSamples.read(conf,
          spec.toBuilder().projection(projection).build(), path);
      Object[] row = read.get(0L);
      assertEquals(
          Arrays.asList(7L, "seven", ts, Instant.parse("2024-02-29T12:34:56.123Z"), ts, -3L,
              LocalDate.ofEpochDay(epochDay), new BigDecimal("-12.34"), null),
          Arrays.asList(row).subList(0, fields.size()));
      assertEquals("7\tseven\t2024-02-29T12:34:56.123456Z\t2024-02-29T12:34:56.123Z"
          + "\t2024-02-29T12:34:56.123456Z\t-3\t2024-02-29\t-12.34\t{\"x\":null}", row[fields.size()]);
      Object[] second = read.get(1L);
      assertEquals(8L, second[0]);
      for (int i = 1; i < fields.size(); i++) {
        assertNull(second[i], fields.get(i));
      }
    }
  }
}
