package io.bloomkit.data;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.util.Arrays;

/**
 * Seeded synthetic streams for the duplicate-detection experiments: keys are {@code long} ids;
 * {@link #hash} turns an id into the {@link KeyHash} the filters take. Same seed, same stream.
 */
public final class Streams {
  private Streams() {}

  /** A stream of keys, each with an importance (1 where the stream has none). */
  public interface ElementStream {
    /** The next key. */
    long nextKey();

    /** The importance of the key last returned by {@link #nextKey}. */
    int importance();
  }

  /** How often an element recurs in an importance stream (IBF paper IV.D). */
  public enum Occurrence {
    /** Each element equally likely to recur, whatever its importance (Fig. 9). */
    UNIFORM,
    /** Recurrence probability proportional to importance (Fig. 15). */
    PROPORTIONAL,
    /** Recurrence probability inversely proportional to importance (Fig. 12). */
    INVERSE;

    public static Occurrence parse(String s) {
      switch (s) {
        case "uniform":
          return UNIFORM;
        case "proportional":
          return PROPORTIONAL;
        case "inverse":
          return INVERSE;
        default:
          throw new IllegalArgumentException(
              "unknown occurrence '" + s + "' (uniform, proportional, inverse)");
      }
    }
  }

  /** The hash of a key id: Murmur3 x64 128 of its 8 big-endian bytes. */
  public static KeyHash hash(long key) {
    byte[] b = new byte[8];
    for (int i = 7; i >= 0; i--) {
      b[i] = (byte) key;
      key >>>= 8;
    }
    return HashStrategy.MURMUR3_128_DOUBLE.hash(b);
  }

  /** Keys drawn independently and uniformly from {@code 0..universe-1}. */
  public static ElementStream uniform(long universe, long seed) {
    if (universe <= 0) {
      throw new IllegalArgumentException("universe must be positive: " + universe);
    }
    SplitMix64 rnd = new SplitMix64(seed);
    return new ElementStream() {
      @Override
      public long nextKey() {
        return rnd.nextLong(universe);
      }

      @Override
      public int importance() {
        return 1;
      }
    };
  }

  /**
   * Keys drawn independently from {@code 0..universe-1} with Zipf probabilities, key r (0-based
   * rank) with weight {@code 1/(r+1)^alpha}, by binary search in the cumulative table (8 bytes per
   * key of the universe; at most 2^26 keys). Ranks are scrambled into ids so that popular keys are
   * not small numbers.
   */
  public static ElementStream zipf(long universe, double alpha, long seed) {
    if (universe <= 0 || universe > (1 << 26)) {
      throw new IllegalArgumentException("zipf universe must be in [1, 2^26]: " + universe);
    }
    if (!(alpha >= 0)) {
      throw new IllegalArgumentException("alpha must be non-negative: " + alpha);
    }
    Zipf zipf = new Zipf((int) universe, alpha);
    SplitMix64 rnd = new SplitMix64(seed);
    long salt = new SplitMix64(seed ^ 0x5DEECE66DL).nextLong();
    return new ElementStream() {
      @Override
      public long nextKey() {
        return zipf.rank(rnd.nextDouble()) ^ salt;
      }

      @Override
      public int importance() {
        return 1;
      }
    };
  }

  /**
   * The synthetic importance streams of the IBF paper (section IV.D): every new element gets an
   * importance uniform in {@code 1..importanceMax} (50 in the paper); each arrival is, with
   * probability {@code repeatShare} (0.1, 0.3, 0.5 in the paper), a repeat of an element seen
   * before, otherwise a new element. A repeat picks a seen element with probability proportional
   * to 1 (uniform), to its importance (proportional) or to 1/importance (inverse) — the paper's
   * "probability of occurrence ... directly (inversely) proportional to its importance".
   * Interpretation: the paper gives no generator; "x% of the elements repeating" is read as the
   * share of arrivals that are duplicates.
   */
  public static ElementStream importance(
      double repeatShare, Occurrence occurrence, int importanceMax, long seed) {
    if (!(repeatShare >= 0 && repeatShare < 1)) {
      throw new IllegalArgumentException("repeat share must be in [0, 1): " + repeatShare);
    }
    if (importanceMax < 1) {
      throw new IllegalArgumentException("importanceMax must be positive: " + importanceMax);
    }
    SplitMix64 rnd = new SplitMix64(seed);
    long salt = new SplitMix64(seed ^ 0x2545F4914F6CDD1DL).nextLong();
    double[] weight = new double[importanceMax + 1];
    for (int i = 1; i <= importanceMax; i++) {
      weight[i] =
          occurrence == Occurrence.UNIFORM ? 1 : occurrence == Occurrence.PROPORTIONAL ? i : 1.0 / i;
    }
    return new ElementStream() {
      /** Seen elements by importance: ids, and how many. */
      final long[][] seen = new long[importanceMax + 1][16];

      final int[] count = new int[importanceMax + 1];
      long nextId;
      int imp;

      @Override
      public long nextKey() {
        double total = 0;
        for (int i = 1; i <= importanceMax; i++) {
          total += count[i] * weight[i];
        }
        if (total > 0 && rnd.nextDouble() < repeatShare) {
          double u = rnd.nextDouble() * total;
          int c = importanceMax;
          for (int i = 1; i <= importanceMax; i++) {
            double w = count[i] * weight[i];
            if (w > 0 && u < w) {
              c = i;
              break;
            }
            u -= w;
          }
          while (count[c] == 0) {
            c--;
          }
          imp = c;
          return seen[c][rnd.nextInt(count[c])];
        }
        imp = 1 + rnd.nextInt(importanceMax);
        long id = (nextId++) ^ salt;
        if (count[imp] == seen[imp].length) {
          seen[imp] = Arrays.copyOf(seen[imp], 2 * seen[imp].length);
        }
        seen[imp][count[imp]++] = id;
        return id;
      }

      @Override
      public int importance() {
        return imp;
      }
    };
  }
}
