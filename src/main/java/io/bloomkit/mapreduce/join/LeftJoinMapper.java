package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.JoinCounters;
import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableOutputs;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;

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
 * JoinCounters#LEFT_NULL_KEYS}), never tested against the filter nor shuffled; a left-outer join
 * writes it here, as {@code <left line>\t} like the reducer's unmatched lines, into the job's
 * output ({@link MultipleOutputs}: {@code part-null-keys-m-NNNNN} files next to the reducers'
 * {@code part-r-NNNNN}, committed with the task, so they are promoted with the job's output or not
 * at all). With a records output they are written as the reducer's unmatched records are, right
 * fields null, through the same output format ({@link JoinRecords}, {@link TableOutputs}).
 */
public class LeftJoinMapper extends JoinMapper {
  /** The base name of the files of null-key left lines ({@code part} itself is the reducers'). */
  static final String NULL_KEY_FILES = "part-null-keys";

  /** Where a left-outer join's map tasks write the null-key left lines. */
  interface NullKeyLines {
    /** Writes a row's value: its line, or with a records output its {@link JoinRecords} value. */
    void write(Text value) throws IOException, InterruptedException;

    void close() throws IOException, InterruptedException;
  }

  private FilterStep filter;
  private long position;
  private String firstRejected;
  private boolean leftOuter;
  private NullKeyLines nullKeyLines;
  private Row current;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    filter =
        FilterStep.builder()
            .counting(null, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER)
            .onReject((f, key, length) -> noteRejected(context))
            .load(context);
    leftOuter =
        JoinPlan.Type.of(context.getConfiguration()).keepsUnmatchedLeft();
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
    if (!leftOuter) {
      return;
    }
    if (nullKeyLines == null) {
      nullKeyLines = openNullKeyLines(context);
    }
    JoinRecords records = records();
    nullKeyLines.write(records == null ? row.line() : records.side(JoinKey.LEFT).of(row));
    context.getCounter(JoinCounters.OUTPUT_RECORDS).increment(1);
  }

  /**
   * The output of the null-key left lines: {@link MultipleOutputs} into the job's output format
   * and directory, base name {@link #NULL_KEY_FILES} (tests capture the lines instead).
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  protected NullKeyLines openNullKeyLines(TaskInputOutputContext<?, ?, ?, ?> context) {
    MultipleOutputs mo = new MultipleOutputs(context);
    Text empty = new Text();
    JoinRecords records = records();
    TableOutputs.RecordWriter writer = records == null ? null
        : TableOutputs.writer(context.getConfiguration(), (k, v) -> mo.write(k, v, NULL_KEY_FILES));
    return new NullKeyLines() {
      @Override
      public void write(Text value) throws IOException, InterruptedException {
        if (writer == null) {
          mo.write(value, empty, NULL_KEY_FILES);
        } else {
          writer.write(records.joined(value, null));
        }
      }

      @Override
      public void close() throws IOException, InterruptedException {
        mo.close();
      }
    };
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
    if (nullKeyLines != null) {
      nullKeyLines.close();
    }
    String dir = BloomkitConfig.JOIN_REJECTS_DIR.get(context.getConfiguration());
    if (firstRejected != null && dir != null && !dir.isEmpty()) {
      Records.leaveNote(context, dir, firstRejected);
    }
  }
}
