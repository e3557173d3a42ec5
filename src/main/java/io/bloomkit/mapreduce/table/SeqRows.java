package io.bloomkit.mapreduce.table;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * The records ({@link SeqRow}) of one SequenceFile split, as Hadoop's {@code
 * SequenceFileRecordReader} reads them (from the first sync mark at or after the split's start,
 * through the first sync mark after its end; any codec the file names), with the record's byte
 * position in the file as its position.
 */
final class SeqRows extends RecordReader<LongWritable, Row> {
  private final SeqRow row;
  private final LongWritable position = new LongWritable();
  private SequenceFile.Reader in;
  private Writable key;
  private Writable value;
  private long start;
  private long end;
  private boolean more = true;

  SeqRows(TableSpec spec) {
    this.row = new SeqRow(spec);
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
    FileSplit fileSplit = (FileSplit) split;
    Configuration conf = context.getConfiguration();
    Path file = fileSplit.getPath();
    in = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file));
    checkValues(file, in, row);
    key = (Writable) ReflectionUtils.newInstance(in.getKeyClass(), conf);
    value = (Writable) ReflectionUtils.newInstance(in.getValueClass(), conf);
    end = fileSplit.getStart() + fileSplit.getLength();
    if (fileSplit.getStart() > in.getPosition()) {
      in.sync(fileSplit.getStart());
    }
    start = in.getPosition();
    more = start < end;
  }

  /**
   * Checks that the first file of a SequenceFile input can give the spec's fields ({@code key} or
   * numbers; numbers need {@code Text} values).
   *
   * @throws IllegalArgumentException naming the field, or the file and its value class
   */
  static void check(Configuration conf, TableSpec spec, Path file) throws IOException {
    SeqRow row = new SeqRow(spec);
    if (file != null && row.readsValue()) {
      try (SequenceFile.Reader in = new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
        checkValues(file, in, row);
      } catch (IOException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }
  }

  private static void checkValues(Path file, SequenceFile.Reader in, SeqRow row)
      throws IOException {
    if (row.readsValue() && !Text.class.isAssignableFrom(in.getValueClass())) {
      throw new IOException(
          file + " holds values of class " + in.getValueClass().getName() + ", but a field"
              + " number reads a field of a Text value split by the delimiter: read the key"
              + " (field \"" + SeqRow.KEY + "\") or give a file of Text values");
    }
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (!more) {
      return false;
    }
    long pos = in.getPosition();
    if (!in.next(key) || (pos >= end && in.syncSeen())) {
      more = false;
      return false;
    }
    in.getCurrentValue(value);
    position.set(pos);
    row.set(key, value);
    return true;
  }

  @Override
  public LongWritable getCurrentKey() {
    return position;
  }

  @Override
  public Row getCurrentValue() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    if (end == start) {
      return 0f;
    }
    return Math.min(1f, (in.getPosition() - start) / (float) (end - start));
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      in.close();
    }
  }
}
