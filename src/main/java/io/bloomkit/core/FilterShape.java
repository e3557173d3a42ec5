package io.bloomkit.core;

import java.util.Objects;

/**
 * The parameters of a filter, and the sizing maths that chooses them. Immutable.
 *
 * <table>
 *   <caption>What the sizes mean per family</caption>
 *   <tr><th>family</th><th>positions</th><th>counters</th><th>memoryBits</th></tr>
 *   <tr><td>bf</td><td>bits m</td><td>0</td><td>m</td></tr>
 *   <tr><td>sbbf</td><td>bits m = 256 B (B blocks)</td><td>0</td><td>m</td></tr>
 *   <tr><td>cbf</td><td>counters m</td><td>m</td><td>4m</td></tr>
 *   <tr><td>acbf</td><td>first-level bits m1</td><td>m (of the CBF it replaces)</td><td>4m</td></tr>
 * </table>
 *
 * <p>Sizing rounds up: {@link #forFpp} gives each family the least memory whose theoretical rate at
 * {@code expectedItems} is at most {@code fpp} with that family's best integer k (or the forced one);
 * {@link #forBitsPerKey} gives every family {@code floor(bitsPerKey * expectedItems)} bits (rounded
 * down to whole 4-bit counters for cbf and acbf, to whole 256-bit blocks, at least one, for sbbf) and the k that
 * minimises its rate there. A split-block filter ({@code sbbf}) always has k = 8; its rate is {@link
 * SplitBlockSizing#fpp}.
 */
public final class FilterShape {
  /**
   * The most memory one filter can have: each structure keeps its bits or counters in one {@code
   * long[]} of at most {@code Integer.MAX_VALUE - 8} words, 137,438,952,896 bits (16 GiB).
   */
  public static final long MAX_MEMORY_BITS = (Integer.MAX_VALUE - 8L) * Long.SIZE;

  private final FilterFamily family;
  private final AcbfSizing acbfSizing;
  private final long positions;
  private final long counters;
  private final long memoryBits;
  private final int numHashes;
  private final long capacity;
  private final long expectedItems;

  private FilterShape(
      FilterFamily family,
      AcbfSizing acbfSizing,
      long positions,
      long counters,
      long memoryBits,
      int numHashes,
      long capacity,
      long expectedItems) {
    this.family = family;
    this.acbfSizing = acbfSizing;
    this.positions = positions;
    this.counters = counters;
    this.memoryBits = memoryBits;
    this.numHashes = numHashes;
    this.capacity = capacity;
    this.expectedItems = expectedItems;
  }

  /** A Bloom filter of {@code bits} bits and {@code numHashes} hashes. */
  public static FilterShape bloom(long bits, int numHashes, long expectedItems) {
    check(bits > 0, "bits must be positive: " + bits);
    checkHashes(numHashes);
    return new FilterShape(
        FilterFamily.BLOOM, null, bits, 0, bits, numHashes, Math.max(expectedItems, 0), expectedItems);
  }

  /**
   * A split-block Bloom filter of {@code blocks} blocks of 256 bits ({@link SplitBlockSizing}):
   * positions and memory are its bits, numHashes is 8.
   */
  public static FilterShape splitBlock(long blocks, long expectedItems) {
    check(blocks > 0, "blocks must be positive: " + blocks);
    check(blocks <= SplitBlockSizing.MAX_BLOCKS,
        "blocks must be at most " + SplitBlockSizing.MAX_BLOCKS + ": " + blocks);
    long bits = blocks * SplitBlockSizing.BLOCK_BITS;
    return new FilterShape(FilterFamily.SPLIT_BLOCK, null, bits, 0, bits, SplitBlockSizing.WORDS,
        Math.max(expectedItems, 0), expectedItems);
  }

  /** A counting Bloom filter of {@code counters} 4-bit counters. */
  public static FilterShape counting(long counters, int numHashes, long expectedItems) {
    check(counters > 0, "counters must be positive: " + counters);
    checkHashes(numHashes);
    return new FilterShape(
        FilterFamily.COUNTING,
        null,
        counters,
        counters,
        4 * counters,
        numHashes,
        Math.max(expectedItems, 0),
        expectedItems);
  }

