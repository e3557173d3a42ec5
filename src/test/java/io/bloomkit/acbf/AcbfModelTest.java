package io.bloomkit.acbf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The ACBF against a naive {@code int[]} model of its counters under random inserts and deletes:
 * every counter equal, the level invariants after every operation, no false negative. The
 * counting-filter contract (remove, merge, round trip) is {@link AcbfContractTest}.
 */
public class AcbfModelTest {
  private static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;

  /** Counters of the positions a key hashes to, as a plain array model. */
  static final class NaiveCounters {
    final int[] c;
    final long m;
    final int k;

    NaiveCounters(long m, int k) {
      this.c = new int[(int) m];
      this.m = m;
      this.k = k;
    }

    void add(KeyHash h) {
      for (int i = 0; i < k; i++) {
        c[(int) h.position(i, m)]++;
      }
    }

    void remove(KeyHash h) {
      for (int i = 0; i < k; i++) {
        c[(int) h.position(i, m)]--;
      }
    }

    boolean canRemove(KeyHash h) {
      for (int i = 0; i < k; i++) {
        int need = 0;
        for (int j = 0; j < k; j++) {
          if (h.position(j, m) == h.position(i, m)) {
            need++;
          }
        }
        if (c[(int) h.position(i, m)] < need) {
          return false;
        }
      }
      return true;
    }

    long min(KeyHash h) {
      long min = Long.MAX_VALUE;
      for (int i = 0; i < k; i++) {
        min = Math.min(min, c[(int) h.position(i, m)]);
      }
      return min;
    }
  }

  private static void run(long seed, FilterShape shape, int ops, int universe) {
    Random rnd = new Random(seed);
    AccurateCountingBloomFilter f = AccurateCountingBloomFilter.create(shape);
    NaiveCounters model = new NaiveCounters(shape.positions(), shape.numHashes());
    List<KeyHash> members = new ArrayList<>(); // a multiset: keys may be added several times
    KeyHash[] keys = new KeyHash[universe];
    for (int i = 0; i < universe; i++) {
      keys[i] = H.hash("key-" + seed + "-" + i);
    }
    long expectedItems = 0;
    for (int op = 0; op < ops; op++) {
      boolean add =
          members.isEmpty()
              || (f.idleBitsLeft() >= shape.numHashes() && rnd.nextInt(100) < 55);
      KeyHash h;
      if (add) {
        h = keys[rnd.nextInt(universe)];
        f.add(h);
        model.add(h);
        members.add(h);
        expectedItems++;
      } else if (rnd.nextInt(10) == 0) {
        // delete a random key of the universe: a member or not
        h = keys[rnd.nextInt(universe)];
        if (members.contains(h)) {
          f.remove(h);
          model.remove(h);
          members.remove(h);
          expectedItems--;
        } else if (model.canRemove(h)) {
          continue; // a false positive: removing it would (rightly) corrupt other keys' counts
        } else {
          AccurateCountingBloomFilter before = copy(f);
          try {
            f.remove(h);
            fail("removing a non-member must fail");
          } catch (IllegalArgumentException expected) {
            assertEquals(before, f, "a failed remove leaves the filter unchanged");
          }
        }
      } else {
        h = members.remove(rnd.nextInt(members.size()));
        f.remove(h);
        model.remove(h);
        expectedItems--;
      }
      for (int i = 0; i < shape.numHashes(); i++) {
        long p = h.position(i, shape.positions());
        assertEquals(model.c[(int) p], f.counter(p), "op " + op + " counter " + p);
      }
      assertNull(f.invariantViolation(), "op " + op);
      assertEquals(expectedItems, f.items());
      assertEquals(shape.numHashes() * expectedItems, f.levelBits());
      if (op % 2000 == 0 || op == ops - 1) {
        for (long p = 0; p < shape.positions(); p++) {
          assertEquals(model.c[(int) p], f.counter(p), "op " + op + " counter " + p);
        }
        for (KeyHash m : members) {
          assertTrue(f.mightContain(m), "false negative");
          assertEquals(model.min(m), f.count(m));
        }
        long[] lengths = f.levelLengths();
        assertEquals(shape.positions(), lengths[0]);
        for (int j = 1; j < lengths.length; j++) {
          long naive = 0; // counters reaching level j+1
          for (int c : model.c) {
            naive += c >= j ? 1 : 0;
          }
          assertEquals(naive, lengths[j], "|L" + (j + 1) + "|");
        }
      }
    }
  }

