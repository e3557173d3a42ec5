package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.JoinCounters;
import io.bloomkit.mapreduce.table.TableOutputs;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

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
 *
 * <p>A hot key's records come split over buckets, one reduce group each ({@link HotKeys}): such a
 * group's left records count as matched even without a right record there ({@link
 * HotKeys#leftMatched}), and its false positive key is counted by bucket 1 only.
 */
public class JoinReducer extends Reducer<JoinKey, JoinValue, Text, Text> {
  private final List<byte[]> left = new ArrayList<>();
  private final Text outLeft = new Text();
  private final Text outRight = new Text();
  private final Text empty = new Text();
  private final Text recordLeft = new Text();
  private final Text recordRight = new Text();
  private boolean leftOuter;
  private JoinRecords records;
  private TableOutputs.RecordWriter writer;

  @Override
  protected void setup(Context context) {
    leftOuter =
        JoinPlan.Type.of(context.getConfiguration()).keepsUnmatchedLeft();
    records = JoinRecords.fromConf(context.getConfiguration());
    if (records != null) {
      writer = TableOutputs.writer(context);
    }
  }

  /** Writes a left value with a right value (null: none). */
  private void write(byte[] l, Text right, Context context)
      throws IOException, InterruptedException {
    if (records == null) {
      outLeft.set(l);
      context.write(outLeft, right == null ? empty : right);
      return;
    }
    recordLeft.set(l);
    writer.write(records.joined(recordLeft, right));
  }

  @Override
  protected void reduce(JoinKey key, Iterable<JoinValue> values, Context context)
      throws IOException, InterruptedException {
    left.clear();
    int bucket = key.bucket(); // the same for the whole group
    long falsePositives = 0;
    long out = 0;
    boolean matched = false;
    for (JoinValue v : values) {
      Text line = v.line();
      if (v.side() == JoinKey.LEFT) {
        left.add(Arrays.copyOf(line.getBytes(), line.getLength()));
        continue;
      }
      if (left.isEmpty()) {
        falsePositives++;
        continue;
      }
      matched = true;
      outRight.set(line);
      for (byte[] l : left) {
        write(l, outRight, context);
        out++;
      }
    }
    if (!HotKeys.leftMatched(matched, bucket) && !left.isEmpty()) {
      context.getCounter(JoinCounters.LEFT_UNMATCHED).increment(left.size());
      if (leftOuter) {
        for (byte[] l : left) {
          write(l, null, context);
          out++;
        }
      }
    }
    context.getCounter(JoinCounters.FALSE_POSITIVES).increment(falsePositives);
    if (falsePositives > 0 && HotKeys.oncePerKey(bucket)) {
      context.getCounter(JoinCounters.FALSE_POSITIVE_KEYS).increment(1);
    }
    context.getCounter(JoinCounters.OUTPUT_RECORDS).increment(out);
    left.clear();
  }
}
