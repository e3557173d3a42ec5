package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableInputFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A job that reads two sides ({@link #LEFT}, {@link #RIGHT}: a join's), each side its own paths
 * read by its own {@link TableSpec} and its own mapper, where a file may be on both sides: a
 * self-join reads it twice, once per side. Each side's paths, spec and mapper class are stored
 * under the side's own keys ({@link BloomkitConfig#JOIN_LEFT_INPUT_PATHS}, {@link
 * BloomkitConfig#JOIN_LEFT_INPUT_SPEC}, {@link BloomkitConfig#JOIN_LEFT_MAPPER} and the right
 * side's); the input format lists and splits each side's files on their own (as {@link
 * TableInputFormat} would for that side alone) and tags every split with its side ({@link
 * SideSplit}), not with its path; the record reader reads the inner split, and the job's mapper
 * runs the side's mapper. (Hadoop's {@code MultipleInputs} keys its inputs by path: a path on
 * both sides collides.)
 */
public final class SideInputs {
  /** The index of the left side. */
  public static final int LEFT = 0;
  /** The index of the right side. */
  public static final int RIGHT = 1;

  /** Per side: where its spec, its paths and its mapper class are stored. */
  private static final BloomkitConfig[][] KEYS = {
      {BloomkitConfig.JOIN_LEFT_INPUT_SPEC, BloomkitConfig.JOIN_LEFT_INPUT_PATHS,
          BloomkitConfig.JOIN_LEFT_MAPPER},
      {BloomkitConfig.JOIN_RIGHT_INPUT_SPEC, BloomkitConfig.JOIN_RIGHT_INPUT_PATHS,
          BloomkitConfig.JOIN_RIGHT_MAPPER}};

  private SideInputs() {}

  /**
   * Adds side {@code side} to {@code job}: its {@code inputs} (files, directories, globs; recursion
   * on) read by {@code spec} and mapped by {@code mapper}. Sets the job's input format and mapper.
   */
  @SuppressWarnings("rawtypes")
  public static void add(Job job, int side, Path[] inputs, Class<? extends Mapper> mapper,
      TableSpec spec) throws IOException {
    Configuration conf = job.getConfiguration();
    conf.setBoolean(Inputs.RECURSIVE, true);
    spec.store(conf, KEYS[side][0]);
    KEYS[side][1].set(conf, Inputs.pathList(conf, inputs));
    KEYS[side][2].set(conf, mapper.getName());
    job.setInputFormatClass(Format.class);
    job.setMapperClass(Dispatch.class);
  }

  /** The side of a split of such a job, or -1 for any other split. */
  public static int sideOf(InputSplit split) {
    return split instanceof SideSplit ? ((SideSplit) split).side() : -1;
  }

  /** The table input format of one side: its spec under the side's key. */
  static final class SideTable extends TableInputFormat {
    private final BloomkitConfig specKey;

    SideTable(int side) {
      this.specKey = KEYS[side][0];
    }

    @Override
    protected BloomkitConfig specKey() {
      return specKey;
    }
  }

  /** Each side's splits, computed on their own, tagged with the side. */
  static final class Format extends InputFormat<LongWritable, Row> {
    @Override
    public List<InputSplit> getSplits(JobContext job) throws IOException, InterruptedException {
      Configuration conf = job.getConfiguration();
      List<InputSplit> out = new ArrayList<>();
      for (int side = 0; side < KEYS.length; side++) {
        String paths = KEYS[side][1].get(conf);
        if (paths.isEmpty()) {
          continue;
        }
        Job one = Job.getInstance(conf); // a copy: this side's paths only
        one.getConfiguration().set(FileInputFormat.INPUT_DIR, paths);
        one.getCredentials().addAll(job.getCredentials());
        for (InputSplit s : new SideTable(side).getSplits(one)) {
          out.add(new SideSplit(side, s, conf));
        }
        job.getCredentials().addAll(one.getCredentials()); // the tokens listing obtained
      }
      return out;
    }

    @Override
    public RecordReader<LongWritable, Row> createRecordReader(InputSplit split,
        TaskAttemptContext context) throws IOException, InterruptedException {
      SideSplit s = (SideSplit) split;
      return new Reader(new SideTable(s.side()).createRecordReader(s.inner(), context));
    }
  }

  /** The side's reader, initialized with the inner split. */
  static final class Reader extends RecordReader<LongWritable, Row> {
    private final RecordReader<LongWritable, Row> reader;

    Reader(RecordReader<LongWritable, Row> reader) {
      this.reader = reader;
    }

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context)
        throws IOException, InterruptedException {
      reader.initialize(split instanceof SideSplit ? ((SideSplit) split).inner() : split, context);
    }

    @Override
    public boolean nextKeyValue() throws IOException, InterruptedException {
      return reader.nextKeyValue();
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
    }
  }

  /** The job's mapper: runs the mapper of the split's side. */
  @SuppressWarnings({"rawtypes", "unchecked"})
  static final class Dispatch extends Mapper {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      int side = sideOf(context.getInputSplit());
      if (side < 0) {
        throw new IOException("not a split of a side: " + context.getInputSplit());
      }
      String name = KEYS[side][2].get(conf);
      Class<?> type;
      try {
        type = conf.getClassByName(name);
      } catch (ClassNotFoundException e) {
        throw new IOException("cannot load the mapper " + name + " of side " + side, e);
      }
      Mapper mapper = (Mapper) ReflectionUtils.newInstance(type, conf);
      mapper.run(context);
    }
  }
}
