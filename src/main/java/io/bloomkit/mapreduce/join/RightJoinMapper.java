package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.core.hash.KeyHasher;
import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import java.io.IOException;

/**
 * Map side of the right (probe, large) input: the shipped filter's {@link FilterStep} drops the
 * records whose key fails it (the paper's figure 8). Without a filter every record passes. Records
 * with a null key (SQL: never match) are taken out before the filter, counted in {@link
 * JoinCounters#RIGHT_NULL_KEYS}. The
 * task's distinct dropped keys are collected by 64-bit key hash (under 32 bytes of memory per
 * distinct dropped key) and written at its end for the job-wide count ({@link DroppedKeys}).
 *
 * <p>A right record the filter rejects or whose key is null certainly has no match: a join that
 * keeps unmatched right records (right-outer, full-outer: {@code \t<right line>}; right-anti: the
 * line alone; {@link JoinOutput}) writes it here instead of shuffling it, into {@code
 * part-unmatched-right-m-NNNNN} files of the job's output ({@link #openMapOutput}), counted in
 * {@link JoinCounters#RIGHT_WRITTEN_BY_MAP}.
 *
 * <p>A task stops probing when the filter rejected under {@code
 * bloomkit.join.filter.min.reject.share} (0.1) of its first {@code
 * bloomkit.join.filter.check.records} (16,384) records, Impala's rule and defaults: its later
 * records pass unprobed ({@link JoinCounters#RIGHT_UNPROBED}, {@link
 * JoinCounters#FILTER_PROBING_STOPPED}); the reducers join them exactly, as any false positive.
 */
public class RightJoinMapper extends JoinMapper {
  /** The base name of the files of right records written by the map tasks. */
  static final String UNMATCHED_FILES = "part-unmatched-right";

  private FilterStep filter;
  private final DistinctHashes droppedKeys = new DistinctHashes();
  /** Hashes the dropped keys (one per task: nothing allocated per record). */
  private KeyHasher dropHasher;
  private boolean keepsUnmatched;
  private final MapRows unmatchedRows = new MapRows(UNMATCHED_FILES);
  /** Impala's rule: records checked, the least share rejected, and the task's tally so far. */
  private long checkRecords;
  private double minRejectShare;
  private long probed;
  private long rejected;
  private boolean stopped;
  private long unprobed;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    filter =
        FilterStep.builder()
            .counting(null, JoinCounters.RIGHT_DROPPED_BY_FILTER) // passed: counted by JoinMapper
            .countingLoads(JoinCounters.FILTER_LOADS_FROM_CACHE, JoinCounters.FILTER_LOADS_FROM_PATH)
            .onReject((f, key, length) -> droppedKeys.add(dropHasher(f).hash(key, 0, length).h1()))
            .load(context);
    keepsUnmatched = JoinPlan.Type.of(context.getConfiguration()).keepsUnmatchedRight();
    checkRecords = BloomkitConfig.JOIN_FILTER_CHECK_RECORDS.getLong(context.getConfiguration());
    minRejectShare =
        BloomkitConfig.JOIN_FILTER_MIN_REJECT_SHARE.getDouble(context.getConfiguration());
  }

  private KeyHasher dropHasher(Filter f) {
    if (dropHasher == null) {
      dropHasher = f.hashStrategy().hasher();
    }
    return dropHasher;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (filter.active()) {
      DroppedKeys.write(context, droppedKeys);
    }
    context.getCounter(JoinCounters.RIGHT_UNPROBED).increment(unprobed);
    unmatchedRows.close();
    super.cleanup(context);
  }

  @Override
  protected byte side() {
    return JoinKey.RIGHT;
  }

  @Override
  protected BloomkitConfig specKey() {
    return BloomkitConfig.JOIN_RIGHT_INPUT_SPEC;
  }

  @Override
  protected Enum<?> recordsCounter() {
    return JoinCounters.RIGHT_RECORDS;
  }

  @Override
  protected Enum<?> malformedCounter() {
    return JoinCounters.RIGHT_MALFORMED;
  }

  @Override
  protected Enum<?> nullKeysCounter() {
    return JoinCounters.RIGHT_NULL_KEYS;
  }

  @Override
  protected Enum<?> passedCounter() {
    return JoinCounters.RIGHT_PASSED;
  }

  @Override
  protected boolean accept(byte[] key, int length, Row row, Context context)
      throws IOException, InterruptedException {
    if (stopped) {
      unprobed++;
      return true;
    }
    boolean passes = filter.passes(key, length);
    if (checkRecords > 0 && probed < checkRecords && filter.active()) {
      probed++;
      rejected += passes ? 0 : 1;
      if (probed == checkRecords && rejected < minRejectShare * probed) {
        stopped = true; // the filter keeps too little out to be worth its probes
        context.getCounter(JoinCounters.FILTER_PROBING_STOPPED).increment(1);
      }
    }
    if (passes) {
      return true;
    }
    writeUnmatched(row, context);
    return false;
  }

  @Override
  protected void nullKey(Row row, Context context) throws IOException, InterruptedException {
    writeUnmatched(row, context);
  }

  /** A record certainly without a match: written here when the type keeps such records. */
  private void writeUnmatched(Row row, Context context) throws IOException, InterruptedException {
    if (!keepsUnmatched) {
      return;
    }
    unmatchedRows.rows(context).unmatchedRight(value(row));
    context.getCounter(JoinCounters.RIGHT_WRITTEN_BY_MAP).increment(1);
    context.getCounter(JoinCounters.OUTPUT_RECORDS).increment(1);
  }
}
