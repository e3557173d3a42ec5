package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.build.PartialFilterWriter;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Icebergs {@code counting} phase 1 (map only): sums its split's weights per key (bounded table)
 * and adds each local total to a counting filter of the full shape as {@link
 * IcebergFilters#increments} increments, written at cleanup; the client sums the tasks' counter
 * vectors with {@code merge}. Malformed records and null keys are skipped here and counted in
 * phase 2.
 */
public class TotalsFilterMapper extends Mapper<LongWritable, Row, NullWritable, NullWritable> {
  private WeightedRecordParser parser;
  private LocalTotals totals;
  private PartialFilterWriter partial;
  private long threshold;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    totals = new LocalTotals(BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf), KeyText.fromConf(conf));
    threshold = BloomkitConfig.ICEBERG_THRESHOLD.getLong(conf);
    partial = new PartialFilterWriter(context);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    boolean full;
    try {
      full = parser.parse(row) == KeyEncoder.Outcome.KEY
          && totals.add(parser.key(), parser.keyLength(), parser.weight());
    } catch (TotalOverflowException e) {
      throw TotalOverflowException.left(context, e);
    }
    if (full) {
      context.getCounter(IcebergCounters.MAP_TABLE_FLUSHES).increment(1);
      flush(context);
    }
  }

  private void flush(Context context) throws IOException, InterruptedException {
    totals.flush(
        (k, t) -> {
          for (long i = IcebergFilters.increments(t, threshold); i > 0; i--) {
            partial.add(k);
          }
          context.getCounter(IcebergCounters.LOCAL_TOTALS).increment(1);
          context.getCounter(IcebergCounters.NAIVE_BYTES).increment(k.getLength() + 8);
        });
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
    partial.write(context);
  }
}
