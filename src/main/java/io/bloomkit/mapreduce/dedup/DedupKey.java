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
 * order, (time, file path, position in the file). The path travels as the file's rank among the
 * job's input files sorted by path ({@link InputFiles}), 4 bytes instead of the path's tens.
 *
 * <p>The record key is its canonical bytes ({@link io.bloomkit.mapreduce.table.KeyEncoder}), or
 * the <em>null group</em> of {@code --null-keys-equal}: every record with a null key in one group
 * of its own. The null group is not a byte string (any byte string may be some canonical key: a
 * binary key can hold any bytes), so it cannot collide with a key: it is written as the length
 * -1 with no bytes, and sorts before every key.
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1-5    vint n: length of the record key (as {@link Text} writes it); -1 (one byte, 0xFF): the
 *        null group, no key bytes follow
 * n      record key, its canonical bytes
 * 8      time (big-endian, sign bit flipped so that bytes sort as signed longs); 0 without a time field
 * 4      file: rank of the record's file among the input files in path order (non-negative)
 * 8      position of the record in its file: a text line's byte offset, else its record number
 * </pre>
 *
 * Sorted by (key bytes (the null group first), time, file rank, offset) so that each reduce group sees a key's records in
 * the global order; grouped and partitioned by the key bytes only ({@link GroupingComparator},
 * {@link KeyPartitioner}). The comparators work on the serialized bytes.
 */
public final class DedupKey implements WritableComparable<DedupKey> {
  static {
    WritableComparator.define(DedupKey.class, new Comparator());
  }

  private final Text key = new Text();
  /** The null group ({@code --null-keys-equal}); {@link #key} is then empty. */
  private boolean nullKey;
  private long time;
  private int file;
  private long offset;

  public DedupKey() {}

  public DedupKey(String key, long time, int file, long offset) {
    this.nullKey = key == null;
    this.key.set(key == null ? "" : key);
    this.time = time;
    this.file = checkFile(file);
    this.offset = offset;
  }

  private static int checkFile(int file) {
    if (file < 0) {
      throw new IllegalArgumentException("file rank must be non-negative: " + file);
    }
    return file;
  }

  /** Sets every field (the key is copied; null: the null group). */
  public void set(byte[] key, int keyLength, long time, int file, long offset) {
    this.nullKey = key == null;
    if (key == null) {
      this.key.clear();
    } else {
      this.key.set(key, 0, keyLength);
    }
    this.time = time;
    this.file = checkFile(file);
    this.offset = offset;
  }

  /** The record key's bytes (empty for the null group). */
  public Text key() {
    return key;
  }

  /** Whether this is the null group of {@code --null-keys-equal}. */
  public boolean isNull() {
    return nullKey;
  }

  public long time() {
    return time;
  }

  /** The rank of the record's file among the job's input files in path order. */
  public int file() {
    return file;
  }

  public long offset() {
    return offset;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    if (nullKey) {
      WritableUtils.writeVInt(out, -1);
    } else {
      key.write(out);
    }
    out.writeLong(time ^ Long.MIN_VALUE);
    out.writeInt(file);
    out.writeLong(offset);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int n = WritableUtils.readVInt(in);
    nullKey = n < 0;
    key.readWithKnownLength(in, Math.max(n, 0));
    time = in.readLong() ^ Long.MIN_VALUE;
    file = in.readInt();
    offset = in.readLong();
  }

  /** Order of two records of one key: (time, file rank, offset). */
  public int comparePosition(DedupKey o) {
    int c = Long.compare(time, o.time);
    if (c == 0) {
      c = Integer.compare(file, o.file);
    }
    return c != 0 ? c : Long.compare(offset, o.offset);
  }

  @Override
  public int compareTo(DedupKey o) {
    int c = compareKey(o);
    return c != 0 ? c : comparePosition(o);
  }

  /** Order of the record keys: the null group first, then keys by their bytes. */
  private int compareKey(DedupKey o) {
    if (nullKey || o.nullKey) {
      return Boolean.compare(!nullKey, !o.nullKey);
    }
    return key.compareTo(o.key);
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
    return (nullKey ? "(null)" : key.toString()) + "@" + time + ":" + file + ":" + offset;
  }

  private static int vlen(byte[] b, int s) {
    try {
      return WritableComparator.readVInt(b, s);
    } catch (IOException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /**
   * Compares two serialized record keys of vint lengths {@code n1}, {@code n2} (-1: the null
   * group, first) at {@code k1}, {@code k2}.
   */
  private static int compareKeys(byte[] b1, int k1, int n1, byte[] b2, int k2, int n2) {
    if (n1 < 0 || n2 < 0) {
      return Boolean.compare(n1 >= 0, n2 >= 0);
    }
    return WritableComparator.compareBytes(b1, k1, n1, b2, k2, n2);
  }

  /**
   * Compares the fixed-width position (time, file, offset: 20 bytes) at {@code p1} and {@code p2};
   * the time is sign-flipped and the file non-negative, so unsigned byte order is numeric order.
   */
  private static int comparePosition(byte[] b1, int p1, byte[] b2, int p2) {
    int c = WritableComparator.compareBytes(b1, p1, 12, b2, p2, 12);
    return c != 0 ? c : Long.compare(WritableComparator.readLong(b1, p1 + 12),
        WritableComparator.readLong(b2, p2 + 12));
  }

  /** Sort order: key bytes, time, file rank, offset. */
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
      int c = compareKeys(b1, k1, n1, b2, k2, n2);
      if (c != 0) {
        return c;
      }
      return comparePosition(b1, k1 + Math.max(n1, 0), b2, k2 + Math.max(n2, 0));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((DedupKey) a).compareTo((DedupKey) b);
    }
  }

  /**
   * Stream order: (time, file rank, offset), then key bytes; used as sort and grouping comparator by
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
      int c = comparePosition(b1, k1 + Math.max(n1, 0), b2, k2 + Math.max(n2, 0));
      return c != 0 ? c : compareKeys(b1, k1, n1, b2, k2, n2);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      DedupKey x = (DedupKey) a;
      DedupKey y = (DedupKey) b;
      int c = x.comparePosition(y);
      return c != 0 ? c : x.compareKey(y);
    }
  }

  /**
   * Groups on the record key only: one reduce call sees every record of a key (or of the null
   * group), in order.
   */
  public static final class GroupingComparator extends WritableComparator {
    public GroupingComparator() {
      super(DedupKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareKeys(
          b1, s1 + WritableUtils.decodeVIntSize(b1[s1]), vlen(b1, s1),
          b2, s2 + WritableUtils.decodeVIntSize(b2[s2]), vlen(b2, s2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((DedupKey) a).compareKey((DedupKey) b);
    }
  }

  /** Partitions on the key bytes only (the null group: as the empty key; grouping tells them apart). */
  public static final class KeyPartitioner<V> extends Partitioner<DedupKey, V> {
    @Override
    public int getPartition(DedupKey k, V value, int n) {
      return (WritableComparator.hashBytes(k.key.getBytes(), k.key.getLength()) & Integer.MAX_VALUE)
          % n;
    }
  }
}
