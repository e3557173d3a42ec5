package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Icebergs {@code lcbf} job 2, reduce side: one line {@code key<TAB>estimate} per candidate key,
 * the estimate being the largest over the splits that reported it (an estimate, not the exact
 * total: false matches can raise it, lost matches lower it; {@code --verify} gives exact totals).
 */
public class LcbfCandidateReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
  private IcebergOutput out;

  @Override
  protected void setup(Context context) {
    out = IcebergOutput.of(context);
  }

  @Override
  protected void reduce(Text key, Iterable<LongWritable> estimates, Context context)
      throws IOException, InterruptedException {
    long max = 0;
    for (LongWritable e : estimates) {
      max = Math.max(max, e.get());
    }
    out.write(key, max);
    context.getCounter(IcebergCounters.CANDIDATES).increment(1);
  }
}