  private static AccurateCountingBloomFilter copy(AccurateCountingBloomFilter f) {
    try {
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      f.writeTo(out);
      return (AccurateCountingBloomFilter)
          Filters.read(new java.io.ByteArrayInputStream(out.toByteArray()));
    } catch (java.io.IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  public void optimalAcbfMatchesTheModelOverSeveralSeeds() {
    // small first level spanning several segments; few distinct keys so counters grow deep
    for (long seed = 1; seed <= 4; seed++) {
      FilterShape shape = FilterShape.acbf(AcbfSizing.OPTIMAL, 3_000, 3, 1_500, 1_500);
      run(seed, shape, 100_000, 800);
    }
  }

  @Test
  public void firstMethodVariantsMatchTheModel() {
    for (AcbfSizing t : new AcbfSizing[] {AcbfSizing.T1, AcbfSizing.T2, AcbfSizing.T3}) {
      FilterShape shape = FilterShape.acbf(t, 5_000, 4, t.maxCapacity(5_000, 4), 1_000);
      run(10 + t.id(), shape, 30_000, 3_000);
    }
  }

  @Test
  public void heavyDuplicatesBuildDeepChains() {
    FilterShape shape = FilterShape.acbf(AcbfSizing.OPTIMAL, 10_000, 2, 4_000, 4_000);
    run(99, shape, 20_000, 5); // five keys: counters in the thousands, thousands of levels
  }

  @Test
  public void insertPastTheIdleSpaceFailsAndLeavesTheFilterUnchanged() {
    FilterShape shape = FilterShape.acbf(AcbfSizing.OPTIMAL, 1_000, 3, 100, 100);
    AccurateCountingBloomFilter f = AccurateCountingBloomFilter.create(shape);
    for (int i = 0; i < 100; i++) {
      f.add("k" + i);
    }
    AccurateCountingBloomFilter before = copy(f);
    try {
      f.add("one-too-many");
      fail();
    } catch (IllegalStateException e) {
      assertTrue(e.getMessage().contains("idle space exhausted"), e.getMessage());
      assertTrue(e.getMessage().contains("capacity 100"), e.getMessage());
    }
    assertEquals(before, f);
    assertEquals(100, f.items());
    assertEquals(0, f.idleBitsLeft());
  }

  @Test
  public void bulkBuildEqualsOneByOneInserts() {
    FilterShape shape = FilterShape.forBitsPerKey(
        FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 20_000, 0, 16, 0);
    AccurateCountingBloomFilter one = AccurateCountingBloomFilter.create(shape);
    AccurateCountingBloomFilter.BulkBuilder bulk = AccurateCountingBloomFilter.bulkBuilder(shape);
    for (int i = 0; i < 20_000; i++) {
      KeyHash h = H.hash("bulk-" + (i % 19_000)); // some keys twice
      one.add(h);
      bulk.add(h);
    }
    AccurateCountingBloomFilter built = bulk.build();
    assertNull(built.invariantViolation());
    assertEquals(one, built);
    assertEquals(one.items(), built.items());
    assertEquals(one.levelBits(), built.levelBits());
  }

  @Test
  public void mergePastTheIdleSpaceFailsUnchanged() {
    FilterShape shape = FilterShape.acbf(AcbfSizing.OPTIMAL, 1_000, 3, 100, 100);
    AccurateCountingBloomFilter a = AccurateCountingBloomFilter.create(shape);
    AccurateCountingBloomFilter b = AccurateCountingBloomFilter.create(shape);
    for (int i = 0; i < 60; i++) {
      a.add("a" + i);
      b.add("b" + i);
    }
    AccurateCountingBloomFilter before = copy(a);
    try {
      a.merge(b);
      fail();
    } catch (IllegalStateException e) {
      assertTrue(e.getMessage().contains("idle space exhausted"), e.getMessage());
    }
    assertEquals(before, a);
  }

  @Test
  public void queryViewAnswersLikeTheFullFilter() throws Exception {
    FilterShape shape = FilterShape.forBitsPerKey(
        FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 5_000, 0, 8, 0);
    AccurateCountingBloomFilter f = AccurateCountingBloomFilter.create(shape);
    for (int i = 0; i < 5_000; i++) {
      f.add("v" + i);
    }
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    f.writeTo(out);
    Filter view = Filters.readQueryView(new java.io.ByteArrayInputStream(out.toByteArray()));
    assertEquals(FilterFamily.ACCURATE_COUNTING, view.family());
    int positives = 0;
    for (int i = 0; i < 50_000; i++) {
      KeyHash h = H.hash("probe" + i);
      assertEquals(f.mightContain(h), view.mightContain(h));
      positives += view.mightContain(h) ? 1 : 0;
    }
    assertTrue(positives > 0, "some false positives at 8 bits per key");
    assertFalse(view.mightContain(H.hash("definitely-absent-" + positives)) && positives == 50_000);
  }

  /** The naive level sizes: |L1| = m1, then |L(j+1)| = number of counters of at least j. */
  private static void assertLevels(String what, int[] model, AccurateCountingBloomFilter f) {
    long[] lengths = f.levelLengths();
    assertEquals(f.shape().positions(), lengths[0], what + " |L1|");
    int max = 0;
    for (int c : model) {
      max = Math.max(max, c);
    }
    assertEquals(max + 1, lengths.length, what + " levels");
    for (int j = 1; j < lengths.length; j++) {
      long naive = 0;
      for (int c : model) {
        naive += c >= j ? 1 : 0;
      }
      assertEquals(naive, lengths[j], what + " |L" + (j + 1) + "|");
    }
  }

  /** Random adds and removes of a few keys (deep counters) on f and the model. */
  private static long randomOps(
      Random rnd, AccurateCountingBloomFilter f, NaiveCounters model, int ops, int universe,
      String prefix) {
    List<KeyHash> members = new ArrayList<>();
    for (int op = 0; op < ops; op++) {
      if (members.isEmpty() || rnd.nextInt(100) < 60) {
        KeyHash h = H.hash(prefix + rnd.nextInt(universe));
        f.add(h);
        model.add(h);
        members.add(h);
      } else {
        KeyHash h = members.remove(rnd.nextInt(members.size()));
        f.remove(h);
        model.remove(h);
      }
    }
    return members.size();
  }

  @Test
  public void subtractMatchesTheModelForEveryVariantWithItsLevels() {
    for (AcbfSizing t : AcbfSizing.values()) {
      int k = 3;
      long capacity = t == AcbfSizing.OPTIMAL ? 2_000 : t.maxCapacity(6_000, k);
      FilterShape shape = FilterShape.acbf(t, 6_000, k, capacity, capacity);
      Random rnd = new Random(40 + t.id());
      AccurateCountingBloomFilter x = AccurateCountingBloomFilter.create(shape);
      AccurateCountingBloomFilter y = AccurateCountingBloomFilter.create(shape);
      NaiveCounters mx = new NaiveCounters(shape.positions(), k);
      NaiveCounters my = new NaiveCounters(shape.positions(), k);
      // few keys, repeated: counters of 5 and more, chains across many levels and segments
      long nx = randomOps(rnd, x, mx, 900, 60, "x");
      long ny = randomOps(rnd, y, my, 900, 60, t.id() % 2 == 0 ? "x" : "y");
      AccurateCountingBloomFilter window = copy(x);
      window.merge(y);
      int[] sum = new int[mx.c.length];
      for (int p = 0; p < sum.length; p++) {
        sum[p] = mx.c[p] + my.c[p];
      }
      assertNull(window.invariantViolation(), t + " merged");
      assertLevels(t + " merged", sum, window);
      assertTrue(window.levels() > 6, t + ": the test needs deep chains");

      window.subtract(x);
      assertNull(window.invariantViolation(), t + " minus x");
      for (int p = 0; p < sum.length; p++) {
        assertEquals(my.c[p], window.counter(p), t + " counter " + p);
      }
      assertLevels(t + " minus x", my.c, window);
      assertEquals(ny, window.items());
      assertEquals(k * ny, window.levelBits());
      assertEquals(y, window);
      for (int i = 0; i < 60; i++) {
        KeyHash h = H.hash("x" + i);
        assertEquals(my.min(h), window.count(h));
      }

      // the refusal: x again is more than y holds wherever x's counters exceed y's
      long below = 0;
      for (int p = 0; p < sum.length; p++) {
        below += my.c[p] < mx.c[p] ? 1 : 0;
      }
      assertTrue(below > 0);
      try {
        window.subtract(x);
        fail(t + ": counters below zero");
      } catch (IllegalArgumentException e) {
        assertTrue(
            e.getMessage().startsWith("cannot subtract: " + below + " positions would go below zero"),
            e.getMessage());
      }
      assertEquals(y, window);
      assertNull(window.invariantViolation());
      assertEquals(ny, window.items());
      assertEquals(nx, x.items());

      window.subtract(y);
      assertNull(window.invariantViolation());
      assertEquals(1, window.levels());
      assertEquals(0, window.items());
      assertEquals(window.idleBitsLeft(), shape.memoryBits() - shape.positions());
    }
  }
}
