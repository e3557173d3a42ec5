package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.config.DedupCounters;
import io.bloomkit.mapreduce.filterjob.PartialFilterWriter;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Dedup {@code counting} phase 1 (map only): adds the key of every well-formed record of its split
 * to a counting filter of the full shape (so the counters hold the split's key multiplicities) and
 * writes it at cleanup; the client sums the tasks' counter vectors with {@code merge}. Malformed
 * records and null keys are skipped here and counted in phase 2 (which never asks the filter
 * about a null key).
 */
public class MultiplicityMapper extends Mapper<LongWritable, Row, NullWritable, NullWritable> {
  private RecordParser parser;
  private PartialFilterWriter partial;
  private final Text key = new Text();

  @Override
  protected void setup(Context context) {
    parser = RecordParser.fromConf(context.getConfiguration());
    partial = new PartialFilterWriter(context);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context) {
    if (parser.parse(row) == KeyEncoder.Outcome.KEY) {
      key.set(parser.key(), 0, parser.keyLength());
      partial.add(key);
      context.getCounter(DedupCounters.FILTER_KEYS_ADDED).increment(1);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    partial.write(context);
  }
}
