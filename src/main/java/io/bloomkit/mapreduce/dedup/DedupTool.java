package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSchemas;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code dedup --input PATH[,PATH] --output DIR --key-field F[,G] [--time-field T] [--delimiter D]
 * [--input-format auto|text|csv|seqfile|avro|parquet|orc] [--key-type TYPE[,TYPE]] [--null-token S]
 * [--empty-is-null] [--csv-header] [--csv-multiline] [--null-keys-equal]
 * [--method exact|counting|stream] [--window W] [--duplicates DIR2] [--reducers R] [--items N]
 * [--bits-per-key B] [--filter F --memory-bits B [--slices S] [--importance-field F] [--evaluate]
 * [--local-filter none|exact|bloom [--local-bits B]]] [--strict] [--max-malformed-share S] [--json]}: batch duplicate
 * elimination of the records of any table format (read through {@code io.bloomkit.mapreduce.table}).
 *
 * <p>A record is a duplicate when a record with the same key comes earlier in the global order
 * (time, file path, position in the file: a text line's byte offset, else its record number) —
 * the time is the integer {@code --time-field} ({@link RecordParser}), or 0 for every record
 * without one, so the order is then the input order within a file and the files in path order.
 * A null key equals nothing (SQL): such a record is kept, counted {@code nullKeys}; with {@code
 * --null-keys-equal} all null keys are one key. With {@code --window W} a record is a duplicate only when the previous record of its key
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
    o.addOption(opt("key-field", "F[,G]", "key field(s): 0-based field numbers, or column names"
        + " (avro, parquet, orc, csv with --csv-header); several make a composite key (required)"));
    o.addOption(opt("time-field", "T", "field holding the record time, a number or a name: an"
        + " integer (date columns: epoch days, timestamp columns: epoch milliseconds; default:"
        + " input order)"));
    o.addOption(SizingOptions.delimiter());
    InputOptions.add(o, InputOptions.Side.ONE);
    o.addOption(flag("null-keys-equal", "all records with a null key have one key, deduplicated"
        + " like any other (default: SQL, a null key equals nothing: each such record is kept)"));
    o.addOption(opt("method", "M", "exact (default), counting or stream"));
    o.addOption(integerOpt("window", "W", "duplicate only if the key occurred less than W time units earlier"
        + " (time-field units; stream: the timer filter, --local-filter exact and the --evaluate"
        + " oracle apply it)"));
    o.addOption(opt("duplicates", "DIR2", "directory for the removed records; must not exist"));
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    DedupMethod.addOptions(o);
    OutputOptions.add(o);
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

  /** The plan of {@code cl}: options checked and the input's spec resolved, before any job. */
  private DedupPlan plan(CommandLine cl, Configuration conf) throws IOException {
    DedupMethod method = DedupMethod.of(cl);
    OutputOptions out = OutputOptions.parse(cl);
    if (out.text() && cl.hasOption("output-delimiter")) {
      throw new UsageException("--output-delimiter applies to --output-format seqfile: dedup's"
          + " text output is the input's lines as they are");
    }
    List<String> keyFields = InputOptions.fields(cl, "key-field", null);
    String time = cl.hasOption("time-field") ? oneField(cl, "time-field") : null;
    long window = longValue(cl, "window", 0, 1);
    if (window > 0 && time == null) {
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
    List<String> others = new ArrayList<>();
    if (time != null) {
      others.add(time);
    }
    if (stream != null && stream.importanceField != null) {
      others.add(stream.importanceField);
    }
    // dedup orders a file's records by position: files that cannot be split at exact record
    // positions (compressed text, columnar files) are read whole
    TableSpec spec = InputOptions.spec(cl, conf, InputOptions.Side.ONE, inputs, keyFields, others)
        .toBuilder().ordered(true).build();
    Schema schema = null;
    if (!out.text()) {
      try {
        schema = TableSchemas.recordSchema(conf, spec, inputs);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--output-format " + cl.getOptionValue("output-format") + ": "
            + e.getMessage());
      }
      if (schema == null) { // no record at all: an empty output of one column
        schema = SchemaBuilder.record("record").fields().optionalString("_c0").endRecord();
      }
    }
    return DedupPlan.builder().method(method).inputs(inputs).spec(spec).timeField(time)
        .nullKeysEqual(cl.hasOption("null-keys-equal")).output(output).duplicates(duplicates)
        .reducers(stream == null ? reducers : stream.slices).window(window).maxShare(maxShare)
        .counting(counting).stream(stream).out(out).schema(schema).build();
  }

  /**
   * The single field of option {@code opt}: a 0-based field number or a column name.
   *
   * @throws UsageException for a list or an empty value
   */
  static String oneField(CommandLine cl, String opt) {
    List<String> f = InputOptions.fields(cl, opt, null);
    if (f.size() != 1) {
      throw new UsageException("--" + opt + " takes one field: " + cl.getOptionValue(opt));
    }
    return f.get(0);
  }

  public static void main(String[] args) {
    main(new DedupTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
