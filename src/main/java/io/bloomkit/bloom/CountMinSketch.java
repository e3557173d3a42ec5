package io.bloomkit.bloom;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A counting Bloom filter of weighted totals with wide counters, partitioned: k rows of w counters
 * of b bits each (the Count-Min sketch of Cormode and Muthukrishnan, "An improved data stream
 * summary: the count-min sketch and its applications", J. Algorithms 2005). Adding a key with a
 * weight adds the weight to one counter per row ({@code h_i(key)} in row i); a counter saturates at
 * {@link #max()} = 2^b - 1 and then stays there (also when sketches are {@linkplain #merge merged}).
 * A key's estimate is the minimum of its k counters: never below min(true total, max), above it by
 * the weight of the other keys sharing all its counters.
 *
 * <p>Unlike the 4-bit {@link CountingBloomFilter} it takes a weight per addition (not one
 * increment per unit) and its counters can be as wide as 63 bits, so a threshold T of any size is
 * represented: with b = {@link #counterBitsFor}(T), max &gt;= T and "estimate &gt;= T" is exactly
 * "the unsaturated minimum &gt;= T". Partitioning (one row per hash) makes the rows' errors
 * independent, which the bound below needs, and a key never meets itself in two counters.
 *
 * <p>Cheat sheet (n keys of totals t_x, W = sum of t_x, threshold T, rows k, row width w):
 *
 * <pre>
 *   memory                  k * w * b bits, b = bits of T (max = 2^b - 1 &gt;= T)
 *   excess of row i         E_i(x) = sum of t_y over keys y != x with h_i(y) = h_i(x)
 *                           E[E_i(x)] = (W - t_x) / w                          [CM05, sec. 4.1]
 *   false candidate         t_x &lt; T and every E_i(x) &gt;= T - t_x; Markov, rows independent:
 *                           p(t_x) &lt;= min(1, ((W - t_x) / (w (T - t_x)))^k)   [CM05, thm. 1]
 *   expected false cands.   F &lt;= sum over x with t_x &lt; T of p(t_x)     ({@link #falseCandidateBound})
 *   keys with t_x &lt;= T/2    each p &lt;= (2W / (w T))^k, so F_light &lt;= n (2 rho / w)^k, rho = W/T
 *   sizing                  F_light &lt;= delta: w &gt;= 2 rho (n / delta)^(1/k); least memory k*w at
 *                           w = 2 e rho, k = ln(n / delta)
 * </pre>
 *
 * rho = W/T is the most icebergs the weights allow: the memory needed grows with rho and only
 * logarithmically with the number of keys. Keys just below T (t_x &gt; T/2) have bounds near 1 and
 * are false candidates whenever a share of the others' weight meets them in every row; no sketch
 * of shared counters can rule them out, so the candidates of a log with many keys just below T
 * are many whatever the size.
 *
 * <p>Serialized image (big-endian):
 *
 * <pre>
 *   offset  bytes  field
 *   0       4      magic "BKCM"
 *   4       1      version (1)
 *   5       1      counterBits b, 1..63
 *   6       2      numHashes k (rows), 1..32767
 *   8       8      width w (counters per row), &gt;= 1
 *   16      8      items: additions (of a weight &gt; 0) since creation, merged sketches' summed
 *   24      8      totalWeight: weights added, saturating at Long.MAX_VALUE
 *   32      1      hash strategy id
 *   33      8 * ceil(k w b / 64)  counters: counter j of row i at bits [(i w + j) b, +b) of the
 *                  stream (bit p is bit p &amp; 63 of word p &gt;&gt;&gt; 6); bits past the last
 *                  counter are zero
 * </pre>
 */
public final class CountMinSketch {
  /** The widest counter. */
  public static final int MAX_COUNTER_BITS = 63;
  /** The most rows (hashes). */
  public static final int MAX_HASHES = Short.MAX_VALUE;

  private static final int MAGIC = 0x424b434d; // "BKCM"
  private static final int VERSION = 1;
  private static final int HEADER_BYTES = 33;
  private static final long MAX_WORDS = Integer.MAX_VALUE - 8;

  private final long width;
  private final int k;
  private final int bits;
  private final long max;
  private final HashStrategy hash;
  private final long[] words;
  private long items;
  private long totalWeight;

  private CountMinSketch(long width, int numHashes, int counterBits, HashStrategy hash,
      long[] words) {
    this.width = width;
    this.k = numHashes;
    this.bits = counterBits;
    this.max = -1L >>> (64 - counterBits);
    this.hash = hash;
    this.words = words;
  }

  /**
   * An empty sketch of {@code numHashes} rows of {@code width} counters of {@code counterBits}
   * bits.
   *
   * @throws IllegalArgumentException if a value is out of range or the counters do not fit in one
   *     array (2^31 - 9 words)
   */
  public static CountMinSketch create(long width, int numHashes, int counterBits) {
    return new CountMinSketch(width, numHashes, counterBits, HashStrategy.MURMUR3_128_DOUBLE,
        new long[checkedWords(width, numHashes, counterBits)]);
  }

  /**
   * An empty sketch of at most {@code memoryBits} bits of counters of {@link #counterBitsFor
   * counterBitsFor(threshold)} bits: {@code width = max(1, floor(memoryBits / (numHashes * b)))}
   * (rounds down, except that a row has at least one counter).
   */
  public static CountMinSketch forMemory(double memoryBits, int numHashes, long threshold) {
    return create(widthFor(memoryBits, numHashes, threshold), numHashes,
        counterBitsFor(threshold));
  }

  /** The row width {@link #forMemory} chooses. */
  public static long widthFor(double memoryBits, int numHashes, long threshold) {
    checkHashes(numHashes);
    if (!(memoryBits >= 0)) {
      throw new IllegalArgumentException("memoryBits must be non-negative: " + memoryBits);
    }
    double w = Math.floor(memoryBits / ((double) numHashes * counterBitsFor(threshold)));
    return Math.max(1, (long) Math.min(w, (double) Long.MAX_VALUE));
  }

  /**
   * Bits of a counter that holds {@code threshold}: the bit length of T, 1..63 (T = 9,200: 14
   * bits, max 16,383).
   */
  public static int counterBitsFor(long threshold) {
    if (threshold < 1) {
      throw new IllegalArgumentException("threshold must be at least 1: " + threshold);
    }
    return 64 - Long.numberOfLeadingZeros(threshold);
  }

  private static void checkHashes(int numHashes) {
    if (numHashes < 1 || numHashes > MAX_HASHES) {
      throw new IllegalArgumentException(
          "numHashes must be in [1, " + MAX_HASHES + "]: " + numHashes);
    }
  }

  private static int checkedWords(long width, int numHashes, int counterBits) {
    checkHashes(numHashes);
    if (counterBits < 1 || counterBits > MAX_COUNTER_BITS) {
      throw new IllegalArgumentException(
          "counterBits must be in [1, " + MAX_COUNTER_BITS + "]: " + counterBits);
    }
    if (width < 1) {
      throw new IllegalArgumentException("width must be at least 1: " + width);
    }
    long words = wordsFor(width, numHashes, counterBits);
    if (words < 0 || words > MAX_WORDS) {
      throw new IllegalArgumentException(numHashes + " rows of " + width + " counters of "
          + counterBits + " bits do not fit in one array of 2^31 - 9 words");
    }
    return (int) words;
  }

  /** Words of {@code numHashes * width} counters of {@code counterBits} bits; -1 on overflow. */
  private static long wordsFor(long width, int numHashes, int counterBits) {
    long counters = (long) numHashes * width;
    if (counters / numHashes != width || counters > Long.MAX_VALUE / counterBits) {
      return -1;
    }
    return BitArray.wordsFor(counters * counterBits);
  }

  /** The hash of a key's bytes (the one strategy of the format). */
  public KeyHash hash(byte[] key, int offset, int length) {
    return hash.hash(key, offset, length);
  }

  /** Adds {@code weight} (&gt;= 0; 0 changes nothing) to the key's counter in every row. */
  public void add(KeyHash h, long weight) {
    if (weight < 0) {
      throw new IllegalArgumentException("weight must be non-negative: " + weight);
    }
    if (weight == 0) {
      return;
    }
    for (int i = 0; i < k; i++) {
      long c = index(i, h);
      set(c, saturatingAdd(get(c), weight));
    }
    items++;
    totalWeight = saturatingAdd(totalWeight, weight, Long.MAX_VALUE);
  }

  /** The key's estimate: the minimum of its k counters. */
  public long estimate(KeyHash h) {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      min = Math.min(min, get(index(i, h)));
    }
    return min;
  }

  /** Counter {@code j} of row {@code row} (0-based). */
  public long counter(int row, long j) {
    if (row < 0 || row >= k || j < 0 || j >= width) {
      throw new IndexOutOfBoundsException("row " + row + ", counter " + j + " of " + k + " x "
          + width);
    }
    return get(row * width + j);
  }

  /** The column of the key in {@code row}: {@code reduce(h1 + row * h2, width)}. */
  public long column(int row, KeyHash h) {
    return HashStrategy.position(h.h1(), h.h2(), row, width);
  }

  private long index(int row, KeyHash h) {
    return row * width + column(row, h);
  }

  /**
   * Adds {@code other}'s counters to this sketch's (each sum saturating at {@link #max()}), and its
   * items and total weight: the sketch of both inputs' additions, saturation aside.
   *
   * @throws IllegalArgumentException if the shapes or hashes differ (the message names both)
   */
  public void merge(CountMinSketch other) {
    if (other.width != width || other.k != k || other.bits != bits || other.hash != hash) {
      throw new IllegalArgumentException("cannot merge sketches of different shape: " + shape()
          + " vs " + other.shape());
    }
    long n = (long) k * width;
    for (long c = 0; c < n; c++) {
      long o = other.get(c);
      if (o != 0) {
        set(c, saturatingAdd(get(c), o));
      }
    }
    items += other.items;
    totalWeight = saturatingAdd(totalWeight, other.totalWeight, Long.MAX_VALUE);
  }

  private long saturatingAdd(long a, long b) {
    return saturatingAdd(a, b, max);
  }

  private static long saturatingAdd(long a, long b, long cap) {
    return b >= cap - a ? cap : a + b; // a, b >= 0, a <= cap
  }

  /** Value of the counter at flat index {@code c} = row * width + column. */
  private long get(long c) {
    long bit = c * bits;
    int w = BitArray.word(bit);
    int b = (int) (bit & 63);
    long v = words[w] >>> b;
    if (b + bits > 64) {
      v |= words[w + 1] << (64 - b);
    }
    return v & max;
  }

  private void set(long c, long value) {
    assert value >= 0 && value <= max : value;
    long bit = c * bits;
    int w = BitArray.word(bit);
    int b = (int) (bit & 63);
    words[w] = (words[w] & ~(max << b)) | (value << b);
    if (b + bits > 64) {
      int low = 64 - b; // bits of the counter in word w
      words[w + 1] = (words[w + 1] & ~(max >>> low)) | (value >>> low);
    }
  }

  /** Counters per row. */
  public long width() {
    return width;
  }

  /** Rows, one hash each. */
  public int numHashes() {
    return k;
  }

  /** Bits of a counter. */
  public int counterBits() {
    return bits;
  }

  /** The largest counter value, 2^b - 1: a counter there is saturated. */
  public long max() {
    return max;
  }

  /** Bits of the counters, {@code k * w * b}. */
  public long memoryBits() {
    return (long) k * width * bits;
  }

  /** Additions of a positive weight (merged sketches' summed). */
  public long items() {
    return items;
  }

  /** The weights added (merged sketches' summed), saturating at Long.MAX_VALUE. */
  public long totalWeight() {
    return totalWeight;
  }

  /** Counters at {@link #max()}. */
  public long saturatedCounters() {
    long n = (long) k * width;
    long s = 0;
    for (long c = 0; c < n; c++) {
      if (get(c) == max) {
        s++;
      }
    }
    return s;
  }

  private String shape() {
    return k + " x " + width + " counters of " + bits + " bits (" + hash + ")";
  }

  /**
   * The bound on the chance that a key of total {@code total} &lt; T becomes a candidate (estimate
   * &gt;= T) when the other keys' totals sum to {@code otherWeight}: {@code min(1, (otherWeight /
   * (width * (T - total)))^numHashes)} (Markov on each row's excess, rows independent; see the
   * class comment). 0 when no other weight exists.
   */
  public static double falseCandidateBound(double otherWeight, long total, long threshold,
      long width, int numHashes) {
    if (total >= threshold) {
      throw new IllegalArgumentException("total " + total + " is not below the threshold "
          + threshold);
    }
    double ratio = otherWeight / ((double) width * (threshold - total));
    return ratio >= 1 ? 1 : Math.pow(ratio, numHashes);
  }

  /**
   * The bound on the expected false candidates among keys of totals at most T/2 ({@code
   * lightKeys} of them, all keys' totals summing to {@code totalWeight}): {@code lightKeys *
   * min(1, (2 W / (w T))^k)}.
   */
  public static double lightFalseCandidateBound(long lightKeys, double totalWeight,
      long threshold, long width, int numHashes) {
    double ratio = 2 * totalWeight / ((double) width * threshold);
    return lightKeys * (ratio >= 1 ? 1 : Math.pow(ratio, numHashes));
  }

  /** Writes the image described in the class comment. */
  public void writeTo(OutputStream out) throws IOException {
    DataOutputStream d = new DataOutputStream(out);
    d.writeInt(MAGIC);
    d.writeByte(VERSION);
    d.writeByte(bits);
    d.writeShort(k);
    d.writeLong(width);
    d.writeLong(items);
    d.writeLong(totalWeight);
    d.writeByte(hash.id());
    for (long w : words) {
      d.writeLong(w);
    }
    d.flush();
  }

  /**
   * Reads an image written by {@link #writeTo}, to its end (bytes after the counters are an
   * error). {@code length}: the image's bytes when known (checked against the header before the
   * counters are allocated), else -1.
   *
   * @throws CorruptFilterException naming the field that is wrong (magic, version, counterBits,
   *     numHashes, width, items, totalWeight, hash, length, counters, trailing bytes)
   */
  public static CountMinSketch read(InputStream in, long length) throws IOException {
    DataInputStream d = new DataInputStream(in);
    int magic = readInt(d, "magic");
    if (magic != MAGIC) {
      throw new CorruptFilterException("magic", String.format(
          "0x%08x is not a Count-Min sketch (0x%08x, \"BKCM\")", magic, MAGIC));
    }
    int version = readByte(d, "version");
    if (version != VERSION) {
      throw new CorruptFilterException("version", version + ", this code reads " + VERSION);
    }
    int bits = readByte(d, "counterBits");
    if (bits < 1 || bits > MAX_COUNTER_BITS) {
      throw new CorruptFilterException("counterBits", bits + " is not in [1, 63]");
    }
    int k = readShort(d, "numHashes");
    if (k < 1) {
      throw new CorruptFilterException("numHashes", k + " is not in [1, " + MAX_HASHES + "]");
    }
    long width = readLong(d, "width");
    long words = width < 1 ? -1 : wordsFor(width, k, bits);
    if (words < 0 || words > MAX_WORDS) {
      throw new CorruptFilterException("width", width + " (x " + k + " rows of " + bits
          + "-bit counters) is not a size one array holds");
    }
    long items = readLong(d, "items");
    if (items < 0) {
      throw new CorruptFilterException("items", items + " is negative");
    }
    long weight = readLong(d, "totalWeight");
    if (weight < 0) {
      throw new CorruptFilterException("totalWeight", weight + " is negative");
    }
    int hashId = readByte(d, "hash");
    HashStrategy hash = HashStrategy.fromId(hashId);
    if (hash == null) {
      throw new CorruptFilterException("hash", "unknown hash strategy id " + hashId);
    }
    if (length >= 0 && length != HEADER_BYTES + 8 * words) {
      throw new CorruptFilterException("length", length + " bytes, the header says "
          + (HEADER_BYTES + 8 * words) + " (" + HEADER_BYTES + " + " + words + " counter words)");
    }
    long[] w = new long[(int) words];
    for (int i = 0; i < w.length; i++) {
      w[i] = readLong(d, "counters");
    }
    if (d.read() >= 0) {
      throw new CorruptFilterException("trailing bytes", "bytes after the last counter word");
    }
    long used = (long) k * width * bits;
    int tail = (int) (used & 63);
    if (tail != 0 && (w[w.length - 1] >>> tail) != 0) {
      throw new CorruptFilterException("counters", "bits set past the last counter");
    }
    CountMinSketch s = new CountMinSketch(width, k, bits, hash, w);
    s.items = items;
    s.totalWeight = weight;
    return s;
  }

  /** Bytes of the image of a sketch of this shape. */
  public long serializedBytes() {
    return HEADER_BYTES + 8L * words.length;
  }

  private static int readInt(DataInputStream d, String field) throws IOException {
    try {
      return d.readInt();
    } catch (EOFException e) {
      throw truncated(field);
    }
  }

  private static int readShort(DataInputStream d, String field) throws IOException {
    try {
      return d.readShort();
    } catch (EOFException e) {
      throw truncated(field);
    }
  }

  private static int readByte(DataInputStream d, String field) throws IOException {
    try {
      return d.readUnsignedByte();
    } catch (EOFException e) {
      throw truncated(field);
    }
  }

  private static long readLong(DataInputStream d, String field) throws IOException {
    try {
      return d.readLong();
    } catch (EOFException e) {
      throw truncated(field);
    }
  }

  private static CorruptFilterException truncated(String field) {
    return new CorruptFilterException(field, "truncated (the image ends inside it)");
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CountMinSketch)) {
      return false;
    }
    CountMinSketch s = (CountMinSketch) o;
    return s.width == width && s.k == k && s.bits == bits && s.hash == hash
        && s.items == items && s.totalWeight == totalWeight && Arrays.equals(s.words, words);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(words) * 31 + Long.hashCode(width * 31 + k * 7 + bits);
  }

  @Override
  public String toString() {
    return "CountMinSketch[" + shape() + ", items=" + items + ", totalWeight=" + totalWeight
        + "]";
  }
}
