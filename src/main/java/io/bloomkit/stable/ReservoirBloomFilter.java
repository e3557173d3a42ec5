package io.bloomkit.stable;

import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reservoir-sampling based Bloom filter (RSBF; Dutta, Bhattacharjee, Narang, "Towards Intelligent
 * Compression in Streams: A Biased Reservoir Sampling based Bloom Filter Approach", EDBT 2012,
 * section 4 and Algorithm 1): k Bloom filters of s bits each (M = k*s bits); element e maps to one
 * bit {@code h_j(e)} in each filter j. Element i (1-based) of the stream:
 *
 * <ol>
 *   <li>reported duplicate iff all k bits are set (distinct otherwise);
 *   <li>inserted if {@code i <= s} (the reservoir fills: the bits are set, nothing is reset);
 *   <li>otherwise, with insertion probability {@code p_i = s/i}: if {@code p_i < p*} (the threshold,
 *       default 0.03) and the element was reported distinct it is inserted; else it is inserted with
 *       probability {@code p_i} (reservoir sampling "still operates on the other elements");
 *   <li>an insertion after the fill, in each filter j: first reset one bit chosen uniformly at random
 *       among the filter's s bits (a no-op if it is already 0), then set {@code h_j(e)}.
 * </ol>
 *
 * <p>Interpretation, where Algorithm 1's pseudo-code and the prose disagree (we follow the prose,
 * as its analysis does): the pseudo-code inserts without any reset when a random draw is below
 * {@code s/iter}, resets only in a branch taken when the draw is <em>above</em> p* and the element
 * is distinct, there resets a bit known to be 1 and only for positions that were 0. The prose
 * (section 4) says that whenever an element is inserted "we reset k bits to 0 ... one from each
 * Bloom filter ... chosen uniformly at random", and that after the insertion probability falls
 * below p* any element reported distinct is inserted while reservoir sampling operates on the rest.
 * Theorem 5.1's transition probabilities (eqs. 5.19-5.21) fix the order and the choice: the reset
 * bit is uniform over all s bits (it hits a 0 bit with probability (s - lambda)/s) and precedes the
 * set ({@code Pr(lambda - 1) = p (lambda/s)((lambda - 1)/s)}), so an inserted element always leaves
 * all its k bits set. Its fixed point (eq. 5.22 with epsilon = 0) is {@code lambda* = s^2/(2s - 1)},
 * about half the bits, see {@link RsbfTheory#stableOnes}.
 *
 * <p>Format payload (family 6; header numHashes = k, positions = s, memoryBits = k*s, items =
 * elements offered): {@code threshold:double, seed:long, rngState:long, offered:long,
 * bits:long[ceil(k*s/64)]} (filter j holds bits {@code [j*s, (j+1)*s)}).
 */
final class ReservoirBloomFilter extends AbstractStreamFilter {
  private final int k;
  private final long s;
  private final double threshold;
  private BitArray bits;
  private final long[] pos;

  ReservoirBloomFilter(int numHashes, long filterBits, double threshold, long seed) {
    super(seed);
    this.k = CellFilter.checkHashes(numHashes);
    if (filterBits <= 0) {
      throw new IllegalArgumentException("filterBits must be positive: " + filterBits);
    }
    if (!(threshold >= 0 && threshold <= 1)) {
      throw new IllegalArgumentException("threshold must be in [0, 1]: " + threshold);
    }
    this.s = filterBits;
    this.threshold = threshold;
    this.bits = new BitArray(Math.multiplyExact((long) numHashes, filterBits));
    this.pos = new long[numHashes];
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    long i = ++offered;
    boolean duplicate = true;
    for (int j = 0; j < k; j++) {
      pos[j] = j * s + key.position(j, s);
      if (!bits.get(pos[j])) {
        duplicate = false;
      }
    }
    if (i <= s) {
      for (int j = 0; j < k; j++) {
        bits.set(pos[j]);
      }
      return duplicate;
    }
    double p = (double) s / i;
    boolean insert = (p < threshold && !duplicate) || rng.nextDouble() < p;
    if (insert) {
      for (int j = 0; j < k; j++) {
        bits.clear(j * s + rng.nextLong63(s));
        bits.set(pos[j]);
      }
    }
    return duplicate;
  }

  /** Set bits of filter j, O(s/64). */
  public long ones(int j) {
    return bits.rank((j + 1) * s) - bits.rank(j * s);
  }

  public boolean bit(int j, long b) {
    return bits.get(j * s + b);
  }

  long filterBits() {
    return s;
  }

  int numHashes() {
    return k;
  }

  double threshold() {
    return threshold;
  }

  @Override
  void clearState() {
    bits.clearAll();
  }

  @Override
  long nonZeroCells() {
    return bits.cardinality();
  }

  @Override
  long cells() {
    return bits.size();
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.RESERVOIR;
  }

  @Override
  public String name() {
    return "rsbf";
  }

  @Override
  public long memoryBits() {
    return bits.size();
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("memoryBits", memoryBits());
    p.put("numHashes", k);
    p.put("filterBits", s);
    p.put("threshold", threshold);
    p.put("seed", seed);
    return p;
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    long[] words = bits.words();
    FilterFormat.Header h =
        new ParameterBlock.Reservoir(k, s)
            .header(offered, ParameterBlock.Reservoir.PARAMETER_BYTES + 8L * words.length);
    FilterFormat.write(
        out,
        h,
        d -> {
          d.writeDouble(threshold);
          d.writeLong(seed);
          d.writeLong(rng.state());
          d.writeLong(offered);
          for (long w : words) {
            d.writeLong(w);
          }
        });
  }

  static ReservoirBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    checkHashes(h);
    check(h.variant == 0, "variant", "must be 0 for rsbf: " + h.variant);
    check(h.positions > 0 && h.positions <= (1L << 40), "positions",
        "filter bits out of range: " + h.positions);
    check(h.counters == 0, "counters", "must be 0 for rsbf: " + h.counters);
    check(h.capacity == 0, "capacity", "must be 0 for a stream filter: " + h.capacity);
    long total = h.numHashes * h.positions;
    check(h.memoryBits == total, "memoryBits",
        h.memoryBits + ", but " + h.numHashes + " filters of " + h.positions + " bits use " + total);
    long words = BitArray.wordsFor(total);
    checkPayload(h, ParameterBlock.Reservoir.PARAMETER_BYTES + 8 * words);
    double threshold = Double.longBitsToDouble(r.readLong("threshold"));
    check(threshold >= 0 && threshold <= 1, "threshold", "out of range [0, 1]: " + threshold);
    long seed = r.readLong("seed");
    long[] common = readCommon(r);
    long[] w = readWords(r, words, "bits");
    ReservoirBloomFilter f = new ReservoirBloomFilter(h.numHashes, h.positions, threshold, seed);
    f.setCommon(common);
    try {
      f.bits = new BitArray(total, w);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("payload", "bits: " + e.getMessage());
    }
    r.finish();
    return f;
  }
}
