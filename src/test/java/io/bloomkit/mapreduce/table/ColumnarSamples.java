package io.bloomkit.mapreduce.table;

import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * One small table (ints, longs, a nullable string, a decimal, a date, a timestamp, a boolean, a
 * double, a nullable struct with a nullable int, a list) written by each format's own writer.
 */
final class ColumnarSamples {
  private ColumnarSamples() {}

  /** The columns in schema order. */
  static final List<String> COLUMNS =
      Arrays.asList("id", "big", "name", "price", "day", "ts", "ok", "score", "addr", "tags");

  /** One sample row: its values as Row should give them (nested as maps and lists). */
  static final class Sample {
    final long id;
    final long big;
    final String name;
    final BigDecimal price;
    final LocalDate day;
    final Instant ts;
    final boolean ok;
    final double score;
    final String city; // null: addr is null
    final Long zip;
    final List<String> tags;

    Sample(long id, long big, String name, String price, String day, String ts, boolean ok,
        double score, String city, Long zip, List<String> tags) {
      this.id = id;
      this.big = big;
      this.name = name;
      this.price = new BigDecimal(price);
      this.day = LocalDate.parse(day);
      this.ts = Instant.parse(ts);
      this.ok = ok;
      this.score = score;
      this.city = city;
      this.zip = zip;
      this.tags = tags;
    }

    /** The value of column (or nested field) {@code name}. */
    Object get(String column) {
      switch (column) {
        case "id":
          return id;
        case "big":
          return big;
        case "name":
          return name;
        case "price":
          return price;
        case "day":
          return day;
        case "ts":
          return ts;
        case "ok":
          return ok;
        case "score":
          return score;
        case "addr.city":
          return city;
        case "addr.zip":
          return city == null ? null : zip;
        default:
          throw new IllegalArgumentException(column);
      }
    }
  }

  static final List<Sample> ROWS =
      Arrays.asList(
          new Sample(1, 10_000_000_000L, "a", "12.34", "2024-02-29", "2024-02-29T12:34:56.789Z",
              true, 1.5, "Oslo", 404L, Arrays.asList("x", "y")),
          new Sample(2, -5, null, "-0.50", "1970-01-01", "1970-01-01T00:00:00Z", false, -2.25,
              null, null, Collections.emptyList()),
          new Sample(404, 7, "c \"q\"", "0.00", "1969-12-31", "1969-12-31T23:59:58.001Z", true,
              0.0, "Rome", null, Collections.singletonList("z")));

  /** The line {@link Row#line} gives for {@code s} (tab-delimited, every column). */
  static String line(Sample s) {
    String addr =
        s.city == null
            ? "\\N"
            : "{\"city\":\"" + s.city + "\",\"zip\":" + (s.zip == null ? "null" : s.zip) + "}";
    StringBuilder tags = new StringBuilder("[");
    for (String t : s.tags) {
      tags.append(tags.length() > 1 ? "," : "").append('"').append(t).append('"');
    }
    tags.append(']');
    return String.join("\t", String.valueOf(s.id), String.valueOf(s.big),
        s.name == null ? "\\N" : s.name, s.price.toPlainString(), s.day.toString(),
        s.ts.toString(), String.valueOf(s.ok), String.valueOf(s.score), addr, tags.toString());
  }

