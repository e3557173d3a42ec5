package io.bloomkit.mapreduce.table;

import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileConstants;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryData;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.mapred.FsInput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Avro container files through Avro's {@link DataFileReader}, split at sync markers as
 * avro-mapred's {@code AvroKeyRecordReader} splits them (a split reads the blocks that start in
 * it). The reader schema is the file's schema, or with {@link TableSpec#projection} the file's
 * schema pruned to the spec's fields (Avro still reads every byte of a row-oriented block but
 * decodes only those fields). The position is the record's number in the file: a split that
 * starts after the first block counts the records of the blocks before it from their headers.
 */
final class AvroRows extends ColumnarRows {
  private final TableSpec spec;
  private DataFileReader<GenericRecord> reader;
  private AvroRow row;
  private GenericRecord record;
  private long start;
  private long end;
  private long next;

  AvroRows(TableSpec spec) {
    this.spec = spec;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    FileSplit fs = (FileSplit) split;
    Configuration conf = context.getConfiguration();
    Path file = fs.getPath();
    GenericDatumReader<GenericRecord> datum = new GenericDatumReader<>();
    AvroCodecs.install();
    reader = new DataFileReader<>(new FsInput(file, conf), datum);
    Schema fileSchema = reader.getSchema();
    Schema readSchema;
    try {
      readSchema = AvroRow.readSchema(spec, fileSchema, file);
      row = new AvroRow(spec, fileSchema, readSchema, file);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    datum.setExpected(readSchema);
    long headerEnd = reader.previousSync();
    start = fs.getStart();
    end = start + fs.getLength();
    reader.sync(start);
    long firstBlock = reader.previousSync();
    next = firstBlock <= headerEnd ? 0 : recordsBefore(file, conf, headerEnd, firstBlock);
  }

  /** The records of the blocks between {@code from} and {@code to}, from the blocks' headers. */
  private static long recordsBefore(Path file, Configuration conf, long from, long to)
      throws IOException {
    long count = 0;
    byte[] head = new byte[20];
    try (FsInput in = new FsInput(file, conf)) {
      long pos = from;
      while (pos < to) {
        in.seek(pos);
        int n = 0;
        while (n < head.length) {
          int r = in.read(head, n, head.length - n);
          if (r < 0) {
            break;
          }
          n += r;
        }
        BinaryDecoder d = DecoderFactory.get().binaryDecoder(head, 0, n, null);
        count += d.readLong();
        long size = d.readLong();
        int headerLength = BinaryData.skipLong(head, BinaryData.skipLong(head, 0));
        pos += headerLength + size + DataFileConstants.SYNC_SIZE;
      }
    }
    return count;
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (!reader.hasNext() || reader.pastSync(end)) {
      return false;
    }
    record = reader.next(record);
    row.set(record);
    position.set(next++);
    return true;
  }

  @Override
  Row row() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    if (end == start) {
      return 0f;
    }
    return Math.min(1f, Math.max(0f, (reader.previousSync() - start) / (float) (end - start)));
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      reader.close();
    }
  }
}
