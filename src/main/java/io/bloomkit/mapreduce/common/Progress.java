package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.SystemProperties;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskCounter;

/**
 * The progress of the jobs a tool runs, on the tool's stderr. When a job has been submitted: {@code
 * job ID started: NAME}, and on a cluster (framework {@code yarn}) {@code job ID tracking URL: URL};
 * then {@code job ID map M% reduce R%} (map-only jobs: {@code job ID map M%}; whole percents,
 * rounded down) when the percentages changed, at most once a second ({@link #INTERVAL_MS}), and the
 * final percentages when the job ends. The line also counts the map tasks' input records so far
 * ({@code job ID map M% (N records read)}, from the job's counters) and is printed again when only
 * that count changed, every {@link #RECORDS_INTERVAL_MS}: a long phase whose percentage stands still
 * (a Parquet split reports no progress until it is read) still shows that work is being done. The percentages of a phase never go down and 100% means the
 * phase is done ({@link #shown}): the local job runner reports the progress of the task it runs, which
 * drops when the next task starts. On a terminal the percentages are one
 * line rewritten in place ({@code \r}), ended with a newline when the job ends; otherwise each is a
 * line of its own.
 *
 * <p>{@link Jobs#run} reports to {@link #current()}, which the tool sets for the time it runs
 * ({@link #report}; {@code BloomkitTool}: its stderr, or {@link #quiet()} with {@code --quiet}).
 * stdout is never written.
 */
public final class Progress {
  /** The shortest time between two lines of percentages (the final one excepted). */
  public static final long INTERVAL_MS = 1000;

  /**
   * The shortest time between two lines that differ only in the records read, and between two
   * reads of a running job's counters.
   */
  public static final long RECORDS_INTERVAL_MS = 5000;

  /** The system property saying whether stderr is a terminal ({@link SystemProperties#STDERR_TERMINAL}). */
  public static final String TERMINAL_PROPERTY = SystemProperties.STDERR_TERMINAL;

  private static final ThreadLocal<Progress> CURRENT = new ThreadLocal<>();

  private final PrintStream err; // null: quiet
  private final boolean terminal;

  // the job being followed
  private String prefix;
  private boolean mapOnly;
  private float mapShown; // the fractions shown so far (monotone)
  private float reduceShown;
  private String shown; // line printed last, null before the first
  private String shownPercentages; // its percentages
  private long shownAt;
  private String latest;
  private int width; // length of the rewritten terminal line

