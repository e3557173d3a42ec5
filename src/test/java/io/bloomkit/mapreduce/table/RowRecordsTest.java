package io.bloomkit.mapreduce.table;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@link Row#record} and {@link TableSchemas#recordSchema}: the records of Avro, Parquet and ORC
 * files written by {@link TableWriter} come back whole (rendered by {@link RecordText}, equal to
 * the written ones'); text lines become string columns {@code _c0...} as many as the first line
 * has fields, missing ones null and extra ones ignored (Hive's LazySimpleSerDe).
 */
public class RowRecordsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

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
      Path file = new Path(tmp.newFolder(f.name()).getPath(), "part-0");
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
      assertEquals(f.toString(), List.of("id", "name", "score"), names);
      assertEquals(f.toString(), expected, readRecords(spec, schema, file));
    }
  }

  @Test
  public void textRowsAreStringColumnsCountedOnTheFirstLine() throws Exception {
    File dir = tmp.newFolder("text");
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

  @Test
  public void noRecordsNoSchema() throws Exception {
    File dir = tmp.newFolder("empty");
    Files.write(new File(dir, "part-0").toPath(), new byte[0]);
    TableSpec spec = TableSpec.builder(TableFormat.TEXT)
        .key(List.of("0"), Collections.emptyList()).build();
    assertNull(TableSchemas.recordSchema(conf, spec, new Path(dir.getPath())));
  }
}
