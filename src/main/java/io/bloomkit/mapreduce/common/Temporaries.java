package io.bloomkit.mapreduce.common;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tools' temporary files and directories: how they are named, removed when the JVM is stopped
 * (SIGTERM, ctrl-C) and recognised after a {@code kill -9}.
 *
 * <p>Naming: a temporary of output {@code DIR/NAME} is the hidden sibling {@code
 * DIR/.NAME._TAG-UUID} ({@code TAG}: build, join, dedup, icebergs, update, tmp), so that no Hadoop input
 * listing ever reads it and it is never mistaken for the output. {@link #removeStale} deletes the
 * siblings of an output that match exactly this pattern (and are not in use in this JVM): what an
 * earlier killed run with the same output left.
 *
 * <p>Stopping: one hook in Hadoop's {@link ShutdownHookManager}, at a priority above {@link
 * FileSystem#SHUTDOWN_HOOK_PRIORITY} so it runs before the file systems are closed, first kills the
 * jobs that are running ({@link Jobs#run} registers them; in local mode their tasks would otherwise
 * go on writing into the temporaries), waits a bounded time for them to stop, then deletes every
 * registered temporary. {@code FileSystem.deleteOnExit} was not used: it deletes only when that
 * FileSystem instance is closed (after running jobs were left writing), and its entries stay
 * registered in a long-lived JVM unless cancelled one by one.
 */
public final class Temporaries {
  private static final Logger LOG = LoggerFactory.getLogger(Temporaries.class);

  /** Runs before FileSystem's own hook (which closes the cached file systems). */
  static final int HOOK_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

  /** Longest wait, on shutdown, for killed jobs to stop before their temporaries are deleted. */
  private static final long KILL_WAIT_MS = 10_000;

  private static final String[] TAGS = {"build", "join", "dedup", "icebergs", "update", "tmp"};
  private static final Pattern UUID_PART =
      Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");

  private static final Set<Temporary> LIVE = ConcurrentHashMap.newKeySet();
  private static final Set<Job> JOBS = ConcurrentHashMap.newKeySet();
  private static volatile boolean hooked;
  /** The jobs {@link #onShutdown} killed (a job failing for that is not a task's failure). */
  private static final Set<Job> KILLED = ConcurrentHashMap.newKeySet();

  private Temporaries() {}

  /** A registered temporary; {@link #close} deletes it and forgets it. */
  public static final class Temporary implements Closeable {
    private final FileSystem fs;
    private final Path path;

    private Temporary(FileSystem fs, Path path) {
      this.fs = fs;
      this.path = path;
    }

    public Path path() {
      return path;
    }

    @Override
    public void close() throws IOException {
      try {
        if (fs.exists(path)) {
          fs.delete(path, true);
        }
      } finally {
        LIVE.remove(this);
      }
    }
  }

  /**
   * A new temporary of {@code output}: the hidden sibling {@code .NAME._TAG-UUID} (not created),
   * registered for deletion when the JVM stops. The stale temporaries of the same output are
   * removed first.
   */
  public static Temporary of(Configuration conf, Path output, String tag) throws IOException {
    FileSystem fs = output.getFileSystem(conf);
    output = fs.makeQualified(output);
    removeStale(fs, output);
    return register(fs,
        new Path(output.getParent(), "." + output.getName() + "._" + tag + "-" + UUID.randomUUID()));
  }

  /** Registers any path (a job's failure directory ...) for deletion when the JVM stops. */
  public static Temporary register(FileSystem fs, Path path) {
    hook();
    Temporary t = new Temporary(fs, fs.makeQualified(path));
    LIVE.add(t);
    return t;
  }

  /**
   * Deletes the temporaries an earlier run with this output left ({@code .NAME._TAG-UUID} and its
   * checksum file), except those in use in this JVM.
   *
   * @return the number removed
   */
  public static int removeStale(FileSystem fs, Path output) throws IOException {
    output = fs.makeQualified(output);
    Path parent = output.getParent();
    if (parent == null || !fs.exists(parent)) {
      return 0;
    }
    Pattern ours = stalePattern(output.getName());
    Set<Path> live = ConcurrentHashMap.newKeySet();
    for (Temporary t : LIVE) {
      live.add(t.path);
    }
    int removed = 0;
    for (FileStatus st : fs.listStatus(parent)) {
      Path p = st.getPath();
      if (ours.matcher(p.getName()).matches() && !live.contains(fs.makeQualified(p))) {
        LOG.warn("removing {}, left by an earlier run that was killed", p);
        fs.delete(p, true);
        removed++;
      }
    }
    return removed;
  }

  /** The names of the temporaries of output {@code name}. */
  static Pattern stalePattern(String name) {
    return Pattern.compile(
        "\\.\\Q" + name + "\\E\\._(" + String.join("|", TAGS) + ")-" + UUID_PART.pattern());
  }

  /**
   * Moves a finished job output directory {@code staged} (marked complete with {@code _SUCCESS},
   * added if missing) to {@code output} in one rename: the output is never partial.
   */
  public static void promote(FileSystem fs, Path staged, Path output) throws IOException {
    if (!fs.exists(staged) && !fs.mkdirs(staged)) {
      throw new IOException("cannot create " + staged);
    }
    Path success = new Path(staged, "_SUCCESS");
    if (!fs.exists(success)) {
      fs.create(success, false).close();
    }
    if (fs.exists(output)) {
      throw new IOException("output " + output + " appeared while the job ran; left it untouched");
    }
    if (!fs.rename(staged, output)) {
      throw new IOException("could not rename " + staged + " to " + output);
    }
  }

  /** A job started by {@link Jobs#run}: killed if the JVM stops while it runs. */
  static void running(Job job) {
    hook();
    JOBS.add(job);
  }

  static void finished(Job job) {
    JOBS.remove(job);
  }

  private static synchronized void hook() {
    if (!hooked) {
      ShutdownHookManager.get()
          .addShutdownHook(Temporaries::onShutdown, HOOK_PRIORITY, 30, TimeUnit.SECONDS);
      hooked = true;
    }
  }

  /**
   * Whether {@code job} was killed by {@link #onShutdown} (SIGTERM, ctrl-C): when it fails, no task
   * failed.
   */
  public static boolean killedOnShutdown(Job job) {
    return KILLED.contains(job);
  }

  /**
   * The shutdown hook: kill running jobs, wait for them (bounded), delete the temporaries, and say
   * so on stderr in one line (a run that ends normally has no job running and no temporary left,
   * and prints nothing).
   */
  static void onShutdown() {
    // the temporaries of this stop: each is removed below, or by the tool's own cleanup racing
    // with this hook (closing one twice is harmless), so all of them count as cleaned up
    List<Temporary> temporaries = new ArrayList<>(LIVE);
    List<Job> jobs = new ArrayList<>(JOBS);
    List<String> killed = new ArrayList<>();
    for (Job j : jobs) {
      try {
        if (!j.isComplete()) {
          KILLED.add(j);
          j.killJob();
          killed.add(String.valueOf(j.getJobID()));
        }
      } catch (IOException | RuntimeException e) {
        // the job may have ended meanwhile
      }
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KILL_WAIT_MS);
    for (Job j : jobs) {
      try {
        while (!j.isComplete() && System.nanoTime() < deadline) {
          Thread.sleep(50);
        }
      } catch (IOException | RuntimeException | InterruptedException e) {
        // delete anyway
      }
    }
    int removed = 0;
    int left = 0;
    for (Temporary t : new ArrayList<>(LIVE)) {
      if (!temporaries.contains(t)) {
        temporaries.add(t);
      }
    }
    for (Temporary t : temporaries) {
      try {
        t.close();
        removed++;
      } catch (IOException | RuntimeException e) {
        // best effort: the next run with this output removes what is left
        left++;
      }
    }
    if (!killed.isEmpty() || removed > 0 || left > 0) {
      System.err.println("bloomkit: stopped by a signal: "
          + (killed.isEmpty() ? "no job was running" : "killed job " + String.join(", ", killed))
          + "; removed " + removed + " temporary path" + (removed == 1 ? "" : "s")
          + (left > 0 ? " (" + left + " could not be removed: the next run with the same output"
              + " removes them)" : "")
          + "; no output was written");
      System.err.flush();
    }
  }
}
