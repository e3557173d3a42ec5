package io.bloomkit.data;

import java.util.Arrays;

/**
 * The Zipf distribution over ranks {@code 0..n-1}: rank r has weight {@code 1/(r+1)^alpha}.
 * Sampled by binary search in the cumulative table (8 bytes per rank).
 */
public final class Zipf {
  private final double[] cdf;
  private final double total;

  public Zipf(int n, double alpha) {
    if (n < 1 || !(alpha >= 0)) {
      throw new IllegalArgumentException("zipf needs n >= 1 and alpha >= 0: " + n + ", " + alpha);
    }
    cdf = new double[n];
    double sum = 0;
    for (int r = 0; r < n; r++) {
      sum += Math.pow(r + 1.0, -alpha);
      cdf[r] = sum;
    }
    total = sum;
  }

  /** The rank drawn by a uniform {@code u} in [0, 1). */
  public int rank(double u) {
    int i = Arrays.binarySearch(cdf, u * total);
    return i >= 0 ? i : Math.min(cdf.length - 1, -i - 1);
  }
}
