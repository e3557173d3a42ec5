package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;

/**
 * Icebergs, map side ({@code exact} and {@code counting} phase 2): sums the weights of its split
 * per key in a bounded table and emits (key, local total). With {@code counting} a record is kept
 * only if its key's estimate in the shipped sketch of totals reaches the threshold (see {@link
 * IcebergFilters#isCandidate}); the others are dropped here (they cannot be icebergs).
 */
public class IcebergMapper extends WeightedRecordMapper<Text, LongWritable> {
  /** Which records are summed; the test counts each as a candidate's or filtered. */
  @FunctionalInterface
  protected interface Candidates {
    boolean passes(byte[] key, int length);
  }

  private Candidates candidates;
  private LocalTotals totals;
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    totals = new LocalTotals(
        BloomkitConfig.ICEBERG_MAX_KEYS.getInt(context.getConfiguration()), keyText);
    candidates = candidates(context);
  }

  /**
   * The candidate test, or null to sum every record, uncounted: with {@code counting}, a key passes
   * when its estimate in the shipped sketch of totals reaches the threshold ({@link
   * IcebergFilters#isCandidate}); its records are counted as {@code CANDIDATE_RECORDS}, the others
   * as {@code FILTERED_RECORDS} (dropped here: they cannot be icebergs).
   */
  protected Candidates candidates(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    if (!BloomkitConfig.ICEBERG_COUNTING.getBoolean(conf)) {
      return null;
    }
    long threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    CountMinSketch sketch = IcebergFilters.load(context);
    Counter passed = context.getCounter(IcebergCounters.CANDIDATE_RECORDS);
    Counter dropped = context.getCounter(IcebergCounters.FILTERED_RECORDS);
    return (key, length) -> {
      boolean candidate = IcebergFilters.isCandidate(sketch, key, length, threshold);
      (candidate ? passed : dropped).increment(1);
      return candidate;
    };
  }

  @Override
  protected void record(Context context) throws IOException, InterruptedException {
    if (candidates != null && !candidates.passes(parser.key(), parser.keyLength())) {
      return;
    }
    if (totals.add(parser.key(), parser.keyLength(), parser.weight())) {
      context.getCounter(IcebergCounters.MAP_TABLE_FLUSHES).increment(1);
      flush(context);
    }
  }

  private void flush(Context context) throws IOException, InterruptedException {
    totals.flush(
        (k, t) -> {
          value.set(t);
          context.write(k, value);
        });
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
  }
}
