package io.bloomkit.mapreduce.join;

import static io.bloomkit.mapreduce.config.JoinCounters.FALSE_POSITIVES;
import static io.bloomkit.mapreduce.config.JoinCounters.FALSE_POSITIVE_KEYS;
import static io.bloomkit.mapreduce.config.JoinCounters.FILTER_LOADS_FROM_CACHE;
import static io.bloomkit.mapreduce.config.JoinCounters.FILTER_LOADS_FROM_PATH;
import static io.bloomkit.mapreduce.config.JoinCounters.FILTER_PROBING_STOPPED;
import static io.bloomkit.mapreduce.config.JoinCounters.HOT_KEY_LEFT_COPIES;
import static io.bloomkit.mapreduce.config.JoinCounters.HOT_KEY_RIGHT_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_MALFORMED;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_NULL_KEYS;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_PASSED;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_SPILLED_BYTES;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_SPILLED_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.LEFT_UNMATCHED;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_LEFT_MATCHED_KEYS;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_LEFT_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_RIGHT_MATCHED;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_RIGHT_UNMATCHED;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_TABLE_BYTES;
import static io.bloomkit.mapreduce.config.JoinCounters.MAP_SIDE_TABLE_LOADS;
import static io.bloomkit.mapreduce.config.JoinCounters.OUTPUT_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_DROPPED_BY_FILTER;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_MALFORMED;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_NULL_KEYS;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_PASSED;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_RECORDS;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_UNPROBED;
import static io.bloomkit.mapreduce.config.JoinCounters.RIGHT_WRITTEN_BY_MAP;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.table.TableStats;
import java.util.Map;

/**
 * The result of a {@code join}, from the job's counters ({@link Report}: a counter's field is its
 * name in lower camel case). Observed false positive rates: per record, false positives / (right
 * records dropped + false positives); per key, the same over distinct keys ({@link DroppedKeys}).
 */
final class JoinReport {
  private JoinReport() {}

  /**
   * The fields, in output order, added to {@code r} (created when the run started); for a plan that
   * built on the right input ({@link JoinPlan#swapped}) the fields of each input ({@code
   * leftRecords}, {@code leftMalformed}, {@code leftNullKeys} and the right ones) are the named
   * inputs', while the fields of a role (the build side's {@code leftPassed}, the probe side's
   * {@code rightDroppedByFilter}...) are the job's, as {@code plan.buildSide} says.
   */
  static Map<String, Object> of(Report r, JoinPlan p, JoinJobs.Outcome o, double launchSeconds,
      double planSeconds) {
    Map<String, Object> m = fields(r, p, o);
    @SuppressWarnings("unchecked")
    Map<String, Object> actual =
        (Map<String, Object>) ((Map<String, Object>) m.get("plan")).get("actual");
    // where the seconds went: before the tool, planning, the filter build, the join's jobs
    actual.put("launchSeconds", launchSeconds);
    actual.put("planSeconds", planSeconds);
    JoinWorkload.Reads reads = p.choice.workload.reads();
    if (reads != null) { // the planning reads' part of it (both directions of an auto plan)
      actual.put("sizingSeconds", reads.sizingNanos / 1e9);
      actual.put("sampleSeconds", reads.sampleNanos / 1e9);
      actual.put("splitSeconds", reads.splitNanos / 1e9);
      actual.put("leftKeysSeconds", reads.leftKeysNanos / 1e9);
    }
    actual.put("buildSeconds", o.buildNanos / 1e9);
    actual.put("jobSeconds", o.jobNanos / 1e9);
    if (p.swapped) {
      for (String f : new String[] {"Records", "Malformed", "NullKeys"}) {
        Object left = m.get("left" + f);
        m.put("left" + f, m.get("right" + f));
        m.put("right" + f, left);
      }
    }
    return m;
  }

