package io.bloomkit.mapreduce.table;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.FileSystemCounter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * What a finished job read. A projected columnar read (the build job, the join's left side) reads
 * only its columns' bytes: {@link #bytesRead} against the input's size (or against the same read
 * without projection) shows the saving.
 */
public final class TableStats {
  private TableStats() {}

  /** The counters {@link TableInputFormat}'s readers keep. */
  public enum ReaderCounter {
    /**
     * The bytes the readers read from their files (text, CSV and SequenceFile: about the split's
     * bytes; Avro, Parquet and ORC: the footers, headers and the column chunks, stripes or blocks
     * they decode, so a projected read counts only its columns), measured from the reading thread's file
     * system statistics around each reader, so exact per task in local mode too and for each
     * side of a join (a file on both sides of a self-join is read, and counted, once per side).
     */
    BYTES_READ,
    /**
     * Parquet row groups of the split the reader skipped, by the spec's {@link KeyBounds}: their
     * statistics, dictionary or Bloom filter show that no key value of theirs is one of the
     * bounds' keys.
     */
    ROW_GROUPS_SKIPPED,
    /** The rows of those row groups (never read, so in no other count of records). */
    ROWS_SKIPPED,
    /** The compressed bytes of those row groups (every column's, read or not). */
    BYTES_SKIPPED
  }

  /** {@link ReaderCounter#BYTES_READ} of a finished job. */
  public static long bytesRead(Job job) throws IOException {
    return job.getCounters().findCounter(ReaderCounter.BYTES_READ).getValue();
  }

  /**
   * The bytes {@code job}'s tasks read through Hadoop file systems: {@link
   * FileSystemCounter#BYTES_READ} summed over the schemes ({@code HDFS_BYTES_READ}, {@code
   * FILE_BYTES_READ}, {@code S3A_BYTES_READ}, ...). On a cluster: the input's bytes plus what the
   * tasks read back of their spills and shuffled map output ({@code FILE_}). Hadoop takes these
   * counters from the JVM's file system statistics, so in local mode, where every task runs in
   * one JVM, they add up everything the JVM has read so far: use {@link #bytesRead} there.
   */
  public static long fileSystemBytesRead(Job job) throws IOException {
    Counters counters = job.getCounters();
    CounterGroup group = counters.getGroup(FileSystemCounter.class.getName());
    String suffix = "_" + FileSystemCounter.BYTES_READ.name();
    long sum = 0;
    for (Counter c : group) {
      if (c.getName().endsWith(suffix)) {
        sum += c.getValue();
      }
    }
    return sum;
  }

  /** {@code reader} counting what it reads in {@link ReaderCounter#BYTES_READ}. */
  static RecordReader<LongWritable, Row> counting(RecordReader<LongWritable, Row> reader) {
    return new Counting(reader);
  }

  /** A reader adding the bytes its thread read from the split's file system to the counter. */
  private static final class Counting extends RecordReader<LongWritable, Row> {
    private final RecordReader<LongWritable, Row> reader;
    private TaskAttemptContext context;
    private String scheme;
    private long last;

    Counting(RecordReader<LongWritable, Row> reader) {
      this.reader = reader;
    }

    private long threadBytes() {
      long sum = 0;
      for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
        if (s.getScheme().equals(scheme)) {
          sum += s.getThreadStatistics().getBytesRead();
        }
      }
      return sum;
    }

    private void report() {
      if (scheme == null) {
        return;
      }
      long now = threadBytes();
      Counter c = context.getCounter(ReaderCounter.BYTES_READ);
      if (c != null) {
        c.increment(now - last);
      }
      last = now;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context)
        throws IOException, InterruptedException {
      this.context = context;
      if (split instanceof FileSplit) {
        Path file = ((FileSplit) split).getPath();
        scheme = file.getFileSystem(context.getConfiguration()).getUri().getScheme();
        last = threadBytes();
      }
      reader.initialize(split, context);
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      boolean more = reader.nextKeyValue();
      if (!more) {
        report();
      }
      return more;
    }

    @Override
    public LongWritable getCurrentKey() throws IOException, InterruptedException {
      return reader.getCurrentKey();
    }

    @Override
    public Row getCurrentValue() throws IOException, InterruptedException {
      return reader.getCurrentValue();
    }

    @Override
    public float getProgress() throws IOException, InterruptedException {
      return reader.getProgress();
    }

    @Override
    public void close() throws IOException {
      reader.close();
      report();
    }
  }
}
