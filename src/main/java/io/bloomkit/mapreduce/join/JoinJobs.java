package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.common.SideInputs;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.filterjob.FilterBuild;
import io.bloomkit.mapreduce.join.plan.CostModel;
import io.bloomkit.mapreduce.table.KeyBounds;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.registry.Filters;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
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
 * The jobs of a {@link JoinPlan}: the filter of the left keys first when it is built here ({@link
 * FilterBuild}), then the join job with the filter shipped to every map task (right-side mappers
 * drop what it rejects, left-side mappers check it holds every left key). The join writes into the
 * work directory, which becomes the output only after the job succeeded and every check passed.
 */
final class JoinJobs {
  private JoinJobs() {}

  /** What the run did, for the report. */
  static final class Outcome {
    final JobCounters counters;
    final Path output;
    /** The filter file to report: the given one, null when none or built here (temporary). */
    final Path filter;
    /** The filter's query view, null without one. */
    final Filter probe;
    /** The distinct right keys the filter dropped ({@link DroppedKeys}). */
    final long droppedKeys;
    /** Whether a side's malformed share was above {@code --max-malformed-share}. */
    final boolean malformedWarning;
    /** The hot right keys split over several reducers ({@link HotKeys}). */
    final int hotKeys;
    /** Nanoseconds the filter build took (in the client or its job; 0: none built). */
    long buildNanos;
    /** Nanoseconds the join's jobs took, submission to completion. */
    long jobNanos;

    Outcome(JobCounters counters, Path output, Path filter, Filter probe, long droppedKeys,
        boolean malformedWarning, int hotKeys) {
      this.counters = counters;
      this.output = output;
      this.filter = filter;
      this.probe = probe;
      this.droppedKeys = droppedKeys;
      this.malformedWarning = malformedWarning;
      this.hotKeys = hotKeys;
    }
  }

  static Outcome run(Configuration conf, JoinPlan p, PrintStream err)
      throws IOException, InterruptedException {
    if (p.strategy == JoinPlan.Strategy.MAP_SIDE) {
      return MapSideJoin.run(conf, p, err);
    }
    Path filterPath = p.givenFilter;
    Filter probe = p.givenProbe;
    long buildNanos = 0;
    try (JobChain chain = JobChain.open(conf, p.output, "join", JoinTool.class)) {
      if (p.filterSource == JoinPlan.FilterSource.BUILD) {
        filterPath = chain.work("left." + p.spec.name());
        // the left keys read in the client (p.localKeys): FilterBuild builds from them, no job
        FilterBuild build = new FilterBuild(conf)
            .inputs(p.left)
            .output(filterPath)
            .table(p.leftKeysOnly())
            .spec(p.spec)
            .reducers(p.reducers)
            .inputName(p.inputName(JoinKey.LEFT))
            .provenance("join", List.of())
            // the plan sized it for an estimate of the keys: the cap holds for the exact count
            .maxBytes(p.maxFilterBytes)
            .strict(p.strict);
        if (p.localKeys != null) {
          build.localKeys(p.localKeys);
        }
        long t0 = System.nanoTime();
        build.run();
        buildNanos = System.nanoTime() - t0;
        checkExactBudget(conf, filterPath, p.exactMax);
      }
      if (filterPath != null) {
        filterPath = filterPath.getFileSystem(conf).makeQualified(filterPath);
        if (probe == null) { // built here: checked like a given one; gives the theoretical rate
          probe = FilterFiles.readQueryView(conf, filterPath, "join", Filters.FAMILIES);
          // its size is exact now (a build job sized it for the exact distinct keys)
          JoinPlanner.checkHeap(conf, "the " + p.spec.name() + " filter built of the left keys",
              CostModel.heapBytes(probe.shape()), JoinPlanner.heapLimit(conf));
        }
      }
      Path rejects = chain.work("rejects");
      Path droppedKeysDir = chain.work("dropped-keys");
      JobChain.Step join = joinStep(chain, p, filterPath);
      int hotKeys = splitHotKeys(join.conf(), p);
      BloomkitConfig.JOIN_REJECTS_DIR.set(join.conf(), rejects);
      BloomkitConfig.JOIN_DROPPED_KEYS_DIR.set(join.conf(), droppedKeysDir);
      long t0 = System.nanoTime();
      JobCounters c = join.run();
      long jobNanos = System.nanoTime() - t0;
      // before the output is promoted: a failure leaves nothing
      boolean warning = checkSides(join, c, p, err);
      checkBalance(c, p.type);
      checkNoLeftKeyRejected(c, chain.fs(), rejects, filterPath);
      long droppedKeys = DroppedKeys.count(chain.fs(), droppedKeysDir);
      chain.promote();
      boolean built = p.filterSource == JoinPlan.FilterSource.BUILD;
      Outcome o = new Outcome(
          c, chain.output(), built ? null : filterPath, probe, droppedKeys, warning, hotKeys);
      o.buildNanos = buildNanos;
      o.jobNanos = jobNanos;
      return o;
    }
  }

