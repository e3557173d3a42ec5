package io.bloomkit.core.format;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.HashStrategy;

/**
 * What each family keeps in the header's generic fields, and the parameters that open its
 * payload: one small value class per family (or kind), named by its parameters instead of the
 * header's positional fields. Each is drawn below as the file's bytes, one row per long, byte 0
 * (the most significant, the format is big-endian) on the left, as DataSketches' {@code
 * PreambleUtil} draws its preambles; rows 0 to 7 are the header ({@link FilterFormat}), row 8
 * on the payload. The checksum follows the payload.
 *
 * <p>The membership families' block is their {@link io.bloomkit.core.FilterShape}: the header is
 * {@code new FilterFormat.Header(shape, hash, items, payloadBytes)}.
 *
 * <p><b>bf</b> (Bloom filter):
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic "BLMK"                      | version 1       | fam 1  | hash 1 |
 *   1  || numHashes k                       | variant 0                         |
 *   2  || positions: bits m                                                     |
 *   3  || counters: 0                                                           |
 *   4  || memoryBits: m                                                         |
 *   5  || items: keys added                                                     |
 *   6  || capacity: items n it was sized for                                    |
 *   7  || payloadBytes: 8 * ceil(m / 64)                                        |
 *   8  || bits: ceil(m / 64) longs; bit i is bit (i mod 64) of word i / 64      |
 *  ..  || ...                                                                   |
 * </pre>
 *
 * <p><b>cbf</b> (counting Bloom filter, counter i in nibble {@code i & 15} of word {@code i >>> 4}):
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic "BLMK"                      | version 1       | fam 2  | hash 1 |
 *   1  || numHashes k                       | variant 0                         |
 *   2  || positions: counters m                                                 |
 *   3  || counters: m                                                           |
 *   4  || memoryBits: 4m                                                        |
 *   5  || items: keys held                                                      |
 *   6  || capacity: items n it was sized for                                    |
 *   7  || payloadBytes: 8 * ceil(m / 16)                                        |
 *   8  || counters: ceil(m / 16) longs, 16 four-bit counters per long           |
 *  ..  || ...                                                                   |
 * </pre>
 *
 * <p><b>acbf</b> (accurate counting Bloom filter; the level lengths are not stored: {@code
 * |L(j+1)| = popcount(Lj)}):
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic "BLMK"                      | version 1       | fam 3  | hash 1 |
 *   1  || numHashes k                       | variant: AcbfSizing id            |
 *   2  || positions: first level m1                                             |
 *   3  || counters: m, of the CBF it replaces                                   |
 *   4  || memoryBits: 4m                                                        |
 *   5  || items: keys held                                                      |
 *   6  || capacity: C, most keys the idle space holds                           |
 *   7  || payloadBytes: 8 W1 + 12 + 8 ceil(k items / 64)                        |
 *   8  || first level L1: W1 = ceil(m1 / 64) longs                              |
 *  ..  || levels above L1                   | levelBits (a long) ...            |
 *  ..  || ... levelBits = k * items         | levels L2..Ld, one bit stream     |
 *  ..  || ... ceil(levelBits / 64) longs in all                                 |
 * </pre>
 *
 * <p><b>exact</b> (exact key set, keys strictly increasing):
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic "BLMK"                      | version 1       | fam 4  | hash 1 |
 *   1  || numHashes 1                       | variant 0                         |
 *   2  || positions: keys n                                                     |
 *   3  || counters: 0                                                           |
 *   4  || memoryBits: 8 * payloadBytes                                          |
 *   5  || items: n                                                              |
 *   6  || capacity: n                                                           |
 *   7  || payloadBytes: 4n + key bytes                                          |
 *   8  || length of key 0                   | length of key 1 ...               |
 *  ..  || the keys' bytes, unsigned lexicographic order                         |
 * </pre>
 *
 * The stream families and lcbf have the nested blocks: {@link Stable}, {@link Importance},
 * {@link Reservoir}, {@link StreamBloom}, {@link Timer}, {@link DynamicTimer}, {@link
 * LinkedCounting}. Their header's hash is always {@link HashStrategy#MURMUR3_128_DOUBLE} and
 * capacity 0; each block's {@code PARAMETER_BYTES} is the length of the payload before the state
 * words (cells, bits, timers or layers).
 */
public abstract class ParameterBlock {
  private final FilterFamily family;
  private final int numHashes;
  private final int variant;
  private final long positions;
  private final long counters;
  private final long memoryBits;

  private ParameterBlock(
      FilterFamily family, int numHashes, int variant, long positions, long counters,
      long memoryBits) {
    this.family = family;
    this.numHashes = numHashes;
    this.variant = variant;
    this.positions = positions;
    this.counters = counters;
    this.memoryBits = memoryBits;
  }

  /** The header of a file of this block holding {@code items} and {@code payloadBytes}. */
  public final FilterFormat.Header header(long items, long payloadBytes) {
    return new FilterFormat.Header(
        family, HashStrategy.MURMUR3_128_DOUBLE, numHashes, variant, positions, counters,
        memoryBits, items, 0, payloadBytes);
  }

