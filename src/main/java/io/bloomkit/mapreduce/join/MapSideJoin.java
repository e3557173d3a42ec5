package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.RecordBalance;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code join --strategy map-side}: the broadcast join Spark and Hive pick for a small side. A
 * map-only job over the right side whose every task loads the whole left side into a hash table
 * ({@link MapSideJoinMapper}) and joins each right record by a lookup: no filter, no shuffle, no
 * reducer. Left-semi and left-anti need to know which left keys any task matched: the tasks write
 * their matched keys to side files and a second map-only job over the left side writes the left
 * records ({@link MapSideLeftMapper}). Left-outer and full-outer joins (unmatched left records
 * need the same global view for every pair-writing task) are refused by {@link JoinOptions}.
 *
 * <p>Each task reads the left side from the file system through the reader layer rather than a
 * copy shipped through the DistributedCache: any format and directory layout reads exactly as
 * the reduce-side join reads it, with no client-side pass; the DistributedCache would save only
 * the reads of tasks sharing a node, for a side small by definition.
 *
 * <p>The budget ({@link #budget}): {@link BloomkitConfig#MAPSIDE_MAX_BYTES}, or when 0 a quarter
 * of the map task heap. Before any job, the left side's decoded size ({@link Tables#dataBytes})
 * must fit it (a usage error otherwise); each task then measures its table as it loads and fails,
 * naming the key, the moment it passes the budget.
 */
final class MapSideJoin {
  private MapSideJoin() {}

  /**
   * The map task heap in bytes, as Hadoop sizes it: the {@code -Xmx} of {@code
   * mapreduce.map.java.opts} (else {@code mapred.child.java.opts}); without one, the container
   * size ({@code mapreduce.map.memory.mb}, or its default) times {@code
   * mapreduce.job.heap.memory-mb.ratio}. In local mode the tasks run in this JVM, several at once
   * ({@link Jobs#mapTasksPerJvm}), each loading its own table or filter: its heap divided by them.
   */
  static long mapTaskHeap(Configuration conf) {
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(
        conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))) {
      return Runtime.getRuntime().maxMemory() / Jobs.mapTasksPerJvm(conf);
    }
    String opts = conf.get(MRJobConfig.MAP_JAVA_OPTS, conf.get(JobConf.MAPRED_TASK_JAVA_OPTS));
    int xmx = opts == null ? -1 : JobConf.parseMaximumHeapSizeMB(opts);
    if (xmx > 0) {
      return (long) xmx << 20;
    }
    JobConf job = conf instanceof JobConf ? (JobConf) conf : new JobConf(conf);
    float ratio = conf.getFloat(MRJobConfig.HEAP_MEMORY_MB_RATIO,
        MRJobConfig.DEFAULT_HEAP_MEMORY_MB_RATIO);
    return (long) (job.getMemoryRequired(TaskType.MAP) * (double) ratio) << 20;
  }

  /** {@link BloomkitConfig#MAPSIDE_MAX_BYTES}, or when 0 (the default) a quarter of {@link #mapTaskHeap}. */
  static long budget(Configuration conf) {
    long set = BloomkitConfig.MAPSIDE_MAX_BYTES.getLong(conf);
    return set > 0 ? set : mapTaskHeap(conf) / 4;
  }

  /**
   * Refuses (usage error) a left side whose decoded size does not fit the budget; returns the
   * estimate.
   */
  static long checkFits(Configuration conf, JoinPlan p) throws IOException {
    long budget = budget(conf);
    long bytes = Tables.dataBytes(conf, p.leftTable.format(), p.left);
    if (bytes > budget) {
      throw new UsageException("--strategy map-side: the left side holds about " + bytes
          + " bytes of records, more than a map task's budget " + BloomkitConfig.MAPSIDE_MAX_BYTES.key()
          + " = " + budget + " bytes (" + (BloomkitConfig.MAPSIDE_MAX_BYTES.getLong(conf) > 0
              ? "set" : "a quarter of the map task heap") + "); raise it with -D"
          + BloomkitConfig.MAPSIDE_MAX_BYTES.key() + "=BYTES (and the map task memory) or use"
          + " --strategy reduce-side");
    }
    return bytes;
  }

  static JoinJobs.Outcome run(Configuration conf, JoinPlan p, PrintStream err)
      throws IOException, InterruptedException {
    try (JobChain chain = JobChain.open(conf, p.output, "join", JoinTool.class)) {
      boolean twoSteps = p.type.leftLinesOnly();
      Path matched = chain.work("matched-keys");
      JobChain.Step join = chain.step("map-side join (" + p.type.cliName() + ") -> "
          + (twoSteps ? matched : chain.staged()));
      Job job = join.job();
      configure(join, p);
      BloomkitConfig.MAPSIDE_MAX_BYTES.set(job.getConfiguration(), budget(conf));
      BloomkitConfig.MAPSIDE_LEFT_INPUT.set(job.getConfiguration(), Inputs.pathList(conf, p.left));
      BloomkitConfig.MAPSIDE_MATCHED_DIR.set(job.getConfiguration(), matched);
      join.tableInput(JoinJobs.probeTable(p), p.right).sampleMalformed()
          .map(MapSideJoinMapper.class).mapOnly();
      if (twoSteps) {
        job.setOutputFormatClass(NullOutputFormat.class);
      } else {
        output(join, p, p.type.rightLinesOnly() ? p.rightSchema : null);
      }
      long t0 = System.nanoTime();
      join.run();
      Counters all = new Counters();
      all.incrAllCounters(job.getCounters());
      JobChain.Step left = null;
      if (twoSteps) {
        left = chain.step("map-side join (" + p.type.cliName() + "), left records -> "
            + chain.staged());
        configure(left, p);
        BloomkitConfig.MAPSIDE_MATCHED_DIR.set(left.conf(), matched);
        left.tableInput(p.leftTable, p.left).sampleMalformed().map(MapSideLeftMapper.class)
            .mapOnly();
        output(left, p, p.leftSchema);
        left.run();
        all.incrAllCounters(left.job().getCounters());
      }
      JobCounters c = JobCounters.of(all);
      // before the output is promoted: a failure leaves nothing
      boolean warning = JoinJobs.checkSides(twoSteps ? left : join, join, c, p, err);
      checkBalance(c);
      chain.promote();
      // no reducers: no hot keys
      JoinJobs.Outcome o = new JoinJobs.Outcome(c, chain.output(), null, null, 0, warning, 0);
      o.jobNanos = System.nanoTime() - t0;
      return o;
    }
  }

  /** Settings both jobs share: key types, the join type, strictness, both sides' specs. */
  private static void configure(JobChain.Step s, JoinPlan p) {
    Configuration conf = s.conf();
    BloomkitConfig.JOIN_TYPE.set(conf, p.type.cliName());
    BloomkitConfig.JOIN_SWAPPED.set(conf, p.swapped);
    BloomkitConfig.STRICT.set(conf, p.strict);
    p.leftTable.store(conf, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    p.rightTable.store(conf, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
  }

  /**
   * The output into the chain's staged directory: text lines, or records of the joined schema
   * ({@code alone} null) or of one side's schema alone (semi and anti joins).
   */
  private static void output(JobChain.Step s, JoinPlan p, Schema alone) {
    Path dir = s.chain().staged();
    if (p.out.text()) {
      s.lazyOutput(TextOutputFormat.class, Text.class, Text.class, dir);
      return;
    }
    JoinRecords.store(s.conf(), p.leftSchema, p.rightSchema);
    p.out.configure(s.job(), alone != null ? alone : p.outputSchema());
    FileOutputFormat.setOutputPath(s.job(), dir);
  }

  /**
   * Every record is accounted for: left, {@code records = in the table (passed) + malformed +
   * null keys}; right, {@code records = matched + unmatched + malformed + null keys}; the output
   * rows counted are the records the map tasks wrote (the framework's count).
   */
  private static void checkBalance(JobCounters c) throws IOException {
    JoinJobs.checkLeftBalance(c);
    RecordBalance.of(c.get(JoinCounters.OUTPUT_RECORDS), "output")
        .plus(c.get(org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS),
            "written by the map tasks")
        .check();
    RecordBalance.of(c.get(JoinCounters.RIGHT_RECORDS), "right input")
        .plus(c.get(JoinCounters.MAP_SIDE_RIGHT_MATCHED), "matched")
        .plus(c.get(JoinCounters.MAP_SIDE_RIGHT_UNMATCHED), "unmatched")
        .plus(c.get(JoinCounters.RIGHT_MALFORMED), "malformed")
        .plus(c.get(JoinCounters.RIGHT_NULL_KEYS), "null keys")
        .check();
  }
}
