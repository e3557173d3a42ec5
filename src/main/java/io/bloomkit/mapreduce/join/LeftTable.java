package io.bloomkit.mapreduce.join;

import com.carrotsearch.hppc.ByteArrayList;
import com.carrotsearch.hppc.IntArrayList;
import com.carrotsearch.hppc.ObjectIntHashMap;
import java.io.IOException;
import java.util.BitSet;
import org.apache.hadoop.io.Text;

/**
 * The left side of a map-side join in memory: its records (lines, or {@link JoinRecords} values)
 * grouped by canonical key bytes. An HPPC open-addressing map takes a key to its group; the
 * records' bytes sit end to end in one byte array and each group's records form a chain through an
 * int array (insertion order kept), so a record costs its bytes plus 8 bytes of index, a distinct
 * key its bytes plus about 60. {@link #find} and {@link #forEach} allocate nothing: the lookup goes
 * through one reused probe key, the records through one reused {@link Text}. {@link #bytes()} is
 * the table's size as held (arrays at their capacity), kept as it grows, so a loading task can
 * stop before it exceeds its budget. Not thread-safe; once loaded, several threads may read it,
 * each through its own {@link #view}.
 */
final class LeftTable {
  /** Per distinct key beyond its bytes: the key object, its array header, map slots, group ints. */
  static final long KEY_OVERHEAD = 16 + 16 + 4 + 4 + 2 * (4 + 4) + 3 * 4;

  /** Receives each left record of a group; the {@link Text} is reused between calls. */
  interface Visitor {
    void visit(Text left) throws IOException, InterruptedException;
  }

  /** A key: bytes of their exact length (stored), or a window of a caller's array (the probe). */
  private static final class Key {
    byte[] bytes;
    int length;
    int hash;

    Key set(byte[] bytes, int length) {
      this.bytes = bytes;
      this.length = length;
      int h = 1;
      for (int i = 0; i < length; i++) {
        h = 31 * h + bytes[i];
      }
      this.hash = h;
      return this;
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Key)) {
        return false;
      }
      Key k = (Key) o;
      return k.length == length && k.hash == hash
          && java.util.Arrays.equals(bytes, 0, length, k.bytes, 0, k.length);
    }
  }

  private final ObjectIntHashMap<Key> groups;
  private final Key probe = new Key();
  /** Per group: its first and last record. */
  private final IntArrayList first;
  private final IntArrayList last;
  /** Per record: where its bytes start in {@link #data}, and the next record of its group (-1). */
  private final IntArrayList start;
  private final IntArrayList next;
  private final ByteArrayList data;
  private final Text current = new Text();
  private long keyBytes;
  private BitSet matched;
  /** Whether this is a {@link #view} (no {@link #add}). */
  private final boolean view;

  LeftTable() {
    groups = new ObjectIntHashMap<>();
    first = new IntArrayList();
    last = new IntArrayList();
    start = new IntArrayList();
    next = new IntArrayList();
    data = new ByteArrayList();
    view = false;
  }

  private LeftTable(LeftTable of) {
    groups = of.groups;
    first = of.first;
    last = of.last;
    start = of.start;
    next = of.next;
    data = of.data;
    keyBytes = of.keyBytes;
    view = true;
  }

  /**
   * A reader of this table's records for one task, its own probe key, record and matched groups:
   * views of a table no longer added to may be read by several threads at once ({@link
   * SharedLeftTables}).
   */
  LeftTable view() {
    return new LeftTable(this);
  }

  /**
   * Adds a record under a key (both copied).
   *
   * @throws IllegalStateException when the records' bytes would pass 2 GiB, which one array holds
   */
  void add(byte[] key, int keyLength, byte[] value, int valueLength) {
    if (view) {
      throw new IllegalStateException("a view of a left table is read only");
    }
    if ((long) data.size() + valueLength > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("the left side's records pass 2 GiB, more than a map-side"
          + " join's table holds");
    }
    int record = start.size();
    start.add(data.size());
    next.add(-1);
    data.add(value, 0, valueLength);
    int g = find(key, keyLength);
    if (g < 0) {
      g = first.size();
      groups.put(new Key().set(java.util.Arrays.copyOf(key, keyLength), keyLength), g);
      first.add(record);
      last.add(record);
      keyBytes += keyLength;
      return;
    }
    next.set(last.get(g), record);
    last.set(g, record);
  }

  /** The group of a key, or -1 when no left record has it; allocates nothing. */
  int find(byte[] key, int length) {
    int slot = groups.indexOf(probe.set(key, length));
    int g = slot >= 0 ? groups.indexGet(slot) : -1;
    probe.bytes = null;
    return g;
  }

  /** Visits the records of a group in the order they were added. */
  void forEach(int group, Visitor v) throws IOException, InterruptedException {
    for (int r = first.get(group); r >= 0; r = next.get(r)) {
      int from = start.get(r);
      int to = r + 1 < start.size() ? start.get(r + 1) : data.size();
      current.set(data.buffer, from, to - from);
      v.visit(current);
    }
  }

  /** The records of a group. */
  int count(int group) {
    int n = 0;
    for (int r = first.get(group); r >= 0; r = next.get(r)) {
      n++;
    }
    return n;
  }

  /** Marks a group as matched (left-semi and left-anti joins); returns whether it was new. */
  boolean match(int group) {
    if (matched == null) {
      matched = new BitSet(first.size());
    }
    if (matched.get(group)) {
      return false;
    }
    matched.set(group);
    return true;
  }

  /** Visits the key of every matched group (the bytes are the stored key's, not a copy). */
  void forEachMatchedKey(KeyVisitor v) throws IOException {
    if (matched == null) {
      return;
    }
    for (com.carrotsearch.hppc.cursors.ObjectIntCursor<Key> c : groups) {
      if (matched.get(c.value)) {
        v.visit(c.key.bytes, c.key.length);
      }
    }
  }

  /** Receives a key's bytes. */
  interface KeyVisitor {
    void visit(byte[] key, int length) throws IOException;
  }

  /** The distinct keys. */
  int keys() {
    return first.size();
  }

  /** The records. */
  int records() {
    return start.size();
  }

  /**
   * The table's size in memory, in bytes: the record bytes and index arrays at their capacity,
   * the keys' bytes and {@link #KEY_OVERHEAD} per key, the map's slot arrays.
   */
  long bytes() {
    return (long) data.buffer.length
        + 4L * (start.buffer.length + next.buffer.length + first.buffer.length
            + last.buffer.length)
        + keyBytes + KEY_OVERHEAD * first.size() + groups.ramBytesAllocated();
  }
}
