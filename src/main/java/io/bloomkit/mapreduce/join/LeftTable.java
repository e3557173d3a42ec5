package io.bloomkit.mapreduce.join;

import com.carrotsearch.hppc.ByteArrayList;
import com.carrotsearch.hppc.IntArrayList;
import com.carrotsearch.hppc.LongIntHashMap;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHasher;
import java.io.IOException;
import java.util.BitSet;
import org.apache.hadoop.io.Text;

/**
 * The left side of a map-side join in memory: its records (lines, or {@link JoinRecords} values)
 * grouped by canonical key bytes. An HPPC open-addressing map of primitive longs takes a key's
 * 64-bit hash ({@link KeyHasher}'s) to its group (groups of one hash chained, the key bytes
 * compared only on a hash match), so an absent key's lookup reads the map's slot arrays and no key
 * object ({@code LeftTableLookupBench}, 8-byte keys absent: 22.5, 31.8 and 101.6 ns at 15,000,
 * 150,000 and 1,500,000 keys, against 24.7, 70.8 and 251.3 ns with a map of key objects). The
 * keys' bytes sit end to end in one byte array, so do the records', and each group's records form
 * a chain through an int array (insertion order kept): a record costs its bytes plus 8 bytes of
 * index, a distinct key its bytes plus about 40. {@link #find} and {@link #forEach} allocate
 * nothing: the records go through one reused {@link Text}. {@link #bytes()} is the table's size
 * as held (arrays at their capacity), kept as it grows, so a loading task can
 * stop before it exceeds its budget. Not thread-safe; once loaded, several threads may read it,
 * each through its own {@link #view}.
 */
final class LeftTable {
  /**
   * Per distinct key beyond its bytes: the map's slots (a long and an int, at its load factor of
   * 0.75 and up to twice that before it grows), the group's five ints.
   */
  static final long KEY_OVERHEAD = 2 * (8 + 4) * 4 / 3 + 5 * 4;

  /** Receives each left record of a group; the {@link Text} is reused between calls. */
  interface Visitor {
    void visit(Text left) throws IOException, InterruptedException;
  }

  /** A key's hash ({@link #hash}, masked) to the last group added of that hash. */
  private final LongIntHashMap groups;
  private final long hashMask;
  /** This table's or view's own hasher (a hasher is not thread-safe). */
  private final KeyHasher hasher = HashStrategy.MURMUR3_128_DOUBLE.hasher();
  /** Per group: the group added before it of the same hash (-1), where its key starts in keyData. */
  private final IntArrayList sameHash;
  private final IntArrayList keyStart;
  private final ByteArrayList keyData;
  /** Per group: its first and last record. */
  private final IntArrayList first;
  private final IntArrayList last;
  /** Per record: where its bytes start in {@link #data}, and the next record of its group (-1). */
  private final IntArrayList start;
  private final IntArrayList next;
  private final ByteArrayList data;
  private final Text current = new Text();
  private BitSet matched;
  /** A matched key handed to a {@link KeyVisitor} (reused). */
  private byte[] visited = new byte[16];
  /** Whether this is a {@link #view} (no {@link #add}). */
  private final boolean view;

  LeftTable() {
    this(-1L);
  }

  /**
   * A table whose keys' hashes keep only the bits of {@code hashMask}: tests make keys share a
   * hash, so that the chains of {@link #sameHash} are walked.
   */
  LeftTable(long hashMask) {
    this.hashMask = hashMask;
    groups = new LongIntHashMap();
    sameHash = new IntArrayList();
    keyStart = new IntArrayList();
    keyData = new ByteArrayList();
    first = new IntArrayList();
    last = new IntArrayList();
    start = new IntArrayList();
    next = new IntArrayList();
    data = new ByteArrayList();
    view = false;
  }

  private LeftTable(LeftTable of) {
    hashMask = of.hashMask;
    groups = of.groups;
    sameHash = of.sameHash;
    keyStart = of.keyStart;
    keyData = of.keyData;
    first = of.first;
    last = of.last;
    start = of.start;
    next = of.next;
    data = of.data;
    view = true;
  }

  /**
   * A reader of this table's records for one task, its own record and matched groups:
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
    long h = hash(key, keyLength) & hashMask;
    int g = find(h, key, keyLength);
    if (g < 0) {
      g = first.size();
      sameHash.add(groups.getOrDefault(h, -1));
      groups.put(h, g);
      keyStart.add(keyData.size());
      keyData.add(key, 0, keyLength);
      first.add(record);
      last.add(record);
      return;
    }
    next.set(last.get(g), record);
    last.set(g, record);
  }

  /** The group of a key, or -1 when no left record has it; allocates nothing. */
  int find(byte[] key, int length) {
    return find(hash(key, length) & hashMask, key, length);
  }

  private int find(long hash, byte[] key, int length) {
    int g = groups.getOrDefault(hash, -1);
    while (g >= 0 && !sameKey(g, key, length)) {
      g = sameHash.get(g);
    }
    return g;
  }

  private boolean sameKey(int group, byte[] key, int length) {
    int from = keyStart.get(group);
    return keyEnd(group) - from == length
        && java.util.Arrays.equals(keyData.buffer, from, from + length, key, 0, length);
  }

  private int keyEnd(int group) {
    return group + 1 < keyStart.size() ? keyStart.get(group + 1) : keyData.size();
  }

  /** 64 bits of {@code key[0, length)}: the first half of its Murmur3 x64 128 ({@link KeyHasher}). */
  private long hash(byte[] key, int length) {
    return hasher.hash(key, 0, length).h1();
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

  /** Visits the key of every matched group (in an array reused between calls). */
  void forEachMatchedKey(KeyVisitor v) throws IOException {
    if (matched == null) {
      return;
    }
    for (int g = matched.nextSetBit(0); g >= 0; g = matched.nextSetBit(g + 1)) {
      int from = keyStart.get(g);
      int length = keyEnd(g) - from;
      if (visited.length < length) {
        visited = new byte[Math.max(length, 2 * visited.length)];
      }
      System.arraycopy(keyData.buffer, from, visited, 0, length);
      v.visit(visited, length);
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
   * The table's size in memory, in bytes: the record and key bytes and the index arrays at their
   * capacity, the map's slot arrays.
   */
  long bytes() {
    return (long) data.buffer.length + keyData.buffer.length
        + 4L * (start.buffer.length + next.buffer.length + first.buffer.length
            + last.buffer.length + sameHash.buffer.length + keyStart.buffer.length)
        + groups.ramBytesAllocated();
  }
}
