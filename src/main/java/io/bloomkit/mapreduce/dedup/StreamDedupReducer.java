package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Dedup {@code stream}, reduce side: one horizontal slice of the stream (the keys the partitioner
 * hashes here) in the global order (time, path, offset), one record per call. Runs the chosen
 * stream filter with the slice's share of the memory ({@link StreamDedupFilters}; slice i seeded
 * with seed + i) and keeps what it reports distinct. With {@code --evaluate} an exact oracle (the
 * last time of each key of the slice; keys are disjoint across slices, so it is the global truth)
 * counts false positives (distinct records removed) and false negatives (duplicates kept), also
 * weighted by importance.
 *
 * <p>With {@code --local-filter} a record the map task's leaf dropped arrives as a {@link
 * LocalMarker} (key, time, importance, no line). It is neither kept nor counted as a duplicate here
 * (the map task did both); it feeds the oracle as a record reported duplicate (a false positive of
 * the leaf if the oracle calls it distinct, also {@code LOCAL_FALSE_POSITIVES}). The slice filter
 * does not see it (the leaf answered, as in the paper's dense tree), except the {@code timer}
 * filter, whose window runs from every occurrence of a key: a marker sets its timers.
 */
public class StreamDedupReducer extends Reducer<DedupKey, Text, NullWritable, Text> {
  /**
   * The bytes the slice filter hashes for the null group of {@code --null-keys-equal} (the
   * filters only see hashes; the oracle keeps the null group apart from every key). A key with
   * these very bytes shares the null group's hash, like any two keys whose hashes collide.
   */
  static final byte[] NULL_GROUP = {(byte) 0xFF, 'n', 'u', 'l', 'l'};

  /** Values carry the importance ({@link LocalMarker#record}). */
  private boolean importances;
  private final Text line = new Text();
  private StreamFilter filter;
  private boolean markersRefresh;
  private long window;
  private Map<Text, long[]> oracle;
  /** The oracle's last time of the null group, or null. */
  private long[] nullLast;
  private DedupOutput out;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    importances = LocalMarker.framed(conf);
    window = BloomkitConfig.DEDUP_WINDOW.getLong(conf);
    int slice = context.getTaskAttemptID().getTaskID().getId();
    String name = BloomkitConfig.DEDUP_STREAM_FILTER.get(conf);
    markersRefresh = StreamDedupFilters.windowed(name);
    filter =
        StreamDedupFilters.create(
            name,
            BloomkitConfig.DEDUP_STREAM_BITS.getLong(conf),
            BloomkitConfig.DEDUP_STREAM_SEED.getLong(conf) + slice,
            BloomkitConfig.IMPORTANCE_MIN.getDouble(conf),
            BloomkitConfig.IMPORTANCE_MAX.getDouble(conf),
            window,
            BloomkitConfig.DEDUP_TIMER_RESOLUTION.getLong(conf));
    if (BloomkitConfig.DEDUP_EVALUATE.getBoolean(conf)) {
      oracle = new HashMap<>();
    }
    out = openOutput(context);
  }

  /** The task's kept/duplicates output (tests override it). */
  protected DedupOutput openOutput(Context context) {
    return DedupOutput.of(context);
  }

  @Override
  protected void reduce(DedupKey key, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    for (Text value : values) {
      // one record per call (grouped by position and key): key holds its key and time
      byte[] k = key.isNull() ? NULL_GROUP : key.key().getBytes();
      int length = key.isNull() ? NULL_GROUP.length : key.key().getLength();
      if (LocalMarker.is(value)) {
        double importance = LocalMarker.importance(value);
        if (markersRefresh) {
          filter.offer(filter.hashStrategy().hash(k, 0, length), key.time(), importance);
        }
        if (oracle != null && !evaluate(key, importance, true, context)) {
          context.getCounter(DedupCounters.LOCAL_FALSE_POSITIVES).increment(1);
        }
        continue;
      }
      double importance = 1.0;
      Text line = value;
      if (importances) {
        importance = LocalMarker.importance(value);
        LocalMarker.lineOf(value, this.line);
        line = this.line;
      }
      boolean duplicate =
          filter.offer(filter.hashStrategy().hash(k, 0, length), key.time(), importance);
      if (duplicate) {
        out.duplicate(line);
        context.getCounter(DedupCounters.DUPLICATES).increment(1);
      } else {
        out.kept(line);
        context.getCounter(DedupCounters.KEPT).increment(1);
      }
      if (oracle != null) {
        evaluate(key, importance, duplicate, context);
      }
    }
  }

  /** Counts one record against the oracle; returns the truth (duplicate). */
  private boolean evaluate(DedupKey key, double importance, boolean reported, Context context) {
    long t = key.time();
    long[] last;
    if (key.isNull()) {
      last = nullLast;
      if (last == null) {
        nullLast = new long[] {t};
      }
    } else {
      last = oracle.get(key.key());
      if (last == null) {
        oracle.put(new Text(key.key()), new long[] {t});
      }
    }
    boolean truth =
        last != null && (window <= 0 || Long.compareUnsigned(t - last[0], window) < 0);
    if (last != null) {
      last[0] = t;
    }
    long micros = Math.round(importance * 1e6);
    if (truth) {
      context.getCounter(DedupCounters.ORACLE_DUPLICATES).increment(1);
      context.getCounter(DedupCounters.ORACLE_DUPLICATES_IMPORTANCE_MICROS).increment(micros);
      if (!reported) {
        context.getCounter(DedupCounters.FALSE_NEGATIVES).increment(1);
        context.getCounter(DedupCounters.FALSE_NEGATIVE_IMPORTANCE_MICROS).increment(micros);
      }
    } else {
      context.getCounter(DedupCounters.ORACLE_DISTINCT).increment(1);
      context.getCounter(DedupCounters.ORACLE_DISTINCT_IMPORTANCE_MICROS).increment(micros);
      if (reported) {
        context.getCounter(DedupCounters.FALSE_POSITIVES).increment(1);
        context.getCounter(DedupCounters.FALSE_POSITIVE_IMPORTANCE_MICROS).increment(micros);
      }
    }
    return truth;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    out.close();
  }
}
