package io.bloomkit.mapreduce.common;

import com.google.common.base.CaseFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A tool's result (its JSON object), built field by field in output order. A counter goes in under
 * its JSON key {@link #key}: the constant's name in lower camel case ({@code
 * JoinCounters.RIGHT_DROPPED_BY_FILTER} is {@code rightDroppedByFilter}, Hadoop's {@code
 * TaskCounter.MAP_OUTPUT_RECORDS} is {@code mapOutputRecords}), so a field and the counter it
 * reports cannot drift apart. A field that reports a counter under another name says so ({@link
 * #counter(String, JobCounters, Enum)}).
 *
 * <p>The report starts a clock when it is created; {@link #seconds()} adds the elapsed time.
 */
public final class Report {
  private final Map<String, Object> fields = new LinkedHashMap<>();
  private final long start = System.nanoTime();

  /** The JSON key of a counter: its name in lower camel case ({@code LEFT_RECORDS}: leftRecords). */
  public static String key(Enum<?> counter) {
    return CaseFormat.UPPER_UNDERSCORE.to(CaseFormat.LOWER_CAMEL, counter.name());
  }

  /** Adds (or replaces) a field. */
  public Report put(String key, Object value) {
    fields.put(key, value);
    return this;
  }

  /** Adds each counter's value under its {@link #key}, in this order. */
  public Report counters(JobCounters from, Enum<?>... counters) {
    for (Enum<?> c : counters) {
      fields.put(key(c), from.get(c));
    }
    return this;
  }

  /** Adds a counter's value under another key than its own. */
  public Report counter(String key, JobCounters from, Enum<?> counter) {
    fields.put(key, from.get(counter));
    return this;
  }

  /** Adds {@code part / whole} as a double, 0 when {@code whole} is 0. */
  public Report rate(String key, long part, long whole) {
    fields.put(key, whole == 0 ? 0.0 : (double) part / whole);
    return this;
  }

  /** Adds {@code seconds}: the time since the report was created. */
  public Report seconds() {
    fields.put("seconds", (System.nanoTime() - start) / 1e9);
    return this;
  }

  /** The fields, in the order they were added (the map a tool's {@code execute} returns). */
  public Map<String, Object> fields() {
    return fields;
  }
}
