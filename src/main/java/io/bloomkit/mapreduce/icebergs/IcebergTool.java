package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.Jobs;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Map;
import java.util.UUID;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code icebergs --input PATH[,PATH] --output DIR --key-field I[,J] [--weight-field W] --threshold
 * T [--method exact|counting] [--verify] [--delimiter D] [--reducers R] [--items N]
 * [--bits-per-key B] [--strict] [--json]}: the keys whose total weight (record count without a
 * weight field) over the whole input is at least T, written as {@code key<TAB>total}.
 *
 * <p>{@code exact}: map tasks sum per key in a bounded table ({@link IcebergMapper}), reducers sum
 * and keep totals of at least T ({@link IcebergReducer}). {@code counting}: phase 1 adds each
 * split's local totals to a 4-bit counting Bloom filter, the per-split counter vectors summed with
 * {@code merge} ({@link TotalsFilterMapper}, see {@link IcebergFilters} for why no iceberg is
 * missed); phase 2 ships the filter and passes on only records of candidate keys (estimate at
 * least min(T, 15)). With {@code --verify} the reducers sum the candidates' exact totals and the
 * output equals {@code exact}'s; without it every candidate is written with its estimate.
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
    o.addOption(opt("output", "DIR", "directory of key<TAB>total lines; must not exist (required)"));
    o.addOption(opt("key-field", "I[,J]", "0-based key field(s), joined with the delimiter (required)"));
    o.addOption(opt("weight-field", "W", "0-based field of a non-negative integer weight (default 1)"));
    o.addOption(opt("threshold", "T", "minimum total of an iceberg, at least 1 (required)"));
    o.addOption(SizingOptions.delimiter());
    o.addOption(opt("method", "M", "exact (default) or counting"));
    o.addOption(flag("verify", "counting: sum the candidates' exact totals (output = exact's)"));
    o.addOption(opt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(opt("items", "N", "counting: distinct keys to size the filter for"
        + " (default: input bytes / 64)"));
    o.addOption(opt("bits-per-key", "B", "counting: filter memory bits per distinct key (default 32)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    return o;
  }

  /** What an icebergs run did. */
  public static final class Result {
    public String method;
    public long inputRecords;
    public long malformedRecords;
    public long keys;
    public long icebergs;
    public long candidates;
    public long candidateRecords;
    public long filteredRecords;
    public long mapOutputRecords;
    public long mapOutputBytes;
    public long filterBytesShipped;
    public long naiveBytes;
    public int jobs;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    String method = cl.getOptionValue("method", "exact");
    if (!method.equals("exact") && !method.equals("counting")) {
      throw new UsageException(
          "--method must be exact or counting (lcbf is not implemented yet): " + method);
    }
    boolean verify = cl.hasOption("verify");
    if (verify && method.equals("exact")) {
      throw new UsageException("--verify applies to --method counting (exact is exact)");
    }
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
    long threshold = longValue(cl, "threshold", 1, 1);
    BloomkitConfig.ICEBERG_THRESHOLD.set(conf, threshold);
    BloomkitConfig.ICEBERG_VERIFY.set(conf, verify);
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    int reducers = intValue(cl, "reducers", 1, 1);
    long items = longValue(cl, "items", 0, 1);
    double bitsPerKey = doubleValue(cl, "bits-per-key", 32);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    long start = System.nanoTime();
    Result r = run(conf, method, inputs, output, reducers, items, bitsPerKey);
    Map<String, Object> m = result();
    m.put("method", r.method);
    m.put("inputRecords", r.inputRecords);
    m.put("malformedRecords", r.malformedRecords);
    m.put("keys", method.equals("exact") ? (Object) r.keys : null); // counting sees candidates only
    m.put("icebergs", r.icebergs);
    m.put("candidates", r.candidates);
    boolean exactAnswer = method.equals("exact") || verify;
    // against the exact answer: counting never misses an iceberg (hit ratio 1); its error rate is
    // the share of candidates that are not icebergs
    m.put("hitRatio", exactAnswer ? (Object) 1.0 : null);
    m.put("errorRate",
        exactAnswer
            ? (Object) (r.candidates == 0 ? 0.0 : (double) (r.candidates - r.icebergs) / r.candidates)
            : null);
    m.put("candidateRecords", r.candidateRecords);
    m.put("filteredRecords", r.filteredRecords);
    m.put("mapOutputRecords", r.mapOutputRecords);
    m.put("mapOutputBytes", r.mapOutputBytes);
    m.put("filterBytesShipped", r.filterBytesShipped);
    m.put("naiveBytes", r.naiveBytes);
    m.put("jobs", r.jobs);
    m.put("output", output.toString());
    m.put("seconds", (System.nanoTime() - start) / 1e9);
    return m;
  }

  static Result run(
      Configuration conf,
      String method,
      Path[] inputs,
      Path output,
      int reducers,
      long items,
      double bitsPerKey)
      throws IOException, InterruptedException {
    FileSystem fs = output.getFileSystem(conf);
    output = fs.makeQualified(output);
    Path work = new Path(output.getParent(), "." + output.getName() + "._icebergs-" + UUID.randomUUID());
    Result r = new Result();
    r.method = method;
    try {
      Job job = Job.getInstance(conf);
      Configuration jc = job.getConfiguration();
      if (method.equals("counting")) {
        Path filter = fs.makeQualified(new Path(work, "totals.cbf"));
        Job first = buildTotalsFilter(conf, inputs, work, filter, items, bitsPerKey);
        r.filterBytesShipped = fs.getFileStatus(filter).getLen();
        r.naiveBytes = Jobs.counter(first, IcebergCounters.NAIVE_BYTES);
        r.jobs++;
        BloomkitConfig.ICEBERG_COUNTING.set(jc, true);
        BloomkitConfig.JOIN_FILTER_PATH.set(jc, filter);
        try {
          job.addCacheFile(new URI(filter.toUri() + "#" + BloomkitConfig.JoinFilterName.SYMLINK));
        } catch (URISyntaxException e) {
          throw new IOException(e);
        }
      }
      job.setJobName("bloomkit icebergs " + method + " -> " + output);
      job.setJarByClass(IcebergTool.class);
      job.setInputFormatClass(TextInputFormat.class);
      FileInputFormat.setInputPaths(job, inputs);
      job.setMapperClass(IcebergMapper.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(LongWritable.class);
      job.setReducerClass(IcebergReducer.class);
      job.setNumReduceTasks(reducers);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(LongWritable.class);
      LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
      FileOutputFormat.setOutputPath(job, output);
      Jobs.run(job);
      r.jobs++;
      r.inputRecords = Jobs.counter(job, IcebergCounters.INPUT_RECORDS);
      r.malformedRecords = Jobs.counter(job, IcebergCounters.MALFORMED_RECORDS);
      r.keys = Jobs.counter(job, IcebergCounters.KEYS);
      r.icebergs = Jobs.counter(job, IcebergCounters.ICEBERGS);
      r.candidates = method.equals("counting") ? r.keys : r.icebergs;
      r.candidateRecords = Jobs.counter(job, IcebergCounters.CANDIDATE_RECORDS);
      r.filteredRecords = Jobs.counter(job, IcebergCounters.FILTERED_RECORDS);
      r.mapOutputRecords = Jobs.counter(job, TaskCounter.MAP_OUTPUT_RECORDS);
      r.mapOutputBytes = Jobs.counter(job, TaskCounter.MAP_OUTPUT_BYTES);
      if (method.equals("counting")
          && r.candidateRecords + r.filteredRecords + r.malformedRecords != r.inputRecords) {
        throw new IOException("records unaccounted for: " + r.inputRecords + " read but "
            + r.candidateRecords + " candidates + " + r.filteredRecords + " filtered + "
            + r.malformedRecords + " malformed");
      }
      return r;
    } finally {
      fs.delete(work, true);
    }
  }

  /** Phase 1 of counting: per-split counting filters of local totals, summed; returns the job. */
  private static Job buildTotalsFilter(
      Configuration conf, Path[] inputs, Path work, Path filter, long items, double bitsPerKey)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(conf);
    job.setJobName("bloomkit icebergs counting: local totals");
    job.setJarByClass(IcebergTool.class);
    job.setMapperClass(TotalsFilterMapper.class);
    FilterBuild.perSplitCountingFilter(job, inputs, work, filter, items, bitsPerKey);
    return job;
  }

  public static void main(String[] args) {
    main(new IcebergTool(), args);
  }
}
