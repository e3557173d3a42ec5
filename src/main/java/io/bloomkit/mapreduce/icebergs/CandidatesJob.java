package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.CacheLinks;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The verify / evaluate job of counting and lcbf: ships the {@code key<TAB>value} files of the
 * candidates, re-reads the input and sums exact totals ({@link CandidateTotalsMapper}, {@link
 * CandidateTotalsReducer}): the candidates' with {@code verify}, every key's with {@code
 * evaluate}.
 */
final class CandidatesJob {
  private CandidatesJob() {}

  /** Runs the job from {@code candidates} into {@code output}; returns its counters. */
  static JobCounters run(IcebergPlan plan, JobChain chain, Path candidates, Path output,
      boolean verify, boolean evaluate) throws IOException, InterruptedException {
    FileSystem fs = chain.fs();
    List<Path> files = new ArrayList<>();
    if (fs.exists(candidates)) {
      for (FileStatus st : fs.listStatus(candidates, p -> p.getName().startsWith("part-"))) {
        files.add(st.getPath());
      }
    }
    JobChain.Step step = chain.step("icebergs " + Choices.name(plan.method) + ": "
        + (verify ? "verify" : "") + (verify && evaluate ? " and " : "")
        + (evaluate ? "evaluate" : "") + " -> " + output)
        .tableInput(plan.spec, plan.inputs);
    IcebergJobs.sums(plan, step, CandidateTotalsMapper.class, CandidateTotalsReducer.class,
        output);
    BloomkitConfig.ICEBERG_VERIFY.set(step.conf(), verify);
    BloomkitConfig.ICEBERG_EVALUATE.set(step.conf(), evaluate);
    CacheFiles.ship(step.job(), files, CacheLinks.CANDIDATES_PREFIX);
    return step.run();
  }
}
