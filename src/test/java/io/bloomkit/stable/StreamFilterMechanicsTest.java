package io.bloomkit.stable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import org.junit.jupiter.api.Test;

/**
 * Exact mechanics on tiny hand-worked streams. Keys are built so that their positions are known:
 * with a range of 8, {@code key(c, d)} hashes to {@code c, c + d, c + 2d, ... (mod 8)} (the hash
 * reduction maps {@code x * 2^61} to {@code x} for range 8).
 */
public class StreamFilterMechanicsTest {
  static KeyHash key(int c, int d) {
    return new KeyHash((long) c << 61, (long) d << 61);
  }

  static int[] cells(CellFilter f) {
    int[] c = new int[(int) f.m];
    for (int i = 0; i < c.length; i++) {
      c[i] = f.cell(i);
    }
    return c;
  }

  @Test
  public void positionsOfTheHandBuiltKeys() {
    assertArrayEquals(new long[] {3, 6, 1}, key(3, 3).positions(3, 8));
  }

  /** P = m: every cell is decremented every step, so the run is fully determined. */
  @Test
  public void sbfHandWorkedStream() {
    StableBloomFilter f = new StableBloomFilter(8, 3, 2, 8, 1);
    assertEquals(16, f.memoryBits());
    KeyHash a = key(0, 1);
    KeyHash b = key(2, 1);
    KeyHash c = key(4, 1);
    KeyHash d = key(6, 1);
    assertFalse(f.offer(a));
    assertArrayEquals(new int[] {3, 3, 0, 0, 0, 0, 0, 0}, cells(f));
    assertFalse(f.offer(b));
    assertArrayEquals(new int[] {2, 2, 3, 3, 0, 0, 0, 0}, cells(f));
    assertTrue(f.offer(a)); // probed before the decrement: 2, 2
    assertArrayEquals(new int[] {3, 3, 2, 2, 0, 0, 0, 0}, cells(f));
    assertFalse(f.offer(c));
    assertArrayEquals(new int[] {2, 2, 1, 1, 3, 3, 0, 0}, cells(f));
    assertTrue(f.offer(b));
    assertArrayEquals(new int[] {1, 1, 3, 3, 2, 2, 0, 0}, cells(f));
    assertFalse(f.offer(d));
    assertArrayEquals(new int[] {0, 0, 2, 2, 1, 1, 3, 3}, cells(f));
    assertFalse(f.offer(a), "a was evicted: a false negative");
    assertArrayEquals(new int[] {3, 3, 1, 1, 0, 0, 2, 2}, cells(f));
    assertTrue(f.offer(key(2, 4)), "positions 2 and 6 are set by b and d: a false positive");
    assertArrayEquals(new int[] {2, 2, 3, 0, 0, 0, 3, 1}, cells(f));
  }

  @Test
  public void sbfWithoutDecrementsIsABloomFilterOfCells() {
    StableBloomFilter f = new StableBloomFilter(8, 1, 2, 0, 1);
    assertFalse(f.offer(key(0, 1)));
    assertFalse(f.offer(key(1, 1)));
    assertTrue(f.offer(key(0, 2))); // 0 and 2 set by the two others
    assertArrayEquals(new int[] {1, 1, 1, 0, 0, 0, 0, 0}, cells(f));
  }

  /** IBF-MC and IBF-2C on the same stream, P = m; importances in [0, 7] map to 1 + floor(imp). */
  @Test
  public void ibfHandWorkedStreams() {
    ImportanceBloomFilter mc = new ImportanceBloomFilter(IbfVariant.MULTI_CLASS, 8, 7, 2, 8, 0, 7, 1);
    ImportanceBloomFilter tc = new ImportanceBloomFilter(IbfVariant.TWO_CLASS, 8, 7, 2, 8, 0, 7, 1);
    assertEquals(24, mc.memoryBits());
    KeyHash a = key(0, 1);
    KeyHash b = key(1, 1);
    assertFalse(mc.offer(a, StreamFilter.NO_TIME, 6.5)); // f = 7
    assertFalse(tc.offer(a, StreamFilter.NO_TIME, 6.5)); // important: M = 7
    assertArrayEquals(new int[] {7, 7, 0, 0, 0, 0, 0, 0}, cells(mc));
    assertArrayEquals(new int[] {7, 7, 0, 0, 0, 0, 0, 0}, cells(tc));
    assertFalse(mc.offer(b, StreamFilter.NO_TIME, 2.5)); // f = 3: cell 1 stays 6, cell 2 raised
    assertFalse(tc.offer(b, StreamFilter.NO_TIME, 2.5)); // f = 3 < 3.5: unimportant, M/2 = 3
    assertArrayEquals(new int[] {6, 6, 3, 0, 0, 0, 0, 0}, cells(mc));
    assertArrayEquals(new int[] {6, 6, 3, 0, 0, 0, 0, 0}, cells(tc));
    assertFalse(mc.offer(key(2, 1), StreamFilter.NO_TIME, 0)); // f = 1
    assertFalse(tc.offer(key(2, 1), StreamFilter.NO_TIME, 0)); // f = 1: M/2
    assertArrayEquals(new int[] {5, 5, 2, 1, 0, 0, 0, 0}, cells(mc));
    assertArrayEquals(new int[] {5, 5, 3, 3, 0, 0, 0, 0}, cells(tc));
    assertTrue(mc.offer(b, StreamFilter.NO_TIME, 4.0)); // f = 5
    assertTrue(tc.offer(b, StreamFilter.NO_TIME, 4.0)); // f = 5: important
    assertArrayEquals(new int[] {4, 5, 5, 0, 0, 0, 0, 0}, cells(mc));
    assertArrayEquals(new int[] {4, 7, 7, 2, 0, 0, 0, 0}, cells(tc));
  }

