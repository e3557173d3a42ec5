package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.DedupCounters;
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
import io.bloomkit.core.Theory;
import java.io.IOException;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

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
 * up).
 *
 * <p>{@code exact} ({@link DedupMapper}, {@link DedupReducer}) shuffles the records by key and
 * keeps the first of each key. {@code counting} first builds a counting Bloom filter (4-bit,
 * sticky-saturating counters) of the key multiplicities, one partial per split summed with {@code
 * merge} ({@link MultiplicityMapper}); then the exact job runs with that filter shipped to every
 * map task, which writes records whose key has estimate 1 directly (certainly unique) and
 * shuffles only the rest. The output is the same multiset of lines as {@code exact}'s.
 *
 * <p>{@code stream} (bounded memory, approximate): horizontal slicing, records partitioned to S
 * reducers by a hash of the key and sorted by (time, path, offset); each reducer runs the chosen
 * stream filter with B/S bits over its sub-stream and keeps what it reports distinct ({@link
 * StreamDedupReducer}); {@code --evaluate} adds an exact oracle and reports false positives and
 * negatives. Only the {@code timer} filter has a window (it needs {@code --window}); the others
 * ignore it, while the oracle does not (the JSON says {@code filterIgnoresWindow}; when nothing
 * applies the window, {@code --window} is a usage error). {@code
 * --local-filter exact|bloom} adds the leaf of a dense Bloom tree to each map task ({@link
 * LocalFilter}): a record it finds an earlier same-key record for is written to the duplicates by
 * the map task and not shuffled ({@code localDuplicates}, {@code shuffleAvoided}).
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
    o.addOption(opt("filter", "F", "stream: bf, sbf (default), rsbf, ibf-2c, ibf-mc, ibf-h (no window:"
        + " they ignore --window) or timer (sliding window, needs --window)"));
    o.addOption(integerOpt("memory-bits", "B", "stream: total filter memory in bits, B/S per slice (required)"));
    o.addOption(integerOpt("timer-resolution", "U", "stream, --filter timer: time units per timer tick"
        + " (default 1); timers count ceil(W/U) ticks in fewer bits, exact up to one tick at the"
        + " window's end"));
    o.addOption(integerOpt("slices", "S", "stream: horizontal slices = reduce tasks (default --reducers;"
        + " both given must agree)"));
    o.addOption(integerOpt("importance-field", "F", "stream: 0-based field of a numeric importance"
        + " (ibf filters, and --evaluate's weighted rates; range from -D"
        + " bloomkit.importance.min/max, default 0..1)"));
    o.addOption(opt("local-filter", "L", "stream: a leaf filter in each map task that drops records"
        + " seen earlier in the task before the shuffle: none (default), exact (key -> time table)"
        + " or bloom (test-and-set Bloom filter; drops only while the task's time does not go back;"
        + " not with --window)"));
    o.addOption(integerOpt("local-bits", "B", "stream, --local-filter bloom: bits of each map task's leaf"
        + " (default --memory-bits: the paper's tree gives every node the root's size)"));
    o.addOption(flag("evaluate", "stream: count false positives/negatives against an exact oracle"));
    o.addOption(integerOpt("window", "W", "duplicate only if the key occurred less than W time units earlier"
        + " (time-field units; stream: the timer filter, --local-filter exact and the --evaluate"
        + " oracle apply it)"));
    o.addOption(opt("duplicates", "DIR2", "directory for the removed records; must not exist"));
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(integerOpt("items", "N", "counting: distinct keys to size the counting filter for"
        + " (default: input bytes / 64)"));
    o.addOption(numberOpt("bits-per-key", "B", "counting: filter memory bits per distinct key (default 32)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  /** What a dedup run did. */
  public static final class Result {
    public String method;
    public long inputRecords;
    public long kept;
    public long duplicates;
    public long malformedRecords;
    /** The input's records, malformed ones and the first of them. */
    public MalformedRecords.Tally tally;
    public long mapOutputRecords;
    public long mapOutputBytes;
    public long shuffleAvoided;
    public long shuffleAvoidedBytes;
    public long filterBits;
    public int jobs;
    public long localDuplicates;
    public long localMarkers;
    public long localUnorderedHits;
    public long localFalsePositives;
    public long oracleDistinct;
    public long oracleDuplicates;
    public long falsePositives;
    public long falseNegatives;
    public long oracleDistinctMicros;
    public long oracleDuplicatesMicros;
    public long falsePositiveMicros;
    public long falseNegativeMicros;
  }

  /** Largest Bloom leaf of a map task: 2^30 bits, 128 MiB of heap. */
  static final long MAX_LOCAL_BITS = 1L << 30;

  private static double rate(long num, long den) {
    return den == 0 ? 0.0 : (double) num / den;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    String method = cl.getOptionValue("method", "exact");
    if (!method.equals("exact") && !method.equals("counting") && !method.equals("stream")) {
      throw new UsageException("--method must be exact, counting or stream: " + method);
    }
    boolean stream = method.equals("stream");
    for (String o : new String[] {"filter", "memory-bits", "slices", "importance-field",
        "local-filter", "local-bits", "timer-resolution", "evaluate"}) {
      if (!stream && cl.hasOption(o)) {
        throw new UsageException("--" + o + " applies to --method stream");
      }
    }
    for (String o : new String[] {"items", "bits-per-key"}) {
      if (!method.equals("counting") && cl.hasOption(o)) {
        throw new UsageException("--" + o + " applies to --method counting (it sizes its filter)");
      }
    }
    String local = cl.getOptionValue("local-filter", "none");
    if (!local.equals("none") && !local.equals("exact") && !local.equals("bloom")) {
      throw new UsageException("--local-filter must be none, exact or bloom: " + local);
    }
    if (cl.hasOption("local-bits") && !local.equals("bloom")) {
      throw new UsageException("--local-bits applies to --local-filter bloom");
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
    BloomkitConfig.TIME_FIELD.set(conf, intValue(cl, "time-field", -1, 0));
    long window = longValue(cl, "window", 0, 1);
    if (window > 0 && !cl.hasOption("time-field")) {
      throw new UsageException("--window needs --time-field");
    }
    BloomkitConfig.DEDUP_WINDOW.set(conf, window);
    BloomkitConfig.STRICT.set(conf, cl.hasOption("strict"));
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    if (stream) {
      String filter = cl.getOptionValue("filter", "sbf");
      if (!StreamDedupFilters.NAMES.contains(filter)) {
        throw new UsageException("--filter must be one of " + StreamDedupFilters.NAMES + ": " + filter);
      }
      if (cl.hasOption("slices") && cl.hasOption("reducers")
          && intValue(cl, "slices", 1, 1) != reducers) {
        throw new UsageException("--slices and --reducers differ: with --method stream the slices"
            + " are the reduce tasks (give one of them)");
      }
      reducers = intValue(cl, "slices", reducers, 1);
      if (cl.hasOption("importance-field") && !filter.startsWith("ibf-")
          && !cl.hasOption("evaluate")) {
        throw new UsageException("--importance-field applies to the ibf filters (ibf-2c, ibf-mc,"
            + " ibf-h) and to --evaluate's weighted rates; --filter " + filter + " has no use"
            + " for it");
      }
      if (window > 0 && !StreamDedupFilters.windowed(filter) && !cl.hasOption("evaluate")
          && !local.equals("exact")) {
        throw new UsageException("--window has no effect with --filter " + filter + ": only the"
            + " timer filter, --local-filter exact and the --evaluate oracle apply a window");
      }
      if (!cl.hasOption("memory-bits")) {
        throw new UsageException("--memory-bits is required for --method stream");
      }
      long memoryBits = longValue(cl, "memory-bits", 0, reducers);
      long bits = memoryBits / reducers;
      if (StreamDedupFilters.windowed(filter) && window <= 0) {
        throw new UsageException("--filter " + filter + " needs --window (and --time-field)");
      }
      long resolution = longValue(cl, "timer-resolution", 1, 1);
      if (cl.hasOption("timer-resolution") && !filter.equals("timer")) {
        throw new UsageException("--timer-resolution applies to --filter timer");
      }
      BloomkitConfig.DEDUP_TIMER_RESOLUTION.set(conf, resolution);
      try {
        // checks the size holds the filter
        StreamDedupFilters.create(filter, bits, 0, 0, 1, window, resolution);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--memory-bits / slices = " + bits + ": " + e.getMessage());
      }
      if (window > 0 && !StreamDedupFilters.windowed(filter)) {
        log.warn("--filter {} has no window: it ignores --window {}, which only the oracle of"
            + " --evaluate applies (use --filter timer for a windowed filter)", filter, window);
      }
      if (local.equals("bloom")) {
        if (window > 0) {
          throw new UsageException("--local-filter bloom cannot forget and refuses --window"
              + " (use --local-filter exact)");
        }
        long localBits = longValue(cl, "local-bits", memoryBits, 1);
        if (localBits > MAX_LOCAL_BITS) {
          throw new UsageException("--local-bits (default --memory-bits) must be at most "
              + MAX_LOCAL_BITS + " (one map task's leaf): " + localBits);
        }
        BloomkitConfig.DEDUP_LOCAL_BITS.set(conf, localBits);
        int k = BloomkitConfig.DEDUP_LOCAL_HASHES.getInt(conf);
        if (k < 1 || k > Theory.MAX_HASHES) {
          throw new UsageException(BloomkitConfig.DEDUP_LOCAL_HASHES.key() + " must be in [1, "
              + Theory.MAX_HASHES + "]: " + k);
        }
      }
      String recordDelimiter = conf.get("textinputformat.record.delimiter");
      if (!local.equals("none") && recordDelimiter != null && !recordDelimiter.contains("\n")) {
        throw new UsageException("--local-filter needs newline-delimited records (its markers are"
            + " values that start with a newline): textinputformat.record.delimiter is set");
      }
      BloomkitConfig.DEDUP_LOCAL_FILTER.set(conf, local);
      BloomkitConfig.DEDUP_STREAM_FILTER.set(conf, filter);
      BloomkitConfig.DEDUP_STREAM_BITS.set(conf, bits);
      BloomkitConfig.DEDUP_EVALUATE.set(conf, cl.hasOption("evaluate"));
      BloomkitConfig.IMPORTANCE_FIELD.set(conf, intValue(cl, "importance-field", -1, 0));
    }
    long items = longValue(cl, "items", 0, 1);
    double bitsPerKey = doubleValue(cl, "bits-per-key", 32);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    Path[] inputs = existingPaths(required(cl, "input"), "input");
    Path output = absentPath(required(cl, "output"), "output");
    Path duplicates =
        cl.hasOption("duplicates") ? absentPath(cl.getOptionValue("duplicates"), "duplicates") : null;
    if (duplicates != null && duplicates.equals(output)) {
      throw new UsageException("--duplicates must differ from --output");
    }
    BloomkitConfig.DEDUP_WRITE_DUPLICATES.set(conf, duplicates != null);
    long start = System.nanoTime();
    Result r = run(conf, method, inputs, output, duplicates, reducers, items, bitsPerKey);
    boolean warning = r.tally.warnIfAbove(maxShare, err());
    Map<String, Object> m = result();
    m.put("method", r.method);
    m.put("inputRecords", r.inputRecords);
    m.put("kept", r.kept);
    m.put("duplicates", r.duplicates);
    m.put("malformedRecords", r.malformedRecords);
    m.put("malformedWarning", warning);
    m.put("mapOutputRecords", r.mapOutputRecords);
    m.put("mapOutputBytes", r.mapOutputBytes);
    m.put("shuffleAvoided", r.shuffleAvoided);
    m.put("shuffleAvoidedBytes", r.shuffleAvoidedBytes);
    if (stream && !cl.hasOption("evaluate")) {
      m.put("falsePositives", null); // unknown without the oracle
      m.put("falseNegatives", null);
      m.put("fpr", null);
      m.put("fnr", null);
    } else {
      m.put("falsePositives", r.falsePositives); // 0 for exact and counting, which are exact
      m.put("falseNegatives", r.falseNegatives);
      m.put("fpr", rate(r.falsePositives, r.oracleDistinct));
      m.put("fnr", rate(r.falseNegatives, r.oracleDuplicates));
    }
    if (stream) {
      m.put("filter", conf.get(BloomkitConfig.DEDUP_STREAM_FILTER.key()));
      m.put("slices", reducers);
      m.put("memoryBitsPerSlice", BloomkitConfig.DEDUP_STREAM_BITS.getLong(conf));
      boolean windowed = StreamDedupFilters.windowed(conf.get(BloomkitConfig.DEDUP_STREAM_FILTER.key()));
      m.put("filterWindow", windowed ? window : 0);
      if (windowed) {
        m.put("timerResolution", BloomkitConfig.DEDUP_TIMER_RESOLUTION.getLong(conf));
      }
      m.put("filterIgnoresWindow", window > 0 && !windowed);
      m.put("localFilter", local);
      if (local.equals("bloom")) {
        m.put("localBits", BloomkitConfig.DEDUP_LOCAL_BITS.getLong(conf));
        m.put("localHashes", BloomkitConfig.DEDUP_LOCAL_HASHES.getInt(conf));
        m.put("localUnorderedHits", r.localUnorderedHits);
      }
      m.put("localDuplicates", r.localDuplicates);
      m.put("localMarkers", r.localMarkers);
      if (cl.hasOption("evaluate")) {
        m.put("localFalsePositives", r.localFalsePositives);
      }
      if (cl.hasOption("evaluate") && cl.hasOption("importance-field")) {
        m.put("wFP", rate(r.falsePositiveMicros, r.oracleDistinctMicros));
        m.put("wFN", rate(r.falseNegativeMicros, r.oracleDuplicatesMicros));
      }
    }
    m.put("filterBits", r.filterBits);
    m.put("jobs", r.jobs);
    m.put("output", output.toString());
    m.put("seconds", (System.nanoTime() - start) / 1e9);
    return m;
  }

  /** Runs the job(s); the configuration holds the record format and dedup settings. */
  static Result run(
      Configuration conf,
      String method,
      Path[] inputs,
      Path output,
      Path duplicates,
      int reducers,
      long items,
      double bitsPerKey)
      throws IOException, InterruptedException {
    FileSystem fs = output.getFileSystem(conf);
    output = fs.makeQualified(output);
    Result r = new Result();
    r.method = method;
    try (Temporaries.Temporary t = Temporaries.of(conf, output, "dedup")) {
      Path work = t.path();
      Job job = Job.getInstance(conf);
      Configuration jc = job.getConfiguration();
      if (method.equals("counting")) {
        Path filter = new Path(work, "multiplicities.cbf");
        Filter f = buildMultiplicities(conf, inputs, work, filter, items, bitsPerKey);
        r.filterBits = f.memoryBits();
        r.jobs++;
        BloomkitConfig.DEDUP_COUNTING.set(jc, true);
        ShippedFilter.ship(job, fs.makeQualified(filter));
      }
      Path out = new Path(work, "out");
      job.setJobName("bloomkit dedup " + method + " -> " + output);
      job.setJarByClass(DedupTool.class);
      Inputs.configureOrdered(job, inputs); // offsets order a file's records
      InputFiles.write(job, new Path(work, "input-files"));
      Path samples = MalformedRecords.prepare(job, work);
      job.setMapperClass(DedupMapper.class);
      job.setMapOutputKeyClass(DedupKey.class);
      job.setMapOutputValueClass(Text.class);
      job.setPartitionerClass(DedupKey.KeyPartitioner.class);
      if (method.equals("stream")) {
        // horizontal slices by key hash, each in the global order, one record per reduce call
        job.setSortComparatorClass(DedupKey.TimeOrderComparator.class);
        job.setGroupingComparatorClass(DedupKey.TimeOrderComparator.class);
        job.setReducerClass(StreamDedupReducer.class);
      } else {
        job.setSortComparatorClass(DedupKey.Comparator.class);
        job.setGroupingComparatorClass(DedupKey.GroupingComparator.class);
        job.setReducerClass(DedupReducer.class);
      }
      job.setNumReduceTasks(reducers);
      job.setOutputKeyClass(NullWritable.class);
      job.setOutputValueClass(Text.class);
      LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
      FileOutputFormat.setOutputPath(job, out);
      Jobs.run(job);
      r.jobs++;
      r.inputRecords = Jobs.counter(job, DedupCounters.INPUT_RECORDS);
      r.malformedRecords = Jobs.counter(job, DedupCounters.MALFORMED_RECORDS);
      r.kept = Jobs.counter(job, DedupCounters.KEPT);
      r.duplicates = Jobs.counter(job, DedupCounters.DUPLICATES);
      r.shuffleAvoided = Jobs.counter(job, DedupCounters.SHUFFLE_AVOIDED_RECORDS);
      r.shuffleAvoidedBytes = Jobs.counter(job, DedupCounters.SHUFFLE_AVOIDED_BYTES);
      r.mapOutputRecords = Jobs.counter(job, TaskCounter.MAP_OUTPUT_RECORDS);
      r.mapOutputBytes = Jobs.counter(job, TaskCounter.MAP_OUTPUT_BYTES);
      r.localDuplicates = Jobs.counter(job, DedupCounters.LOCAL_DUPLICATES);
      r.localMarkers = Jobs.counter(job, DedupCounters.LOCAL_MARKERS);
      r.localUnorderedHits = Jobs.counter(job, DedupCounters.LOCAL_UNORDERED_HITS);
      r.localFalsePositives = Jobs.counter(job, DedupCounters.LOCAL_FALSE_POSITIVES);
      r.oracleDistinct = Jobs.counter(job, DedupCounters.ORACLE_DISTINCT);
      r.oracleDuplicates = Jobs.counter(job, DedupCounters.ORACLE_DUPLICATES);
      r.falsePositives = Jobs.counter(job, DedupCounters.FALSE_POSITIVES);
      r.falseNegatives = Jobs.counter(job, DedupCounters.FALSE_NEGATIVES);
      r.oracleDistinctMicros = Jobs.counter(job, DedupCounters.ORACLE_DISTINCT_IMPORTANCE_MICROS);
      r.oracleDuplicatesMicros = Jobs.counter(job, DedupCounters.ORACLE_DUPLICATES_IMPORTANCE_MICROS);
      r.falsePositiveMicros = Jobs.counter(job, DedupCounters.FALSE_POSITIVE_IMPORTANCE_MICROS);
      r.falseNegativeMicros = Jobs.counter(job, DedupCounters.FALSE_NEGATIVE_IMPORTANCE_MICROS);
      r.tally =
          new MalformedRecords.Tally(
                  "input", BloomkitConfig.KEY_FIELDS.get(conf), BloomkitConfig.DELIMITER.get(conf))
              .counts(r.inputRecords, r.malformedRecords,
                  MalformedRecords.first(conf, samples, SAMPLE_INPUT));
      r.tally.failIfAllMalformed(); // before anything is promoted to the output
      if (r.kept + r.duplicates + r.malformedRecords != r.inputRecords) {
        throw new IOException(
            "records unaccounted for: " + r.inputRecords + " read but " + r.kept + " kept + "
                + r.duplicates + " duplicates + " + r.malformedRecords + " malformed");
      }
      // each output directory is renamed into place complete, with _SUCCESS
      if (duplicates != null) {
        Temporaries.promote(fs, new Path(out, DedupOutput.DUPLICATES), fs.makeQualified(duplicates));
      }
      Temporaries.promote(fs, new Path(out, DedupOutput.KEPT), output);
      return r;
    }
  }

  /** Phase 1 of counting: per-split counting filters of key multiplicities, summed. */
  private static Filter buildMultiplicities(
      Configuration conf, Path[] inputs, Path work, Path filter, long items, double bitsPerKey)
      throws IOException, InterruptedException {
    Job job = Job.getInstance(conf);
    job.setJobName("bloomkit dedup counting: key multiplicities");
    job.setJarByClass(DedupTool.class);
    job.setMapperClass(MultiplicityMapper.class);
    return FilterBuild.perSplitCountingFilter(job, inputs, work, filter, items, bitsPerKey);
  }

  public static void main(String[] args) {
    main(new DedupTool(), args);
  }
}
