package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every codec of Parquet, ORC and Avro, in files other writers made (DuckDB's Parquet writer;
 * ORC's and Avro's own Java writers for the codecs DuckDB does not write), read through the reader
 * layer: the rows equal what DuckDB reads from the same file (or the writer's own input), and a
 * codec bloomkit cannot decode is refused by {@link TableCodecs#check} naming the file and the
 * codec.
 */
public class CodecsReadTest {
  @TempDir public static File tmp;

  private static final int ROWS = 2000;
  private static final String DATA = "SELECT i::BIGINT AS id, 'name' || (i % 97) AS name,"
      + " (i * 7) % 1000 AS amount FROM range(" + ROWS + ") t(i)";

  private static DuckDb db;
  /** The rows as DuckDB makes them: id, name, amount (as text). */
  private static List<List<String>> expected;

  private final Configuration conf = RowsRead.localConf();

  @BeforeAll
  public static void data() {
    db = DuckDb.open();
    expected = texts(db.rows(DATA + " ORDER BY id"));
  }

  @AfterAll
  public static void close() {
    db.close();
  }

  private static List<List<String>> texts(List<List<Object>> rows) {
    List<List<String>> out = new ArrayList<>();
    for (List<Object> r : rows) {
      List<String> t = new ArrayList<>();
      for (Object v : r) {
        t.add(String.valueOf(v));
      }
      out.add(t);
    }
    return out;
  }

  private static TableSpec spec(TableFormat format) {
    return TableSpec.builder(format)
        .key(List.of("id"), Collections.emptyList())
        .otherFields(List.of("name", "amount"))
        .build();
  }

  /** The rows bloomkit reads from {@code file}: id, name, amount as text, in id order. */
  private List<List<String>> read(TableFormat format, Path file) throws IOException {
    TableCodecs.check(conf, format, file);
    List<List<String>> out = new ArrayList<>();
    Tables.read(conf, spec(format), (f, position, row) -> {
      assertNull(row.problem());
      List<String> t = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Object v = row.value(i);
        t.add(v instanceof byte[] ? new String((byte[]) v, StandardCharsets.UTF_8)
            : String.valueOf(v));
      }
      out.add(t);
    }, file);
    out.sort((a, b) -> Long.compare(Long.parseLong(a.get(0)), Long.parseLong(b.get(0))));
    return out;
  }

  private static Path parquet(String compression) throws IOException {
    File f = new File(tmp, "duckdb-" + compression + ".parquet");
    db.exec("COPY (" + DATA + ") TO " + DuckDb.literal(f.toPath())
        + " (FORMAT parquet, COMPRESSION " + compression + ")");
    return new Path(f.toURI());
  }

  /** DuckDB's name of the codec of {@code file}'s column chunks (its footer, as DuckDB reads it). */
  private static String footerCodec(Path file) {
    return String.valueOf(db.value("SELECT string_agg(DISTINCT compression, ',') FROM"
        + " parquet_metadata(" + DuckDb.literal(new File(file.toUri()).toPath()) + ")"));
  }

  private void readsParquet(String compression, String footer) throws IOException {
    Path file = parquet(compression);
    assertEquals(footer, footerCodec(file));
    List<List<String>> duck = texts(db.rows("SELECT id, name, amount FROM read_parquet("
        + DuckDb.literal(new File(file.toUri()).toPath()) + ") ORDER BY id"));
    assertEquals(expected, duck);
    assertEquals(expected, read(TableFormat.PARQUET, file), compression);
  }

  @Test
  public void parquetUncompressed() throws IOException {
    readsParquet("uncompressed", "UNCOMPRESSED");
  }

  @Test
  public void parquetSnappy() throws IOException {
    readsParquet("snappy", "SNAPPY");
  }

  @Test
  public void parquetGzip() throws IOException {
    readsParquet("gzip", "GZIP");
  }

  @Test
  public void parquetZstd() throws IOException {
    readsParquet("zstd", "ZSTD");
  }

  @Test
  public void parquetLz4Raw() throws IOException {
    readsParquet("lz4_raw", "LZ4_RAW");
  }

  @Test
  public void parquetLz4() throws IOException {
    readsParquet("lz4", "LZ4_RAW");
  }

  /** Parquet's LZ4 with Hadoop's framing (parquet-mr's own LZ4, through Hadoop's Lz4Codec). */
  @Test
  public void parquetLz4HadoopFraming() throws IOException {
    File f = new File(tmp, "parquet-mr-lz4.parquet");
    Path file = new Path(f.toURI());
    Schema schema = SchemaBuilder.record("r").fields().requiredLong("id")
        .requiredString("name").requiredLong("amount").endRecord();
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(file, conf))
            .withSchema(schema).withConf(conf)
            .withCompressionCodec(CompressionCodecName.LZ4).build()) {
      for (List<String> row : expected) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("id", Long.parseLong(row.get(0)));
        r.put("name", row.get(1));
        r.put("amount", Long.parseLong(row.get(2)));
        w.write(r);
      }
    }
    assertEquals("LZ4", footerCodec(file));
    assertEquals(expected, read(TableFormat.PARQUET, file));
  }

  /**
   * A classpath without zstd-jni (as a cluster's, were its own Parquet first and the job jar's
   * zstd-jni absent): the check names the file, the column, the codec and the missing class,
   * instead of a task's {@code NoClassDefFoundError}.
   */
  @Test
  public void aMissingDecoderIsNamedWithTheFile() throws IOException {
    Path file = parquet("zstd");
    Configuration hidden = new Configuration(conf);
    hidden.setClassLoader(new ClassLoader(getClass().getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith("com.github.luben.")) {
          throw new ClassNotFoundException(name);
        }
        return super.loadClass(name, resolve);
      }
    });
    IOException e = assertThrows(IOException.class,
        () -> TableCodecs.check(hidden, TableFormat.PARQUET, file));
    assertEquals("cannot read " + file + ": its Parquet column id is compressed with zstd, whose"
        + " decoder cannot be loaded (com.github.luben.zstd.Zstd is not on the classpath)",
        e.getMessage());
  }

  private Path orc(CompressionKind kind) throws IOException {
    Path path = new Path(new File(tmp, "java-" + kind + ".orc").toURI());
    TypeDescription schema = TypeDescription.fromString("struct<id:bigint,name:string,amount:int>");
    OrcFile.WriterOptions options = OrcFile.writerOptions(new Configuration()).setSchema(schema)
        .compress(kind).bufferSize(4096);
    ColumnarSamples.writeOrc(path, options, ROWS, (b, r, n) -> {
      List<String> row = expected.get(n);
      ((LongColumnVector) b.cols[0]).vector[r] = Long.parseLong(row.get(0));
      ((BytesColumnVector) b.cols[1]).setVal(r, row.get(1).getBytes(StandardCharsets.UTF_8));
      ((LongColumnVector) b.cols[2]).vector[r] = Long.parseLong(row.get(2));
    });
    return path;
  }

  private void readsOrc(CompressionKind kind) throws IOException {
    Path file = orc(kind);
    try (org.apache.orc.Reader r = OrcFile.createReader(file, OrcFile.readerOptions(conf))) {
      assertEquals(kind, r.getCompressionKind());
    }
    assertEquals(expected, read(TableFormat.ORC, file), kind.toString());
  }

  @Test
  public void orcNone() throws IOException {
    readsOrc(CompressionKind.NONE);
  }

  @Test
  public void orcZlib() throws IOException {
    readsOrc(CompressionKind.ZLIB);
  }

  @Test
  public void orcSnappy() throws IOException {
    readsOrc(CompressionKind.SNAPPY);
  }

  @Test
  public void orcLz4() throws IOException {
    readsOrc(CompressionKind.LZ4);
  }

  @Test
  public void orcLzo() throws IOException {
    readsOrc(CompressionKind.LZO);
  }

  @Test
  public void orcZstd() throws IOException {
    readsOrc(CompressionKind.ZSTD);
  }

  private static final Schema AVRO = SchemaBuilder.record("r").fields()
      .requiredLong("id").requiredString("name").requiredInt("amount").endRecord();

  private Path avro(String name, CodecFactory codec) throws IOException {
    File f = new File(tmp, "java-" + name + ".avro");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(AVRO))) {
      w.setCodec(codec);
      w.setSyncInterval(2048);
      w.create(AVRO, f);
      for (List<String> row : expected) {
        GenericRecord r = new GenericData.Record(AVRO);
        r.put("id", Long.parseLong(row.get(0)));
        r.put("name", row.get(1));
        r.put("amount", Integer.parseInt(row.get(2)));
        w.append(r);
      }
    }
    return new Path(f.toURI());
  }

  private void readsAvro(String name, CodecFactory codec) throws IOException {
    assertEquals(expected, read(TableFormat.AVRO, avro(name, codec)), name);
  }

  @Test
  public void avroNull() throws IOException {
    readsAvro("null", CodecFactory.nullCodec());
  }

  @Test
  public void avroDeflate() throws IOException {
    readsAvro("deflate", CodecFactory.deflateCodec(6));
  }

  @Test
  public void avroSnappy() throws IOException {
    readsAvro("snappy", CodecFactory.snappyCodec());
  }

  @Test
  public void avroBzip2() throws IOException {
    readsAvro("bzip2", CodecFactory.bzip2Codec());
  }

  @Test
  public void avroXz() throws IOException {
    readsAvro("xz", CodecFactory.xzCodec(6));
  }

  @Test
  public void avroZstandard() throws IOException {
    readsAvro("zstandard", CodecFactory.zstandardCodec(3));
  }
}
