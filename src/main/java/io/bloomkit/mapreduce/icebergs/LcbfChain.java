package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATES;
import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATE_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTER_BYTES_LOADED;
import static io.bloomkit.mapreduce.config.IcebergCounters.HITS;
import static io.bloomkit.mapreduce.config.IcebergCounters.ICEBERGS;
import static io.bloomkit.mapreduce.config.IcebergCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.LOCAL_ICEBERGS;
import static io.bloomkit.mapreduce.config.IcebergCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NAIVE_BYTES;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.SATURATIONS;
import static io.bloomkit.mapreduce.config.IcebergCounters.TRUE_ICEBERGS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.config.CacheLinks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * The jobs of {@code lcbf}. Job 1 (map only, {@link LcbfTotalsMapper}, step 1 per split): each map
 * task writes its split's complete local totals and a filter of those below T; local icebergs are
 * reported at once. Job 2 ({@link LcbfEstimateMapper}, {@link LcbfCandidateReducer}, step 3): the
 * filters are shipped through the DistributedCache; each map task estimates its keys' global
 * totals from its own total plus the other splits' filters and emits those reaching T: the
 * candidates, written as {@code key<TAB>estimate}. {@code --verify} (job 3, {@link
 * CandidatesJob}): ships the candidates, re-reads the input and writes the candidates' exact
 * totals at or above T: the true icebergs among the candidates.
 */
final class LcbfChain {
  private LcbfChain() {}

  static void run(IcebergPlan plan, JobChain chain, RunCounters c)
      throws IOException, InterruptedException {
    // job 1: complete local totals per split, local icebergs, one filter per split (step 1)
    Path totals = chain.work("totals");
    JobChain.Step first = chain.step("icebergs lcbf: local totals -> " + totals)
        .tableInput(plan.spec, plan.inputs).sampleMalformed()
        .map(LcbfTotalsMapper.class).mapOnly()
        .lazyOutput(SequenceFileOutputFormat.class, Text.class, LongWritable.class, totals);
    JobCounters one = first.run();
    IcebergJobs.takeInput(first, one, plan, c);
    c.take(one, LOCAL_ICEBERGS, SATURATIONS, FILTERS, NAIVE_BYTES);

    // job 2: every other split's filter shipped to each split's totals (step 3)
    FileSystem fs = chain.fs();
    List<Path> filters = new ArrayList<>();
    boolean anyTotals = false;
    if (fs.exists(totals)) {
      for (FileStatus st : fs.listStatus(totals)) {
        String n = st.getPath().getName();
        if (n.endsWith(LcbfFilters.SUFFIX)) {
          filters.add(st.getPath());
          c.filterBytesShipped += st.getLen();
        } else if (n.startsWith("part-")) {
          anyTotals = true;
        }
      }
    }
    Path candidates = plan.verify ? chain.work("candidates") : chain.staged();
    // no well-formed record at all: an empty input, so job 2 writes no candidates
    Path none = chain.work("no-totals");
    if (!anyTotals) {
      fs.mkdirs(none);
    }
    JobChain.Step second = chain.step("icebergs lcbf: global estimates of " + filters.size()
        + " filters -> " + candidates)
        .input(SequenceFileInputFormat.class, anyTotals ? totals : none);
    IcebergJobs.sums(plan, second, LcbfEstimateMapper.class, LcbfCandidateReducer.class,
        candidates);
    CacheFiles.ship(second.job(), filters, CacheLinks.LCBF_PREFIX);
    if (anyTotals) {
      FileInputFormat.setInputPathFilter(second.job(), TotalsFiles.class);
      // one map task per totals file (a few bytes per key): each task loads all other filters
      FileInputFormat.setMinInputSplitSize(second.job(), Long.MAX_VALUE);
    }
    JobCounters two = second.run();
    c.take(two, CANDIDATES, FILTER_BYTES_LOADED, MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES);
    if (!plan.verify && !plan.evaluate) {
      return;
    }

    // job 3: the candidates' exact totals (verify), every key's (evaluate)
    JobCounters three = CandidatesJob.run(plan, chain, candidates,
        plan.verify ? chain.staged() : chain.work("evaluate"), plan.verify, plan.evaluate);
    IcebergJobs.checkSameInput(c, three);
    c.take(three, CANDIDATE_RECORDS, FILTERED_RECORDS);
    RecordBalance.of(c.get(INPUT_RECORDS)).plus(c.get(CANDIDATE_RECORDS), "candidates")
        .plus(c.get(FILTERED_RECORDS), "filtered").plus(three.get(MALFORMED_RECORDS), "malformed")
        .plus(three.get(NULL_KEYS), "null keys").check();
    if (plan.verify) {
      c.take(three, ICEBERGS, HITS);
    }
    if (plan.evaluate) {
      c.take(three, KEYS, TRUE_ICEBERGS, HITS);
    }
  }

  /** Job 2's input: the totals files of job 1, not the filters next to them. */
  public static final class TotalsFiles implements PathFilter {
    @Override
    public boolean accept(Path p) {
      return !p.getName().endsWith(LcbfFilters.SUFFIX);
    }
  }
}
