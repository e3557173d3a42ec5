package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.common.FilterStep;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Icebergs, map side ({@code exact} and {@code counting} phase 2): sums the weights of its split
 * per key in a bounded table and emits (key, local total). With {@code counting} a record is kept
 * only if its key's estimate in the shipped counting filter of totals reaches the threshold (see
 * {@link IcebergFilters#isCandidate}): the shared {@link FilterStep}, which drops the others here
 * (they cannot be icebergs).
 */
public class IcebergMapper extends WeightedRecordMapper<Text, LongWritable> {
  /** Which records are summed; the test counts each as a candidate's or filtered. */
  @FunctionalInterface
  protected interface Candidates {
    boolean passes(byte[] key, int length);
  }

  private static final String NEED = "icebergs counting needs a counting filter";

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
   * The candidate test, or null to sum every record, uncounted: with {@code counting}, the filter
   * step over the shipped counting filter of totals, passing a key whose estimate reaches the
   * threshold ({@link IcebergFilters#isCandidate}).
   */
  protected Candidates candidates(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    if (!BloomkitConfig.ICEBERG_COUNTING.getBoolean(conf)) {
      return null;
    }
    long threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    FilterStep step = FilterStep.builder()
        .whole()
        .test((f, key, length) ->
            IcebergFilters.isCandidate((CountingFilter) f, key, length, threshold))
        .counting(IcebergCounters.CANDIDATE_RECORDS, IcebergCounters.FILTERED_RECORDS)
        .load(context);
    if (step.filterAs(CountingFilter.class, NEED) == null) {
      throw new IOException(NEED + ", got " + step.filter());
    }
    return step::passes;
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