  static Schema avroSchema() {
    Schema decimal = LogicalTypes.decimal(10, 2).addToSchema(Schema.create(Schema.Type.BYTES));
    Schema date = LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
    Schema ts = LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG));
    Schema addr =
        SchemaBuilder.record("Addr").fields()
            .requiredString("city")
            .optionalInt("zip")
            .endRecord();
    return SchemaBuilder.record("T").namespace("sample").fields()
        .requiredInt("id")
        .requiredLong("big")
        .optionalString("name")
        .name("price").type(decimal).noDefault()
        .name("day").type(date).noDefault()
        .name("ts").type(ts).noDefault()
        .requiredBoolean("ok")
        .requiredDouble("score")
        .name("addr").type().optional().type(addr)
        .name("tags").type().array().items().stringType().noDefault()
        .endRecord();
  }

  static List<GenericRecord> avroRecords(List<Sample> rows) {
    Schema schema = avroSchema();
    Schema addrSchema = AvroColumns.nonNull(schema.getField("addr").schema());
    List<GenericRecord> out = new ArrayList<>();
    for (Sample s : rows) {
      GenericRecord r = new GenericData.Record(schema);
      r.put("id", (int) s.id);
      r.put("big", s.big);
      r.put("name", s.name);
      r.put("price", ByteBuffer.wrap(s.price.unscaledValue().toByteArray()));
      r.put("day", (int) s.day.toEpochDay());
      r.put("ts", s.ts.toEpochMilli());
      r.put("ok", s.ok);
      r.put("score", s.score);
      if (s.city != null) {
        GenericRecord a = new GenericData.Record(addrSchema);
        a.put("city", s.city);
        a.put("zip", s.zip == null ? null : s.zip.intValue());
        r.put("addr", a);
      }
      r.put("tags", new ArrayList<>(s.tags));
      out.add(r);
    }
    return out;
  }

  static Path writeAvro(File file, List<Sample> rows, int syncInterval) throws IOException {
    Schema schema = avroSchema();
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.setSyncInterval(syncInterval);
      w.create(schema, file);
      for (GenericRecord r : avroRecords(rows)) {
        w.append(r);
      }
    }
    return new Path(file.toURI());
  }

  static Path writeParquet(File file, List<Sample> rows, int rowGroupSize) throws IOException {
    Path path = new Path(file.toURI());
    Configuration conf = new Configuration();
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(path, conf))
            .withSchema(avroSchema())
            .withDataModel(GenericData.get())
            .withConf(conf)
            .withRowGroupSize(rowGroupSize)
            .withPageSize(Math.min(rowGroupSize, 1 << 20))
            .build()) {
      for (GenericRecord r : avroRecords(rows)) {
        w.write(r);
      }
    }
    return path;
  }

  static TypeDescription orcSchema() {
    return TypeDescription.fromString(
        "struct<id:int,big:bigint,name:string,price:decimal(10,2),day:date,ts:timestamp,"
            + "ok:boolean,score:double,addr:struct<city:string,zip:int>,tags:array<string>>");
  }

  static Path writeOrc(File file, List<Sample> rows, long stripeSize) throws IOException {
    Path path = new Path(file.toURI());
    TypeDescription schema = orcSchema();
    OrcFile.WriterOptions options =
        OrcFile.writerOptions(new Configuration()).setSchema(schema).useUTCTimestamp(true)
            .stripeSize(stripeSize).bufferSize(4096).rowIndexStride(1000);
    writeOrc(path, options, rows.size(), (b, r, n) -> {
          Sample s = rows.get(n);
          ((LongColumnVector) b.cols[0]).vector[r] = s.id;
          ((LongColumnVector) b.cols[1]).vector[r] = s.big;
          BytesColumnVector name = (BytesColumnVector) b.cols[2];
          if (s.name == null) {
            name.noNulls = false;
            name.isNull[r] = true;
          } else {
            name.setVal(r, s.name.getBytes(StandardCharsets.UTF_8));
          }
          ((DecimalColumnVector) b.cols[3]).set(r, HiveDecimal.create(s.price));
          ((LongColumnVector) b.cols[4]).vector[r] = s.day.toEpochDay();
          TimestampColumnVector ts = (TimestampColumnVector) b.cols[5];
          ts.time[r] = s.ts.toEpochMilli();
          ts.nanos[r] = s.ts.getNano();
          ((LongColumnVector) b.cols[6]).vector[r] = s.ok ? 1 : 0;
          ((DoubleColumnVector) b.cols[7]).vector[r] = s.score;
          StructColumnVector addr = (StructColumnVector) b.cols[8];
          if (s.city == null) {
            addr.noNulls = false;
            addr.isNull[r] = true;
          } else {
            ((BytesColumnVector) addr.fields[0]).setVal(r, s.city.getBytes(StandardCharsets.UTF_8));
            LongColumnVector zip = (LongColumnVector) addr.fields[1];
            if (s.zip == null) {
              zip.noNulls = false;
              zip.isNull[r] = true;
            } else {
              zip.vector[r] = s.zip;
            }
          }
          ListColumnVector tags = (ListColumnVector) b.cols[9];
          tags.offsets[r] = tags.childCount;
          tags.lengths[r] = s.tags.size();
          tags.childCount += s.tags.size();
          tags.child.ensureSize(tags.childCount, true);
          for (int i = 0; i < s.tags.size(); i++) {
            ((BytesColumnVector) tags.child)
                .setVal((int) tags.offsets[r] + i, s.tags.get(i).getBytes(StandardCharsets.UTF_8));
          }
        });
    return path;
  }

  /** Fills row {@code r} of a batch with the file's row {@code n}. */
  interface OrcFiller {
    void fill(VectorizedRowBatch batch, int r, int n);
  }

  /** Writes {@code rows} rows to {@code path}, each filled by {@code filler}. */
  static void writeOrc(Path path, OrcFile.WriterOptions options, int rows, OrcFiller filler)
      throws IOException {
    try (Writer w = OrcFile.createWriter(path, options)) {
      VectorizedRowBatch b = options.getSchema().createRowBatch(100);
      for (int n = 0; n < rows; n++) {
        filler.fill(b, b.size, n);
        b.size++;
        if (b.size == b.getMaxSize()) {
          w.addRowBatch(b);
          b.reset();
        }
      }
      if (b.size > 0) {
        w.addRowBatch(b);
      }
    }
  }

  /** {@code n} rows numbered 0.. (id = row number), for split and size tests. */
  static List<Sample> numbered(int n) {
    List<Sample> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new Sample(i, i * 3L, "name-" + i, i + ".25", "2020-01-01", "2020-01-01T00:00:00Z",
          i % 2 == 0, i / 4.0, i % 3 == 0 ? null : "c" + i, (long) i, Collections.emptyList()));
    }
    return out;
  }

  /** Row values read back by {@link Tables#read}: position -> (slot values, line). */
  static Map<Long, Object[]> read(Configuration conf, TableSpec spec, Path... in) throws IOException {
    Map<Long, Object[]> out = new LinkedHashMap<>();
    Tables.read(conf, spec, (file, position, row) -> {
      Object[] v = new Object[spec.fields().size() + 1];
      for (int i = 0; i < spec.fields().size(); i++) {
        v[i] = row.value(i);
      }
      v[v.length - 1] = row.line().toString();
      if (out.put(position, v) != null) {
        throw new AssertionError("position " + position + " twice");
      }
    }, in);
    return out;
  }
}
