package io.bloomkit.mapreduce.build;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;

/**
 * {@code build --input PATH[,PATH] --output FILE [--key-field I[,J]] [--delimiter D] [--filter
 * acbf|acbf1|acbf2|acbf3|cbf|bf|exact] [--items N] [--capacity C] [--fpp P | --bits-per-key B]
 * [--hashes K] [--reducers R] [--strict] [--max-malformed-share S] [--json]}: builds a filter of the distinct keys of text
 * inputs with MapReduce (see {@link FilterBuild}) and writes it atomically to FILE.
 */
public final class BuildTool extends BloomkitTool {
  @Override
  public String name() {
    return "build";
  }

  @Override
  public String description() {
    return "Build a filter (default acbf, 16 bits per key) of the distinct keys of text inputs.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "FILE", "filter file to write; must not exist (required)"));
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s), joined with the delimiter (default 0)"));
    o.addOption(SizingOptions.delimiter());
    o.addOption(opt("filter", "TYPE", "acbf (default), acbf1, acbf2, acbf3, cbf, bf or exact"));
    SizingOptions.addItems(o, "items to size for (default: the exact distinct-key count)");
    SizingOptions.addRate(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks, each building a partial filter (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    FilterSpec spec = SizingOptions.spec(cl, cl.getOptionValue("filter", "acbf"));
    char delimiter;
    int[] fields;
    try {
      delimiter = KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t"));
      fields = KeyExtractor.parseFields(cl.getOptionValue("key-field", "0"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    long start = System.nanoTime();
    FilterBuild.Result r =
        new FilterBuild(getConf())
            .inputs(inputs)
            .output(output)
            .keyFields(fields)
            .delimiter(delimiter)
            .spec(spec)
            .reducers(reducers)
            .strict(cl.hasOption("strict"))
            .run();
    boolean warning = r.tally.warnIfAbove(maxShare, err());
    Map<String, Object> m = result(output, r, (System.nanoTime() - start) / 1e9);
    m.put("malformedWarning", warning);
    return m;
  }

  static Map<String, Object> result(Path output, FilterBuild.Result r, double seconds) {
    Filter f = r.filter;
    Map<String, Object> m = result();
    m.put("filter", output.toString());
    m.put("family", r.spec.name());
    m.put("items", f.items());
    m.put("inputRecords", r.inputRecords);
    m.put("malformedRecords", r.malformedRecords);
    m.put("bits", f.memoryBits());
    m.put("hashes", f.numHashes());
    m.put("fpp", f.expectedFpp());
    m.put("seconds", seconds);
    return m;
  }

  public static void main(String[] args) {
    main(new BuildTool(), args);
  }
}
