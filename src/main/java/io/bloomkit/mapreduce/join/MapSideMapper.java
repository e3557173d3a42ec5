package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * What the two map-only jobs of a map-side join share ({@link MapSideJoinMapper} over the right
 * side, {@link MapSideLeftMapper} over the left side for left-semi and left-anti): the job's type,
 * malformed-record handling, and the output, written by {@link JoinOutput} as the reduce-side join
 * writes it (pairs, unmatched right records, one side's records alone), each row counted in
 * {@code OUTPUT_RECORDS}.
 */
abstract class MapSideMapper extends Mapper<LongWritable, Row, Text, Writable> {
  protected JoinPlan.Type type;
  protected boolean strict;
  /** The output rows. */
  protected JoinOutput out;
  private JoinRecords records;
  /** How the task's own split is read, its keys, its malformed-record sample. */
  private TableSpec spec;
  private KeyEncoder keys;
  private MalformedRecords.Sampler sampler;

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  protected void setup(Context context) throws IOException, InterruptedException {
    context.getCounter(io.bloomkit.mapreduce.config.JoinCounters.MAP_TASKS).increment(1);
    Mapper.Context raw = context;
    Counter output = context.getCounter(io.bloomkit.mapreduce.config.JoinCounters.OUTPUT_RECORDS);
    out = JoinOutput.of(context.getConfiguration(), (k, v) -> {
      raw.write(k, v);
      output.increment(1);
    });
    type = out.type();
    strict = BloomkitConfig.STRICT.getBoolean(context.getConfiguration());
    records = JoinRecords.fromConf(context.getConfiguration());
  }

  /** The value a row travels as: its line, or with a records output its record ({@link JoinRecords}). */
  protected Text value(Row row, byte side) throws IOException {
    return records == null ? row.line() : records.side(side).of(row);
  }

  /** Reads the task's split as the side ({@link JoinKey#LEFT} or {@link JoinKey#RIGHT}) stored under {@code specKey}. */
  protected void split(Context context, BloomkitConfig specKey, byte side) {
    spec = TableSpec.load(context.getConfiguration(), specKey);
    keys = new KeyEncoder(spec);
    sampler = new MalformedRecords.Sampler(context, JoinMapper.sideName(side), spec.format());
  }

  /**
   * The last key {@link #encode} found, in {@code [0, keyLength())} of an array reused by the next
   * record.
   */
  protected byte[] key() {
    return keys.bytes();
  }

  /** The length of the last key {@link #encode} found. */
  protected int keyLength() {
    return keys.length();
  }

  /**
   * Encodes the key of a record of the task's split and counts a malformed record (handled by
   * {@link #malformed}) or a null key.
   */
  protected KeyEncoder.Outcome encode(Context context, LongWritable position, Row row,
      Counter malformedCounter, Counter nullKeys) throws IOException {
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
