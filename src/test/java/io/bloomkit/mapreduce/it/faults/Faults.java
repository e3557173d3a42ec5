package io.bloomkit.mapreduce.it.faults;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskID;

/**
 * Test side of the fault injection: watches the markers {@link ParkingCommitters} leaves and acts on
 * each parked attempt (kill it, fail it, stop its node...) from a thread of the test JVM, through
 * the job client API of the cluster; afterwards reads what became of each attempt.
 */
final class Faults implements AutoCloseable {
  /** A parked attempt, read from its marker. */
  static final class Parked {
    final TaskAttemptID attempt;
    final String phase;
    final int nodeManagerPort;

    Parked(TaskAttemptID attempt, String phase, int nodeManagerPort) {
      this.attempt = attempt;
      this.phase = phase;
      this.nodeManagerPort = nodeManagerPort;
    }

    String entry() {
      return ParkingCommitters.entry(attempt, phase);
    }

    @Override
    public String toString() {
      return attempt + "@" + phase;
    }
  }

  /** What to do with a parked attempt. */
  interface Action {
    void on(Parked p) throws Exception;
  }

  private final Configuration conf;
  private final Path dir;
  private final Action action;
  private final Thread thread;
  private final List<Parked> parked = Collections.synchronizedList(new ArrayList<>());
  private volatile boolean stop;
  private volatile Throwable error;

  /** Starts watching {@code dir} (created empty). */
  Faults(Configuration conf, Path dir, Action action) throws IOException {
    this.conf = conf;
    this.dir = dir;
    this.action = action;
    FileSystem fs = dir.getFileSystem(conf);
    fs.delete(dir, true);
    fs.mkdirs(dir);
    thread = new Thread(this::watch, "fault injector " + dir);
    thread.setDaemon(true);
    thread.start();
  }

  private void watch() {
    Set<String> seen = new HashSet<>();
    try {
      FileSystem fs = dir.getFileSystem(conf);
      while (!stop) {
        for (FileStatus st : fs.listStatus(dir)) {
          String name = st.getPath().getName();
          int at = name.indexOf('@');
          if (at < 0 || name.startsWith(".") || !seen.add(name)) {
            continue;
          }
          String port;
          try (InputStream in = fs.open(st.getPath())) {
            port = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")[0];
          }
          Parked p = new Parked(TaskAttemptID.forName(name.substring(0, at)),
              name.substring(at + 1), Integer.parseInt(port.trim()));
          parked.add(p);
          action.on(p);
        }
        Thread.sleep(100);
      }
    } catch (Throwable t) {
      error = t;
    }
  }

  /** Releases every parked attempt and every later one. */
  void release() throws IOException {
    dir.getFileSystem(conf).create(new Path(dir, ParkingCommitters.RELEASE), true).close();
  }

  /** The attempts that parked so far. */
  List<Parked> parked() {
    synchronized (parked) {
      return new ArrayList<>(parked);
    }
  }

  /** The jobs whose attempts parked, in order. */
  Set<JobID> jobs() {
    Set<JobID> jobs = new LinkedHashSet<>();
    for (Parked p : parked()) {
      jobs.add(p.attempt.getJobID());
    }
    return jobs;
  }

  @Override
  public void close() throws Exception {
    stop = true;
    thread.join(10_000);
    if (error != null) {
      throw new AssertionError("fault injection failed", error);
    }
  }

  /** Kills (the framework reruns it, not counted as a failure) or fails an attempt. */
  static void killOrFail(Configuration conf, TaskAttemptID a, boolean fail) throws Exception {
    Cluster c = new Cluster(conf);
    try {
      Job job = c.getJob(a.getJobID());
      if (fail) {
        job.failTask(a);
      } else {
        job.killTask(a);
      }
    } finally {
      c.close();
    }
  }

  /** The final status of every attempt of a finished job, from its completion events. */
  static Map<TaskAttemptID, TaskCompletionEvent.Status> fates(Configuration conf, JobID id)
      throws Exception {
    Map<TaskAttemptID, TaskCompletionEvent.Status> fates = new HashMap<>();
    Cluster c = new Cluster(conf);
    try {
      Job job = c.getJob(id);
      int from = 0;
      while (true) {
        TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
        if (events == null || events.length == 0) {
          break;
        }
        for (TaskCompletionEvent e : events) {
          fates.put(e.getTaskAttemptId(), e.getStatus());
        }
        from += events.length;
      }
    } finally {
      c.close();
    }
    return fates;
  }

  /** Every job of the cluster with the final status of its attempts (for failure messages). */
  static Map<JobID, Map<TaskAttemptID, TaskCompletionEvent.Status>> allFates(Configuration conf)
      throws Exception {
    Map<JobID, Map<TaskAttemptID, TaskCompletionEvent.Status>> all = new HashMap<>();
    Cluster c = new Cluster(conf);
    try {
      for (org.apache.hadoop.mapreduce.JobStatus s : c.getAllJobStatuses()) {
        all.put(s.getJobID(), fates(conf, s.getJobID()));
      }
    } finally {
      c.close();
    }
    return all;
  }

  /** The attempt of {@code task} that succeeded, from the completion events. */
  static TaskAttemptID succeeded(Map<TaskAttemptID, TaskCompletionEvent.Status> fates, TaskID task) {
    TaskAttemptID found = null;
    for (Map.Entry<TaskAttemptID, TaskCompletionEvent.Status> e : fates.entrySet()) {
      // by name: the events hold the old API's ids, which never equal the new API's
      if (e.getKey().getTaskID().toString().equals(task.toString())
          && e.getValue() == TaskCompletionEvent.Status.SUCCEEDED) {
        if (found != null) {
          throw new AssertionError(task + " succeeded twice: " + found + " and " + e.getKey());
        }
        found = e.getKey();
      }
    }
    return found;
  }
}