  /**
   * Right skew: finds the hot right keys in a sample of the right input ({@link HotKeySampler})
   * and ships them to the join's tasks with their bucket count ({@link HotKeys}), unless {@link
   * BloomkitConfig#JOIN_HOT_ENABLED} is off or the join has one reducer. A key is hot when it holds
   * at least {@link BloomkitConfig#JOIN_HOT_SHARE} of the sample and its estimated bytes (that
   * share of the right input's size) reach {@link BloomkitConfig#JOIN_HOT_MIN_BYTES}. Every join type splits
   * (the reducer's hot-key rule: {@link HotKeys}).
   *
   * @return the number of hot keys shipped
   */
  static int splitHotKeys(Configuration conf, JoinPlan p) throws IOException {
    int buckets = BloomkitConfig.JOIN_HOT_BUCKETS.getInt(conf);
    buckets = Math.min(Math.min(buckets <= 0 ? p.reducers : buckets, p.reducers),
        JoinKey.MAX_BUCKETS);
    if (!BloomkitConfig.JOIN_HOT_ENABLED.getBoolean(conf) || buckets < 2) {
      return 0;
    }
    // a key is hot when it holds the share and its estimated bytes reach the floor
    long rightBytes = 0;
    for (org.apache.hadoop.fs.FileStatus f : io.bloomkit.mapreduce.table.Tables.list(conf, p.right)) {
      rightBytes += f.getLen();
    }
    double share = Math.max(BloomkitConfig.JOIN_HOT_SHARE.getDouble(conf),
        BloomkitConfig.JOIN_HOT_MIN_BYTES.getLong(conf) / (double) Math.max(1, rightBytes));
    if (share > 1) {
      return 0; // no key of so small an input can reach the floor: not worth a sample
    }
    List<byte[]> hot = HotKeySampler.find(conf, p.rightTable.toBuilder().projection(true).build(),
        p.right, BloomkitConfig.JOIN_HOT_SAMPLE.getLong(conf), share,
        BloomkitConfig.JOIN_HOT_MAX_KEYS.getInt(conf));
    HotKeys.store(conf, hot, buckets);
    return hot.size();
  }

