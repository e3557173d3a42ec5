package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableComparator;

/**
 * The hot right keys of a reduce-side join (right skew) and the buckets each one's records are
 * split into. The client finds them in a sample of the right input ({@link HotKeySampler}) and
 * ships them in the job configuration ({@link BloomkitConfig#JOIN_HOT_KEYS}); the mappers then
 * send a hot key's right records round-robin to buckets 1..B and copy each of its left records to
 * every bucket ({@link JoinKey#bucket()}), and {@link JoinPartitioner} puts the buckets on B
 * different reducers. Every other key keeps bucket 0.
 *
 * <p>The rule the reducer follows for a hot key's buckets: a key is hot only because sampled right
 * records of it exist, with a key that is neither null nor malformed, so every left record of a hot
 * key certainly meets a right record (in some bucket). A bucket therefore treats its left records
 * as matched even when it got no right record: it never writes nor counts them as unmatched (left
 * outer and full outer write nothing for them, left anti never writes them), and a join that writes
 * each matched left record once (left semi) writes them from bucket 1 only. Right records need
 * nothing special: each goes to exactly one bucket, which holds every left record of its key. A
 * right key the filter rejects has no left record (the join fails when the filter rejects a left
 * key), so its records never reach a bucket.
 *
 * <p>Lookups allocate nothing: an open-addressing table of the keys' indices.
 */
final class HotKeys {
  private final byte[][] keys;
  private final int[] table;
  private final int buckets;
  private final long[] sent;

  private HotKeys(List<byte[]> keys, int buckets) {
    this.keys = keys.toArray(new byte[0][]);
    this.buckets = buckets;
    this.sent = new long[this.keys.length];
    this.table = new int[Integer.highestOneBit(Math.max(1, this.keys.length) * 4 - 1) << 1];
    for (int i = 0; i < this.keys.length; i++) {
      int slot = slot(this.keys[i], this.keys[i].length);
      while (table[slot] != 0) {
        slot = (slot + 1) & (table.length - 1);
      }
      table[slot] = i + 1;
    }
  }

  /**
   * Stores the hot keys and their bucket count in a join job's configuration.
   *
   * @throws IllegalArgumentException for fewer than 2 or more than {@link JoinKey#MAX_BUCKETS}
   *     buckets
   */
  static void store(Configuration conf, List<byte[]> keys, int buckets) {
    if (buckets < 2 || buckets > JoinKey.MAX_BUCKETS) {
      throw new IllegalArgumentException(
          "hot keys need 2.." + JoinKey.MAX_BUCKETS + " buckets, not " + buckets);
    }
    StringBuilder b = new StringBuilder().append(buckets).append(':');
    for (int i = 0; i < keys.size(); i++) {
      b.append(i > 0 ? "," : "").append(Base64.getEncoder().encodeToString(keys.get(i)));
    }
    BloomkitConfig.JOIN_HOT_KEYS.set(conf, keys.isEmpty() ? "" : b.toString());
  }

  /** The job's hot keys, or null when it has none. */
  static HotKeys fromConf(Configuration conf) {
    String v = BloomkitConfig.JOIN_HOT_KEYS.get(conf);
    if (v == null || v.isEmpty()) {
      return null;
    }
    int colon = v.indexOf(':');
    List<byte[]> keys = new ArrayList<>();
    for (String k : v.substring(colon + 1).split(",")) {
      keys.add(Base64.getDecoder().decode(k));
    }
    return new HotKeys(keys, Integer.parseInt(v.substring(0, colon)));
  }

  private int slot(byte[] key, int length) {
    return WritableComparator.hashBytes(key, length) * 0x9E3779B9 >>> 1 & (table.length - 1);
  }

  /** The index of a hot key, or -1 when {@code key[0, length)} is not hot. */
  int indexOf(byte[] key, int length) {
    int slot = slot(key, length);
    for (int i = table[slot]; i != 0; i = table[slot]) {
      byte[] k = keys[i - 1];
      if (Arrays.equals(k, 0, k.length, key, 0, length)) {
        return i - 1;
      }
      slot = (slot + 1) & (table.length - 1);
    }
    return -1;
  }

  /** The buckets each hot key is split into: 1..{@code buckets()}. */
  int buckets() {
    return buckets;
  }

  int size() {
    return keys.length;
  }

  /**
   * The bucket of the next right record of hot key {@code index}: round-robin from bucket 1, so
   * a task that sends any right record of the key sends one to bucket 1.
   */
  int nextBucket(int index) {
    return 1 + (int) (sent[index]++ % buckets);
  }

  /**
   * Whether a reduce group's left records count as matched: they met a right record here, or the
   * group is a hot key's bucket (see the rule above).
   */
  static boolean leftMatched(boolean metHere, int bucket) {
    return metHere || bucket > 0;
  }

  /**
   * Whether a reduce group writes what is written once per key (its left records in a left semi
   * join, its key in the per-key counters): every group of a key that is not hot, bucket 1 of a hot
   * one.
   */
  static boolean oncePerKey(int bucket) {
    return bucket <= 1;
  }
}
