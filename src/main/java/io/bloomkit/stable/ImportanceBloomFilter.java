package io.bloomkit.stable;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Importance-aware Bloom filter (IBF paper, Boraskar, Gabale, Kulkarni, Kulkarni, section III and
 * Table IV): the SBF's m cells of d bits (max M = 2^d - 1, K hashes, P decrements per element), with
 * the K cells set according to the element's importance, mapped onto 1..M by an {@link
 * ImportanceMap}. Per element: probe (duplicate iff none of the K cells is zero), decrement, set.
 *
 * <ul>
 *   <li>IBF-2C ({@code ibf-2c}, the chain of Fig. 1 and Theorem III.1): an element with {@code
 *       f(imp) < M/2} is "not important" and raises its cells to {@code floor(M/2)}; any other
 *       raises them to M ({@code cell = max(cell, value)}).
 *   <li>IBF-2C as Algorithm 1 is written ({@code ibf-2c-alg1}): "If ( f(imp(x_i)) &lt; M/2 and
 *       IBF[h(x_i)] &lt; M/2 ) IBF[h(x_i)] = M/2 Else IBF[h(x_i)] = M". An unimportant element
 *       raises a cell below M/2 to {@code floor(M/2)} but sets a cell already above M/2 to M; an
 *       important element sets M. Both comparisons are with the real M/2 (M = 2^d - 1 is odd, so
 *       M/2 is never a cell value): with M = 7 an unimportant element takes cells 0..3 to 3 and
 *       cells 4..7 to 7. Read with the integer floor(M/2) instead, a cell at 3 would go to 7 too,
 *       and an element whose two hashes hit one cell would set it to 3 and then, at its second
 *       visit, to 7; the real comparison makes the update of a cell idempotent per element.
 *   <li>IBF-MC (Algorithm 2, Fig. 2): cells raised to {@code f(imp)} ({@code if cell < f then cell =
 *       f}).
 *   <li>IBF-H (section IV.C, "probabilistic delete val"): inserts as IBF-MC; each of the P
 *       decrements picks a non-zero cell with probability proportional to 1/value (cells at 0
 *       excluded) and decrements it at once, so the next pick sees the new value.
 * </ul>
 *
 * <p>Interpretations (the paper's three descriptions of IBF-2C disagree): the prose says the cells
 * are "set to M/2 or M"; Algorithm 1 raises a cell below M/2 to M/2 for an unimportant element but
 * sets a cell already at or above M/2 to M; the balance equations of Theorem III.1 (state M leaves
 * only by decrement; states above M/2 leave by decrement or a set to M) describe a cell that an
 * unimportant element <em>raises</em> to M/2 and never lowers. {@code ibf-2c} implements the chain
 * the theory analyses, {@code cell = max(cell, value)}, the same rule as IBF-MC's Algorithm 2, so
 * the stable fraction of zeros is the one {@link StableTheory#stableCellDistribution} computes;
 * {@code ibf-2c-alg1} implements the pseudo-code (its chain: {@link
 * StableTheory#ibf2cAlgorithm1CellDistribution}). Neither rule ever lowers a cell; they differ only
 * when an unimportant element hashes to a cell strictly between M/2 and M.
 * Random delete picks P distinct cells (per-cell probability exactly P/m, the chain's p). For
 * IBF-H the exact integer weights {@code lcm(1..M)/value} of the cells sit in a Fenwick tree (one
 * long per cell, auxiliary, not counted in {@link #memoryBits()}), so a weighted pick is O(log m)
 * and depends only on the cell values; IBF-H therefore supports M at most 15.
 *
 * <p>Format payload (family 7, header variant = {@link IbfVariant#id()}): {@code max:int,
 * decrements:int, importanceMin:double, importanceMax:double, seed:long, rngState:long,
 * offered:long, cells:long[ceil(m*d/64)]}.
 */
final class ImportanceBloomFilter extends CellFilter {
  private final IbfVariant variant;
  private final ImportanceMap importance;
  private final int half;
  /** IBF-H only: integer weights {@code L/v} (L = lcm(1..M)) of the cells, in a Fenwick tree. */
  private long[] tree;

  private long[] weightOf;
  private long total;

  ImportanceBloomFilter(
      IbfVariant variant, long m, int max, int numHashes, int decrements, double importanceMin,
      double importanceMax, long seed) {
    super(m, max, numHashes, decrements, seed);
    this.variant = variant;
    this.importance = new ImportanceMap(importanceMin, importanceMax, max);
    this.half = Math.max(1, max / 2);
    if (variant == IbfVariant.HEURISTIC) {
      if (m > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException("ibf-h supports at most 2^31 - 9 cells: " + m);
      }
      if (max > MAX_HEURISTIC_MAX) {
        throw new IllegalArgumentException("ibf-h supports max <= " + MAX_HEURISTIC_MAX + ": " + max);
      }
      long lcm = 1;
      for (int v = 2; v <= max; v++) {
        lcm = lcm / gcd(lcm, v) * v;
      }
      weightOf = new long[max + 1];
      for (int v = 1; v <= max; v++) {
        weightOf[v] = lcm / v;
      }
      buildIndex();
    }
  }

  IbfVariant variant() {
    return variant;
  }

  @Override
  int valueFor(double imp) {
    int f = importance.apply(imp);
    switch (variant) {
      case TWO_CLASS:
      case TWO_CLASS_ALGORITHM_1:
        return f < max / 2.0 ? half : max;
      case MULTI_CLASS:
      case HEURISTIC:
        return f;
      default:
        throw new AssertionError(variant);
    }
  }

  /** IBF-H keeps its exact integer weights in a Fenwick tree: max at most 15 (lcm 360360). */
  static final int MAX_HEURISTIC_MAX = 15;

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  @Override
  void setCell(long cell, int v) {
    int old = cells.get(cell);
    if (variant == IbfVariant.TWO_CLASS_ALGORITHM_1 && v < max && !(old < max / 2.0)) {
      // Algorithm 1: an unimportant element (value M/2) finds the cell at or above M/2: set to M
      v = max;
    }
    if (old < v) {
      cells.set(cell, v);
      if (tree != null) {
        reweigh((int) cell, old, v);
      }
    }
  }

  @Override
  void decrement() {
    if (variant != IbfVariant.HEURISTIC) {
      super.decrement();
      return;
    }
    // a non-zero cell of value v weighs L/v, zero cells nothing: draw r uniform in [0, total) and
    // take the cell whose weight interval holds r (Fenwick descent). The choice depends only on
    // the cell values, so a filter read back from a file makes the same choices.
    for (int j = 0; j < decrements; j++) {
      if (total == 0) {
        return; // every cell is zero
      }
      long r = rng.nextLong63(total);
      int pos = 0;
      for (int step = Integer.highestOneBit((int) m); step > 0; step >>= 1) {
        int next = pos + step;
        if (next <= m && tree[next] <= r) {
          pos = next;
          r -= tree[next];
        }
      }
      int v = cells.get(pos);
      assert v > 0;
      cells.set(pos, v - 1);
      reweigh(pos, v, v - 1);
    }
  }

  private void buildIndex() {
    int n = (int) m;
    tree = new long[n + 1];
    total = 0;
    for (int i = 1; i <= n; i++) {
      long w = weightOf[cells.get(i - 1)];
      total += w;
      tree[i] += w;
      int up = i + (i & -i);
      if (up <= n) {
        tree[up] += tree[i];
      }
    }
  }

  private void reweigh(int cell, int from, int to) {
    long delta = weightOf[to] - weightOf[from];
    total += delta;
    for (int i = cell + 1; i <= m; i += i & -i) {
      tree[i] += delta;
    }
  }

  @Override
  void clearState() {
    super.clearState();
    if (tree != null) {
      buildIndex();
    }
  }

  @Override
  void afterLoad() {
    if (tree != null) {
      buildIndex();
    }
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.IMPORTANCE;
  }

  @Override
  public String name() {
    return variant.cliName();
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("variant", variant.cliName());
    p.put("memoryBits", memoryBits());
    p.put("cells", m);
    p.put("max", max);
    p.put("numHashes", numHashes);
    p.put("decrements", decrements);
    p.put("importanceMin", importance.min());
    p.put("importanceMax", importance.max());
    p.put("seed", seed);
    return p;
  }

  @Override
  int parameterBytes() {
    return ParameterBlock.Importance.PARAMETER_BYTES;
  }

  @Override
  void writeParameters(DataOutputStream out) throws IOException {
    out.writeInt(max);
    out.writeInt(decrements);
    out.writeDouble(importance.min());
    out.writeDouble(importance.max());
  }

  @Override
  ParameterBlock block() {
    return new ParameterBlock.Importance(variant.id(), m, cells.width(), numHashes);
  }

  static ImportanceBloomFilter read(FilterFormat.Reader r) throws IOException {
    FilterFormat.Header h = r.header;
    checkHeader(h);
    IbfVariant variant = IbfVariant.fromId(h.variant);
    check(variant != null, "variant", "unknown IBF variant " + h.variant);
    check(variant != IbfVariant.HEURISTIC || h.positions <= Integer.MAX_VALUE - 8, "positions",
        "too many cells for ibf-h: " + h.positions);
    int max = readMax(r);
    int p = readDecrements(r);
    double lo = Double.longBitsToDouble(r.readLong("importanceMin"));
    double hi = Double.longBitsToDouble(r.readLong("importanceMax"));
    check(Double.isFinite(lo), "importanceMin", "not finite: " + lo);
    check(Double.isFinite(hi) && hi > lo, "importanceMax", "must be finite and above " + lo + ": " + hi);
    long seed = r.readLong("seed");
    checkCellPayload(h, max, ParameterBlock.Importance.PARAMETER_BYTES);
    long[][] state = readState(r, max);
    ImportanceBloomFilter f =
        new ImportanceBloomFilter(variant, h.positions, max, h.numHashes, p, lo, hi, seed);
    f.load(state);
    return f;
  }
}
