package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The records of a {@link CombinedTableSplit}: each part read by its own file reader, one after
 * the other, only one open at a time; positions are the parts' own (each file's records in its
 * order). The split's {@link CombinedTableSplit#current} follows the part being read.
 */
final class CombinedRows extends RecordReader<LongWritable, Row> {
  /** Makes the reader of one part. */
  interface Readers {
    RecordReader<LongWritable, Row> of(FileSplit part) throws IOException;
  }

  private final Readers readers;
  private CombinedTableSplit split;
  private TaskAttemptContext context;
  private RecordReader<LongWritable, Row> reader;
  private int next;
  private long total;
  private long done;

  CombinedRows(Readers readers) {
    this.readers = readers;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context) {
    this.split = (CombinedTableSplit) split;
    this.context = context;
    for (FileSplit p : this.split.parts()) {
      total += weight(p);
    }
  }

  /** A part's share of the progress: its bytes, at least 1 (an empty file counts too). */
  private static long weight(FileSplit part) {
    return Math.max(1, part.getLength());
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    List<FileSplit> parts = split.parts();
    while (true) {
      if (reader == null) {
        if (next >= parts.size()) {
          return false;
        }
        FileSplit part = parts.get(next);
        split.moveTo(next);
        next++;
        reader = readers.of(part);
        reader.initialize(part, context);
      }
      if (reader.nextKeyValue()) {
        return true;
      }
      closeCurrent();
    }
  }

  private void closeCurrent() throws IOException {
    RecordReader<LongWritable, Row> r = reader;
    reader = null;
    done += weight(split.parts().get(next - 1));
    r.close();
  }

  @Override
  public LongWritable getCurrentKey() throws IOException, InterruptedException {
    return reader == null ? null : reader.getCurrentKey();
  }

  @Override
  public Row getCurrentValue() throws IOException, InterruptedException {
    return reader == null ? null : reader.getCurrentValue();
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    if (total == 0) {
      return 1;
    }
    double now = done;
    if (reader != null) {
      now += reader.getProgress() * (double) weight(split.parts().get(next - 1));
    }
    return (float) Math.min(1, now / total);
  }

  @Override
  public void close() throws IOException {
    if (reader != null) {
      closeCurrent();
    }
  }
}
