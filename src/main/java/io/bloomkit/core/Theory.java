package io.bloomkit.core;

/**
 * Every formula of the library, each with its paper and equation. Sizes are 64-bit.
 *
 * <p>Cheat sheet (n items, k hashes):
 *
 * <pre>
 *   Bloom filter / CBF, m bits or counters    f = (1 - e^(-k n / m))^k          [ACBF paper eq. 1]
 *   best real k                                k = (m / n) ln 2                  [ACBF paper eq. 1]
 *   ACBF, first level m1 bits                  f = (1 - e^(-k n / m1))^k         [ACBF paper eq. 3]
 *   ACBF_t                                     m1 = t m, t in {1, 2, 3}          [ACBF paper eq. 4]
 *   ACBF_opt (capacity C)                      m1 = 4m - k C                     [ACBF paper eq. 6]
 *                                              f = (1 - e^(-k n / (4m - k C)))^k [ACBF paper eq. 7]
 *   least bits for rate P with k hashes        m = -k n / ln(1 - P^(1/k))        [eq. 1 solved for m]
 * </pre>
 *
 * "ACBF paper": Li, Huang, Zhang, Qin, "Accurate Counting Bloom Filters for Large-Scale Data
 * Processing", Mathematical Problems in Engineering 2013, id 516298. Eq. 1 is Bloom (1970) in the
 * form of Fan et al. (2000).
 */
public final class Theory {
  /** Hash counts searched when looking for the best integer k. */
  public static final int MAX_HASHES = 64;

  private Theory() {}

