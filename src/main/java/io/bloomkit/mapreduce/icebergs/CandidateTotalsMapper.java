package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.Records;
import java.io.IOException;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Icebergs {@code --verify} / {@code --evaluate} job, map side: re-reads the input with the
 * candidate keys shipped through the DistributedCache (see {@link CandidateKeys}) and sums the
 * weights of the candidates' records per key in a bounded table (in-mapper combining). Records of
 * other keys are dropped ({@code FILTERED_RECORDS}), unless evaluating ({@link
 * BloomkitConfig#ICEBERG_EVALUATE}): then every key's total goes on, so the reducers know the
 * exact answer too.
 */
public class CandidateTotalsMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
  private WeightedRecordParser parser;
  private boolean strict;
  private boolean evaluate;
  private Set<Text> candidates;
  private LocalTotals totals;
  private final Text probe = new Text();
  private final LongWritable value = new LongWritable();

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    evaluate = BloomkitConfig.ICEBERG_EVALUATE.getBoolean(conf);
    totals = new LocalTotals(BloomkitConfig.ICEBERG_MAX_KEYS.getInt(conf));
    candidates = CandidateKeys.load(context);
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
    probe.set(parser.key(), 0, parser.keyLength());
    if (candidates.contains(probe)) {
      context.getCounter(IcebergCounters.CANDIDATE_RECORDS).increment(1);
    } else {
      context.getCounter(IcebergCounters.FILTERED_RECORDS).increment(1);
      if (!evaluate) {
        return;
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
