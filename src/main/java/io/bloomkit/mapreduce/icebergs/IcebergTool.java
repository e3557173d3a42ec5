package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.cli.RecordFormat;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code icebergs --input PATH[,PATH] --output DIR --key-field F[,G] [--weight-field W] --threshold
 * T [--method exact|counting|lcbf] [--verify] [--evaluate] [--delimiter D] [--reducers R] [--items
 * N] [--bits-per-key B] [--entries-per-key R] [--num-hashes K] [--value-bits L] [--strict]
 * [--max-malformed-share S] [--input-format FMT] [--key-type T] [--null-token S] [--output-format
 * FMT] [--output-delimiter D] [--output-codec C] [--json]}: the keys whose total weight (record
 * count without a weight field) over the whole input is at least T, written as {@code
 * key<TAB>total} (a key of several fields: its fields joined by the delimiter; {@code
 * --output-format} seqfile, avro, parquet or orc: records of {@link IcebergOutput#schema}).
 * Fields are 0-based numbers or column names ({@link InputOptions}); records whose key is null
 * are skipped and counted ({@code nullKeys}), a null weight counts 0 ({@code
 * nullWeights}).
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
        + " lcbf: key<TAB>estimate of each candidate), or with --output-format records (key"
        + " columns..., total); must not exist (required)"));
    o.addOption(opt("key-field", "F[,G]", "key field(s): 0-based numbers, or column names of"
        + " avro, parquet, orc and CSV with a header; several make a composite key, written joined"
        + " with the delimiter (required)"));
    o.addOption(opt("weight-field", "W", "field (number or name) of an integer weight of either sign,"
        + " summed as SQL's SUM (counting and lcbf fail on a negative one); a null weight counts 0"
        + " (default: each record weighs 1)"));
    o.addOption(integerOpt("threshold", "T", "minimum total of an iceberg, at least 1 (required)"));
    o.addOption(SizingOptions.delimiter());
    IcebergMethod.addOptions(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    InputOptions.add(o, InputOptions.Side.ONE);
    OutputOptions.add(o);
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
    OutputOptions out = OutputOptions.parse(cl);
    if (!out.text() && cl.hasOption("evaluate") && !cl.hasOption("verify")) {
      throw new UsageException("--evaluate without --verify evaluates the candidates it writes as"
          + " text: use --output-format text, or add --verify");
    }
    Configuration conf = new Configuration(getConf());
    RecordFormat.delimiter(cl); // a bad --delimiter is the first usage error, as ever
    List<String> keyFields = InputOptions.fields(cl, "key-field", null);
    List<String> weightField =
        cl.hasOption("weight-field") ? InputOptions.fields(cl, "weight-field", null) : List.of();
    if (weightField.size() > 1) {
      throw new UsageException(
          "--weight-field takes one field: " + cl.getOptionValue("weight-field"));
    }
    required(cl, "threshold");
    BloomkitConfig.ICEBERG_THRESHOLD.set(conf, longValue(cl, "threshold", 1, 1));
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    if (out.text() && !out.delimiter.equals("\t")) {
      // key and total of every job's text lines; the candidate files are read back with it
      conf.set(TextOutputFormat.SEPARATOR, out.delimiter);
    }
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    CountingShape.Options countingOptions =
        method == IcebergMethod.COUNTING ? CountingShape.parse(cl) : null;
    LcbfParams lcbf = method == IcebergMethod.LCBF ? LcbfParams.parse(cl) : null;
    if (lcbf != null) {
      lcbf.toConf(conf);
    }
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    CountingShape counting = countingOptions == null ? null : CountingShape.of(countingOptions,
        conf, inputs, BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf));
    if (counting != null) {
      counting.toConf(conf);
    }
    Path output = absentPath(required(cl, "output"), "output");
    // every field is checked against the input here, before any job
    TableSpec spec =
        InputOptions.spec(cl, conf, InputOptions.Side.ONE, inputs, keyFields, weightField);
    spec.store(conf, BloomkitConfig.INPUT_SPEC);
    return IcebergPlan.builder().conf(conf).spec(spec).method(method)
        .verify(cl.hasOption("verify")).evaluate(cl.hasOption("evaluate")).reducers(reducers)
        .counting(counting).lcbf(lcbf).maxMalformedShare(maxShare).inputs(inputs).output(output)
        .out(out).build();
  }

  public static void main(String[] args) {
    main(new IcebergTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
