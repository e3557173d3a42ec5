package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.LocalMode;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.SplittableCompressionCodec;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * The one input format of every bloomkit job: reads the files of any {@link TableFormat} as
 * {@code (position, Row)} records by the {@link TableSpec} stored under {@link
 * BloomkitConfig#INPUT_SPEC}; a subclass names another key ({@link #specKey}), so that a job of
 * several inputs (the join's sides) can read each in its own way.
 *
 * <p>The position orders a file's records: a text line's byte offset (as {@code TextInputFormat}
 * gives it), a record's number in its file for formats without byte offsets. Files are listed as
 * {@link FileInputFormat} lists them (hidden {@code _x} and {@code .x} names skipped). Splitting:
 * text and CSV as Hadoop's text input (an unsplittable codec is read whole), never for {@code
 * --csv-multiline}; with {@link TableSpec#ordered} only uncompressed text is split. With Hive-style
 * partition columns ({@link TableSpec#partitions}) each file's reader is wrapped by {@link
 * PartitionedRows}, which answers those fields from the file's directories.
 *
 * <p>Split size: Hadoop's, from the block size and {@code
 * mapreduce.input.fileinputformat.split.minsize/maxsize}, with blocks of less than {@link
 * BloomkitConfig#INPUT_SPLIT_BYTES} counted as that (in local mode: at most the input over the
 * map slots). Small files: consecutive splits of less than the split size are packed into {@link
 * CombinedTableSplit}s of up to that size, each file counted with {@link
 * BloomkitConfig#INPUT_OPEN_COST_BYTES} more, and read one after the other by one task ({@link
 * BloomkitConfig#INPUT_COMBINE} turns it off).
 */
public class TableInputFormat extends FileInputFormat<LongWritable, Row> {
  /** The configuration key holding this input's spec. */
  protected BloomkitConfig specKey() {
    return BloomkitConfig.INPUT_SPEC;
  }


  /** The configuration {@link #specOf} and {@link #codecs} were taken from. */
  private Configuration specConf;
  private String specJson;
  private TableSpec specOf;
  private CompressionCodecFactory codecs;

  /**
   * The spec of this input in {@code context}'s configuration; parsed once per configuration
   * (a listing of many files asks for each file).
   */
  public TableSpec spec(JobContext context) {
    Configuration conf = context.getConfiguration();
    String json = conf.getRaw(specKey().key());
    if (specConf != conf || !java.util.Objects.equals(json, specJson)) {
      specOf = parseSpec(context);
      codecs = null;
      specConf = conf;
      specJson = json;
    }
    return specOf;
  }

  private TableSpec parseSpec(JobContext context) {
    TableSpec spec = TableSpec.load(context.getConfiguration(), specKey());
    if (spec.projection() && !BloomkitConfig.INPUT_PROJECTION.getBoolean(context.getConfiguration())) {
      return spec.toBuilder().projection(false).build(); // read every column (measurements)
    }
    return spec;
  }

  /**
   * The files of the job's inputs ({@link FileInputFormat}'s listing), after {@link ListedFiles}
   * refused dangling symbolic links and special files (FIFOs) under them; listed once per tool run
   * ({@link ListingCache}).
   *
   * @throws IllegalArgumentException naming such an entry
   */
  @Override
  protected java.util.List<org.apache.hadoop.fs.FileStatus> listStatus(JobContext job)
      throws IOException {
    Configuration conf = job.getConfiguration();
    Path[] dirs = getInputPaths(job);
    // a secure cluster's tokens for the input's file systems, as FileInputFormat's listing gets
    // them, also when this run listed the input before (ListingCache)
    TokenCache.obtainTokensForNamenodes(job.getCredentials(), dirs, conf);
    return ListingCache.list(conf, () -> {
      ListedFiles.check(conf, dirs);
      return super.listStatus(job);
    });
  }

  /**
   * The splits of the job's files ({@link #fileSplits}), small ones packed into {@link
   * CombinedTableSplit}s unless {@link BloomkitConfig#INPUT_COMBINE} is off, every other one a
   * {@link CombinedTableSplit} of one part: a task whose split is a {@link FileSplit} has Hadoop's
   * {@code MapTask.NewTrackingRecordReader} add up the bytes read by every thread of the file
   * system, under the file system statistics' lock shared by the map slots, twice for every record
   * (572 of the 1,238 samples of a JFR profile of a map-side join at TPC-H SF 10: docs/planner.md).
   */
  @Override
  public List<InputSplit> getSplits(JobContext job) throws IOException {
    List<InputSplit> splits = fileSplits(job);
    if (splits.isEmpty()) {
      return splits;
    }
    Configuration conf = job.getConfiguration();
    Path first = ((FileSplit) splits.get(0)).getPath();
    try {
      if (splits.size() < 2 || !BloomkitConfig.INPUT_COMBINE.getBoolean(conf)) {
        return CombinedTableSplit.alone(splits);
      }
      long block = first.getFileSystem(conf).getDefaultBlockSize(first);
      long target = computeSplitSize(block, getMinSplitSize(job), getMaxSplitSize(job));
      return CombinedTableSplit.pack(
          splits, target, BloomkitConfig.INPUT_OPEN_COST_BYTES.getLong(conf));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted packing the splits of " + first);
    }
  }

  /**
   * The splits {@link FileInputFormat} makes of the job's files: one file's bytes each, cut at the
   * split size of {@link #computeSplitSize}.
   */
  public List<InputSplit> fileSplits(JobContext job) throws IOException {
    splitFloor = splitFloor(job);
    return super.getSplits(job);
  }

  /** The least block size splits are cut by ({@link #splitFloor}), for this listing. */
  private long splitFloor;

  /**
   * Hadoop's split size ({@code max(minsize, min(maxsize, block))}) with the block counted as at
   * least {@link #splitFloor}: a file system of small blocks (the local one's 32 MB) is cut as
   * HDFS's 128 MB blocks are, as Spark cuts every file system's files.
   */
  @Override
  protected long computeSplitSize(long blockSize, long minSize, long maxSize) {
    return super.computeSplitSize(Math.max(blockSize, splitFloor), minSize, maxSize);
  }

  /**
   * {@link BloomkitConfig#INPUT_SPLIT_BYTES}; in local mode, where the map slots are known, at most
   * the input's bytes (each file with {@link BloomkitConfig#INPUT_OPEN_COST_BYTES} more, as
   * Spark's {@code maxSplitBytes} counts them) over the slots, so that every slot gets a split.
   * Local mode runs every task in this JVM: each split costs tens of milliseconds of task set-up
   * and commit, a map-side join's table lookup structures, a filter's load.
   */
  private long splitFloor(JobContext job) throws IOException {
    Configuration conf = job.getConfiguration();
    long floor = BloomkitConfig.INPUT_SPLIT_BYTES.getLong(conf);
    if (floor <= 0 || !LocalMode.local(conf)) {
      return Math.max(0, floor);
    }
    long open = BloomkitConfig.INPUT_OPEN_COST_BYTES.getLong(conf);
    long bytes = 0;
    for (org.apache.hadoop.fs.FileStatus f : listStatus(job)) {
      bytes += f.getLen() + open;
    }
    int slots = LocalMode.mapSlots(conf);
    return Math.min(floor, (bytes + slots - 1) / slots);
  }

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    TableSpec spec = spec(context);
    switch (spec.format()) {
      case CSV:
        if (spec.csvMultiline()) {
          return false;
        }
        // fall through: line-splittable like text
      case TEXT:
        if (codecs == null) {
          codecs = new CompressionCodecFactory(context.getConfiguration());
        }
        CompressionCodec codec = codecs.getCodec(file);
        if (codec == null) {
          return true;
        }
        return !spec.ordered() && codec instanceof SplittableCompressionCodec;
      default:
        return !spec.ordered();
    }
  }

  @Override
  public RecordReader<LongWritable, Row> createRecordReader(
      InputSplit split, TaskAttemptContext context) throws IOException {
    TableSpec spec = spec(context);
    if (split instanceof CombinedTableSplit) {
      return new CombinedRows(part -> fileReader(spec, part));
    }
    return fileReader(spec, split);
  }

  /** The reader of one file's split. */
  private static RecordReader<LongWritable, Row> fileReader(TableSpec spec, InputSplit split)
      throws IOException {
    if (!spec.partitions().isEmpty()) {
      return new PartitionedRows(spec, reader(PartitionedRows.fileSpec(spec), split));
    }
    return reader(spec, split);
  }

  /** The reader of {@code spec}'s format. */
  private static RecordReader<LongWritable, Row> reader(TableSpec spec, InputSplit split)
      throws IOException {
    if (split instanceof FileSplit && ((FileSplit) split).getLength() == 0) {
      return TableStats.counting(new EmptyRows()); // an empty file: no records in any format
    }
    switch (spec.format()) {
      case TEXT:
        return TableStats.counting(new TextRows(spec));
      case AVRO:
        return TableStats.counting(new AvroRows(spec));
      case PARQUET:
        return TableStats.counting(new ParquetRows(spec));
      case ORC:
        return TableStats.counting(new OrcRows(spec));
      case CSV:
        return TableStats.counting(new CsvRows(spec));
      case SEQFILE:
        return TableStats.counting(new SeqRows(spec));
      default:
        throw new IOException(
            spec.format().cliName() + " input is not readable yet (file " + fileOf(split) + ")");
    }
  }

  private static String fileOf(InputSplit split) {
    return split instanceof FileSplit ? ((FileSplit) split).getPath().toString() : split.toString();
  }

  /** Text lines through Hadoop's own {@link LineRecordReader} (codecs, split boundaries). */
  static final class TextRows extends RecordReader<LongWritable, Row> {
    private final LineRecordReader lines = new LineRecordReader();
    private final TextRow row;

    TextRows(TableSpec spec) {
      this.row = new TextRow(spec);
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
      lines.initialize(split, context);
    }

    @Override
    public boolean nextKeyValue() throws IOException {
      if (!lines.nextKeyValue()) {
        return false;
      }
      row.set(lines.getCurrentValue());
      return true;
    }

    @Override
    public LongWritable getCurrentKey() {
      return lines.getCurrentKey();
    }

    @Override
    public Row getCurrentValue() {
      return row;
    }

    @Override
    public float getProgress() throws IOException {
      return lines.getProgress();
    }

    @Override
    public void close() throws IOException {
      lines.close();
    }
  }

  /** The split of an empty file: no records (a 0-byte Parquet, ORC or Avro file has no footer). */
  static final class EmptyRows extends RecordReader<LongWritable, Row> {
    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) {}

    @Override
    public boolean nextKeyValue() {
      return false;
    }

    @Override
    public LongWritable getCurrentKey() {
      return null;
    }

    @Override
    public Row getCurrentValue() {
      return null;
    }

    @Override
    public float getProgress() {
      return 1;
    }

    @Override
    public void close() {}
  }
}
