package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.common.Inputs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The verify / evaluate job of counting and lcbf: ships the {@code key<TAB>value} files of the
 * candidates, re-reads the input and sums exact totals ({@link CandidateTotalsMapper}, {@link
 * CandidateTotalsReducer}): the candidates' with {@code verify}, every key's with {@code
 * evaluate}.
 */
final class CandidatesJob {
  private CandidatesJob() {}

  /** Runs the job from {@code candidates} into {@code output}; returns the finished job. */
  static Job run(IcebergPlan plan, Path candidates, Path output, boolean verify, boolean evaluate,
      RunCounters counters) throws IOException, InterruptedException {
    Configuration conf = plan.conf;
    FileSystem fs = candidates.getFileSystem(conf);
    List<Path> files = new ArrayList<>();
    if (fs.exists(candidates)) {
      for (FileStatus st : fs.listStatus(candidates, p -> p.getName().startsWith("part-"))) {
        files.add(st.getPath());
      }
    }
    Job job = IcebergJobs.create(conf,
        "bloomkit icebergs " + plan.method.cliName() + ": " + (verify ? "verify" : "")
            + (verify && evaluate ? " and " : "") + (evaluate ? "evaluate" : "") + " -> " + output,
        CandidateTotalsMapper.class, CandidateTotalsReducer.class, plan.reducers,
        TextOutputFormat.class, output);
    BloomkitConfig.ICEBERG_VERIFY.set(job.getConfiguration(), verify);
    BloomkitConfig.ICEBERG_EVALUATE.set(job.getConfiguration(), evaluate);
    CacheFiles.ship(job, files, CacheFiles.CANDIDATES_PREFIX);
    Inputs.configure(job, plan.inputs);
    IcebergJobs.run(job, counters);
    return job;
  }
}
