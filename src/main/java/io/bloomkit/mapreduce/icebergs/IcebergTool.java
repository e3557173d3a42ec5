package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.BloomMath;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.Temporaries;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.ShippedFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code icebergs --input PATH[,PATH] --output DIR --key-field I[,J] [--weight-field W] --threshold
 * T [--method exact|counting|lcbf] [--verify] [--evaluate] [--delimiter D] [--reducers R] [--items
 * N] [--bits-per-key B] [--entries-per-key R] [--num-hashes K] [--value-bits L] [--strict]
 * [--max-malformed-share S] [--json]}: the keys whose total weight (record count without a weight field) over the whole
 * input is at least T, written as {@code key<TAB>total}.
 *
 * <p>{@code exact}: map tasks sum per key in a bounded table ({@link IcebergMapper}), reducers sum
 * and keep totals of at least T ({@link IcebergReducer}). {@code counting}: phase 1 adds each
 * split's local totals to a 4-bit counting Bloom filter, the per-split counter vectors summed with
 * {@code merge} ({@link TotalsFilterMapper}, see {@link IcebergFilters} for why no iceberg is
 * missed); phase 2 ships the filter and passes on only records of candidate keys (estimate at
 * least min(T, 15)). With {@code --verify} the reducers sum the candidates' exact totals and the
 * output equals {@code exact}'s; without it every candidate is written with its estimate.
 *
 * <p>{@code lcbf}: the linked counting Bloom filter algorithm of Wu et al. (see {@link
 * LcbfFilters}) in MapReduce form. Job 1 (map only, {@link LcbfTotalsMapper}, step 1 per split):
 * each map task writes its split's complete local totals and a filter of those below T; local
 * icebergs are reported at once. Job 2 ({@link LcbfEstimateMapper}, {@link LcbfCandidateReducer},
 * step 3): the filters are shipped through the DistributedCache; each map task estimates its keys'
 * global totals from its own total plus the other splits' filters and emits those reaching T: the
 * candidates, written as {@code key<TAB>estimate}. Icebergs can be missed (lost matches) and
 * non-icebergs reported (false matches). {@code --verify} (job 3, {@link CandidateTotalsMapper},
 * {@link CandidateTotalsReducer}): ships the candidates, re-reads the input and writes the
 * candidates' exact totals at or above T: the true icebergs among the candidates.
 *
 * <p>{@code --evaluate} (counting and lcbf): the candidates job also sums every key's exact total,
 * so the reducers count the true icebergs and the candidates among them: hit ratio = hits / true
 * icebergs and error rate = (candidates - hits) / true icebergs, the icebergs paper's two metrics
 * (sec. VI; 1 and 0 when there are no icebergs).
 */
public final class IcebergTool extends BloomkitTool {
  /** The input's name in the map tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

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
    o.addOption(integerOpt("weight-field", "W", "0-based field of a non-negative integer weight (default 1)"));
    o.addOption(integerOpt("threshold", "T", "minimum total of an iceberg, at least 1 (required)"));
    o.addOption(SizingOptions.delimiter());
    o.addOption(opt("method", "M", "exact (default), counting (summed counting filters) or lcbf"
        + " (per-split linked counting Bloom filters, the icebergs paper)"));
    o.addOption(flag("verify", "counting, lcbf: sum the candidates' exact totals and write those"
        + " at or above T (counting: output = exact's; lcbf: the icebergs among the candidates)"));
    o.addOption(flag("evaluate", "counting, lcbf: also compute the exact answer (one more pass"
        + " over the input, every key shuffled) and report keys, hitRatio and errorRate"));
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(integerOpt("items", "N", "counting: distinct keys to size the filter for"
        + " (default: input bytes / 64)"));
    o.addOption(numberOpt("bits-per-key", "B", "counting: filter memory bits per distinct key (default 32)"));
    o.addOption(numberOpt("entries-per-key", "R", "lcbf: entries m of each split's filter per local"
        + " total it stores, m/n (default 10)"));
    o.addOption(integerOpt("num-hashes", "K", "lcbf: hash functions k (default 3)"));
    o.addOption(integerOpt("value-bits", "L", "lcbf: bits l of each stored value, 1..62; values saturate"
        + " at 2^l - 1 (default 15, as the paper)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  /** What an icebergs run did; null: not known for this method and these options. */
  public static final class Result {
    public String method;
    public long inputRecords;
    public long malformedRecords;
    /** The input's records, malformed ones and the first of them. */
    public MalformedRecords.Tally tally;
    /** Distinct keys: exact, or {@code --evaluate}. */
    public Long keys;
    /** Keys written with their exact totals: exact, or {@code --verify}. */
    public Long icebergs;
    /** Keys of total at least T: exact, counting {@code --verify} (it misses none), evaluate. */
    public Long trueIcebergs;
    public long candidates;
    /** Candidates that are true icebergs. */
    public Long hits;
    public Long localIcebergs;
    public Long saturations;
    public Long filters;
    public Long candidateRecords;
    public Long filteredRecords;
    public long mapOutputRecords;
    public long mapOutputBytes;
    public long filterBytesShipped;
    public Long filterBytesShippedToTasks;
    public long naiveBytes;
    public int jobs;
  }