  private static Map<String, Object> fields(Report r, JoinPlan p, JoinJobs.Outcome o) {
    JobCounters c = o.counters;
    long dropped = c.get(RIGHT_DROPPED_BY_FILTER);
    long fp = c.get(FALSE_POSITIVES);
    long fpKeys = c.get(FALSE_POSITIVE_KEYS);
    r.put("output", o.output.toString()).put("strategy", p.strategy.cliName());
    if (p.strategy == JoinPlan.Strategy.MAP_SIDE) {
      // no filter, no shuffle: what the map tasks loaded and matched
      r.counters(c, LEFT_RECORDS, RIGHT_RECORDS, LEFT_PASSED, MAP_SIDE_LEFT_RECORDS,
              MAP_SIDE_TABLE_LOADS, MAP_SIDE_TABLE_BYTES, MAP_SIDE_RIGHT_MATCHED,
              MAP_SIDE_RIGHT_UNMATCHED, MAP_SIDE_LEFT_MATCHED_KEYS, LEFT_UNMATCHED,
              MAP_OUTPUT_RECORDS, OUTPUT_RECORDS, LEFT_MALFORMED, RIGHT_MALFORMED)
          .put("malformedRecords", c.sum(LEFT_MALFORMED, RIGHT_MALFORMED))
          .counters(c, LEFT_NULL_KEYS, RIGHT_NULL_KEYS);
      return skipped(r, c).seconds()
          .put("malformedWarning", o.malformedWarning)
          .put("plan", plan(r, p, c))
          .fields();
    }
    r.put("filter", o.filter == null ? null : o.filter.toString()) // null: none or temporary
        .put("filterBuilt", p.filterSource == JoinPlan.FilterSource.BUILD)
        .put("filterType", o.probe == null ? "none" : o.probe.shape().name())
        .counters(c, LEFT_RECORDS, RIGHT_RECORDS, LEFT_PASSED, LEFT_KEYS_REJECTED_BY_FILTER,
            RIGHT_DROPPED_BY_FILTER, RIGHT_PASSED, RIGHT_WRITTEN_BY_MAP, FALSE_POSITIVES)
        .counters(c, FILTER_PROBING_STOPPED, RIGHT_UNPROBED);
    return skipped(r, c)
        .rate("observedFppPerRecord", fp, dropped + fp)
        .counters(c, FALSE_POSITIVE_KEYS)
        .put("rightDroppedKeys", o.droppedKeys)
        .rate("observedFppPerKey", fpKeys, o.droppedKeys + fpKeys)
        .put("theoreticalFpp", o.probe == null ? 1.0 : o.probe.expectedFpp())
        .counters(c, MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES, OUTPUT_RECORDS, LEFT_MALFORMED,
            RIGHT_MALFORMED)
        .put("malformedRecords", c.sum(LEFT_MALFORMED, RIGHT_MALFORMED))
        .counters(c, LEFT_NULL_KEYS, RIGHT_NULL_KEYS)
        .put("hotKeys", o.hotKeys)
        .counters(c, HOT_KEY_RIGHT_RECORDS, HOT_KEY_LEFT_COPIES)
        .counters(c, FILTER_LOADS_FROM_CACHE, FILTER_LOADS_FROM_PATH)
        .counters(c, LEFT_SPILLED_RECORDS, LEFT_SPILLED_BYTES)
        .seconds()
        .put("malformedWarning", o.malformedWarning)
        .put("plan", plan(r, p, c))
        .fields();
  }

  /** What the probe side's reader skipped by the build keys' bounds (row groups, rows, bytes). */
  private static Report skipped(Report r, JobCounters c) {
    return r.put("rightRowGroupsSkipped", c.get(TableStats.ReaderCounter.ROW_GROUPS_SKIPPED))
        .put("rightRowsSkipped", c.get(TableStats.ReaderCounter.ROWS_SKIPPED))
        .put("rightBytesSkipped", c.get(TableStats.ReaderCounter.BYTES_SKIPPED));
  }

  /**
   * The {@code plan} object: what the planner chose and estimated ({@link JoinPlanner.Choice}) and
   * what the run did: its map tasks (those that completed, each once),
   * filter loads (every map task's, left-key checks included), map output records and bytes (all
   * jobs) and its seconds (the report's); {@link #of} adds where they went.
   */
  private static Map<String, Object> plan(Report r, JoinPlan p, JobCounters c) {
    Map<String, Object> m = p.choice.json();
    Map<String, Object> actual = new java.util.LinkedHashMap<>();
    actual.put("mapTasks", c.get(io.bloomkit.mapreduce.config.JoinCounters.MAP_TASKS));
    actual.put("filterLoads", c.sum(FILTER_LOADS_FROM_CACHE, FILTER_LOADS_FROM_PATH));
    actual.put("mapOutputRecords", c.get(MAP_OUTPUT_RECORDS));
    actual.put("mapOutputBytes", c.get(MAP_OUTPUT_BYTES));
    actual.put("seconds", r.fields().get("seconds"));
    m.put("actual", actual);
    return m;
  }
}
