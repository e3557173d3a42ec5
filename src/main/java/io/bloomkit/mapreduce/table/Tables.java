package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/** Client-side table helpers: format detection and reading rows outside a job. */
public final class Tables {
  private Tables() {}

  /**
   * The format of the files {@code inputs} stand for, from their signatures ({@link
   * TableFormat#detect}); empty files hold no records in any format and are not asked; no file
   * that is not empty: text.
   *
   * @throws IllegalArgumentException naming two files of different formats (and, for a file
   *     that begins like Parquet or ORC but does not end like it, that it may be truncated)
   */
  public static TableFormat detect(Configuration conf, Path... inputs) throws IOException {
    TableFormat found = null;
    Path first = null;
    List<FileStatus> files = new java.util.ArrayList<>();
    for (FileStatus st : list(conf, inputs)) {
      if (st.getLen() > 0) {
        files.add(st);
      }
    }
    TableFormat[] formats = detectFiles(conf, files);
    for (int i = 0; i < files.size(); i++) {
      FileStatus st = files.get(i);
      TableFormat f = formats[i];
      if (f == TableFormat.TEXT) {
        truncatedByName(conf, st.getPath());
      }
      if (found == null) {
        found = f;
        first = st.getPath();
      } else if (f != found) {
        throw new IllegalArgumentException(
            "the input mixes formats: " + first + " is " + describe(conf, first, found) + " but "
                + st.getPath() + " is " + describe(conf, st.getPath(), f)
                + "; give one format per input (or --input-format)");
      }
    }
    return found == null ? TableFormat.TEXT : found;
  }

  /**
   * Refuses a file named as Parquet or ORC ({@code .parquet}, {@code .parq}, {@code .orc}) that
   * begins with that format's magic but does not end like it: a truncated or corrupt file, which
   * would otherwise be read as text (a text file may begin with {@code ORC} or {@code PAR1}, but
   * is not named so).
   *
   * @throws IOException naming the file
   */
  private static void truncatedByName(Configuration conf, Path file) throws IOException {
    String name = file.getName().toLowerCase(java.util.Locale.ROOT);
    TableFormat named = name.endsWith(".parquet") || name.endsWith(".parq") ? TableFormat.PARQUET
        : name.endsWith(".orc") ? TableFormat.ORC : null;
    if (named == null) {
      return;
    }
    byte[] head = new byte[4];
    int n;
    try (InputStream in = file.getFileSystem(conf).open(file)) {
      n = in.readNBytes(head, 0, head.length);
    }
    if (TableFormat.claimed(head, n) == named) {
      throw new IOException(file + " cannot be read as " + named.cliName() + " (truncated or"
          + " corrupt?): it begins with " + named.cliName() + "'s magic but does not end like a "
          + named.cliName() + " file");
    }
  }

  /** A detected format for a message: text that begins with a columnar magic says so. */
  private static String describe(Configuration conf, Path file, TableFormat f)
      throws IOException {
    if (f != TableFormat.TEXT) {
      return f.cliName();
    }
    byte[] head = new byte[4];
    int n;
    try (InputStream in = file.getFileSystem(conf).open(file)) {
      n = in.readNBytes(head, 0, head.length);
    }
    TableFormat claimed = TableFormat.claimed(head, n);
    return claimed == null ? "text" : "text (it begins with " + claimed.cliName()
        + "'s magic but does not end like a " + claimed.cliName() + " file: truncated?)";
  }

  /**
   * The files {@code inputs} stand for, as {@link TableInputFormat} lists them (recursively, hidden
   * names skipped), sorted by path.
   */
  public static List<FileStatus> list(Configuration conf, Path... inputs) throws IOException {
    Job job = Job.getInstance(conf);
    job.getConfiguration().setBoolean(TableInputFormat.INPUT_DIR_RECURSIVE, true);
    TableInputFormat.setInputPaths(job, inputs);
    List<FileStatus> files = new java.util.ArrayList<>(new Lister().files(job));
    files.sort((a, b) -> a.getPath().compareTo(b.getPath()));
    return files;
  }

