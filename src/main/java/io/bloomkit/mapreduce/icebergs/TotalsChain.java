package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATES;
import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATE_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERS;
import static io.bloomkit.mapreduce.config.IcebergCounters.HITS;
import static io.bloomkit.mapreduce.config.IcebergCounters.ICEBERGS;
import static io.bloomkit.mapreduce.config.IcebergCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.LOCAL_TOTALS;
import static io.bloomkit.mapreduce.config.IcebergCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NAIVE_BYTES;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.TOTAL_WEIGHT;
import static io.bloomkit.mapreduce.config.IcebergCounters.TRUE_ICEBERGS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * The jobs of {@code exact} and {@code counting}: [counting: phase 1, the summed sketch of local
 * totals ({@link IcebergFilters})], the totals job ({@link IcebergMapper}, {@link IcebergReducer};
 * counting: records of keys whose estimate is below T dropped in the map), [{@code --evaluate}:
 * the candidates job].
 */
final class TotalsChain {
  private TotalsChain() {}

  static void run(IcebergPlan plan, JobChain chain, RunCounters c)
      throws IOException, InterruptedException {
    boolean counting = plan.method == IcebergMethod.COUNTING;
    Path sketch = counting ? totalsSketch(plan, chain, c) : null;
    JobChain.Step step = chain.step("icebergs " + Choices.name(plan.method) + " -> "
        + chain.staged()).tableInput(plan.spec, plan.inputs).sampleMalformed();
    IcebergJobs.sums(plan, step, IcebergMapper.class, IcebergReducer.class, chain.staged());
    BloomkitConfig.ICEBERG_VERIFY.set(step.conf(), plan.verify);
    if (counting) {
      BloomkitConfig.ICEBERG_COUNTING.set(step.conf(), true);
      CacheFiles.ship(step.job(), sketch, IcebergFilters.SHIPPED_PREFIX + sketch.getName());
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
   * Counting's phase 1 (map only, {@link TotalsFilterMapper}): one sketch of local totals per
   * split, summed here ({@link CountMinSketch#merge}) into one file of the work directory; returns
   * its path. Takes the phase's counters ({@code LOCAL_TOTALS}, {@code TOTAL_WEIGHT}, {@code
   * NAIVE_BYTES}, {@code FILTERS}).
   */
  private static Path totalsSketch(IcebergPlan plan, JobChain chain, RunCounters c)
      throws IOException, InterruptedException {
    Path partials = chain.work("partials");
    CountingShape shape = plan.counting;
    JobChain.Step step = chain.step("icebergs counting: sketches of local totals (" + shape.numHashes
        + " x " + shape.width + " counters of " + shape.counterBits + " bits) -> " + partials)
        .tableInput(plan.spec, plan.inputs)
        .map(TotalsFilterMapper.class).mapOnly()
        .lazyOutput(SequenceFileOutputFormat.class, NullWritable.class, NullWritable.class,
            partials);
    JobCounters job = step.run();
    c.take(job, LOCAL_TOTALS, TOTAL_WEIGHT, NAIVE_BYTES, FILTERS);
    CountMinSketch sum = IcebergFilters.create(step.conf());
    FileSystem fs = chain.fs();
    if (fs.exists(partials)) {
      for (FileStatus st : fs.listStatus(partials)) {
        if (!st.getPath().getName().endsWith(IcebergFilters.SUFFIX)) {
          continue;
        }
        try (InputStream in = new BufferedInputStream(fs.open(st.getPath()), 1 << 16)) {
          sum.merge(FilterFiles.named(st.getPath(),
              () -> CountMinSketch.read(in, st.getLen())));
        }
      }
    }
    Path sketch = chain.work("totals" + IcebergFilters.SUFFIX);
    c.filterBytesShipped = FilterFiles.writeAtomically(step.conf(), sketch, sum::writeTo);
    return sketch;
  }
}
