package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.RecordFormat;
import io.bloomkit.mapreduce.common.Report;
import java.io.IOException;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code icebergs --input PATH[,PATH] --output DIR --key-field I[,J] [--weight-field W] --threshold
 * T [--method exact|counting|lcbf] [--verify] [--evaluate] [--delimiter D] [--reducers R] [--items
 * N] [--bits-per-key B] [--entries-per-key R] [--num-hashes K] [--value-bits L] [--strict]
 * [--max-malformed-share S] [--json]}: the keys whose total weight (record count without a weight
 * field) over the whole input is at least T, written as {@code key<TAB>total}.
 *
 * <p>The command line makes an {@link IcebergPlan}; its {@link IcebergMethod} (with the options
 * of that method only) runs its job chain ({@link IcebergJobs#run}); the result is reported from
 * the jobs' counters ({@link IcebergReport}).
 */
public final class IcebergTool extends BloomkitTool {
  @Override
  public String name() {
    return "icebergs";
  }

  @Override
  public String description() {
    return "Find the keys whose total count or weight over the input is at least a threshold.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "DIR", "directory of key<TAB>total lines (unverified counting and"
        + " lcbf: key<TAB>estimate of each candidate); must not exist (required)"));
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s), joined with the delimiter (required)"));
    o.addOption(integerOpt("weight-field", "W", "0-based field of a non-negative integer weight (default 1)"));
    o.addOption(integerOpt("threshold", "T", "minimum total of an iceberg, at least 1 (required)"));
    o.addOption(SizingOptions.delimiter());
    IcebergMethod.addOptions(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    IcebergPlan plan = plan(cl);
    Report report = new Report();
    RunCounters run = IcebergJobs.run(plan);
    return IcebergReport.of(report, plan, run, run.tally.warnIfAbove(plan.maxMalformedShare, err()));
  }

  /** The run the command line asks for; bad options are usage errors, before any job. */
  private IcebergPlan plan(CommandLine cl) throws IOException {
    IcebergMethod method = IcebergMethod.parse(cl);
    Configuration conf = new Configuration(getConf());
    BloomkitConfig.DELIMITER.set(conf, String.valueOf(RecordFormat.delimiter(cl)));
    BloomkitConfig.KEY_FIELDS.set(
        conf, KeyExtractor.formatFields(RecordFormat.keyFields(cl, "key-field", null)));
    BloomkitConfig.WEIGHT_FIELD.set(conf, intValue(cl, "weight-field", -1, 0));
    required(cl, "threshold");
    BloomkitConfig.ICEBERG_THRESHOLD.set(conf, longValue(cl, "threshold", 1, 1));
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    CountingSizing counting = method == IcebergMethod.COUNTING ? CountingSizing.parse(cl) : null;
    LcbfParams lcbf = method == IcebergMethod.LCBF ? LcbfParams.parse(cl) : null;
    if (lcbf != null) {
      lcbf.toConf(conf);
    }
    return new IcebergPlan(conf, method, cl.hasOption("verify"), cl.hasOption("evaluate"),
        reducers, counting, lcbf, maxShare,
        existingPaths(required(cl, "input"), "input"), absentPath(required(cl, "output"), "output"));
  }

  public static void main(String[] args) {
    main(new IcebergTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