  /**
   * Refuses a dangling symbolic link or a special file (a FIFO) under {@code inputs} on a local
   * file system, which the listing would skip or hang on ({@link TableInputFormat} lists files
   * after the same check).
   *
   * @throws IllegalArgumentException naming the entry
   */
  public static void checkEntries(Configuration conf, Path... inputs) throws IOException {
    ListedFiles.check(conf, inputs);
  }

  private static final class Lister extends TableInputFormat {
    List<FileStatus> files(Job job) throws IOException {
      return listStatus(job);
    }
  }

  /** Files of an input from which on their signatures are read by several threads. */
  static final int PARALLEL_DETECT_FILES = 64;

  /**
   * {@link #detectFile} of each of {@code files}, in their order; many files (a directory of small
   * files, where each costs an open and two reads, a round trip each on HDFS) are read by up to 8
   * threads.
   *
   * @throws IOException the first failure in the files' order
   */
  private static TableFormat[] detectFiles(Configuration conf, List<FileStatus> files)
      throws IOException {
    TableFormat[] out = new TableFormat[files.size()];
    int threads = Math.min(8, files.size() / PARALLEL_DETECT_FILES);
    if (threads < 2) {
      for (int i = 0; i < out.length; i++) {
        out[i] = detectFile(conf, files.get(i));
      }
      return out;
    }
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
          Thread t = new Thread(r, "bloomkit-detect");
          t.setDaemon(true);
          return t;
        });
    try {
      List<java.util.concurrent.Future<TableFormat>> done = new java.util.ArrayList<>();
      for (FileStatus st : files) {
        done.add(pool.submit(() -> detectFile(conf, st)));
      }
      for (int i = 0; i < out.length; i++) {
        try {
          out[i] = done.get(i).get();
        } catch (java.util.concurrent.ExecutionException e) {
          if (e.getCause() instanceof IOException) {
            throw (IOException) e.getCause();
          }
          if (e.getCause() instanceof RuntimeException) {
            throw (RuntimeException) e.getCause();
          }
          throw new IOException("reading the signature of " + files.get(i).getPath(), e.getCause());
        }
      }
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted detecting the format of the input");
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * The format one file's signature announces ({@link TableFormat#detect}): its first 4 bytes and
   * its last {@link TableFormat#TAIL}.
   */
  public static TableFormat detectFile(Configuration conf, Path file) throws IOException {
    return detectFile(conf, file.getFileSystem(conf).getFileStatus(file));
  }

  /**
   * As {@link #detectFile(Configuration, Path)} for a listed file; a local file read without
   * Hadoop's checksum layer (a few bytes, not the data: the reader checks them).
   */
  private static TableFormat detectFile(Configuration conf, FileStatus status) throws IOException {
    Path file = status.getPath();
    org.apache.hadoop.fs.FileSystem fs = file.getFileSystem(conf);
    long length = status.getLen();
    byte[] head = new byte[4];
    byte[] tail = new byte[(int) Math.min(length, TableFormat.TAIL)];
    int n;
    if (fs instanceof org.apache.hadoop.fs.LocalFileSystem) {
      // a few bytes of a local file: java.nio, not Hadoop's stream (which stats the file again,
      // opens its checksum file and gathers I/O statistics on close)
      java.io.File local = ((org.apache.hadoop.fs.LocalFileSystem) fs).pathToFile(file);
      try (java.nio.channels.FileChannel in = java.nio.channels.FileChannel.open(local.toPath())) {
        n = readAt(in, 0, head);
        if (tail.length > 0 && readAt(in, length - tail.length, tail) < tail.length) {
          throw new java.io.EOFException(file + " is shorter than listed (" + length + " bytes)");
        }
      }
    } else {
      try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(file)) {
        n = in.readNBytes(head, 0, head.length);
        if (tail.length > 0) {
          in.readFully(length - tail.length, tail);
        }
      }
    }
    return TableFormat.detect(head, n, tail, tail.length, length);
  }

  /** Reads up to {@code into.length} bytes at {@code position}; the count read. */
  private static int readAt(java.nio.channels.FileChannel in, long position, byte[] into)
      throws IOException {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(into);
    while (b.hasRemaining()) {
      int r = in.read(b, position + b.position());
      if (r < 0) {
        break;
      }
    }
    return b.position();
  }

  /** Receives the rows of {@link #read}. */
  public interface RowConsumer {
    void accept(Path file, long position, Row row) throws IOException;
  }

  /**
   * Reads every row of the files {@code inputs} stand for, in path order, through {@link
   * TableInputFormat} as a job's tasks would (same listing, splits, codecs and rows), in this
   * process.
   */
  public static void read(Configuration conf, TableSpec spec, RowConsumer consumer, Path... inputs)
      throws IOException {
    scan(conf, spec, consumer, Integer.MAX_VALUE, Long.MAX_VALUE, null, inputs);
  }

  /**
   * As {@link #read(Configuration, TableSpec, RowConsumer, Path...)}, the readers' counters
   * ({@link TableStats.ReaderCounter#BYTES_READ}) kept in {@code counters} as a job's tasks keep
   * them.
   */
  public static void read(Configuration conf, TableSpec spec, RowConsumer consumer,
      Counters counters, Path... inputs) throws IOException {
    scan(conf, spec, consumer, Integer.MAX_VALUE, Long.MAX_VALUE, counters, inputs);
  }

  /**
   * Reads a sample of about {@code rows} rows of the files {@code inputs} stand for, in this
   * process. Files that split at any byte (text, CSV without multi-line records, uncompressed or
   * with a splittable codec) give the first rows after {@link SampleRuns#CHUNKS} positions, one drawn
   * at random in each of as many equal slices of their bytes (a stratified sample of short runs:
   * {@link SampleRuns#spread}); other inputs, as TeraSort's and Hadoop's {@code InputSampler.SplitSampler}
   * sample, the first rows of up to {@code maxSplits} evenly spaced splits (of the splits a job's
   * tasks would read, in path order). {@code rows} over the chunks or splits from each (at least
   * one).
   */
  public static void sample(Configuration conf, TableSpec spec, RowConsumer consumer, long rows,
      int maxSplits, Path... inputs) throws IOException {
    scan(conf, spec, consumer, maxSplits, rows, null, inputs);
  }

  /**
   * The first file of a CSV input read without {@code --empty-is-null} where a sample of {@code
   * rows} records ({@link #sample}, up to 16 splits) has a key field that is empty and unquoted,
   * which is how DuckDB and Spark write SQL NULL (they quote an empty string); null if none, or
   * for any other input. Such keys read as empty strings and meet each other.
   */
  public static Path emptyCsvKeys(Configuration conf, TableSpec spec, long rows, Path... inputs)
      throws IOException {
    if (spec.format() != TableFormat.CSV || spec.emptyIsNull()) {
      return null;
    }
    Path[] found = new Path[1];
    sample(conf, spec, (file, position, row) -> {
      if (found[0] == null && row instanceof CsvRow && ((CsvRow) row).unquotedEmptyKey()) {
        found[0] = file;
      }
    }, rows, 16, inputs);
    return found[0];
  }

  /** Reads up to {@code rows} rows from up to {@code maxSplits} evenly spaced splits. */
  private static void scan(Configuration conf, TableSpec spec, RowConsumer consumer,
      int maxSplits, long rows, Counters counters, Path... inputs) throws IOException {
    Job job = Job.getInstance(conf);
    spec.store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    job.getConfiguration().setBoolean(TableInputFormat.INPUT_DIR_RECURSIVE, true);
    TableInputFormat.setInputPaths(job, inputs);
    TableInputFormat format = new TableInputFormat();
    List<InputSplit> splits = format.fileSplits(job); // a sample spreads over files: not combined
    splits.sort(
        (a, b) -> {
          FileSplit x = (FileSplit) a;
          FileSplit y = (FileSplit) b;
          int c = x.getPath().toString().compareTo(y.getPath().toString());
          return c != 0 ? c : Long.compare(x.getStart(), y.getStart());
        });
    List<SampleRuns.Run> runs = new ArrayList<>();
    if (maxSplits < Integer.MAX_VALUE && !splits.isEmpty() && SampleRuns.splitsAnywhere(format, job, splits)) {
      // seeded by how the input is read: the same sample each run, another for each side
      runs = SampleRuns.spread(splits, SampleRuns.CHUNKS, rows,
          job.getConfiguration().get(BloomkitConfig.INPUT_SPEC.key()).hashCode());
    } else {
      int chosen = Math.min(splits.size(), maxSplits);
      long perSplit = chosen == 0 ? 0 : Math.max(1, rows / chosen);
      for (int i = 0; i < chosen; i++) {
        runs.add(new SampleRuns.Run(List.of((FileSplit) splits.get((int) ((long) i * splits.size() / chosen))),
            perSplit));
      }
    }
    TaskAttemptContext context = counters == null
        ? new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID())
        : new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID(),
            new CountingReporter(counters));
    for (SampleRuns.Run run : runs) {
      long n = 0;
      for (FileSplit split : run.splits) {
        Path file = split.getPath();
        try (RecordReader<LongWritable, Row> reader = format.createRecordReader(split, context)) {
          reader.initialize(split, context);
          for (; n < run.rows && reader.nextKeyValue(); n++) {
            consumer.accept(file, reader.getCurrentKey().get(), reader.getCurrentValue());
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("interrupted reading " + file);
        }
        if (n >= run.rows) {
          break;
        }
      }
    }
  }

  /** A task's reporter that keeps the counters in a {@link Counters}. */
  private static final class CountingReporter extends StatusReporter {
    private final Counters counters;

    CountingReporter(Counters counters) {
      this.counters = counters;
    }

    @Override
    public Counter getCounter(Enum<?> name) {
      return counters.findCounter(name);
    }

    @Override
    public Counter getCounter(String group, String name) {
      return counters.findCounter(group, name);
    }

    @Override
    public void progress() {}

    @Override
    public float getProgress() {
      return 0;
    }

    @Override
    public void setStatus(String status) {}
  }

  /**
   * The bytes of the records {@code inputs} hold once decoded, without reading them: Parquet, the
   * row groups' uncompressed sizes (footer); ORC, the file's raw data size (footer statistics;
   * the file's length when absent); a text, CSV or SequenceFile file compressed by a codec
   * Hadoop knows from its name, 4 times its length (a typical ratio of text, an estimate); any
   * other file (text, CSV, SequenceFile, Avro), its length.
   */
  public static long dataBytes(Configuration conf, TableFormat format, Path... inputs)
      throws IOException {
    return dataBytes(conf, format, (files, of, bytes) -> { }, inputs);
  }

  /** Told after each file {@link #dataBytes} sized: how many of how many, and the bytes so far. */
  public interface SizeListener {
    void sized(int files, int of, long bytes);
  }

  /** {@link #dataBytes(Configuration, TableFormat, Path...)}, telling {@code listener}. */
  public static long dataBytes(Configuration conf, TableFormat format, SizeListener listener,
      Path... inputs) throws IOException {
    return size(conf, format, listener, inputs).bytes();
  }

  /** An input's size as its files tell it without reading their records ({@link #size}). */
  public static final class Size {
    private final long bytes;
    private final long rows;

    Size(long bytes, long rows) {
      this.bytes = bytes;
      this.rows = rows;
    }

    /** {@link Tables#dataBytes}. */
    public long bytes() {
      return bytes;
    }

    /**
     * The records, exact, from the footers of Parquet (the row groups' row counts) and ORC (the
     * file's row count) files; -1 for other formats, whose records are not written down.
     */
    public long rows() {
      return rows;
    }
  }

  /**
   * The share of the rows of {@code inputs} in the row groups that the key bounds of {@code spec}
   * ({@link TableSpec#keyBounds}) do not rule out by the groups' statistics alone: at most what a
   * reader given those bounds reads (its dictionaries and Bloom filters may drop more). Parquet's
   * row groups and ORC's stripes ({@link OrcSkipping#keptByStatistics}: its reader skips the row
   * groups of its index within them too), from the footers of at most {@code maxFiles} of the
   * files, spread evenly over them (an estimate when there are more); 1 for other formats, a spec
   * without bounds or no rows.
   */
  public static double keptShare(Configuration conf, TableSpec spec, int maxFiles,
      Path... inputs) throws IOException {
    if (spec.keyBounds() == null
        || (spec.format() != TableFormat.PARQUET && spec.format() != TableFormat.ORC)) {
      return 1;
    }
    List<FileStatus> files = new ArrayList<>();
    for (FileStatus st : list(conf, inputs)) {
      if (st.getLen() > 0) {
        files.add(st);
      }
    }
    int take = Math.min(files.size(), Math.max(1, maxFiles));
    long kept = 0;
    long total = 0;
    for (int i = 0; i < take; i++) {
      Path file = files.get((int) ((long) i * files.size() / take)).getPath();
      long[] rows;
      if (spec.format() == TableFormat.ORC) {
        try (org.apache.orc.Reader r = OrcRows.open(file, conf)) {
          rows = OrcSkipping.keptByStatistics(spec, r);
        }
      } else {
        try (org.apache.parquet.hadoop.ParquetFileReader r = ParquetRows.openFooter(conf, file)) {
          rows = ParquetSkipping.keptByStatistics(spec, r);
        }
      }
      kept += rows[0];
      total += rows[1];
    }
    return total == 0 ? 1 : (double) kept / total;
  }

  /**
   * {@link #dataBytes(Configuration, TableFormat, SizeListener, Path...)} and, for Parquet and ORC,
   * the records, read from the same footers.
   */
  public static Size size(Configuration conf, TableFormat format, SizeListener listener,
      Path... inputs) throws IOException {
    org.apache.hadoop.io.compress.CompressionCodecFactory codecs =
        new org.apache.hadoop.io.compress.CompressionCodecFactory(conf);
    long sum = 0;
    long rows = 0;
    List<FileStatus> files = list(conf, inputs);
    int done = 0;
    for (FileStatus st : files) {
      Path file = st.getPath();
      if (st.getLen() == 0) {
        listener.sized(++done, files.size(), sum); // an empty file: no records, no footer
        continue;
      }
      switch (format) {
        case PARQUET:
          try (org.apache.parquet.hadoop.ParquetFileReader r =
              ParquetRows.openFooter(conf, file)) {
            for (org.apache.parquet.hadoop.metadata.BlockMetaData b :
                r.getFooter().getBlocks()) {
              sum += b.getTotalByteSize();
              rows += b.getRowCount();
            }
          }
          break;
        case ORC:
          try (org.apache.orc.Reader r = OrcRows.open(file, conf)) {
            long raw = r.getRawDataSize();
            sum += raw > 0 ? raw : st.getLen();
            rows += r.getNumberOfRows();
          }
          break;
        case AVRO:
          sum += st.getLen();
          break;
        default:
          sum += codecs.getCodec(file) == null ? st.getLen() : 4 * st.getLen();
      }
      listener.sized(++done, files.size(), sum);
    }
    boolean counted = format == TableFormat.PARQUET || format == TableFormat.ORC;
    return new Size(sum, counted ? rows : -1);
  }
}
