package io.bloomkit.acbf;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.BitStreams;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * Accurate counting Bloom filter (ACBF; Li, Huang, Zhang, Qin, Mathematical Problems in
 * Engineering 2013, id 516298), within the memory budget of a CBF of m 4-bit counters (4m bits).
 *
 * <p><b>Structure</b> (section 3.1). A counter of value c at position i of the first level L1 is a 1
 * in L1, 1s in L2..Lc and a 0 in L(c+1); a zero counter is a 0 in L1 and nothing more. Every 1 in
 * level j owns exactly one bit of level j+1, found by offset indexing: bit p of Lj owns bit
 * {@code rank1(Lj, p)} of L(j+1), so {@code |L(j+1)| = popcount(Lj)}. The bits above L1 total
 * exactly {@code k * items}; they grow into the idle space {@code 4m - m1}, sized by {@link
 * io.bloomkit.core.AcbfSizing} (eq. 4 or eq. 6). Only L1 answers queries (eq. 3).
 *
 * <p><b>Invariants</b>, checked by the tests after every operation:
 *
 * <ol>
 *   <li>each counter equals the length of its chain of 1s;
 *   <li>{@code |L(j+1)| = popcount(Lj)} for every level;
 *   <li>the level bits above L1 total {@code k * items()} and never exceed {@code 4m - m1};
 *   <li>no false negative: every added, not removed key is reported present.
 * </ol>
 *
 * <p><b>Blocked levels.</b> The paper shifts whole levels on each update (O(level size), 1.4-4.2 ms
 * per update in its figure 7). Here L1 is cut into segments of {@value #SEGMENT_BITS} bits. By
 * offset indexing the bits a segment owns in L2 are contiguous, and so are the bits those own in L3,
 * and so on: each segment's part of L2..Ld is kept as its own small bit stream, and the global level
 * Lj is the concatenation, over segments in order, of their parts of Lj. An update walks and shifts
 * only its segment's stream: O(levels * segment) instead of O(level size). The serialized form is
 * the paper's: L1, then the global levels L2..Ld, without the idle space.
 *
 * <p><b>Operations</b> (algorithms 1-3). Insert, per hash position: walk down while the bit is 1;
 * at the first 0, set it and insert a 0 into the next level at its rank. Delete: walk to the last 1
 * of the chain, clear it and remove the terminating 0 below. Deleting a key whose counters are not
 * all positive is an error that leaves the filter unchanged; inserting past the idle space is an
 * error that leaves it unchanged. Counters never saturate.
 */
public final class AccurateCountingBloomFilter implements CountingFilter {
  static final int SEGMENT_SHIFT = 12;
  /** First-level bits per segment. */
  static final int SEGMENT_BITS = 1 << SEGMENT_SHIFT;

  private static final long SEGMENT_MASK = SEGMENT_BITS - 1;

  final FilterShape shape;
  final HashStrategy hash;
  final long m1;
  final int k;
  final long idleBits;
  final long[] l1;
  final long[][] upper; // per segment: its bits of L2..Ld, level after level
  final int[] upperBits; // per segment: bits used in upper[s]
  final int[] segmentOnes; // per segment: set bits of its L1 part = |its L2 part|
  private final long[] scratch;
  long l1Ones;
  long levelBits;
  long items;

  private AccurateCountingBloomFilter(FilterShape shape, HashStrategy hash) {
    this(shape, hash, null);
  }

  /** With {@code firstLevel} (read from a file) as L1, or an empty one if null. */
  AccurateCountingBloomFilter(FilterShape shape, HashStrategy hash, long[] firstLevel) {
    if (shape.family() != FilterFamily.ACCURATE_COUNTING) {
      throw new IllegalArgumentException("not an ACBF shape: " + shape);
    }
    this.shape = shape;
    this.hash = hash;
    this.m1 = shape.positions();
    this.k = shape.numHashes();
    this.idleBits = shape.memoryBits() - m1;
    long words = BitArray.wordsFor(m1);
    long segments = (m1 + SEGMENT_BITS - 1) >>> SEGMENT_SHIFT;
    if (words > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("first level too large for one array: " + m1);
    }
    this.l1 = firstLevel != null ? firstLevel : new long[(int) words];
    this.upper = new long[(int) segments][];
    this.upperBits = new int[(int) segments];
    this.segmentOnes = new int[(int) segments];
    this.scratch = new long[k];
  }

  /** An empty ACBF of the given shape (see {@link FilterShape#acbf}). */
  public static AccurateCountingBloomFilter create(FilterShape shape) {
    return new AccurateCountingBloomFilter(shape, HashStrategy.MURMUR3_128_DOUBLE);
  }

  /**
   * A builder that counts keys into a flat array and encodes the levels once: O(m + k*n) instead of
   * n walks. For building from a key set; the result is identical to adding the keys one by one.
   */
  public static BulkBuilder bulkBuilder(FilterShape shape) {
    return new BulkBuilder(shape);
  }

  /**
   * Counts keys into one byte per first-level position, then encodes the levels once. Positions are
   * buffered and applied in batches: the increments are random memory accesses, and a tight loop
   * of them lets the processor overlap the cache misses that hashing in between would serialize.
   */
  public static final class BulkBuilder {
    private static final int BATCH = 4096;

    private final AccurateCountingBloomFilter filter;
    private final byte[] counts; // unsigned; 255 means "see overflow"
    private final java.util.Map<Long, Long> overflow = new java.util.HashMap<>();
    private final int[] pending;
    private int pendingCount;
    private long items;

    private BulkBuilder(FilterShape shape) {
      this.filter = create(shape);
      if (shape.positions() > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(
            "bulk build needs m1 < 2^31 (one byte per position); add keys one by one instead");
      }
      this.counts = new byte[(int) shape.positions()];
      this.pending = new int[BATCH * shape.numHashes()];
    }

    /** Counts one occurrence of a key. */
    public BulkBuilder add(KeyHash h) {
      long h1 = h.h1();
      long h2 = h.h2();
      for (int i = 0; i < filter.k; i++) {
        pending[pendingCount++] = (int) HashStrategy.position(h1, h2, i, filter.m1);
      }
      if (pendingCount == pending.length) {
        flush();
      }
      items++;
      return this;
    }

    private void flush() {
      byte[] c = counts;
      for (int j = 0; j < pendingCount; j++) {
        int p = pending[j];
        int v = c[p] & 0xFF;
        if (v < 255) {
          c[p] = (byte) (v + 1);
        } else {
          overflow.merge((long) p, 1L, Long::sum);
        }
      }
      pendingCount = 0;
    }

    public BulkBuilder add(String key) {
      return add(filter.hash.hash(key));
    }

    public long items() {
      return items;
    }

    /**
     * Encodes the filter.
     *
     * @throws IllegalStateException if more keys were added than the idle space holds
     */
    public AccurateCountingBloomFilter build() {
      filter.checkRoom(items * filter.k, "bulk build of " + items + " items");
      flush();
      int[] segCounts = new int[SEGMENT_BITS];
      for (int s = 0; s < filter.upper.length; s++) {
        int base = s << SEGMENT_SHIFT;
        int len = filter.segmentLength(s);
        for (int q = 0; q < len; q++) {
          int c = counts[base + q] & 0xFF;
          segCounts[q] = c < 255 ? c : (int) (255 + overflow.getOrDefault((long) base + q, 0L));
        }
        filter.encodeSegment(s, segCounts, len);
      }
      filter.items = items;
      return filter;
    }
  }

  int segmentLength(int s) {
    return (int) Math.min(SEGMENT_BITS, m1 - ((long) s << SEGMENT_SHIFT));
  }

  void checkRoom(long moreLevelBits, String what) {
    if (levelBits + moreLevelBits > idleBits) {
      throw new IllegalStateException(
          "ACBF idle space exhausted: " + what + " needs " + moreLevelBits + " level bits, "
              + (idleBits - levelBits) + " of " + idleBits + " left (capacity " + shape.capacity()
              + " items, holding " + items + "); rebuild with a larger capacity");
    }
  }

  private long[] positions(KeyHash h) {
    for (int i = 0; i < k; i++) {
      scratch[i] = HashStrategy.position(h.h1(), h.h2(), i, m1);
    }
    return scratch;
  }

  @Override
  public void add(KeyHash h) {
    checkRoom(k, "one insert");
    long[] p = positions(h);
    for (int i = 0; i < k; i++) {
      increment(p[i]);
    }
    items++;
  }

  @Override
  public void remove(KeyHash h) {
    long[] p = positions(h);
    for (int i = 0; i < k; i++) {
      int mult = 0;
      for (int j = 0; j < k; j++) {
        if (p[j] == p[i]) {
          mult++;
        }
      }
      long c = counter(p[i]);
      if (c < mult) {
        throw new IllegalArgumentException(
            "cannot remove a non-member: counter " + p[i] + " is " + c + " (" + h + ")");
      }
    }
    for (int i = 0; i < k; i++) {
      decrement(p[i]);
    }
    items--;
  }

  @Override
  public boolean mightContain(KeyHash h) {
    long h1 = h.h1();
    long h2 = h.h2();
    for (int i = 0; i < k; i++) {
      long p = HashStrategy.position(h1, h2, i, m1);
      if ((l1[BitArray.word(p)] & BitArray.mask(p)) == 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public long count(KeyHash h) {
    long min = Long.MAX_VALUE;
    for (int i = 0; i < k; i++) {
      min = Math.min(min, counter(HashStrategy.position(h.h1(), h.h2(), i, m1)));
      if (min == 0) {
        break;
      }
    }
    return min;
  }

  @Override
  public long counter(long p) {
    if (p < 0 || p >= m1) {
      throw new IndexOutOfBoundsException("position " + p + " not in [0, " + m1 + ")");
    }
    if (!BitStreams.get(l1, p)) {
      return 0;
    }
    int s = (int) (p >>> SEGMENT_SHIFT);
    long segStart = (long) s << SEGMENT_SHIFT;
    long[] u = upper[s];
    int levelStart = 0;
    int levelLen = segmentOnes[s];
    int idx = (int) BitStreams.popcount(l1, segStart, p);
    long c = 1;
    while (BitStreams.get(u, levelStart + idx)) {
      c++;
      int nextStart = levelStart + levelLen;
      int nextLen = (int) BitStreams.popcount(u, levelStart, nextStart);
      idx = (int) BitStreams.popcount(u, levelStart, levelStart + idx);
      levelStart = nextStart;
      levelLen = nextLen;
    }
    return c;
  }

  /** Algorithm 2 for one position: extend the chain by one bit. */
  private void increment(long p) {
    int s = (int) (p >>> SEGMENT_SHIFT);
    long segStart = (long) s << SEGMENT_SHIFT;
    int rank = (int) BitStreams.popcount(l1, segStart, p);
    if (!BitStreams.get(l1, p)) {
      BitStreams.set(l1, p);
      l1Ones++;
      segmentOnes[s]++;
      insertUpper(s, rank);
      return;
    }
    long[] u = upper[s];
    int levelStart = 0;
    int levelLen = segmentOnes[s];
    int idx = rank;
    while (true) {
      int pos = levelStart + idx;
      int nextStart = levelStart + levelLen;
      int below = (int) BitStreams.popcount(u, levelStart, pos);
      if (!BitStreams.get(u, pos)) {
        BitStreams.set(u, pos);
        insertUpper(s, nextStart + below);
        return;
      }
      levelLen = (int) BitStreams.popcount(u, levelStart, nextStart);
      levelStart = nextStart;
      idx = below;
    }
  }

  /** Algorithm 3 for one position whose counter is positive: shorten the chain by one bit. */
  private void decrement(long p) {
    int s = (int) (p >>> SEGMENT_SHIFT);
    long segStart = (long) s << SEGMENT_SHIFT;
    long[] u = upper[s];
    int levelStart = 0;
    int levelLen = segmentOnes[s];
    int idx = (int) BitStreams.popcount(l1, segStart, p);
    int lastOne = -1; // position in u of the last 1 of the chain; -1: it is the L1 bit
    while (true) {
      int pos = levelStart + idx;
      if (!BitStreams.get(u, pos)) {
        if (lastOne < 0) {
          BitStreams.clear(l1, p);
          l1Ones--;
          segmentOnes[s]--;
        } else {
          BitStreams.clear(u, lastOne);
        }
        deleteUpper(s, pos);
        return;
      }
      lastOne = pos;
      int nextStart = levelStart + levelLen;
      levelLen = (int) BitStreams.popcount(u, levelStart, nextStart);
      idx = (int) BitStreams.popcount(u, levelStart, pos);
      levelStart = nextStart;
    }
  }

  private void insertUpper(int s, int pos) {
    long[] u = upper[s];
    int used = upperBits[s];
    if (u == null || ((long) u.length << 6) < used + 1) {
      int words = (int) BitArray.wordsFor(used + 1);
      u = u == null ? new long[words] : Arrays.copyOf(u, words + Math.max(1, words >>> 3));
      upper[s] = u;
    }
    BitStreams.insert(u, used, pos, false);
    upperBits[s] = used + 1;
    levelBits++;
  }

  private void deleteUpper(int s, int pos) {
    BitStreams.delete(upper[s], upperBits[s], pos);
    upperBits[s]--;
    levelBits--;
  }

  private int[] segmentScratch;

  /** A reusable array of one segment's positions (decode and encode never nest). */
  private int[] scratch() {
    if (segmentScratch == null) {
      segmentScratch = new int[SEGMENT_BITS];
    }
    return segmentScratch;
  }

  /** The counters of segment s into {@code counts[0, len)}. */
  void decodeSegment(int s, int[] counts, int len) {
    long segStart = (long) s << SEGMENT_SHIFT;
    int[] owners = scratch(); // positions whose chain reaches the current level, in order
    int n = 0;
    for (int q = 0; q < len; q++) {
      boolean one = BitStreams.get(l1, segStart + q);
      counts[q] = one ? 1 : 0;
      if (one) {
        owners[n++] = q;
      }
    }
    long[] u = upper[s];
    int levelStart = 0;
    while (n > 0) {
      int next = 0;
      for (int t = 0; t < n; t++) {
        if (BitStreams.get(u, levelStart + t)) {
          counts[owners[t]]++;
          owners[next++] = owners[t];
        }
      }
      levelStart += n;
      n = next;
    }
  }

  /** Replaces segment s with the encoding of {@code counts[0, len)}. */
  void encodeSegment(int s, int[] counts, int len) {
    int[] owners = scratch();
    int n = 0;
    int base = s << (SEGMENT_SHIFT - 6); // segments start on word boundaries
    for (int w = 0, q0 = 0; q0 < len; w++, q0 += 64) {
      long bits = 0;
      int end = Math.min(len, q0 + 64);
      for (int q = q0; q < end; q++) {
        if (counts[q] > 0) {
          bits |= 1L << q;
          owners[n++] = q;
        }
      }
      l1Ones += Long.bitCount(bits) - Long.bitCount(l1[base + w]);
      l1[base + w] = bits;
    }
    levelBits -= upperBits[s];
    segmentOnes[s] = n;
    if (n == 0) {
      upper[s] = null;
      upperBits[s] = 0;
      return;
    }
    BitStreams.Writer w = new BitStreams.Writer((n >>> 6) + 1);
    for (int level = 2; n > 0; level++) {
      int next = 0;
      for (int t = 0; t < n; t++) {
        boolean one = counts[owners[t]] >= level;
        w.append(one);
        if (one) {
          owners[next++] = owners[t];
        }
      }
      n = next;
    }
    upper[s] = w.toWords(1);
    upperBits[s] = (int) w.size();
    levelBits += w.size();
  }

  /**
   * Adds the counters of another ACBF of the same shape and hash.
   *
   * @throws IllegalArgumentException if the shapes differ (naming both values)
   * @throws IllegalStateException if the sum does not fit in the idle space; this filter is then
   *     unchanged
   */
  @Override
  public void merge(CountingFilter other) {
    AcbfLevels.merge(this, other);
  }

  /**
   * Subtracts the counters of another ACBF of the same shape and hash: segment by segment, decoded,
   * subtracted and encoded again, so the levels shrink as the counters do.
   *
   * @throws IllegalArgumentException if the shapes differ (naming both values) or any counter would
   *     go below zero (naming how many); this filter is then unchanged
   */
  @Override
  public void subtract(CountingFilter other) {
    AcbfLevels.subtract(this, other);
  }

  /**
   * Checks invariants 2 and 3 of the class comment from scratch and returns a description of the
   * first violation, or null. For tests: O(m1).
   */
  public String invariantViolation() {
    return AcbfLevels.invariantViolation(this);
  }

  /** Number of levels holding at least one bit, L1 included. */
  public int levels() {
    return levelLengths().length;
  }

  /** Sizes of L1, L2, ... Ld (every level with at least one bit). */
  public long[] levelLengths() {
    return AcbfLevels.levelLengths(this);
  }

  /** Bits above L1: always {@code k * items()}. */
  public long levelBits() {
    return levelBits;
  }

  /** Idle bits left inside the 4m budget. */
  public long idleBitsLeft() {
    return idleBits - levelBits;
  }

  /**
   * Estimated heap bits of this updatable form: L1, the segment streams with their slack and
   * object headers, and the per-segment bookkeeping. Compare with {@link #memoryBits()} (4m).
   */
  public long inMemoryBits() {
    long bits = 64L * l1.length + 128; // L1 array with its header
    bits += 64L * upper.length + 128; // references
    bits += 2 * (32L * upperBits.length + 128); // used-bit and L1-ones counts
    for (long[] u : upper) {
      if (u != null) {
        bits += 64L * u.length + 128;
      }
    }
    return bits;
  }


  @Override
  public FilterShape shape() {
    return shape;
  }

  @Override
  public HashStrategy hashStrategy() {
    return hash;
  }

  @Override
  public long items() {
    return items;
  }


  /** L1 and the global levels L2..Ld, without the idle space (see the class comment). */
  @Override
  public void writeTo(OutputStream out) throws IOException {
    AcbfFormat.write(this, out);
  }

  /**
   * Checks, before anything is allocated, that the header's payload length is the one its shape and
   * items imply. Returns the first level's word count (see {@link AcbfFormat}).
   */
  public static int checkPayloadBytes(FilterFormat.Header h, FilterShape shape)
      throws CorruptFilterException {
    return AcbfFormat.checkPayloadBytes(h, shape);
  }

  /** Reads the payload of an ACBF whose header {@code r} has opened (see {@link AcbfFormat}). */
  public static AccurateCountingBloomFilter read(FilterFormat.Reader r) throws IOException {
    return AcbfFormat.read(r);
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof AccurateCountingBloomFilter)) {
      return false;
    }
    AccurateCountingBloomFilter a = (AccurateCountingBloomFilter) o;
    if (!a.shape.compatibleWith(shape) || a.hash != hash || !Arrays.equals(a.l1, l1)) {
      return false;
    }
    for (int s = 0; s < upper.length; s++) {
      if (a.upperBits[s] != upperBits[s]) {
        return false;
      }
      for (long i = 0; i < upperBits[s]; i++) {
        if (BitStreams.get(a.upper[s], i) != BitStreams.get(upper[s], i)) {
          return false;
        }
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(l1);
  }

  @Override
  public String toString() {
    return "AccurateCountingBloomFilter[" + shape + ", items=" + items + ", levels=" + levels() + "]";
  }
}
