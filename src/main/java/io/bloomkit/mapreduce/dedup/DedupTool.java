package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.RecordFormat;
import io.bloomkit.mapreduce.common.Report;
import java.io.IOException;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code dedup --input PATH[,PATH] --output DIR --key-field I[,J] [--time-field T] [--delimiter D]
 * [--method exact|counting|stream] [--window W] [--duplicates DIR2] [--reducers R] [--items N]
 * [--bits-per-key B] [--filter F --memory-bits B [--slices S] [--importance-field F] [--evaluate]
 * [--local-filter none|exact|bloom [--local-bits B]]] [--strict] [--max-malformed-share S] [--json]}: batch duplicate
 * elimination of text records.
 *
 * <p>A record is a duplicate when a record with the same key comes earlier in the global order
 * (time, file path, byte offset) — the time is the integer {@code --time-field}, or 0 for every
 * record without one, so the order is then the input order within a file and the files in path
 * order. With {@code --window W} a record is a duplicate only when the previous record of its key
 * is less than W time units older. Kept records are written to DIR, removed ones to DIR2 when
 * given; every input record is kept, a duplicate or malformed (the tool checks the counters add
 * up). The methods are {@link DedupMethod}'s. With {@code stream} only the {@code timer} filter has
 * a window (it needs {@code --window}); the others ignore it, while the oracle does not (the JSON
 * says {@code filterIgnoresWindow}; when nothing applies the window, {@code --window} is a usage
 * error).
 *
 * <p>The tool parses the command line into a {@link DedupPlan}, runs {@link DedupJobs} and reports
 * with {@link DedupReport}.
 */
public final class DedupTool extends BloomkitTool {
  /** The input's name in the map tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

  @Override
  public String name() {
    return "dedup";
  }

  @Override
  public String description() {
    return "Remove duplicate records (same key seen earlier, optionally within a time window).";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "DIR", "directory of the kept records; must not exist (required)"));
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s), joined with the delimiter (required)"));
    o.addOption(integerOpt("time-field", "T", "0-based field holding an integer time (default: input order)"));
    o.addOption(SizingOptions.delimiter());
    o.addOption(opt("method", "M", "exact (default), counting or stream"));
    o.addOption(integerOpt("window", "W", "duplicate only if the key occurred less than W time units earlier"
        + " (time-field units; stream: the timer filter, --local-filter exact and the --evaluate"
        + " oracle apply it)"));
    o.addOption(opt("duplicates", "DIR2", "directory for the removed records; must not exist"));
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    DedupMethod.addOptions(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    DedupPlan plan = plan(cl, conf);
    plan.configure(conf);
    Report report = new Report();
    DedupJobs.Run run = DedupJobs.run(conf, plan);
    boolean warning = run.tally.warnIfAbove(plan.maxShare, err());
    return DedupReport.of(report, plan, run, warning);
  }

  /** The plan of {@code cl}; sets the record format in {@code conf}. */
  private DedupPlan plan(CommandLine cl, Configuration conf) throws IOException {
    DedupMethod method = DedupMethod.of(cl);
    BloomkitConfig.DELIMITER.set(conf, String.valueOf(RecordFormat.delimiter(cl)));
    BloomkitConfig.KEY_FIELDS.set(
        conf, KeyExtractor.formatFields(RecordFormat.keyFields(cl, "key-field", null)));
    BloomkitConfig.TIME_FIELD.set(conf, intValue(cl, "time-field", -1, 0));
    long window = longValue(cl, "window", 0, 1);
    if (window > 0 && !cl.hasOption("time-field")) {
      throw new UsageException("--window needs --time-field");
    }
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    StreamOptions stream =
        method == DedupMethod.STREAM ? StreamOptions.parse(cl, conf, window, reducers) : null;
    CountingSizing counting = method == DedupMethod.COUNTING ? CountingSizing.parse(cl) : null;
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    Path duplicates =
        cl.hasOption("duplicates") ? absentPath(cl.getOptionValue("duplicates"), "duplicates") : null;
    if (duplicates != null && duplicates.equals(output)) {
      throw new UsageException("--duplicates must differ from --output");
    }
    return new DedupPlan(method, inputs, output, duplicates,
        stream == null ? reducers : stream.slices, window, maxShare, counting, stream);
  }

  public static void main(String[] args) {
    main(new DedupTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
