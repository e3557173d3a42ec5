package io.bloomkit.lcbf;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import io.bloomkit.data.SplitMix64;

/**
 * Linked counting Bloom filter (Wu, Xiao, Li, Sun, "A Distributed Algorithm for Finding Global
 * Icebergs with Linked Counting Bloom Filters", sections II-V): m entries, each a list of frequency
 * values; an item hashes to k entries (the distinct ones among its k positions).
 *
 * <ul>
 *   <li>Insertion with frequency f (<em>frequency matching</em>): if some value v is stored in all
 *       of the item's entries, the item is taken to be present and one occurrence of v becomes v + f
 *       in each entry; otherwise f is appended to each entry's list. When several values match, the
 *       smallest is used (the paper leaves this case open for insertions).
 *   <li>Removal: a matching value is removed from each entry, one chosen at random (seeded) when
 *       several match, as the paper says.
 *   <li>Query: the matching value (the smallest if several), 0 if none.
 * </ul>
 *
 * Values hold {@code valueBits} = l bits (the paper uses 15) and saturate at {@code 2^l - 1}
 * (all k copies alike, so the match survives); saturations are counted.
 *
 * <p>The serialized form is the two-layer encoding of section V: a first layer of m bits (entry
 * non-empty), then the lists of the non-empty entries in entry order, each value as 1 link bit (1:
 * another value of the same list follows) and l value bits; an entry's list is found by the rank of
 * its first-layer bit. {@link #twoLayerBits()} and {@link #oneLayerBits()} give the two sizes the
 * paper compares (its Fig. 5).
 */
public final class LinkedCountingBloomFilter implements StoredFilter {
  final long m;
  final int k;
  final int valueBits;
  private final long maxValue;
  final long seed;
  private SplitMix64 random;
  final long[][] lists;
  long values;
  long nonEmpty;
  long items;
  private long saturations;
  // scratch
  private final int[] entry;
  private int distinct;

