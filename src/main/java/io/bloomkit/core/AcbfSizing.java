package io.bloomkit.core;

import java.util.Locale;

/**
 * How an ACBF divides its budget of {@code 4m} bits between the first level L1 and the space the
 * higher levels grow into (Li et al. 2013, section 3.2).
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
  public long firstLevelBits(long m, int k, long capacity) {
    return this == OPTIMAL ? Theory.acbfOptimalFirstLevel(m, k, capacity) : Theory.acbfFirstLevel(m, t);
  }

  /**
   * The most elements the idle space can hold: {@code (4m - m1) / k} (the bits above L1 total
   * exactly {@code k} per element, section 3.1).
   */
  public long maxCapacity(long m, int k) {
    if (this == OPTIMAL) {
      return (4 * m - 1) / k; // leaves m1 >= 1
    }
    return (4 * m - Theory.acbfFirstLevel(m, t)) / k;
  }
}
