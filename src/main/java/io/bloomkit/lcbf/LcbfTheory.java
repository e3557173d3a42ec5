package io.bloomkit.lcbf;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.format.ParameterBlock;

/**
 * The error bounds and encoded sizes of the linked counting Bloom filter (LCBF).
 *
 * <p>"Icebergs": Wu, Xiao, Li, Sun, "A Distributed Algorithm for Finding Global Icebergs with Linked
 * Counting Bloom Filters". Arguments in the order of {@link BloomMath}: entries {@code m}, items
 * {@code n}, {@code numHashes} (k). Cheat sheet:
 *
 * <pre>
 *   LCBF error bounds     (1-(1-1/m)^k)^k &lt;= err &lt;= (1-(1-1/m)^(kn))^k       [Icebergs eq. 1, 2]
 *   LCBF encodings        two-layer m + (l+1)V, one-layer (l+1)(V + empty)  [Icebergs sec. V]
 * </pre>
 */
public final class LcbfTheory {
  private LcbfTheory() {}

  /**
   * Lower bound of the LCBF error (two items hashed to the same k entries, all frequencies
   * distinct): {@code (1 - (1 - 1/m)^k)^k} [Icebergs eq. 1].
   */
  public static double errorLowerBound(long m, int numHashes) {
    return BloomMath.exactBloomFpp(m, 1, numHashes);
  }

  /**
   * Upper bound of the LCBF error (all frequencies equal, n items held): the Bloom rate {@code (1 -
   * (1 - 1/m)^(kn))^k} [Icebergs eq. 2].
   */
  public static double errorUpperBound(long m, long n, int numHashes) {
    return BloomMath.exactBloomFpp(m, n, numHashes);
  }

  /**
   * Bits of the two-layer LCBF encoding: m first-layer bits plus (l + 1) bits per stored value
   * (value and link bit) [Icebergs sec. V]. The file layout stores this encoding, so it is computed
   * by {@link ParameterBlock.LinkedCounting#bits}.
   */
  public static long twoLayerBits(long m, long values, int valueBits) {
    return ParameterBlock.LinkedCounting.bits(m, values, valueBits);
  }

  /**
   * Bits of the one-layer LCBF encoding: every entry holds at least one (l + 1)-bit slot, empty or
   * not, {@code (l + 1)(values + emptyEntries)} [Icebergs sec. V]; the two-layer form saves {@code
   * m (l + 1) q - m} with q the share of empty entries.
   */
  public static long oneLayerBits(long values, long emptyEntries, int valueBits) {
    return (valueBits + 1L) * (values + emptyEntries);
  }
}
