package io.bloomkit.mapreduce.xengine;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopOutputFile;

/**
 * The fixtures of {@code scripts/codec-matrix.sh} (docs/tools.md, "Codecs"): one file of the same
 * table per format and codec, each in a directory of its own, written by a writer other than
 * bloomkit: DuckDB for Parquet uncompressed, snappy, gzip, zstd, lz4_raw and brotli;
 * parquet-hadoop's writer for Parquet's older lz4 (Hadoop's framing, which DuckDB does not write);
 * ORC's Java writer for ORC none, zlib, snappy, lz4, lzo and zstd; Avro's {@code DataFileWriter}
 * for Avro null, deflate, snappy, bzip2, xz and zstandard. Not a test: a {@code main} the script
 * runs on the test classpath.
 *
 * <p>The table: {@value #ROWS} rows of {@code id BIGINT} (0, 1, ...), {@code k VARCHAR} = {@code
 * 'key' || (id * 7919 % 503)} (503 distinct keys) and {@code v BIGINT} = {@code id * 31 % 10007}; the
 * script checks every output row by these formulas. Each file is read back by a reader of its own
 * kind (DuckDB for its files, parquet-hadoop's, ORC's and Avro's readers for theirs), which must
 * find every row and key. Writes, in the output directory: the fixture directories, {@code
 * manifest.tsv} (dir, format, writer, the codec stored in the file as read back from it, rows,
 * distinct keys) and {@code expected-keys.txt} (the distinct keys, sorted, one a line).
 *
 * <p>Usage: {@code CodecFixtures OUTPUT_DIR} (the directory must not hold the fixtures already).
 */
public final class CodecFixtures {
  /** Rows of every fixture. */
  static final int ROWS = 5000;

  /** The table as DuckDB makes it (its rows, in id order, feed the other writers). */
  static final String DATA = "SELECT i::BIGINT AS id, 'key' || ((i * 7919) % 503)::VARCHAR AS k,"
      + " ((i * 31) % 10007)::BIGINT AS v FROM range(" + ROWS + ") t(i)";

  private static final String[] DUCKDB_CODECS = {
    "uncompressed", "snappy", "gzip", "zstd", "lz4_raw", "brotli"
  };

  private static final CompressionKind[] ORC_CODECS = {
    CompressionKind.NONE, CompressionKind.ZLIB, CompressionKind.SNAPPY, CompressionKind.LZ4,
    CompressionKind.LZO, CompressionKind.ZSTD
  };

  private static final Schema AVRO = SchemaBuilder.record("r").fields().requiredLong("id")
      .requiredString("k").requiredLong("v").endRecord();

  private final File out;
  private final DuckDb db;
  private final Configuration conf = new Configuration();
  /** id, k, v of every row, in id order. */
  private final List<Object[]> rows = new ArrayList<>();
  private final Set<String> keys = new TreeSet<>();
  private final List<String> manifest = new ArrayList<>();

