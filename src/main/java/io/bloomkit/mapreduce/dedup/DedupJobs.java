package io.bloomkit.mapreduce.dedup;

import io.bloomkit.filter.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.DedupCounters;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.common.Temporaries;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The jobs of a dedup run, in a hidden work directory next to the output: for {@code counting} the
 * filter of key multiplicities first, then the dedup job ({@link DedupMapper}, the method's
 * reducer). When every record is accounted for (kept, duplicate or malformed), the kept and the
 * removed records are each renamed into place complete, with {@code _SUCCESS}; a failure leaves
 * neither.
 */
final class DedupJobs {
  private DedupJobs() {}

  /** What the jobs did. */
  static final class Run {
    /** The finished dedup job, whose counters hold the result. */
    final Job job;
    /** The input's records, malformed ones and the first of them. */
    final MalformedRecords.Tally tally;
    /** counting: the multiplicities filter's memory, else 0. */
    final long filterBits;
    final int jobs;

    Run(Job job, MalformedRecords.Tally tally, long filterBits, int jobs) {
      this.job = job;
      this.tally = tally;
      this.filterBits = filterBits;
      this.jobs = jobs;
    }
  }

  /** Runs the job(s); {@code conf} holds the record format and {@code plan}'s keys. */
  static Run run(Configuration conf, DedupPlan plan) throws IOException, InterruptedException {
    FileSystem fs = plan.output.getFileSystem(conf);
    Path output = fs.makeQualified(plan.output);
    try (Temporaries.Temporary t = Temporaries.of(conf, output, "dedup")) {
      Path work = t.path();
      Job job = Job.getInstance(conf);
      long filterBits = 0;
      int jobs = 1;
      if (plan.method == DedupMethod.COUNTING) {
        Path filter = new Path(work, "multiplicities.cbf");
        filterBits = buildMultiplicities(conf, plan, work, filter).memoryBits();
        jobs++;
        BloomkitConfig.DEDUP_COUNTING.set(job.getConfiguration(), true);
        ShippedFilter.ship(job, fs.makeQualified(filter));
      }
      Path out = new Path(work, "out");
      Path samples = configure(job, plan, output, work, out);
      Jobs.run(job);
      MalformedRecords.Tally tally =
          new MalformedRecords.Tally(
                  "input", BloomkitConfig.KEY_FIELDS.get(conf), BloomkitConfig.DELIMITER.get(conf))
              .counts(Jobs.counter(job, DedupCounters.INPUT_RECORDS),
                  Jobs.counter(job, DedupCounters.MALFORMED_RECORDS),
                  MalformedRecords.first(conf, samples, DedupTool.SAMPLE_INPUT));
      tally.failIfAllMalformed(); // before anything is promoted to the output
      checkAccounted(job);
      if (plan.duplicates != null) {
        Temporaries.promote(
            fs, new Path(out, DedupOutput.DUPLICATES), fs.makeQualified(plan.duplicates));
      }
      Temporaries.promote(fs, new Path(out, DedupOutput.KEPT), output);
      return new Run(job, tally, filterBits, jobs);
    }
  }

  /** Sets up the dedup job writing into {@code out}; returns its malformed-sample directory. */
  private static Path configure(Job job, DedupPlan plan, Path output, Path work, Path out)
      throws IOException {
    job.setJobName("bloomkit dedup " + plan.method.cliName() + " -> " + output);
    job.setJarByClass(DedupTool.class);
    Inputs.configureOrdered(job, plan.inputs); // offsets order a file's records
    InputFiles.write(job, new Path(work, "input-files"));
    Path samples = MalformedRecords.prepare(job, work);
    job.setMapperClass(DedupMapper.class);
    job.setMapOutputKeyClass(DedupKey.class);
    job.setMapOutputValueClass(Text.class);
    job.setPartitionerClass(DedupKey.KeyPartitioner.class);
    plan.method.shuffle(job);
    job.setNumReduceTasks(plan.reducers);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(Text.class);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    return samples;
  }

  /** Every record read is kept, a duplicate or malformed. */
  private static void checkAccounted(Job job) throws IOException {
    long read = Jobs.counter(job, DedupCounters.INPUT_RECORDS);
    long kept = Jobs.counter(job, DedupCounters.KEPT);
    long duplicates = Jobs.counter(job, DedupCounters.DUPLICATES);
    long malformed = Jobs.counter(job, DedupCounters.MALFORMED_RECORDS);
    if (kept + duplicates + malformed != read) {
      throw new IOException("records unaccounted for: " + read + " read but " + kept + " kept + "
          + duplicates + " duplicates + " + malformed + " malformed");
    }
  }

  /** Phase 1 of counting: per-split counting filters of key multiplicities, summed. */
  private static Filter buildMultiplicities(
      Configuration conf, DedupPlan plan, Path work, Path filter)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(conf);
    job.setJobName("bloomkit dedup counting: key multiplicities");
    job.setJarByClass(DedupTool.class);
    job.setMapperClass(MultiplicityMapper.class);
    return FilterBuild.perSplitCountingFilter(
        job, plan.inputs, work, filter, plan.items, plan.bitsPerKey);
  }
}
