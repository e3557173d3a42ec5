package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.common.ShippedFilter;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Icebergs, map side ({@code exact} and {@code counting} phase 2): sums the weights of its split
 * per key in a bounded table and emits (key, local total). With {@code counting} a record is kept
 * only if its key's estimate in the shipped counting filter of totals reaches the threshold (see
 * {@link IcebergFilters#isCandidate}); the others cannot be icebergs and are dropped here.
 */
public class IcebergMapper extends WeightedRecordMapper<Text, LongWritable> {
  /** Which keys may be icebergs; records of other keys are counted as filtered. */
  @FunctionalInterface
  protected interface Candidates {
    boolean contains(byte[] key, int length);
  }

  private Candidates candidates;
  private boolean keepFiltered;
  private LocalTotals totals;
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    Configuration conf = context.getConfiguration();
    totals = new LocalTotals(BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf));
    candidates = candidates(context);
    keepFiltered = keepFiltered(conf);
  }

  /**
   * The candidate test, or null to pass every record on: with {@code counting}, an estimate in
   * the shipped counting filter of totals that reaches the threshold ({@link
   * IcebergFilters#isCandidate}).
   */
  protected Candidates candidates(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    if (!BloomkitConfig.ICEBERG_COUNTING.getBoolean(conf)) {
      return null;
    }
    Filter f = ShippedFilter.loadWhole(conf).filter();
    if (!(f instanceof CountingFilter)) {
      throw new IOException("icebergs counting needs a counting filter, got " + f);
    }
    CountingFilter filter = (CountingFilter) f;
    long threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    return (key, length) -> IcebergFilters.isCandidate(filter, key, length, threshold);
  }

  /** Whether records that are not candidates are still summed (counted as filtered all the same). */
  protected boolean keepFiltered(Configuration conf) {
    return false;
  }

  @Override
  protected void record(Context context) throws IOException, InterruptedException {
    if (candidates != null) {
      if (candidates.contains(parser.key(), parser.keyLength())) {
        context.getCounter(IcebergCounters.CANDIDATE_RECORDS).increment(1);
      } else {
        context.getCounter(IcebergCounters.FILTERED_RECORDS).increment(1);
        if (!keepFiltered) {
          return;
        }
      }
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
