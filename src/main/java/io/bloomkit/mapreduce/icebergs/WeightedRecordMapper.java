package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * The front of the icebergs mappers that read the input's records: every record is counted
 * ({@code INPUT_RECORDS}) and read into key and weight ({@link WeightedRecordParser}); a malformed
 * record is counted ({@code MALFORMED_RECORDS}) and skipped, or fails the task naming file and
 * position with {@code --strict}; a record with a null key is counted ({@code NULL_KEYS}) and
 * skipped (SQL: a null key is in no group); a null weight is counted ({@code NULL_WEIGHTS}) and
 * weighs 0. Subclasses get the records with a key in {@link #record}.
 */
abstract class WeightedRecordMapper<K, V> extends Mapper<LongWritable, Row, K, V> {
  /** Holds the current record's key and weight during {@link #record}. */
  protected WeightedRecordParser parser;

  /** Shows keys as the output does (messages, candidates). */
  protected KeyText keyText;

  /** Set when the task fails on a record, so that cleanup writes nothing. */
  protected boolean failed;

  private boolean strict;
  private MalformedRecords.Sampler sampler;
  private TableFormat format;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    parser = WeightedRecordParser.fromConf(conf);
    keyText = KeyText.fromConf(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    format = TableSpec.load(conf, BloomkitConfig.INPUT_SPEC).format();
    sampler = new MalformedRecords.Sampler(context, IcebergJobs.SAMPLE_INPUT, format);
  }

  @Override
  protected final void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    context.getCounter(IcebergCounters.INPUT_RECORDS).increment(1);
    switch (parser.parse(row)) {
      case MALFORMED:
        context.getCounter(IcebergCounters.MALFORMED_RECORDS).increment(1);
        if (strict) {
          failed = true;
          throw Records.malformed(
              context, context.getInputSplit(), format, position.get(), parser.problem());
        }
        sampler.note(position.get(), row.line(), parser.problem());
        return;
      case NULL:
        context.getCounter(IcebergCounters.NULL_KEYS).increment(1);
        return;
      default:
        break;
    }
    if (parser.nullWeight()) {
      context.getCounter(IcebergCounters.NULL_WEIGHTS).increment(1);
    }
    String method = unsignedMethod();
    String refused = method == null ? null : parser.negativeWeight(method,
        Records.fileOf(context.getInputSplit()) + " at " + format.where(position.get()));
    if (refused != null) {
      failed = true;
      Records.leaveReason(context, refused);
      throw new IOException(refused);
    }
    try {
      record(context);
    } catch (TotalOverflowException e) {
      failed = true;
      throw TotalOverflowException.left(context, e);
    }
  }

  /**
   * The method whose estimates need weights of at least 0 (its task fails on a negative one), or
   * null when this mapper sums signed weights exactly.
   */
  protected String unsignedMethod() {
    return null;
  }

  /** A well-formed record; {@link #parser} holds its key and weight. */
  protected abstract void record(Context context) throws IOException, InterruptedException;
}
