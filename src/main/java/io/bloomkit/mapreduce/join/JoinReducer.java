package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.JoinCounters;
import io.bloomkit.mapreduce.table.TableOutputs;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptID;

/**
 * The join's reduce side (the paper's figure 8). The values of a key arrive left records first
 * (sort on (key, side)); only those are buffered, the right records are streamed past them, each
 * producing one {@code <left line>\t<right line>} per buffered left line. A right record that meets
 * no left record passed the filter falsely and is counted in {@link
 * JoinCounters#FALSE_POSITIVES}, its key once in {@link JoinCounters#FALSE_POSITIVE_KEYS}. In a
 * left-outer join an unmatched left line is written as {@code <left line>\t}. With a records output
 * ({@code --output-format} other than text) each pair is written as one record of the left and
 * right fields, an unmatched left record with null right fields ({@link JoinRecords}, {@link
 * TableOutputs}).
 */
public class JoinReducer extends Reducer<JoinKey, JoinValue, Text, Text> {
  private LeftRecords left;
  private final Text outRight = new Text();
  private final Text empty = new Text();
  private final Text recordRight = new Text();
  private boolean leftOuter;
  private JoinRecords records;
  private TableOutputs.RecordWriter writer;

  @Override
  protected void setup(Context context) {
    TaskAttemptID attempt = context.getTaskAttemptID();
    left =
        LeftRecords.forTask(context.getConfiguration(), attempt == null ? null : attempt.toString());
    leftOuter =
        JoinPlan.Type.of(context.getConfiguration()).keepsUnmatchedLeft();
    records = JoinRecords.fromConf(context.getConfiguration());
    if (records != null) {
      writer = TableOutputs.writer(context);
    }
  }

  /** Writes a left value with a right value (null: none). */
  private void write(Text l, Text right, Context context)
      throws IOException, InterruptedException {
    if (records == null) {
      context.write(l, right == null ? empty : right);
      return;
    }
    writer.write(records.joined(l, right));
  }

  /** Reports the spills and deletes any spill file left (also after a failure in reduce). */
  @Override
  protected void cleanup(Context context) throws IOException {
    if (left != null) {
      context.getCounter(JoinCounters.LEFT_SPILLED_RECORDS).increment(left.spilledRecords());
      context.getCounter(JoinCounters.LEFT_SPILLED_BYTES).increment(left.spilledBytes());
      left.close();
    }
  }

  @Override
  protected void reduce(JoinKey key, Iterable<JoinValue> values, Context context)
      throws IOException, InterruptedException {
    left.clear();
    long falsePositives = 0;
    long out = 0;
    boolean matched = false;
    for (JoinValue v : values) {
      Text line = v.line();
      if (v.side() == JoinKey.LEFT) {
        left.add(line);
        continue;
      }
      if (left.isEmpty()) {
        falsePositives++;
        continue;
      }
      matched = true;
      outRight.set(line);
      left.forEach(l -> write(l, outRight, context));
      out += left.count();
    }
    if (!matched && !left.isEmpty()) {
      context.getCounter(JoinCounters.LEFT_UNMATCHED).increment(left.count());
      if (leftOuter) {
        left.forEach(l -> write(l, null, context));
        out += left.count();
      }
    }
    context.getCounter(JoinCounters.FALSE_POSITIVES).increment(falsePositives);
    if (falsePositives > 0) {
      context.getCounter(JoinCounters.FALSE_POSITIVE_KEYS).increment(1);
    }
    context.getCounter(JoinCounters.OUTPUT_RECORDS).increment(out);
    left.clear();
  }
}
