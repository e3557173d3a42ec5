package io.bloomkit.mapreduce.join;

import java.io.IOException;
import java.lang.ref.SoftReference;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The left table of a map-side join, loaded once per JVM and job: the map tasks of one job that
 * run in one JVM (local mode runs them all in the client; an uber job runs them one after the
 * other) share it, as Spark's tasks share a broadcast per executor, instead of each reading the
 * whole left side again. The first task to ask loads it; the others wait for it and read it
 * through their own {@link LeftTable#view}. A load that failed fails every task that asks, with
 * the same error. While a task uses the table it is held; between tasks only softly, so that the
 * collector may take it back (a later task then loads it again); a new job's table replaces it.
 */
final class SharedLeftTables {
  private SharedLeftTables() {}

  /** A loaded table and what the load counted, for the task that reports the left side. */
  static final class Loaded {
    final LeftTable table;
    final long records;
    final long malformed;
    final long nullKeys;
    final long passed;

    Loaded(LeftTable table, long records, long malformed, long nullKeys, long passed) {
      this.table = table;
      this.records = records;
      this.malformed = malformed;
      this.nullKeys = nullKeys;
      this.passed = passed;
    }
  }

  private static String key;
  private static FutureTask<Loaded> held;
  private static SoftReference<FutureTask<Loaded>> soft = new SoftReference<>(null);
  private static int users;

  /**
   * The table of {@code job} (a key naming the job and its left side), loaded by {@code load} in
   * this thread if no task of this JVM has loaded it; {@link #release} when done with it.
   *
   * @return the loaded table, and whether this call loaded it
   */
  static Loaded acquire(String job, Callable<Loaded> load, boolean[] loadedHere)
      throws IOException, InterruptedException {
    FutureTask<Loaded> f;
    boolean mine = false;
    synchronized (SharedLeftTables.class) {
      f = job.equals(key) ? (held != null ? held : soft.get()) : null;
      if (f == null) {
        f = new FutureTask<>(load);
        mine = true;
        key = job;
        users = 0;
      }
      held = f;
      soft = new SoftReference<>(f);
      users++;
    }
    if (mine) {
      f.run();
    }
    loadedHere[0] = mine;
    try {
      return f.get();
    } catch (ExecutionException e) {
      release(job);
      Throwable c = e.getCause();
      if (c instanceof IOException) {
        throw (IOException) c;
      }
      if (c instanceof RuntimeException) {
        throw (RuntimeException) c;
      }
      if (c instanceof Error) {
        throw (Error) c;
      }
      throw new IOException(c);
    } catch (InterruptedException e) {
      release(job);
      throw e;
    }
  }

  /** A task of {@code job} is done with its table: the last one leaves it softly held. */
  static synchronized void release(String job) {
    if (job.equals(key) && --users <= 0) {
      users = 0;
      held = null;
    }
  }
}