  /** The method's settings from the command line. */
  static final class Settings {
    String method = "exact";
    boolean verify;
    boolean evaluate;
    int reducers = 1;
    long items;
    double bitsPerKey = 32;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Settings s = new Settings();
    s.method = cl.getOptionValue("method", "exact");
    if (!List.of("exact", "counting", "lcbf").contains(s.method)) {
      throw new UsageException("--method must be exact, counting or lcbf: " + s.method);
    }
    s.verify = cl.hasOption("verify");
    s.evaluate = cl.hasOption("evaluate");
    for (String o : List.of("verify", "evaluate")) {
      if (cl.hasOption(o) && s.method.equals("exact")) {
        throw new UsageException("--" + o + " applies to --method counting and lcbf (exact is exact)");
      }
    }
    for (String o : List.of("items", "bits-per-key")) {
      if (cl.hasOption(o) && !s.method.equals("counting")) {
        throw new UsageException("--" + o + " applies to --method counting only");
      }
    }
    for (String o : List.of("entries-per-key", "num-hashes", "value-bits")) {
      if (cl.hasOption(o) && !s.method.equals("lcbf")) {
        throw new UsageException("--" + o + " applies to --method lcbf only");
      }
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
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    s.reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    s.items = longValue(cl, "items", 0, 1);
    s.bitsPerKey = doubleValue(cl, "bits-per-key", 32);
    if (!(s.bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + s.bitsPerKey);
    }
    double entriesPerKey = doubleValue(cl, "entries-per-key", 10);
    if (!(entriesPerKey > 0)) {
      throw new UsageException("--entries-per-key must be positive: " + entriesPerKey);
    }
    int numHashes = intValue(cl, "num-hashes", 3, 1);
    if (numHashes > BloomMath.MAX_HASHES) {
      throw new UsageException("--num-hashes must be at most " + BloomMath.MAX_HASHES + ": " + numHashes);
    }
    int valueBits = intValue(cl, "value-bits", 15, 1);
    if (valueBits > 62) {
      throw new UsageException("--value-bits must be in [1, 62]: " + valueBits);
    }
    if (s.method.equals("lcbf")) {
      BloomkitConfig.ICEBERG_LCBF_ENTRIES_PER_KEY.set(conf, entriesPerKey);
      BloomkitConfig.ICEBERG_LCBF_HASHES.set(conf, numHashes);
      BloomkitConfig.ICEBERG_LCBF_VALUE_BITS.set(conf, valueBits);
    }
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    long start = System.nanoTime();
    Result r = run(conf, s, inputs, output);
    boolean warning = r.tally.warnIfAbove(maxShare, err());
    boolean lcbf = s.method.equals("lcbf");
    Map<String, Object> m = result();
    m.put("method", r.method);
    m.put("inputRecords", r.inputRecords);
    m.put("malformedRecords", r.malformedRecords);
    m.put("malformedWarning", warning);
    m.put("keys", r.keys);
    m.put("icebergs", r.icebergs);
    m.put("trueIcebergs", r.trueIcebergs);
    m.put("candidates", r.candidates);
    m.put("hits", r.hits);
    boolean known = r.trueIcebergs != null && r.hits != null;
    m.put("hitRatio", known ? (Object) hitRatio(r.hits, r.trueIcebergs) : null);
    m.put("errorRate", known ? (Object) errorRate(r.candidates, r.hits, r.trueIcebergs) : null);
    m.put("localIcebergs", r.localIcebergs);
    m.put("saturations", r.saturations);
    m.put("candidateRecords", r.candidateRecords);
    m.put("filteredRecords", r.filteredRecords);
    m.put("mapOutputRecords", r.mapOutputRecords);
    m.put("mapOutputBytes", r.mapOutputBytes);
    m.put("entriesPerKey", lcbf ? (Object) entriesPerKey : null);
    m.put("numHashes", lcbf ? (Object) numHashes : null);
    m.put("valueBits", lcbf ? (Object) valueBits : null);
    m.put("filters", r.filters);
    m.put("filterBytesShipped", r.filterBytesShipped);
    m.put("filterBytesShippedToTasks", r.filterBytesShippedToTasks);
    m.put("naiveBytes", r.naiveBytes);
    m.put("jobs", r.jobs);
    m.put("output", output.toString());
    m.put("seconds", (System.nanoTime() - start) / 1e9);
    return m;
  }

