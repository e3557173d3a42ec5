package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Temporaries;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;

/**
 * What the icebergs job chains share: the work directory, the setup of a job of (key, total)
 * pairs, and the checks that the counters add up.
 */
final class IcebergJobs {
  /** The input's name in the map tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

  private IcebergJobs() {}

  /**
   * Runs the plan's chain in a hidden work directory next to the output; the finished output is
   * renamed into place.
   */
  static RunCounters run(IcebergPlan plan) throws IOException, InterruptedException {
    Configuration conf = plan.conf;
    FileSystem fs = plan.output.getFileSystem(conf);
    Path output = fs.makeQualified(plan.output);
    RunCounters counters = new RunCounters();
    try (Temporaries.Temporary t = Temporaries.of(conf, output, "icebergs")) {
      Path staged = new Path(t.path(), "out");
      plan.method.chain().run(plan, t.path(), staged, counters);
      Temporaries.promote(fs, staged, output);
      return counters;
    }
  }

  /**
   * A job writing (Text key, LongWritable total) pairs with {@code format} into {@code output}
   * (lazily: no empty files); map-only when {@code reducer} is null.
   */
  @SuppressWarnings("rawtypes")
  static Job create(
      Configuration conf,
      String name,
      Class<? extends Mapper> mapper,
      Class<? extends Reducer> reducer,
      int reducers,
      Class<? extends OutputFormat> format,
      Path output)
      throws IOException {
    Job job = Job.getInstance(conf);
    job.setJobName(name);
    job.setJarByClass(IcebergTool.class);
    job.setMapperClass(mapper);
    if (reducer != null) {
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(LongWritable.class);
      job.setReducerClass(reducer);
    }
    job.setNumReduceTasks(reducer == null ? 0 : reducers);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, format);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  /** Runs a job to completion and counts it. */
  static void run(Job job, RunCounters counters) throws IOException, InterruptedException {
    Jobs.run(job);
    counters.jobs++;
  }

  /**
   * Sets the plan's input on a job whose map tasks read and parse it ({@link
   * WeightedRecordMapper}); returns the directory of their malformed-record samples.
   */
  static Path readInput(Job job, IcebergPlan plan, Path work) throws IOException {
    Inputs.configure(job, plan.inputs);
    return MalformedRecords.prepare(job, work);
  }

  /**
   * Takes the input and malformed records of the job that read the input first; fails when every
   * record was malformed.
   */
  static void takeInput(Job job, IcebergPlan plan, Path samples, RunCounters counters)
      throws IOException {
    counters.take(job, IcebergCounters.INPUT_RECORDS, IcebergCounters.MALFORMED_RECORDS);
    Configuration conf = plan.conf;
    counters.tally =
        new MalformedRecords.Tally(
                SAMPLE_INPUT, BloomkitConfig.KEY_FIELDS.get(conf), BloomkitConfig.DELIMITER.get(conf))
            .counts(counters.get(IcebergCounters.INPUT_RECORDS),
                counters.get(IcebergCounters.MALFORMED_RECORDS),
                MalformedRecords.first(conf, samples, SAMPLE_INPUT));
    counters.tally.failIfAllMalformed();
  }

  /** Fails unless a filtering job's records are each a candidate's, filtered or malformed. */
  static void checkRecords(long input, long candidate, long filtered, long malformed)
      throws IOException {
    if (candidate + filtered + malformed != input) {
      throw new IOException("records unaccounted for: " + input + " read but " + candidate
          + " candidates + " + filtered + " filtered + " + malformed + " malformed");
    }
  }

  /** Fails unless a later pass read as many records as the first. */
  static void checkSameInput(long first, long again) throws IOException {
    if (first != again) {
      throw new IOException("the input changed while icebergs ran: " + first
          + " records in the first pass, " + again + " in the last");
    }
  }
}
