package io.bloomkit.mapreduce.table;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * Writes typed records ({@link GenericRecord}s of one {@link Schema}) to one file of a {@link
 * TableFormat}, through a Hadoop {@link FileSystem}:
 *
 * <ul>
 *   <li>text: {@link RecordText#line} and a newline per record (fields joined by the delimiter);
 *   <li>csv: RFC 4180 (commons-csv), fields as {@link RecordText#fields}, {@code \n} line ends, no
 *       header row;
 *   <li>seqfile: a SequenceFile of {@link NullWritable} keys and {@link Text} values holding the
 *       text line;
 *   <li>avro: an Avro object container file of the schema;
 *   <li>parquet: parquet-avro's {@link AvroParquetWriter};
 *   <li>orc: ORC's writer of the schema {@link OrcAvro#toOrc} gives.
 * </ul>
 *
 * Codecs ({@link #codec}): {@code none}, {@code snappy} (the default of the columnar formats, as in
 * Spark), {@code gzip} (Parquet gzip, ORC zlib, Avro deflate) and {@code zstd} (Parquet zstd, ORC
 * zstd, Avro zstandard; Parquet's and Avro's through zstd-jni, which the job jar carries). Text, CSV
 * and SequenceFile take {@code none} only (compress them through Hadoop's codecs).
 */
public abstract class TableWriter implements Closeable {
  /** The codec of the columnar formats when none is given. */
  public static final String DEFAULT_CODEC = "snappy";

  private long records;

  TableWriter() {}

  /**
   * Creates {@code path} (it must not exist) and opens a writer of {@code format}.
   *
   * @param codec a name {@link #codec} accepts, or null for the format's default
   * @param delimiter the field delimiter of text and SequenceFile lines (CSV uses the comma)
   * @throws IllegalArgumentException for a codec the format does not take, or a schema ORC cannot
   *     hold
   */
  public static TableWriter open(Configuration conf, FileSystem fs, Path path, TableFormat format,
      Schema schema, String codec, String delimiter) throws IOException {
    String c = codec(format, codec);
    switch (format) {
      case TEXT:
        return new TextWriter(fs, path, delimiter);
      case CSV:
        return new CsvWriter(fs, path);
      case SEQFILE:
        return new SeqWriter(conf, fs, path, delimiter);
      case AVRO:
        return new AvroWriter(fs, path, schema, c);
      case PARQUET:
        return new ParquetTableWriter(conf, fs, path, schema, c);
      case ORC:
        return new OrcWriter(conf, fs, path, schema, c);
      default:
        throw new IllegalArgumentException("cannot write " + format);
    }
  }

  /**
   * The codec name {@code codec} stands for in {@code format}: null gives {@code snappy} for Avro,
   * Parquet and ORC, {@code none} for the others.
   *
   * @throws IllegalArgumentException naming {@code --codec}, the format and what it accepts
   */
  public static String codec(TableFormat format, String codec) {
    String c = codec == null ? null : codec.trim().toLowerCase(Locale.ROOT);
    String accepted;
    switch (format) {
      case AVRO:
      case PARQUET:
      case ORC:
        accepted = "none|snappy|gzip|zstd";
        break;
      default:
        accepted = "none";
    }
    if (c == null) {
      return format.selfDescribing() ? DEFAULT_CODEC : "none";
    }
    for (String a : accepted.split("\\|")) {
      if (a.equals(c)) {
        return c;
      }
    }
    throw new IllegalArgumentException("--codec for " + format.cliName() + " must be " + accepted
        + ", got \"" + codec + "\"" + (format.selfDescribing() ? ""
            : " (compress text through Hadoop's codecs: -D mapreduce.output.fileoutputformat.compress=true)"));
  }

  /** Avro's name of a codec {@link #codec} accepted: null, snappy, deflate, zstandard. */
  static String avroCodec(String codec) {
    return codec.equals("snappy") ? "snappy" : codec.equals("gzip") ? "deflate"
        : codec.equals("zstd") ? "zstandard" : "null";
  }

  /** Parquet's codec of a name {@link #codec} accepted. */
  static CompressionCodecName parquetCodec(String codec) {
    return codec.equals("snappy") ? CompressionCodecName.SNAPPY
        : codec.equals("gzip") ? CompressionCodecName.GZIP
        : codec.equals("zstd") ? CompressionCodecName.ZSTD
        : CompressionCodecName.UNCOMPRESSED;
  }

  /** ORC's codec of a name {@link #codec} accepted. */
  static CompressionKind orcCodec(String codec) {
    return codec.equals("snappy") ? CompressionKind.SNAPPY
        : codec.equals("gzip") ? CompressionKind.ZLIB
        : codec.equals("zstd") ? CompressionKind.ZSTD
        : CompressionKind.NONE;
  }

  /** The file name extension of a format's part files: {@code .csv}, {@code .avro}, ...; none for text and SequenceFile. */
  public static String extension(TableFormat format) {
    switch (format) {
      case CSV:
      case AVRO:
      case PARQUET:
      case ORC:
        return "." + format.cliName();
      default:
        return "";
    }
  }

  /** Writes one record of the writer's schema. */
  public final void write(GenericRecord record) throws IOException {
    append(record);
    records++;
  }

  /** Records written. */
  public final long records() {
    return records;
  }

  abstract void append(GenericRecord record) throws IOException;

  // ------------------------------------------------------------------------------ the formats

  private static Writer utf8(FileSystem fs, Path path) throws IOException {
    return new BufferedWriter(
        new OutputStreamWriter(fs.create(path, false), StandardCharsets.UTF_8), 1 << 16);
  }

  private static final class TextWriter extends TableWriter {
    private final Writer out;
    private final String delimiter;

    TextWriter(FileSystem fs, Path path, String delimiter) throws IOException {
      this.out = utf8(fs, path);
      this.delimiter = delimiter;
    }

    @Override
    void append(GenericRecord record) throws IOException {
      out.write(RecordText.line(record, delimiter));
      out.write('\n');
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  private static final class CsvWriter extends TableWriter {
    private final CSVPrinter out;

    CsvWriter(FileSystem fs, Path path) throws IOException {
      this.out = new CSVPrinter(utf8(fs, path),
          CSVFormat.RFC4180.builder().setRecordSeparator('\n').build());
    }

    @Override
    void append(GenericRecord record) throws IOException {
      out.printRecord(RecordText.fields(record));
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  private static final class SeqWriter extends TableWriter {
    private final FSDataOutputStream stream;
    private final SequenceFile.Writer out;
    private final String delimiter;
    private final Text line = new Text();

    SeqWriter(Configuration conf, FileSystem fs, Path path, String delimiter) throws IOException {
      this.stream = fs.create(path, false);
      this.out = SequenceFile.createWriter(conf,
          SequenceFile.Writer.stream(stream),
          SequenceFile.Writer.keyClass(NullWritable.class),
          SequenceFile.Writer.valueClass(Text.class));
      this.delimiter = delimiter;
    }

    @Override
    void append(GenericRecord record) throws IOException {
      line.set(RecordText.line(record, delimiter));
      out.append(NullWritable.get(), line);
    }

    @Override
    public void close() throws IOException {
      try (FSDataOutputStream s = stream) {
        out.close(); // a writer made on a stream leaves the stream open
      }
    }
  }

  private static final class AvroWriter extends TableWriter {
    private final DataFileWriter<GenericRecord> out;

    AvroWriter(FileSystem fs, Path path, Schema schema, String codec) throws IOException {
      this.out = new DataFileWriter<GenericRecord>(
          new GenericDatumWriter<GenericRecord>(schema, OrcAvro.MODEL))
          .setCodec(CodecFactory.fromString(avroCodec(codec)));
      out.create(schema, fs.create(path, false));
    }

    @Override
    void append(GenericRecord record) throws IOException {
      out.append(record);
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  private static final class ParquetTableWriter extends TableWriter {
    private final ParquetWriter<GenericRecord> out;

    ParquetTableWriter(Configuration conf, FileSystem fs, Path path, Schema schema, String codec)
        throws IOException {
      this.out = AvroParquetWriter.<GenericRecord>builder(new FsOutputFile(fs, path))
          .withSchema(schema)
          .withDataModel(OrcAvro.MODEL)
          .withConf(parquetConf(conf))
          .withCompressionCodec(parquetCodec(codec))
          .build();
    }

    @Override
    void append(GenericRecord record) throws IOException {
      out.write(record);
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /**
   * {@code conf} with Parquet's standard three-level lists, which hold null elements (and are what
   * Hive and Spark write), in place of parquet-avro's old two-level default.
   */
  static Configuration parquetConf(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setBoolean(AvroWriteSupport.WRITE_OLD_LIST_STRUCTURE, false);
    return c;
  }

  /** A Parquet output file created through a given file system (the raw local one, say). */
  private static final class FsOutputFile implements OutputFile {
    private final FileSystem fs;
    private final Path path;

    FsOutputFile(FileSystem fs, Path path) {
      this.fs = fs;
      this.path = path;
    }

    @Override
    public PositionOutputStream create(long blockSizeHint) throws IOException {
      return HadoopStreams.wrap(fs.create(path, false));
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSizeHint) throws IOException {
      return HadoopStreams.wrap(fs.create(path, true));
    }

    @Override
    public boolean supportsBlockSize() {
      return false;
    }

    @Override
    public long defaultBlockSize() {
      return fs.getDefaultBlockSize(path);
    }

    @Override
    public String getPath() {
      return path.toString();
    }
  }

  private static final class OrcWriter extends TableWriter {
    private final org.apache.orc.Writer out;
    private final TypeDescription type;
    private final VectorizedRowBatch batch;

    OrcWriter(Configuration conf, FileSystem fs, Path path, Schema schema, String codec)
        throws IOException {
      this.type = OrcAvro.toOrc(schema);
      this.out = OrcFile.createWriter(path,
          OrcFile.writerOptions(conf).fileSystem(fs).setSchema(type).compress(orcCodec(codec))
              .useUTCTimestamp(true) // as the reader: an instant is the same in any JVM zone
              .overwrite(false));
      this.batch = type.createRowBatch();
    }

    @Override
    void append(GenericRecord record) throws IOException {
      if (batch.size == batch.getMaxSize()) {
        flush();
      }
      OrcAvro.addRow(type, batch, record);
    }

    private void flush() throws IOException {
      if (batch.size > 0) {
        out.addRowBatch(batch);
        batch.reset();
      }
    }

    @Override
    public void close() throws IOException {
      flush();
      out.close();
    }
  }
}
