package io.bloomkit.mapreduce.dedup;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * The map output key of {@code dedup}: the record key and the record's position in the global
 * order, (time, file path, byte offset).
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1-5    vint n: length of the record key (as {@link Text} writes it)
 * n      record key, UTF-8
 * 8      time (big-endian, sign bit flipped so that bytes sort as signed longs); 0 without a time field
 * 1-5    vint p: length of the file path
 * p      file path, UTF-8
 * 8      byte offset of the line in its file
 * </pre>
 *
 * Sorted by (key bytes, time, path bytes, offset) so that each reduce group sees a key's records in
 * the global order; grouped and partitioned by the key bytes only ({@link GroupingComparator},
 * {@link KeyPartitioner}). The comparators work on the serialized bytes.
 */
public final class DedupKey implements WritableComparable<DedupKey> {
  static {
    WritableComparator.define(DedupKey.class, new Comparator());
  }

  private final Text key = new Text();
  private long time;
  private final Text path = new Text();
  private long offset;

  public DedupKey() {}

  public DedupKey(String key, long time, String path, long offset) {
    this.key.set(key);
    this.time = time;
    this.path.set(path);
    this.offset = offset;
  }

  /** Sets every field (the key and path are copied). */
  public void set(byte[] key, int keyLength, long time, Text path, long offset) {
    this.key.set(key, 0, keyLength);
    this.time = time;
    this.path.set(path);
    this.offset = offset;
  }

  public Text key() {
    return key;
  }

  public long time() {
    return time;
  }

  public Text path() {
    return path;
  }

  public long offset() {
    return offset;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    key.write(out);
    out.writeLong(time ^ Long.MIN_VALUE);
    path.write(out);
    out.writeLong(offset);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    key.readFields(in);
    time = in.readLong() ^ Long.MIN_VALUE;
    path.readFields(in);
    offset = in.readLong();
  }

  /** Order of two records of one key: (time, path, offset). */
  public int comparePosition(DedupKey o) {
    int c = Long.compare(time, o.time);
    if (c == 0) {
      c = path.compareTo(o.path);
    }
    return c != 0 ? c : Long.compare(offset, o.offset);
  }

  @Override
  public int compareTo(DedupKey o) {
    int c = key.compareTo(o.key);
    return c != 0 ? c : comparePosition(o);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DedupKey && compareTo((DedupKey) o) == 0;
  }

  @Override
  public int hashCode() {
    return key.hashCode();
  }

  @Override
  public String toString() {
    return key + "@" + time + ":" + path + ":" + offset;
  }

  private static int vlen(byte[] b, int s) {
    try {
      return WritableComparator.readVInt(b, s);
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** Sort order: key bytes, time, path bytes, offset. */
  public static final class Comparator extends WritableComparator {
    public Comparator() {
      super(DedupKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int n1 = vlen(b1, s1);
      int n2 = vlen(b2, s2);
      int k1 = s1 + WritableUtils.decodeVIntSize(b1[s1]);
      int k2 = s2 + WritableUtils.decodeVIntSize(b2[s2]);
      int c = compareBytes(b1, k1, n1, b2, k2, n2);
      if (c != 0) {
        return c;
      }
      int t1 = k1 + n1;
      int t2 = k2 + n2;
      c = compareBytes(b1, t1, 8, b2, t2, 8); // sign-flipped: unsigned bytes order = signed order
      if (c != 0) {
        return c;
      }
      int p1 = t1 + 8;
      int p2 = t2 + 8;
      int m1 = vlen(b1, p1);
      int m2 = vlen(b2, p2);
      int q1 = p1 + WritableUtils.decodeVIntSize(b1[p1]);
      int q2 = p2 + WritableUtils.decodeVIntSize(b2[p2]);
      c = compareBytes(b1, q1, m1, b2, q2, m2);
      if (c != 0) {
        return c;
      }
      return Long.compare(readLong(b1, q1 + m1), readLong(b2, q2 + m2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((DedupKey) a).compareTo((DedupKey) b);
    }
  }

  /**
   * Stream order: (time, path, offset), then key bytes; used as sort and grouping comparator by
   * the {@code stream} method, so each reducer sees its slice's records one by one in the global
   * order.
   */
  public static final class TimeOrderComparator extends WritableComparator {
    public TimeOrderComparator() {
      super(DedupKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int n1 = vlen(b1, s1);
      int n2 = vlen(b2, s2);
      int k1 = s1 + WritableUtils.decodeVIntSize(b1[s1]);
      int k2 = s2 + WritableUtils.decodeVIntSize(b2[s2]);
      int t1 = k1 + n1;
      int t2 = k2 + n2;
      int c = compareBytes(b1, t1, 8, b2, t2, 8);
      if (c != 0) {
        return c;
      }
      int p1 = t1 + 8;
      int p2 = t2 + 8;
      int m1 = vlen(b1, p1);
      int m2 = vlen(b2, p2);
      int q1 = p1 + WritableUtils.decodeVIntSize(b1[p1]);
      int q2 = p2 + WritableUtils.decodeVIntSize(b2[p2]);
      c = compareBytes(b1, q1, m1, b2, q2, m2);
      if (c != 0) {
        return c;
      }
      c = Long.compare(readLong(b1, q1 + m1), readLong(b2, q2 + m2));
      return c != 0 ? c : compareBytes(b1, k1, n1, b2, k2, n2);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      DedupKey x = (DedupKey) a;
      DedupKey y = (DedupKey) b;
      int c = x.comparePosition(y);
      return c != 0 ? c : x.key.compareTo(y.key);
    }
  }

  /** Groups on the key bytes only: one reduce call sees every record of a key, in order. */
  public static final class GroupingComparator extends WritableComparator {
    public GroupingComparator() {
      super(DedupKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareBytes(
          b1, s1 + WritableUtils.decodeVIntSize(b1[s1]), vlen(b1, s1),
          b2, s2 + WritableUtils.decodeVIntSize(b2[s2]), vlen(b2, s2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((DedupKey) a).key.compareTo(((DedupKey) b).key);
    }
  }

  /** Partitions on the key bytes only. */
  public static final class KeyPartitioner<V> extends Partitioner<DedupKey, V> {
    @Override
    public int getPartition(DedupKey k, V value, int n) {
      return (WritableComparator.hashBytes(k.key.getBytes(), k.key.getLength()) & Integer.MAX_VALUE)
          % n;
    }
  }
}
