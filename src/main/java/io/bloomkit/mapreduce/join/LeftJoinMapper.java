package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;

/**
 * Map side of the left (build, small) input: every well-formed record with a non-null key goes to
 * the shuffle. When the job ships a filter, every left key is also tested against it: a filter
 * built from these left keys contains them all, so a key it rejects means a wrong or stale filter,
 * which would make the join lose that key's rows silently. Such keys are counted ({@link
 * JoinCounters#LEFT_KEYS_REJECTED_BY_FILTER}) and the task's first one is left in {@link
 * BloomkitConfig#JOIN_REJECTS_DIR} (a file per task attempt, on the job's file system) for the
 * client, which then fails the join without committing its output.
 *
 * <p>A record with a null key meets nothing (SQL): it is counted ({@link
 * JoinCounters#LEFT_NULL_KEYS}), never tested against the filter nor shuffled; a join that keeps
 * unmatched left records (left-outer, full-outer: {@code <left line>\t}; left-anti: the line
 * alone; {@link JoinOutput}) writes it here, into {@code part-null-keys-m-NNNNN} files of the job's
 * output ({@link #openMapOutput}).
 */
public class LeftJoinMapper extends JoinMapper {
  /** The base name of the files of null-key left lines ({@code part} itself is the reducers'). */
  static final String NULL_KEY_FILES = "part-null-keys";

  private FilterStep filter;
  private long position;
  private String firstRejected;
  private boolean keepsUnmatched;
  private final MapRows nullKeyRows = new MapRows(NULL_KEY_FILES);
  private Row current;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    filter =
        FilterStep.builder()
            .counting(null, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER)
            .countingLoads(JoinCounters.FILTER_LOADS_FROM_CACHE, JoinCounters.FILTER_LOADS_FROM_PATH)
            .onReject((f, key, length) -> noteRejected(context))
            .load(context);
    keepsUnmatched = JoinPlan.Type.of(context.getConfiguration()).keepsUnmatchedLeft();
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    this.position = position.get();
    super.map(position, row, context);
  }

  @Override
  protected byte side() {
    return JoinKey.LEFT;
  }

  @Override
  protected BloomkitConfig specKey() {
    return BloomkitConfig.JOIN_LEFT_INPUT_SPEC;
  }

  @Override
  protected Enum<?> recordsCounter() {
    return JoinCounters.LEFT_RECORDS;
  }

  @Override
  protected Enum<?> malformedCounter() {
    return JoinCounters.LEFT_MALFORMED;
  }

  @Override
  protected Enum<?> nullKeysCounter() {
    return JoinCounters.LEFT_NULL_KEYS;
  }

  @Override
  protected Enum<?> passedCounter() {
    return JoinCounters.LEFT_PASSED;
  }

  @Override
  protected boolean accept(byte[] key, int length, Row row, Context context) {
    current = row;
    filter.passes(key, length); // counts a rejected key; the client fails the whole join on it
    return true;
  }

  @Override
  protected void nullKey(Row row, Context context) throws IOException, InterruptedException {
    context.getCounter(JoinCounters.LEFT_UNMATCHED).increment(1);
    if (!keepsUnmatched) {
      return;
    }
    nullKeyRows.rows(context).unmatchedLeft(value(row));
    context.getCounter(JoinCounters.OUTPUT_RECORDS).increment(1);
  }

  private void noteRejected(Context context) {
    if (firstRejected == null) {
      firstRejected =
          describeKey(current) + " in " + Records.fileOf(context.getInputSplit())
              + " at " + format().where(position);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    nullKeyRows.close();
    String dir = BloomkitConfig.JOIN_REJECTS_DIR.get(context.getConfiguration());
    if (firstRejected != null && dir != null && !dir.isEmpty()) {
      Records.leaveNote(context, dir, firstRejected);
    }
  }
}
