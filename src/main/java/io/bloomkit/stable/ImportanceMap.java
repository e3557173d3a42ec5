package io.bloomkit.stable;

/**
 * The importance function f of the IBF paper (section III: {@code f : imp -> (1, M)}): maps an
 * importance value in {@code [min, max]} linearly onto the cell values {@code 1..M} in M equal-width
 * classes, {@code f(imp) = 1 + floor(M (imp - min) / (max - min))}, capped at M; values outside the
 * range are clamped to it. With importances 1..50 and M = 7 (the paper's synthetic data), classes
 * hold 7 importance values each and the last one 8.
 */
public final class ImportanceMap {
  private final double min;
  private final double max;
  private final int cellMax;

  public ImportanceMap(double min, double max, int cellMax) {
    if (!(Double.isFinite(min) && Double.isFinite(max) && min < max)) {
      throw new IllegalArgumentException(
          "importance range must be finite with importanceMin < importanceMax: [" + min + ", " + max + "]");
    }
    if (cellMax < 1) {
      throw new IllegalArgumentException("max must be positive: " + cellMax);
    }
    this.min = min;
    this.max = max;
    this.cellMax = cellMax;
  }

  public double min() {
    return min;
  }

  public double max() {
    return max;
  }

  public int cellMax() {
    return cellMax;
  }

  /** The cell value in {@code 1..M} of an importance; NaN counts as the lowest importance. */
  public int apply(double importance) {
    if (!(importance > min)) {
      return 1;
    }
    if (importance >= max) {
      return cellMax;
    }
    int c = 1 + (int) Math.floor(cellMax * (importance - min) / (max - min));
    return Math.min(c, cellMax);
  }
}
