package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import io.bloomkit.mapreduce.filterjob.FilterBuild;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The jobs of a dedup run ({@link JobChain}): for {@code counting} the filter of key multiplicities
 * first, then the dedup job ({@link DedupMapper}, the method's reducer), both reading the input
 * by the plan's {@link TableSpec}. When every record is accounted for ({@link #balance}), the kept and the removed records are each renamed
 * into place complete, with {@code _SUCCESS}; a failure leaves neither.
 */
final class DedupJobs {
  private DedupJobs() {}

  /** What the jobs did. */
  static final class Run {
    /** The dedup job's counters, which hold the result. */
    final JobCounters counters;
    /** The input's records, malformed ones and the first of them. */
    final MalformedRecords.Tally tally;
    /** counting: the multiplicities filter's memory, else 0. */
    final long filterBits;
    final int jobs;

    Run(JobCounters counters, MalformedRecords.Tally tally, long filterBits, int jobs) {
      this.counters = counters;
      this.tally = tally;
      this.filterBits = filterBits;
      this.jobs = jobs;
    }
  }

  /**
   * Every record is kept, a duplicate or malformed, or (without {@code --null-keys-equal}) has a
   * null key and was written as distinct; with it, null-key records are kept or duplicates like
   * any other and {@code NULL_KEYS} is a part of those.
   */
  static RecordBalance balance(JobCounters c, boolean nullKeysEqual) {
    RecordBalance b = RecordBalance.of(c.get(DedupCounters.INPUT_RECORDS))
        .plus(c.get(DedupCounters.KEPT), "kept")
        .plus(c.get(DedupCounters.DUPLICATES), "duplicates")
        .plus(c.get(DedupCounters.MALFORMED_RECORDS), "malformed");
    return nullKeysEqual ? b : b.plus(c.get(DedupCounters.NULL_KEYS), "null keys (kept, distinct)");
  }

  /** Runs the job(s); {@code conf} holds {@code plan}'s keys. */
  static Run run(Configuration conf, DedupPlan plan) throws IOException, InterruptedException {
    try (JobChain chain = JobChain.open(conf, plan.output, "dedup", DedupTool.class)) {
      Path filter = chain.work("multiplicities.cbf");
      long filterBits = 0;
      if (plan.method == DedupMethod.COUNTING) {
        JobChain.Step multiplicities =
            chain.step("dedup counting: key multiplicities").map(MultiplicityMapper.class);
        // counts need no order: this job may split what the dedup job reads whole
        TableSpec unordered = plan.spec.toBuilder().ordered(false).build();
        filterBits = FilterBuild.perSplitCountingFilter(multiplicities, unordered, plan.inputs,
            filter, plan.counting.items, plan.counting.bitsPerKey).memoryBits();
      }
      JobChain.Step dedup =
          chain.step("dedup " + Choices.name(plan.method) + " -> " + chain.output())
              .sampleMalformed()
              .map(DedupMapper.class, DedupKey.class, Text.class);
      if (plan.schema == null) {
        dedup.lazyOutput(TextOutputFormat.class, NullWritable.class, Text.class, chain.staged());
      } else {
        plan.out.lazyOutput(dedup.job(), plan.schema, chain.staged());
      }
      Inputs.configure(dedup.job(), plan.spec, plan.inputs); // ordered: positions follow the file
      InputFiles.write(dedup.job(), chain.work("input-files"));
      dedup.job().setPartitionerClass(DedupKey.KeyPartitioner.class);
      plan.method.shuffle(dedup.job());
      dedup.job().setNumReduceTasks(plan.reducers);
      if (plan.method == DedupMethod.COUNTING) {
        BloomkitConfig.DEDUP_COUNTING.set(dedup.conf(), true);
        ShippedFilter.ship(dedup.job(), chain.fs().makeQualified(filter));
      }
      JobCounters c = dedup.run();
      TableSpec spec = plan.spec;
      MalformedRecords.Tally tally =
          new MalformedRecords.Tally("input",
                  String.join(",", spec.fields().subList(0, spec.keyFieldCount())),
                  String.valueOf(spec.delimiter()))
              .counts(c.get(DedupCounters.INPUT_RECORDS), c.get(DedupCounters.MALFORMED_RECORDS),
                  dedup.firstMalformed(DedupTool.SAMPLE_INPUT));
      tally.failIfAllMalformed(); // before anything is promoted to the output
      balance(c, plan.nullKeysEqual).check();
      if (plan.duplicates != null) {
        chain.promote(new Path(chain.staged(), DedupOutput.DUPLICATES), plan.duplicates);
      }
      chain.promote(new Path(chain.staged(), DedupOutput.KEPT), chain.output());
      return new Run(c, tally, filterBits, chain.jobs());
    }
  }
}
