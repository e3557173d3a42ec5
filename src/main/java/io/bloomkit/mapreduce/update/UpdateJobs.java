package io.bloomkit.mapreduce.update;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.filterjob.DistinctKeyMapper;
import io.bloomkit.mapreduce.filterjob.FilterBuild;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;

/**
 * The MapReduce path of {@code update}, for inputs above {@link
 * BloomkitConfig#UPDATE_LOCAL_MAX_BYTES}: the same update as the client path, with the same result
 * file, counts and refusals, without reading the keys on one machine.
 *
 * <ol>
 *   <li>Additions (when {@code --add} is given): map tasks emit their split's distinct keys ({@link
 *       DistinctKeyMapper}, the build's), reducers put each distinct key once into a partial
 *       counter vector of the filter's shape ({@link AddDeltaReducer}). The client refuses an ACBF
 *       whose capacity the distinct keys would exceed, as the client path does, then merges the
 *       partials into the filter (counters added).
 *   <li>Removals (when {@code --remove} is given): the filter with the additions is shipped to the
 *       tasks; reducers test each distinct key against it ({@link RemoveDeltaReducer}), put the
 *       members into partial counter vectors and count the others. Without {@code
 *       --skip-non-members} any non-member refuses the update (the count and one of them, the
 *       least in the shuffle's key order, is named); then the client subtracts the partials,
 *       checked: a counter that would go below zero (a key to remove stopped being a member after
 *       the removals before it, which only false positives among the keys to remove cause) refuses
 *       the update. The client path, which removes key by key in input order, skips such keys with
 *       {@code --skip-non-members}; here, where there is no such order, it refuses too.
 * </ol>
 *
 * The jobs write only into the work directory of a {@link JobChain} next to the output; the tool
 * writes the filter atomically after every check, so a refusal writes nothing. The reducers are
 * {@code mapreduce.job.reduces} (default 1).
 */
final class UpdateJobs {

  private UpdateJobs() {}

  /**
   * Runs the jobs and updates {@code u}'s filter in memory.
   *
   * @param bytes the inputs' decoded bytes ({@link FilterUpdate#inputBytes}), for the message
   *
   * @return the filter's expected false positive rate after the additions, before the removals
   */
  static double run(Configuration conf, UpdatePlan p, FilterUpdate u, KeySignature keys,
      long bytes, PrintStream err) throws IOException, InterruptedException {
    CountingFilter f = u.filter;
    int reducers = Math.max(1, conf.getInt(MRJobConfig.NUM_REDUCES, 1));
    err.println("update: the inputs hold about " + bytes + " bytes,"
        + " above " + BloomkitConfig.UPDATE_LOCAL_MAX_BYTES.key() + " = "
        + BloomkitConfig.UPDATE_LOCAL_MAX_BYTES.getLong(conf) + ": running MapReduce jobs");
    err.flush();
    try (JobChain chain = JobChain.open(conf, p.output, "update", UpdateTool.class)) {
      if (p.add.length > 0) {
        Path deltas = chain.work("additions");
        JobChain.Step s = step(chain, "keys to add -> " + deltas, p, true, deltas, reducers);
        BloomkitConfig.UPDATE_FILTER_PATH.set(s.conf(), p.from);
        JobCounters c = s.run();
        u.checkMalformed(p, tally(p, "add", c, s), err);
        u.nullKeys += c.get(BuildCounters.NULL_KEYS);
        long adding = c.get(BuildCounters.DISTINCT_KEYS);
        u.checkCapacity(adding);
        forEachPartial(conf, deltas, part -> {
          try {
            f.merge(part);
          } catch (IllegalStateException e) {
            throw new IOException(e.getMessage() + "; nothing written", e);
          }
        });
        u.added = adding;
      }
      double fpp = f.expectedFpp();
      if (p.remove.length > 0) {
        Path shipped = p.from;
        if (u.added > 0) {
          shipped = chain.work("with-additions");
          FilterFiles.writeAtomically(conf, shipped, f, keys);
        }
        Path deltas = chain.work("removals");
        JobChain.Step s = step(chain, "keys to remove -> " + deltas, p, false, deltas, reducers);
        ShippedFilter.ship(s.job(), shipped);
        JobCounters c = s.run();
        u.checkMalformed(p, tally(p, "remove", c, s), err);
        u.nullKeys += c.get(BuildCounters.NULL_KEYS);
        long removing = c.get(BuildCounters.DISTINCT_KEYS);
        long non = c.get(UpdateCounters.NON_MEMBERS);
        if (non > 0 && !p.skipNonMembers) {
          throw FilterUpdate.nonMembers(p, non, removing, leastNonMember(conf, p, deltas));
        }
        long members = c.get(UpdateCounters.MEMBERS);
        forEachPartial(conf, deltas, part -> {
          try {
            f.subtract(part);
          } catch (IllegalArgumentException e) {
            throw new IOException(p.from + ": removing the " + members + " member keys would take"
                + " counters below zero (" + e.getMessage() + "): a key to remove stopped being a"
                + " member after the removals before it, so one of them was a key never added (a"
                + " false positive of the filter); nothing written", e);
          }
        });
        u.removed = c.get(UpdateCounters.MEMBERS);
        u.removedNonMembers = non;
      }
      Progress.current().step("update of " + p.from + ": " + chain.jobs() + " jobs, " + u.added
          + " keys added, " + u.removed + " removed");
      return fpp;
    }
  }