  /**
   * An ACBF replacing a CBF of {@code counters} counters (budget {@code 4*counters} bits), whose
   * first level is chosen by {@code sizing} for {@code capacity} elements.
   *
   * @throws IllegalArgumentException if the idle space cannot hold {@code capacity} elements
   */
  public static FilterShape acbf(
      AcbfSizing sizing, long counters, int numHashes, long capacity, long expectedItems) {
    Objects.requireNonNull(sizing, "sizing");
    check(counters > 0, "counters must be positive: " + counters);
    checkHashes(numHashes);
    check(capacity > 0, "capacity must be positive: " + capacity);
    check(
        capacity <= sizing.maxCapacity(counters, numHashes),
        sizing.cliName() + " with " + counters + " counters and numHashes " + numHashes
            + " holds at most " + sizing.maxCapacity(counters, numHashes) + " items, capacity "
            + capacity + " requested");
    long m1 = sizing.firstLevelBits(counters, numHashes, capacity);
    return new FilterShape(
        FilterFamily.ACCURATE_COUNTING,
        sizing,
        m1,
        counters,
        4 * counters,
        numHashes,
        capacity,
        expectedItems);
  }

  /** The exact key set of {@code keys} distinct keys stored in {@code payloadBits} bits. */
  public static FilterShape exact(long keys, long payloadBits) {
    return new FilterShape(FilterFamily.EXACT, null, keys, 0, payloadBits, 1, keys, keys);
  }

  /**
   * The least memory reaching {@code fpp} at {@code expectedItems} for {@code family} (ACBF with
   * {@code sizing}), with {@code numHashes} forced when positive, else the family's best k.
   * {@code capacity} (ACBF only; 0 means {@code expectedItems}) must be at least expectedItems.
   *
   * @throws FilterTooLargeException if no k reaches {@code fpp} within {@link #MAX_MEMORY_BITS}
   */
  public static FilterShape forFpp(
      FilterFamily family,
      AcbfSizing sizing,
      long expectedItems,
      long capacity,
      double fpp,
      int numHashes) {
    check(expectedItems > 0, "expectedItems must be positive: " + expectedItems);
    check(fpp > 0 && fpp < 1, "fpp must be in (0, 1): " + fpp);
    long cap = capacity(expectedItems, capacity);
    if (family == FilterFamily.SPLIT_BLOCK) {
      checkSplitBlockHashes(numHashes);
      long blocks = SplitBlockSizing.blocksForFpp(expectedItems, fpp);
      if (blocks == Long.MAX_VALUE) {
        throw new FilterTooLargeException("fpp " + fpp + " at " + expectedItems
            + " items is out of reach of a split-block filter of at most "
            + SplitBlockSizing.MAX_BLOCKS + " blocks");
      }
      return splitBlock(blocks, expectedItems);
    }
    int from = numHashes > 0 ? numHashes : 1;
    int to = numHashes > 0 ? numHashes : BloomMath.MAX_HASHES;
    FilterShape best = null;
    for (int k = from; k <= to; k++) {
      FilterShape s = leastForFpp(family, sizing, expectedItems, cap, fpp, k);
      if (s != null && (best == null || s.memoryBits < best.memoryBits)) {
        best = s;
      }
    }
    if (best == null) {
      throw new FilterTooLargeException(
          "fpp " + fpp + " at " + expectedItems + " items is out of reach with every k in ["
              + from + ", " + to + "]");
    }
    return best;
  }

