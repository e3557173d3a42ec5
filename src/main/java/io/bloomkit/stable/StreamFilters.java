package io.bloomkit.stable;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.StreamFilter;

import io.bloomkit.core.format.FilterFormat;
import java.io.IOException;

/**
 * Factories for the stream duplicate-detection filters of the stable family (SBF, RSBF, IBF, a Bloom
 * filter as a stream filter) and the reader of their payloads. Sizes
 * are in bits of filter state as each paper counts memory: an SBF or IBF of B bits has {@code
 * floor(B/d)} cells of d bits ({@code max = 2^d - 1}); an RSBF of M bits has k filters of {@code
 * floor(M/k)} bits; a Bloom filter has B bits.
 */
public final class StreamFilters {
  /** RSBF insertion-probability threshold p* of the paper's experiments (RSBF paper section 6). */
  public static final double DEFAULT_THRESHOLD = 0.03;
  /** IBF defaults of the IBF paper's Table III: M = 7, K = 5, P = 10. */
  public static final int DEFAULT_MAX = 7;

  public static final int DEFAULT_NUM_HASHES = 5;
  public static final int DEFAULT_DECREMENTS = 10;


  private StreamFilters() {}

  /** Number of d-bit cells ({@code max = 2^d - 1}) that fit in {@code memoryBits}. */
  public static long cellsFor(long memoryBits, int max) {
    long cells = memoryBits / CellFilter.widthFor(max);
    if (cells <= 0) {
      throw new IllegalArgumentException(memoryBits + " bits hold no cell of max " + max);
    }
    return cells;
  }

  /**
   * Stable Bloom filter (Deng and Rafiei): {@code floor(memoryBits/d)} cells of max {@code 2^d - 1},
   * K hashes, P decrements per element.
   */
  public static StreamFilter stable(
      long memoryBits, int max, int numHashes, int decrements, long seed) {
    return new StableBloomFilter(cellsFor(memoryBits, max), max, numHashes, decrements, seed);
  }

  /**
   * Stable Bloom filter whose stable false positive bound is {@code fpp}: P from {@link
   * StableTheory#sbfDecrementsForFpp}, rounded to the nearest integer (at least 1).
   */
  public static StreamFilter stableForFpp(
      long memoryBits, int max, int numHashes, double fpp, long seed) {
    long m = cellsFor(memoryBits, max);
    long p = Math.round(StableTheory.sbfDecrementsForFpp(m, max, numHashes, fpp));
    return new StableBloomFilter(m, max, numHashes, (int) Math.max(1, Math.min(m, p)), seed);
  }

  /** RSBF with k filters of {@code floor(memoryBits/k)} bits and threshold p*. */
  public static StreamFilter reservoir(long memoryBits, int numHashes, double threshold, long seed) {
    return new ReservoirBloomFilter(
        numHashes, RsbfTheory.filterBits(memoryBits, numHashes), threshold, seed);
  }

  /** RSBF with the parameter setting of RSBF paper section 5.4: k from {@code fpp}, s = M/k. */
  public static StreamFilter reservoirForFpp(
      long memoryBits, double fpp, double threshold, long seed) {
    return reservoir(memoryBits, RsbfTheory.numHashes(fpp), threshold, seed);
  }

  /**
   * Importance-aware Bloom filter: {@code floor(memoryBits/d)} cells of max {@code 2^d - 1}, K
   * hashes, P decrements; importances in {@code [importanceMin, importanceMax]} map onto 1..max.
   */
  public static StreamFilter importance(
      IbfVariant variant, long memoryBits, int max, int numHashes, int decrements,
      double importanceMin, double importanceMax, long seed) {
    return new ImportanceBloomFilter(
        variant, cellsFor(memoryBits, max), max, numHashes, decrements, importanceMin,
        importanceMax, seed);
  }

  /** A plain Bloom filter of {@code memoryBits} bits as a stream filter (no eviction). */
  public static StreamFilter bloom(long memoryBits, int numHashes) {
    return new StreamBloomFilter(memoryBits, numHashes);
  }

  /**
   * Reads the payload of a stable-family filter (sbf, rsbf, ibf, stream-bf) whose header {@code r}
   * has opened: the reader {@code io.bloomkit.registry.Filters} binds to these four families, whose
   * {@code read} opens files.
   */
  public static StreamFilter read(FilterFormat.Reader r) throws IOException {
    switch (r.header.family) {
      case STABLE:
        return StableBloomFilter.read(r);
      case RESERVOIR:
        return ReservoirBloomFilter.read(r);
      case IMPORTANCE:
        return ImportanceBloomFilter.read(r);
      case STREAM_BLOOM:
        return StreamBloomFilter.read(r);
      default:
        throw new IllegalStateException("not a stable-family filter: " + r.header.family);
    }
  }

