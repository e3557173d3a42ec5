package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Row#record} and {@link TableSchemas#recordSchema}: the records of Avro, Parquet and ORC
 * files written by {@link TableWriter} come back whole (rendered by {@link RecordText}, equal to
 * the written ones'); text lines become string columns {@code _c0...} as many as the first line
 * has fields, missing ones null and extra ones ignored (Hive's LazySimpleSerDe); CSV records the
 * same, named from the header with {@code --csv-header} (made valid Avro names, collisions
 * renamed), quoted fields never null; SequenceFile records are their key and value typed as
 * Hadoop wrote them, or the key and the Text value's fields when fields are numbers.
 */
public class RowRecordsTest {
  @TempDir public File tmp;

  private final Configuration conf = new Configuration();

  static final Schema SCHEMA = SchemaBuilder.record("row").fields()
      .requiredLong("id").optionalString("name").optionalDouble("score").endRecord();

  private static List<GenericRecord> rows() {
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      GenericRecord r = new GenericData.Record(SCHEMA);
      r.put("id", (long) i);
      r.put("name", i % 4 == 0 ? null : "n" + i);
      r.put("score", i % 5 == 0 ? null : i / 4.0);
      out.add(r);
    }
    return out;
  }

  private List<String> readRecords(TableSpec spec, Schema schema, Path file) throws Exception {
    List<String> out = new ArrayList<>();
    Tables.read(conf, spec, (f, position, row) ->
        out.add(RecordText.line(row.record(schema), "|")), file);
    return out;
  }

  @Test
  public void columnarRowsAreTheirRecords() throws Exception {
    List<String> expected = new ArrayList<>();
    for (GenericRecord r : rows()) {
      expected.add(RecordText.line(r, "|"));
    }
    for (TableFormat f : List.of(TableFormat.AVRO, TableFormat.PARQUET, TableFormat.ORC)) {
      Path file = new Path(newFolder(tmp, f.name()).getPath(), "part-0");
      try (TableWriter w = TableWriter.open(conf, FileSystem.getLocal(conf), file, f, SCHEMA,
          null, "\t")) {
        for (GenericRecord r : rows()) {
          w.write(r);
        }
      }
      TableSpec spec = TableSpec.builder(f).key(List.of("id"), Collections.emptyList()).build();
      Schema schema = TableSchemas.recordSchema(conf, spec, file.getParent());
      List<String> names = new ArrayList<>();
      schema.getFields().forEach(x -> names.add(x.name()));
      assertEquals(List.of("id", "name", "score"), names, f.toString());
      assertEquals(expected, readRecords(spec, schema, file), f.toString());
    }
  }

  @Test
  public void textRowsAreStringColumnsCountedOnTheFirstLine() throws Exception {
    File dir = newFolder(tmp, "text");
    Files.write(new File(dir, "part-0").toPath(),
        "a,1,x\nb,\\N\nc,3,z,extra\nd,,w\n".getBytes(StandardCharsets.UTF_8));
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter(',')
        .key(List.of("0"), Collections.emptyList()).emptyIsNull(true).build();
    Schema schema = TableSchemas.recordSchema(conf, spec, new Path(dir.getPath()));
    List<String> names = new ArrayList<>();
    schema.getFields().forEach(x -> names.add(x.name()));
    assertEquals(List.of("_c0", "_c1", "_c2"), names);
    assertEquals(List.of("a|1|x", "b|\\N|\\N", "c|3|z", "d|\\N|w"),
        readRecords(spec, schema, new Path(dir.getPath(), "part-0")));
  }

  /** The records' values as read (a string value as itself, bytes as hex), for exact checks. */
  private List<List<Object>> values(TableSpec spec, Schema schema, Path file) throws Exception {
    List<List<Object>> out = new ArrayList<>();
    Tables.read(conf, spec, (f, position, row) -> {
      GenericRecord r = row.record(schema);
      List<Object> v = new ArrayList<>();
      for (int i = 0; i < schema.getFields().size(); i++) {
        Object x = r.get(i);
        if (x instanceof ByteBuffer) {
          ByteBuffer b = ((ByteBuffer) x).duplicate();
          StringBuilder hex = new StringBuilder();
          while (b.hasRemaining()) {
            hex.append(String.format("%02x", b.get()));
          }
          x = hex.toString();
        } else if (x instanceof CharSequence) {
          x = x.toString();
        }
        v.add(x);
      }
      out.add(v);
    }, file);
    return out;
  }

  private static List<String> names(Schema schema) {
    List<String> names = new ArrayList<>();
    schema.getFields().forEach(x -> names.add(x.name()));
    return names;
  }

  /** Every column of {@code schema}: a union of null and {@code type}. */
  private static void assertNullable(Schema schema, Schema.Type... types) {
    assertEquals(types.length, schema.getFields().size());
    for (int i = 0; i < types.length; i++) {
      Schema s = schema.getFields().get(i).schema();
      assertEquals(List.of(Schema.create(Schema.Type.NULL), Schema.create(types[i])),
          s.getTypes(), schema.getFields().get(i).name());
    }
  }

  @Test
  public void csvRowsAreStringColumnsCountedOnTheFirstRecord() throws Exception {
    File dir = newFolder(tmp, "csv");
    // quoted delimiters, quotes and a line break; a short and a long row; null token, quoted
    // null token, empty and quoted empty fields (--empty-is-null)
    Files.write(new File(dir, "part-0.csv").toPath(),
        ("1,\"a,b\",\"say \"\"hi\"\"\"\n2,\\N\n3,\"\\N\",z,extra\n4,,\"\"\n5,\"two\nlines\",w\n")
            .getBytes(StandardCharsets.UTF_8));
    TableSpec spec = TableSpec.builder(TableFormat.CSV).delimiter(',')
        .key(List.of("0"), Collections.emptyList()).emptyIsNull(true).csvMultiline(true).build();
    Schema schema = TableSchemas.recordSchema(conf, spec, new Path(dir.getPath()));
    assertEquals(List.of("_c0", "_c1", "_c2"), names(schema));
    assertNullable(schema, Schema.Type.STRING, Schema.Type.STRING, Schema.Type.STRING);
    assertEquals(List.of(
        Arrays.asList("1", "a,b", "say \"hi\""),
        Arrays.asList("2", null, null),
        Arrays.asList("3", "\\N", "z"),
        Arrays.asList("4", null, ""),
        Arrays.asList("5", "two\nlines", "w")),
        values(spec, schema, new Path(dir.getPath(), "part-0.csv")));
  }

  @Test
  public void csvHeaderNamesTheColumnsAsValidUniqueAvroNames() throws Exception {
    File dir = newFolder(tmp, "csvh");
    Files.write(new File(dir, "part-0.csv").toPath(),
        "id,first name,id,,2x,first_name\n7,\"Ann, B\",8,,x\n".getBytes(StandardCharsets.UTF_8));
    TableSpec spec = TableSpec.builder(TableFormat.CSV).delimiter(',').csvHeader(true)
        .key(List.of("first name"), Collections.emptyList()).build();
    spec = TableSchemas.resolve(conf, spec, new Path[] {new Path(dir.getPath())}, false);
    Schema schema = TableSchemas.recordSchema(conf, spec, new Path(dir.getPath()));
    assertEquals(List.of("id", "first_name", "id_2", "_c3", "_2x", "first_name_5"),
        names(schema));
    assertEquals(List.of(Arrays.asList("7", "Ann, B", "8", "", "x", null)),
        values(spec, schema, new Path(dir.getPath(), "part-0.csv")));
  }

  private Path seqFile(String name, Class<?> keyClass, Class<?> valueClass, Writable... kvs)
      throws Exception {
    Path p = new Path(newFolder(tmp, name).getPath(), "part-0");
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf, SequenceFile.Writer.file(p),
        SequenceFile.Writer.keyClass(keyClass), SequenceFile.Writer.valueClass(valueClass))) {
      for (int i = 0; i < kvs.length; i += 2) {
        w.append(kvs[i], kvs[i + 1]);
      }
    }
    return p;
  }

  @Test
  public void sequenceFileRecordsAreTheKeyAndTheValueTyped() throws Exception {
    Path longText = seqFile("lt", LongWritable.class, Text.class,
        new LongWritable(-5), new Text("a\tb"), new LongWritable(7), new Text("\\N"));
    TableSpec byKey = TableSpec.builder(TableFormat.SEQFILE)
        .key(List.of("key"), Collections.emptyList()).build();
    Schema schema = TableSchemas.recordSchema(conf, byKey, longText);
    assertEquals(List.of("key", "value"), names(schema));
    assertNullable(schema, Schema.Type.LONG, Schema.Type.STRING);
    assertEquals(List.of(List.of(-5L, "a\tb"), List.of(7L, "\\N")),
        values(byKey, schema, longText));

    Path intBytes = seqFile("ib", IntWritable.class, BytesWritable.class,
        new IntWritable(3), new BytesWritable(new byte[] {0, (byte) 0xff, 16}));
    schema = TableSchemas.recordSchema(conf, byKey, intBytes);
    assertEquals(List.of("key", "value"), names(schema));
    assertNullable(schema, Schema.Type.INT, Schema.Type.BYTES);
    assertEquals(List.of(List.of(3, "00ff10")), values(byKey, schema, intBytes));

    // fields by number: the key, then the Text value's fields (null token; short and long values)
    TableSpec byField = TableSpec.builder(TableFormat.SEQFILE).delimiter(',')
        .key(List.of("1"), Collections.emptyList()).build();
    Path nullText = seqFile("nt", NullWritable.class, Text.class,
        NullWritable.get(), new Text("a,b,c"), NullWritable.get(), new Text("d,e"),
        NullWritable.get(), new Text("\\N,f,g,h"));
    schema = TableSchemas.recordSchema(conf, byField, nullText);
    assertEquals(List.of("_c0", "_c1", "_c2"), names(schema), "a NullWritable key is no column");
    assertNullable(schema, Schema.Type.STRING, Schema.Type.STRING, Schema.Type.STRING);
    assertEquals(List.of(Arrays.asList("a", "b", "c"), Arrays.asList("d", "e", null),
        Arrays.asList(null, "f", "g")), values(byField, schema, nullText));
    TableSpec byFirst = TableSpec.builder(TableFormat.SEQFILE).delimiter(',')
        .key(List.of("0"), Collections.emptyList()).build();
    schema = TableSchemas.recordSchema(conf, byFirst, longText.getParent());
    assertEquals(List.of("key", "_c0"), names(schema));
    assertEquals(List.of(Arrays.asList(-5L, "a\tb"), Arrays.asList(7L, null)),
        values(byFirst, schema, longText));
  }

  @Test
  public void noRecordsNoSchema() throws Exception {
    File dir = newFolder(tmp, "empty");
    Files.write(new File(dir, "part-0").toPath(), new byte[0]);
    TableSpec spec = TableSpec.builder(TableFormat.TEXT)
        .key(List.of("0"), Collections.emptyList()).build();
    assertNull(TableSchemas.recordSchema(conf, spec, new Path(dir.getPath())));
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
