package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counter;

/**
 * The second job of a map-side left-semi or left-anti join, map-only over the left side: loads
 * the union of the matched left keys the first job's tasks wrote ({@link
 * BloomkitConfig#MAPSIDE_MATCHED_DIR}; a file of a failed attempt holds true matches too, possibly
 * cut short: its incomplete last key is ignored) and writes each left record whose key is among
 * them (left-semi) or is not (left-anti; a null key matches nothing, so left-anti writes it), its
 * line alone. Counts the left side: {@code LEFT_RECORDS = LEFT_PASSED + LEFT_MALFORMED +
 * LEFT_NULL_KEYS}, {@code LEFT_UNMATCHED}; task 0 counts the distinct matched keys ({@link
 * JoinCounters#MAP_SIDE_LEFT_MATCHED_KEYS}).
 */
public class MapSideLeftMapper extends MapSideMapper {
  private static final byte[] NONE = new byte[0];
  private LeftTable matchedKeys;
  private boolean semi;
  private Counter records;
  private Counter malformed;
  private Counter nullKeys;
  private Counter passed;
  private Counter unmatched;

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    Configuration conf = context.getConfiguration();
    split(context, BloomkitConfig.JOIN_LEFT_INPUT_SPEC, JoinKey.LEFT);
    semi = type == JoinPlan.Type.LEFT_SEMI;
    records = context.getCounter(JoinCounters.LEFT_RECORDS);
    malformed = context.getCounter(JoinCounters.LEFT_MALFORMED);
    nullKeys = context.getCounter(JoinCounters.LEFT_NULL_KEYS);
    passed = context.getCounter(JoinCounters.LEFT_PASSED);
    unmatched = context.getCounter(JoinCounters.LEFT_UNMATCHED);
    matchedKeys = readMatched(conf, new Path(BloomkitConfig.MAPSIDE_MATCHED_DIR.get(conf)));
    if (context.getTaskAttemptID().getTaskID().getId() == 0) {
      context.getCounter(JoinCounters.MAP_SIDE_LEFT_MATCHED_KEYS).increment(matchedKeys.keys());
    }
  }

  /** The distinct keys of the files in {@code dir} (none when it does not exist). */
  static LeftTable readMatched(Configuration conf, Path dir) throws IOException {
    LeftTable t = new LeftTable();
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return t;
    }
    byte[] key = new byte[64];
    for (FileStatus f : fs.listStatus(dir)) {
      try (DataInputStream in = new DataInputStream(fs.open(f.getPath()))) {
        while (true) {
          int length;
          try {
            length = in.readInt();
            if (key.length < length) {
              key = new byte[Math.max(length, 2 * key.length)];
            }
            in.readFully(key, 0, length);
          } catch (EOFException e) {
            break;
          }
          if (t.find(key, length) < 0) {
            t.add(key, length, NONE, 0);
          }
        }
      }
    }
    return t;
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    records.increment(1);
    boolean matched;
    switch (encode(context, position, row, malformed, nullKeys)) {
      case MALFORMED:
        return;
      case NULL:
        matched = false;
        break;
      default:
        passed.increment(1);
        matched = matchedKeys.find(key(), keyLength()) >= 0;
        break;
    }
    if (!matched) {
      unmatched.increment(1);
    }
    if (matched == semi) {
      out.alone(JoinKey.LEFT, value(row, JoinKey.LEFT));
    }
  }
}
