package io.bloomkit.window;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.data.TimedStream;
import io.bloomkit.window.BloomTree.Mode;
import io.bloomkit.window.BloomTree.TopDown;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

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
        assertEquals(f, d, "levels " + levels + " event " + i);
        assertEquals(f, p, "levels " + levels + " event " + i);
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
            assertTrue(flat.mightContain(s.hash(i)), mode + " d=" + d + " event " + i);
          } else {
            flat.add(s.hash(i));
            delivered.add(s.keys[i]);
            assertTrue(!truth, mode + " d=" + d + " event " + i + " is a true duplicate");
          }
          fps[d] += dup && !truth ? 1 : 0;
        }
        if (d > 0) {
          assertTrue(tree.rejections() > 0, mode + " rejections at d=" + d);
        }
      }
      assertTrue(fps[3] < fps[0] && fps[2] <= fps[0], mode + " " + java.util.Arrays.toString(fps));
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

  /**
   * Root slicing: the root's m bits cut vertically over R sites. The answers are those of the
   * unsliced tree event by event, and each root site's requests equal a recount: per event, the
   * unsliced tree's root accesses, times 1 for each site holding one of the event's positions, the
   * site found by scanning the slice bounds floor(s*m/R).
   */
  @Test
  public void rootSlicesSplitTheRootLoadAsRecounted() {
    TimedStream s = stream(4);
    long m = 6_001;
    int k = 4;
    for (Mode mode : Mode.values()) {
      for (int d : new int[] {0, 2}) {
        for (int r : new int[] {1, 3, 8}) {
          BloomTree plain = new BloomTree(4, 4, m, k, mode, 0, d);
          BloomTree sliced = new BloomTree(4, 4, m, k, mode, 0, d, TopDown.CLIMB, r);
          long[] expected = new long[r];
          for (int i = 0; i < s.length(); i++) {
            long before = plain.accessesPerLevel()[0];
            boolean a = plain.offer(s.hash(i), s.producers[i], 0);
            long rootAccesses = plain.accessesPerLevel()[0] - before;
            assertEquals(a, sliced.offer(s.hash(i), s.producers[i], 0), mode + " R=" + r + " event " + i);
            boolean[] touched = new boolean[r];
            for (int j = 0; j < k; j++) {
              long p = s.hash(i).position(j, m);
              int site = 0;
              while (p >= Math.floorDiv((site + 1) * m, r)) {
                site++;
              }
              touched[site] = true;
            }
            for (int site = 0; site < r; site++) {
              expected[site] += touched[site] ? rootAccesses : 0;
            }
          }
          assertArrayEquals(expected, sliced.rootRequests(), mode + " d=" + d + " R=" + r);
          assertArrayEquals(plain.accessesPerLevel(), sliced.accessesPerLevel());
          if (r == 1) {
            assertEquals(plain.accessesPerLevel()[0], sliced.rootRequests()[0]);
          }
        }
      }
    }
  }

  /**
   * A naive Bloom tree: every node keeps the exact keys delivered through it with their delivery
   * times (Definition 5's unions, without any filter); the truth of an event is the root's: a key
   * delivered in the previous w time units (w = 0: ever).
   */
  static final class ExactTree {
    final int levels;
    final int fanout;
    final long window;
    final Map<Integer, Map<Long, Long>> nodes = new HashMap<>();

    ExactTree(int levels, int fanout, long window) {
      this.levels = levels;
      this.fanout = fanout;
      this.window = window;
    }

    Map<Long, Long> node(int level, int index) {
      return nodes.computeIfAbsent(level * 1_000_000 + index, x -> new HashMap<>());
    }

    boolean holds(int level, int index, long key, long time) {
      Long t = node(level, index).get(key);
      return t != null && (window == 0 || t + window > time);
    }

    boolean duplicate(long key, long time) {
      return holds(0, 0, key, time);
    }

    void deliver(long key, int producer, long time) {
      int leaves = (int) Math.pow(fanout, levels - 1);
      for (int j = levels - 1, idx = producer % leaves; j >= 0; j--, idx /= fanout) {
        node(j, idx).put(key, time);
      }
    }
  }

  /**
   * Keys u, v, w (k = 2 of m = 64 positions) with u's two positions split over v and w: u has one
   * position of v's and one of w's, neither covers u, and no key covers another.
   */
  static long[] splitKeys(long m) {
    for (long u = 1; u < 200; u++) {
      long[] pu = positions(u, m);
      for (long v = u + 1; v < 400; v++) {
        long[] pv = positions(v, m);
        if (!(has(pv, pu[0]) && !has(pv, pu[1]) && !has(pu, pv[1]))) {
          continue;
        }
        for (long w = v + 1; w < 600; w++) {
          long[] pw = positions(w, m);
          if (has(pw, pu[1]) && !has(pw, pu[0]) && !has(pu, pw[1]) && !has(pv, pw[1]) && pw[0] != pw[1]) {
            return new long[] {u, v, w};
          }
        }
      }
    }
    throw new AssertionError("no split keys");
  }

  static long[] positions(long key, long m) {
    KeyHash h = TimedStream.hashOf(key);
    return new long[] {h.position(0, m), h.position(1, m)};
  }

  static boolean has(long[] a, long p) {
    return a[0] == p || a[1] == p;
  }

  /**
   * The paper's top-down rule loses a duplicate the climbing rule keeps, built deterministically
   * in a 3-level binary tree (leaves 0..3, threshold level d = 2): u is delivered at leaf 2, v at
   * leaf 0, w at leaf 1. Then u comes from leaf 1: leaf 1 (w) misses, its parent (v and w) hits on
   * u's positions split over v and w, and the top-down test finds leaf 0 (v) missing, so the hit is
   * rejected. The paper's rule now calls u distinct although the exact tree holds u at the root (a
   * false negative); the climbing rule goes on to the root, whose top-down test finds u under leaf 2.
   */
  @Test
  public void papersTopDownRuleLosesWhatClimbingKeeps() {
    long m = 64;
    long[] uvw = splitKeys(m);
    for (Mode mode : Mode.values()) {
      for (long window : new long[] {0, 1_000}) {
        for (TopDown rule : TopDown.values()) {
          BloomTree tree = new BloomTree(3, 2, m, 2, mode, window, 2, rule, 1);
          ExactTree exact = new ExactTree(3, 2, window);
          long[] keys = {uvw[0], uvw[1], uvw[2]};
          int[] producers = {2, 0, 1};
          for (int i = 0; i < 3; i++) {
            assertTrue(!exact.duplicate(keys[i], i));
            assertTrue(!tree.offer(TimedStream.hashOf(keys[i]), producers[i], i), mode + " " + rule + " key " + i);
            exact.deliver(keys[i], producers[i], i);
          }
          String c = mode + " w=" + window + " " + rule;
          assertTrue(exact.duplicate(uvw[0], 3), c);
          assertTrue(!exact.holds(1, 0, uvw[0], 3), c); // the rejected node truly lacks u
          boolean dup = tree.offer(TimedStream.hashOf(uvw[0]), 1, 3);
          assertEquals(1, tree.rejections(), c);
          assertEquals(rule == TopDown.CLIMB, dup, c);
          assertEquals(rule == TopDown.PAPER ? 1 : 0, tree.topDownStops(), c);
        }
      }
    }
  }

  /**
   * Against the exact tree on a stream with small filters (many false positives, so top-down tests
   * reject often): the climbing rule has no false negative at any threshold, with and without a
   * window; the paper's rule has some once d >= 2, each at an event where it stopped at a rejected
   * hit (at d = 1 only the root's hits are tested top-down, and after the root both rules say
   * distinct).
   */
  @Test
  public void falseNegativesOnlyUnderThePapersRule() {
    TimedStream s = stream(11);
    for (Mode mode : Mode.values()) {
      for (long window : new long[] {0, 500}) {
        for (int d : new int[] {1, 2, 3}) {
          for (TopDown rule : TopDown.values()) {
            BloomTree tree = new BloomTree(4, 4, 6_000, 4, mode, window, d, rule, 1);
            ExactTree exact = new ExactTree(4, 4, window);
            long fn = 0;
            long stops = 0;
            for (int i = 0; i < s.length(); i++) {
              boolean truth = exact.duplicate(s.keys[i], s.times[i]);
              long before = tree.topDownStops();
              boolean dup = tree.offer(s.hash(i), s.producers[i], s.times[i]);
              if (truth && !dup) {
                fn++;
                assertTrue(tree.topDownStops() == before + 1, mode + " " + rule + " d=" + d + " event " + i);
              }
              if (!dup) {
                exact.deliver(s.keys[i], s.producers[i], s.times[i]);
              }
              stops += tree.topDownStops() - before;
            }
            String c = mode + " w=" + window + " d=" + d + " " + rule;
            if (rule == TopDown.CLIMB) {
              assertEquals(0, fn, c);
              assertEquals(0, stops, c);
            } else if (d == 1) { // only root hits are tested: stopping there is what climbing does
              assertEquals(0, fn, c);
              assertEquals(tree.rejections(), stops, c);
            } else {
              assertTrue(fn > 0 && stops >= fn, c + " stops " + stops);
            }
          }
        }
      }
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
