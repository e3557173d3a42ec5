package io.bloomkit.mapreduce.probe;

import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.InputOptions;
import io.bloomkit.mapreduce.common.OutputOptions;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSchemas;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.registry.Filters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code probe --input PATH --output DIR --filter FILE:KEYFIELDS [--filter FILE2:KEYFIELDS2 ...]
 * [--all|--any] [--invert] [--input-format FMT] [--key-type T[,T]]... [--delimiter D]
 * [--null-token S] [--empty-is-null] [--csv-header] [--csv-multiline] [--strict]
 * [--max-malformed-share S] [--output-format FMT] [--output-delimiter D] [--output-codec C]
 * [--json]}: one map-only pass (no shuffle, no reducers) over an input of any format that writes
 * the records whose key may be in every filter ({@code --all}, the default) or in any of them
 * ({@code --any}); with {@code --invert} exactly the other well-formed records, so a run with and
 * one without it split the input's well-formed records between them (with one exact filter: a
 * semijoin and an anti-semijoin). The star-join pre-filter: a fact table against the filters of
 * several dimensions. Each filter has its own key fields; a null key fails its filter (SQL).
 *
 * <p>Checked before the job: the input exists, the output does not, at most {@value #MAX_FILTERS}
 * filters, each {@code FILE:KEYFIELDS} well-formed with an existing filter file that passes its
 * checksum, of a family probe takes, an exact set within {@link BloomkitConfig#EXACT_MAX_BYTES},
 * recording its key's types (usage errors: exit 2). The tool resolves the options into a {@link
 * ProbePlan}, runs {@link ProbeJob} and reports with {@link ProbeReport}.
 */
public final class ProbeTool extends BloomkitTool {
  /** The most filters one run takes (each adds three counters to the job's). */
  static final int MAX_FILTERS = 16;

  @Override
  public String name() {
    return "probe";
  }

  @Override
  public String description() {
    return "Map-only filtering of an input by one or more filters (records whose key may be in"
        + " every or any filter, or with --invert the others): a star-join pre-filter.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "DIR", "output directory; must not exist (required)"));
    o.addOption(opt("filter", "FILE:KEYFIELDS", "a filter file (build, update) and the input's"
        + " key field(s) to test against it: 0-based numbers or column names, several for a"
        + " composite key (split at the last colon); repeat for several filters, tested in this"
        + " order (required)"));
    OptionGroup mode = new OptionGroup();
    mode.addOption(flag("all", "write records whose key may be in every filter (default)"));
    mode.addOption(flag("any", "write records whose key may be in at least one filter"));
    o.addOptionGroup(mode);
    o.addOption(flag("invert", "write the well-formed records the same command without"
        + " --invert does not write (one exact filter: an anti-semijoin)"));
    o.addOption(SizingOptions.delimiter());
    InputOptions.add(o, InputOptions.Side.ONE);
    o.addOption(opt("key-type", "TYPE[,TYPE...]", "key types per key field: string, long,"
        + " decimal, date, timestamp, boolean or binary; once for every filter's key, or once per"
        + " --filter in order (default: string for text and CSV, the columns' types for avro,"
        + " parquet, orc)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    OutputOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    ProbePlan plan = plan(cl, conf);
    Report report = new Report();
    return ProbeReport.of(report, plan, ProbeJob.run(conf, plan, err()));
  }

  /** The plan of {@code cl}: options checked, the input's spec and every filter read. */
  private ProbePlan plan(CommandLine cl, Configuration conf) throws IOException {
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    String[] given = cl.getOptionValues("filter");
    if (given == null) {
      throw new UsageException("--filter is required");
    }
    if (given.length > MAX_FILTERS) {
      throw new UsageException("at most " + MAX_FILTERS + " --filter options, got " + given.length);
    }
    List<Path> files = new ArrayList<>();
    List<List<String>> fields = new ArrayList<>();
    List<String> allFields = new ArrayList<>();
    for (String g : given) {
      int colon = g.lastIndexOf(':');
      String keys = colon < 0 ? "" : g.substring(colon + 1);
      if (colon <= 0 || keys.contains("/")) {
        throw new UsageException("--filter " + g + ": give FILE:KEYFIELDS, the filter file then"
            + " the key field(s) after the last colon");
      }
      files.add(existingFile(g.substring(0, colon), "filter"));
      fields.add(InputOptions.fields("filter", keys));
      allFields.addAll(fields.get(fields.size() - 1));
    }
    TableSpec spec = InputOptions.spec(cl, conf, InputOptions.Side.ONE, inputs, allFields,
        keyTypes(cl, given, fields), List.of());
    long exactMax = BloomkitConfig.EXACT_MAX_BYTES.getLong(conf);
    List<ProbePlan.ProbeFilter> filters = new ArrayList<>();
    int offset = 0;
    for (int i = 0; i < files.size(); i++) {
      Path f = files.get(i);
      List<KeyType> types = spec.keyTypes().subList(offset, offset + fields.get(i).size());
      offset += types.size();
      FilterFiles.checkExactBudget(conf, f, name(), exactMax);
      // errors name the file and the field (exit 1), or the family probe cannot use (exit 2)
      var view = FilterFiles.readQueryView(conf, f, name(), Filters.FAMILIES);
      FilterFiles.checkKeys(conf, f, KeySignature.of(types), name(), "the input", "key-type");
      filters.add(new ProbePlan.ProbeFilter(
          f.getFileSystem(conf).makeQualified(f), fields.get(i), List.copyOf(types), view));
    }
    OutputOptions out = OutputOptions.parse(cl,
        spec.format().selfDescribing() ? spec.format() : TableFormat.TEXT);
    if (out.text() && cl.hasOption("output-delimiter")) {
      throw new UsageException("--output-delimiter applies to --output-format seqfile: probe's"
          + " text output is the input's lines as they are");
    }
    return new ProbePlan(inputs, spec, filters, cl.hasOption("any"), cl.hasOption("invert"),
        output, out, out.text() ? null : recordSchema(cl, conf, spec, inputs),
        cl.hasOption("strict"), MalformedOptions.maxShare(cl));
  }

  /**
   * The key types of every filter's key one after the other: {@code --key-type} once for each
   * filter's key, or once per filter; null when not given.
   */
  private static List<KeyType> keyTypes(CommandLine cl, String[] given,
      List<List<String>> fields) {
    String[] t = cl.getOptionValues("key-type");
    if (t == null) {
      return null;
    }
    if (t.length != 1 && t.length != given.length) {
      throw new UsageException("--key-type is given " + t.length + " times for " + given.length
          + " filters: give it once (for every filter's key) or once per --filter, in order");
    }
    List<KeyType> types = new ArrayList<>();
    for (int i = 0; i < given.length; i++) {
      try {
        types.addAll(InputOptions.keyTypes("key-type", t[t.length == 1 ? 0 : i],
            fields.get(i).size()));
      } catch (UsageException e) {
        throw new UsageException(e.getMessage() + " of --filter " + given[i]);
      }
    }
    return types;
  }

  /** The input's whole-record schema for a records output (no record: one string column). */
  private static Schema recordSchema(CommandLine cl, Configuration conf, TableSpec spec,
      Path[] inputs) throws IOException {
    Schema s;
    try {
      s = TableSchemas.recordSchema(conf, spec, inputs);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--output-format " + cl.getOptionValue("output-format", "") + ": "
          + e.getMessage());
    }
    return s != null ? s : SchemaBuilder.record("record").fields().optionalString("_c0")
        .endRecord();
  }

  public static void main(String[] args) {
    main(new ProbeTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
