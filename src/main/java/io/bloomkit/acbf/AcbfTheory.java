package io.bloomkit.acbf;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.BloomMath;

/**
 * The false positive rates of the accurate counting Bloom filter. The sizing rules (eqs. 4 and 6,
 * the idle space's capacity, the best k) are methods of {@link AcbfSizing}, since {@code
 * core.FilterShape} sizes ACBFs too; the shared eq. 1 is {@link BloomMath#bloomFpp}.
 *
 * <p>Cheat sheet (n items, k hashes, m counters, a budget of 4m bits):
 *
 * <pre>
 *   ACBF, first level m1 bits                  f = (1 - e^(-k n / m1))^k         [ACBF paper eq. 3]
 *   ACBF_t                                     m1 = t m, t in {1, 2, 3}          [ACBF paper eq. 4]
 *   ACBF_opt (capacity C)                      m1 = 4m - k C                     [ACBF paper eq. 6]
 *                                              f = (1 - e^(-k n / (4m - k C)))^k [ACBF paper eq. 7]
 * </pre>
 *
 * "ACBF paper": Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for Large-Scale Data
 * Processing", Mathematical Problems in Engineering 2013, id 516298.
 */
public final class AcbfTheory {
  private AcbfTheory() {}

  /**
   * False positive rate of an ACBF whose first level has {@code m1} bits: only L1 answers queries,
   * so {@code (1 - e^(-kn/m1))^k} [ACBF paper eq. 3].
   */
  public static double fpp(long m1, long n, int numHashes) {
    return BloomMath.bloomFpp(m1, n, numHashes);
  }

  /**
   * False positive rate of ACBF_opt with {@code m} counters and capacity {@code C}: {@code (1 -
   * e^(-kn/(4m - kC)))^k} [ACBF paper eq. 7].
   */
  public static double optimalFpp(long m, long n, int numHashes, long capacity) {
    return AcbfSizing.OPTIMAL.fpp(m, n, numHashes, capacity);
  }
}
