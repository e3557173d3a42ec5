package io.bloomkit.mapreduce.it.faults;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitterFactory;

/**
 * Test-only: opens a window for faults in chosen task attempts without touching the tools. Set
 * with {@code -D mapreduce.outputcommitter.factory.class=}this class (every FileOutputFormat,
 * LazyOutputFormat and MultipleOutputs of a job then gets its committer here; the test classes are
 * on the task classpath of the mini cluster). The committer is Hadoop's FileOutputCommitter; it
 * only <em>parks</em> the attempts named in {@link #PLAN}, in every job of the run:
 *
 * <ul>
 *   <li>{@code m0.0@setup}: attempt 0 of map task 0 parks in {@code setupTask}, before it reads
 *       a record (progress 0, reported, so the speculator sees a straggler);
 *   <li>{@code r1.0@commit}: attempt 0 of reduce task 1 parks in {@code needsTaskCommit}, after
 *       all its work (records, side files in its work directory) and before its commit.
 * </ul>
 *
 * A parked attempt first writes a marker file {@code <attempt id>@<phase>} into {@link #MARKERS}
 * holding the NodeManager port and container of the attempt, then waits until a later attempt of
 * the same task parks too, or {@link #RELEASE} appears, or it is killed, or {@link #MAX_MS} pass.
 */
public class ParkingCommitters extends PathOutputCommitterFactory {
  /** Comma-separated {@code m|r<task>.<attempt>@setup|commit}. */
  public static final String PLAN = "bloomkit.test.park";
  /** HDFS directory of the markers. */
  public static final String MARKERS = "bloomkit.test.park.markers";
  /** Longest park in milliseconds (default 60 s). */
  public static final String MAX_MS = "bloomkit.test.park.max-ms";
  /** Only jobs whose name this regular expression finds park (default: every job). */
  public static final String JOB = "bloomkit.test.park.job";
  /** A file of this name in the markers directory releases every parked attempt. */
  public static final String RELEASE = "release";

  @Override
  public PathOutputCommitter createOutputCommitter(Path output, TaskAttemptContext context)
      throws IOException {
    return new Committer(output, context);
  }

  /** FileOutputCommitter that parks planned attempts. */
  static final class Committer extends FileOutputCommitter {
    Committer(Path output, TaskAttemptContext context) throws IOException {
      super(output, context);
    }

    @Override
    public void setupTask(TaskAttemptContext context) throws IOException {
      park(context, "setup");
      super.setupTask(context);
    }

    @Override
    public boolean needsTaskCommit(TaskAttemptContext context) throws IOException {
      boolean needs = super.needsTaskCommit(context);
      park(context, "commit");
      return needs;
    }
  }

  /**
   * The plan entry of an attempt in a phase, e.g. {@code m0.1@commit}: the attempt number within
   * its application master's life. A restarted application master (on a slow or loaded machine,
   * its container lost) numbers its attempts from 1000 x (life - 1), as Hadoop's TaskImpl does; the
   * plan still holds them.
   */
  static String entry(TaskAttemptID a, String phase) {
    return (a.getTaskType() == TaskType.MAP ? "m" : "r") + a.getTaskID().getId() + "."
        + attemptInLife(a) + "@" + phase;
  }

  /** The attempt number within its application master's life (Hadoop's TaskImpl numbering). */
  static int attemptInLife(TaskAttemptID a) {
    return a.getId() % 1000;
  }

  private static void park(TaskAttemptContext context, String phase) throws IOException {
    Configuration conf = context.getConfiguration();
    TaskAttemptID a = context.getTaskAttemptID();
    String dirName = conf.get(MARKERS);
    if (a == null || dirName == null
        || !Arrays.asList(conf.getTrimmedStrings(PLAN)).contains(entry(a, phase))
        || !Pattern.compile(conf.get(JOB, "")).matcher(conf.get("mapreduce.job.name", "")).find()) {
      return;
    }
    Path dir = new Path(dirName);
    FileSystem fs = dir.getFileSystem(conf);
    if (fs.exists(new Path(dir, RELEASE))) {
      return;
    }
    Path tmp = new Path(dir, "." + a + "@" + phase);
    try (OutputStream out = fs.create(tmp, false)) {
      out.write((System.getenv("NM_PORT") + "\n" + System.getenv("CONTAINER_ID") + "\n")
          .getBytes(StandardCharsets.UTF_8));
    }
    fs.rename(tmp, new Path(dir, a + "@" + phase)); // whole markers only
    long until = System.currentTimeMillis() + conf.getLong(MAX_MS, 60_000);
    try {
      while (System.currentTimeMillis() < until && !laterAttemptParked(fs, dir, a)) {
        context.progress(); // status reports go on: the attempt is alive, its progress stalls
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while parked", e);
    }
  }

  private static boolean laterAttemptParked(FileSystem fs, Path dir, TaskAttemptID a)
      throws IOException {
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (name.equals(RELEASE)) {
        return true;
      }
      int at = name.indexOf('@');
      if (at > 0 && !name.startsWith(".")) {
        TaskAttemptID other = TaskAttemptID.forName(name.substring(0, at));
        if (other.getTaskID().equals(a.getTaskID())
            && attemptInLife(other) > attemptInLife(a)) {
          return true;
        }
      }
    }
    return false;
  }
}