  /** The join job, writing into the chain's staged output. */
  private static JobChain.Step joinStep(JobChain chain, JoinPlan p, Path filter)
      throws IOException {
    Path output = chain.staged();
    JobChain.Step s =
        chain.step("join (" + p.type.cliName() + ", filter "
            + (filter == null ? "none" : filter.getName()) + ") -> " + output);
    Job job = s.job();
    Configuration conf = s.conf();
    BloomkitConfig.JOIN_LEFT_KEY_TYPES.set(conf, KeySignature.of(p.leftTable.keyTypes()).format());
    BloomkitConfig.JOIN_RIGHT_KEY_TYPES.set(
        conf, KeySignature.of(p.rightTable.keyTypes()).format());
    BloomkitConfig.JOIN_TYPE.set(conf, p.type.cliName());
    BloomkitConfig.JOIN_SWAPPED.set(conf, p.swapped);
    BloomkitConfig.STRICT.set(conf, p.strict);
    if (filter != null) {
      ShippedFilter.ship(job, filter);
    } else {
      BloomkitConfig.JOIN_FILTER_PATH.set(conf, "");
    }
    // tagged by side, not by path: a file on both sides (a self-join) is read once per side
    SideInputs.add(job, SideInputs.LEFT, p.left, LeftJoinMapper.class, p.leftTable);
    SideInputs.add(job, SideInputs.RIGHT, p.right, RightJoinMapper.class, probeTable(p));
    job.setMapOutputKeyClass(JoinKey.class);
    job.setMapOutputValueClass(JoinValue.class);
    job.setPartitionerClass(JoinPartitioner.class);
    job.setSortComparatorClass(JoinKey.Comparator.class);
    job.setGroupingComparatorClass(JoinKey.GroupingComparator.class);
    s.sampleMalformed().reduce(JoinReducer.class, p.reducers);
    if (p.out.text()) {
      return s.lazyOutput(TextOutputFormat.class, Text.class, Text.class, output);
    }
    JoinRecords.store(conf, p.leftSchema, p.rightSchema);
    p.out.configure(job, p.outputSchema());
    FileOutputFormat.setOutputPath(job, output);
    return s;
  }

  /**
   * The right table as the join's right mappers read it: with the bounds of the left keys when
   * the client read them and the join keeps no unmatched right record, so that its Parquet reader
   * skips the row groups that hold none of them ({@link KeyBounds}; counted as {@code
   * rightRowGroupsSkipped}, {@code rightRowsSkipped}, {@code rightBytesSkipped}).
   */
  static TableSpec probeTable(JoinPlan p) {
    return probeTable(p.rightTable, p.localKeys, p.type);
  }

  /**
   * {@code right} with the bounds of {@code keys} (null: none) when a join of {@code type} may
   * skip what they rule out; else {@code right} itself.
   */
  static TableSpec probeTable(
      TableSpec right, io.bloomkit.mapreduce.filterjob.LocalKeys keys, JoinPlan.Type type) {
    if (keys == null || type.keepsUnmatchedRight() || right.keyFieldCount() != 1) {
      return right;
    }
    KeyBounds b = keys.bounds(right.keyTypes().isEmpty()
        ? io.bloomkit.core.key.KeyType.STRING : right.keyTypes().get(0));
    return b == null ? right : right.toBuilder().keyBounds(b).build();
  }

  /**
   * Per side: fails when every record was malformed, warns above the share.
   *
   * @return whether a side warned
   */
  private static boolean checkSides(JobChain.Step join, JobCounters c, JoinPlan p, PrintStream err)
      throws IOException {
    return checkSides(join, join, c, p, err);
  }

  /**
   * As {@link #checkSides(JobChain.Step, JobCounters, JoinPlan, PrintStream)}, each side's first
   * malformed record from the job that read it (a map-side join's left records may come from its
   * second job).
   */
  static boolean checkSides(JobChain.Step leftJob, JobChain.Step rightJob, JobCounters c,
      JoinPlan p, PrintStream err) throws IOException {
    MalformedRecords.Tally l =
        new MalformedRecords.Tally(p.inputName(JoinKey.LEFT), p.leftTable)
            .counts(c.get(JoinCounters.LEFT_RECORDS), c.get(JoinCounters.LEFT_MALFORMED),
                leftJob.firstMalformed(JoinMapper.sideName(JoinKey.LEFT)));
    MalformedRecords.Tally r =
        new MalformedRecords.Tally(p.inputName(JoinKey.RIGHT), p.rightTable)
            .counts(c.get(JoinCounters.RIGHT_RECORDS), c.get(JoinCounters.RIGHT_MALFORMED),
                rightJob.firstMalformed(JoinMapper.sideName(JoinKey.RIGHT)));
    l.failIfAllMalformed();
    r.failIfAllMalformed();
    boolean warned = l.warnIfAbove(p.maxShare, err);
    return r.warnIfAbove(p.maxShare, err) || warned;
  }

