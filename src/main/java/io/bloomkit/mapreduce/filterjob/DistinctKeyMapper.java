package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Build, map side (the paper's figure 9): puts the keys of its split (their canonical bytes, {@link
 * KeyEncoder}, read by the {@link TableSpec} in {@link BloomkitConfig#INPUT_SPEC}) in a local hash
 * set (in-mapper combining) and emits each distinct key once. The set is bounded by {@link
 * BloomkitConfig#HASHSET_MAX_KEYS}: when full it is emitted and cleared, so a key may be emitted
 * again later by the same task; the reducers de-duplicate. Malformed records are counted and
 * skipped, or fail the task in strict mode; records with a null key are counted ({@link
 * BuildCounters#NULL_KEYS}) and never enter the filter.
 */
public class DistinctKeyMapper extends Mapper<LongWritable, Row, Text, NullWritable> {
  private KeyEncoder keys;
  private boolean strict;
  private int maxKeys;
  private Set<Text> seen;
  private MalformedRecords.Sampler sampler;
  private TableFormat format;
  /** The current key, to look up in {@link #seen} (copied only when it is new). */
  private final Text probe = new Text();
  /** The counters, looked up once (setup). */
  private Counter inputRecords;
  private Counter malformedRecords;
  private Counter nullKeys;

  @Override
  protected void setup(Context context) {
    TableSpec spec = TableSpec.load(context.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    keys = new KeyEncoder(spec);
    format = spec.format();
    strict = BloomkitConfig.STRICT.getBoolean(context.getConfiguration());
    maxKeys = Math.max(1, BloomkitConfig.HASHSET_MAX_KEYS.getInt(context.getConfiguration()));
    seen = new HashSet<>();
    sampler = new MalformedRecords.Sampler(context, FilterBuild.SAMPLE_INPUT, format);
    inputRecords = context.getCounter(BuildCounters.INPUT_RECORDS);
    malformedRecords = context.getCounter(BuildCounters.MALFORMED_RECORDS);
    nullKeys = context.getCounter(BuildCounters.NULL_KEYS);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    inputRecords.increment(1);
    switch (keys.encode(row)) {
      case MALFORMED:
        malformedRecords.increment(1);
        if (strict) {
          throw Records.malformed(
              context, context.getInputSplit(), format, position.get(), keys.problem());
        }
        sampler.note(position.get(), row.line(), keys.problem());
        return;
      case NULL:
        nullKeys.increment(1);
        return;
      default:
        break;
    }
    probe.set(keys.bytes(), 0, keys.length());
    if (!seen.contains(probe) && seen.add(new Text(probe)) && seen.size() >= maxKeys) {
      context.getCounter(BuildCounters.HASHSET_FLUSHES).increment(1);
      flush(context);
    }
  }

  private void flush(Context context) throws IOException, InterruptedException {
    NullWritable nothing = NullWritable.get();
    for (Text k : seen) {
      context.write(k, nothing);
    }
    context.getCounter(BuildCounters.MAP_KEYS_EMITTED).increment(seen.size());
    seen.clear();
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
  }
}
