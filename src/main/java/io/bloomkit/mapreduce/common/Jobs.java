package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.LocalMode;
import io.bloomkit.mapreduce.config.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/** Running jobs from the tools: wait, and on failure say why (the first task diagnostic). */
public final class Jobs {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Jobs.class);

  private Jobs() {}

  /** A job that failed; the message carries the first task diagnostic found. */
  public static final class JobFailedException extends IOException {
    private static final long serialVersionUID = 1L;

    public JobFailedException(String message) {
      super(message);
    }
  }

  /**
   * Runs the job to completion, its progress on the tool's stderr ({@link Progress#current()});
   * on failure the message gives the reason a task left in a fresh
   * failure directory (see {@link Records#leaveReason}), else the first task diagnostic. If the JVM
   * is stopped meanwhile (SIGTERM, ctrl-C), the job is killed first (see {@link Temporaries}).
   */
  public static void run(Job job) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    checkXmlSafe(conf);
    pollQuicklyInLocalMode(conf);
    useEveryProcessorInLocalMode(conf, Runtime.getRuntime().availableProcessors());
    Path failures =
        new Path(
            conf.get("hadoop.tmp.dir", System.getProperty("java.io.tmpdir")),
            "bloomkit-failures-" + UUID.randomUUID());
    FileSystem fs = failures.getFileSystem(conf);
    BloomkitConfig.FAILURE_DIR.set(conf, fs.makeQualified(failures));
    TaskFailures.wrap(job);
    try (Temporaries.Temporary t = Temporaries.register(fs, failures)) {
      Temporaries.running(job); // killed if the JVM stops meanwhile
      runAndWait(job, fs, failures);
    } finally {
      Temporaries.finished(job);
    }
  }

  /**
   * Refuses a configuration that job.xml (XML 1.0) cannot hold: a value with a control character
   * (other than tab, newline, carriage return) or U+FFFE/U+FFFF would fail the job's submission with
   * an XML parser stack trace. bloomkit's own keys that carry user characters are stored escaped
   * ({@link BloomkitConfig#escape}); this catches the rest, typically a {@code -D} value.
   *
   * @throws UsageException naming the key and the character
   */
  static void checkXmlSafe(Configuration conf) {
    for (java.util.Map.Entry<String, String> e : conf) {
      String v = e.getValue();
      for (int i = 0; v != null && i < v.length(); i++) {
        char c = v.charAt(i);
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c >= 0xfffe) {
          throw new UsageException(
              "configuration value of " + e.getKey() + " holds the character "
                  + String.format(java.util.Locale.ROOT, "U+%04X", (int) c)
                  + ", which job.xml (XML 1.0) cannot hold");
        }
      }
    }
  }

  /** Hadoop's key for how often the client asks whether a job has finished. */
  static final String POLL_INTERVAL = "mapreduce.client.completion.pollinterval";

  /**
   * In local mode a job of a few seconds would wait up to Hadoop's default 5 s poll for the client
   * to notice that it finished; poll every 100 ms unless the user chose a value. On a cluster the
   * default stays.
   */
  static void pollQuicklyInLocalMode(Configuration conf) {
    if (local(conf) && !LocalMode.userSet(conf, POLL_INTERVAL)) {
      conf.setInt(POLL_INTERVAL, 100);
    }
  }

  /**
   * Hadoop's LocalJobRunner runs one map task and one reduce task at a time unless told otherwise;
   * in local mode run up to {@code processors} of each side by side ({@link
   * LocalMode#MAP_SLOTS}, {@link LocalMode#REDUCE_SLOTS}), each unless the user
   * chose a value. On a cluster nothing changes. The tasks then share this JVM: no mapper, reducer
   * or filter loader of bloomkit keeps state in static fields.
   */
  static void useEveryProcessorInLocalMode(Configuration conf, int processors) {
    if (!local(conf)) {
      return;
    }
    for (String key : new String[] {LocalMode.MAP_SLOTS, LocalMode.REDUCE_SLOTS}) {
      if (!LocalMode.userSet(conf, key)) {
        conf.setInt(key, processors);
      }
    }
  }

  /**
   * The map tasks that run at once in this JVM: in local mode {@link LocalMode#MAP_SLOTS}
   * as {@link #useEveryProcessorInLocalMode} sets it (the user's value, else every processor); on
   * a cluster 1 (each task has a JVM of its own). Each of them loads its own filter or map-side
   * table, so their heap budgets divide this JVM's heap.
   */
  public static int mapTasksPerJvm(Configuration conf) {
    return LocalMode.mapSlots(conf);
  }

  /** The reduce tasks that run at once in this JVM, as {@link #mapTasksPerJvm} for maps. */
  public static int reduceTasksPerJvm(Configuration conf) {
    return LocalMode.reduceSlots(conf);
  }

  /** Whether jobs of {@code conf} run in local mode (Hadoop's LocalJobRunner, in this JVM). */
  public static boolean local(Configuration conf) {
    return LocalMode.local(conf);
  }

  private static void runAndWait(Job job, FileSystem fs, Path failures)
      throws IOException, InterruptedException {
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
    Progress.current().follow(job); // Hadoop's waitForCompletion(false), with progress on stderr
    if (!job.isSuccessful() && Temporaries.killedOnShutdown(job)) {
      throw new JobFailedException("job \"" + job.getJobName() + "\" (" + job.getJobID()
          + ") was killed: the run was stopped by a signal");
    }
    if (!job.isSuccessful()) {
      throw new JobFailedException(
          "job \"" + job.getJobName() + "\" (" + job.getJobID() + ") failed: "
              + reason(fs, failures, job));
    }
  }

  /**
   * The reason a failed task left (its first line; the rest, the task's stack trace, goes to the
   * log at DEBUG), else the framework's first task diagnostic.
   */
  private static String reason(FileSystem fs, Path failures, Job job) {
    try {
      if (fs.exists(failures)) {
        for (FileStatus st : fs.listStatus(failures)) {
          try (InputStream in = fs.open(st.getPath())) {
            String left = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int nl = left.indexOf('\n');
            if (nl >= 0) {
              LOG.debug("task {} failed:\n{}", st.getPath().getName(), left.substring(nl + 1));
            }
            return firstLine(left);
          }
        }
      }
    } catch (IOException e) {
      // fall back to the framework's diagnostics
    }
    return diagnostic(job);
  }

  private static String diagnostic(Job job) {
    try {
      int from = 0;
      while (true) {
        TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
        if (events == null || events.length == 0) {
          break;
        }
        for (TaskCompletionEvent e : events) {
          if (e.getStatus() == TaskCompletionEvent.Status.FAILED
              || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
            String[] d = job.getTaskDiagnostics(e.getTaskAttemptId());
            if (d != null && d.length > 0 && d[0] != null) {
              return firstLine(d[0]);
            }
          }
        }
        from += events.length;
      }
      String info = job.getStatus().getFailureInfo();
      return info == null || info.isEmpty() || info.equals("NA")
          ? "no task left a reason; see the task logs"
          : firstLine(info);
    } catch (IOException | InterruptedException | RuntimeException e) {
      return "see the task logs (" + e.getMessage() + ")";
    }
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  /** A counter's value. */
  public static long counter(Job job, Enum<?> c) throws IOException {
    Counter x = job.getCounters().findCounter(c);
    return x == null ? 0 : x.getValue();
  }
}