  /** The job of one input: its distinct keys into partial counter vectors in {@code deltas}. */
  private static JobChain.Step step(JobChain chain, String name, UpdatePlan p, boolean add,
      Path deltas, int reducers) throws IOException {
    JobChain.Step s = chain.step("update: " + name)
        .tableInput(add ? p.addSpec : p.removeSpec, add ? p.add : p.remove)
        .sampleMalformed()
        .map(DistinctKeyMapper.class, Text.class, NullWritable.class);
    if (add) {
      s.reduce(AddDeltaReducer.class, reducers)
          .lazyOutput(SequenceFileOutputFormat.class, NullWritable.class, NullWritable.class,
              deltas);
    } else {
      s.reduce(RemoveDeltaReducer.class, reducers)
          .lazyOutput(SequenceFileOutputFormat.class, Text.class, NullWritable.class, deltas);
    }
    return s;
  }

  /** The records of an input as its job counted them, with the first malformed one. */
  private static MalformedRecords.Tally tally(UpdatePlan p, String option, JobCounters c,
      JobChain.Step s) throws IOException {
    return FilterUpdate.tally(p, option)
        .counts(c.get(BuildCounters.INPUT_RECORDS), c.get(BuildCounters.MALFORMED_RECORDS),
            s.firstMalformed(FilterBuild.SAMPLE_INPUT));
  }

  /** What is done with each partial counter vector. */
  private interface PartialUse {
    void accept(CountingFilter partial) throws IOException;
  }

  /** Reads the partials the reducers left in {@code dir} one at a time, in name order. */
  private static void forEachPartial(Configuration conf, Path dir, PartialUse use)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    String prefix = BloomkitConfig.PARTIAL_PREFIX.get(conf);
    FileStatus[] files =
        fs.exists(dir) ? fs.listStatus(dir, f -> f.getName().startsWith(prefix)) : new FileStatus[0];
    Arrays.sort(files);
    for (FileStatus st : files) {
      use.accept((CountingFilter) FilterFiles.read(conf, st.getPath()));
    }
  }

  /** The least of the non-members the removal reducers wrote (each its partition's first). */
  private static String leastNonMember(Configuration conf, UpdatePlan p, Path dir)
      throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    Text least = null;
    Text key = new Text();
    for (FileStatus st : fs.listStatus(dir, f -> f.getName().startsWith("part-"))) {
      try (SequenceFile.Reader r =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(st.getPath()))) {
        while (r.next(key, NullWritable.get())) {
          if (least == null || key.compareTo(least) < 0) {
            least = new Text(key);
          }
        }
      }
    }
    return least == null ? "(not recorded)" : FilterUpdate.show(p, least.getBytes(), least.getLength());
  }
}
