package io.bloomkit.mapreduce.common;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * The counters of a finished job, read once (on a cluster every {@link Job#getCounters} asks the
 * job history). A counter the job never incremented is 0.
 */
public final class JobCounters {
  private final Counters counters;

  private JobCounters(Counters counters) {
    this.counters = counters;
  }

  /** The counters of {@code job} (finished). */
  public static JobCounters of(Job job) throws IOException {
    return of(job.getCounters());
  }

  /** Wraps counters (an MRUnit driver's, a job's). */
  public static JobCounters of(Counters counters) {
    return new JobCounters(counters == null ? new Counters() : counters);
  }

  /** A counter's value. */
  public long get(Enum<?> counter) {
    Counter c = counters.findCounter(counter);
    return c == null ? 0 : c.getValue();
  }

  /** A counter's value by group and name (counters that are no enum constant). */
  public long get(String group, String name) {
    Counter c = counters.findCounter(group, name);
    return c == null ? 0 : c.getValue();
  }

  /** The sum of some counters' values. */
  public long sum(Enum<?>... cs) {
    long s = 0;
    for (Enum<?> c : cs) {
      s += get(c);
    }
    return s;
  }
}
