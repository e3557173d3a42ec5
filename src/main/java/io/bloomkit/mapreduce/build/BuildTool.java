package io.bloomkit.mapreduce.build;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.export.ExportFilter;
import io.bloomkit.mapreduce.export.ExportTarget;
import io.bloomkit.mapreduce.filterjob.FilterBuild;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TableStats;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;

/**
 * {@code build --input PATH[,PATH] --output FILE [--key-field F[,G]] [--input-format FMT]
 * [--key-type T[,T]] [--delimiter D] [--null-token S] [--empty-is-null] [--csv-header]
 * [--csv-multiline] [--filter acbf|acbf1|acbf2|acbf3|cbf|bf|sbbf|exact] [--items N] [--capacity C]
 * [--fpp P | --bits-per-key B] [--hashes K] [--reducers R] [--strict] [--max-malformed-share S]
 * [--target bloomkit|hadoop|hive|spark|parquet] [--json]}: builds a filter of the distinct keys
 * of inputs in any format ({@link InputOptions}; only the key columns are read) with MapReduce, or
 * in the client for a small input and the bloomkit target (see {@link FilterBuild}, the plan and
 * its jobs) and writes it atomically to FILE, as a bloomkit filter file or in another library's
 * own format ({@link ExportFilter}); the result reports the build's counters ({@link Report}) and
 * the filter's shape.
 */
public final class BuildTool extends BloomkitTool {
  @Override
  public String name() {
    return "build";
  }

  @Override
  public String description() {
    return "Build a filter (default acbf, 16 bits per key) of the distinct keys of inputs in any"
        + " format (text, csv, seqfile, avro, parquet, orc).";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "FILE", "filter file to write; must not exist (required)"));
    o.addOption(opt("key-field", "F[,G]", "key field(s): 0-based numbers (text, csv) or column"
        + " names; several make a composite key (default 0)"));
    InputOptions.add(o, InputOptions.Side.ONE);
    o.addOption(SizingOptions.delimiter());
    o.addOption(opt("filter", "TYPE", "acbf (default), acbf1, acbf2, acbf3, cbf, bf, sbbf"
        + " (split-block) or exact; another --target: bf (default), or cbf for hadoop, sbbf for"
        + " parquet (the same filter as bf there)"));
    o.addOption(opt("target", "LIB", "the format to write: bloomkit (default), hadoop (Hadoop's"
        + " BloomFilter Writable, Pig's Bloom UDF), hive (BloomKFilter, in_bloom_filter), spark"
        + " (spark-sketch BloomFilter), parquet (split-block Bloom filter); hive, spark and"
        + " parquet take a single-column key"));
    SizingOptions.addItems(o, "items to size for (default: the exact distinct-key count)");
    SizingOptions.addRate(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks, each building a partial filter (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    ExportTarget target = Choices.get(cl, "target", ExportTarget.BLOOMKIT);
    FilterSpec spec = SizingOptions.spec(
        cl, cl.getOptionValue("filter", target == ExportTarget.BLOOMKIT ? "acbf" : "bf"));
    List<String> fields = InputOptions.fields(cl, "key-field", "0");
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    TableSpec table =
        InputOptions.spec(cl, getConf(), InputOptions.Side.ONE, inputs, fields, List.of())
            .toBuilder()
            .projection(true) // the build reads only the key columns
            .build();
    String refusal = ExportFilter.refusal(target, spec, KeySignature.of(table.keyTypes()));
    if (refusal != null) {
      throw new UsageException(refusal);
    }
    FilterBuild build =
        new FilterBuild(getConf())
            .inputs(inputs)
            .output(output)
            .table(table)
            .spec(spec)
            .reducers(reducers)
            .provenance(name(), commandLine())
            .strict(cl.hasOption("strict"))
            .target(target);
    Report report = new Report();
    FilterBuild.Result r = build.run();
    boolean warning = r.tally.warnIfAbove(maxShare, err());
    ExportFilter e = r.export;
    Filter f = r.filter;
    report.put("filter", output.toString()).put("target", Choices.name(target));
    if (e != null) {
      report.put("library", e.library());
    }
    return report
        .put("family", r.spec.name())
        .put("items", e != null ? e.items() : f.items())
        .counters(r.counters, BuildCounters.INPUT_RECORDS, BuildCounters.MALFORMED_RECORDS,
            BuildCounters.NULL_KEYS)
        .put("inputBytesRead", r.counters.get(TableStats.ReaderCounter.BYTES_READ))
        .put("bits", e != null ? e.bits() : f.memoryBits())
        .put("hashes", e != null ? e.hashes() : f.numHashes())
        .put("fpp", e != null ? e.expectedFpp() : f.expectedFpp())
        .seconds()
        .put("malformedWarning", warning)
        .fields();
  }

  public static void main(String[] args) {
    main(new BuildTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
