package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The one generator against {@link SplittableRandom} as the independent reference: the same seed
 * gives the same draws, method by method, over many seeds and bounds (powers of two, their
 * neighbours, and bounds just above a power of two where about half of the candidates are
 * rejected).
 */
public class SplitMix64Test {
  private static final long[] SEEDS = seeds();

  private static long[] seeds() {
    long[] s = new long[200];
    SplittableRandom r = new SplittableRandom(20261123L);
    for (int i = 0; i < s.length; i++) {
      s[i] = i < 10 ? i - 5 : r.nextLong(); // 0, -1 and small seeds too
    }
    s[10] = Long.MIN_VALUE;
    s[11] = Long.MAX_VALUE;
    return s;
  }

  private static final int[] INT_BOUNDS = {
    1, 2, 3, 5, 7, 10, 16, 17, 100, 255, 256, 257, 1000, 1 << 20, (1 << 20) + 1, 1_000_003,
    (1 << 30) - 1, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE
  };

  private static final long[] LONG_BOUNDS = {
    1, 2, 3, 10, 64, 65, 1000, 1L << 31, (1L << 31) + 1, 1L << 40, (1L << 40) + 3,
    (1L << 62) - 1, 1L << 62, (1L << 62) + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE
  };

  @Test
  public void unboundedDrawsAreSplittableRandoms() {
    for (long seed : SEEDS) {
      SplittableRandom ref = new SplittableRandom(seed);
      SplitMix64 g = new SplitMix64(seed);
      for (int i = 0; i < 300; i++) {
        switch (i % 3) {
          case 0:
            assertEquals(ref.nextLong(), g.nextLong(), "seed " + seed + " draw " + i);
            break;
          case 1:
            assertEquals(ref.nextInt(), g.nextInt(), "seed " + seed + " draw " + i);
            break;
          default:
            assertEquals(ref.nextDouble(), g.nextDouble(), 0.0, "seed " + seed + " draw " + i);
        }
      }
    }
  }

  @Test
  public void boundedIntsAreSplittableRandoms() {
    int rejectingDraws = 0;
    for (long seed : SEEDS) {
      for (int bound : INT_BOUNDS) {
        SplittableRandom ref = new SplittableRandom(seed);
        SplitMix64 g = new SplitMix64(seed);
        for (int i = 0; i < 50; i++) {
          int want = ref.nextInt(bound);
          assertEquals(want, g.nextInt(bound), "seed " + seed + " bound " + bound);
          assertTrue(want >= 0 && want < bound);
        }
        // both have consumed the same number of raw draws (rejections included)
        assertEquals(ref.nextLong(), g.nextLong());
        rejectingDraws += bound == (1 << 30) + 1 ? 1 : 0;
      }
    }
    assertTrue(rejectingDraws > 0);
  }

  @Test
  public void boundedLongsAreSplittableRandoms() {
    for (long seed : SEEDS) {
      for (long bound : LONG_BOUNDS) {
        SplittableRandom ref = new SplittableRandom(seed);
        SplitMix64 g = new SplitMix64(seed);
        for (int i = 0; i < 50; i++) {
          assertEquals(ref.nextLong(bound), g.nextLong(bound), "seed " + seed + " bound " + bound);
        }
        assertEquals(ref.nextLong(), g.nextLong());
      }
    }
  }

  /**
   * A bound just above a power of two rejects about half of the candidates: the rejection loop is
   * exercised (counted on the reference's raw draws) and still agrees.
   */
  @Test
  public void rejectionLoopsAgree() {
    long bound = (1L << 62) + 1;
    SplittableRandom raw = new SplittableRandom(99);
    int rejected = 0;
    for (int i = 0; i < 1000; i++) {
      long u = raw.nextLong() >>> 1;
      rejected += u >= bound ? 1 : 0; // u in [bound, 2^63): the short last interval
    }
    assertTrue(rejected > 400 && rejected < 600, "rejections " + rejected);
    SplittableRandom ref = new SplittableRandom(99);
    SplitMix64 g = new SplitMix64(99);
    for (int i = 0; i < 1000; i++) {
      assertEquals(ref.nextLong(bound), g.nextLong(bound));
      assertEquals(ref.nextInt((1 << 30) + 1), g.nextInt((1 << 30) + 1));
    }
  }

