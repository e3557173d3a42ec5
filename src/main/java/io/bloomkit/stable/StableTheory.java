package io.bloomkit.stable;

import io.bloomkit.core.BloomMath;
import java.util.Arrays;

/**
 * The cell chain of the stable Bloom filter (SBF) and the importance-aware Bloom filter (IBF):
 * stationary cell distributions, the stable false positive bound and the false negative rate after
 * a gap. The reservoir-sampling filter has its own paper and class, {@link RsbfTheory}.
 *
 * <p>"IBF paper": Boraskar, Gabale, Kulkarni, Kulkarni, "Importance-aware Bloom Filter for Managing
 * Set Membership Queries on Streaming Data" (section II.B describes the SBF of Deng and Rafiei,
 * "Approximately Detecting Duplicates for Streaming Data using Stable Bloom Filters", SIGMOD 2006).
 * The paper reaches us as a text extraction with partly garbled formulas; where a formula below was
 * reconstructed from its derivation, its comment says so.
 *
 * <p>Arguments: {@code m} cells of max {@code Max}, then {@code numHashes} (K), then {@code
 * decrements} (P), as in {@link StreamFilters#stable}. Cheat sheet:
 *
 * <pre>
 *   SBF/IBF cell chain, per element: cell set with prob k, decremented with prob p
 *     k = 1 - (1 - 1/m)^K  (K uniform positions; the paper's K/m)   p = P/m (P distinct cells)
 *   SBF stable zeros  V0 = (p'/(p' + k))^Max,  p' = p(1 - k)    [IBF paper Fig. 1 with one class;
 *                        = (1/(1 + 1/(P(1/K - 1/m))))^Max with k = K/m, Deng &amp; Rafiei's form]
 *   stable FP bound   fpp &lt;= (1 - V0)^K                          [IBF paper Cor. III.4 / III.8]
 *   FN after a gap    Pr(FN) = 1 - (1 - Pr_0(delta))^K           [IBF paper III.A, FN rate]
 *   IBF-2C            V_M, V_i (M/2 &lt; i &lt; M), V_M/2, V_i (0 &lt; i &lt; M/2), V_0  [Theorem III.1]
 *   IBF-MC / any set-value law, exact cut balance across every level j:
 *        k Q_j sum_{i&lt;j} V_i = p_j (1 - k Q_j) V_j,   Q_j = Pr(set value &gt;= j)  [Fig. 2 chain]
 * </pre>
 */
public final class StableTheory {
  private StableTheory() {}

