package io.bloomkit.mapreduce.join;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * The composite map output key of the join: the join key and the side it came from.
 *
 * <pre>
 * bytes  field
 * -----  ------------------------------------------------------------------
 * 1-5    vint n: length of the join key (as {@link Text} writes it)
 * n      join key: its canonical bytes (KeyEncoder; UTF-8 for a string key)
 * 1      side: 0 left (build side), 1 right (probe side)
 * </pre>
 *
 * Sorted by (key bytes, side) so that in each reduce group the left records come first; grouped
 * and partitioned by the key bytes only ({@link GroupingComparator}, {@link JoinPartitioner}). Both
 * comparators work on the serialized bytes; {@link Comparator} is registered as the default.
 */
public final class JoinKey implements WritableComparable<JoinKey> {
  public static final byte LEFT = 0;
  public static final byte RIGHT = 1;

  static {
    WritableComparator.define(JoinKey.class, new Comparator());
  }

  private final Text key = new Text();
  private byte side;

  public JoinKey() {}

  public JoinKey(String key, byte side) {
    this.key.set(key);
    this.side = side;
  }

  public void set(byte[] bytes, int length, byte side) {
    key.set(bytes, 0, length);
    this.side = side;
  }

  public Text key() {
    return key;
  }

  public byte side() {
    return side;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    key.write(out);
    out.writeByte(side);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    key.readFields(in);
    side = in.readByte();
  }

  @Override
  public int compareTo(JoinKey o) {
    int c = key.compareTo(o.key);
    return c != 0 ? c : Byte.compare(side, o.side);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof JoinKey && ((JoinKey) o).side == side && ((JoinKey) o).key.equals(key);
  }

  @Override
  public int hashCode() {
    return key.hashCode() * 31 + side;
  }

  @Override
  public String toString() {
    return key + (side == LEFT ? "/L" : "/R");
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

  /** Sort order: key bytes, then side (left first). */
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
      return c != 0 ? c : Byte.compare(b1[k1 + n1], b2[k2 + n2]);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((JoinKey) a).compareTo((JoinKey) b);
    }
  }

  /** Groups on the key bytes only: one reduce call sees both sides of a key. */
  public static final class GroupingComparator extends WritableComparator {
    public GroupingComparator() {
      super(JoinKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareBytes(
          b1, keyStart(b1, s1), keyLength(b1, s1), b2, keyStart(b2, s2), keyLength(b2, s2));
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
      return ((JoinKey) a).key.compareTo(((JoinKey) b).key);
    }
  }
}