  /** IBF-H: the only non-zero cell is the one decremented; then weights 1/value decide. */
  @Test
  public void ibfHeuristicDecrementsTheOnlyNonZeroCellThenWeighsByInverseValue() {
    int toLow = 0;
    int trials = 7000;
    for (int seed = 0; seed < trials; seed++) {
      ImportanceBloomFilter h = new ImportanceBloomFilter(IbfVariant.HEURISTIC, 8, 7, 1, 1, 0, 7, seed);
      h.offer(key(0, 1), StreamFilter.NO_TIME, 6.5); // cell 0 = 7
      h.offer(key(1, 1), StreamFilter.NO_TIME, 0); // cell 0 -> 6 (only candidate); cell 1 = 1
      assertArrayEquals(new int[] {6, 1, 0, 0, 0, 0, 0, 0}, cells(h));
      h.offer(key(5, 1), StreamFilter.NO_TIME, 6.5); // decrement cell 0 (1/6) or cell 1 (1/1)
      int[] c = cells(h);
      assertEquals(7, c[5]);
      if (c[1] == 0) {
        assertEquals(6, c[0]);
        toLow++;
      } else {
        assertEquals(5, c[0]);
        assertEquals(1, c[1]);
      }
    }
    // Pr(cell 1) = 1 / (1 + 1/6) = 6/7: 6000 expected, sd 29
    assertEquals(6000, toLow, 4 * Math.sqrt(trials * (6.0 / 7) * (1.0 / 7)));
  }

  /** RSBF: the fill inserts without resets; then each insertion resets one bit per filter first. */
  @Test
  public void rsbfFillPhaseThenResetBeforeSet() {
    ReservoirBloomFilter r = new ReservoirBloomFilter(2, 8, 0.03, 5);
    assertEquals(16, r.memoryBits());
    // positions: filter j gets c + j*d (mod 8)
    assertFalse(r.offer(key(0, 1))); // bits 0 | 1
    assertFalse(r.offer(key(2, 1))); // bits 2 | 3
    assertTrue(r.offer(key(0, 1)));
    assertTrue(r.offer(key(0, 3)), "0 and 3 set by the first two: false positive");
    for (int i = 0; i < 4; i++) {
      r.offer(key(4, 0)); // bits 4 | 4
    }
    assertEquals(8, r.offered());
    assertEquals(3, r.ones(0)); // 0, 2, 4
    assertEquals(3, r.ones(1)); // 1, 3, 4
    // after the fill: ones change by at most one per filter per step, and an inserted element
    // always has all its bits set (reset precedes set)
    long before0 = r.ones(0);
    long before1 = r.ones(1);
    for (int i = 0; i < 2000; i++) {
      KeyHash k = key(i % 8, 1 + i % 5);
      boolean dup = r.offer(k);
      long o0 = r.ones(0);
      long o1 = r.ones(1);
      assertTrue(Math.abs(o0 - before0) <= 1 && Math.abs(o1 - before1) <= 1);
      if (o0 != before0 || o1 != before1 || !dup) {
        // either nothing happened (not inserted), or it was inserted: then all its bits are set
        boolean all = r.bit(0, k.position(0, 8)) && r.bit(1, k.position(1, 8));
        if (!all) {
          assertEquals(before0, o0, "not inserted, state unchanged");
        }
      }
      before0 = o0;
      before1 = o1;
    }
  }

  @Test
  public void bloomHandWorkedStream() {
    StreamBloomFilter b = new StreamBloomFilter(8, 2);
    assertFalse(b.offer(key(0, 1)));
    assertFalse(b.offer(key(4, 2)));
    assertTrue(b.offer(key(0, 1)));
    assertTrue(b.offer(key(1, 5)), "1 and 6 are set");
    boolean[] bits = new boolean[8];
    for (int i = 0; i < 8; i++) {
      bits[i] = b.bit(i);
    }
    assertArrayEquals(new boolean[] {true, true, false, false, true, false, true, false}, bits);
    assertEquals(0.5, StreamFilters.zeroFraction(b), 0);
  }
}