  LinkedCountingBloomFilter(long entries, int numHashes, int valueBits, long seed) {
    if (entries < 1 || entries > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("entries must be in [1, 2^31 - 9]: " + entries);
    }
    if (numHashes < 1 || numHashes > BloomMath.MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + numHashes);
    }
    if (valueBits < 1 || valueBits > 62) {
      throw new IllegalArgumentException("valueBits must be in [1, 62]: " + valueBits);
    }
    this.m = entries;
    this.k = numHashes;
    this.valueBits = valueBits;
    this.maxValue = (1L << valueBits) - 1;
    this.seed = seed;
    this.random = new SplitMix64(seed);
    this.lists = new long[(int) entries][];
    this.entry = new int[numHashes];
  }

  /**
   * An empty filter of {@code entries} entries (m), {@code numHashes} hashes (k), values of {@code
   * valueBits} bits (l) and a seed for the random choice among multiple matches on removal.
   */
  public static LinkedCountingBloomFilter create(long entries, int numHashes, int valueBits, long seed) {
    return new LinkedCountingBloomFilter(entries, numHashes, valueBits, seed);
  }

  private void locate(KeyHash key) {
    distinct = 0;
    for (int i = 0; i < k; i++) {
      int p = (int) key.position(i, m);
      boolean seen = false;
      for (int j = 0; j < distinct; j++) {
        if (entry[j] == p) {
          seen = true;
          break;
        }
      }
      if (!seen) {
        entry[distinct++] = p;
      }
    }
  }

  private static boolean holds(long[] list, long v) {
    if (list == null) {
      return false;
    }
    for (long x : list) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }

  /** The distinct values stored in all the key's entries, ascending (after {@link #locate}). */
  private long[] matchesLocated() {
    long[] first = lists[entry[0]];
    if (first == null) {
      return new long[0];
    }
    long[] c = first.clone();
    Arrays.sort(c);
    int n = 0;
    for (int i = 0; i < c.length; i++) {
      if (i > 0 && c[i] == c[i - 1]) {
        continue;
      }
      boolean all = true;
      for (int j = 1; j < distinct && all; j++) {
        all = holds(lists[entry[j]], c[i]);
      }
      if (all) {
        c[n++] = c[i];
      }
    }
    return Arrays.copyOf(c, n);
  }

  /** The values common to all the key's entries (frequency matches), ascending. */
  public long[] matches(KeyHash key) {
    locate(key);
    return matchesLocated();
  }

  /** The key's frequency: the matching value (the smallest if several), 0 if none. */
  public long frequency(KeyHash key) {
    long[] c = matches(key);
    return c.length == 0 ? 0 : c[0];
  }

  /**
   * Adds {@code frequency} (at least 1) to the key: to its matching value, or as a new value.
   * Returns the key's value afterwards.
   */
  public long add(KeyHash key, long frequency) {
    if (frequency < 1) {
      throw new IllegalArgumentException("frequency must be at least 1: " + frequency);
    }
    locate(key);
    long[] c = matchesLocated();
    if (c.length > 0) {
      long v = c[0];
      long nv = v > maxValue - frequency ? maxValue : v + frequency;
      if (nv == maxValue && v + frequency != maxValue) {
        saturations++;
      }
      for (int j = 0; j < distinct; j++) {
        long[] l = lists[entry[j]];
        for (int i = 0; i < l.length; i++) {
          if (l[i] == v) {
            l[i] = nv;
            break;
          }
        }
      }
      return nv;
    }
    long nv = Math.min(frequency, maxValue);
    if (nv != frequency) {
      saturations++;
    }
    for (int j = 0; j < distinct; j++) {
      long[] l = lists[entry[j]];
      if (l == null) {
        lists[entry[j]] = new long[] {nv};
        nonEmpty++;
      } else {
        l = Arrays.copyOf(l, l.length + 1);
        l[l.length - 1] = nv;
        lists[entry[j]] = l;
      }
      values++;
    }
    items++;
    return nv;
  }

  /** Removes the key's matching value (a random one if several); returns it, or 0 if none. */
  public long remove(KeyHash key) {
    locate(key);
    long[] c = matchesLocated();
    if (c.length == 0) {
      return 0;
    }
    long v = c.length == 1 ? c[0] : c[random.nextInt(c.length)];
    for (int j = 0; j < distinct; j++) {
      long[] l = lists[entry[j]];
      int at = 0;
      while (l[at] != v) {
        at++;
      }
      if (l.length == 1) {
        lists[entry[j]] = null;
        nonEmpty--;
      } else {
        long[] r = new long[l.length - 1];
        System.arraycopy(l, 0, r, 0, at);
        System.arraycopy(l, at + 1, r, at, l.length - at - 1);
        lists[entry[j]] = r;
      }
      values--;
    }
    if (items > 0) {
      items--; // a false match may remove values of another item: never below 0
    }
    return v;
  }

  /** Back to empty, the random generator re-seeded. */
  public void reset() {
    Arrays.fill(lists, null);
    values = 0;
    nonEmpty = 0;
    items = 0;
    saturations = 0;
    random = new SplitMix64(seed);
  }

  public long entries() {
    return m;
  }

  public int numHashes() {
    return k;
  }

  public int valueBits() {
    return valueBits;
  }

  /** Values stored over all entries (an item with j distinct entries stores j). */
  public long values() {
    return values;
  }

  public long nonEmptyEntries() {
    return nonEmpty;
  }

  /**
   * Items held, as counted: insertions that appended a new value minus removals (never below 0;
   * exact unless false matches occurred).
   */
  public long items() {
    return items;
  }

  /** Additions that hit the {@code 2^l - 1} ceiling. */
  public long saturations() {
    return saturations;
  }

  /** The list of entry {@code e}, a copy (empty if none). */
  public long[] list(int e) {
    return lists[e] == null ? new long[0] : lists[e].clone();
  }

  /** Two-layer encoding: {@code m + (l + 1) * values} bits [Icebergs sec. V]. */
  public long twoLayerBits() {
    return LcbfTheory.twoLayerBits(m, values, valueBits);
  }

  /** One-layer encoding: {@code (l + 1)(values + empty entries)} bits [Icebergs sec. V]. */
  public long oneLayerBits() {
    return LcbfTheory.oneLayerBits(values, m - nonEmpty, valueBits);
  }

  /**
   * Arithmetic-coded lists: the bits of {@link LcbfArithmeticCode#codedBits} (tables plus coded
   * body, no parameters), comparable with {@link #twoLayerBits()}. Encodes the filter: O(m + V log V).
   */
  public long arithmeticBits() {
    return LcbfArithmeticCode.codedBits(this);
  }

  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("entries", m);
    p.put("numHashes", k);
    p.put("valueBits", valueBits);
    p.put("seed", seed);
    return p;
  }

  // ---- format ------------------------------------------------------------------------------------
  //
  // family 9 (lcbf): the payload is written and read by LcbfFormat.

  @Override
  public FilterFamily family() {
    return FilterFamily.LINKED_COUNTING;
  }

  /** Writes the two-layer encoding in the one binary format (see {@link LcbfFormat}). */
  @Override
  public void writeTo(OutputStream out) throws IOException {
    LcbfFormat.write(this, out);
  }

  /**
   * Reads the payload of an lcbf file whose header {@code r} has opened: the reader {@code
   * io.bloomkit.registry.Filters} binds to {@link FilterFamily#LINKED_COUNTING}, whose {@code read}
   * opens files ({@code Filters.read(in, length, LinkedCountingBloomFilter.class)}).
   */
  public static LinkedCountingBloomFilter read(FilterFormat.Reader r) throws IOException {
    return LcbfFormat.read(r);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof LinkedCountingBloomFilter)) {
      return false;
    }
    LinkedCountingBloomFilter f = (LinkedCountingBloomFilter) o;
    return f.m == m && f.k == k && f.valueBits == valueBits && f.seed == seed && f.items == items
        && Arrays.deepEquals(f.lists, lists);
  }

  @Override
  public int hashCode() {
    return Arrays.deepHashCode(lists);
  }

  @Override
  public String toString() {
    return "LinkedCountingBloomFilter[" + parameters() + ", items=" + items + ", values=" + values + "]";
  }
}
