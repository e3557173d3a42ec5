package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATES;
import static io.bloomkit.mapreduce.config.IcebergCounters.CANDIDATE_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTERS;
import static io.bloomkit.mapreduce.config.IcebergCounters.FILTER_BYTES_LOADED;
import static io.bloomkit.mapreduce.config.IcebergCounters.HITS;
import static io.bloomkit.mapreduce.config.IcebergCounters.ICEBERGS;
import static io.bloomkit.mapreduce.config.IcebergCounters.INPUT_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.LOCAL_ICEBERGS;
import static io.bloomkit.mapreduce.config.IcebergCounters.LOCAL_TOTALS;
import static io.bloomkit.mapreduce.config.IcebergCounters.MALFORMED_RECORDS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NAIVE_BYTES;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_KEYS;
import static io.bloomkit.mapreduce.config.IcebergCounters.NULL_WEIGHTS;
import static io.bloomkit.mapreduce.config.IcebergCounters.SATURATIONS;
import static io.bloomkit.mapreduce.config.IcebergCounters.TOTAL_WEIGHT;
import static io.bloomkit.mapreduce.config.IcebergCounters.TRUE_ICEBERGS;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_BYTES;
import static org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.util.Map;

/**
 * The result of an icebergs run: the counters by name ({@link RunCounters#report}; null where the
 * method and options do not know a value), the icebergs paper's two metrics, lcbf's filter shape,
 * counting's sketch shape and its bound on false candidates among the keys of total at most T/2
 * ({@link CountMinSketch#lightFalseCandidateBound}, with the local totals, at least the distinct
 * keys, as their number: an upper bound).
 */
final class IcebergReport {
  private IcebergReport() {}

  /**
   * The fields, in the documented order (see docs/tools.md), added to {@code m} (created when the
   * run started).
   */
  static Map<String, Object> of(Report m, IcebergPlan plan, RunCounters c, boolean warning) {
    m.put("method", Choices.name(plan.method));
    c.report(m, INPUT_RECORDS, MALFORMED_RECORDS, NULL_KEYS, NULL_WEIGHTS);
    m.put("malformedWarning", warning);
    c.report(m, KEYS, ICEBERGS, TRUE_ICEBERGS, CANDIDATES, HITS);
    Long t = c.get(TRUE_ICEBERGS);
    Long hits = c.get(HITS);
    boolean known = t != null && hits != null;
    m.put("hitRatio", known ? (Object) hitRatio(hits, t) : null);
    m.put("errorRate", known ? (Object) errorRate(c.get(CANDIDATES), hits, t) : null);
    c.report(m, LOCAL_ICEBERGS, SATURATIONS, CANDIDATE_RECORDS, FILTERED_RECORDS,
        MAP_OUTPUT_RECORDS, MAP_OUTPUT_BYTES);
    LcbfParams lcbf = plan.lcbf;
    CountingShape cms = plan.counting;
    m.put("entriesPerKey", lcbf == null ? null : (Object) lcbf.entriesPerKey);
    m.put("numHashes",
        lcbf != null ? (Object) lcbf.numHashes : cms != null ? (Object) cms.numHashes : null);
    m.put("valueBits", lcbf == null ? null : (Object) lcbf.valueBits);
    m.put("counterBits", cms == null ? null : (Object) cms.counterBits);
    m.put("rowWidth", cms == null ? null : (Object) cms.width);
    c.report(m, TOTAL_WEIGHT);
    Long w = c.get(TOTAL_WEIGHT);
    Long pairs = c.get(LOCAL_TOTALS);
    m.put("lightFalseCandidateBound", cms == null || w == null || pairs == null ? null
        : (Object) CountMinSketch.lightFalseCandidateBound(pairs, w,
            BloomkitConfig.ICEBERG_THRESHOLD.getLong(plan.conf), cms.width,
            cms.numHashes));
    c.report(m, FILTERS);
    m.put("filterBytesShipped", c.filterBytesShipped);
    m.put("filterBytesShippedToTasks", c.get(FILTER_BYTES_LOADED));
    c.report(m, NAIVE_BYTES);
    return m.put("jobs", c.jobs).put("output", plan.output.toString()).seconds().fields();
  }

  /** The icebergs paper's hit ratio: true icebergs reported / icebergs (1 without icebergs). */
  static double hitRatio(long hits, long trueIcebergs) {
    return trueIcebergs == 0 ? 1.0 : (double) hits / trueIcebergs;
  }

  /**
   * The icebergs paper's error rate: non-icebergs reported / icebergs (0 without icebergs; it can
   * exceed 1).
   */
  static double errorRate(long candidates, long hits, long trueIcebergs) {
    return trueIcebergs == 0 ? 0.0 : (double) (candidates - hits) / trueIcebergs;
  }
}