  /**
   * False positive rate of a Bloom filter of {@code m} bits (or a CBF of {@code m} counters) holding
   * {@code n} items with {@code k} hashes: {@code (1 - e^(-kn/m))^k} [ACBF paper eq. 1].
   */
  public static double bloomFpp(long m, long n, int k) {
    checkPositive("m", m);
    checkHashes(k);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1(-(double) k * n / m), k);
  }

  /**
   * False positive rate of an ACBF whose first level has {@code m1} bits: only L1 answers queries,
   * so {@code (1 - e^(-kn/m1))^k} [ACBF paper eq. 3].
   */
  public static double acbfFpp(long m1, long n, int k) {
    return bloomFpp(m1, n, k);
  }

  /** First level of ACBF_t: {@code m1 = t*m} [ACBF paper eq. 4], t in 1..3. */
  public static long acbfFirstLevel(long m, int t) {
    checkPositive("m", m);
    if (t < 1 || t > 3) {
      throw new IllegalArgumentException("t must be 1, 2 or 3 (t = 4 leaves no idle space): " + t);
    }
    return t * m;
  }

  /**
   * First level of ACBF_opt: {@code m1 = 4m - k*C} [ACBF paper eq. 6], the largest L1 whose idle
   * space still holds the {@code k*C} bits of C elements.
   */
  public static long acbfOptimalFirstLevel(long m, int k, long capacity) {
    checkPositive("m", m);
    checkHashes(k);
    checkPositive("capacity", capacity);
    long m1 = 4 * m - (long) k * capacity;
    if (m1 <= 0) {
      throw new IllegalArgumentException(
          "budget 4m = " + 4 * m + " bits cannot hold k*capacity = " + (long) k * capacity
              + " counter bits: raise m or lower numHashes/capacity");
    }
    return m1;
  }

  /**
   * False positive rate of ACBF_opt: {@code (1 - e^(-kn/(4m - kC)))^k} [ACBF paper eq. 7].
   */
  public static double acbfOptimalFpp(long m, long n, int k, long capacity) {
    return bloomFpp(acbfOptimalFirstLevel(m, k, capacity), n, k);
  }

  /** The real-valued optimum {@code k = (m/n) ln 2} of eq. 1. */
  public static double optimalHashesReal(long m, long n) {
    checkPositive("m", m);
    checkPositive("n", n);
    return (double) m / n * Math.log(2);
  }

  /** The integer k in {@code [1, MAX_HASHES]} minimising eq. 1 for a Bloom filter or CBF. */
  public static int bestBloomHashes(long m, long n) {
    checkPositive("m", m);
    checkPositive("n", n);
    int best = 1;
    double bestF = Double.MAX_VALUE;
    for (int k = 1; k <= MAX_HASHES; k++) {
      double f = bloomFpp(m, n, k);
      if (f < bestF) {
        bestF = f;
        best = k;
      }
    }
    return best;
  }

  /**
   * The integer k minimising the ACBF rate (eq. 3 with m1 from eq. 4 or 6) for {@code m} counters,
   * {@code n} items and capacity {@code C}, among the k whose idle space holds C elements. At equal
   * memory it is far below the Bloom filter's best k, since every hash costs {@code C} idle bits.
   *
   * @throws IllegalArgumentException if even k = 1 cannot hold C elements
   */
  public static int bestAcbfHashes(AcbfSizing sizing, long m, long n, long capacity) {
    checkPositive("m", m);
    checkPositive("n", n);
    int best = 0;
    double bestF = Double.MAX_VALUE;
    for (int k = 1; k <= MAX_HASHES && sizing.maxCapacity(m, k) >= capacity; k++) {
      double f = acbfFpp(sizing.firstLevelBits(m, k, capacity), n, k);
      if (f < bestF) {
        bestF = f;
        best = k;
      }
    }
    if (best == 0) {
      throw new IllegalArgumentException(
          sizing.cliName() + " with m = " + m + " counters cannot hold capacity " + capacity
              + " even with one hash");
    }
    return best;
  }

  /**
   * The least number of bits (Bloom) or first-level bits (ACBF) for which {@code n} items with
   * {@code k} hashes have rate at most {@code fpp}: eq. 1 solved for m, {@code m = -kn / ln(1 -
   * fpp^(1/k))}, rounded up.
   */
  public static long bitsForFpp(long n, int k, double fpp) {
    checkPositive("n", n);
    checkHashes(k);
    checkFpp(fpp);
    double m = -(double) k * n / Math.log1p(-Math.pow(fpp, 1.0 / k));
    if (!(m < 0x1p62)) {
      return Long.MAX_VALUE; // not representable: saturate (callers compare with their limit)
    }
    long bits = (long) Math.ceil(m);
    // guard against rounding at the boundary: the integer size must reach the target
    while (bloomFpp(bits, n, k) > fpp) {
      bits++;
    }
    return Math.max(bits, 1);
  }

  // ---- Stream duplicate detection: SBF, RSBF, IBF (issue: stream filters) ----------------------
  //
  // "IBF paper": Boraskar, Gabale, Kulkarni, Kulkarni, "Importance-aware Bloom Filter for Managing
  // Set Membership Queries on Streaming Data" (section II.B describes the SBF of Deng and Rafiei,
  // SIGMOD 2006). "RSBF paper": Dutta, Bhattacharjee, Narang, "Towards Intelligent Compression in
  // Streams: A Biased Reservoir Sampling based Bloom Filter Approach", EDBT 2012. Both papers reach
  // us as text extractions with partly garbled formulas; where a formula below was reconstructed
  // from its derivation, its comment says so.
  //
  //   SBF/IBF cell chain, per element: cell set with prob k, decremented with prob p
  //     k = 1 - (1 - 1/m)^K  (K uniform positions; the paper's K/m)   p = P/m (P distinct cells)
  //   SBF stable zeros  V0 = (p'/(p' + k))^Max,  p' = p(1 - k)    [IBF paper Fig. 1 with one class;
  //                        = (1/(1 + 1/(P(1/K - 1/m))))^Max with k = K/m, Deng & Rafiei's form]
  //   stable FP bound   FPR <= (1 - V0)^K                          [IBF paper Cor. III.4 / III.8]
  //   FN after a gap    Pr(FN) = 1 - (1 - Pr_0(delta))^K           [IBF paper III.A, FN rate]
  //   IBF-2C            V_M, V_i (M/2 < i < M), V_M/2, V_i (0 < i < M/2), V_0  [Theorem III.1]
  //   IBF-MC / any set-value law, exact cut balance across every level j:
  //        k Q_j sum_{i<j} V_i = p_j (1 - k Q_j) V_j,   Q_j = Pr(set value >= j)  [Fig. 2 chain]
  //   RSBF  k = ln(FPR_t)/ln(1 - 1/e) [eq. 5.27], k = mean(1, eq. 5.27) [5.4], s = M/k [eq. 5.28]
  //         FPR after the fill (1 - 1/e)^k [eq. 5.26], FPR(m) [eq. 5.7], FNR <= k(m-s)/(U m) [5.14]
  //         E[X] = lambda + p_i eps, eps = lambda(((s-1)/s)^2 - 1) + 1        [Theorem 5.1, 5.22]
  //         fixed point lambda* = s^2/(2s - 1) (eps = 0), Var of one step [eq. 5.24]

  /**
   * Per-element probability that a given cell is among the K hashed cells of an element: {@code 1 -
   * (1 - 1/m)^K} for K independent uniform positions (the papers' {@code k = K/m} to first order).
   */
  public static double cellSetProbability(long m, int numHashes) {
    checkPositive("m", m);
    checkHashes(numHashes);
    return -Math.expm1(numHashes * Math.log1p(-1.0 / m));
  }

  /**
   * Per-element probability that a given cell is decremented when P distinct cells of m are
   * decremented uniformly at random: {@code P/m} [IBF paper III.A, "p = P/m"].
   */
  public static double cellDecrementProbability(long m, int decrements) {
    checkPositive("m", m);
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
   *   setProb * Q_j * sum_{i<j} V_i = decrementProb[j] * (1 - setProb * Q_j) * V_j,   Q_j = Pr(v >= j)
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
    java.util.Arrays.fill(dec, 1, max + 1, cellDecrementProbability(m, decrements));
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
  public static double stableFprBound(double zeroFraction, int numHashes) {
    checkHashes(numHashes);
    return Math.pow(1 - zeroFraction, numHashes);
  }

  /**
   * The number of decrements P (real-valued) at which an SBF of m cells, max Max and K hashes has
   * the stable false positive bound {@code fpr}: {@link #sbfZeroFraction} solved for P in Deng and
   * Rafiei's form, {@code P = 1 / ((z^(-1/Max) - 1)(1/K - 1/m))}, {@code z = 1 - fpr^(1/K)}.
   */
  public static double sbfDecrementsForFpr(long m, int max, int numHashes, double fpr) {
    checkPositive("m", m);
    checkHashes(numHashes);
    checkFpp(fpr);
    double z = 1 - Math.pow(fpr, 1.0 / numHashes);
    return 1 / ((Math.pow(z, -1.0 / max) - 1) * (1.0 / numHashes - 1.0 / m));
  }

  /**
   * IBF-2C stationary distribution in the closed form of Theorem III.1 [IBF paper III.A, Fig. 1],
   * generalised from the paper's even split (k/2, k/2) to a share {@code lowShare} of unimportant
   * elements. With {@code p' = p(1 - k)}, {@code kH = k(1 - lowShare)}, {@code h = floor(M/2)}:
   *
   * <pre>
   *   V_M = kH / (p' + kH);   V_i = (p'/(p' + kH))^(M-i) V_M            (h < i < M)
   *   V_i = (p'/(p' + k))^(h-i) V_h    (0 < i < h);   V_0 = (p'/k) V_1   (balance at 0)
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
    java.util.Arrays.fill(dec, 1, max + 1, cellDecrementProbability(m, decrements));
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
      java.util.Arrays.fill(next, 0);
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
    checkHashes(numHashes);
    return -Math.expm1(numHashes * Math.log1p(-cellZero));
  }

  /**
   * Expected fraction of zero bits of a Bloom filter of m bits after n insertions with K hashes:
   * {@code (1 - 1/m)^(K n)} [Bloom 1970; the base of ACBF paper eq. 1].
   */
  public static double bloomZeroFraction(long m, long n, int numHashes) {
    checkPositive("m", m);
    checkHashes(numHashes);
    return Math.exp((double) numHashes * n * Math.log1p(-1.0 / m));
  }

  /**
   * RSBF, the k at which the FPR right after the fill meets {@code FPR_t}: {@code k =
   * ln(FPR_t)/ln(1 - 1/e)} [RSBF paper eq. 5.27] (real-valued).
   */
  public static double rsbfFprOptimalHashes(double fprTarget) {
    checkFpp(fprTarget);
    return Math.log(fprTarget) / Math.log(1 - 1 / Math.E);
  }

  /**
   * RSBF parameter setting [RSBF paper section 5.4]: k is the arithmetic mean of 1 (lowest FNR) and
   * eq. 5.27 (lowest FPR), rounded to the nearest integer (at least 1).
   */
  public static int rsbfNumHashes(double fprTarget) {
    double k = (1 + rsbfFprOptimalHashes(fprTarget)) / 2;
    return (int) Math.max(1, Math.min(MAX_HASHES, Math.round(k)));
  }

  /** RSBF filter size {@code s = M/k} [RSBF paper eq. 5.28], rounded down. */
  public static long rsbfFilterBits(long memoryBits, int numHashes) {
    checkPositive("memoryBits", memoryBits);
    checkHashes(numHashes);
    long s = memoryBits / numHashes;
    if (s <= 0) {
      throw new IllegalArgumentException(memoryBits + " bits cannot hold " + numHashes + " filters");
    }
    return s;
  }

  /**
   * RSBF FPR right after the s fill elements: each bit set with probability {@code 1 - (1 - 1/s)^s}
   * [eq. 5.25], so {@code (1 - (1 - 1/s)^s)^k}, which tends to {@code (1 - 1/e)^k} [eq. 5.26]. Since
   * the ones then drift down to {@link #rsbfStableOnes} (Theorem 5.1), this is also the highest FPR
   * RSBF reaches on a stream of distinct elements.
   */
  public static double rsbfFprAfterFill(long s, int numHashes) {
    checkPositive("s", s);
    checkHashes(numHashes);
    double set = -Math.expm1(s * Math.log1p(-1.0 / s));
    return Math.pow(set, numHashes);
  }

  /**
   * RSBF probability that element m + 1 of a uniform stream over a universe of U is a false
   * positive, as the paper states it [RSBF paper eq. 5.7]: {@code ((U-1)/U)^m [1 - ks/m + ((1 -
   * 1/e) s/m)^k]}. The bracket, the FPR given that the element is new, tends to 1 as m grows: the
   * bound is vacuous for long streams (the sum of eq. 5.2 counts "last set at l" events that are not
   * exclusive), unlike {@link #rsbfStableFpr}.
   */
  public static double rsbfPaperFpr(long universe, long m, long s, int numHashes) {
    checkPositive("universe", universe);
    checkPositive("m", m);
    double x = (double) s / m;
    double bracket = 1 - numHashes * x + Math.pow((1 - 1 / Math.E) * x, numHashes);
    return Math.exp(m * Math.log1p(-1.0 / universe)) * bracket;
  }

  /**
   * RSBF bound on the probability that element m + 1 of a uniform stream over U is a false negative
   * [RSBF paper eq. 5.14]: {@code k (m - s)/(U m)}, which is {@code O(k/U)} [eq. 5.17].
   */
  public static double rsbfFnrBound(long universe, long m, long s, int numHashes) {
    checkPositive("universe", universe);
    checkPositive("m", m);
    return m <= s ? 0 : (double) numHashes * (m - s) / ((double) universe * m);
  }

  /**
   * RSBF expected change of the ones of one filter in one step with insertion probability p and
   * lambda ones [RSBF paper Theorem 5.1, eq. 5.22]: {@code E[X] - lambda = p eps}, {@code eps =
   * lambda(((s-1)/s)^2 - 1) + 1} (reconstructed: the extraction prints {@code ((1-s)/s)^2}, equal
   * since squared; it follows from eqs. 5.19-5.21).
   */
  public static double rsbfOnesDrift(double lambda, long s, double p) {
    checkPositive("s", s);
    double r = (s - 1.0) / s;
    return p * (lambda * (r * r - 1) + 1);
  }

  /**
   * RSBF stable count of ones of one filter: the lambda at which eq. 5.22's eps vanishes, {@code
   * s^2/(2s - 1)}, about s/2. Theorem 5.1 proves the fraction constant; this value is our solution
   * of its drift, not printed in the paper.
   */
  public static double rsbfStableOnes(long s) {
    checkPositive("s", s);
    return (double) s * s / (2.0 * s - 1);
  }

  /**
   * Variance of the one-step change of the ones of one filter, {@code p(beta^2 + (beta - 1)^2) -
   * p^2} with {@code beta = lambda/s} [RSBF paper eq. 5.24].
   */
  public static double rsbfOnesStepVariance(double beta, double p) {
    return p * (beta * beta + (beta - 1) * (beta - 1)) - p * p;
  }

  /**
   * RSBF stationary law of the ones of one filter once inserting: the birth-death chain of eqs.
   * 5.19-5.21 (per insertion, up with {@code ((s - l)/s)^2}, down with {@code l(l - 1)/s^2}) has
   * {@code pi(l + 1)/pi(l) = (s - l)^2 / ((l + 1) l)}. Returns {mean, variance}; the variance is
   * about s/8. Our derivation from the paper's transition probabilities.
   */
  public static double[] rsbfOnesStationary(long s) {
    checkPositive("s", s);
    if (s > 50_000_000L) {
      throw new IllegalArgumentException("s too large for the exact law: " + s);
    }
    int n = (int) s;
    double[] logPi = new double[n + 1];
    logPi[0] = Double.NEGATIVE_INFINITY; // l = 0 is transient once a bit is set
    logPi[1] = 0;
    double top = 0;
    for (int l = 1; l < n; l++) {
      logPi[l + 1] = logPi[l] + 2 * Math.log(s - l) - Math.log(l + 1.0) - Math.log(l);
      top = Math.max(top, logPi[l + 1]);
    }
    double z = 0;
    double mean = 0;
    double sq = 0;
    for (int l = 1; l <= n; l++) {
      double w = Math.exp(logPi[l] - top);
      z += w;
      mean += w * l;
      sq += w * (double) l * l;
    }
    mean /= z;
    return new double[] {mean, sq / z - mean * mean};
  }

  /**
   * RSBF fraction of ones per filter once insertions are forced (insertion probability p below p*)
   * on a stream of new elements. An element is reported distinct with probability {@code 1 -
   * beta^k} and then inserted; it has a 0 bit in a given filter with probability {@code (1 -
   * beta)/(1 - beta^k)} rather than {@code 1 - beta}. An element reported duplicate is inserted
   * with probability p, which only resets. A reset hits a 1 with probability beta, so the expected
   * change per element, {@code (1 - beta) - beta (1 - beta^k) - p beta^(k+1)}, vanishes at the root
   * in (0, 1) of {@code 1 - 2 beta + (1 - p) beta^(k+1) = 0}: 0.5437 for k = 3, above Theorem 5.1's
   * 1/2, whose proof assumes insertions independent of the bits; for k = 1, {@code 1/(1 +
   * sqrt(p))}, which tends to 1. Our extension, not in the paper; solved by bisection.
   */
  public static double rsbfForcedOnesFraction(int numHashes, double p) {
    checkHashes(numHashes);
    if (!(p >= 0 && p <= 1)) {
      throw new IllegalArgumentException("p must be in [0, 1]: " + p);
    }
    double lo = 0;
    // g is convex with g(0) = 1: the first root lies below its minimum
    double hi = Math.min(1, Math.pow(2 / ((numHashes + 1) * Math.max(1e-300, 1 - p)), 1.0 / numHashes));
    for (int i = 0; i < 200; i++) {
      double b = (lo + hi) / 2;
      double g = 1 - 2 * b + (1 - p) * Math.pow(b, numHashes + 1);
      if (g > 0) {
        lo = b;
      } else {
        hi = b;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * RSBF stable FPR for a new element: each of the k bits is set with probability {@code
   * lambda* / s} ({@link #rsbfStableOnes}), so {@code (s/(2s - 1))^k}, about {@code 2^-k}. Our
   * consequence of Theorem 5.1.
   */
  public static double rsbfStableFpr(long s, int numHashes) {
    checkHashes(numHashes);
    return Math.pow(rsbfStableOnes(s) / s, numHashes);
  }


  // ---- Distributed filtering ("One is Enough") and linked counting Bloom filters --------------
  //
  // "One is Enough": Koloniari, Ntarmos, Souravlias, Pitoura, "One is Enough: Distributed
  // Filtering for Duplicate Elimination", CIKM 2011. "Icebergs": Wu, Xiao, Li, Sun, "A Distributed
  // Algorithm for Finding Global Icebergs with Linked Counting Bloom Filters". Where a formula
  // below is a reconstruction rather than the printed text, its javadoc says so and why.
  //
  //   vertical, S slices of one m-bit filter     (1 - (1 - 1/m)^(kn))^k           [One eq. 3]
  //   horizontal, S slices of m/S bits           (1 - (1 - S/m)^(kn/S))^k         [One eq. 4]
  //   v-h diced, S x S' slices                   (1 - (1 - SS'/m)^(kn/(SS')))^k   [One sec. 3.3]
  //   horizontal, f failed slices count as set   f/S + (1 - f/S) P                [One eq. 5]
  //   vertical, f failed slices count as set     (f/S + (1 - f/S) p)^k            [One eq. 6]
  //   failed slices count as unset               FN: f/S (h), 1 - (1 - f/S)^k (v)  [One sec. 3.2]
  //   x-of-k heuristic (vertical)                FP ~ ((1 - f/S) p)^x, FN = P[failed >= k-x+1]
  //   fault tolerance S_f                        f(1-P)/(Pmax-P) (h), f(1-P^(1/k))/(Pmax^(1/k)-P^(1/k)) (v)
  //   equal timers, all k equal                  (1 - e^(-k/m))^k                 [One sec. 4]
  //   dynamic size thresholds                    n = -(m/k) ln(1 - P^(1/k)), z = m P^(1/k) [One sec. 5]
  //   LCBF error bounds                          (1-(1-1/m)^k)^k <= err <= (1-(1-1/m)^(kn))^k [Icebergs eq. 1, 2]
  //   LCBF encodings                             two-layer m + (l+1)V, one-layer (l+1)(V + empty)  [Icebergs V]
  // where P = (1 - e^(-kn/m))^k is the unsliced rate (One eq. 2) and p = 1 - e^(-kn/m) the share of
  // set bits.

  /**
   * False positive rate of a vertically sliced filter: all n items go into one m-bit filter whatever
   * S, so {@code (1 - (1 - 1/m)^(kn))^k} [One is Enough eq. 3, = eq. 1].
   */
  public static double verticalSlicedFpp(long m, int k, int slices, long n) {
    checkPositive("memoryBits", m);
    checkHashes(k);
    checkPositive("slices", slices);
    return exactBloomFpp(m, k, n);
  }

  /**
   * False positive rate of a horizontally sliced filter: S slices of m/S bits, n/S items each on
   * average, {@code (1 - (1 - S/m)^(kn/S))^k} [One is Enough eq. 4].
   */
  public static double horizontalSlicedFpp(long m, int k, int slices, long n) {
    checkPositive("memoryBits", m);
    checkHashes(k);
    checkPositive("slices", slices);
    if (n <= 0) {
      return 0.0;
    }
    double s = slices;
    double perSlice = -Math.expm1((double) k * n / s * Math.log1p(-s / m));
    return Math.pow(perSlice, k);
  }

  /**
   * Diced filters [One is Enough sec. 3.3]: the vertical split changes nothing, so an h-v diced
   * filter (S horizontal slices, each cut vertically in S') has the rate of the horizontal filter
   * with S slices (eq. 4; the printed formula lost its outer exponent k in extraction), and a v-h
   * diced filter (S vertical slices, each a horizontal filter of S') that of a horizontal filter
   * with S*S' slices, {@code (1 - (1 - SS'/m)^(kn/(SS')))^k}.
   */
  public static double dicedFpp(boolean verticalOfHorizontal, long m, int k, int slices, int subSlices, long n) {
    checkPositive("subSlices", subSlices);
    return verticalOfHorizontal
        ? horizontalSlicedFpp(m, k, slices * subSlices, n)
        : horizontalSlicedFpp(m, k, slices, n);
  }

  /** Eq. 1 of One is Enough, {@code (1 - (1 - 1/m)^(kn))^k}, without the e approximation. */
  public static double exactBloomFpp(long m, int k, long n) {
    checkPositive("m", m);
    checkHashes(k);
    if (n <= 0) {
      return 0.0;
    }
    return Math.pow(-Math.expm1((double) k * n * Math.log1p(-1.0 / m)), k);
  }

  /** The expected share of set bits after n items, {@code p = 1 - e^(-kn/m)} [One eq. 2]. */
  public static double setBitShare(long m, int k, long n) {
    checkPositive("m", m);
    checkHashes(k);
    return n <= 0 ? 0.0 : -Math.expm1(-(double) k * n / m);
  }

  /**
   * Horizontal filter with f of S slices failed, events of failed slices taken as duplicates:
   * {@code f/S + (1 - f/S)(1 - e^(-kn/m))^k} [One is Enough eq. 5].
   */
  public static double horizontalFailedSetFpp(long m, int k, long n, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return phi + (1 - phi) * bloomFpp(m, n, k);
  }

  /**
   * Vertical filter with f of S slices failed, failed bits taken as set: {@code (f/S + (1 - f/S)(1
   * - e^(-kn/m)))^k} [One is Enough eq. 6].
   */
  public static double verticalFailedSetFpp(long m, int k, long n, int slices, int failed) {
    double phi = failedShare(slices, failed);
    return Math.pow(phi + (1 - phi) * setBitShare(m, k, n), k);
  }

  /**
   * Diced filter with f of S*S' sites failed, failed bits taken as set: behaves as a vertical
   * filter with S*S' slices [One is Enough eq. 7]. The extracted text reads {@code (f/(SS') + (1 -
   * f/S) p)^k}; the second share must be the complement of the first (a bit is either on a failed
   * site or not), so this returns {@code (f/(SS') + (1 - f/(SS')) p)^k}, i.e. eq. 6 with S*S'.
   */
  public static double dicedFailedSetFpp(long m, int k, long n, int slices, int subSlices, int failed) {
    checkPositive("subSlices", subSlices);
    return verticalFailedSetFpp(m, k, n, slices * subSlices, failed);
  }

  /**
   * Horizontal filter, events of failed slices taken as distinct [One is Enough sec. 3.2]: false
   * negative rate {@code f/S} (every event of a failed slice).
   */
  public static double horizontalFailedUnsetFnr(int slices, int failed) {
    return failedShare(slices, failed);
  }

  /**
   * Horizontal filter, events of failed slices taken as distinct: false positive rate {@code (1 -
   * f/S)(1 - e^(-kn/m))^k} [One is Enough sec. 3.2].
   */
  public static double horizontalFailedUnsetFpp(long m, int k, long n, int slices, int failed) {
    return (1 - failedShare(slices, failed)) * bloomFpp(m, n, k);
  }

  /**
   * Vertical filter, failed bits taken as unset: a duplicate is missed when at least one of its k
   * bits is on a failed slice, {@code sum_{i=1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i) = 1 - (1 -
   * f/S)^k} [One is Enough sec. 3.2; the printed sum has no binomial coefficients, which it needs
   * to be a probability: without them it is not 1 when f = S].
   */
  public static double verticalFailedUnsetFnr(int k, int slices, int failed) {
    checkHashes(k);
    return -Math.expm1(k * Math.log1p(-failedShare(slices, failed)));
  }

  /**
   * Vertical filter, failed bits taken as unset: {@code ((1 - f/S)(1 - e^(-kn/m)))^k} [One is
   * Enough sec. 3.2].
   */
  public static double verticalFailedUnsetFpp(long m, int k, long n, int slices, int failed) {
    return Math.pow((1 - failedShare(slices, failed)) * setBitShare(m, k, n), k);
  }

  /**
   * The x-of-k heuristic for vertical filters as printed [One is Enough sec. 3.2]: {@code VP_fp =
   * ((1 - f/S)(1 - e^(-kn/m)))^x}, the chance that x given bits are alive and set. It ignores that
   * the other alive bits must be set too and that any x of the k may be the alive ones; {@link
   * #verticalAtLeastFpp} is the exact rate the filter has.
   */
  public static double verticalAtLeastFppPaper(long m, int k, long n, int slices, int failed, int x) {
    checkAtLeast(k, x);
    return Math.pow((1 - failedShare(slices, failed)) * setBitShare(m, k, n), x);
  }

  /**
   * The x-of-k heuristic, exact under the paper's model (each of the k bits on a failed slice with
   * probability f/S independently, each alive bit set with probability p = 1 - e^(-kn/m)): a
   * fresh event is a false positive when a >= x bits are alive and all of them set, {@code
   * sum_{a=x..k} C(k,a) (1-f/S)^a (f/S)^(k-a) p^a}.
   */
  public static double verticalAtLeastFpp(long m, int k, long n, int slices, int failed, int x) {
    checkAtLeast(k, x);
    double phi = failedShare(slices, failed);
    double p = setBitShare(m, k, n);
    double sum = 0;
    for (int a = x; a <= k; a++) {
      sum += binomial(k, a) * Math.pow(1 - phi, a) * Math.pow(phi, k - a) * Math.pow(p, a);
    }
    return sum;
  }

  /**
   * The x-of-k heuristic's false negative rate: a duplicate (all its alive bits set) is called
   * distinct when fewer than x of its bits are alive, i.e. at least k-x+1 failed, {@code
   * sum_{i=k-x+1..k} C(k,i) (f/S)^i (1 - f/S)^(k-i)} [One is Enough sec. 3.2, with the binomial
   * coefficients the extracted sum lacks, see {@link #verticalFailedUnsetFnr}].
   */
  public static double verticalAtLeastFnr(int k, int slices, int failed, int x) {
    checkAtLeast(k, x);
    double phi = failedShare(slices, failed);
    double sum = 0;
    for (int i = k - x + 1; i <= k; i++) {
      sum += binomial(k, i) * Math.pow(phi, i) * Math.pow(1 - phi, k - i);
    }
    return sum;
  }

  /**
   * Fault tolerance parameter S_f of a horizontal filter [One is Enough def. 3, eq. 5 solved for
   * S]: the least number of slices such that f failed ones keep the rate at most {@code maxFpp},
   * {@code S_f >= f (1 - P) / (Pmax - P)} with P the rate without failures; rounded up.
   */
  public static long horizontalFaultToleranceSlices(int failed, double fpp, double maxFpp) {
    checkFaultTolerance(failed, fpp, maxFpp);
    return (long) Math.ceil(failed * (1 - fpp) / (maxFpp - fpp) - 1e-9);
  }

  /**
   * Fault tolerance parameter S_f of a vertical filter [One is Enough def. 3, eq. 6 solved for S],
   * {@code S_f >= f (1 - P^(1/k)) / (Pmax^(1/k) - P^(1/k))} (the extracted text lost the roots'
   * index k); rounded up.
   */
  public static long verticalFaultToleranceSlices(int failed, int k, double fpp, double maxFpp) {
    checkHashes(k);
    checkFaultTolerance(failed, fpp, maxFpp);
    double r = Math.pow(fpp, 1.0 / k);
    double rMax = Math.pow(maxFpp, 1.0 / k);
    return (long) Math.ceil(failed * (1 - r) / (rMax - r) - 1e-9);
  }

  /** The share of slices failed, f/S, checking {@code 0 <= f <= S}. */
  public static double failedShare(int slices, int failed) {
    checkPositive("slices", slices);
    if (failed < 0 || failed > slices) {
      throw new IllegalArgumentException("failed slices must be in [0, " + slices + "]: " + failed);
    }
    return (double) failed / slices;
  }

  /**
   * Bits of one timer of a window of w time units: a live timer holds 1..w, 0 is expired, so
   * {@code ceil(log2(w + 1))} [One is Enough sec. 4 writes ceil(log2 w), one short when w is a
   * power of two].
   */
  public static int timerBits(long window) {
    checkPositive("window", window);
    return 64 - Long.numberOfLeadingZeros(window);
  }

  /**
   * Equal-timers heuristic: a fresh event finds all k timers equal only if one earlier event set
   * exactly its k positions, the rate of a filter holding one item, {@code (1 - e^(-k/m))^k} [One
   * is Enough sec. 4].
   */
  public static double equalTimersFpp(long m, int k) {
    return bloomFpp(m, 1, k);
  }

  /**
   * Cardinality threshold of dynamic size: the items an m-bit filter holds before its rate passes P,
   * {@code n = -(m/k) ln(1 - P^(1/k))} [One is Enough sec. 5, eq. 2 solved for n].
   */
  public static double dynamicCardinalityThreshold(long m, int k, double fpp) {
    checkPositive("m", m);
    checkHashes(k);
    checkFpp(fpp);
    return -(double) m / k * Math.log1p(-Math.pow(fpp, 1.0 / k));
  }

  /**
   * Density threshold of dynamic size: the set bits (live timers) at which {@code (z/m)^k = P},
   * {@code z = m P^(1/k)} [One is Enough sec. 5].
   */
  public static double dynamicDensityThreshold(long m, int k, double fpp) {
    checkPositive("m", m);
    checkHashes(k);
    checkFpp(fpp);
    return m * Math.pow(fpp, 1.0 / k);
  }

  /**
   * The rate at which the j-th live filter (0 the oldest) of a tightened dynamic filter is full,
   * {@code P_j = 6 P / (pi^2 (j + 1)^2)}: the P_j sum to P, so a lookup testing every live filter
   * stays under P (our addition to One is Enough sec. 5, whose filters all use P; a geometric series
   * as in scalable Bloom filters would sum to P too but bounds the total capacity of fixed-size
   * filters, which grows as the sum of P_j^(1/k)).
   */
  public static double tightenedFpp(double fpp, int j) {
    checkFpp(fpp);
    if (j < 0) {
      throw new IllegalArgumentException("filter index must be >= 0: " + j);
    }
    return fpp * 6 / (Math.PI * Math.PI * (j + 1.0) * (j + 1.0));
  }

  /**
   * Lower bound of the LCBF error (two items hashed to the same k entries, all frequencies
   * distinct): {@code (1 - (1 - 1/m)^k)^k} [Icebergs eq. 1].
   */
  public static double lcbfErrorLowerBound(long m, int k) {
    return exactBloomFpp(m, k, 1);
  }

  /**
   * Upper bound of the LCBF error (all frequencies equal, n items held): the Bloom rate {@code (1 -
   * (1 - 1/m)^(kn))^k} [Icebergs eq. 2].
   */
  public static double lcbfErrorUpperBound(long m, int k, long n) {
    return exactBloomFpp(m, k, n);
  }

  /**
   * Bits of the two-layer LCBF encoding: m first-layer bits plus (l + 1) bits per stored value
   * (value and link bit) [Icebergs sec. V].
   */
  public static long lcbfTwoLayerBits(long m, long values, int valueBits) {
    checkPositive("m", m);
    return m + (valueBits + 1L) * values;
  }

  /**
   * Bits of the one-layer LCBF encoding: every entry holds at least one (l + 1)-bit slot, empty or
   * not, {@code (l + 1)(values + emptyEntries)} [Icebergs sec. V]; the two-layer form saves {@code
   * m (l + 1) q - m} with q the share of empty entries.
   */
  public static long lcbfOneLayerBits(long values, long emptyEntries, int valueBits) {
    return (valueBits + 1L) * (values + emptyEntries);
  }

  /** Jain's fairness index {@code (sum x)^2 / (S sum x^2)} of per-slice loads [One is Enough sec. 7, ref. 11]. */
  public static double fairnessIndex(long[] loads) {
    double sum = 0;
    double sq = 0;
    for (long x : loads) {
      sum += x;
      sq += (double) x * x;
    }
    return sq == 0 ? 1.0 : sum * sum / (loads.length * sq);
  }

  /** The largest share of the total load on one slice (optimum 1/S) [One is Enough sec. 7]. */
  public static double maxLoadShare(long[] loads) {
    long sum = 0;
    long max = 0;
    for (long x : loads) {
      sum += x;
      max = Math.max(max, x);
    }
    return sum == 0 ? 0.0 : (double) max / sum;
  }

  static double binomial(int n, int r) {
    double c = 1;
    for (int i = 1; i <= r; i++) {
      c = c * (n - r + i) / i;
    }
    return c;
  }

  private static void checkAtLeast(int k, int x) {
    checkHashes(k);
    if (x < 1 || x > k) {
      throw new IllegalArgumentException("atLeast must be in [1, numHashes=" + k + "]: " + x);
    }
  }

  private static void checkFaultTolerance(int failed, double fpp, double maxFpp) {
    if (failed < 0) {
      throw new IllegalArgumentException("failed must not be negative: " + failed);
    }
    checkFpp(fpp);
    if (!(maxFpp > fpp && maxFpp < 1)) {
      throw new IllegalArgumentException("maxFpp must be in (fpp=" + fpp + ", 1): " + maxFpp);
    }
  }

  static void checkPositive(String name, long v) {
    if (v <= 0) {
      throw new IllegalArgumentException(name + " must be positive: " + v);
    }
  }

  static void checkHashes(int k) {
    if (k < 1 || k > MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + MAX_HASHES + "]: " + k);
    }
  }

  static void checkFpp(double fpp) {
    if (!(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("fpp must be in (0, 1): " + fpp);
    }
  }
}