  private static FilterShape leastForFpp(
      FilterFamily family, AcbfSizing sizing, long n, long cap, double fpp, int k) {
    long bits = BloomMath.bitsForFpp(n, k, fpp); // least L1 / bits / counters for the target
    if (bits > MAX_MEMORY_BITS) {
      return null; // too large with this k (Long.MAX_VALUE: beyond a long)
    }
    switch (family) {
      case BLOOM:
        return bloom(bits, k, n);
      case COUNTING:
        return bits > MAX_MEMORY_BITS / 4 ? null : counting(bits, k, n);
      case ACCURATE_COUNTING:
        {
          AcbfSizing z = Objects.requireNonNull(sizing, "sizing");
          if (cap > MAX_MEMORY_BITS / k) {
            return null; // the idle space alone (k*C bits) is too large
          }
          long m;
          if (z == AcbfSizing.OPTIMAL) {
            m = ceilDiv(bits + (long) k * cap, 4); // m1 = 4m - kC >= bits
          } else {
            // m1 = t*m >= bits, and the idle space (4 - t)m must hold k*C bits
            m = Math.max(ceilDiv(bits, z.id()), ceilDiv((long) k * cap, 4 - z.id()));
          }
          return m > MAX_MEMORY_BITS / 4 ? null : acbf(z, m, k, cap, n);
        }
      default:
        throw new IllegalArgumentException("no sizing for family " + family);
    }
  }

  /**
   * {@code floor(bitsPerKey * expectedItems)} bits of memory for {@code family}, with
   * {@code numHashes} forced when positive, else the k that minimises the family's rate.
   *
   * @throws FilterTooLargeException if that is more than {@link #MAX_MEMORY_BITS}
   */
  public static FilterShape forBitsPerKey(
      FilterFamily family,
      AcbfSizing sizing,
      long expectedItems,
      long capacity,
      double bitsPerKey,
      int numHashes) {
    check(expectedItems > 0, "expectedItems must be positive: " + expectedItems);
    check(bitsPerKey > 0, "bitsPerKey must be positive: " + bitsPerKey);
    long cap = capacity(expectedItems, capacity);
    double wanted = Math.floor(bitsPerKey * expectedItems);
    if (wanted > MAX_MEMORY_BITS) {
      throw new FilterTooLargeException(
          bitsPerKey + " bits per key for " + expectedItems + " items is "
              + String.format(java.util.Locale.ROOT, "%.4g", wanted) + " bits");
    }
    long memory = (long) wanted;
    switch (family) {
      case BLOOM:
        {
          check(memory >= 1, "bitsPerKey * expectedItems is below one bit");
          int k = numHashes > 0 ? numHashes : BloomMath.bestBloomHashes(memory, expectedItems);
          return bloom(memory, k, expectedItems);
        }
      case SPLIT_BLOCK:
        {
          checkSplitBlockHashes(numHashes); // at least one block, however few the bits
          return splitBlock(SplitBlockSizing.blocksForBits(memory), expectedItems);
        }
      case COUNTING:
        {
          long m = memory / 4;
          check(m >= 1, "bitsPerKey * expectedItems is below one 4-bit counter");
          int k = numHashes > 0 ? numHashes : BloomMath.bestBloomHashes(m, expectedItems);
          return counting(m, k, expectedItems);
        }
      case ACCURATE_COUNTING:
        {
          AcbfSizing z = Objects.requireNonNull(sizing, "sizing");
          long m = memory / 4;
          check(m >= 1, "bitsPerKey * expectedItems is below one 4-bit counter");
          int k = numHashes > 0 ? numHashes : z.bestHashes(m, expectedItems, cap);
          return acbf(z, m, k, cap, expectedItems);
        }
      default:
        throw new IllegalArgumentException("no sizing for family " + family);
    }
  }

