package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.Choices;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.RecordFormat;
import io.bloomkit.mapreduce.common.Report;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code join --left PATH --left-key I --right PATH --right-key J --output DIR [--type
 * inner|left-outer] [--delimiter D] [--filter FILE | --filter-type acbf|acbf1..3|cbf|bf|exact|none]
 * [--fpp P | --bits-per-key B] [--hashes K] [--reducers R] [--strict] [--max-malformed-share S]
 * [--json]}: a Bloom-filtered
 * reduce-side join (the paper's section 4). Left is the small (build) side, right the large
 * (probe) side. Unless {@code --filter} names a filter file or the type is {@code none}, a build
 * job first makes a filter of the left keys in a staging directory next to the output (removed
 * afterwards). The filter is shipped through the DistributedCache; right-side mappers drop the
 * records whose key fails it. Left-side mappers test every left key against the same filter: if
 * the filter rejects any (it was built from another field or an older input, or keys were removed
 * since), the join fails (exit 1) naming the filter, the count and the first such key. The job
 * writes into the hidden staging directory ({@code .DIR._join-UUID}, see {@link
 * io.bloomkit.mapreduce.common.JobChain}), which is renamed to DIR only after the job succeeded and
 * passed that check: DIR either does not exist or is complete, with {@code _SUCCESS}.
 *
 * <p>Checked before any job starts: inputs exist (exit 2), the output does not (2), a given filter
 * passes its checksum (1) and an exact key set fits {@link BloomkitConfig#EXACT_MAX_BYTES} (2; for
 * a set built here, checked after the build, before the join job).
 *
 * <p>The tool parses the command line into a {@link JoinPlan}, runs its jobs ({@link JoinJobs})
 * and reports from their counters ({@link JoinReport}).
 */
public final class JoinTool extends BloomkitTool {
  @Override
  public String name() {
    return "join";
  }

  @Override
  public String description() {
    return "Reduce-side join of a small left and a large right input, right side pre-filtered by"
        + " a filter of the left keys (default acbf, 16 bits per key).";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("left", "PATH[,PATH]", "left (small, build side) input (required)"));
    o.addOption(opt("left-key", "I[,J]", "0-based key field(s) of the left input (required)"));
    o.addOption(opt("right", "PATH[,PATH]", "right (large, probe side) input (required)"));
    o.addOption(opt("right-key", "I[,J]", "0-based key field(s) of the right input (required)"));
    o.addOption(opt("output", "DIR", "output directory; must not exist (required)"));
    o.addOption(opt("type", "TYPE", "inner (default) or left-outer"));
    o.addOption(SizingOptions.delimiter());
    OptionGroup g = new OptionGroup();
    g.addOption(opt("filter", "FILE", "use this filter file (from build or update)"));
    g.addOption(
        opt("filter-type", "TYPE", "build a filter of the left keys first: acbf (default), acbf1,"
            + " acbf2, acbf3, cbf, bf, exact, or none"));
    o.addOptionGroup(g);
    SizingOptions.addRate(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    JoinPlan plan = plan(cl, conf);
    Report report = new Report();
    return JoinReport.of(report, plan, JoinJobs.run(conf, plan, err()));
  }

  /** Checks the command line (usage errors: exit 2) and a given filter (exit 1 or 2). */
  private JoinPlan plan(CommandLine cl, Configuration conf) throws Exception {
    JoinPlan.Type type = Choices.get(cl, "type", JoinPlan.Type.INNER);
    char delimiter = RecordFormat.delimiter(cl);
    int[] leftKey = RecordFormat.keyFields(cl, "left-key", null);
    int[] rightKey = RecordFormat.keyFields(cl, "right-key", null);
    if (leftKey.length != rightKey.length) {
      throw new UsageException("--left-key and --right-key must name as many fields");
    }
    String filterType = cl.getOptionValue("filter-type", "acbf").toLowerCase(Locale.ROOT);
    JoinPlan.FilterSource source =
        cl.hasOption("filter") ? JoinPlan.FilterSource.GIVEN
            : filterType.equals("none") ? JoinPlan.FilterSource.NONE
            : JoinPlan.FilterSource.BUILD;
    if (source == JoinPlan.FilterSource.GIVEN) {
      SizingOptions.refuseSizing(cl, "--filter FILE (the filter is built already)");
    } else if (source == JoinPlan.FilterSource.NONE) {
      SizingOptions.refuseSizing(cl, "--filter-type none (no filter)");
    }
    FilterSpec spec =
        source == JoinPlan.FilterSource.NONE ? null : SizingOptions.spec(cl, filterType);
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    Path[] left = existingPaths(required(cl, "left"), "left");
    Path[] right = existingPaths(required(cl, "right"), "right");
    try {
      left = Inputs.forMultipleInputs(conf, left);
      right = Inputs.forMultipleInputs(conf, right);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path shared = Inputs.shared(conf, left, right);
    if (shared != null) {
      throw new UsageException("a file cannot be on both sides: " + shared);
    }
    Path output = absentPath(required(cl, "output"), "output");
    long exactMax = BloomkitConfig.EXACT_MAX_BYTES.getLong(conf);
    Path given = null;
    Filter probe = null;
    if (source == JoinPlan.FilterSource.GIVEN) {
      given = existingFile(cl.getOptionValue("filter"), "filter");
      probe = JoinJobs.checkGivenFilter(conf, given, exactMax);
    }
    return new JoinPlan(left, leftKey, right, rightKey, delimiter, output, type, source,
        source == JoinPlan.FilterSource.BUILD ? spec : null, given, probe, reducers,
        cl.hasOption("strict"), maxShare, exactMax);
  }

  public static void main(String[] args) {
    main(new JoinTool(), args);
  }
}
