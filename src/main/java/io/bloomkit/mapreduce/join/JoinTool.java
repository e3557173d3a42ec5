package io.bloomkit.mapreduce.join;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.registry.Filters;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.JoinCounters;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.build.FilterBuild;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.common.Temporaries;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code join --left PATH --left-key I --right PATH --right-key J --output DIR [--type
 * inner|left-outer] [--delimiter D] [--filter FILE | --filter-type acbf|acbf1..3|cbf|bf|exact|none]
 * [--fpp P | --bits-per-key B] [--hashes K] [--reducers R] [--strict] [--max-malformed-share S]
 * [--json]}: a Bloom-filtered
 * reduce-side join (the paper's section 4). Left is the small (build) side, right the large
 * (probe) side. Unless {@code --filter} names a filter file or the type is {@code none}, a build
 * job first makes a filter of the left keys in a staging directory next to the output (removed
 * afterwards). The filter is shipped through the DistributedCache; right-side mappers drop the
 * records whose key fails it. Left-side mappers test every left key against the same filter: if
 * the filter rejects any (it was built from another field or an older input, or keys were removed
 * since), the join fails (exit 1) naming the filter, the count and the first such key. The job
 * writes into the hidden staging directory ({@code .DIR._join-UUID}, see {@link Temporaries}),
 * which is renamed to DIR only after the job succeeded and passed that check: DIR either does not
 * exist or is complete, with {@code _SUCCESS}.
 *
 * <p>Checked before any job starts: inputs exist (exit 2), the output does not (2), a given filter
 * passes its checksum (1) and an exact key set fits {@link BloomkitConfig#EXACT_MAX_BYTES} (2; for
 * a set built here, checked after the build, before the join job).
 */
public final class JoinTool extends BloomkitTool {
  @Override
  public String name() {
    return "join";
  }

  @Override
  public String description() {
    return "Reduce-side join of a small left and a large right input, right side pre-filtered by"
        + " a filter of the left keys (default acbf, 16 bits per key).";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("left", "PATH[,PATH]", "left (small, build side) input (required)"));
    o.addOption(opt("left-key", "I[,J]", "0-based key field(s) of the left input (required)"));
    o.addOption(opt("right", "PATH[,PATH]", "right (large, probe side) input (required)"));
    o.addOption(opt("right-key", "I[,J]", "0-based key field(s) of the right input (required)"));
    o.addOption(opt("output", "DIR", "output directory; must not exist (required)"));
    o.addOption(opt("type", "TYPE", "inner (default) or left-outer"));
    o.addOption(SizingOptions.delimiter());
    OptionGroup g = new OptionGroup();
    g.addOption(opt("filter", "FILE", "use this filter file (from build or update)"));
    g.addOption(
        opt("filter-type", "TYPE", "build a filter of the left keys first: acbf (default), acbf1,"
            + " acbf2, acbf3, cbf, bf, exact, or none"));
    o.addOptionGroup(g);
    SizingOptions.addRate(o);
    o.addOption(opt("reducers", "R", "reduce tasks (default 1)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    String type = cl.getOptionValue("type", JoinReducer.INNER);
    if (!type.equals(JoinReducer.INNER) && !type.equals(JoinReducer.LEFT_OUTER)) {
      throw new UsageException("--type must be inner or left-outer: " + type);
    }
    char delimiter;
    int[] leftKey;
    int[] rightKey;
    try {
      delimiter = KeyExtractor.parseDelimiter(cl.getOptionValue("delimiter", "\t"));
      leftKey = KeyExtractor.parseFields(required(cl, "left-key"));
      rightKey = KeyExtractor.parseFields(required(cl, "right-key"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    if (leftKey.length != rightKey.length) {
      throw new UsageException("--left-key and --right-key must name as many fields");
    }
    String filterType = cl.getOptionValue("filter-type", "acbf").toLowerCase(java.util.Locale.ROOT);
    if (cl.hasOption("filter")) {
      SizingOptions.refuseSizing(cl, "--filter FILE (the filter is built already)");
    } else if (filterType.equals("none")) {
      SizingOptions.refuseSizing(cl, "--filter-type none (no filter)");
    }
    FilterSpec spec = filterType.equals("none") ? null : SizingOptions.spec(cl, filterType);
    int reducers = intValue(cl, "reducers", 1, 1);
    double maxShare = MalformedOptions.maxShare(cl);
    Path[] left = existingPaths(required(cl, "left"), "left");
    Path[] right = existingPaths(required(cl, "right"), "right");
    try {
      left = Inputs.forMultipleInputs(conf, left);
      right = Inputs.forMultipleInputs(conf, right);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path shared = Inputs.shared(conf, left, right);
    if (shared != null) {
      throw new UsageException("a file cannot be on both sides: " + shared);
    }
    Path output = absentPath(required(cl, "output"), "output");
    long exactMax = BloomkitConfig.EXACT_MAX_BYTES.getLong(conf);

    Path filterPath = null;
    Filter probe = null;
    if (cl.hasOption("filter")) {
      filterPath = existingFile(cl.getOptionValue("filter"), "filter");
      probe = checkFilter(conf, filterPath, exactMax);
    }

    long start = System.nanoTime();
    FileSystem outFs = output.getFileSystem(conf);
    output = outFs.makeQualified(output);
    try (Temporaries.Temporary t = Temporaries.of(conf, output, "join")) {
      Path staging = t.path();
      if (filterPath == null && spec != null) {
        filterPath = new Path(staging, "left." + spec.name());
        new FilterBuild(conf)
            .inputs(left)
            .output(filterPath)
            .keyFields(leftKey)
            .delimiter(delimiter)
            .spec(spec)
            .reducers(reducers)
            .inputName("left input")
            .strict(cl.hasOption("strict"))
            .run();
        checkExactBudget(conf, filterPath, exactMax);
      }
      if (filterPath != null) {
        filterPath = filterPath.getFileSystem(conf).makeQualified(filterPath);
        if (probe == null) { // built here: checked like a given one; gives the theoretical rate
          probe = FilterFiles.readQueryView(conf, filterPath, "join", Filters.FAMILIES);
        }
      }
      Path staged = new Path(staging, "out");
      Path rejects = new Path(staging, "rejects");
      Job job = joinJob(conf, left, right, staged, type, delimiter, leftKey, rightKey, filterPath,
          reducers, cl.hasOption("strict"));
      BloomkitConfig.JOIN_REJECTS_DIR.set(job.getConfiguration(), rejects);
      Path samples = MalformedRecords.prepare(job, staging);
      Path droppedKeysDir = new Path(staging, "dropped-keys");
      BloomkitConfig.JOIN_DROPPED_KEYS_DIR.set(job.getConfiguration(), droppedKeysDir);
      Jobs.run(job);
      // before the output is promoted: a failure leaves nothing
      boolean warning = checkSides(conf, job, samples, delimiter, leftKey, rightKey, maxShare);
      checkNoLeftKeyRejected(job, outFs, rejects, filterPath);
      long droppedKeys = DroppedKeys.count(outFs, droppedKeysDir);
      Temporaries.promote(outFs, staged, output);
      boolean built = !cl.hasOption("filter") && spec != null;
      Map<String, Object> m = result(job, output, built ? null : filterPath, probe, built,
          droppedKeys,
          (System.nanoTime() - start) / 1e9);
      m.put("malformedWarning", warning);
      return m;
    }
  }

  /**
   * Per side: fails when every record was malformed, warns above the share.
   *
   * @return whether a side warned
   */
  private boolean checkSides(Configuration conf, Job job, Path samples, char delimiter,
      int[] leftKey, int[] rightKey, double maxShare) throws IOException {
    String d = String.valueOf(delimiter);
    MalformedRecords.Tally l =
        new MalformedRecords.Tally("left input", KeyExtractor.formatFields(leftKey), d)
            .counts(Jobs.counter(job, JoinCounters.LEFT_RECORDS),
                Jobs.counter(job, JoinCounters.LEFT_MALFORMED),
                MalformedRecords.first(conf, samples, JoinMapper.sideName(JoinKey.LEFT)));
    MalformedRecords.Tally r =
        new MalformedRecords.Tally("right input", KeyExtractor.formatFields(rightKey), d)
            .counts(Jobs.counter(job, JoinCounters.RIGHT_RECORDS),
                Jobs.counter(job, JoinCounters.RIGHT_MALFORMED),
                MalformedRecords.first(conf, samples, JoinMapper.sideName(JoinKey.RIGHT)));
    l.failIfAllMalformed();
    r.failIfAllMalformed();
    boolean warned = l.warnIfAbove(maxShare, err());
    return r.warnIfAbove(maxShare, err()) || warned;
  }

  /**
   * The filter must contain every left key (it is meant to be built from them): otherwise the
   * join would silently lose the rows of the keys it rejects. Fails, before the output is
   * committed, naming the filter, the exact count and the first rejected key a task left.
   */
  private static void checkNoLeftKeyRejected(Job job, FileSystem fs, Path rejects, Path filter)
      throws IOException {
    long rejected = Jobs.counter(job, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER);
    if (rejected == 0) {
      return;
    }
    String first = "unknown";
    if (fs.exists(rejects)) {
      FileStatus[] files = fs.listStatus(rejects);
      Arrays.sort(files);
      if (files.length > 0) {
        try (InputStream in = fs.open(files[0].getPath())) {
          first = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
    }
    throw new IOException(
        "filter " + filter + " rejects the keys of " + rejected + " left records (first: " + first
            + "): it was not built from these left keys (another --left-key or --delimiter, an"
            + " older left input, or keys removed by update since); rebuild it from the left"
            + " input; no output written");
  }

  /**
   * Full read (checksum included) of a given filter, after checking an exact set's size; the
   * query view it returns gives the theoretical rate.
   */
  private static Filter checkFilter(Configuration conf, Path path, long exactMax)
      throws IOException {
    checkExactBudget(conf, path, exactMax);
    // errors name the file and the field (exit 1), or the family join cannot use (exit 2)
    return FilterFiles.readQueryView(conf, path, "join", Filters.FAMILIES);
  }

  private static void checkExactBudget(Configuration conf, Path path, long exactMax)
      throws IOException {
    FilterShape shape = FilterFiles.readShape(conf, path, "join", Filters.FAMILIES);
    if (shape.family() == FilterFamily.EXACT && ExactKeySet.heapBytes(shape) > exactMax) {
      throw new UsageException(
          "the exact key set of " + shape.positions() + " keys needs about "
              + ExactKeySet.heapBytes(shape) + " bytes in every map task, more than "
              + BloomkitConfig.EXACT_MAX_BYTES.key() + " = " + exactMax
              + "; use a Bloom filter type or raise the limit with -D");
    }
  }

  static Job joinJob(
      Configuration base,
      Path[] left,
      Path[] right,
      Path output,
      String type,
      char delimiter,
      int[] leftKey,
      int[] rightKey,
      Path filter,
      int reducers,
      boolean strict)
      throws IOException {
    Job job = Job.getInstance(base);
    Configuration conf = job.getConfiguration();
    job.setJobName(
        "bloomkit join (" + type + ", filter " + (filter == null ? "none" : filter.getName())
            + ") -> " + output);
    job.setJarByClass(JoinTool.class);
    BloomkitConfig.DELIMITER.set(conf, String.valueOf(delimiter));
    BloomkitConfig.JOIN_LEFT_KEY_FIELDS.set(conf, KeyExtractor.formatFields(leftKey));
    BloomkitConfig.JOIN_RIGHT_KEY_FIELDS.set(conf, KeyExtractor.formatFields(rightKey));
    BloomkitConfig.JOIN_TYPE.set(conf, type);
    BloomkitConfig.STRICT.set(conf, strict);
    if (filter != null) {
      ShippedFilter.ship(job, filter);
    } else {
      BloomkitConfig.JOIN_FILTER_PATH.set(conf, "");
    }
    Inputs.addSide(job, left, LeftJoinMapper.class);
    Inputs.addSide(job, right, RightJoinMapper.class);
    job.setMapOutputKeyClass(JoinKey.class);
    job.setMapOutputValueClass(JoinValue.class);
    job.setPartitionerClass(JoinPartitioner.class);
    job.setSortComparatorClass(JoinKey.Comparator.class);
    job.setGroupingComparatorClass(JoinKey.GroupingComparator.class);
    job.setReducerClass(JoinReducer.class);
    job.setNumReduceTasks(reducers);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  /** {@code droppedKeys}: the distinct right keys the filter dropped ({@link DroppedKeys}). */
  private static Map<String, Object> result(
      Job job,
      Path output,
      Path filterPath,
      Filter probe,
      boolean built,
      long droppedKeys,
      double seconds)
      throws IOException {
    long dropped = Jobs.counter(job, JoinCounters.RIGHT_DROPPED_BY_FILTER);
    long fp = Jobs.counter(job, JoinCounters.FALSE_POSITIVES);
    Map<String, Object> m = result();
    m.put("output", output.toString());
    m.put("filter", filterPath == null ? null : filterPath.toString()); // null: none or temporary
    m.put("filterBuilt", built);
    m.put("filterType", probe == null ? "none" : probe.shape().name());
    m.put("leftRecords", Jobs.counter(job, JoinCounters.LEFT_RECORDS));
    m.put("rightRecords", Jobs.counter(job, JoinCounters.RIGHT_RECORDS));
    m.put("leftPassed", Jobs.counter(job, JoinCounters.LEFT_PASSED));
    m.put("leftKeysRejectedByFilter", Jobs.counter(job, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER));
    m.put("rightDroppedByFilter", dropped);
    m.put("rightPassed", Jobs.counter(job, JoinCounters.RIGHT_PASSED));
    m.put("falsePositives", fp);
    m.put("observedFppPerRecord", dropped + fp == 0 ? 0.0 : (double) fp / (dropped + fp));
    long fpKeys = Jobs.counter(job, JoinCounters.FALSE_POSITIVE_KEYS);
    m.put("falsePositiveKeys", fpKeys);
    m.put("rightDroppedKeys", droppedKeys);
    m.put(
        "observedFppPerKey",
        droppedKeys + fpKeys == 0 ? 0.0 : (double) fpKeys / (droppedKeys + fpKeys));
    m.put("theoreticalFpp", probe == null ? 1.0 : probe.expectedFpp());
    m.put("mapOutputRecords", Jobs.counter(job, TaskCounter.MAP_OUTPUT_RECORDS));
    m.put("mapOutputBytes", Jobs.counter(job, TaskCounter.MAP_OUTPUT_BYTES));
    m.put("outputRecords", Jobs.counter(job, JoinCounters.OUTPUT_RECORDS));
    m.put("leftMalformed", Jobs.counter(job, JoinCounters.LEFT_MALFORMED));
    m.put("rightMalformed", Jobs.counter(job, JoinCounters.RIGHT_MALFORMED));
    m.put(
        "malformedRecords",
        Jobs.counter(job, JoinCounters.LEFT_MALFORMED)
            + Jobs.counter(job, JoinCounters.RIGHT_MALFORMED));
    m.put("filterLoadsFromCache", Jobs.counter(job, JoinCounters.FILTER_LOADS_FROM_CACHE));
    m.put("filterLoadsFromPath", Jobs.counter(job, JoinCounters.FILTER_LOADS_FROM_PATH));
    m.put("seconds", seconds);
    return m;
  }

  public static void main(String[] args) {
    main(new JoinTool(), args);
  }
}