  private static long capacity(long expectedItems, long capacity) {
    if (capacity <= 0) {
      return expectedItems;
    }
    check(
        capacity >= expectedItems,
        "capacity " + capacity + " must be at least expectedItems " + expectedItems);
    return capacity;
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new IllegalArgumentException(message);
    }
  }

  /** A split-block filter always sets 8 bits per key: numHashes is 0 (unset) or 8. */
  private static void checkSplitBlockHashes(int k) {
    check(k == 0 || k == SplitBlockSizing.WORDS,
        "numHashes of a split-block filter is always " + SplitBlockSizing.WORDS + ": " + k);
  }

  private static void checkHashes(int k) {
    check(
        k >= 1 && k <= BloomMath.MAX_HASHES,
        "numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + k);
  }

  public FilterFamily family() {
    return family;
  }

  /** The ACBF first-level method, or null for other families. */
  public AcbfSizing acbfSizing() {
    return acbfSizing;
  }

  /** Hash range: bits (bf, sbbf), counters (cbf), first-level bits m1 (acbf), keys (exact). */
  public long positions() {
    return positions;
  }

  /** Counters m: cbf counters, acbf's m (budget 4m bits); 0 for bf. */
  public long counters() {
    return counters;
  }

  /** The memory the theory is stated for: m (bf), 4m (cbf, acbf budget). */
  public long memoryBits() {
    return memoryBits;
  }

  public int numHashes() {
    return numHashes;
  }

  /** ACBF: the most elements the idle space holds. Others: the items the filter was sized for. */
  public long capacity() {
    return capacity;
  }

  public long expectedItems() {
    return expectedItems;
  }

  /** The theoretical false positive rate with {@code items} items. */
  public double fpp(long items) {
    if (family == FilterFamily.EXACT) {
      return 0.0;
    }
    if (family == FilterFamily.SPLIT_BLOCK) {
      return SplitBlockSizing.fpp(positions / SplitBlockSizing.BLOCK_BITS, items);
    }
    return BloomMath.bloomFpp(positions, items, numHashes); // eq. 1 and eq. 3 share this form
  }

  /** The theoretical rate at {@link #expectedItems()}. */
  public double expectedFpp() {
    return fpp(expectedItems);
  }

  /** Short name with the ACBF variant: bf, sbbf, cbf, acbf, acbf1, acbf2, acbf3, exact. */
  public String name() {
    return acbfSizing != null ? acbfSizing.cliName() : family.shortName();
  }

  /** Whether filters of the two shapes can be merged (expectedItems does not matter). */
  public boolean compatibleWith(FilterShape o) {
    return family == o.family
        && acbfSizing == o.acbfSizing
        && positions == o.positions
        && counters == o.counters
        && numHashes == o.numHashes
        && (family != FilterFamily.ACCURATE_COUNTING || capacity == o.capacity);
  }

  /** Throws naming the first parameter that differs, with both values. */
  public void checkMergeable(FilterShape o) {
    checkCompatible(o, "merge");
  }

  /**
   * Throws {@code IllegalArgumentException("cannot <operation> filters with different <what>: <this
   * value> vs <other value>")} naming the first parameter that differs (family, variant, positions,
   * counters, numHashes, and the capacity of an ACBF).
   */
  public void checkCompatible(FilterShape o, String operation) {
    compatibleCheck(operation, "family", family.shortName(), o.family.shortName());
    compatibleCheck(operation, "variant", name(), o.name());
    compatibleCheck(operation, "positions", positions, o.positions);
    compatibleCheck(operation, "counters", counters, o.counters);
    compatibleCheck(operation, "numHashes", numHashes, o.numHashes);
    if (family == FilterFamily.ACCURATE_COUNTING) {
      compatibleCheck(operation, "capacity", capacity, o.capacity);
    }
  }

  private static void compatibleCheck(String operation, String what, Object a, Object b) {
    if (!a.equals(b)) {
      throw new IllegalArgumentException(
          "cannot " + operation + " filters with different " + what + ": " + a + " vs " + b);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof FilterShape)) {
      return false;
    }
    FilterShape s = (FilterShape) o;
    return compatibleWith(s) && memoryBits == s.memoryBits && expectedItems == s.expectedItems;
  }

  @Override
  public int hashCode() {
    return Objects.hash(family, acbfSizing, positions, counters, numHashes, capacity, expectedItems);
  }

  @Override
  public String toString() {
    return name() + "[positions=" + positions + ", counters=" + counters + ", memoryBits="
        + memoryBits + ", numHashes=" + numHashes + ", capacity=" + capacity + ", expectedItems="
        + expectedItems + "]";
  }
}
