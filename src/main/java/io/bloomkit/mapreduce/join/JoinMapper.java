package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * The join's map side: cuts the key out of each line, skips (counts) malformed lines, asks {@link
 * #accept} and emits {@code ((key, side), (side, line))}. One subclass per side, set per input
 * path with {@code MultipleInputs}. The key and value objects are reused.
 */
public abstract class JoinMapper extends Mapper<LongWritable, Text, JoinKey, JoinValue> {
  private final JoinKey outKey = new JoinKey();
  private final JoinValue outValue = new JoinValue();
  private KeyExtractor keys;
  private boolean strict;
  private MalformedRecords.Sampler sampler;

  /** The name of a side in the malformed-record samples and messages: left or right. */
  static String sideName(byte side) {
    return side == JoinKey.LEFT ? "left" : "right";
  }

  /** {@link JoinKey#LEFT} or {@link JoinKey#RIGHT}. */
  protected abstract byte side();

  protected abstract BloomkitConfig keyFieldsKey();

  protected abstract Enum<?> recordsCounter();

  protected abstract Enum<?> malformedCounter();

  protected abstract Enum<?> passedCounter();

  /** Whether the record of this key goes to the shuffle (counting the drop otherwise). */
  protected abstract boolean accept(byte[] key, int length, Context context);

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    keys = KeyExtractor.fromConf(context.getConfiguration(), keyFieldsKey());
    strict = BloomkitConfig.STRICT.getBoolean(context.getConfiguration());
    sampler = new MalformedRecords.Sampler(context, sideName(side()));
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    context.getCounter(recordsCounter()).increment(1);
    if (!keys.extract(line)) {
      context.getCounter(malformedCounter()).increment(1);
      if (strict) {
        throw Records.malformed(context, context.getInputSplit(), offset.get(), keys.problem());
      }
      sampler.note(offset.get(), line, keys.problem());
      return;
    }
    if (!accept(keys.key(), keys.keyLength(), context)) {
      return;
    }
    context.getCounter(passedCounter()).increment(1);
    outKey.set(keys.key(), keys.keyLength(), side());
    outValue.set(side(), line);
    context.write(outKey, outValue);
  }
}
