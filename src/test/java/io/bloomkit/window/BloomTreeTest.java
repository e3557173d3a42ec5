package io.bloomkit.window;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.window.BloomTree.Mode;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.data.TimedStream;
import java.util.HashSet;
import java.util.Set;
import org.junit.Test;

public class BloomTreeTest {
  static TimedStream stream(long seed) {
    return TimedStream.generate(
        new TimedStream.Spec().distribution("zipf").universe(30_000).length(40_000).producers(64, 0.8).seed(seed));
  }

  /**
   * Proposition 3: sparse and dense trees give the same answers; Proposition 4 (both directions
   * here, since no node can hold a bit the root lacks): every answer equals that of one flat filter
   * of the same shape (m = 12,000 bits, k = 4, so that false positives occur).
   */
  @Test
  public void sparseDenseAndFlatAnswerAlike() {
    for (int levels : new int[] {2, 3, 5}) {
      TimedStream s = stream(levels);
      BloomTree dense = new BloomTree(levels, 3, 12_000, 4, Mode.DENSE, 0, 0);
      BloomTree sparse = new BloomTree(levels, 3, 12_000, 4, Mode.SPARSE, 0, 0);
      BloomFilter flat = BloomFilter.create(FilterShape.bloom(12_000, 4, 2_000));
      int dups = 0;
      for (int i = 0; i < s.length(); i++) {
        boolean f = flat.mightContain(s.hash(i));
        if (!f) {
          flat.add(s.hash(i));
        }
        boolean d = dense.offer(s.hash(i), s.producers[i], 0);
        boolean p = sparse.offer(s.hash(i), s.producers[i], 0);
        assertEquals("levels " + levels + " event " + i, f, d);
        assertEquals("levels " + levels + " event " + i, f, p);
        dups += f ? 1 : 0;
      }
      assertTrue(dups > 20_000);
      long[] dh = dense.hitsPerLevel();
      long[] sh = sparse.hitsPerLevel();
      assertEquals(sum(dh), sum(sh));
      // dense trees resolve duplicates closer to the producers (Table 1)
      assertTrue(dh[levels - 1] > sh[levels - 1]);
      assertTrue(dh[0] < sh[0]);
    }
  }

  /**
   * Top-down testing (threshold level d): hits high in the tree are confirmed through the subtree;
   * the tree then reports fewer duplicates, never an event it delivered before as distinct, and
   * whatever it reports a duplicate, a flat filter holding the events it delivered does too
   * (Proposition 4's direction: the nodes' bits are subsets of that flat filter's).
   */
  @Test
  public void topDownTestingRemovesFalsePositivesOnly() {
    TimedStream s = stream(9);
    for (Mode mode : Mode.values()) {
      long[] fps = new long[4];
      for (int d = 0; d <= 3; d++) {
        BloomTree tree = new BloomTree(4, 4, 6_000, 4, mode, 0, d);
        BloomFilter flat = BloomFilter.create(FilterShape.bloom(6_000, 4, 2_000));
        Set<Long> delivered = new HashSet<>();
        for (int i = 0; i < s.length(); i++) {
          boolean truth = delivered.contains(s.keys[i]); // duplicate: delivered before
          boolean dup = tree.offer(s.hash(i), s.producers[i], 0);
          if (dup) {
            assertTrue(mode + " d=" + d + " event " + i, flat.mightContain(s.hash(i)));
          } else {
            flat.add(s.hash(i));
            delivered.add(s.keys[i]);
            assertTrue(mode + " d=" + d + " event " + i + " is a true duplicate", !truth);
          }
          fps[d] += dup && !truth ? 1 : 0;
        }
        if (d > 0) {
          assertTrue(mode + " rejections at d=" + d, tree.rejections() > 0);
        }
      }
      assertTrue(mode + " " + java.util.Arrays.toString(fps), fps[3] < fps[0] && fps[2] <= fps[0]);
    }
  }

  /** Counting by hand on a 2-level tree with 2 leaves. */
  @Test
  public void perLevelCountsByHand() {
    BloomTree dense = new BloomTree(2, 2, 10_000, 3, Mode.DENSE, 0, 0);
    BloomTree sparse = new BloomTree(2, 2, 10_000, 3, Mode.SPARSE, 0, 0);
    for (BloomTree t : new BloomTree[] {dense, sparse}) {
      t.offer(TimedStream.hashOf(1), 0, 0); // distinct
      t.offer(TimedStream.hashOf(1), 0, 0); // duplicate at the leaf
      t.offer(TimedStream.hashOf(1), 1, 0); // duplicate at the root (other leaf)
      t.offer(TimedStream.hashOf(1), 1, 0); // dense: at leaf 1 now; sparse: at the root again
    }
    assertArrayEquals(new long[] {1, 2}, dense.hitsPerLevel());
    assertArrayEquals(new long[] {2, 1}, sparse.hitsPerLevel());
    // dense: event 1 test-and-set leaf+root, 2 leaf, 3 leaf+root, 4 leaf
    assertArrayEquals(new long[] {2, 4}, dense.accessesPerLevel());
    // sparse: event 1 tests and sets both (2+2), 2 leaf, 3 leaf+root, 4 leaf+root
    assertArrayEquals(new long[] {4, 5}, sparse.accessesPerLevel());
    assertArrayEquals(new long[] {0, 2, 2}, dense.levelsClimbed());
    assertArrayEquals(new long[] {0, 1, 3}, sparse.levelsClimbed());
  }

  /** With timers both modes forget after w, and a duplicate within w is never called distinct. */
  @Test
  public void timersSlideTheWindow() {
    for (Mode mode : Mode.values()) {
      BloomTree t = new BloomTree(3, 2, 50_000, 4, mode, 100, 0);
      assertTrue(!t.offer(TimedStream.hashOf(7), 0, 1_000));
      assertTrue(t.offer(TimedStream.hashOf(7), 3, 1_099));
      assertTrue(!t.offer(TimedStream.hashOf(7), 3, 1_100));
      assertTrue(t.offer(TimedStream.hashOf(7), 0, 1_150));
    }
  }

  static long sum(long[] a) {
    long s = 0;
    for (long x : a) {
      s += x;
    }
    return s;
  }
}