  /**
   * Stable Bloom filter, family 5: m cells of d bits ({@code max = 2^d - 1}), K hashes; items is
   * the count of elements offered, which the payload repeats after the random state.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 5  | hash 1 |
   *   1  || numHashes K                       | variant 0                         |
   *   2  || positions: cells m                                                    |
   *   3  || counters: m                                                           |
   *   4  || memoryBits: m * d                                                     |
   *   5  || items: elements offered                                               |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 32 + 8 ceil(m d / 64)                                   |
   *   8  || max = 2^d - 1                     | decrements P                      |
   *   9  || seed                                                                  |
   *  10  || rngState                                                              |
   *  11  || offered (= items)                                                     |
   *  12  || cells: ceil(m d / 64) longs, d bits each                              |
   * </pre>
   */
  public static final class Stable extends ParameterBlock {
    /** Bytes of max, decrements, seed, random state and count, before the cells. */
    public static final int PARAMETER_BYTES = 32;

    public Stable(long cells, int cellBits, int numHashes) {
      super(FilterFamily.STABLE, numHashes, 0, cells, cells, cells * cellBits);
    }
  }

  /**
   * Importance-aware Bloom filter, family 7: the cells of {@link Stable}, the IBF variant
   * (1 2C, 2 MC, 3 H, 4 2C as Algorithm 1) in {@code variant}, the importance range after the decrements.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 7  | hash 1 |
   *   1  || numHashes K                       | variant: IbfVariant id            |
   *   2  || positions: cells m                                                    |
   *   3  || counters: m                                                           |
   *   4  || memoryBits: m * d                                                     |
   *   5  || items: elements offered                                               |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 48 + 8 ceil(m d / 64)                                   |
   *   8  || max = 2^d - 1                     | decrements P                      |
   *   9  || importanceMin, IEEE 754 bits                                          |
   *  10  || importanceMax, IEEE 754 bits                                          |
   *  11  || seed                                                                  |
   *  12  || rngState                                                              |
   *  13  || offered (= items)                                                     |
   *  14  || cells: ceil(m d / 64) longs, d bits each                              |
   * </pre>
   */
  public static final class Importance extends ParameterBlock {
    /** Bytes of max, decrements, importance range, seed, random state and count, before the cells. */
    public static final int PARAMETER_BYTES = 48;

    public Importance(int variant, long cells, int cellBits, int numHashes) {
      super(FilterFamily.IMPORTANCE, numHashes, variant, cells, cells, cells * cellBits);
    }
  }

  /**
   * Reservoir-sampling Bloom filter, family 6: k filters of s bits, one bit stream.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 6  | hash 1 |
   *   1  || numHashes k                       | variant 0                         |
   *   2  || positions: bits s per filter                                          |
   *   3  || counters: 0                                                           |
   *   4  || memoryBits: k * s                                                     |
   *   5  || items: elements offered                                               |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 32 + 8 ceil(k s / 64)                                   |
   *   8  || threshold p*, IEEE 754 bits                                           |
   *   9  || seed                                                                  |
   *  10  || rngState                                                              |
   *  11  || offered (= items)                                                     |
   *  12  || bits: ceil(k s / 64) longs, filter j at j * s                         |
   * </pre>
   */
  public static final class Reservoir extends ParameterBlock {
    /** Bytes of threshold, seed, random state and count, before the bits. */
    public static final int PARAMETER_BYTES = 32;

    public Reservoir(int numHashes, long filterBits) {
      super(FilterFamily.RESERVOIR, numHashes, 0, filterBits, 0, numHashes * filterBits);
    }
  }

  /**
   * A Bloom filter as a stream filter, family 10: m bits, k hashes, no eviction.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 10 | hash 1 |
   *   1  || numHashes k                       | variant 0                         |
   *   2  || positions: bits m                                                     |
   *   3  || counters: 0                                                           |
   *   4  || memoryBits: m                                                         |
   *   5  || items: elements offered                                               |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 8 + 8 ceil(m / 64)                                      |
   *   8  || offered (= items)                                                     |
   *   9  || bits: ceil(m / 64) longs                                              |
   * </pre>
   */
  public static final class StreamBloom extends ParameterBlock {
    /** Bytes of the count, before the bits. */
    public static final int PARAMETER_BYTES = 8;

    public StreamBloom(long bits, int numHashes) {
      super(FilterFamily.STREAM_BLOOM, numHashes, 0, bits, 0, bits);
    }
  }

