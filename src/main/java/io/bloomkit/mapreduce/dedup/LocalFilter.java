package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.stable.StreamFilters;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * The leaf of {@code dedup --method stream --local-filter}: the map task's own filter, the leaf of
 * a two-level dense Bloom tree whose root is the S slice filters of the reducers ("One is Enough",
 * sec. 6, Algorithm 1). Each record of the task is tested and set in input order; a hit makes it a
 * local duplicate, which the map task writes to the duplicates and does not shuffle.
 *
 * <p>A map task reads one file split in file order, while dedup's order is (time, path, offset). A
 * hit may therefore only drop a record R when the record that set the leaf comes <em>earlier</em>
 * in that order (within the window, with one); within a split, an earlier line with a time not after
 * R's does (same path, smaller offset). So:
 *
 * <ul>
 *   <li>{@code exact}: a table key → time. Without a window it keeps the least time of the key and
 *       drops R iff that time is at most R's: then an earlier record of the key exists, R is a
 *       certain duplicate. With a window W it keeps the greatest time t' of the key and drops R iff
 *       {@code t' <= t < t' + W}: the record of t' precedes R, so R's previous occurrence is at
 *       most {@code t - t'} older, a certain windowed duplicate. The table holds at most {@link
 *       BloomkitConfig#DEDUP_MAX_KEYS} keys and is cleared when full (fewer drops, never a wrong
 *       one). No false positives, ever.
 *   <li>{@code bloom}: a Bloom filter, test-and-set (a miss sets the key's bits). Which record set
 *       the bits is unknown, so a hit drops R only if R's time is at least every time the task saw
 *       before it (then each of them precedes R); otherwise the hit is counted ({@code
 *       LOCAL_UNORDERED_HITS}) and R is shuffled. Time-sorted files (the papers' streams) lose
 *       nothing; the leaf's false positives are Bloom false positives, rate {@code (1 -
 *       e^(-kn/m))^k} for the task's n distinct keys (One is Enough sec. 6). A Bloom leaf cannot
 *       forget, so it refuses a window (the tool makes that a usage error).
 * </ul>
 *
 * Not thread-safe.
 */
abstract class LocalFilter {
  /**
   * The leaves {@code --local-filter} names ({@link Choices#name}: none, exact, bloom), also their
   * value in {@link BloomkitConfig#DEDUP_LOCAL_FILTER}.
   */
  enum Kind {
    NONE,
    EXACT,
    BLOOM;

    /**
     * The kind named {@code name}.
     *
     * @throws IllegalArgumentException for another name
     */
    static Kind of(String name) {
      for (Kind k : values()) {
        if (Choices.name(k).equals(name)) {
          return k;
        }
      }
      throw new IllegalArgumentException("local filter must be none, exact or bloom: " + name);
    }
  }

  /** The leaf {@code conf} asks for, or null for none. */
  static LocalFilter fromConf(Configuration conf) {
    long window = BloomkitConfig.DEDUP_WINDOW.getLong(conf);
    switch (Kind.of(BloomkitConfig.DEDUP_LOCAL_FILTER.get(conf))) {
      case EXACT:
        return new Exact(window, Math.max(1, BloomkitConfig.DEDUP_MAX_KEYS.getInt(conf)));
      case BLOOM:
        if (window > 0) {
          throw new IllegalArgumentException("a bloom local filter cannot forget: no window");
        }
        return new Bloom(
            BloomkitConfig.DEDUP_LOCAL_BITS.getLong(conf),
            BloomkitConfig.DEDUP_LOCAL_HASHES.getInt(conf));
      default:
        return null; // NONE
    }
  }

  /**
   * Tests and sets the record of key {@code key[0..length)} and time {@code time}, the next line
   * of the task: true if it is a (local) duplicate and may be dropped.
   */
  abstract boolean duplicate(byte[] key, int length, long time);

  /** Hits not used because the task's time went back (bloom). */
  long unorderedHits() {
    return 0;
  }

  /** Times the table was full and cleared (exact). */
  long clears() {
    return 0;
  }

  static final class Exact extends LocalFilter {
    private final long window;
    private final int maxKeys;
    private final Map<Text, long[]> table = new HashMap<>();
    private final Text probe = new Text();
    private long clears;

    Exact(long window, int maxKeys) {
      this.window = window;
      this.maxKeys = maxKeys;
    }

    @Override
    boolean duplicate(byte[] key, int length, long time) {
      probe.set(key, 0, length);
      long[] t = table.get(probe);
      if (t == null) {
        if (table.size() >= maxKeys) {
          table.clear();
          clears++;
        }
        table.put(new Text(probe), new long[] {time});
        return false;
      }
      if (window <= 0) {
        boolean dup = t[0] <= time; // least time of the key so far
        t[0] = Math.min(t[0], time);
        return dup;
      }
      // greatest time so far; t[0] <= time, so the unsigned difference is exact
      boolean dup = t[0] <= time && Long.compareUnsigned(time - t[0], window) < 0;
      t[0] = Math.max(t[0], time);
      return dup;
    }

    @Override
    long clears() {
      return clears;
    }
  }

  static final class Bloom extends LocalFilter {
    private final StreamFilter filter;
    private long maxTime = Long.MIN_VALUE;
    private long unordered;

    Bloom(long bits, int numHashes) {
      filter = StreamFilters.bloom(bits, numHashes);
    }

    @Override
    boolean duplicate(byte[] key, int length, long time) {
      boolean hit = filter.offer(filter.hashStrategy().hash(key, 0, length)); // test-and-set
      boolean ordered = time >= maxTime;
      maxTime = Math.max(maxTime, time);
      if (hit && !ordered) {
        unordered++;
        return false;
      }
      return hit;
    }

    @Override
    long unorderedHits() {
      return unordered;
    }
  }
}
