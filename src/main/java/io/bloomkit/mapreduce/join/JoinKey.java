package io.bloomkit.mapreduce.join;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The composite map output key of the join: the join key, the bucket of a hot key and the side it
 * came from.
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1-5    vint n: length of the join key (as {@link Text} writes it)
 * n      join key: its canonical bytes (KeyEncoder; UTF-8 for a string key)
 * 1      tag, unsigned: bucket * 2 + side; side 0 left (build side), 1 right (probe side)
 * </pre>
 *
 * The bucket is 0 for every key but a hot one ({@link HotKeys}), whose records are spread over
 * buckets 1..{@link #MAX_BUCKETS}: with bucket 0 the tag is the side byte alone, so an ordinary
 * key's bytes are what they were before buckets existed. Sorted by (key bytes, bucket, side) so
 * that in each reduce group the left records come first; grouped and partitioned by (key bytes,
 * bucket) ({@link GroupingComparator}, {@link JoinPartitioner}). Both comparators work on the
 * serialized bytes; {@link Comparator} is registered as the default.
 */
public final class JoinKey implements WritableComparable<JoinKey> {
  public static final byte LEFT = 0;
  public static final byte RIGHT = 1;
  /** The largest bucket: the tag (bucket * 2 + side) fits one unsigned byte. */
  public static final int MAX_BUCKETS = 127;

  static {
    WritableComparator.define(JoinKey.class, new Comparator());
  }

  private final Text key = new Text();
  private byte side;
  private int bucket;

  public JoinKey() {}

  public JoinKey(String key, byte side) {
    this(key, side, 0);
  }

  /** A key of a hot key's bucket (1..{@link #MAX_BUCKETS}; 0: not hot). */
  public JoinKey(String key, byte side, int bucket) {
    this.key.set(key);
    this.side = side;
    this.bucket = checkBucket(bucket);
  }

  public void set(byte[] bytes, int length, byte side) {
    set(bytes, length, side, 0);
  }

  /** Sets the key bytes, the side and the bucket (0: not a hot key). */
  public void set(byte[] bytes, int length, byte side, int bucket) {
    key.set(bytes, 0, length);
    this.side = side;
    this.bucket = checkBucket(bucket);
  }

  private static int checkBucket(int bucket) {
    if (bucket < 0 || bucket > MAX_BUCKETS) {
      throw new IllegalArgumentException("bucket " + bucket + " not in 0.." + MAX_BUCKETS);
    }
    return bucket;
  }

  public Text key() {
    return key;
  }

  public byte side() {
    return side;
  }

  /** The hot key's bucket, 1..{@link #MAX_BUCKETS}; 0 for a key that is not hot. */
  public int bucket() {
    return bucket;
  }

  private int tag() {
    return bucket << 1 | side;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    key.write(out);
    out.writeByte(tag());
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    key.readFields(in);
    int tag = in.readByte() & 0xff;
    side = (byte) (tag & 1);
    bucket = tag >>> 1;
  }

  @Override
  public int compareTo(JoinKey o) {
    int c = key.compareTo(o.key);
    return c != 0 ? c : Integer.compare(tag(), o.tag());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JoinKey && ((JoinKey) o).tag() == tag() && ((JoinKey) o).key.equals(key);
  }

  @Override
  public int hashCode() {
    return key.hashCode() * 31 + tag();
  }

  @Override
  public String toString() {
    return key + (side == LEFT ? "/L" : "/R") + (bucket == 0 ? "" : "#" + bucket);
  }

  /** Length of the vint prefix and of the key, from the serialized form at {@code s}. */
  static int keyStart(byte[] b, int s) {
    return s + WritableUtils.decodeVIntSize(b[s]);
  }

  static int keyLength(byte[] b, int s) {
    try {
      return WritableComparator.readVInt(b, s);
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** The tag byte (bucket * 2 + side) of the serialized key at {@code s}, unsigned. */
  static int tag(byte[] b, int s) {
    return b[keyStart(b, s) + keyLength(b, s)] & 0xff;
  }

  /** Sort order: key bytes, then bucket, then side (left first). */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(JoinKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int n1 = keyLength(b1, s1);
      int n2 = keyLength(b2, s2);
      int k1 = keyStart(b1, s1);
      int k2 = keyStart(b2, s2);
      int c = compareBytes(b1, k1, n1, b2, k2, n2);
      return c != 0 ? c : Integer.compare(b1[k1 + n1] & 0xff, b2[k2 + n2] & 0xff);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((JoinKey) a).compareTo((JoinKey) b);
    }
  }

  /**
   * Groups on the key bytes and the bucket: one reduce call sees both sides of a key (of a hot
   * key's bucket: its share of the right records and every left record).
   */
  public static final class GroupingComparator extends WritableComparator {
    public GroupingComparator() {
      super(JoinKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int c = compareBytes(
          b1, keyStart(b1, s1), keyLength(b1, s1), b2, keyStart(b2, s2), keyLength(b2, s2));
      return c != 0 ? c : Integer.compare(tag(b1, s1) >>> 1, tag(b2, s2) >>> 1);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      int c = ((JoinKey) a).key.compareTo(((JoinKey) b).key);
      return c != 0 ? c : Integer.compare(((JoinKey) a).bucket, ((JoinKey) b).bucket);
    }
  }
}
