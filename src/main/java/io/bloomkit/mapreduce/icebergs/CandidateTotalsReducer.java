package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Icebergs {@code --verify} / {@code --evaluate} job, reduce side: sums a key's exact total. A key
 * whose total reaches the threshold is a true iceberg ({@code TRUE_ICEBERGS}; every one of them
 * only when evaluating, since otherwise only candidates arrive), and a hit ({@code HITS}) when it
 * is a candidate (by its text, {@link KeyText}: the candidate files hold output lines). With
 * {@link BloomkitConfig#ICEBERG_VERIFY} the hits are written as {@code key<TAB>total} ({@code
 * ICEBERGS}): the true icebergs among the candidates.
 */
public class CandidateTotalsReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
  private long threshold;
  private KeyText keyText;
  private boolean verify;
  private Set<Text> candidates;
  private IcebergOutput out;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    verify = BloomkitConfig.ICEBERG_VERIFY.getBoolean(conf);
    out = IcebergOutput.of(context);
    keyText = out.keyText();
    candidates = CandidateKeys.load(context);
  }

  @Override
  protected void reduce(Text key, Iterable<LongWritable> totals, Context context)
      throws IOException, InterruptedException {
    context.getCounter(IcebergCounters.KEYS).increment(1);
    long sum = TotalOverflowException.sum(key, totals, keyText, context);
    if (sum < threshold) {
      return;
    }
    context.getCounter(IcebergCounters.TRUE_ICEBERGS).increment(1);
    Text text = keyText.of(key);
    if (!candidates.contains(text)) {
      return;
    }
    context.getCounter(IcebergCounters.HITS).increment(1);
    if (verify) {
      out.write(key, sum);
      context.getCounter(IcebergCounters.ICEBERGS).increment(1);
    }
  }
}
