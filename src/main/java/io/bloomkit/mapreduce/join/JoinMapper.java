package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableOutputs;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;

/**
 * The join's map side: encodes each record's key ({@link KeyEncoder}, by the side's {@link
 * TableSpec}), skips (counts) malformed records and records with a null key (SQL: a null key never
 * matches; {@link #nullKey}), asks {@link #accept} and emits {@code ((key, side), (side, line))}
 * (with a records output, the row's whole record instead of its line: {@link JoinRecords}).
 * One subclass per side, run on the splits of its side ({@code SideInputs}). The key and value objects
 * are reused. A hot key's records ({@link HotKeys}) are spread: a right record to the key's next
 * bucket (round-robin), a left record copied to each of its buckets.
 */
public abstract class JoinMapper extends Mapper<LongWritable, Row, JoinKey, JoinValue> {
  private final JoinKey outKey = new JoinKey();
  private final JoinValue outValue = new JoinValue();
  private TableSpec spec;
  private KeyEncoder keys;
  private boolean strict;
  private MalformedRecords.Sampler sampler;
  private JoinRecords records;
  private HotKeys hot;
  /** The side's counters, looked up once (setup). */
  private Counter recordsCount;
  private Counter malformedCount;
  private Counter nullKeysCount;
  private Counter passedCount;
  private Counter hotRightCount;
  private Counter hotLeftCopiesCount;

  /** The name of a side in the malformed-record samples and messages: left or right. */
  static String sideName(byte side) {
    return side == JoinKey.LEFT ? "left" : "right";
  }

  /** {@link JoinKey#LEFT} or {@link JoinKey#RIGHT}. */
  protected abstract byte side();

  /** Where the side's {@link TableSpec} is stored. */
  protected abstract BloomkitConfig specKey();

  protected abstract Enum<?> recordsCounter();

  protected abstract Enum<?> malformedCounter();

  protected abstract Enum<?> nullKeysCounter();

  protected abstract Enum<?> passedCounter();

  /** Whether the record of this key goes to the shuffle (counting the drop otherwise). */
  protected abstract boolean accept(byte[] key, int length, Row row, Context context)
      throws IOException, InterruptedException;

  /** The side's format: whether its positions are byte offsets or record numbers. */
  protected final TableFormat format() {
    return spec.format();
  }

  /** A record whose key is null (counted already): it never meets a record of the other side. */
  protected void nullKey(Row row, Context context) throws IOException, InterruptedException {}

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    context.getCounter(JoinCounters.MAP_TASKS).increment(1);
    spec = TableSpec.load(context.getConfiguration(), specKey());
    keys = new KeyEncoder(spec);
    strict = BloomkitConfig.STRICT.getBoolean(context.getConfiguration());
    sampler = new MalformedRecords.Sampler(context, sideName(side()), spec.format());
    records = JoinRecords.fromConf(context.getConfiguration());
    hot = HotKeys.fromConf(context.getConfiguration());
    recordsCount = context.getCounter(recordsCounter());
    malformedCount = context.getCounter(malformedCounter());
    nullKeysCount = context.getCounter(nullKeysCounter());
    passedCount = context.getCounter(passedCounter());
    hotRightCount = context.getCounter(JoinCounters.HOT_KEY_RIGHT_RECORDS);
    hotLeftCopiesCount = context.getCounter(JoinCounters.HOT_KEY_LEFT_COPIES);
  }

  /** The job's records output ({@link JoinRecords}), null when it writes text. */
  protected JoinRecords records() {
    return records;
  }

  /** The value of a row as it travels: its line, or with a records output its record value. */
  protected final Text value(Row row) throws IOException {
    return records == null ? row.line() : records.side(side()).of(row);
  }

  /**
   * The rows a map task writes itself (certainly unmatched records the type keeps), opened on the
   * first one: {@link MultipleOutputs} into the job's output format and directory under {@code
   * baseName} ({@code baseName-m-NNNNN} next to the reducers' {@code part-r-NNNNN}, committed with
   * the task, so promoted with the job's output or not at all). Tests capture them instead.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  protected MapOutput openMapOutput(TaskInputOutputContext<?, ?, ?, ?> context, String baseName) {
    MultipleOutputs mo = new MultipleOutputs(context);
    return new MapOutput() {
      @Override
      public void write(Object key, Object value) throws IOException, InterruptedException {
        mo.write(key, value, baseName);
      }

      @Override
      public void close() throws IOException, InterruptedException {
        mo.close();
      }
    };
  }

  /** Where a map task writes output rows ({@link #openMapOutput}). */
  protected interface MapOutput extends TableOutputs.Sink {
    void close() throws IOException, InterruptedException;
  }

  /** The task's writer of output rows under {@code baseName}, opened on the first use. */
  final class MapRows {
    private final String baseName;
    private MapOutput out;
    private JoinOutput rows;

    MapRows(String baseName) {
      this.baseName = baseName;
    }

    JoinOutput rows(Context context) {
      if (rows == null) {
        out = openMapOutput(context, baseName);
        rows = JoinOutput.of(context.getConfiguration(), out);
      }
      return rows;
    }

    void close() throws IOException, InterruptedException {
      if (out != null) {
        out.close();
      }
    }
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    recordsCount.increment(1);
    switch (keys.encode(row)) {
      case MALFORMED:
        malformedCount.increment(1);
        if (strict) {
          throw Records.malformed(
              context, context.getInputSplit(), spec.format(), position.get(), keys.problem());
        }
        sampler.note(position.get(), row.line(), keys.problem());
        return;
      case NULL:
        nullKeysCount.increment(1);
        nullKey(row, context);
        return;
      default:
        break;
    }
    byte[] key = keys.bytes(); // reused by the next record: accept and outKey copy what they keep
    int length = keys.length();
    if (!accept(key, length, row, context)) {
      return;
    }
    passedCount.increment(1);
    outValue.set(side(), value(row));
    int h = hot == null ? -1 : hot.indexOf(key, length);
    if (h < 0) {
      outKey.set(key, length, side());
      context.write(outKey, outValue);
    } else if (side() == JoinKey.RIGHT) {
      hotRightCount.increment(1);
      outKey.set(key, length, side(), hot.nextBucket(h));
      context.write(outKey, outValue);
    } else {
      hotLeftCopiesCount.increment(hot.buckets() - 1);
      for (int b = 1; b <= hot.buckets(); b++) {
        outKey.set(key, length, side(), b);
        context.write(outKey, outValue);
      }
    }
  }

  /**
   * The key of a row as text for messages: its value (several: {@code (a, b)}), rendered as {@link
   * KeyEncoder#render} does.
   */
  String describeKey(Row row) {
    int fields = spec.keyFieldCount();
    if (fields == 1) {
      return "\"" + KeyEncoder.render(row.value(0)) + "\"";
    }
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < fields; i++) {
      b.append(i > 0 ? ", " : "").append('"').append(KeyEncoder.render(row.value(i))).append('"');
    }
    return b.append(')').toString();
  }
}