  /**
   * Per-element probability that a given cell is among the K hashed cells of an element: {@code 1 -
   * (1 - 1/m)^K} for K independent uniform positions (the papers' {@code k = K/m} to first order).
   */
  public static double cellSetProbability(long m, int numHashes) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    return -Math.expm1(numHashes * Math.log1p(-1.0 / m));
  }

  /**
   * Per-element probability that a given cell is decremented when P distinct cells of m are
   * decremented uniformly at random: {@code P/m} [IBF paper III.A, "p = P/m"].
   */
  public static double cellDecrementProbability(long m, int decrements) {
    BloomMath.requirePositive("m", m);
    if (decrements < 0 || decrements > m) {
      throw new IllegalArgumentException("decrements must be in [0, m]: " + decrements);
    }
    return (double) decrements / m;
  }

  /**
   * Stationary distribution {@code V[0..M]} of one cell of an SBF or IBF whose cells are, per
   * element, first decremented (probability {@code decrementProb[j]} in state j, {@code j >= 1}),
   * then with probability {@code setProb} raised to a value v drawn from {@code setValueProb[v]}
   * ({@code v = 1..M}, {@code cell = max(cell, v)}, the rule of IBF paper Algorithm 2; for SBF v =
   * M always, so raising and setting agree). This is the chain of IBF paper Figs. 1-2 without its
   * approximations: a cell only ever steps down by one, so the flow across the cut between levels
   * below j and at or above j balances exactly,
   *
   * <pre>
   *   setProb * Q_j * sum_{i&lt;j} V_i = decrementProb[j] * (1 - setProb * Q_j) * V_j,   Q_j = Pr(v &gt;= j)
   * </pre>
   *
   * (a cell at j falls below j when it is decremented and not raised back to j or more in the same
   * step). Solved level by level from V_0 and normalised: O(M).
   *
   * @param setValueProb length M + 1, index 0 unused, summing to 1
   * @param decrementProb length M + 1, index 0 unused (a zero cell cannot be decremented)
   */
  public static double[] stableCellDistribution(
      double setProb, double[] setValueProb, double[] decrementProb) {
    int max = setValueProb.length - 1;
    if (max < 1 || decrementProb.length != max + 1) {
      throw new IllegalArgumentException("setValueProb and decrementProb need M + 1 entries");
    }
    if (!(setProb > 0 && setProb < 1)) {
      throw new IllegalArgumentException("setProb must be in (0, 1): " + setProb);
    }
    double[] tail = new double[max + 2]; // tail[j] = Pr(v >= j)
    for (int v = max; v >= 1; v--) {
      if (setValueProb[v] < 0) {
        throw new IllegalArgumentException("negative set-value probability at " + v);
      }
      tail[v] = tail[v + 1] + setValueProb[v];
    }
    if (Math.abs(tail[1] - 1) > 1e-9) {
      throw new IllegalArgumentException("set-value probabilities sum to " + tail[1] + ", not 1");
    }
    double[] v = new double[max + 1];
    v[0] = 1;
    double below = 1; // sum of v[0..j-1]
    for (int j = 1; j <= max; j++) {
      double q = Math.min(1, tail[j]);
      double down = decrementProb[j] * (1 - setProb * q);
      if (!(decrementProb[j] > 0)) {
        throw new IllegalArgumentException("decrementProb must be positive at level " + j);
      }
      v[j] = setProb * q * below / down;
      below += v[j];
    }
    for (int j = 0; j <= max; j++) {
      v[j] /= below;
    }
    return v;
  }

  /** Cell distribution of an SBF (set value always Max), by {@link #stableCellDistribution}. */
  public static double[] sbfCellDistribution(long m, int max, int numHashes, int decrements) {
    double[] set = new double[max + 1];
    set[max] = 1;
    double[] dec = new double[max + 1];
    Arrays.fill(dec, 1, max + 1, cellDecrementProbability(m, decrements));
    return stableCellDistribution(cellSetProbability(m, numHashes), set, dec);
  }

  /**
   * Stable fraction of zero cells of an SBF in the closed form of its chain: {@code V0 = (p'/(p' +
   * k))^Max} with {@code p' = p(1 - k)}, {@code p = P/m}, {@code k = 1 - (1 - 1/m)^K} [IBF paper
   * II.B and Fig. 1 with a single set value; with {@code k = K/m} this is Deng and Rafiei's {@code
   * (1/(1 + 1/(P(1/K - 1/m))))^Max}].
   */
  public static double sbfZeroFraction(long m, int max, int numHashes, int decrements) {
    double k = cellSetProbability(m, numHashes);
    double p1 = cellDecrementProbability(m, decrements) * (1 - k);
    return Math.pow(p1 / (p1 + k), max);
  }

  /**
   * Upper bound on the false positive rate of a stable SBF or IBF with stable zero fraction {@code
   * zeroFraction}: {@code (1 - V0)^K} [IBF paper Corollaries III.4 and III.8; Deng and Rafiei's
   * stable FPS]. A distinct element is a false positive iff none of its K cells is zero.
   */
  public static double stableFppBound(double zeroFraction, int numHashes) {
    BloomMath.requireNumHashes(numHashes);
    return Math.pow(1 - zeroFraction, numHashes);
  }

  /**
   * The number of decrements P (real-valued) at which an SBF of m cells, max Max and K hashes has
   * the stable false positive bound {@code fpp}: {@link #sbfZeroFraction} solved for P in Deng and
   * Rafiei's form, {@code P = 1 / ((z^(-1/Max) - 1)(1/K - 1/m))}, {@code z = 1 - fpp^(1/K)}.
   */
  public static double sbfDecrementsForFpp(long m, int max, int numHashes, double fpp) {
    BloomMath.requirePositive("m", m);
    BloomMath.requireNumHashes(numHashes);
    BloomMath.requireFpp(fpp);
    double z = 1 - Math.pow(fpp, 1.0 / numHashes);
    return 1 / ((Math.pow(z, -1.0 / max) - 1) * (1.0 / numHashes - 1.0 / m));
  }

  /**
   * IBF-2C stationary distribution in the closed form of Theorem III.1 [IBF paper III.A, Fig. 1],
   * generalised from the paper's even split (k/2, k/2) to a share {@code lowShare} of unimportant
   * elements. With {@code p' = p(1 - k)}, {@code kH = k(1 - lowShare)}, {@code h = floor(M/2)}:
   *
   * <pre>
   *   V_M = kH / (p' + kH);   V_i = (p'/(p' + kH))^(M-i) V_M            (h &lt; i &lt; M)
   *   V_i = (p'/(p' + k))^(h-i) V_h    (0 &lt; i &lt; h);   V_0 = (p'/k) V_1   (balance at 0)
   *   V_h = (1 - sum_{i>h} V_i) / (1 + sum_{j=1}^{h-1} (p'/(p'+k))^j + (p'/k)(p'/(p'+k))^(h-1))
   * </pre>
   *
   * Reconstructed: the extracted text prints the states below M/2 as {@code V_i = p'/(p'+k) V_M/2}
   * (the exponent {@code M/2 - i} of the recursion it describes is lost) and garbles V_M/2; we
   * complete the recursion "V_1 to V_M recursively, V_0 = 1 - sum" it states. The chain neglects
   * the same-step decrement-and-set term (order p k); {@link #stableCellDistribution} keeps it.
   */
  public static double[] ibf2cCellDistribution(
      long m, int max, int numHashes, int decrements, double lowShare) {
    if (max < 3) {
      throw new IllegalArgumentException("IBF-2C needs max >= 3 (M/2 between 1 and M): " + max);
    }
    if (!(lowShare >= 0 && lowShare <= 1)) {
      throw new IllegalArgumentException("lowShare must be in [0, 1]: " + lowShare);
    }
    double k = cellSetProbability(m, numHashes);
    double p1 = cellDecrementProbability(m, decrements) * (1 - k);
    double kh = k * (1 - lowShare);
    int h = max / 2;
    double[] v = new double[max + 1];
    v[max] = kh / (p1 + kh);
    double r1 = p1 / (p1 + kh);
    double above = v[max];
    for (int i = max - 1; i > h; i--) {
      v[i] = Math.pow(r1, max - i) * v[max];
      above += v[i];
    }
    double r2 = p1 / (p1 + k);
    double denom = 1 + p1 / k * Math.pow(r2, h - 1);
    for (int j = 1; j <= h - 1; j++) {
      denom += Math.pow(r2, j);
    }
    v[h] = (1 - above) / denom;
    for (int i = h - 1; i >= 1; i--) {
      v[i] = Math.pow(r2, h - i) * v[h];
    }
    v[0] = p1 / k * v[1];
    return v;
  }

  /**
   * IBF-MC cell distribution [IBF paper III.B, Fig. 2; the paper omits the calculation "due to lack
   * of space"]: the chain of {@link #stableCellDistribution} with the law of {@code f(importance)}
   * over 1..M as the set-value law ({@code classProb[v]}, index 0 unused).
   */
  public static double[] ibfMcCellDistribution(
      long m, int numHashes, int decrements, double[] classProb) {
    int max = classProb.length - 1;
    double[] dec = new double[max + 1];
    Arrays.fill(dec, 1, max + 1, cellDecrementProbability(m, decrements));
    return stableCellDistribution(cellSetProbability(m, numHashes), classProb, dec);
  }

  /**
   * IBF-2C cell distribution for any class law: unimportant classes ({@code f < M/2}) raise to
   * {@code floor(M/2)}, the others to M; the exact chain of {@link #stableCellDistribution}.
   */
  public static double[] ibf2cExactCellDistribution(
      long m, int numHashes, int decrements, double[] classProb) {
    int max = classProb.length - 1;
    double[] set = new double[max + 1];
    for (int c = 1; c <= max; c++) {
      set[c < max / 2.0 ? Math.max(1, max / 2) : max] += classProb[c];
    }
    return ibfMcCellDistribution(m, numHashes, decrements, set);
  }

  /**
   * Cell distribution of IBF-2C as its Algorithm 1 is written ({@link
   * IbfVariant#TWO_CLASS_ALGORITHM_1}): per element, decrement with probability {@code p = P/m},
   * then with probability k set: an important element ({@code f >= M/2}, share {@code qH} of the
   * class law) to M; an unimportant one to {@code h = floor(M/2)} if the cell is below M/2, else to
   * M. A cell still only steps down by one, so the flow across the cut below each level j balances
   * exactly, as in {@link #stableCellDistribution}, but the chance to be lifted over the cut now
   * depends on where the cell is (our derivation; the paper analyses only the raise-to-max chain of
   * Theorem III.1):
   *
   * <pre>
   *   j &lt;= h:   k sum_{i&lt;j} V_i = p (1 - k) V_j
   *   j = h+1:  k qH sum_{i&lt;=h} V_i = p (1 - k qH) V_j
   *   j &gt;= h+2: k (qH sum_{i&lt;=h} V_i + (qH + qL (1 - p)) V_{h+1} + sum_{h+2&lt;=i&lt;j} V_i) = p (1 - k) V_j
   * </pre>
   *
   * (a cell at h+1 decremented to h is lifted by an unimportant element only back to h). O(M).
   */
  public static double[] ibf2cAlgorithm1CellDistribution(
      long m, int numHashes, int decrements, double[] classProb) {
    int max = classProb.length - 1;
    if (max < 1) {
      throw new IllegalArgumentException("classProb needs M + 1 entries");
    }
    double k = cellSetProbability(m, numHashes);
    double p = cellDecrementProbability(m, decrements);
    if (!(p > 0)) {
      throw new IllegalArgumentException("decrements must be positive");
    }
    double qh = 0;
    double total = 0;
    for (int c = 1; c <= max; c++) {
      total += classProb[c];
      if (!(c < max / 2.0)) {
        qh += classProb[c];
      }
    }
    if (Math.abs(total - 1) > 1e-9) {
      throw new IllegalArgumentException("class probabilities sum to " + total + ", not 1");
    }
    double ql = 1 - qh;
    int h = Math.max(1, max / 2);
    double[] v = new double[max + 1];
    v[0] = 1;
    double below = 1; // sum of v[0..j-1]
    double lowSum = 0; // sum of v[0..h] once j > h
    double highSum = 0; // sum of v[h+2..j-1]
    for (int j = 1; j <= max; j++) {
      if (j <= h) {
        v[j] = k * below / (p * (1 - k));
      } else if (j == h + 1) {
        lowSum = below;
        v[j] = k * qh * lowSum / (p * (1 - k * qh));
      } else {
        v[j] = k * (qh * lowSum + (qh + ql * (1 - p)) * v[h + 1] + highSum) / (p * (1 - k));
        highSum += v[j];
      }
      below += v[j];
    }
    for (int j = 0; j <= max; j++) {
      v[j] /= below;
    }
    return v;
  }

  /**
   * IBF-H cell distribution, our mean-field extension (the IBF paper gives no analysis of
   * "probabilistic delete val", IV.C): each of the P decrements picks a non-zero cell with
   * probability proportional to 1/value, so a cell at value j is decremented with probability
   * about {@code P / (j m sum_{u>=1} V_u/u)}; the chain of {@link #stableCellDistribution} is solved
   * with these level-dependent probabilities and iterated to a fixed point (damped).
   */
  public static double[] ibfHeuristicCellDistribution(
      long m, int numHashes, int decrements, double[] classProb) {
    int max = classProb.length - 1;
    double[] v = ibfMcCellDistribution(m, numHashes, decrements, classProb);
    double k = cellSetProbability(m, numHashes);
    double[] dec = new double[max + 1];
    for (int it = 0; it < 500; it++) {
      double w = 0;
      for (int u = 1; u <= max; u++) {
        w += v[u] / u;
      }
      for (int j = 1; j <= max; j++) {
        dec[j] = Math.min(1, decrements / (j * m * w));
      }
      double[] next = stableCellDistribution(k, classProb, dec);
      double change = 0;
      for (int j = 0; j <= max; j++) {
        double x = 0.5 * v[j] + 0.5 * next[j];
        change = Math.max(change, Math.abs(x - v[j]));
        v[j] = x;
      }
      if (change < 1e-13) {
        break;
      }
    }
    return v;
  }

  /**
   * Probability {@code Pr_0(delta)} that a cell of an SBF or IBF, set to {@code start} by an element,
   * is 0 when the element recurs {@code delta} elements later, under the per-element chain of
   * {@link #stableCellDistribution} (decrement, then raise with probability {@code setProb} to a
   * value drawn from {@code setValueProb}) [IBF paper III.A, "False negative rate", after Deng and
   * Rafiei's gap analysis]. The paper words it "decremented to 0 ... within the delta iterations";
   * a cell that reached 0 and was raised again by another element does not cause a false negative,
   * so we take the state at the end of the gap. O(delta M^2).
   */
  public static double cellZeroAfter(
      int start, long delta, double setProb, double[] setValueProb, double[] decrementProb) {
    int max = setValueProb.length - 1;
    if (start < 0 || start > max) {
      throw new IllegalArgumentException("start must be in [0, " + max + "]: " + start);
    }
    if (delta < 0) {
      throw new IllegalArgumentException("delta must be non-negative: " + delta);
    }
    double[] x = new double[max + 1];
    double[] next = new double[max + 1];
    x[start] = 1;
    for (long t = 0; t < delta; t++) {
      Arrays.fill(next, 0);
      for (int i = 0; i <= max; i++) {
        if (x[i] == 0) {
          continue;
        }
        double dec = i == 0 ? 0 : decrementProb[i];
        for (int step = 0; step <= 1; step++) {
          double w = x[i] * (step == 1 ? dec : 1 - dec);
          if (w == 0) {
            continue;
          }
          int j = i - step;
          next[j] += w * (1 - setProb);
          for (int v = 1; v <= max; v++) {
            next[Math.max(j, v)] += w * setProb * setValueProb[v];
          }
        }
      }
      double[] tmp = x;
      x = next;
      next = tmp;
    }
    return x[0];
  }

  /**
   * Probability that a duplicate whose K cells are each 0 with probability {@code cellZero} at its
   * recurrence is reported distinct: {@code 1 - (1 - Pr_0)^K} [IBF paper III.A, "Pr(FN_i)"].
   */
  public static double stableFnProbability(double cellZero, int numHashes) {
    BloomMath.requireNumHashes(numHashes);
    return -Math.expm1(numHashes * Math.log1p(-cellZero));
  }
}
