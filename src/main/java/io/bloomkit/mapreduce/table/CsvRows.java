package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;

/**
 * CSV records ({@link CsvRow}) of one split, read in one of two ways:
 *
 * <ul>
 *   <li>by lines (the default): Hadoop's {@link LineRecordReader} (codecs, split boundaries), each
 *       line one record, the position its byte offset. A line whose quoted field does not close on
 *       it (a line break inside quotes) fails the task, naming the file and the byte offset and
 *       pointing to {@code --csv-multiline}: a split may start inside such a field, so no reader
 *       can split the file safely.
 *   <li>{@link TableSpec#csvMultiline}: the whole (decompressed) file in one task, cut into records
 *       at the line breaks outside quotes, so a record may span lines; the position is the
 *       record's byte offset in the decompressed file.
 * </ul>
 *
 * With {@link TableSpec#csvHeader} the first record of each file is its header: not a record, and
 * its fields name the columns (a name field is resolved per file; a name the file's header does
 * not have fails the task listing the header's columns).
 */
final class CsvRows extends RecordReader<LongWritable, Row> {
  /** The longest record read with {@code --csv-multiline} (a quote that never closes). */
  static final int MAX_RECORD = 1 << 30;

  private final TableSpec spec;
  private final LongWritable key = new LongWritable();
  private Path file;
  private CsvRow row;
  private boolean empty;
  // by lines
  private LineRecordReader lines;
  private Text pending;
  // whole files
  private FSDataInputStream raw;
  private Decompressor decompressor;
  private Records records;
  private final Text record = new Text();
  private long fileLength;

  CsvRows(TableSpec spec) {
    this.spec = spec;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    FileSplit fileSplit = (FileSplit) split;
    file = fileSplit.getPath();
    Configuration conf = context.getConfiguration();
    List<String> header = null;
    if (spec.csvMultiline()) {
      FileSystem fs = file.getFileSystem(conf);
      fileLength = fs.getFileStatus(file).getLen();
      raw = fs.open(file);
      CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
      InputStream in = raw;
      if (codec != null) {
        decompressor = CodecPool.getDecompressor(codec);
        in = codec.createInputStream(raw, decompressor);
      }
      records = new Records(in, spec.delimiter(), file);
      if (spec.csvHeader()) {
        if (records.next(record)) {
          header = header(record, file);
        } else {
          empty = true;
        }
      }
    } else {
      lines = new LineRecordReader();
      lines.initialize(split, context);
      if (spec.csvHeader()) {
        if (fileSplit.getStart() == 0) {
          if (lines.nextKeyValue()) {
            checkClosed(lines.getCurrentValue(), lines.getCurrentKey().get());
            header = header(lines.getCurrentValue(), file);
          } else {
            empty = true;
          }
        } else {
          header = header(conf, file, spec.delimiter()); // names, and columns of records by name
        }
      }
    }
    if (!empty) {
      row = new CsvRow(spec, slots(spec, header, file));
      if (header != null) {
        row.columns(TableSchemas.csvColumnNames(header));
      }
    }
  }

  private void checkClosed(Text line, long offset) throws IOException {
    if (CsvRow.unclosedQuote(line, spec.delimiter())) {
      throw unclosed(offset);
    }
  }

  private IOException unclosed(long offset) {
    return new IOException(
        file + ": the CSV record at byte " + offset + " has a quoted field that does not close on"
            + " its line (a line break inside quotes, or a quote never closed); CSV input split by"
            + " lines cannot read it: read this input with --csv-multiline (each file whole in"
            + " one task)");
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (empty) {
      return false;
    }
    if (records != null) {
      if (!records.next(record)) {
        return false;
      }
      key.set(records.recordStart());
      row.set(record);
      return true;
    }
    if (!lines.nextKeyValue()) {
      return false;
    }
    key.set(lines.getCurrentKey().get());
    row.set(lines.getCurrentValue());
    if (row.unclosedQuote()) {
      throw unclosed(key.get());
    }
    return true;
  }

