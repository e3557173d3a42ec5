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
import static io.bloomkit.mapreduce.IcebergCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.IcebergCounters.TRUE_ICEBERGS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.common.Choices;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.common.ShippedFilter;
import java.io.IOException;
import org.apache.hadoop.fs.Path;

/**
 * The jobs of {@code exact} and {@code counting}: [counting: phase 1, the summed counting filter of
 * local totals], the totals job ({@link IcebergMapper}, {@link IcebergReducer}; counting: records
 * of keys below the filter's cap dropped in the map), [{@code --evaluate}: the candidates job].
 */
final class TotalsChain {
  private TotalsChain() {}

  static void run(IcebergPlan plan, JobChain chain, RunCounters c)
      throws IOException, InterruptedException {
    boolean counting = plan.method == IcebergMethod.COUNTING;
    Path filter = counting ? totalsFilter(plan, chain, c) : null;
    JobChain.Step step = chain.step("icebergs " + Choices.name(plan.method) + " -> "
        + chain.staged()).tableInput(plan.spec, plan.inputs).sampleMalformed();
    IcebergJobs.sums(plan, step, IcebergMapper.class, IcebergReducer.class, chain.staged());
    BloomkitConfig.ICEBERG_VERIFY.set(step.conf(), plan.verify);
    if (counting) {
      BloomkitConfig.ICEBERG_COUNTING.set(step.conf(), true);
      ShippedFilter.ship(step.job(), filter);
    }
    JobCounters job = step.run();
    IcebergJobs.takeInput(step, job, plan, c);
    c.take(job, MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES);
    long written = job.get(ICEBERGS);
    if (!counting) {
      c.take(job, KEYS);
      c.set(written, ICEBERGS, TRUE_ICEBERGS, HITS, CANDIDATES); // every key written is an iceberg
      c.set(0, NAIVE_BYTES); // and no filter is shipped
      return;
    }
    c.set(job.get(KEYS), CANDIDATES); // every candidate key reaches the reducers
    c.take(job, CANDIDATE_RECORDS, FILTERED_RECORDS);
    RecordBalance.of(c.get(INPUT_RECORDS)).plus(c.get(CANDIDATE_RECORDS), "candidates")
        .plus(c.get(FILTERED_RECORDS), "filtered").plus(c.get(MALFORMED_RECORDS), "malformed")
        .plus(c.get(NULL_KEYS), "null keys").check();
    if (plan.verify) {
      // counting misses no iceberg (IcebergFilters): the verified candidates are all the icebergs
      c.set(written, ICEBERGS, TRUE_ICEBERGS, HITS);
    }
    if (plan.evaluate) {
      // the reported keys: the verified icebergs or the candidates; either way hits = those
      // among them that are true icebergs
      JobCounters ev = CandidatesJob.run(plan, chain, chain.staged(), chain.work("evaluate"),
          false, true);
      c.take(ev, KEYS, TRUE_ICEBERGS, HITS);
      IcebergJobs.checkSameInput(c, ev);
    }
  }

  /**
   * Counting's phase 1: per-split counting filters of local totals ({@link TotalsFilterMapper}),
   * summed into one file in the work directory; returns its path.
   */
  private static Path totalsFilter(IcebergPlan plan, JobChain chain, RunCounters c)
      throws IOException, InterruptedException {
    Path filter = chain.work("totals.cbf");
    JobChain.Step step =
        chain.step("icebergs counting: local totals").map(TotalsFilterMapper.class);
    FilterBuild.perSplitCountingFilter(step, plan.spec, plan.inputs, filter, plan.counting.items,
        plan.counting.bitsPerKey);
    c.filterBytesShipped = chain.fs().getFileStatus(filter).getLen();
    c.take(JobCounters.of(step.job()), NAIVE_BYTES);
    return filter;
  }
}
