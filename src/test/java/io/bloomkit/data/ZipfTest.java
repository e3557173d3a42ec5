package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

public class ZipfTest {
  /** Rank frequencies follow the weights 1/(r+1)^alpha. */
  @Test
  public void ranksFollowTheirWeights() {
    int n = 20;
    double alpha = 1.0;
    Zipf z = new Zipf(n, alpha);
    double norm = 0;
    for (int r = 0; r < n; r++) {
      norm += Math.pow(r + 1, -alpha);
    }
    long[] count = new long[n];
    SplittableRandom rnd = new SplittableRandom(3);
    int draws = 400_000;
    for (int i = 0; i < draws; i++) {
      count[z.rank(rnd.nextDouble())]++;
    }
    for (int r = 0; r < n; r++) {
      double p = Math.pow(r + 1, -alpha) / norm;
      double sd = Math.sqrt(draws * p * (1 - p));
      assertEquals(draws * p, count[r], 5 * sd, "rank " + r);
    }
    assertEquals(0, z.rank(0.0));
    assertEquals(n - 1, z.rank(Math.nextDown(1.0)));
  }
}
