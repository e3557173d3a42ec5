package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.config.IcebergCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_WEIGHTS;

import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * What the icebergs job chains share: the chain of a plan, the jobs that sum (key, total) pairs,
 * and the input's record counts.
 */
final class IcebergJobs {
  /** The input's name in the map tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

  private IcebergJobs() {}

  /**
   * Runs the plan's method in a {@link JobChain} (a hidden work directory next to the output); the
   * finished output is renamed into place.
   */
  static RunCounters run(IcebergPlan plan) throws IOException, InterruptedException {
    try (JobChain chain = JobChain.open(plan.conf, plan.output, "icebergs", IcebergTool.class)) {
      RunCounters counters = new RunCounters();
      plan.method.chain.run(plan, chain, counters);
      chain.promote();
      counters.jobs = chain.jobs();
      return counters;
    }
  }

  /**
   * Sets a step that sums (Text key, LongWritable total) pairs into {@code key<TAB>total} lines;
   * the step writing the chain's staged output writes the plan's {@code --output-format} instead
   * (records of {@link IcebergOutput#schema}, the reducers write through {@link IcebergOutput}).
   */
  @SuppressWarnings("rawtypes")
  static JobChain.Step sums(IcebergPlan plan, JobChain.Step step, Class<? extends Mapper> mapper,
      Class<? extends Reducer> reducer, Path output) throws IOException {
    step.map(mapper, Text.class, LongWritable.class).reduce(reducer, plan.reducers);
    if (plan.out.text() || !output.equals(step.chain().staged())) {
      return step.lazyOutput(TextOutputFormat.class, Text.class, LongWritable.class, output);
    }
    plan.out.lazyOutput(step.job(), IcebergOutput.schema(plan.spec), output);
    return step;
  }

  /**
   * Takes the input and malformed records of the step that read the input first (its map tasks
   * sampled the malformed ones); fails when every record was malformed.
   */
  static void takeInput(JobChain.Step step, JobCounters job, IcebergPlan plan,
      RunCounters counters) throws IOException {
    counters.take(job, INPUT_RECORDS, MALFORMED_RECORDS, NULL_KEYS, NULL_WEIGHTS);
    TableSpec spec = plan.spec;
    counters.tally =
        new MalformedRecords.Tally(SAMPLE_INPUT,
                String.join(",", spec.fields().subList(0, spec.keyFieldCount())),
                String.valueOf(spec.delimiter()))
            .counts(job.get(INPUT_RECORDS), job.get(MALFORMED_RECORDS),
                step.firstMalformed(SAMPLE_INPUT));
    counters.tally.failIfAllMalformed();
  }

  /** Fails unless a later pass read as many records as the first. */
  static void checkSameInput(RunCounters counters, JobCounters again) throws IOException {
    long first = counters.get(INPUT_RECORDS);
    if (first != again.get(INPUT_RECORDS)) {
      throw new IOException("the input changed while icebergs ran: " + first
          + " records in the first pass, " + again.get(INPUT_RECORDS) + " in the last");
    }
  }
}
