package io.bloomkit.mapreduce.probe;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.FilterSources;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
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
 * <p>Checked before the job: the input exists, the output does not, at most {@value
 * ProbeOptions#MAX_FILTERS} filters, each {@code FILE:KEYFIELDS} well-formed with an existing
 * filter file (no comma in its path) of a family probe takes, an exact set within {@link
 * BloomkitConfig#EXACT_MAX_BYTES}, recording its key's types (usage errors: exit 2); each filter
 * is read whole and must pass its checksum (exit 1). The tool reads its {@link ProbeOptions},
 * resolves them into a {@link ProbePlan}, runs {@link ProbeJob} and reports with {@link
 * ProbeReport}.
 */
public final class ProbeTool extends BloomkitTool {
  @Override
  public String name() {
    return "probe";
  }

  @Override
  public String description() {
    return "Map-only filtering of an input by one or more filters (records whose key may be in"
        + " every or any filter, or with --invert the others): a star-join pre-filter.";
  }

  /** The staleness check of each filter in this run. */
  private List<FilterSources.Staleness> staleness = new ArrayList<>();

  @Override
  protected Options options() {
    return ProbeOptions.options();
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    staleness = new ArrayList<>();
    ProbePlan plan = plan(cl, conf);
    Report report = new Report();
    Map<String, Object> result = ProbeReport.of(report, plan, ProbeJob.run(conf, plan, err()));
    // per filter, in --filter order: how its recorded sources compared with the files now
    List<String> checks = new ArrayList<>();
    List<String> changes = new ArrayList<>();
    for (FilterSources.Staleness s : staleness) {
      checks.add(s.status);
      changes.addAll(s.changes);
    }
    result.put("staleCheck", checks);
    result.put("staleSources", changes);
    return result;
  }

  /** The plan of {@code cl}: options checked, the input's spec and every filter read. */
  private ProbePlan plan(CommandLine cl, Configuration conf) throws IOException {
    ProbeOptions o = ProbeOptions.parse(cl);
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    List<Path> files = new ArrayList<>();
    for (String f : o.files) {
      Path p = existingFile(f, "filter");
      if (p.toString().indexOf(',') >= 0) {
        throw new UsageException("filter " + p + ": a filter's path cannot hold a comma (the"
            + " DistributedCache lists its files comma-separated); rename or copy it");
      }
      files.add(p);
    }
    TableSpec spec = InputOptions.spec(cl, conf, InputOptions.Side.ONE, inputs, o.allFields,
        o.allTypes, List.of());
    long exactMax = BloomkitConfig.EXACT_MAX_BYTES.getLong(conf);
    List<ProbePlan.ProbeFilter> filters = new ArrayList<>();
    int offset = 0;
    for (int i = 0; i < files.size(); i++) {
      Path f = files.get(i);
      List<KeyType> types = spec.keyTypes().subList(offset, offset + o.fields.get(i).size());
      offset += types.size();
      FilterFiles.checkExactBudget(conf, f, name(), exactMax);
      // errors name the file and the field (exit 1), or the family probe cannot use (exit 2)
      Filter view = FilterFiles.readQueryView(conf, f, name(), Filters.FAMILIES);
      FilterFiles.checkKeys(conf, f, KeySignature.of(types), name(), "the input", "key-type");
      staleness.add(FilterSources.enforce(conf, f, null, name(), cl.hasOption("allow-stale"),
          err()));
      filters.add(new ProbePlan.ProbeFilter(
          f.getFileSystem(conf).makeQualified(f), o.fields.get(i), List.copyOf(types), view));
    }
    OutputOptions out = OutputOptions.parse(cl,
        spec.format().selfDescribing() ? spec.format() : TableFormat.TEXT);
    if (out.text() && cl.hasOption("output-delimiter")) {
      throw new UsageException("--output-delimiter applies to --output-format seqfile: probe's"
          + " text output is the input's lines as they are");
    }
    return new ProbePlan(inputs, spec, filters, o.any, o.invert, output, out,
        out.text() ? null : recordSchema(cl, conf, spec, inputs), o.strict, o.maxShare);
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
