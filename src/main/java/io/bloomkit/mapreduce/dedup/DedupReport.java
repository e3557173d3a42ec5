package io.bloomkit.mapreduce.dedup;

import static io.bloomkit.mapreduce.config.DedupCounters.DUPLICATES;
import static io.bloomkit.mapreduce.config.DedupCounters.FALSE_NEGATIVES;
import static io.bloomkit.mapreduce.config.DedupCounters.FALSE_NEGATIVE_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.config.DedupCounters.FALSE_POSITIVES;
import static io.bloomkit.mapreduce.config.DedupCounters.FALSE_POSITIVE_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.config.DedupCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.config.DedupCounters.KEPT;
import static io.bloomkit.mapreduce.config.DedupCounters.LOCAL_DUPLICATES;
import static io.bloomkit.mapreduce.config.DedupCounters.LOCAL_FALSE_POSITIVES;
import static io.bloomkit.mapreduce.config.DedupCounters.LOCAL_MARKERS;
import static io.bloomkit.mapreduce.config.DedupCounters.LOCAL_UNORDERED_HITS;
import static io.bloomkit.mapreduce.config.DedupCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.config.DedupCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.config.DedupCounters.ORACLE_DISTINCT;
import static io.bloomkit.mapreduce.config.DedupCounters.ORACLE_DISTINCT_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.config.DedupCounters.ORACLE_DUPLICATES;
import static io.bloomkit.mapreduce.config.DedupCounters.ORACLE_DUPLICATES_IMPORTANCE_MICROS;
import static io.bloomkit.mapreduce.config.DedupCounters.SHUFFLE_AVOIDED_BYTES;
import static io.bloomkit.mapreduce.config.DedupCounters.SHUFFLE_AVOIDED_RECORDS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Report;
import java.util.Map;

/**
 * The result of a dedup run: the dedup job's counters ({@link io.bloomkit.mapreduce.config.DedupCounters})
 * and the plan's settings. Without the oracle ({@code stream} without {@code --evaluate}) the
 * false positives and negatives are unknown, null; {@code exact} and {@code counting} are exact, so
 * theirs are 0.
 */
final class DedupReport {
  private DedupReport() {}

  /** Fills {@code r} (created when the jobs started), in output order; returns its fields. */
  static Map<String, Object> of(
      Report r, DedupPlan plan, DedupJobs.Run run, boolean malformedWarning) {
    JobCounters c = run.counters;
    StreamOptions s = plan.stream;
    r.put("method", Choices.name(plan.method))
        .counters(c, INPUT_RECORDS, KEPT, DUPLICATES, MALFORMED_RECORDS, NULL_KEYS)
        .put("malformedWarning", malformedWarning)
        .counters(c, MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES)
        .counter("shuffleAvoided", c, SHUFFLE_AVOIDED_RECORDS)
        .counters(c, SHUFFLE_AVOIDED_BYTES);
    if (s == null || s.evaluate) {
      r.counters(c, FALSE_POSITIVES, FALSE_NEGATIVES)
          .rate("fpr", c.get(FALSE_POSITIVES), c.get(ORACLE_DISTINCT))
          .rate("fnr", c.get(FALSE_NEGATIVES), c.get(ORACLE_DUPLICATES));
    } else {
      r.put(Report.key(FALSE_POSITIVES), null).put(Report.key(FALSE_NEGATIVES), null)
          .put("fpr", null).put("fnr", null);
    }
    if (s != null) {
      stream(r, plan, s, c);
    }
    return r.put("filterBits", run.filterBits)
        .put("jobs", run.jobs)
        .put("output", plan.output.toString())
        .seconds()
        .fields();
  }

  /** The stream method's fields. */
  private static void stream(Report r, DedupPlan plan, StreamOptions s, JobCounters c) {
    r.put("filter", s.filter)
        .put("slices", plan.reducers)
        .put("memoryBitsPerSlice", s.bitsPerSlice)
        .put("filterWindow", s.windowed() ? plan.window : 0);
    if (s.windowed()) {
      r.put("timerResolution", s.timerResolution);
    }
    r.put("filterIgnoresWindow", plan.window > 0 && !s.windowed())
        .put("localFilter", Choices.name(s.local));
    if (s.local == LocalFilter.Kind.BLOOM) {
      r.put("localBits", s.localBits)
          .put("localHashes", s.localHashes)
          .counters(c, LOCAL_UNORDERED_HITS);
    }
    r.counters(c, LOCAL_DUPLICATES, LOCAL_MARKERS);
    if (s.evaluate) {
      r.counters(c, LOCAL_FALSE_POSITIVES);
    }
    if (s.evaluate && s.importanceField != null) {
      r.rate("wFP", c.get(FALSE_POSITIVE_IMPORTANCE_MICROS),
              c.get(ORACLE_DISTINCT_IMPORTANCE_MICROS))
          .rate("wFN", c.get(FALSE_NEGATIVE_IMPORTANCE_MICROS),
              c.get(ORACLE_DUPLICATES_IMPORTANCE_MICROS));
    }
  }
}
