package io.bloomkit.stable;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.bits.PackedCells;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import io.bloomkit.core.hash.KeyHash;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * The cell array shared by SBF and IBF: {@code m} cells of {@code d} bits with maximum {@code Max =
 * 2^d - 1}, {@code K} hashed cells per element, {@code P} cells decremented per element. One
 * element is processed as in both papers (IBF paper section II.B and Algorithms 1-2): probe the K
 * cells (duplicate iff none is zero), decrement P cells chosen by {@link #decrement}, then set the
 * K cells by {@link #setCell}.
 */
abstract class CellFilter extends AbstractStreamFilter {
  PackedCells cells;
  public final long m;
  final int max;
  final int numHashes;
  final int decrements;
  private final long[] pos;
  private final long[] picked;

  CellFilter(long m, int max, int numHashes, int decrements, long seed) {
    super(seed);
    if (m <= 0) {
      throw new IllegalArgumentException("cells must be positive: " + m);
    }
    this.cells = new PackedCells(m, widthFor(max));
    this.m = m;
    this.max = max;
    this.numHashes = checkHashes(numHashes);
    if (decrements < 0 || decrements > m) {
      throw new IllegalArgumentException("decrements must be in [0, cells = " + m + "]: " + decrements);
    }
    this.decrements = decrements;
    this.pos = new long[numHashes];
    this.picked = new long[Math.min(decrements, SMALL_P)];
  }

  /** The cell width d for a maximum {@code 2^d - 1}; throws for any other maximum. */
  static int widthFor(int max) {
    if (max < 1 || max > (1 << PackedCells.MAX_WIDTH) - 1 || (max & (max + 1)) != 0) {
      throw new IllegalArgumentException(
          "max must be 2^d - 1 with 1 <= d <= " + PackedCells.MAX_WIDTH + ": " + max);
    }
    return Integer.bitCount(max);
  }

  static int checkHashes(int k) {
    if (k < 1 || k > BloomMath.MAX_HASHES) {
      throw new IllegalArgumentException(
          "numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + k);
    }
    return k;
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    boolean duplicate = true;
    for (int i = 0; i < numHashes; i++) {
      pos[i] = key.position(i, m);
      if (cells.get(pos[i]) == 0) {
        duplicate = false;
      }
    }
    decrement();
    int v = valueFor(importance);
    for (int i = 0; i < numHashes; i++) {
      setCell(pos[i], v);
    }
    offered++;
    return duplicate;
  }

  /** The value the K cells are set to (or raised to) for an element of this importance. */
  abstract int valueFor(double importance);

  /** Sets (or raises) one hashed cell for value {@code v}. */
  abstract void setCell(long cell, int v);

  /**
   * Decrements P distinct cells chosen uniformly at random (cells at zero stay at zero), so that a
   * given cell is decremented with probability exactly P/m per element, as the Markov chain of
   * both papers assumes. The P cells are drawn by Floyd's algorithm (for j = m-P .. m-1: t uniform
   * in [0, j]; take t, or j if t was taken), exactly P draws per element; each chosen cell is
   * decremented as it is chosen.
   */
  void decrement() {
    if (decrements > SMALL_P && chosen == null) {
      chosen = new java.util.HashSet<>();
    }
    if (chosen != null) {
      chosen.clear();
    }
    int n = 0;
    for (long j = m - decrements; j < m; j++) {
      long t = rng.nextLong63(j + 1);
      long c = taken(t, n) ? j : t;
      if (chosen != null) {
        chosen.add(c);
      } else {
        picked[n] = c;
      }
      n++;
      decrementCell(c);
    }
  }

  /** Up to this P the chosen cells are kept in an array and searched linearly. */
  private static final int SMALL_P = 64;

  private java.util.HashSet<Long> chosen;

  private boolean taken(long c, int n) {
    if (chosen != null) {
      return chosen.contains(c);
    }
    for (int i = 0; i < n; i++) {
      if (picked[i] == c) {
        return true;
      }
    }
    return false;
  }

  void decrementCell(long c) {
    cells.decrement(c);
  }

  /** Cell values, for tests. */
  public int cell(long i) {
    return cells.get(i);
  }

  @Override
  void clearState() {
    cells.clearAll();
  }

  @Override
  long nonZeroCells() {
    return cells.nonZero();
  }

  @Override
  long cells() {
    return m;
  }

  @Override
  public long memoryBits() {
    return cells.bits();
  }

  // ---- format -----------------------------------------------------------------------------

  /**
   * Bytes of the payload before the cells: this family's parameters, then the seed, random state
   * and count (its block's {@code PARAMETER_BYTES}).
   */
  abstract int parameterBytes();

  abstract void writeParameters(DataOutputStream out) throws IOException;

  /** The family's block: its header fields named (see {@link ParameterBlock}). */
  abstract ParameterBlock block();

  @Override
  public void writeTo(java.io.OutputStream out) throws IOException {
    long words = cells.words().length;
    long payload = parameterBytes() + 8 * words;
    FilterFormat.Header h = block().header(offered, payload);
    FilterFormat.write(
        out,
        h,
        d -> {
          writeParameters(d);
          d.writeLong(seed);
          d.writeLong(rng.state());
          d.writeLong(offered);
          for (long w : cells.words()) {
            d.writeLong(w);
          }
        });
  }

  /** Checks the header values common to SBF and IBF. */
  static void checkHeader(FilterFormat.Header h) throws CorruptFilterException {
    checkHashes(h);
    check(h.positions > 0 && h.positions <= (1L << 40), "positions", "cells out of range: " + h.positions);
    check(h.counters == h.positions, "counters", h.counters + " differs from positions " + h.positions);
    check(h.capacity == 0, "capacity", "must be 0 for a stream filter: " + h.capacity);
  }

  /** Reads max and decrements, checked against the header. */
  static int readMax(FilterFormat.Reader r) throws IOException {
    int max = r.readInt("max");
    check(max >= 1 && max <= (1 << PackedCells.MAX_WIDTH) - 1 && (max & (max + 1)) == 0, "max",
        "not 2^d - 1 with 1 <= d <= " + PackedCells.MAX_WIDTH + ": " + max);
    long bits = r.header.positions * Integer.bitCount(max);
    check(r.header.memoryBits == bits, "memoryBits",
        r.header.memoryBits + ", but " + r.header.positions + " cells of max " + max + " use " + bits);
    return max;
  }

  /**
   * Checks, before anything is allocated, that the payload length is the one the header's cell
   * count and {@code max} imply ({@code parameterBytes} of parameters, seed, random state and
   * count, then the cells).
   */
  static void checkCellPayload(FilterFormat.Header h, int max, int parameterBytes)
      throws CorruptFilterException {
    long words = PackedCells.wordsFor(h.positions, Integer.bitCount(max));
    checkPayload(h, parameterBytes + 8 * words);
  }

  static int readDecrements(FilterFormat.Reader r) throws IOException {
    int p = r.readInt("decrements");
    check(p >= 0 && p <= r.header.positions, "decrements",
        "out of range [0, " + r.header.positions + "]: " + p);
    return p;
  }

  /**
   * Reads the random state, count and cell words that follow the parameters, then checks the
   * checksum: all before the filter is built, so nothing is allocated for cells the file lacks.
   * Returns {rngState, offered} and the words for {@link #load}.
   */
  static long[][] readState(FilterFormat.Reader r, int max) throws IOException {
    long[] common = readCommon(r);
    long[] w = readWords(r, PackedCells.wordsFor(r.header.positions, widthFor(max)), "cells");
    r.finish();
    return new long[][] {common, w};
  }

  /** Puts the state {@link #readState} read into this filter, built from the parameters. */
  void load(long[][] state) throws CorruptFilterException {
    setCommon(state[0]);
    try {
      cells = new PackedCells(m, cells.width(), state[1]);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("payload", "cells: " + e.getMessage());
    }
    afterLoad();
  }

  /** Called after the cells were replaced by those read from a file. */
  void afterLoad() {}
}