  /** The left records: {@code records = passed + malformed + null keys}. */
  static void checkLeftBalance(JobCounters c) throws IOException {
    RecordBalance.of(c.get(JoinCounters.LEFT_RECORDS), "left input")
        .plus(c.get(JoinCounters.LEFT_PASSED), "passed")
        .plus(c.get(JoinCounters.LEFT_MALFORMED), "malformed")
        .plus(c.get(JoinCounters.LEFT_NULL_KEYS), "null keys")
        .check();
  }

  /**
   * Every record of each side is accounted for: {@code records = passed + dropped by the filter +
   * malformed + null keys} (the left side drops none); the right records the map tasks wrote are
   * exactly those dropped by the filter and those with a null key when the type keeps unmatched
   * right records, none otherwise; and the output records are exactly what was written: by the
   * reducers ({@code REDUCE_OUTPUT_RECORDS}, counted by the framework), the map tasks' right
   * records and, when the type keeps unmatched left records, the null-key left records. Fails
   * before the output is promoted.
   */
  static void checkBalance(JobCounters c, JoinPlan.Type type) throws IOException {
    checkLeftBalance(c);
    RecordBalance.of(c.get(JoinCounters.RIGHT_RECORDS), "right input")
        .plus(c.get(JoinCounters.RIGHT_PASSED), "passed")
        .plus(c.get(JoinCounters.RIGHT_DROPPED_BY_FILTER), "dropped by the filter")
        .plus(c.get(JoinCounters.RIGHT_MALFORMED), "malformed")
        .plus(c.get(JoinCounters.RIGHT_NULL_KEYS), "null keys")
        .check();
    RecordBalance byMap =
        RecordBalance.of(c.get(JoinCounters.RIGHT_WRITTEN_BY_MAP), "right input written by the map");
    if (type.keepsUnmatchedRight()) {
      byMap.plus(c.get(JoinCounters.RIGHT_DROPPED_BY_FILTER), "dropped by the filter")
          .plus(c.get(JoinCounters.RIGHT_NULL_KEYS), "null keys");
    }
    byMap.check();
    RecordBalance.of(c.get(JoinCounters.OUTPUT_RECORDS), "output")
        .plus(c.get(TaskCounter.REDUCE_OUTPUT_RECORDS), "written by the reducers")
        .plus(c.get(JoinCounters.RIGHT_WRITTEN_BY_MAP), "right records written by the map")
        .plus(type.keepsUnmatchedLeft() ? c.get(JoinCounters.LEFT_NULL_KEYS) : 0,
            "null-key left records written by the map")
        .check();
  }

  /**
   * The filter must contain every left key (it is meant to be built from them): otherwise the
   * join would silently lose the rows of the keys it rejects. Fails, before the output is
   * committed, naming the filter, the exact count and the first rejected key a task left.
   */
  private static void checkNoLeftKeyRejected(JobCounters c, FileSystem fs, Path rejects,
      Path filter) throws IOException {
    long rejected = c.get(JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER);
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
  static Filter checkGivenFilter(Configuration conf, Path path, long exactMax) throws IOException {
    checkExactBudget(conf, path, exactMax);
    // errors name the file and the field (exit 1), or the family join cannot use (exit 2)
    return FilterFiles.readQueryView(conf, path, "join", Filters.FAMILIES);
  }

  private static void checkExactBudget(Configuration conf, Path path, long exactMax)
      throws IOException {
    FilterFiles.checkExactBudget(conf, path, "join", exactMax);
  }
}
