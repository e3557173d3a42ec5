package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.filter.CountingFilter;
import io.bloomkit.filter.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.Records;
import io.bloomkit.mapreduce.join.ShippedFilter;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Icebergs, map side ({@code exact} and {@code counting} phase 2): sums the weights of its split
 * per key in a bounded table and emits (key, local total). With {@code counting} a record is kept
 * only if its key's estimate in the shipped counting filter of totals reaches the threshold (see
 * {@link IcebergFilters#isCandidate}); the others cannot be icebergs and are dropped here.
 */
public class IcebergMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
  private WeightedRecordParser parser;
  private boolean strict;
  private long threshold;
  private CountingFilter filter;
  private LocalTotals totals;
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    totals = new LocalTotals(BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf));
    if (BloomkitConfig.ICEBERG_COUNTING.getBoolean(conf)) {
      Filter f = ShippedFilter.loadWhole(conf).filter();
      if (!(f instanceof CountingFilter)) {
        throw new IOException("icebergs counting needs a counting filter, got " + f);
      }
      filter = (CountingFilter) f;
    }
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    context.getCounter(IcebergCounters.INPUT_RECORDS).increment(1);
    if (!parser.parse(line)) {
      context.getCounter(IcebergCounters.MALFORMED_RECORDS).increment(1);
      if (strict) {
        throw Records.malformed(context, context.getInputSplit(), offset.get(), parser.problem());
      }
      return;
    }
    if (filter != null) {
      if (!IcebergFilters.isCandidate(filter, parser.key(), parser.keyLength(), threshold)) {
        context.getCounter(IcebergCounters.FILTERED_RECORDS).increment(1);
        return;
      }
      context.getCounter(IcebergCounters.CANDIDATE_RECORDS).increment(1);
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
