package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.Streams;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * IBF-2C as the IBF paper's Algorithm 1 is written ({@code ibf-2c-alg1}) against a naive model of
 * the pseudo-code, next to {@code ibf-2c} (raise to max(cell, value)); its cell chain against a
 * brute-force transition matrix of the same rule.
 */
public class Ibf2cAlgorithm1Test {
  /**
   * Algorithm 1, line by line: "If (f(imp(x_i)) < M/2 and IBF[h(x_i)] < M/2) IBF[h(x_i)] = M/2
   * Else IBF[h(x_i)] = M", M/2 compared as a real number and written as floor(M/2).
   */
  static int algorithm1(int cell, int f, int max) {
    if (f < max / 2.0 && cell < max / 2.0) {
      return max / 2;
    }
    return max;
  }

  /** Today's ibf-2c: cell = max(cell, M/2 or M). */
  static int raiseToMax(int cell, int f, int max) {
    return Math.max(cell, f < max / 2.0 ? max / 2 : max);
  }

  interface Rule {
    int apply(int cell, int f, int max);
  }

  /**
   * A naive model of the whole filter with P = 0 (no decrement) or P = m (every cell decremented
   * each element), the two settings in which the random choice of cells does not matter: probe,
   * decrement, set by {@code rule}; compared with the filter cell by cell after every element.
   */
  static void checkAgainstModel(IbfVariant variant, Rule rule, int decrements, long seed) {
    int m = 16;
    int max = 7;
    int k = 3;
    ImportanceBloomFilter f = new ImportanceBloomFilter(variant, m, max, k, decrements, 1, 50, seed);
    ImportanceMap map = new ImportanceMap(1, 50, max);
    int[] model = new int[m];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < 400; i++) {
      KeyHash h = Streams.hash(r.nextInt(40));
      int imp = 1 + r.nextInt(50);
      long[] pos = h.positions(k, m);
      boolean dup = true;
      for (long p : pos) {
        dup &= model[(int) p] != 0;
      }
      if (decrements == m) {
        for (int c = 0; c < m; c++) {
          model[c] = Math.max(0, model[c] - 1);
        }
      }
      for (long p : pos) {
        model[(int) p] = rule.apply(model[(int) p], map.apply(imp), max);
      }
      assertEquals(dup, f.offer(h, StreamFilter.NO_TIME, imp), "element " + i);
      int[] cells = new int[m];
      for (int c = 0; c < m; c++) {
        cells[c] = f.cell(c);
      }
      assertArrayEquals(model, cells, "element " + i);
    }
  }

  @Test
  public void filterFollowsTheNaiveModelOfAlgorithm1() {
    for (long seed = 1; seed <= 20; seed++) {
      checkAgainstModel(IbfVariant.TWO_CLASS_ALGORITHM_1, Ibf2cAlgorithm1Test::algorithm1, 16, seed);
      checkAgainstModel(IbfVariant.TWO_CLASS_ALGORITHM_1, Ibf2cAlgorithm1Test::algorithm1, 0, seed);
      checkAgainstModel(IbfVariant.TWO_CLASS, Ibf2cAlgorithm1Test::raiseToMax, 16, seed);
      checkAgainstModel(IbfVariant.TWO_CLASS, Ibf2cAlgorithm1Test::raiseToMax, 0, seed);
    }
  }

  /** The one case where the two rules differ: an unimportant element on a cell above M/2. */
  @Test
  public void unimportantElementOnACellAboveHalfSetsMaxOnlyUnderAlgorithm1() {
    for (IbfVariant v : new IbfVariant[] {IbfVariant.TWO_CLASS, IbfVariant.TWO_CLASS_ALGORITHM_1}) {
      // importances 0..7 map to f = 1 + floor(imp); P = m = 8 decrements every cell each element
      ImportanceBloomFilter f = new ImportanceBloomFilter(v, 8, 7, 2, 8, 0, 7, 1);
      KeyHash a = StreamFilterMechanicsTest.key(0, 1); // cells 0, 1
      KeyHash b = StreamFilterMechanicsTest.key(1, 1); // cells 1, 2
      f.offer(a, StreamFilter.NO_TIME, 6.5); // f = 7: cells 0, 1 = 7
      f.offer(a, StreamFilter.NO_TIME, 6.5); // 6 -> 7
      f.offer(b, StreamFilter.NO_TIME, 0); // f = 1 (unimportant): cell 1 at 6 after the decrement
      int[] expected =
          v == IbfVariant.TWO_CLASS
              ? new int[] {6, 6, 3, 0, 0, 0, 0, 0} // raised to max(6, 3): stays 6
              : new int[] {6, 7, 3, 0, 0, 0, 0, 0}; // at or above M/2: set to M
      assertArrayEquals(expected, StreamFilterMechanicsTest.cells(f), v.cliName());
      f.offer(b, StreamFilter.NO_TIME, 3.0); // f = 4 >= 3.5: important, both rules set M
      assertArrayEquals(new int[] {5, 7, 7, 0, 0, 0, 0, 0}, StreamFilterMechanicsTest.cells(f), v.cliName());
      // a cell at exactly floor(M/2) = 3 below the real M/2 = 3.5 stays at 3 under both rules
      KeyHash c = StreamFilterMechanicsTest.key(4, 1); // cells 4, 5
      f.offer(c, StreamFilter.NO_TIME, 0);
      f.offer(c, StreamFilter.NO_TIME, 0); // 2 after the decrement -> 3
      assertArrayEquals(new int[] {3, 5, 5, 0, 3, 3, 0, 0}, StreamFilterMechanicsTest.cells(f), v.cliName());
    }
  }

  /**
   * The chain of {@link StableTheory#ibf2cAlgorithm1CellDistribution} against the stationary law of
   * the brute-force transition matrix of one cell (decrement with p, then set with k by the naive
   * rule for a class drawn from the law), by power iteration.
   */
  @Test
  public void cellChainMatchesTheBruteForceTransitionMatrix() {
    int[][] cases = {{4096, 7, 5, 10}, {42_666, 7, 5, 10}, {1000, 3, 3, 4}, {2000, 15, 4, 7}, {500, 1, 2, 3}};
    for (int[] c : cases) {
      long m = c[0];
      int max = c[1];
      int k = c[2];
      int p = c[3];
      double[] q = new double[max + 1];
      ImportanceMap f = new ImportanceMap(1, 50, max);
      for (int imp = 1; imp <= 50; imp++) {
        q[f.apply(imp)] += 1.0 / 50;
      }
      double[] theory = StableTheory.ibf2cAlgorithm1CellDistribution(m, k, p, q);
      double[] brute = stationary(m, max, k, p, q, Ibf2cAlgorithm1Test::algorithm1);
      for (int j = 0; j <= max; j++) {
        assertEquals(brute[j], theory[j], 1e-9, "m " + m + " max " + max + " state " + j);
      }
      if (max >= 7) { // the two rules give different chains
        double[] other = stationary(m, max, k, p, q, Ibf2cAlgorithm1Test::raiseToMax);
        assertEquals(StableTheory.ibf2cExactCellDistribution(m, k, p, q)[0], other[0], 1e-9);
        assertTrue(Math.abs(other[0] - theory[0]) > 1e-3);
      }
    }
  }

  static double[] stationary(long m, int max, int numHashes, int decrements, double[] q, Rule rule) {
    double k = StableTheory.cellSetProbability(m, numHashes);
    double p = (double) decrements / m;
    double[][] t = new double[max + 1][max + 1];
    for (int i = 0; i <= max; i++) {
      for (int d = 0; d <= 1; d++) {
        double pd = i == 0 ? (d == 0 ? 1 : 0) : (d == 1 ? p : 1 - p);
        if (pd == 0) {
          continue;
        }
        int after = i - d;
        t[i][after] += pd * (1 - k);
        for (int c = 1; c <= max; c++) {
          t[i][rule.apply(after, c, max)] += pd * k * q[c];
        }
      }
    }
    // pi T = pi, sum pi = 1: the balance equations of states 0..max-1 and the normalisation,
    // solved by Gaussian elimination with partial pivoting
    int n = max + 1;
    double[][] a = new double[n][n + 1];
    for (int j = 0; j < n - 1; j++) {
      for (int i = 0; i < n; i++) {
        a[j][i] = t[i][j] - (i == j ? 1 : 0);
      }
    }
    for (int i = 0; i < n; i++) {
      a[n - 1][i] = 1;
    }
    a[n - 1][n] = 1;
    for (int col = 0; col < n; col++) {
      int piv = col;
      for (int r = col + 1; r < n; r++) {
        if (Math.abs(a[r][col]) > Math.abs(a[piv][col])) {
          piv = r;
        }
      }
      double[] tmp = a[col];
      a[col] = a[piv];
      a[piv] = tmp;
      for (int r = 0; r < n; r++) {
        if (r != col && a[r][col] != 0) {
          double f = a[r][col] / a[col][col];
          for (int c = col; c <= n; c++) {
            a[r][c] -= f * a[col][c];
          }
        }
      }
    }
    double[] pi = new double[n];
    for (int i = 0; i < n; i++) {
      pi[i] = a[i][n] / a[i][i];
    }
    return pi;
  }
}
