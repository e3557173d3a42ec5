package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptID;

/**
 * The join's reduce side (the paper's figure 8), for every {@link JoinPlan.Type}. The values of a
 * key arrive left records first (sort on (key, side)); those are buffered in {@link LeftRecords}
 * and visited only through {@link LeftRecords#forEach} (in memory up to {@link
 * BloomkitConfig#JOIN_BUFFER_BYTES}, the rest spilled to local disk). Then, per key:
 *
 * <ul>
 *   <li>no right record: the left records are unmatched ({@link JoinCounters#LEFT_UNMATCHED});
 *       left-outer, full-outer and left-anti write them;
 *   <li>no left record: every right record passed the filter falsely ({@link
 *       JoinCounters#FALSE_POSITIVES}, the key once in {@link JoinCounters#FALSE_POSITIVE_KEYS});
 *       right-outer, full-outer and right-anti write them;
 *   <li>both: inner and the outer joins write the pairs: right records are collected into batches
 *       of at most {@link BloomkitConfig#JOIN_RIGHT_BATCH_BYTES} and each batch is paired with
 *       the left records in one pass over them; right-semi writes each right record once,
 *       left-semi each left record once (the first right record decides, the rest are skipped);
 *       the anti joins write nothing.
 * </ul>
 *
 * Rows are written as {@link JoinOutput} renders them (text lines, or records of {@link
 * JoinRecords} through {@link io.bloomkit.mapreduce.table.TableOutputs}).
 *
 * <p>A hot key's records come split over buckets, one reduce group each ({@link HotKeys}): such a
 * group's left records count as matched even without a right record there ({@link
 * HotKeys#leftMatched}: never unmatched, left-anti never writes them), and what is written or
 * counted once per key (left-semi's left records, the false positive key) comes from bucket 1
 * only ({@link HotKeys#oncePerKey}).
 */
public class JoinReducer extends Reducer<JoinKey, JoinValue, Text, Writable> {
  private LeftRecords left;
  private final Text right = new Text();
  private RightBatch batch;
  private JoinPlan.Type type;
  /** The current group's bucket: 0, or the bucket of a hot key. */
  private int bucket;
  private JoinOutput out;
  private Counter outputRecords;
  private Counter leftUnmatched;
  private Counter falsePositives;
  private Counter falsePositiveKeys;

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  protected void setup(Context context) {
    TaskAttemptID attempt = context.getTaskAttemptID();
    left =
        LeftRecords.forTask(context.getConfiguration(), attempt == null ? null : attempt.toString());
    Reducer.Context raw = context;
    out = JoinOutput.of(context.getConfiguration(), (k, v) -> {
      raw.write(k, v);
      outputRecords.increment(1);
    });
    type = out.type();
    batch = new RightBatch(BloomkitConfig.JOIN_RIGHT_BATCH_BYTES.getLong(context.getConfiguration()));
    outputRecords = context.getCounter(JoinCounters.OUTPUT_RECORDS);
    leftUnmatched = context.getCounter(JoinCounters.LEFT_UNMATCHED);
    falsePositives = context.getCounter(JoinCounters.FALSE_POSITIVES);
    falsePositiveKeys = context.getCounter(JoinCounters.FALSE_POSITIVE_KEYS);
  }

  @Override
  protected void reduce(JoinKey key, Iterable<JoinValue> values, Context context)
      throws IOException, InterruptedException {
    left.clear();
    bucket = key.bucket(); // the same for the whole group
    Iterator<JoinValue> it = values.iterator();
    JoinValue first = null;
    while (it.hasNext()) {
      JoinValue v = it.next();
      if (v.side() != JoinKey.LEFT) {
        first = v;
        break;
      }
      left.add(v.line());
    }
    if (first == null && HotKeys.leftMatched(false, bucket)) {
      leftOnce(); // a hot key's bucket without right records: its left records met them elsewhere
    } else if (first == null) {
      unmatchedLeft();
    } else if (left.isEmpty()) {
      unmatchedRight(first, it);
    } else {
      matched(first, it);
    }
    left.clear();
  }

