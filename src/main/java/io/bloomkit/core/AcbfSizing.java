package io.bloomkit.core;

import java.util.Locale;

/**
 * How an ACBF divides its budget of {@code 4m} bits between the first level L1 and the space the
 * higher levels grow into [ACBF paper section 3.2], and the sizing rules {@link FilterShape} needs:
 * the first level (eqs. 4 and 6), the capacity of the idle space, the rate (eqs. 3 and 7) and the
 * best number of hashes. The variant is part of the file format (its {@link #id()}). "ACBF paper":
 * Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for Large-Scale Data Processing",
 * Mathematical Problems in Engineering 2013.
 *
 * <ul>
 *   <li>{@link #T1}, {@link #T2}, {@link #T3}: the first method, {@code m1 = t*m} (eq. 4); ACBF_1
 *       answers queries exactly like a CBF of m counters.
 *   <li>{@link #OPTIMAL}: the second method, {@code m1 = 4m - k*C} (eq. 6), the largest first level
 *       that can never run out of room for C elements.
 * </ul>
 */
public enum AcbfSizing {
  OPTIMAL(0, "acbf"),
  T1(1, "acbf1"),
  T2(2, "acbf2"),
  T3(3, "acbf3");

  private final int t;
  private final String cliName;

  AcbfSizing(int t, String cliName) {
    this.t = t;
    this.cliName = cliName;
  }

  /** The stored variant id: t for the first method, 0 for the optimal one. */
  public int id() {
    return t;
  }

  /** The name used on command lines and in reports ({@code acbf}, {@code acbf1} ...). */
  public String cliName() {
    return cliName;
  }

  public static AcbfSizing fromId(int id) {
    for (AcbfSizing s : values()) {
      if (s.t == id) {
        return s;
      }
    }
    return null;
  }

  public static AcbfSizing fromCliName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (AcbfSizing s : values()) {
      if (s.cliName.equals(n)) {
        return s;
      }
    }
    return null;
  }

  /**
   * First level size {@code m1} for {@code m} counters (budget {@code 4m} bits), {@code k} hashes
   * and capacity {@code C}: {@code t*m} (eq. 4) or {@code 4m - k*C} (eq. 6).
   */
  public long firstLevelBits(long m, int numHashes, long capacity) {
    return this == OPTIMAL ? optimalFirstLevel(m, numHashes, capacity) : firstLevel(m, t);
  }

  /**
   * The most elements the idle space can hold: {@code (4m - m1) / k} (the bits above L1 total
   * exactly {@code k} per element, section 3.1).
   */
  public long maxCapacity(long m, int numHashes) {
    if (this == OPTIMAL) {
      return (4 * m - 1) / numHashes; // leaves m1 >= 1
    }
    return (4 * m - firstLevel(m, t)) / numHashes;
  }

  /**
   * False positive rate of this sizing for {@code m} counters, {@code n} items, {@code k} hashes and
   * capacity {@code C}: only L1 answers queries, so eq. 1 with the first level of eq. 4 or eq. 6
   * [ACBF paper eq. 3, eq. 7 for {@link #OPTIMAL}].
   */
  public double fpp(long m, long n, int numHashes, long capacity) {
    return BloomMath.bloomFpp(firstLevelBits(m, numHashes, capacity), n, numHashes);
  }

  /**
   * The integer k minimising the rate of this sizing (eq. 3 with m1 from eq. 4 or 6) for {@code m}
   * counters, {@code n} items and capacity {@code C}, among the k whose idle space holds C elements.
   * At equal memory it is far below the Bloom filter's best k, since every hash costs {@code C} idle
   * bits.
   *
   * @throws IllegalArgumentException if even k = 1 cannot hold C elements
   */
  public int bestHashes(long m, long n, long capacity) {
    BloomMath.requirePositive("m", m);
    BloomMath.requirePositive("n", n);
    int best = 0;
    double bestF = Double.MAX_VALUE;
    for (int k = 1; k <= BloomMath.MAX_HASHES && maxCapacity(m, k) >= capacity; k++) {
      double f = fpp(m, n, k, capacity);
      if (f < bestF) {
        bestF = f;
        best = k;
      }
    }
    if (best == 0) {
      throw new IllegalArgumentException(
          cliName + " with m = " + m + " counters cannot hold capacity " + capacity
              + " even with one hash");
    }
    return best;
  }

  /** First level of ACBF_t: {@code m1 = t*m} [ACBF paper eq. 4], t in 1..3. */
  public static long firstLevel(long m, int t) {
    BloomMath.requirePositive("m", m);
    if (t < 1 || t > 3) {
      throw new IllegalArgumentException("t must be 1, 2 or 3 (t = 4 leaves no idle space): " + t);
    }
    return t * m;
  }

  /**
   * First level of ACBF_opt: {@code m1 = 4m - k*C} [ACBF paper eq. 6], the largest L1 whose idle
   * space still holds the {@code k*C} bits of C elements.
   */
  public static long optimalFirstLevel(long m, int numHashes, long capacity) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requirePositive("capacity", capacity);
    long m1 = 4 * m - (long) numHashes * capacity;
    if (m1 <= 0) {
      throw new IllegalArgumentException(
          "budget 4m = " + 4 * m + " bits cannot hold k*capacity = " + (long) numHashes * capacity
              + " counter bits: raise m or lower numHashes/capacity");
    }
    return m1;
  }
}