  /**
   * The stream filters' draw: the reference's top 63 bits, reduced as SplittableRandom reduces
   * them (it takes those bits for every bound that is not a power of two; for a power of two it
   * would take the low bits, this draw bits 1 and up).
   */
  @Test
  public void nextLong63IsTheTop63BitsReduced() {
    for (long seed : SEEDS) {
      for (long bound : LONG_BOUNDS) {
        SplittableRandom ref = new SplittableRandom(seed);
        SplittableRandom raw = new SplittableRandom(seed);
        SplitMix64 g = new SplitMix64(seed);
        for (int i = 0; i < 50; i++) {
          long got = g.nextLong63(bound);
          if (Long.bitCount(bound) == 1) {
            assertEquals((raw.nextLong() >>> 1) & (bound - 1), got);
          } else {
            assertEquals(ref.nextLong(bound), got);
          }
        }
      }
    }
  }

  /** The data generators' draw: a 53-bit double scaled to the bound. */
  @Test
  public void scaledLongScalesTheDouble() {
    for (long seed : SEEDS) {
      for (long bound : LONG_BOUNDS) {
        SplittableRandom ref = new SplittableRandom(seed);
        SplitMix64 g = new SplitMix64(seed);
        for (int i = 0; i < 20; i++) {
          assertEquals((long) (ref.nextDouble() * bound), g.scaledLong(bound));
        }
      }
      SplittableRandom ref = new SplittableRandom(seed);
      SplitMix64 g = new SplitMix64(seed);
      assertEquals(1.0 - ref.nextDouble(), g.nextDoubleOpenZero(), 0.0);
    }
  }

  /** The state is the whole state: a generator set to it continues the sequence. */
  @Test
  public void stateContinuesTheSequence() {
    for (long seed : SEEDS) {
      SplitMix64 a = new SplitMix64(seed);
      for (int i = 0; i < 37; i++) {
        a.nextLong63(1000);
      }
      SplitMix64 b = new SplitMix64(12345);
      b.setState(a.state());
      for (int i = 0; i < 100; i++) {
        assertEquals(a.nextLong(), b.nextLong());
      }
      assertEquals(seed, new SplitMix64(seed).state());
    }
  }

  /** The finalizer is the generator's: the first draw from seed s is mix(s + gamma). */
  @Test
  public void mixIsTheFinalizer() {
    for (long seed : SEEDS) {
      assertEquals(new SplittableRandom(seed).nextLong(), SplitMix64.mix(seed + 0x9E3779B97F4A7C15L));
    }
    assertEquals(0.5, SplitMix64.unit(1L << 63), 0.0);
    assertEquals(0.0, SplitMix64.unit(0x7FFL), 0.0);
  }

  @Test
  public void nonPositiveBoundsAreRejected() {
    SplitMix64 g = new SplitMix64(1);
    for (long bound : new long[] {0, -1, Long.MIN_VALUE}) {
      try {
        g.nextLong(bound);
        fail("nextLong(" + bound + ")");
      } catch (IllegalArgumentException expected) {
        // bound must be positive
      }
      try {
        g.nextLong63(bound);
        fail("nextLong63(" + bound + ")");
      } catch (IllegalArgumentException expected) {
        // bound must be positive
      }
      try {
        g.scaledLong(bound);
        fail("scaledLong(" + bound + ")");
      } catch (IllegalArgumentException expected) {
        // bound must be positive
      }
    }
    try {
      g.nextInt(0);
      fail("nextInt(0)");
    } catch (IllegalArgumentException expected) {
      // bound must be positive
    }
  }
}
