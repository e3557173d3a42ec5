package io.bloomkit.mapreduce.dedup;

import static io.bloomkit.mapreduce.DedupCounters.DUPLICATES;
import static io.bloomkit.mapreduce.DedupCounters.FALSE_NEGATIVES;
import static io.bloomkit.mapreduce.DedupCounters.FALSE_NEGATIVE_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.DedupCounters.FALSE_POSITIVES;
import static io.bloomkit.mapreduce.DedupCounters.FALSE_POSITIVE_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.DedupCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.DedupCounters.KEPT;
import static io.bloomkit.mapreduce.DedupCounters.LOCAL_DUPLICATES;
import static io.bloomkit.mapreduce.DedupCounters.LOCAL_FALSE_POSITIVES;
import static io.bloomkit.mapreduce.DedupCounters.LOCAL_MARKERS;
import static io.bloomkit.mapreduce.DedupCounters.LOCAL_UNORDERED_HITS;
import static io.bloomkit.mapreduce.DedupCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.DedupCounters.ORACLE_DISTINCT;
import static io.bloomkit.mapreduce.DedupCounters.ORACLE_DISTINCT_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.DedupCounters.ORACLE_DUPLICATES;
import static io.bloomkit.mapreduce.DedupCounters.ORACLE_DUPLICATES_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.DedupCounters.SHUFFLE_AVOIDED_BYTES;
import static io.bloomkit.mapreduce.DedupCounters.SHUFFLE_AVOIDED_RECORDS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.common.Jobs;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.mapreduce.Job;

/**
 * The result of a dedup run, from the dedup job's counters ({@link io.bloomkit.mapreduce.
 * DedupCounters}; a counter's key is its name in lowerCamel case) and the plan. Without the oracle
 * ({@code stream} without {@code --evaluate}) the false positives and negatives are unknown: null;
 * {@code exact} and {@code counting} are exact, so theirs are 0.
 */
final class DedupReport {
  private final Job job;
  private final Map<String, Object> m = new LinkedHashMap<>();

  private DedupReport(Job job) {
    this.job = job;
  }

  /** The result fields, in output order. */
  static Map<String, Object> of(
      DedupPlan plan, DedupJobs.Run run, boolean malformedWarning, double seconds)
      throws IOException {
    StreamOptions s = plan.stream;
    DedupReport r = new DedupReport(run.job);
    r.m.put("method", plan.method.cliName());
    r.counters(INPUT_RECORDS, KEPT, DUPLICATES, MALFORMED_RECORDS);
    r.m.put("malformedWarning", malformedWarning);
    r.counters(MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES);
    r.m.put("shuffleAvoided", r.count(SHUFFLE_AVOIDED_RECORDS));
    r.counters(SHUFFLE_AVOIDED_BYTES);
    boolean oracle = s == null || s.evaluate;
    r.counters(oracle, FALSE_POSITIVES, FALSE_NEGATIVES);
    r.m.put("fpr", oracle ? r.rate(FALSE_POSITIVES, ORACLE_DISTINCT) : null);
    r.m.put("fnr", oracle ? r.rate(FALSE_NEGATIVES, ORACLE_DUPLICATES) : null);
    if (s != null) {
      r.m.put("filter", s.filter);
      r.m.put("slices", plan.reducers);
      r.m.put("memoryBitsPerSlice", s.bitsPerSlice);
      r.m.put("filterWindow", s.windowed() ? plan.window : 0);
      if (s.windowed()) {
        r.m.put("timerResolution", s.timerResolution);
      }
      r.m.put("filterIgnoresWindow", plan.window > 0 && !s.windowed());
      r.m.put("localFilter", s.local.cliName());
      if (s.local == LocalFilter.Kind.BLOOM) {
        r.m.put("localBits", s.localBits);
        r.m.put("localHashes", s.localHashes);
        r.counters(LOCAL_UNORDERED_HITS);
      }
      r.counters(LOCAL_DUPLICATES, LOCAL_MARKERS);
      if (s.evaluate) {
        r.counters(LOCAL_FALSE_POSITIVES);
      }
      if (s.evaluate && s.importanceField >= 0) {
        r.m.put("wFP", r.rate(FALSE_POSITIVE_IMPORTANCE_MICROS, ORACLE_DISTINCT_IMPORTANCE_MICROS));
        r.m.put("wFN", r.rate(FALSE_NEGATIVE_IMPORTANCE_MICROS, ORACLE_DUPLICATES_IMPORTANCE_MICROS));
      }
    }
    r.m.put("filterBits", run.filterBits);
    r.m.put("jobs", run.jobs);
    r.m.put("output", plan.output.toString());
    r.m.put("seconds", seconds);
    return r.m;
  }

  private long count(Enum<?> counter) throws IOException {
    return Jobs.counter(job, counter);
  }

  private void counters(Enum<?>... counters) throws IOException {
    counters(true, counters);
  }

  /** Each counter under its key; null when the value is not {@code known}. */
  private void counters(boolean known, Enum<?>... counters) throws IOException {
    for (Enum<?> c : counters) {
      m.put(key(c), known ? count(c) : null);
    }
  }

  private double rate(Enum<?> num, Enum<?> den) throws IOException {
    long d = count(den);
    return d == 0 ? 0.0 : (double) count(num) / d;
  }

  /** INPUT_RECORDS: inputRecords. */
  private static String key(Enum<?> c) {
    StringBuilder b = new StringBuilder();
    for (String w : c.name().toLowerCase(Locale.ROOT).split("_")) {
      b.append(b.length() == 0 ? w : Character.toUpperCase(w.charAt(0)) + w.substring(1));
    }
    return b.toString();
  }
}
