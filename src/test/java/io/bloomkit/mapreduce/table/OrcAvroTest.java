package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcStruct;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OrcAvro and TableWriter on random records of every supported type, nulls included: what is read
 * back (through ORC's, Avro's and parquet-avro's own readers) equals the records written.
 */
public class OrcAvroTest {
  @TempDir public File tmp;

  private static Schema nullable(Schema s) {
    return Schema.createUnion(Schema.create(Schema.Type.NULL), s);
  }

  private static Schema logical(org.apache.avro.LogicalType lt, Schema.Type t) {
    return lt.addToSchema(Schema.create(t));
  }

  /** Every type OrcAvro maps, nullable and not, nested ones included. */
  static Schema allTypes() {
    Schema inner = SchemaBuilder.record("inner").fields()
        .optionalString("s").requiredLong("n").endRecord();
    Schema fixedDecimal = LogicalTypes.decimal(9, 3).addToSchema(
        Schema.createFixed("dec9", null, null, 5));
    return SchemaBuilder.record("all").fields()
        .name("b").type(nullable(Schema.create(Schema.Type.BOOLEAN))).withDefault(null)
        .name("i").type(Schema.create(Schema.Type.INT)).noDefault()
        .name("l").type(nullable(Schema.create(Schema.Type.LONG))).withDefault(null)
        .name("f").type(nullable(Schema.create(Schema.Type.FLOAT))).withDefault(null)
        .name("d").type(nullable(Schema.create(Schema.Type.DOUBLE))).withDefault(null)
        .name("s").type(nullable(Schema.create(Schema.Type.STRING))).withDefault(null)
        .name("bin").type(nullable(Schema.create(Schema.Type.BYTES))).withDefault(null)
        .name("dec").type(nullable(logical(LogicalTypes.decimal(15, 2), Schema.Type.BYTES)))
        .withDefault(null)
        .name("decf").type(nullable(fixedDecimal)).withDefault(null)
        .name("day").type(nullable(logical(LogicalTypes.date(), Schema.Type.INT))).withDefault(null)
        .name("tsms").type(nullable(logical(LogicalTypes.timestampMillis(), Schema.Type.LONG)))
        .withDefault(null)
        .name("tsus").type(nullable(logical(LogicalTypes.timestampMicros(), Schema.Type.LONG)))
        .withDefault(null)
        .name("rec").type(nullable(inner)).withDefault(null)
        .name("arr").type(nullable(Schema.createArray(nullable(Schema.create(Schema.Type.LONG)))))
        .withDefault(null)
        .name("map").type(nullable(Schema.createMap(nullable(Schema.create(Schema.Type.STRING)))))
        .withDefault(null)
        .endRecord();
  }

  /** Random records of {@link #allTypes}, about a fifth of each nullable field null. */
  static List<GenericRecord> randomRecords(Schema schema, int n, long seed) {
    Random rnd = new Random(seed);
    Conversions.DecimalConversion dc = new Conversions.DecimalConversion();
    Schema inner = schema.getField("rec").schema().getTypes().get(1);
    Schema decf = schema.getField("decf").schema().getTypes().get(1);
    Schema dec = schema.getField("dec").schema().getTypes().get(1);
    List<GenericRecord> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("i", rnd.nextInt());
      if (rnd.nextInt(5) > 0) {
        r.put("b", rnd.nextBoolean());
      }
      if (rnd.nextInt(5) > 0) {
        r.put("l", rnd.nextLong());
      }
      if (rnd.nextInt(5) > 0) {
        r.put("f", rnd.nextFloat() * 1000 - 500);
      }
      if (rnd.nextInt(5) > 0) {
        r.put("d", rnd.nextGaussian() * 1e9);
      }
      if (rnd.nextInt(5) > 0) {
        r.put("s", rnd.nextBoolean() ? "" : "x\t,\"y\u00e9" + rnd.nextInt(100));
      }
      if (rnd.nextInt(5) > 0) {
        byte[] b = new byte[rnd.nextInt(6)];
        rnd.nextBytes(b);
        r.put("bin", ByteBuffer.wrap(b));
      }
      if (rnd.nextInt(5) > 0) {
        BigDecimal v = new BigDecimal(BigInteger.valueOf(rnd.nextLong() % 100_000_000_000_000L), 2);
        r.put("dec", dc.toBytes(v, dec, dec.getLogicalType()));
      }
      if (rnd.nextInt(5) > 0) {
        BigDecimal v = new BigDecimal(BigInteger.valueOf(rnd.nextInt(999_999_999) - 499_999_999), 3);
        r.put("decf", dc.toFixed(v, decf, decf.getLogicalType()));
      }
      if (rnd.nextInt(5) > 0) {
        r.put("day", rnd.nextInt(40000) - 20000);
      }
      if (rnd.nextInt(5) > 0) {
        r.put("tsms", rnd.nextLong() % 4_000_000_000_000L);
      }
      if (rnd.nextInt(5) > 0) {
        r.put("tsus", rnd.nextLong() % 4_000_000_000_000_000L);
      }
      if (rnd.nextInt(5) > 0) {
        GenericData.Record in = new GenericData.Record(inner);
        in.put("s", rnd.nextBoolean() ? null : "in" + rnd.nextInt(9));
        in.put("n", rnd.nextLong());
        r.put("rec", in);
      }
      if (rnd.nextInt(5) > 0) {
        List<Long> a = new ArrayList<>();
        for (int j = rnd.nextInt(4); j > 0; j--) {
          a.add(rnd.nextInt(4) == 0 ? null : rnd.nextLong());
        }
        r.put("arr", a);
      }
      if (rnd.nextInt(5) > 0) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int j = rnd.nextInt(4); j > 0; j--) {
          m.put("k" + rnd.nextInt(100), rnd.nextInt(4) == 0 ? null : "v" + rnd.nextInt(100));
        }
        r.put("map", m);
      }
      out.add(r);
    }
    return out;
  }

  /**
   * Avro's own JSON rendering (equal for equal values whatever the classes: String, Utf8), with
   * the entries of maps in key order (Avro's reader returns hash maps, ORC sorted ones).
   */
  private static String json(GenericRecord r) {
    return GenericData.get().toString(sortMaps(r));
  }

  private static Object sortMaps(Object v) {
    if (v instanceof GenericRecord) {
      GenericRecord r = (GenericRecord) v;
      GenericData.Record copy = new GenericData.Record(r.getSchema());
      for (Schema.Field f : r.getSchema().getFields()) {
        copy.put(f.pos(), sortMaps(r.get(f.pos())));
      }
      return copy;
    }
    if (v instanceof Map) {
      Map<String, Object> sorted = new TreeMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        sorted.put(e.getKey().toString(), sortMaps(e.getValue()));
      }
      return sorted;
    }
    return v;
  }

  private static void assertSameRecords(List<GenericRecord> want, List<GenericRecord> got) {
    assertEquals(want.size(), got.size());
    for (int i = 0; i < want.size(); i++) {
      assertEquals(json(want.get(i)), json(got.get(i)), "record " + i);
    }
  }

  @Test
  public void orcTypesOfEveryAvroType() {
    TypeDescription t = OrcAvro.toOrc(allTypes());
    assertEquals("struct<b:boolean,i:int,l:bigint,f:float,d:double,s:string,bin:binary,"
        + "dec:decimal(15,2),decf:decimal(9,3),day:date,tsms:timestamp,tsus:timestamp,"
        + "rec:struct<s:string,n:bigint>,arr:array<bigint>,map:map<string,string>>", t.toString());
    Schema back = OrcAvro.toAvro(t, "all");
    Schema decf = back.getField("decf").schema().getTypes().get(1);
    assertEquals(Schema.Type.BYTES, decf.getType());
    assertEquals(LogicalTypes.decimal(9, 3), decf.getLogicalType());
    assertEquals(LogicalTypes.date(),
        back.getField("day").schema().getTypes().get(1).getLogicalType());
    assertEquals("all_rec", back.getField("rec").schema().getTypes().get(1).getName());
    // ORC's types Avro has no name for
    TypeDescription small = TypeDescription.fromString(
        "struct<`a-b`:tinyint,c:smallint,v:varchar(3),ch:char(2),u:uniontype<int,string>,"
            + "m:map<int,string>,ts:timestamp with local time zone>");
    Schema s = OrcAvro.toAvro(small, "row");
    assertEquals("a_b", s.getFields().get(0).name());
    assertEquals("a-b", s.getFields().get(0).getProp(OrcAvro.ORC_NAME));
    assertEquals("[\"null\",\"int\"]", s.getField("c").schema().toString());
    assertEquals("[\"null\",\"string\"]", s.getField("v").schema().toString());
    assertEquals("[\"null\",\"int\",\"string\"]", s.getField("u").schema().toString());
    assertEquals(Schema.Type.MAP, s.getField("m").schema().getTypes().get(1).getType());
  }

  @Test
  public void structRoundTripGivesTheRecords() {
    Schema schema = allTypes();
    TypeDescription t = OrcAvro.toOrc(schema);
    List<GenericRecord> in = randomRecords(schema, 300, 1);
    List<GenericRecord> out = new ArrayList<>();
    for (GenericRecord r : in) {
      OrcStruct s = OrcAvro.toOrcStruct(r, t);
      out.add(OrcAvro.toAvro(s, schema));
    }
    assertSameRecords(in, out);
    for (GenericRecord r : out) {
      assertTrue(GenericData.get().validate(schema, r));
    }
  }

  @Test
  public void unionsAndConvertedValuesRoundTrip() {
    Schema schema = SchemaBuilder.record("u").fields()
        .name("x").type(Schema.createUnion(Schema.create(Schema.Type.NULL),
            Schema.create(Schema.Type.INT), Schema.create(Schema.Type.STRING))).withDefault(null)
        .endRecord();
    TypeDescription t = OrcAvro.toOrc(schema);
    assertEquals("struct<x:uniontype<int,string>>", t.toString());
    for (Object v : new Object[] {null, 7, "seven"}) {
      GenericData.Record r = new GenericData.Record(schema);
      r.put("x", v);
      assertEquals(json(r), json(OrcAvro.toAvro(OrcAvro.toOrcStruct(r, t), schema)));
    }
    // BigDecimal, LocalDate and Instant are accepted in place of Avro's generic values
    Schema typed = SchemaBuilder.record("t").fields()
        .name("d").type(logical(LogicalTypes.decimal(5, 2), Schema.Type.BYTES)).noDefault()
        .name("day").type(logical(LogicalTypes.date(), Schema.Type.INT)).noDefault()
        .name("ts").type(logical(LogicalTypes.timestampMicros(), Schema.Type.LONG)).noDefault()
        .endRecord();
    GenericData.Record r = new GenericData.Record(typed);
    r.put("d", new BigDecimal("-12.5"));
    r.put("day", java.time.LocalDate.of(1996, 1, 2));
    r.put("ts", java.time.Instant.parse("2024-01-02T03:04:05.123456Z"));
    GenericRecord back = OrcAvro.toAvro(OrcAvro.toOrcStruct(r, OrcAvro.toOrc(typed)), typed);
    assertEquals("-12.50\t1996-01-02\t2024-01-02T03:04:05.123456Z", RecordText.line(back, "\t"));
    assertEquals(9497, back.get("day"));
    assertEquals(1704164645123456L, back.get("ts"));
  }

  @Test
  public void everyFormatReadBackByItsOwnReaderGivesTheRecords() throws Exception {
    Schema schema = allTypes();
    List<GenericRecord> in = randomRecords(schema, 2500, 2); // more than one ORC batch (1024)
    Configuration conf = new Configuration();
    FileSystem fs = FileSystem.getLocal(conf).getRaw();
    for (String codec : new String[] {"none", "snappy", "gzip"}) {
      Path orc = new Path(tmp.getPath(), "a-" + codec + ".orc");
      Path avro = new Path(tmp.getPath(), "a-" + codec + ".avro");
      Path parquet = new Path(tmp.getPath(), "a-" + codec + ".parquet");
      for (Path p : new Path[] {orc, avro, parquet}) {
        TableFormat f = TableFormat.parse("format", p.getName().replaceAll(".*\\.", ""));
        try (TableWriter w = TableWriter.open(conf, fs, p, f, schema, codec, "\t")) {
          for (GenericRecord r : in) {
            w.write(r);
          }
          assertEquals(in.size(), w.records());
        }
      }
      // ORC: ORC's reader, batches converted by OrcAvro
      List<GenericRecord> got = new ArrayList<>();
      try (Reader reader = OrcFile.createReader(orc, OrcFile.readerOptions(conf))) {
        assertEquals(OrcAvro.toOrc(schema), reader.getSchema());
        assertEquals(codec.equals("gzip") ? "ZLIB" : codec.equals("none") ? "NONE" : "SNAPPY",
            reader.getCompressionKind().name());
        VectorizedRowBatch batch = reader.getSchema().createRowBatch();
        try (RecordReader rows = reader.rows()) {
          while (rows.nextBatch(batch)) {
            for (int i = 0; i < batch.size; i++) {
              got.add(OrcAvro.toAvro(reader.getSchema(), batch, i, schema));
            }
          }
        }
      }
      assertSameRecords(in, got);
      // Avro: Avro's own reader
      got.clear();
      try (DataFileReader<GenericRecord> reader = new DataFileReader<>(
          new File(avro.toString()), new GenericDatumReader<>())) {
        assertEquals(schema, reader.getSchema());
        assertEquals(codec.equals("gzip") ? "deflate" : codec.equals("none") ? "null" : "snappy",
            reader.getMetaString("avro.codec"));
        for (GenericRecord r : reader) {
          got.add(r);
        }
      }
      assertSameRecords(in, got);
      // Parquet: parquet-avro's reader
      got.clear();
      try (ParquetReader<GenericRecord> reader = AvroParquetReader.<GenericRecord>builder(
          HadoopInputFile.fromPath(parquet, conf)).withConf(conf).build()) {
        for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
          got.add(r);
        }
      }
      assertSameRecords(in, got);
    }
  }

  @Test
  public void codecsEachFormatRefuses() {
    assertEquals("snappy", TableWriter.codec(TableFormat.PARQUET, null));
    assertEquals("none", TableWriter.codec(TableFormat.TEXT, null));
    for (TableFormat f : new TableFormat[] {TableFormat.PARQUET, TableFormat.AVRO,
        TableFormat.ORC}) {
      assertEquals("zstd", TableWriter.codec(f, "ZSTD"));
      try {
        TableWriter.codec(f, "lz4");
        throw new AssertionError("lz4 accepted for " + f);
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().contains("none|snappy|gzip|zstd"), e.getMessage());
      }
    }
    try {
      TableWriter.codec(TableFormat.CSV, "gzip");
      throw new AssertionError("gzip accepted for csv");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("--codec for csv"), e.getMessage());
    }
  }

  @Test
  public void nullsStayNullAndMissingFieldsAreNamed() {
    Schema schema = allTypes();
    GenericData.Record r = new GenericData.Record(schema);
    r.put("i", 3);
    GenericRecord back = OrcAvro.toAvro(OrcAvro.toOrcStruct(r, OrcAvro.toOrc(schema)), schema);
    for (Schema.Field f : schema.getFields()) {
      if (!f.name().equals("i")) {
        assertNull(back.get(f.name()), f.name());
      }
    }
    Schema wider = SchemaBuilder.record("all").fields().optionalLong("nosuch").endRecord();
    try {
      OrcAvro.toAvro(OrcAvro.toOrcStruct(r, OrcAvro.toOrc(schema)), wider);
      throw new AssertionError("missing field accepted");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("nosuch"), e.getMessage());
    }
    assertFalse(RecordText.line(back, ",").isEmpty());
  }
}