  /**
   * Fraction of the filter's cells (bits for RSBF and the Bloom filter) that are zero now, the
   * quantity of the IBF paper's Fig. 18 and of SBF's stable point.
   */
  public static double zeroFraction(StreamFilter f) {
    AbstractStreamFilter a = known(f);
    return 1 - (double) a.nonZeroCells() / a.cells();
  }

  /** Number of non-zero cells (set bits for RSBF and the Bloom filter), the count of Figs. 6-7. */
  public static long nonZeroCells(StreamFilter f) {
    return known(f).nonZeroCells();
  }

  /** Number of cells (bits) of the filter's state. */
  public static long cells(StreamFilter f) {
    return known(f).cells();
  }

  /**
   * The theory's fraction of zero cells for this filter after {@code distinctElements} distinct
   * elements were offered (used by the Bloom filter only: its bits are the OR of the K bits of every
   * distinct element, false positives included, whose bits were all set already) with importance classes drawn from {@code classProb}
   * (index 1..max, used by IBF only; {@code null} for uniform): SBF {@link
   * StableTheory#sbfZeroFraction}, IBF-2C and IBF-MC the chain of {@link
   * StableTheory#stableCellDistribution}, IBF-2C as Algorithm 1 {@link
   * StableTheory#ibf2cAlgorithm1CellDistribution}, IBF-H {@link StableTheory#ibfHeuristicCellDistribution}, RSBF {@code
   * 1 - s/(2s - 1)} ({@link RsbfTheory#stableOnes}), Bloom filter {@link
   * BloomMath#bloomZeroFraction}.
   */
  public static double theoryZeroFraction(StreamFilter f, long distinctElements, double[] classProb) {
    AbstractStreamFilter a = known(f);
    if (a instanceof StableBloomFilter) {
      StableBloomFilter s = (StableBloomFilter) a;
      return StableTheory.sbfZeroFraction(s.m, s.max, s.numHashes, s.decrements);
    }
    if (a instanceof ImportanceBloomFilter) {
      ImportanceBloomFilter b = (ImportanceBloomFilter) a;
      double[] q = classProb;
      if (q == null) {
        q = new double[b.max + 1];
        java.util.Arrays.fill(q, 1, b.max + 1, 1.0 / b.max);
      }
      if (q.length != b.max + 1) {
        throw new IllegalArgumentException("classProb needs max + 1 = " + (b.max + 1) + " entries");
      }
      switch (b.variant()) {
        case TWO_CLASS:
          return StableTheory.ibf2cExactCellDistribution(b.m, b.numHashes, b.decrements, q)[0];
        case TWO_CLASS_ALGORITHM_1:
          return StableTheory.ibf2cAlgorithm1CellDistribution(b.m, b.numHashes, b.decrements, q)[0];
        case MULTI_CLASS:
          return StableTheory.ibfMcCellDistribution(b.m, b.numHashes, b.decrements, q)[0];
        case HEURISTIC:
          return StableTheory.ibfHeuristicCellDistribution(b.m, b.numHashes, b.decrements, q)[0];
        default:
          throw new AssertionError(b.variant());
      }
    }
    if (a instanceof ReservoirBloomFilter) {
      ReservoirBloomFilter r = (ReservoirBloomFilter) a;
      return 1 - RsbfTheory.stableOnes(r.filterBits()) / r.filterBits();
    }
    StreamBloomFilter b = (StreamBloomFilter) a;
    return BloomMath.bloomZeroFraction(b.memoryBits(), distinctElements, b.numHashes());
  }

  /**
   * The theory's false positive rate bound or prediction for a new element, given the zero
   * fraction {@code zeroFraction} from {@link #theoryZeroFraction}: {@code (1 - V0)^K} for SBF, IBF
   * and the Bloom filter [IBF paper Cor. III.4]; for RSBF the highest FPR it reaches, right after
   * the fill, {@code (1 - (1 - 1/s)^s)^k} [RSBF paper eqs. 5.25-5.26].
   */
  public static double theoryFppBound(StreamFilter f, double zeroFraction) {
    AbstractStreamFilter a = known(f);
    if (a instanceof ReservoirBloomFilter) {
      ReservoirBloomFilter r = (ReservoirBloomFilter) a;
      return RsbfTheory.fppAfterFill(r.filterBits(), r.numHashes());
    }
    int k =
        a instanceof CellFilter ? ((CellFilter) a).numHashes : ((StreamBloomFilter) a).numHashes();
    return StableTheory.stableFppBound(zeroFraction, k);
  }

  private static AbstractStreamFilter known(StreamFilter f) {
    if (!(f instanceof AbstractStreamFilter)) {
      throw new IllegalArgumentException("not a filter of this library: " + f.getClass());
    }
    return (AbstractStreamFilter) f;
  }
}
