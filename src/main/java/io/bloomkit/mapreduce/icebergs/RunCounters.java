package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Report;
import java.util.HashMap;
import java.util.Map;

/**
 * What an icebergs run found, by counter ({@link io.bloomkit.mapreduce.config.IcebergCounters}, {@link
 * org.apache.hadoop.mapreduce.TaskCounter}): a chain takes each counter it knows from the job that
 * counted it (or sets it from another counter); a counter it does not know for this method and
 * these options stays absent, null in the report.
 */
final class RunCounters {
  private final Map<Enum<?>, Long> values = new HashMap<>();
  /** Bytes of the filter files written for the tasks (0: none). */
  long filterBytesShipped;
  /** Jobs run. */
  int jobs;
  /** The input's records, malformed ones and the first of them. */
  MalformedRecords.Tally tally;

  /** Takes the counters' values from a finished job. */
  void take(JobCounters job, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      values.put(c, job.get(c));
    }
  }

  /** Sets the counters to a value the chain knows from another counter. */
  void set(long value, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      values.put(c, value);
    }
  }

  /** The value, or null when not known. */
  Long get(Enum<?> counter) {
    return values.get(counter);
  }

  /** Adds each counter's value, or null, under its {@link Report#key}. */
  void report(Report report, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      report.put(Report.key(c), get(c));
    }
  }
}
