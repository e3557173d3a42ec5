package io.bloomkit.core;

/**
 * The theory and sizing of the split-block Bloom filter ({@code sbbf}, family {@link
 * FilterFamily#SPLIT_BLOCK}): {@link FilterShape} sizes it with these rules, {@code
 * io.bloomkit.sbbf.SplitBlockBloomFilter} implements it.
 *
 * <p>The filter is B blocks of 256 bits, each eight 32-bit words. A key picks one block and sets
 * one bit in each of its eight words (k = 8 always), so a probe reads one block: 32 bytes, one
 * cache line when the blocks are aligned, where a Bloom filter of k hashes reads k lines. This is
 * the layout of Impala's and Kudu's filters and of Parquet's SBBF (Putze, Sanders, Singler, "Cache-,
 * Hash- and Space-Efficient Bloom Filters", WEA 2007, section 3 "blocked Bloom filters", with the
 * block split into words as in Impala).
 *
 * <p>Its rate: the keys falling in the probe's block are binomial, n trials of chance 1/B; a block
 * holding i keys answers a probe of an absent key positively when the probe's bit is set in every
 * word, each set with probability {@code 1 - (1 - 1/32)^i}, independently of the other words:
 *
 * <pre>
 *   fpp(B, n) = sum over i of  C(n, i) (1/B)^i (1 - 1/B)^(n - i)  *  (1 - (31/32)^i)^8
 * </pre>
 *
 * The uneven load of the blocks costs rate against a Bloom filter of the same bits: at 16 bits per
 * key 2.9x its best rate (1.3e-3 against 4.6e-4), at 8 bits per key 1.5x (0.033 against 0.022). The sum is
 * taken over the i within 12 standard deviations of the mean n / B (the rest weighs under 1e-30).
 */
public final class SplitBlockSizing {
  /** Bits of one block. */
  public static final int BLOCK_BITS = 256;
  /** Words per block: bits each key sets. */
  public static final int WORDS = 8;
  /** Bits per word. */
  public static final int WORD_BITS = 32;
  /**
   * The most blocks one filter has: their longs, with the few longs of alignment the filter keeps
   * in front of its first block, fit one {@code long[]}.
   */
  public static final long MAX_BLOCKS = (FilterShape.MAX_MEMORY_BITS / Long.SIZE - 8) / 4;

  private SplitBlockSizing() {}

  /** The false positive rate of {@code blocks} blocks holding {@code items} keys (above). */
  public static double fpp(long blocks, long items) {
    BloomMath.requirePositive("blocks", blocks);
    if (items <= 0) {
      return 0.0;
    }
    double perBit = Math.log1p(-1.0 / WORD_BITS);
    if (blocks == 1) { // every key in the one block
      return Math.pow(-Math.expm1(items * perBit), WORDS);
    }
    double p = 1.0 / blocks;
    double mean = items * p;
    double spread = 12 * Math.sqrt(mean * (1 - p)) + 12;
    long from = (long) Math.max(0, Math.floor(mean - spread));
    long to = (long) Math.min(items, Math.ceil(mean + spread));
    double logP = Math.log(p);
    double logQ = Math.log1p(-p);
    double logItems = logFactorial(items);
    double sum = 0;
    for (long i = from; i <= to; i++) {
      double logLoad = logItems - logFactorial(i) - logFactorial(items - i) + i * logP
          + (items - i) * logQ;
      double wordSet = -Math.expm1(i * perBit);
      sum += i == 0 ? 0 : Math.exp(logLoad + WORDS * Math.log(wordSet));
    }
    return Math.min(1.0, sum);
  }

  /**
   * The fewest blocks whose rate at {@code items} keys is at most {@code fpp}; {@link
   * Long#MAX_VALUE} if more than {@link #MAX_BLOCKS} would be needed.
   */
  public static long blocksForFpp(long items, double fpp) {
    BloomMath.requirePositive("items", items);
    BloomMath.requireFpp(fpp);
    if (fpp(MAX_BLOCKS, items) > fpp) {
      return Long.MAX_VALUE;
    }
    long lo = 1; // fpp(lo) > fpp unless lo is the answer
    long hi = MAX_BLOCKS; // fpp(hi) <= fpp
    if (fpp(lo, items) <= fpp) {
      return lo;
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (fpp(mid, items) <= fpp) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  /** The blocks of {@code floor(bitsPerKey * items)} bits, at least one. */
  public static long blocksForBits(long bits) {
    return Math.max(1, bits / BLOCK_BITS);
  }

  /** ln(i!), exact sums below 256 and Stirling's series above (error under 1e-15 relative). */
  static double logFactorial(long i) {
    if (i < LOG_FACTORIALS.length) {
      return LOG_FACTORIALS[(int) i];
    }
    double x = i + 1.0;
    // ln Gamma(x) by Stirling: (x - 1/2) ln x - x + ln(2 pi)/2 + 1/(12x) - 1/(360x^3) + 1/(1260x^5)
    double inv = 1 / x;
    double inv2 = inv * inv;
    return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI)
        + inv * (1.0 / 12 - inv2 * (1.0 / 360 - inv2 / 1260));
  }

  private static final double[] LOG_FACTORIALS = logFactorials(256);

  private static double[] logFactorials(int n) {
    double[] a = new double[n];
    for (int i = 1; i < n; i++) {
      a[i] = a[i - 1] + Math.log(i);
    }
    return a;
  }
}
