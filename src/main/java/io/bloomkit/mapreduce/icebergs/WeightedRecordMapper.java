package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * The front of the icebergs mappers that read input lines: every line is counted ({@code
 * INPUT_RECORDS}) and parsed into key and weight ({@link WeightedRecordParser}); a malformed line
 * is counted ({@code MALFORMED_RECORDS}) and skipped, or fails the task naming file and offset
 * with {@code --strict}. Subclasses get the well-formed records in {@link #record}.
 */
abstract class WeightedRecordMapper<K, V> extends Mapper<LongWritable, Text, K, V> {
  /** Holds the current record's key and weight during {@link #record}. */
  protected WeightedRecordParser parser;

  /** Set when the task fails on a record, so that cleanup writes nothing. */
  protected boolean failed;

  private boolean strict;
  private MalformedRecords.Sampler sampler;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    sampler = new MalformedRecords.Sampler(context, IcebergJobs.SAMPLE_INPUT);
  }

  @Override
  protected final void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    context.getCounter(IcebergCounters.INPUT_RECORDS).increment(1);
    if (!parser.parse(line)) {
      context.getCounter(IcebergCounters.MALFORMED_RECORDS).increment(1);
      if (strict) {
        failed = true;
        throw Records.malformed(context, context.getInputSplit(), offset.get(), parser.problem());
      }
      sampler.note(offset.get(), line, parser.problem());
      return;
    }
    try {
      record(context);
    } catch (TotalOverflowException e) {
      failed = true;
      throw TotalOverflowException.left(context, e);
    }
  }

  /** A well-formed record; {@link #parser} holds its key and weight. */
  protected abstract void record(Context context) throws IOException, InterruptedException;
}
