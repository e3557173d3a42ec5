package io.bloomkit.registry;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.Filter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many distinct keys a filter holds, estimated from its occupied positions ({@link
 * BloomMath#distinctItemsEstimate}), next to its item count. The item count (insertions minus
 * removals) is exact for a filter built once from distinct keys, but a merge of filters that share
 * keys (a rolling window's days) counts a shared key once per filter; the estimate counts it once.
 * An exact key set knows its distinct keys: its estimate is its count.
 */
public final class DistinctItems {
  /** The estimator's name, as reports give it. */
  public static final String METHOD = "occupancy (Swamidass and Baldi 2007)";

  private final long positions;
  private final long occupied;
  private final double estimate;
  private final double fpp;
  private final boolean exact;

  private DistinctItems(long positions, long occupied, double estimate, double fpp,
      boolean exact) {
    this.positions = positions;
    this.occupied = occupied;
    this.estimate = estimate;
    this.fpp = fpp;
    this.exact = exact;
  }

  /** Counting filters with more positions are not counted one by one (NaN estimate). */
  static final long MAX_COUNTED_POSITIONS = 1L << 28;

  /**
   * The estimate of {@code f} (one pass over its positions; NaN for a counting filter of more than
   * 2^28 positions, which would take seconds).
   */
  public static DistinctItems of(Filter f) {
    long m = f.shape().positions();
    if (f instanceof io.bloomkit.core.CountingFilter && m > MAX_COUNTED_POSITIONS) {
      return new DistinctItems(m, -1, Double.NaN, Double.NaN, false);
    }
    long occupied = Filters.occupiedPositions(f);
    if (occupied < 0) {
      return new DistinctItems(0, 0, f.items(), f.expectedFpp(), true);
    }
    double n = BloomMath.distinctItemsEstimate(m, occupied, f.numHashes());
    double fpp = Double.isInfinite(n) ? 1.0 : f.shape().fpp(Math.round(n));
    return new DistinctItems(m, occupied, n, fpp, false);
  }

  public double estimate() {
    return estimate;
  }

  /** The theoretical false positive rate at the estimated distinct items. */
  public double fpp() {
    return fpp;
  }

  public long occupied() {
    return occupied;
  }

  /**
   * The report fields: {@code distinctItems} (rounded), {@code distinctItemsMethod} ({@code exact}
   * for an exact key set, else {@link #METHOD}), {@code occupiedPositions} and {@code
   * fppAtDistinctItems}.
   */
  public Map<String, Object> fields() {
    Map<String, Object> m = new LinkedHashMap<>();
    boolean known = Double.isFinite(estimate);
    m.put("distinctItems", known ? Math.round(estimate) : null);
    m.put("distinctItemsMethod", exact ? "exact" : occupied < 0 ? "not counted (over 2^28"
        + " positions)" : METHOD);
    m.put("occupiedPositions", exact || occupied < 0 ? null : occupied);
    m.put("fppAtDistinctItems", Double.isNaN(fpp) ? null : fpp);
    return m;
  }
}