  private Progress(PrintStream err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  /** Prints progress on {@code err}: one line rewritten in place if {@code terminal}. */
  public static Progress to(PrintStream err, boolean terminal) {
    return new Progress(err, terminal);
  }

  /** Prints nothing ({@code --quiet}). */
  public static Progress quiet() {
    return new Progress(null, false);
  }

  /**
   * Whether this process's stderr is a terminal: the {@link #TERMINAL_PROPERTY} if set, else whether
   * the JVM has a console (stdin and stdout are terminals).
   */
  public static boolean stderrIsTerminal() {
    String p = System.getProperty(TERMINAL_PROPERTY);
    return p == null || p.isEmpty() ? System.console() != null : Boolean.parseBoolean(p);
  }

  /**
   * Makes {@code progress} {@link #current()} for this thread until the scope is closed. If a scope
   * is open already (a tool run by another tool, as {@code demo} runs build and join), that one
   * stays: the inner tool's jobs report where the outer tool's do.
   */
  public static Scope report(Progress progress) {
    if (CURRENT.get() != null) {
      return () -> {};
    }
    CURRENT.set(progress);
    return CURRENT::remove;
  }

  /** Where the jobs of this thread report: the open {@link #report} scope's, else {@link #quiet()}. */
  public static Progress current() {
    Progress p = CURRENT.get();
    return p == null ? quiet() : p;
  }

  /** A {@link #report} scope; closing it throws nothing. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * A job's progress as polled: map and reduce fractions in [0, 1], whether it has ended, and
   * whether it succeeded.
   */
  static final class Sample {
    final float map;
    final float reduce;
    final boolean complete;
    final boolean succeeded;
    final long records; // the map tasks' input records so far, -1 unknown

    /** A sample of a job that, if complete, succeeded. */
    Sample(float map, float reduce, boolean complete) {
      this(map, reduce, complete, complete);
    }

    Sample(float map, float reduce, boolean complete, boolean succeeded) {
      this(map, reduce, complete, succeeded, -1);
    }

    Sample(float map, float reduce, boolean complete, boolean succeeded, long records) {
      this.map = map;
      this.reduce = reduce;
      this.complete = complete;
      this.succeeded = complete && succeeded;
      this.records = records;
    }
  }

  /**
   * The fraction of a phase to show: the largest {@code reading} so far ({@code before}), so a phase
   * never goes down, and below 1 (at most 99%) unless {@code done}: a reading of 1 is not trusted on
   * its own, as the local job runner reports 1 when one of several tasks has finished.
   */
  static float shown(float before, float reading, boolean done) {
    if (done) {
      return 1f;
    }
    float f = Float.isNaN(reading) ? 0 : Math.max(0, Math.min(1, reading));
    return Math.max(before, Math.min(f, Math.nextDown(1f)));
  }

  /**
   * Whether the map phase is done: the job succeeded, or the reduce phase has begun with the map
   * reading at 1 (Hadoop starts reduces early only on a cluster, whose map reading is the mean over
   * all the map tasks, so 1 there means every map task is done; the local job runner runs the reduces
   * after all the maps).
   */
  static boolean mapDone(Sample s) {
    return s.succeeded || (s.map >= 1 && s.reduce > 0);
  }

  /** Polls a running job. */
  interface Source {
    Sample poll() throws IOException, InterruptedException;
  }

  /** Waits between polls. */
  interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  /**
   * Follows a submitted job until it has ended, printing its progress; polls every {@code
   * mapreduce.client.completion.pollinterval} ms as Hadoop's own wait does, at least once a second
   * unless quiet.
   */
  void follow(Job job) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    long poll = Job.getCompletionPollInterval(conf);
    if (err != null) {
      poll = Math.min(poll, INTERVAL_MS);
    }
    boolean cluster = MRConfig.YARN_FRAMEWORK_NAME.equals(
        conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME));
    started(job.getJobID().toString(), job.getJobName(), cluster ? job.getTrackingURL() : null,
        job.getNumReduceTasks() == 0);
    long[] records = {-1, Long.MIN_VALUE}; // the last count read, and when
    follow(
        () -> {
          JobStatus s = job.getStatus();
          long now = System.nanoTime() / 1_000_000;
          if (err != null && (s.isJobComplete() || now - records[1] >= RECORDS_INTERVAL_MS)) {
            records[0] = mapInputRecords(job, records[0]);
            records[1] = now;
          }
          return new Sample(s.getMapProgress(), s.getReduceProgress(), s.isJobComplete(),
              s.getState() == JobStatus.State.SUCCEEDED, records[0]);
        },
        () -> System.nanoTime() / 1_000_000,
        Thread::sleep,
        poll);
  }

  /** The job's map input records so far, or {@code before} if its counters cannot be read now. */
  private static long mapInputRecords(Job job, long before) {
    try {
      Counters c = job.getCounters();
      return c == null ? before : c.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue();
    } catch (IOException | RuntimeException e) {
      return before; // a job the cluster has retired, a lost connection: keep the last count
    }
  }

  /**
   * Polls {@code source} until it says complete, every {@code pollMillis} of {@code sleeper}, and
   * prints the progress by {@code clockMillis}; the line is finished even if polling fails.
   */
  void follow(Source source, LongSupplier clockMillis, Sleeper sleeper, long pollMillis)
      throws IOException, InterruptedException {
    try {
      while (true) {
        Sample s = source.poll();
        update(clockMillis.getAsLong(), s);
        if (s.complete) {
          return;
        }
        sleeper.sleep(pollMillis);
      }
    } finally {
      finished();
    }
  }

  /**
   * A step of the client's own work, between jobs (a filter built in the client, a choice made): a
   * line of its own unless quiet. Tools print these here rather than log them at INFO, so that
   * {@code --quiet} silences them too.
   */
  public void step(String line) {
    if (err == null) {
      return;
    }
    err.println(line);
    err.flush();
  }

  /**
   * Step lines of a long client-side step: {@link Every#step} prints its line only once {@code
   * stepNanos} have passed since this call or its last line, so a quick step prints nothing.
   */
  public Every every(long stepNanos) {
    return new Every(this, stepNanos);
  }

  /** See {@link #every}. */
  public static final class Every {
    private final Progress progress;
    private final long stepNanos;
    private long due;

    Every(Progress progress, long stepNanos) {
      this.progress = progress;
      this.stepNanos = stepNanos;
      this.due = System.nanoTime() + stepNanos;
    }

    /** Prints {@code line}'s line if the step time has passed. */
    public void step(java.util.function.Supplier<String> line) {
      if (System.nanoTime() - due >= 0) {
        progress.step(line.get());
        due = System.nanoTime() + stepNanos;
      }
    }
  }

  /** A job was submitted: prints its id and name, and its tracking URL unless null. */
  void started(String id, String name, String trackingUrl, boolean mapOnly) {
    this.prefix = "job " + id + " ";
    this.mapOnly = mapOnly;
    this.shown = null;
    this.shownPercentages = null;
    this.latest = null;
    this.width = 0;
    this.mapShown = 0;
    this.reduceShown = 0;
    if (err == null) {
      return;
    }
    err.println(prefix + "started: " + name);
    if (trackingUrl != null && !trackingUrl.isEmpty()) {
      err.println(prefix + "tracking URL: " + trackingUrl);
    }
    err.flush();
  }

  /**
   * The job's progress at {@code nowMillis}, made monotone ({@link #shown}): printed if it changed,
   * at most once a second.
   */
  void update(long nowMillis, Sample s) {
    mapShown = shown(mapShown, s.map, mapOnly ? s.succeeded : mapDone(s));
    reduceShown = shown(reduceShown, s.reduce, s.succeeded);
    String percentages = mapOnly
        ? "map " + percent(mapShown)
        : "map " + percent(mapShown) + " reduce " + percent(reduceShown);
    latest = s.records < 0 ? percentages
        : percentages + String.format(Locale.ROOT, " (%,d records read)", s.records);
    long since = nowMillis - shownAt;
    boolean due = shown == null
        || (!percentages.equals(shownPercentages) ? since >= INTERVAL_MS
            : !latest.equals(shown) && since >= RECORDS_INTERVAL_MS);
    if (due) {
      show(latest);
      shownPercentages = percentages;
      shownAt = nowMillis;
    }
  }

  /** The job has ended: its last percentages if not printed yet, and the terminal line ended. */
  void finished() {
    if (latest != null && !latest.equals(shown)) {
      show(latest);
    }
    if (err != null && terminal && shown != null) {
      err.println();
      err.flush();
    }
    latest = null;
    shown = null;
    shownPercentages = null;
  }

  private void show(String percentages) {
    shown = percentages;
    if (err == null) {
      return;
    }
    String line = prefix + percentages;
    if (terminal) {
      StringBuilder b = new StringBuilder("\r").append(line);
      for (int i = line.length(); i < width; i++) {
        b.append(' '); // rub out the rest of a longer line
      }
      width = line.length();
      err.print(b);
    } else {
      err.println(line);
    }
    err.flush();
  }

  /**
   * A fraction as whole percents, rounded down (a float's 0.45 is 44.99999... percent: a hundredth
   * of a percent is forgiven), so 100% only when the fraction is 1.
   */
  static String percent(float fraction) {
    float f = Float.isNaN(fraction) ? 0 : Math.max(0, Math.min(1, fraction));
    int p = (int) Math.floor(f * 100.0 + 1e-4);
    return (f < 1 ? Math.min(p, 99) : 100) + "%";
  }
}
