package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Dedup, reduce side: one call per key (or the null group of {@code --null-keys-equal}), its
 * records in the global order (time, path, position); each record's time is its {@link DedupKey}'s,
 * which the framework updates as the values are iterated (the lines are never parsed again).
 * Without a window the first record is kept and the rest are duplicates; with a window W a record
 * is a duplicate when the previous record of its key (kept or not) is less than W time units older,
 * so a key reappearing after a gap of at least W is kept again.
 */
public class DedupReducer extends Reducer<DedupKey, Text, NullWritable, Text> {
  private long window;
  private DedupOutput out;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    window = BloomkitConfig.DEDUP_WINDOW.getLong(conf);
    out = openOutput(context);
  }

  /** The task's kept/duplicates output (tests override it). */
  protected DedupOutput openOutput(Context context) {
    return DedupOutput.of(context);
  }

  @Override
  protected void reduce(DedupKey key, Iterable<Text> lines, Context context)
      throws IOException, InterruptedException {
    boolean first = true;
    long previous = 0;
    for (Text line : lines) {
      long time = key.time(); // the framework sets the key of each value as it iterates
      // sorted, so time >= previous: the unsigned difference is exact
      boolean keep = first || (window > 0 && Long.compareUnsigned(time - previous, window) >= 0);
      if (keep) {
        out.kept(line);
        context.getCounter(DedupCounters.KEPT).increment(1);
      } else {
        out.duplicate(line);
        context.getCounter(DedupCounters.DUPLICATES).increment(1);
      }
      first = false;
      previous = time;
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    out.close();
  }
}
