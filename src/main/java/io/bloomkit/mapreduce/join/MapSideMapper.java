package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableOutputs;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * What the two map-only jobs of a map-side join share ({@link MapSideJoinMapper} over the right
 * side, {@link MapSideLeftMapper} over the left side for left-semi and left-anti): the job's type,
 * malformed-record handling, and the output, written as the reduce-side join writes it: a pair
 * {@code <left line>\t<right line>}, an unmatched right line {@code \t<right line>}, a line alone
 * (semi and anti joins); with a records output ({@link JoinRecords}) the joined record, right
 * fields or left fields null, or the side's record alone. Output objects are reused.
 */
abstract class MapSideMapper extends Mapper<LongWritable, Row, Text, Writable> {
  private final Text empty = new Text();
  private final Text recordValue = new Text();
  protected JoinPlan.Type type;
  protected boolean strict;
  private JoinRecords records;
  private TableOutputs.RecordWriter writer;
  private Counter output;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    type = JoinPlan.Type.of(context.getConfiguration());
    strict = BloomkitConfig.STRICT.getBoolean(context.getConfiguration());
    records = JoinRecords.fromConf(context.getConfiguration());
    if (records != null) {
      writer = TableOutputs.writer(context);
    }
    output = context.getCounter(io.bloomkit.mapreduce.JoinCounters.OUTPUT_RECORDS);
  }

  /** The value a row travels as: its line, or with a records output its record ({@link JoinRecords}). */
  protected Text value(Row row, byte side) throws IOException {
    return records == null ? row.line() : records.side(side).of(row);
  }

  /** Writes a left value with a right value. */
  protected void writePair(Text left, Text right, Context context)
      throws IOException, InterruptedException {
    if (records == null) {
      context.write(left, right);
    } else {
      writer.write(records.joined(left, right));
    }
    output.increment(1);
  }

  /** Writes a right value without a match: {@code \t<right line>}, or left fields null. */
  protected void writeUnmatchedRight(Text right, Context context)
      throws IOException, InterruptedException {
    if (records == null) {
      context.write(empty, right);
    } else {
      writer.write(records.joined(null, right));
    }
    output.increment(1);
  }

  /** Writes one side's value alone (semi and anti joins). */
  protected void writeAlone(Text value, byte side, Context context)
      throws IOException, InterruptedException {
    if (records == null) {
      context.write(value, NullWritable.get());
    } else {
      recordValue.set(value);
      writer.write(records.side(side).record(recordValue));
    }
    output.increment(1);
  }

  /**
   * Encodes the key of a record of the task's split and counts a malformed record (handled by
   * {@link #malformed}) or a null key.
   */
  protected KeyEncoder.Outcome encode(Context context, KeyEncoder keys, TableSpec spec,
      MalformedRecords.Sampler sampler, LongWritable position, Row row, Counter malformedCounter,
      Counter nullKeys) throws IOException {
    KeyEncoder.Outcome o = keys.encode(row);
    if (o == KeyEncoder.Outcome.MALFORMED) {
      malformedCounter.increment(1);
      malformed(context, sampler, Records.fileOf(context.getInputSplit()), spec, position.get(),
          row, keys, strict);
    } else if (o == KeyEncoder.Outcome.NULL) {
      nullKeys.increment(1);
    }
    return o;
  }

  /**
   * Handles a malformed record: fails in a strict join naming the file and position, else notes
   * it in the task's sample ({@code sampler} null: not sampled) and goes on.
   */
  protected static void malformed(Context context, MalformedRecords.Sampler sampler, String file,
      TableSpec spec, long position, Row row, KeyEncoder keys, boolean strict) throws IOException {
    if (strict) {
      Records.MalformedRecordException e = new Records.MalformedRecordException(
          "malformed record in " + file + " at " + spec.format().where(position) + ": "
              + keys.problem());
      Records.leaveReason(context, e.getMessage());
      throw e;
    }
    if (sampler != null) {
      sampler.note(file, position, row.line(), keys.problem());
    }
  }
}