  /** The icebergs paper's hit ratio: true icebergs reported / icebergs (1 without icebergs). */
  public static double hitRatio(long hits, long trueIcebergs) {
    return trueIcebergs == 0 ? 1.0 : (double) hits / trueIcebergs;
  }

  /**
   * The icebergs paper's error rate: non-icebergs reported / icebergs (0 without icebergs; it can
   * exceed 1).
   */
  public static double errorRate(long candidates, long hits, long trueIcebergs) {
    return trueIcebergs == 0 ? 0.0 : (double) (candidates - hits) / trueIcebergs;
  }

  static Result run(Configuration conf, Settings s, Path[] inputs, Path output)
      throws IOException, InterruptedException {
    FileSystem fs = output.getFileSystem(conf);
    output = fs.makeQualified(output);
    Result r = new Result();
    r.method = s.method;
    try (Temporaries.Temporary t = Temporaries.of(conf, output, "icebergs")) {
      Path work = t.path();
      // the jobs write into the hidden work directory; the finished output is renamed into place
      Path staged = new Path(work, "out");
      if (s.method.equals("lcbf")) {
        runLcbf(conf, s, inputs, staged, work, fs, r);
      } else {
        runExactOrCounting(conf, s, inputs, staged, work, fs, r);
      }
      Temporaries.promote(fs, staged, output);
      return r;
    }
  }

