package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.key.KeyType;
import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Avro, Parquet and ORC readers against files their own libraries' writers made: every value
 * per slot, the line rendering, positions, projection, and {@link TableSchemas#resolve}.
 */
public class ColumnarReadersTest {
  @TempDir public File tmp;

  private final Configuration conf = new Configuration();

  private static final List<String> FIELDS =
      Arrays.asList("id", "big", "name", "price", "day", "ts", "ok", "score", "addr.city",
          "addr.zip");

  private Path write(TableFormat format, List<ColumnarSamples.Sample> rows) throws IOException {
    File f = newFile(tmp, format.cliName() + "-" + rows.size() + "." + format.cliName());
    f.delete();
    switch (format) {
      case AVRO:
        return ColumnarSamples.writeAvro(f, rows, 64000);
      case PARQUET:
        return ColumnarSamples.writeParquet(f, rows, 8 << 20);
      case ORC:
        return ColumnarSamples.writeOrc(f, rows, 64L << 20);
      default:
        throw new AssertionError(format);
    }
  }

  private static TableSpec spec(TableFormat format, List<String> key, List<String> others,
      boolean projection) {
    return TableSpec.builder(format)
        .key(key, Collections.emptyList())
        .otherFields(others)
        .projection(projection)
        .build();
  }

  private void readsEveryValue(TableFormat format, boolean projection) throws IOException {
    Path file = write(format, ColumnarSamples.ROWS);
    TableSpec spec = spec(format, FIELDS.subList(0, 1), FIELDS.subList(1, FIELDS.size()),
        projection);
    Map<Long, Object[]> read = ColumnarSamples.read(conf, spec, file);
    assertEquals(ColumnarSamples.ROWS.size(), read.size());
    for (int i = 0; i < ColumnarSamples.ROWS.size(); i++) {
      ColumnarSamples.Sample s = ColumnarSamples.ROWS.get(i);
      Object[] got = read.get((long) i);
      for (int slot = 0; slot < FIELDS.size(); slot++) {
        assertEquals(s.get(FIELDS.get(slot)), got[slot],
            format + " row " + i + " " + FIELDS.get(slot));
      }
      // every column is among the fields (addr through its two fields; tags is not), so the
      // projected line lacks only tags
      String line = ColumnarSamples.line(s);
      String expected = projection ? line.substring(0, line.lastIndexOf('\t')) : line;
      assertEquals(expected, got[FIELDS.size()], format + " row " + i + " line");
    }
  }

  @Test
  public void avroGivesTheWrittenValues() throws IOException {
    readsEveryValue(TableFormat.AVRO, false);
  }

  @Test
  public void parquetGivesTheWrittenValues() throws IOException {
    readsEveryValue(TableFormat.PARQUET, false);
  }

  @Test
  public void orcGivesTheWrittenValues() throws IOException {
    readsEveryValue(TableFormat.ORC, false);
  }

  @Test
  public void projectedReadsGiveTheSameValuesAndRenderTheColumnsRead() throws IOException {
    for (TableFormat f : columnar()) {
      readsEveryValue(f, true);
    }
  }

  private static List<TableFormat> columnar() {
    return Arrays.asList(TableFormat.AVRO, TableFormat.PARQUET, TableFormat.ORC);
  }

  @Test
  public void aProjectedLineHoldsOnlyTheFieldsColumnsInSchemaOrder() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      TableSpec spec = spec(f, Arrays.asList("ok", "ID"), Collections.singletonList("addr.zip"),
          true);
      Map<Long, Object[]> read = ColumnarSamples.read(conf, spec, file);
      assertEquals("1\ttrue\t{\"zip\":404}", read.get(0L)[3], f.toString());
      assertEquals("2\tfalse\t\\N", read.get(1L)[3], f.toString());
      assertEquals(1L, read.get(0L)[1], f.toString()); // "ID": case-insensitive, as Hive
    }
  }

  @Test
  public void aNumberIsTheTopLevelColumnNumber() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      TableSpec spec = spec(f, Collections.singletonList("2"), Collections.singletonList("9"),
          false);
      Map<Long, Object[]> read = ColumnarSamples.read(conf, spec, file);
      assertEquals("a", read.get(0L)[0]);
      assertEquals("[\"x\",\"y\"]", read.get(0L)[1]); // a list slot: its JSON text
      assertNull(read.get(1L)[0]);
      TableSpec beyond = spec(f, Collections.singletonList("10"), Collections.emptyList(), false);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class,
              () -> TableSchemas.resolve(conf, beyond, new Path[] {file}, false));
      assertTrue(e.getMessage().contains("beyond the 10 top-level columns"), e.getMessage());
    }
  }

  @Test
  public void oneRecordTypeUnderTwoColumnsProjectsEachColumnOnItsOwn() throws IOException {
    org.apache.avro.Schema addr = org.apache.avro.SchemaBuilder.record("Addr").fields()
        .requiredString("city").requiredInt("zip").endRecord();
    org.apache.avro.Schema schema = org.apache.avro.SchemaBuilder.record("Two").fields()
        .name("home").type(addr).noDefault()
        .name("work").type(addr).noDefault()
        .endRecord();
    org.apache.avro.generic.GenericRecord r = new org.apache.avro.generic.GenericData.Record(schema);
    org.apache.avro.generic.GenericRecord home = new org.apache.avro.generic.GenericData.Record(addr);
    home.put("city", "Oslo");
    home.put("zip", 1);
    org.apache.avro.generic.GenericRecord work = new org.apache.avro.generic.GenericData.Record(addr);
    work.put("city", "Rome");
    work.put("zip", 2);
    r.put("home", home);
    r.put("work", work);
    File avro = new File(tmp, "two.avro");
    try (org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord> w =
        new org.apache.avro.file.DataFileWriter<>(
            new org.apache.avro.generic.GenericDatumWriter<>(schema))) {
      w.create(schema, avro);
      w.append(r);
    }
    Path parquet = new Path(new File(tmp, "two.parquet").toURI());
    try (org.apache.parquet.hadoop.ParquetWriter<org.apache.avro.generic.GenericRecord> w =
        org.apache.parquet.avro.AvroParquetWriter.<org.apache.avro.generic.GenericRecord>builder(
                org.apache.parquet.hadoop.util.HadoopOutputFile.fromPath(parquet, conf))
            .withSchema(schema).build()) {
      w.write(r);
    }
    for (Path file : Arrays.asList(new Path(avro.toURI()), parquet)) {
      TableSpec spec = spec(Tables.detect(conf, file), Collections.singletonList("home.city"),
          Collections.singletonList("work.zip"), true);
      Object[] row = ColumnarSamples.read(conf, spec, file).get(0L);
      assertEquals(Arrays.asList("Oslo", 2L, "{\"city\":\"Oslo\"}\t{\"zip\":2}"),
          Arrays.asList(row), file.toString());
    }
  }

  @Test
  public void positionsAreRecordNumbersAcrossSplits() throws IOException {
    List<ColumnarSamples.Sample> rows = ColumnarSamples.numbered(20_000);
    Path avro = ColumnarSamples.writeAvro(newFile(tmp, "n.avro"), rows, 2000);
    Path parquet = ColumnarSamples.writeParquet(new File(tmp, "n.parquet"), rows, 64 << 10);
    Path orc = ColumnarSamples.writeOrc(new File(tmp, "n.orc"), rows, 64 << 10);
    for (Path file : Arrays.asList(avro, parquet, orc)) {
      TableFormat f = Tables.detect(conf, file);
      Configuration small = new Configuration(conf);
      small.setLong("mapreduce.input.fileinputformat.split.maxsize", 32 << 10);
      org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(small);
      spec(f, Collections.singletonList("id"), Collections.emptyList(), false)
          .store(job.getConfiguration(), io.bloomkit.mapreduce.config.BloomkitConfig.INPUT_SPEC);
      TableInputFormat.setInputPaths(job, file);
      int splits = new TableInputFormat().getSplits(job).size();
      assertTrue(splits > 3, f + " splits " + splits);
      Map<Long, Object[]> read = ColumnarSamples.read(small,
          spec(f, Collections.singletonList("id"), Collections.emptyList(), true), file);
      assertEquals(rows.size(), read.size(), f.toString());
      for (Map.Entry<Long, Object[]> e : read.entrySet()) {
        assertEquals(e.getKey(), e.getValue()[0], f + " at " + e.getKey());
      }
      // ordered: one split per file
      Map<Long, Object[]> ordered = ColumnarSamples.read(small,
          spec(f, Collections.singletonList("id"), Collections.emptyList(), false).toBuilder()
              .ordered(true).build(), file);
      assertEquals(rows.size(), ordered.size());
    }
  }

  @Test
  public void resolveInfersTheKeyTypesFromTheColumns() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      TableSpec spec = spec(f,
          Arrays.asList("id", "big", "price", "day", "ts", "ok", "name", "addr.city"),
          Collections.singletonList("score"), false);
      TableSpec resolved = TableSchemas.resolve(conf, spec, new Path[] {file}, false);
      assertEquals(Arrays.asList(KeyType.LONG, KeyType.LONG, KeyType.DECIMAL, KeyType.DATE,
              KeyType.TIMESTAMP, KeyType.BOOLEAN, KeyType.STRING, KeyType.STRING),
          resolved.keyTypes(),
          f.toString());
      assertEquals(spec.fields(), resolved.fields());
    }
  }

  @Test
  public void anUnknownColumnFailsNamingTheFieldTheFileAndTheColumns() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      for (String bad : Arrays.asList("nope", "addr.street")) {
        TableSpec spec = spec(f, Collections.singletonList("id"), Collections.singletonList(bad),
            false);
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class,
                () -> TableSchemas.resolve(conf, spec, new Path[] {file}, false));
        assertEquals("field \"" + bad + "\" is not a column of " + file + "; its columns: id, big, name,"
                + " price, day, ts, ok, score, addr.city, addr.zip, tags",
            e.getMessage(),
            f.toString());
      }
      TableSpec intoList = spec(f, Collections.singletonList("tags.x"), Collections.emptyList(),
          false);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class,
              () -> TableSchemas.resolve(conf, intoList, new Path[] {file}, false));
      assertTrue(e.getMessage().contains("only struct fields can be named"), e.getMessage());
      // in a task, a named column the file lacks reads as null (the client checked that some
      // file of the input has it: Spark's mergeSchema), on every row
      Map<Long, Object[]> rows = ColumnarSamples.read(conf, spec(f,
          Collections.singletonList("nope"), Collections.emptyList(), true), file);
      assertEquals(ColumnarSamples.ROWS.size(), rows.size(), f.toString());
      for (Object[] v : rows.values()) {
        assertNull(v[0], f.toString());
      }
    }
  }

  @Test
  public void aFloatingPointOrNestedKeyNeedsAKeyType() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      for (String key : Arrays.asList("score", "addr", "tags")) {
        TableSpec spec = spec(f, Collections.singletonList(key), Collections.emptyList(), false);
        IllegalArgumentException e =
            assertThrows(IllegalArgumentException.class,
                () -> TableSchemas.resolve(conf, spec, new Path[] {file}, false));
        assertTrue(e.getMessage().startsWith("key column \"" + key + "\" of " + file + " is a "),
            e.getMessage());
        assertTrue(e.getMessage().contains("--key-type"), e.getMessage());
        TableSpec typed = spec.toBuilder()
            .key(spec.fields().subList(0, 1), Collections.singletonList(KeyType.STRING)).build();
        assertEquals(typed, TableSchemas.resolve(conf, typed, new Path[] {file}, true));
      }
      // a double read as a string key: its text
      TableSpec typed = TableSpec.builder(f)
          .key(Collections.singletonList("score"), Collections.singletonList(KeyType.STRING))
          .build();
      KeyEncoder keys = new KeyEncoder(typed);
      ColumnarSamples.read(conf, typed, file).values(); // reads
      Tables.read(conf, typed, (p, pos, row) -> {
        if (pos == 0) {
          assertEquals(KeyEncoder.Outcome.KEY, keys.encode(row));
          assertArrayEquals("1.5".getBytes(java.nio.charset.StandardCharsets.UTF_8), keys.key());
        }
      }, file);
    }
  }

  @Test
  public void anOrcIntKeyMeetsTheTextKey404ReadAsLong() throws IOException {
    Path orc = write(TableFormat.ORC, ColumnarSamples.ROWS);
    TableSpec orcSpec = TableSchemas.resolve(conf,
        spec(TableFormat.ORC, Collections.singletonList("id"), Collections.emptyList(), true),
        new Path[] {orc}, false);
    assertEquals(Collections.singletonList(KeyType.LONG), orcSpec.keyTypes());
    TableSpec textSpec = TableSpec.builder(TableFormat.TEXT)
        .key(Collections.singletonList("1"), Collections.singletonList(KeyType.LONG)).build();
    KeyEncoder text = new KeyEncoder(textSpec);
    assertEquals(KeyEncoder.Outcome.KEY, text.encode(Row.ofLine(textSpec, new Text("x\t404"))));
    byte[] textKey = text.key().clone();
    KeyEncoder keys = new KeyEncoder(orcSpec);
    int[] met = new int[1];
    Tables.read(conf, orcSpec, (p, pos, row) -> {
      assertEquals(KeyEncoder.Outcome.KEY, keys.encode(row));
      if (Arrays.equals(textKey, keys.key())) {
        assertEquals(2L, pos);
        met[0]++;
      }
    }, orc);
    assertEquals(1, met[0]);
  }

  @Test
  public void nullKeysAreNullForKeyEncoding() throws IOException {
    for (TableFormat f : columnar()) {
      Path file = write(f, ColumnarSamples.ROWS);
      TableSpec spec = TableSchemas.resolve(conf,
          spec(f, Arrays.asList("id", "addr.zip"), Collections.emptyList(), true),
          new Path[] {file}, false);
      KeyEncoder keys = new KeyEncoder(spec);
      StringBuilder outcomes = new StringBuilder();
      Tables.read(conf, spec, (p, pos, row) -> outcomes.append(keys.encode(row)).append(' '),
          file);
      assertEquals("KEY NULL NULL ", outcomes.toString(), f.toString());
    }
  }

  @Test
  public void eachFormatIsDetectedAndAMixedDirectoryNamesTwoFiles() throws IOException {
    File dir = newFolder(tmp, "mixed");
    Path avro = ColumnarSamples.writeAvro(new File(dir, "a.data"), ColumnarSamples.ROWS, 64000);
    Path parquet =
        ColumnarSamples.writeParquet(new File(dir, "b.data"), ColumnarSamples.ROWS, 1 << 20);
    Path orc = ColumnarSamples.writeOrc(new File(dir, "c.data"), ColumnarSamples.ROWS, 1 << 20);
    assertEquals(TableFormat.AVRO, Tables.detect(conf, avro));
    assertEquals(TableFormat.PARQUET, Tables.detect(conf, parquet));
    assertEquals(TableFormat.ORC, Tables.detect(conf, orc));
    new File(dir, "a.data").delete();
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class,
            () -> Tables.detect(conf, new Path[] {new Path(dir.toURI())}));
    assertTrue(e.getMessage().contains(parquet.toString()), e.getMessage());
    assertTrue(e.getMessage().contains(orc.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("parquet") && e.getMessage().contains("orc"), e.getMessage());
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
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
