package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.IcebergCounters.CANDIDATES;
import static io.bloomkit.mapreduce.IcebergCounters.CANDIDATE_RECORDS;
import static io.bloomkit.mapreduce.IcebergCounters.FILTERED_RECORDS;
import static io.bloomkit.mapreduce.IcebergCounters.HITS;
import static io.bloomkit.mapreduce.IcebergCounters.ICEBERGS;
import static io.bloomkit.mapreduce.IcebergCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.IcebergCounters.KEYS;
import static io.bloomkit.mapreduce.IcebergCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.IcebergCounters.NAIVE_BYTES;
import static io.bloomkit.mapreduce.IcebergCounters.TRUE_ICEBERGS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.common.ShippedFilter;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The jobs of {@code exact} and {@code counting}: [counting: phase 1, the summed counting filter of
 * local totals], the totals job ({@link IcebergMapper}, {@link IcebergReducer}; counting: records
 * of keys below the filter's cap dropped in the map), [{@code --evaluate}: the candidates job].
 */
final class TotalsChain {
  private TotalsChain() {}

  static void run(IcebergPlan plan, Path work, Path output, RunCounters c)
      throws IOException, InterruptedException {
    Configuration conf = plan.conf;
    boolean counting = plan.method == IcebergMethod.COUNTING;
    Path filter = null;
    if (counting) {
      FileSystem fs = output.getFileSystem(conf);
      filter = fs.makeQualified(new Path(work, "totals.cbf"));
      Job first = totalsFilter(plan, work, filter);
      c.filterBytesShipped = fs.getFileStatus(filter).getLen();
      c.take(first, NAIVE_BYTES);
      c.jobs++;
    } else {
      c.set(0, NAIVE_BYTES); // exact ships no filter
    }
    Job job = IcebergJobs.create(conf, "bloomkit icebergs " + plan.method.cliName() + " -> " + output,
        IcebergMapper.class, IcebergReducer.class, plan.reducers, TextOutputFormat.class, output);
    Configuration jc = job.getConfiguration();
    BloomkitConfig.ICEBERG_VERIFY.set(jc, plan.verify);
    if (counting) {
      BloomkitConfig.ICEBERG_COUNTING.set(jc, true);
      ShippedFilter.ship(job, filter);
    }
    Path samples = IcebergJobs.readInput(job, plan, work);
    IcebergJobs.run(job, c);
    IcebergJobs.takeInput(job, plan, samples, c);
    c.take(job, MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES);
    long written = Jobs.counter(job, ICEBERGS);
    if (!counting) {
      c.take(job, KEYS);
      c.set(written, ICEBERGS, TRUE_ICEBERGS, HITS, CANDIDATES); // every key written is an iceberg
      return;
    }
    c.set(Jobs.counter(job, KEYS), CANDIDATES); // every candidate key reaches the reducers
    c.take(job, CANDIDATE_RECORDS, FILTERED_RECORDS);
    IcebergJobs.checkRecords(c.get(INPUT_RECORDS), c.get(CANDIDATE_RECORDS),
        c.get(FILTERED_RECORDS), c.get(MALFORMED_RECORDS));
    if (plan.verify) {
      // counting misses no iceberg (IcebergFilters): the verified candidates are all the icebergs
      c.set(written, ICEBERGS, TRUE_ICEBERGS, HITS);
    }
    if (plan.evaluate) {
      // the reported keys: the verified icebergs or the candidates; either way hits = those
      // among them that are true icebergs
      Job ev = CandidatesJob.run(plan, output, new Path(work, "evaluate"), false, true, c);
      c.take(ev, KEYS, TRUE_ICEBERGS, HITS);
      IcebergJobs.checkSameInput(c.get(INPUT_RECORDS), Jobs.counter(ev, INPUT_RECORDS));
    }
  }

  /** Phase 1 of counting: per-split counting filters of local totals, summed; returns the job. */
  private static Job totalsFilter(IcebergPlan plan, Path work, Path filter)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(plan.conf);
    job.setJobName("bloomkit icebergs counting: local totals");
    job.setJarByClass(IcebergTool.class);
    job.setMapperClass(TotalsFilterMapper.class);
    FilterBuild.perSplitCountingFilter(job, plan.inputs, work, filter,
        plan.counting.items, plan.counting.bitsPerKey);
    return job;
  }
}