  private static void runExactOrCounting(
      Configuration conf, Settings s, Path[] inputs, Path output, Path work, FileSystem fs, Result r)
      throws IOException, InterruptedException {
    boolean counting = s.method.equals("counting");
    Job job = Job.getInstance(conf);
    Configuration jc = job.getConfiguration();
    BloomkitConfig.ICEBERG_VERIFY.set(jc, s.verify);
    if (counting) {
      Path filter = fs.makeQualified(new Path(work, "totals.cbf"));
      Job first = buildTotalsFilter(conf, inputs, work, filter, s.items, s.bitsPerKey);
      r.filterBytesShipped = fs.getFileStatus(filter).getLen();
      r.naiveBytes = Jobs.counter(first, IcebergCounters.NAIVE_BYTES);
      r.jobs++;
      BloomkitConfig.ICEBERG_COUNTING.set(jc, true);
      ShippedFilter.ship(job, filter);
    }
    job.setJobName("bloomkit icebergs " + s.method + " -> " + output);
    job.setJarByClass(IcebergTool.class);
    Inputs.configure(job, inputs);
    Path samples = MalformedRecords.prepare(job, work);
    job.setMapperClass(IcebergMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setReducerClass(IcebergReducer.class);
    job.setNumReduceTasks(s.reducers);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    Jobs.run(job);
    r.jobs++;
    r.inputRecords = Jobs.counter(job, IcebergCounters.INPUT_RECORDS);
    r.malformedRecords = Jobs.counter(job, IcebergCounters.MALFORMED_RECORDS);
    checkMalformed(conf, samples, r);
    long keys = Jobs.counter(job, IcebergCounters.KEYS);
    long written = Jobs.counter(job, IcebergCounters.ICEBERGS);
    r.mapOutputRecords = Jobs.counter(job, TaskCounter.MAP_OUTPUT_RECORDS);
    r.mapOutputBytes = Jobs.counter(job, TaskCounter.MAP_OUTPUT_BYTES);
    if (!counting) {
      r.keys = keys;
      r.icebergs = written;
      r.trueIcebergs = written;
      r.hits = written;
      r.candidates = written;
      return;
    }
    r.candidates = keys; // every candidate key reaches the reducers
    r.candidateRecords = Jobs.counter(job, IcebergCounters.CANDIDATE_RECORDS);
    r.filteredRecords = Jobs.counter(job, IcebergCounters.FILTERED_RECORDS);
    checkRecords(r.inputRecords, r.candidateRecords, r.filteredRecords, r.malformedRecords);
    if (s.verify) {
      // counting misses no iceberg (IcebergFilters): the verified candidates are all the icebergs
      r.icebergs = written;
      r.trueIcebergs = written;
      r.hits = written;
    }
    if (s.evaluate) {
      // the reported keys: the verified icebergs or the candidates; either way hits = those
      // among them that are true icebergs
      Job ev = candidatesJob(conf, s.method, inputs, output, new Path(work, "evaluate"), false, true,
          s.reducers);
      r.jobs++;
      r.keys = Jobs.counter(ev, IcebergCounters.KEYS);
      r.trueIcebergs = Jobs.counter(ev, IcebergCounters.TRUE_ICEBERGS);
      r.hits = Jobs.counter(ev, IcebergCounters.HITS);
      checkSameInput(r.inputRecords, Jobs.counter(ev, IcebergCounters.INPUT_RECORDS));
    }
  }

  private static void runLcbf(
      Configuration conf, Settings s, Path[] inputs, Path output, Path work, FileSystem fs, Result r)
      throws IOException, InterruptedException {
    // job 1: complete local totals per split, local icebergs, one filter per split (step 1)
    Path totals = new Path(work, "totals");
    Job first = Job.getInstance(conf);
    first.setJobName("bloomkit icebergs lcbf: local totals -> " + totals);
    first.setJarByClass(IcebergTool.class);
    Inputs.configure(first, inputs);
    Path samples = MalformedRecords.prepare(first, work);
    first.setMapperClass(LcbfTotalsMapper.class);
    first.setNumReduceTasks(0);
    first.setOutputKeyClass(Text.class);
    first.setOutputValueClass(LongWritable.class);
    LazyOutputFormat.setOutputFormatClass(first, SequenceFileOutputFormat.class);
    FileOutputFormat.setOutputPath(first, totals);
    Jobs.run(first);
    r.jobs++;
    r.inputRecords = Jobs.counter(first, IcebergCounters.INPUT_RECORDS);
    r.malformedRecords = Jobs.counter(first, IcebergCounters.MALFORMED_RECORDS);
    checkMalformed(conf, samples, r);
    r.localIcebergs = Jobs.counter(first, IcebergCounters.LOCAL_ICEBERGS);
    r.saturations = Jobs.counter(first, IcebergCounters.SATURATIONS);
    r.filters = Jobs.counter(first, IcebergCounters.FILTERS);
    r.naiveBytes = Jobs.counter(first, IcebergCounters.NAIVE_BYTES);

    // job 2: every other split's filter shipped to each split's totals (step 3)
    List<Path> filters = new ArrayList<>();
    boolean anyTotals = false;
    if (fs.exists(totals)) {
      for (FileStatus st : fs.listStatus(totals)) {
        String n = st.getPath().getName();
        if (n.endsWith(LcbfFilters.SUFFIX)) {
          filters.add(st.getPath());
          r.filterBytesShipped += st.getLen();
        } else if (n.startsWith("part-")) {
          anyTotals = true;
        }
      }
    }
    Path candidates = s.verify ? new Path(work, "candidates") : output;
    Job second = Job.getInstance(conf);
    second.setJobName("bloomkit icebergs lcbf: global estimates of " + filters.size()
        + " filters -> " + candidates);
    second.setJarByClass(IcebergTool.class);
    CacheFiles.ship(second, filters, CacheFiles.FILTER_PREFIX);
    second.setInputFormatClass(SequenceFileInputFormat.class);
    if (anyTotals) {
      FileInputFormat.setInputPaths(second, totals);
      FileInputFormat.setInputPathFilter(second, TotalsFiles.class);
      // one map task per totals file (a few bytes per key): each task loads all other filters
      FileInputFormat.setMinInputSplitSize(second, Long.MAX_VALUE);
    } else {
      // no well-formed record at all: an empty input, so job 2 writes no candidates
      Path none = new Path(work, "no-totals");
      fs.mkdirs(none);
      FileInputFormat.setInputPaths(second, none);
    }
    second.setMapperClass(LcbfEstimateMapper.class);
    second.setMapOutputKeyClass(Text.class);
    second.setMapOutputValueClass(LongWritable.class);
    second.setReducerClass(LcbfCandidateReducer.class);
    second.setNumReduceTasks(s.reducers);
    second.setOutputKeyClass(Text.class);
    second.setOutputValueClass(LongWritable.class);
    LazyOutputFormat.setOutputFormatClass(second, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(second, candidates);
    Jobs.run(second);
    r.jobs++;
    r.candidates = Jobs.counter(second, IcebergCounters.CANDIDATES);
    r.filterBytesShippedToTasks = Jobs.counter(second, IcebergCounters.FILTER_BYTES_LOADED);
    r.mapOutputRecords = Jobs.counter(second, TaskCounter.MAP_OUTPUT_RECORDS);
    r.mapOutputBytes = Jobs.counter(second, TaskCounter.MAP_OUTPUT_BYTES);
    if (!s.verify && !s.evaluate) {
      return;
    }

    // job 3: the candidates' exact totals (verify), every key's (evaluate)
    Job third = candidatesJob(conf, s.method, inputs, candidates,
        s.verify ? output : new Path(work, "evaluate"), s.verify, s.evaluate, s.reducers);
    r.jobs++;
    checkSameInput(r.inputRecords, Jobs.counter(third, IcebergCounters.INPUT_RECORDS));
    r.candidateRecords = Jobs.counter(third, IcebergCounters.CANDIDATE_RECORDS);
    r.filteredRecords = Jobs.counter(third, IcebergCounters.FILTERED_RECORDS);
    checkRecords(r.inputRecords, r.candidateRecords, r.filteredRecords,
        Jobs.counter(third, IcebergCounters.MALFORMED_RECORDS));
    long hits = Jobs.counter(third, IcebergCounters.HITS);
    if (s.verify) {
      r.icebergs = Jobs.counter(third, IcebergCounters.ICEBERGS);
      r.hits = hits;
    }
    if (s.evaluate) {
      r.keys = Jobs.counter(third, IcebergCounters.KEYS);
      r.trueIcebergs = Jobs.counter(third, IcebergCounters.TRUE_ICEBERGS);
      r.hits = hits;
    }
  }

  /** Fails when every record was malformed. */
  private static void checkMalformed(Configuration conf, Path samples, Result r)
      throws IOException {
    r.tally =
        new MalformedRecords.Tally(
                "input", BloomkitConfig.KEY_FIELDS.get(conf), BloomkitConfig.DELIMITER.get(conf))
            .counts(r.inputRecords, r.malformedRecords,
                MalformedRecords.first(conf, samples, SAMPLE_INPUT));
    r.tally.failIfAllMalformed();
  }

  /** Job 2's input: the totals files of job 1, not the filters next to them. */
  public static final class TotalsFiles implements PathFilter {
    @Override
    public boolean accept(Path p) {
      return !p.getName().endsWith(LcbfFilters.SUFFIX);
    }
  }

  /**
   * The verify / evaluate job: ships the {@code key<TAB>value} files of {@code candidates}, sums
   * exact totals ({@link CandidateTotalsMapper}, {@link CandidateTotalsReducer}) into {@code
   * output}; returns the finished job.
   */
  private static Job candidatesJob(
      Configuration conf, String method, Path[] inputs, Path candidates, Path output,
      boolean verify, boolean evaluate, int reducers)
      throws IOException, InterruptedException {
    FileSystem fs = candidates.getFileSystem(conf);
    List<Path> files = new ArrayList<>();
    if (fs.exists(candidates)) {
      for (FileStatus st : fs.listStatus(candidates, p -> p.getName().startsWith("part-"))) {
        files.add(st.getPath());
      }
    }
    Job job = Job.getInstance(conf);
    job.setJobName("bloomkit icebergs " + method + ": " + (verify ? "verify" : "")
        + (verify && evaluate ? " and " : "") + (evaluate ? "evaluate" : "") + " -> " + output);
    job.setJarByClass(IcebergTool.class);
    Configuration jc = job.getConfiguration();
    BloomkitConfig.ICEBERG_VERIFY.set(jc, verify);
    BloomkitConfig.ICEBERG_EVALUATE.set(jc, evaluate);
    CacheFiles.ship(job, files, CacheFiles.CANDIDATES_PREFIX);
    Inputs.configure(job, inputs);
    job.setMapperClass(CandidateTotalsMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setReducerClass(CandidateTotalsReducer.class);
    job.setNumReduceTasks(reducers);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    Jobs.run(job);
    return job;
  }

  private static void checkRecords(long input, long candidate, long filtered, long malformed)
      throws IOException {
    if (candidate + filtered + malformed != input) {
      throw new IOException("records unaccounted for: " + input + " read but " + candidate
          + " candidates + " + filtered + " filtered + " + malformed + " malformed");
    }
  }

  private static void checkSameInput(long first, long again) throws IOException {
    if (first != again) {
      throw new IOException("the input changed while icebergs ran: " + first
          + " records in the first pass, " + again + " in the last");
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
