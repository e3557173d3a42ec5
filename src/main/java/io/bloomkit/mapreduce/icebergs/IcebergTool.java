package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.Report;
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
    o.addOption(opt("weight-field", "W", "0-based field of a non-negative integer weight (default 1)"));
    o.addOption(opt("threshold", "T", "minimum total of an iceberg, at least 1 (required)"));
    o.addOption(SizingOptions.delimiter());
    IcebergMethod.addOptions(o);
    o.addOption(opt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    IcebergMethod method = IcebergMethod.parse(cl);
    Configuration conf = new Configuration(getConf());
    try {
      BloomkitConfig.DELIMITER.set(
          conf, String.valueOf(KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t"))));
      BloomkitConfig.KEY_FIELDS.set(
          conf, KeyExtractor.formatFields(KeyExtractor.parseFields(required(cl, "key-field"))));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
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
    IcebergPlan plan = new IcebergPlan(conf, method, cl.hasOption("verify"),
        cl.hasOption("evaluate"), reducers, counting, lcbf, maxShare,
        existingPaths(required(cl, "input"), "input"), absentPath(required(cl, "output"), "output"));

    Report report = new Report();
    RunCounters run = IcebergJobs.run(plan);
    IcebergReport.fill(report, plan, run, run.tally.warnIfAbove(plan.maxMalformedShare, err()));
    return report.put("output", plan.output.toString()).seconds().fields();
  }

  public static void main(String[] args) {
    main(new IcebergTool(), args);
  }
}