  @Override
  public LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public Row getCurrentValue() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    if (lines != null) {
      return lines.getProgress();
    }
    return fileLength == 0 ? 1f : Math.min(1f, raw.getPos() / (float) fileLength);
  }

  @Override
  public void close() throws IOException {
    try {
      if (lines != null) {
        lines.close();
      }
      if (raw != null) {
        if (records != null) {
          records.in.close();
        }
        raw.close();
      }
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
        decompressor = null;
      }
    }
  }

  /** Whether any of the spec's fields is a name (which needs each file's header). */
  static boolean needsHeader(TableSpec spec) {
    return spec.fields().stream().anyMatch(f -> !TableSpec.isIndex(f));
  }

  /**
   * The column names of {@code file}'s header (its first record, read with {@code --csv-multiline}
   * rules), or null if the file is empty.
   */
  static List<String> header(Configuration conf, Path file, char delimiter) throws IOException {
    return firstRecord(conf, file, delimiter, true);
  }

  /**
   * The fields of the first record of {@code file} (read with {@code --csv-multiline} rules):
   * with {@code header} its header's column names, else those of its first record that the
   * reader does not count malformed for its own sake (not blank, valid UTF-8, CSV); null if there
   * is none.
   */
  static List<String> firstRecord(Configuration conf, Path file, char delimiter, boolean header)
      throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
    Decompressor decompressor = codec == null ? null : CodecPool.getDecompressor(codec);
    try (InputStream raw = fs.open(file);
        InputStream in = codec == null ? raw : codec.createInputStream(raw, decompressor)) {
      Records records = new Records(in, delimiter, file);
      Text record = new Text();
      CSVFormat format = CsvRow.format(delimiter);
      while (records.next(record)) {
        if (header) {
          return header(record, file, delimiter);
        }
        if (TextRow.blank(record.getBytes(), record.getLength())) {
          continue;
        }
        try {
          return CsvRow.fields(format,
              Text.decode(record.getBytes(), 0, record.getLength(), false));
        } catch (IOException e) { // not UTF-8, or not CSV: a malformed record
          continue;
        }
      }
      return null;
    } finally {
      if (decompressor != null) {
        CodecPool.returnDecompressor(decompressor);
      }
    }
  }

  private List<String> header(Text first, Path file) throws IOException {
    return header(first, file, spec.delimiter());
  }

  private static List<String> header(Text first, Path file, char delimiter) throws IOException {
    try {
      List<String> names = CsvRow.fields(CsvRow.format(delimiter), first.toString());
      if (!names.isEmpty() && names.get(0).startsWith("\uFEFF")) {
        names.set(0, names.get(0).substring(1)); // a UTF-8 byte order mark, as Excel writes
      }
      return names;
    } catch (IOException | RuntimeException e) {
      throw new IOException(file + ": the CSV header does not parse: " + e.getMessage(), e);
    }
  }

  /**
   * The 0-based field number of each of the spec's fields in a file with {@code header} (null:
   * no header): numbers as given, names looked up in the header.
   *
   * @throws IOException naming the file and the header's columns when a name is not one of them,
   *     or is twice in it
   */
  static int[] slots(TableSpec spec, List<String> header, Path file) throws IOException {
    int[] out = new int[spec.fields().size()];
    for (int i = 0; i < out.length; i++) {
      String f = spec.fields().get(i);
      if (TableSpec.isIndex(f)) {
        out[i] = Integer.parseInt(f);
        continue;
      }
      String problem = unknownColumn(f, header, file);
      if (problem != null) {
        throw new IOException(problem);
      }
      out[i] = header.indexOf(f);
    }
    return out;
  }

  /** Why the column name {@code f} cannot be found in {@code header} of {@code file}, or null. */
  static String unknownColumn(String f, List<String> header, Path file) {
    if (header == null) {
      return "field \"" + f + "\" is a name, but " + file + " has no CSV header"
          + " (give --csv-header for files whose first record names the columns, or a 0-based"
          + " field number)";
    }
    int at = header.indexOf(f);
    if (at < 0) {
      return "no column \"" + f + "\" in the CSV header of " + file + "; its columns: "
          + String.join(", ", header);
    }
    if (header.lastIndexOf(f) != at) {
      return "column \"" + f + "\" is in the CSV header of " + file + " twice (fields " + at
          + " and " + header.lastIndexOf(f) + "): give its 0-based field number";
    }
    return null;
  }

  /**
   * A stream's CSV records: its bytes cut at the line breaks ({@code \n}, {@code \r\n}, {@code
   * \r}) outside quotes ({@link CsvRow#quoteState}); a record does not hold its final line break.
   */
  static final class Records {
    private final InputStream in;
    private final byte[] delimiter;
    private final Path file;
    private final byte[] buf = new byte[64 * 1024];
    private int pos;
    private int len;
    private byte[] rec = new byte[1024];
    private long offset;
    private long recordStart;

    Records(InputStream in, char delimiter, Path file) {
      this.in = in;
      this.delimiter = String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8);
      this.file = file;
    }

    /** The byte offset of the last record read. */
    long recordStart() {
      return recordStart;
    }

    /** Reads the next record into {@code out}; false at the end of the stream. */
    boolean next(Text out) throws IOException {
      recordStart = offset;
      int n = 0;
      int state = CsvRow.FIELD_START;
      boolean any = false;
      while (true) {
        if (pos == len && !fill()) {
          if (any) {
            out.set(rec, 0, n);
          }
          return any;
        }
        any = true;
        byte c = buf[pos++];
        offset++;
        if ((c == '\n' || c == '\r') && state != CsvRow.QUOTED) {
          if (c == '\r' && (pos < len || fill()) && buf[pos] == '\n') {
            pos++;
            offset++;
          }
          out.set(rec, 0, n);
          return true;
        }
        if (n == rec.length) {
          if (n >= MAX_RECORD) {
            throw new IOException(file + ": the CSV record at byte " + recordStart
                + " is longer than " + MAX_RECORD + " bytes (a quote that never closes?)");
          }
          rec = Arrays.copyOf(rec, n * 2);
        }
        rec[n] = c;
        state = CsvRow.quoteState(state, rec, n, delimiter);
        n++;
      }
    }

    private boolean fill() throws IOException {
      int r = in.read(buf, 0, buf.length);
      while (r == 0) {
        r = in.read(buf, 0, buf.length);
      }
      pos = 0;
      len = Math.max(r, 0);
      return r > 0;
    }
  }
}