  /** A key without right records: its left records are unmatched. */
  private void unmatchedLeft() throws IOException, InterruptedException {
    leftUnmatched.increment(left.count());
    if (type.keepsUnmatchedLeft()) {
      left.forEach(out::unmatchedLeft);
    }
  }

  /** A key without left records: its right records (from {@code first} on) passed falsely. */
  private void unmatchedRight(JoinValue first, Iterator<JoinValue> rest)
      throws IOException, InterruptedException {
    long n = 0;
    for (JoinValue v = first; v != null; v = rest.hasNext() ? rest.next() : null) {
      n++;
      if (type.keepsUnmatchedRight()) {
        out.unmatchedRight(v.line());
      }
    }
    falsePositives.increment(n);
    if (HotKeys.oncePerKey(bucket)) {
      falsePositiveKeys.increment(1);
    }
  }

  /** Left-semi: the matched left records of the key, written by one group of the key only. */
  private void leftOnce() throws IOException, InterruptedException {
    if (type == JoinPlan.Type.LEFT_SEMI && HotKeys.oncePerKey(bucket)) {
      left.forEach(l -> out.alone(JoinKey.LEFT, l));
    }
  }

  /** A key with left records and right records (from {@code first} on). */
  private void matched(JoinValue first, Iterator<JoinValue> rest)
      throws IOException, InterruptedException {
    switch (type) {
      case LEFT_SEMI:
        leftOnce();
        return;
      case LEFT_ANTI:
      case RIGHT_ANTI:
        return;
      case RIGHT_SEMI:
        for (JoinValue v = first; v != null; v = rest.hasNext() ? rest.next() : null) {
          out.alone(JoinKey.RIGHT, v.line());
        }
        return;
      default:
        pairs(first, rest);
    }
  }

  /** Every (left, right) pair of the key, one pass over the left records per batch of rights. */
  private void pairs(JoinValue first, Iterator<JoinValue> rest)
      throws IOException, InterruptedException {
    batch.clear();
    for (JoinValue v = first; v != null; v = rest.hasNext() ? rest.next() : null) {
      if (batch.add(v.line())) {
        pairBatch();
      }
    }
    pairBatch();
  }

  private void pairBatch() throws IOException, InterruptedException {
    if (batch.count() == 0) {
      return;
    }
    left.forEach(l -> {
      for (int i = 0; i < batch.count(); i++) {
        batch.get(i, right);
        out.pair(l, right);
      }
    });
    batch.clear();
  }

  /** Reports the spills and deletes any spill file left (also after a failure in reduce). */
  @Override
  protected void cleanup(Context context) throws IOException {
    if (left != null) {
      context.getCounter(JoinCounters.LEFT_SPILLED_RECORDS).increment(left.spilledRecords());
      context.getCounter(JoinCounters.LEFT_SPILLED_BYTES).increment(left.spilledBytes());
      left.close();
    }
  }

  /** Copies of right values of one key, bounded in bytes (one value alone may exceed the bound). */
  static final class RightBatch {
    private final long limit;
    private byte[] bytes = new byte[4096];
    private int[] ends = new int[64];
    private int count;

    RightBatch(long limit) {
      this.limit = Math.max(1, Math.min(limit, Integer.MAX_VALUE - 16));
    }

    /**
     * Adds a copy of {@code value}.
     *
     * @return whether the batch is full
     */
    boolean add(Text value) {
      int start = count == 0 ? 0 : ends[count - 1];
      int end = start + value.getLength();
      if (end > bytes.length) {
        bytes = Arrays.copyOf(bytes, (int) Math.min(Integer.MAX_VALUE - 16,
            Math.max((long) end, 2L * bytes.length)));
      }
      if (count == ends.length) {
        ends = Arrays.copyOf(ends, 2 * count);
      }
      System.arraycopy(value.getBytes(), 0, bytes, start, value.getLength());
      ends[count++] = end;
      return end >= limit;
    }

    int count() {
      return count;
    }

    /** Sets {@code into} to the {@code i}-th value. */
    void get(int i, Text into) {
      int start = i == 0 ? 0 : ends[i - 1];
      into.set(bytes, start, ends[i] - start);
    }

    void clear() {
      count = 0;
    }
  }
}