  /**
   * A single timer filter of "One is Enough", family 8, variant 0 (or {@value
   * #OCCURRENCE_VARIANT} with the occurrence window: same payload): m timers of {@code b =
   * ceil(log2(w + 1))} bits ({@link #timerBits}), k hashes, window w. The payload field
   * {@code equalTimers} holds k', the least number of equal timers the heuristic needs for a
   * duplicate (0: off); the name stays as written in files and JSON.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 8  | hash 1 |
   *   1  || numHashes k                       | variant 0, or 3 occurrence        |
   *   2  || positions: timers m                                                   |
   *   3  || counters: 0                                                           |
   *   4  || memoryBits: m * b, b = ceil(log2(w + 1))                              |
   *   5  || items: events inserted                                                |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 20 + 8 ceil(m b / 64)                                   |
   *   8  || window w                                                              |
   *   9  || now, the clock (Long.MIN_VALUE: no event)                             |
   *  10  || equalTimers: k', 0 off            | timers: ceil(m b / 64) longs ...  |
   *  ..  || ... each timer max(0, expiry - now), b bits                           |
   * </pre>
   */
  public static final class Timer extends ParameterBlock {
    /** Variant of a single timer filter with the occurrence window. */
    public static final int OCCURRENCE_VARIANT = 3;
    /** Bytes of window, clock and k', before the timers. */
    public static final int PARAMETER_BYTES = 20;

    public Timer(long timers, int numHashes, long window, boolean everyOccurrence) {
      super(
          FilterFamily.TIMER, numHashes, everyOccurrence ? OCCURRENCE_VARIANT : 0, timers, 0,
          timers * timerBits(window));
    }

    /**
     * Bits of one timer of a window of w time units: a live timer holds 1..w, 0 is expired, so
     * {@code ceil(log2(w + 1))} [One is Enough sec. 4, cited by {@code
     * io.bloomkit.window.WindowTheory#timerBits}; here since the layout needs it].
     */
    public static int timerBits(long window) {
      BloomMath.requirePositive("window", window);
      return 64 - Long.numberOfLeadingZeros(window);
    }
  }

  /**
   * A dynamically sized timer filter ("One is Enough" section 5), family 8, variant 1 (threshold
   * by cardinality) or 2 (by density): F timer filters of one shape; each filter's items and
   * timers follow the parameters as in {@link Timer}.
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 8  | hash 1 |
   *   1  || numHashes k                       | variant 1 card., 2 density        |
   *   2  || positions: timers m per filter                                        |
   *   3  || counters: filters F                                                   |
   *   4  || memoryBits: F * m * b                                                 |
   *   5  || items: events in all filters                                          |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 48 + F (8 + 8 ceil(m b / 64))                           |
   *   8  || window w                                                              |
   *   9  || now, the clock                                                        |
   *  10  || equalTimers: k', 0 off            | fpp P, IEEE 754 bits ...          |
   *  11  || ... fpp                           | tighten, a long: 0 or 1 ...       |
   *  12  || ... tighten                       | created, a long ...               |
   *  13  || ... created                       | maxFilters                        |
   *  14  || F times: items of the filter, then its timers                         |
   * </pre>
   */
  public static final class DynamicTimer extends ParameterBlock {
    /** Bytes of window, clock, k', fpp, tighten, created and maxFilters, before the filters. */
    public static final int PARAMETER_BYTES = 48;

    public DynamicTimer(int thresholdVariant, long timers, int numHashes, long window, int filters) {
      super(
          FilterFamily.TIMER, numHashes, thresholdVariant, timers, filters,
          filters * timers * Timer.timerBits(window));
    }
  }

  /**
   * Linked counting Bloom filter, family 9, in the two-layer encoding of its paper (section V):
   * m entries, V stored values of l bits; {@code bits = m + V (l + 1)} ({@link #bits}).
   *
   * <pre>
   * Long || 0        1        2        3        4        5        6        7
   * Adr  ||
   *   0  || magic "BLMK"                      | version 1       | fam 9  | hash 1 |
   *   1  || numHashes k                       | variant 0                         |
   *   2  || positions: entries m                                                  |
   *   3  || counters: stored values V                                             |
   *   4  || memoryBits: m + V (l + 1)                                             |
   *   5  || items: items inserted                                                 |
   *   6  || capacity: 0                                                           |
   *   7  || payloadBytes: 12 + 8 ceil(bits / 64)                                  |
   *   8  || valueBits l                       | seed, a long ...                  |
   *   9  || ... seed                          | layers: one bit stream ...        |
   *  ..  || ... first layer (m bits), then per value: link bit, l bits            |
   * </pre>
   */
  public static final class LinkedCounting extends ParameterBlock {
    /** Bytes of valueBits and seed, before the layers. */
    public static final int PARAMETER_BYTES = 12;

    public LinkedCounting(long entries, int numHashes, long values, int valueBits) {
      super(
          FilterFamily.LINKED_COUNTING, numHashes, 0, entries, values,
          bits(entries, values, valueBits));
    }

    /**
     * Bits of the two-layer encoding: m first-layer bits plus (l + 1) bits per stored value (value
     * and link bit) [Icebergs sec. V, cited by {@code io.bloomkit.lcbf.LcbfTheory#twoLayerBits};
     * here since the layout needs it].
     */
    public static long bits(long entries, long values, int valueBits) {
      BloomMath.requirePositive("m", entries);
      return entries + (valueBits + 1L) * values;
    }
  }
}