  private CodecFixtures(File out, DuckDb db) {
    this.out = out;
    this.db = db;
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println("usage: CodecFixtures OUTPUT_DIR");
      System.exit(2);
    }
    File out = new File(args[0]);
    Files.createDirectories(out.toPath());
    try (DuckDb db = DuckDb.open()) {
      new CodecFixtures(out, db).write();
    }
  }

  private void write() throws IOException {
    for (List<Object> r : db.rows(DATA + " ORDER BY id")) {
      rows.add(new Object[] {r.get(0), r.get(1), r.get(2)});
      keys.add((String) r.get(1));
    }
    manifest.add("dir\tformat\twriter\tstored_codec\trows\tdistinct_keys");
    for (String codec : DUCKDB_CODECS) {
      duckDbParquet(codec);
    }
    hadoopParquetLz4();
    for (CompressionKind kind : ORC_CODECS) {
      orc(kind);
    }
    Object[][] avroCodecs = {
      {"null", CodecFactory.nullCodec()}, {"deflate", CodecFactory.deflateCodec(6)},
      {"snappy", CodecFactory.snappyCodec()}, {"bzip2", CodecFactory.bzip2Codec()},
      {"xz", CodecFactory.xzCodec(6)}, {"zstandard", CodecFactory.zstandardCodec(3)}
    };
    for (Object[] c : avroCodecs) {
      avro((String) c[0], (CodecFactory) c[1]);
    }
    Files.write(new File(out, "expected-keys.txt").toPath(), keys, StandardCharsets.UTF_8);
    try (PrintWriter w = new PrintWriter(new File(out, "manifest.tsv"), "UTF-8")) {
      for (String line : manifest) {
        w.println(line);
      }
    }
  }

  private void duckDbParquet(String codec) throws IOException {
    File f = new File(dir("parquet-duckdb-" + codec), "f.parquet");
    String file = DuckDb.literal(f.toPath());
    db.exec("COPY (" + DATA + ") TO " + file + " (FORMAT parquet, COMPRESSION " + codec + ")");
    String stored = String.valueOf(db.value(
        "SELECT string_agg(DISTINCT compression, ',') FROM parquet_metadata(" + file + ")"));
    long n = ((Number) db.value("SELECT count(*) FROM read_parquet(" + file + ")")).longValue();
    long d = ((Number) db.value("SELECT count(DISTINCT k) FROM read_parquet(" + file + ")"))
        .longValue();
    record(f, "parquet", "DuckDB " + db.value("SELECT version()"), stored, n, d);
  }

  /** Parquet's older LZ4 (Hadoop's framing) as parquet-mr writes it; read back by parquet-mr. */
  private void hadoopParquetLz4() throws IOException {
    File f = new File(dir("parquet-hadoop-lz4"), "f.parquet");
    Path path = new Path(f.toURI());
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(path, conf))
            .withSchema(AVRO).withConf(conf).withCompressionCodec(CompressionCodecName.LZ4)
            .build()) {
      for (Object[] row : rows) {
        w.write(avroRecord(row));
      }
    }
    Set<String> codecs = new TreeSet<>();
    try (ParquetFileReader r = ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
      for (BlockMetaData b : r.getFooter().getBlocks()) {
        for (ColumnChunkMetaData c : b.getColumns()) {
          codecs.add(c.getCodec().toString());
        }
      }
    }
    long n = 0;
    Set<String> ks = new HashSet<>();
    try (ParquetReader<GenericRecord> r =
        AvroParquetReader.<GenericRecord>builder(HadoopInputFile.fromPath(path, conf))
            .withConf(conf).build()) {
      for (GenericRecord g = r.read(); g != null; g = r.read()) {
        n++;
        ks.add(g.get("k").toString());
      }
    }
    record(f, "parquet", "parquet-hadoop " + version(ParquetWriter.class),
        String.join(",", codecs), n, ks.size());
  }

  private void orc(CompressionKind kind) throws IOException {
    File f = new File(dir("orc-" + kind.toString().toLowerCase(Locale.ROOT)), "f.orc");
    Path path = new Path(f.toURI());
    TypeDescription schema = TypeDescription.fromString("struct<id:bigint,k:string,v:bigint>");
    try (Writer w = OrcFile.createWriter(path,
        OrcFile.writerOptions(conf).setSchema(schema).compress(kind).bufferSize(4096))) {
      VectorizedRowBatch b = schema.createRowBatch();
      for (Object[] row : rows) {
        int r = b.size++;
        ((LongColumnVector) b.cols[0]).vector[r] = (Long) row[0];
        ((BytesColumnVector) b.cols[1]).setVal(r,
            ((String) row[1]).getBytes(StandardCharsets.UTF_8));
        ((LongColumnVector) b.cols[2]).vector[r] = (Long) row[2];
        if (b.size == b.getMaxSize()) {
          w.addRowBatch(b);
          b.reset();
        }
      }
      if (b.size > 0) {
        w.addRowBatch(b);
      }
    }
    long n = 0;
    Set<String> ks = new HashSet<>();
    String stored;
    try (Reader r = OrcFile.createReader(path, OrcFile.readerOptions(conf))) {
      stored = r.getCompressionKind().toString();
      VectorizedRowBatch b = r.getSchema().createRowBatch();
      try (RecordReader rr = r.rows()) {
        while (rr.nextBatch(b)) {
          BytesColumnVector k = (BytesColumnVector) b.cols[1];
          for (int i = 0; i < b.size; i++) {
            n++;
            ks.add(k.toString(i));
          }
        }
      }
    }
    record(f, "orc", "ORC " + version(OrcFile.class), stored, n, ks.size());
  }

  private void avro(String name, CodecFactory codec) throws IOException {
    File f = new File(dir("avro-" + name), "f.avro");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(AVRO))) {
      w.setCodec(codec);
      w.create(AVRO, f);
      for (Object[] row : rows) {
        w.append(avroRecord(row));
      }
    }
    long n = 0;
    Set<String> ks = new HashSet<>();
    String stored;
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(f, new GenericDatumReader<>())) {
      stored = r.getMetaString("avro.codec");
      for (GenericRecord g : r) {
        n++;
        ks.add(g.get("k").toString());
      }
    }
    record(f, "avro", "Avro DataFileWriter " + version(Schema.class), stored, n, ks.size());
  }

  private static GenericRecord avroRecord(Object[] row) {
    GenericRecord r = new GenericData.Record(AVRO);
    r.put("id", row[0]);
    r.put("k", row[1]);
    r.put("v", row[2]);
    return r;
  }

  private File dir(String name) throws IOException {
    File d = new File(out, name);
    if (d.exists()) {
      throw new IllegalStateException(d + " exists: write the fixtures into an empty directory");
    }
    Files.createDirectories(d.toPath());
    return d;
  }

  /** The library's version, from its jar's manifest. */
  private static String version(Class<?> c) {
    String v = c.getPackage().getImplementationVersion();
    return v == null ? "(version unknown)" : v;
  }

  /**
   * One manifest line, after checking the file read back whole; drops the checksum file Hadoop's
   * local file system writes beside it, so each directory holds the one file.
   */
  private void record(File f, String format, String writer, String stored, long n, long d)
      throws IOException {
    String dir = f.getParentFile().getName();
    if (n != ROWS || d != keys.size()) {
      throw new IllegalStateException(dir + ": read back " + n + " rows and " + d
          + " distinct keys, written " + ROWS + " and " + keys.size());
    }
    Files.deleteIfExists(new File(f.getParentFile(), "." + f.getName() + ".crc").toPath());
    String line = String.join("\t", dir, format, writer, stored, Long.toString(n),
        Long.toString(d));
    System.out.println(line);
    manifest.add(line);
  }
}
