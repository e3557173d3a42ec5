package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Icebergs, reduce side: sums a key's local totals and writes (key, total) when the total reaches
 * the threshold, the key as {@link KeyText} shows it. {@code counting} without {@code --verify}:
 * writes every candidate key with its estimate in the shipped sketch of totals instead (false
 * candidates included; the estimate is at least the true total, at most the counters' 2^b - 1).
 */
public class IcebergReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
  private long threshold;
  private KeyText keyText;
  private CountMinSketch estimates;
  private IcebergOutput out;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    out = IcebergOutput.of(context);
    keyText = out.keyText();
    if (BloomkitConfig.ICEBERG_COUNTING.getBoolean(conf)
        && !BloomkitConfig.ICEBERG_VERIFY.getBoolean(conf)) {
      estimates = IcebergFilters.load(context);
    }
  }

  @Override
  protected void reduce(Text key, Iterable<LongWritable> totals, Context context)
      throws IOException, InterruptedException {
    context.getCounter(IcebergCounters.KEYS).increment(1);
    if (estimates != null) {
      out.write(key, IcebergFilters.estimate(estimates, key.getBytes(), key.getLength()));
      context.getCounter(IcebergCounters.ICEBERGS).increment(1);
      return;
    }
    long sum = TotalOverflowException.sum(key, totals, keyText, context);
    if (sum >= threshold) {
      out.write(key, sum);
      context.getCounter(IcebergCounters.ICEBERGS).increment(1);
    }
  }
}
