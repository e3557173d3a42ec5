package io.bloomkit.mapreduce.icebergs;

import com.google.common.base.CaseFormat;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;

/**
 * What an icebergs run found, by counter ({@link io.bloomkit.mapreduce.IcebergCounters}, {@link
 * org.apache.hadoop.mapreduce.TaskCounter}): each chain takes the counters it knows from the job
 * that counted them; a counter it does not know for this method and these options stays absent
 * (null in the report).
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
  void take(Job job, Enum<?>... counters) throws IOException {
    for (Enum<?> c : counters) {
      values.put(c, Jobs.counter(job, c));
    }
  }

  /** Sets the counters to a value the chain knows from another counter (or none). */
  void set(long value, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      values.put(c, value);
    }
  }

  /** The value, or null when not known. */
  Long get(Enum<?> counter) {
    return values.get(counter);
  }

  /** Puts each counter's value, or null, under its name in lowerCamel ({@code inputRecords}). */
  void report(Map<String, Object> result, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      result.put(CaseFormat.UPPER_UNDERSCORE.to(CaseFormat.LOWER_CAMEL, c.name()), get(c));
    }
  }
}
