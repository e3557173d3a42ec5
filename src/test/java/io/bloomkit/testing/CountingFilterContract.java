package io.bloomkit.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The contract of every {@link CountingFilter} family, checked against a naive {@code int[]} of
 * counters: removing a non-member fails and changes nothing, merging adds counters (never ORs) and
 * refuses filters of another size or family, subtracting takes them away again (and refuses, changing
 * nothing, when a counter would go below zero), and a filter written and read back is the same
 * filter. One small subclass per family supplies its shapes.
 */
public abstract class CountingFilterContract {
  protected static final HashStrategy H = HashStrategy.MURMUR3_128_DOUBLE;

  /** A shape of the family: {@code counters} counters (m), k hashes, room for {@code capacity}. */
  protected abstract FilterShape shape(long counters, int numHashes, long capacity);

  /** An empty filter of the family. */
  protected abstract CountingFilter create(FilterShape shape);

  /** An empty counting filter of another family, which merge must refuse. */
  protected abstract CountingFilter otherFamily();

  /** The largest value a counter holds (4-bit counters saturate at 15). */
  protected abstract long counterLimit();

  /** Checks the family's own invariants after an operation (none by default). */
  protected void checkInvariants(CountingFilter f) {}

  protected static byte[] bytes(CountingFilter f) {
    return FilterBytes.of(f);
  }

  /** Written and read back through the registry, as a counting filter. */
  protected static CountingFilter roundTrip(CountingFilter f) {
    byte[] b = bytes(f);
    try {
      return Filters.read(new ByteArrayInputStream(b), b.length, CountingFilter.class);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static void add(int[] model, long m, int k, KeyHash h) {
    for (int i = 0; i < k; i++) {
      model[(int) h.position(i, m)]++;
    }
  }

  @Test
  public void removingANonMemberFailsAndChangesNothing() {
    CountingFilter f = create(shape(1_000, 3, 100));
    for (int i = 0; i < 10; i++) {
      f.add("m" + i);
    }
    CountingFilter before = roundTrip(f);
    int failures = 0;
    for (int i = 0; i < 100; i++) {
      if (!f.mightContain("x" + i)) {
        try {
          f.remove("x" + i);
          fail("removed the non-member x" + i);
        } catch (IllegalArgumentException e) {
          failures++;
          assertTrue(e.getMessage().contains("cannot remove a non-member"), e.getMessage());
        }
      }
    }
    assertTrue(failures > 50, "most keys are not members: " + failures);
    assertEquals(before, f);
    assertEquals(10, f.items());
    checkInvariants(f);
    // the members do go: every counter back to zero
    for (int i = 0; i < 10; i++) {
      f.remove("m" + i);
    }
    assertEquals(0, f.items());
    for (long p = 0; p < f.shape().positions(); p++) {
      assertEquals(0, f.counter(p), "counter " + p);
    }
    checkInvariants(f);
  }

  @Test
  public void mergeAddsCountersNeverOrs() {
    FilterShape shape = shape(4_000, 3, 2_000);
    long m = shape.positions();
    CountingFilter a = create(shape);
    CountingFilter b = create(shape);
    int[] model = new int[(int) m];
    int added = 0;
    for (int i = 0; i < 900; i++) {
      KeyHash h = H.hash("k" + (i % 300)); // keys repeated: counters of 2 and more
      (i % 3 == 0 ? a : b).add(h);
      add(model, m, 3, h);
      added++;
      if (i % 5 == 0) {
        b.add(h); // overlapping keys: counts must add, not OR
        add(model, m, 3, h);
        added++;
      }
    }
    a.merge(b);
    checkInvariants(a);
    for (long p = 0; p < m; p++) {
      assertEquals(Math.min(counterLimit(), model[(int) p]), a.counter(p), "counter " + p);
    }
    assertEquals(added, a.items());
  }

  @Test
  public void mergeRefusesAnotherSizeOrFamilyAndChangesNothing() {
    FilterShape shape = shape(500, 3, 100);
    CountingFilter a = create(shape);
    for (int i = 0; i < 50; i++) {
      a.add("a" + i);
    }
    CountingFilter before = roundTrip(a);
    FilterShape other = shape(501, 3, 100);
    try {
      a.merge(create(other));
      fail("merged another size");
    } catch (IllegalArgumentException e) {
      assertEquals(
          "cannot merge filters with different positions: " + shape.positions() + " vs "
              + other.positions(),
          e.getMessage());
    }
    CountingFilter o = otherFamily();
    try {
      a.merge(o);
      fail("merged another family");
    } catch (IllegalArgumentException e) {
      assertEquals(
          "cannot merge filters with different family: " + a.family().shortName() + " vs "
              + o.family().shortName(),
          e.getMessage());
    }
    assertEquals(before, a);
  }

  @Test
  public void writtenAndReadBackIsTheSameFilter() throws IOException {
    CountingFilter f = create(shape(2_000, 4, 500));
    for (int i = 0; i < 500; i++) {
      f.add("r" + (i % 350)); // some keys twice
    }
    byte[] b = bytes(f);
    CountingFilter g = roundTrip(f);
    assertEquals(f, g);
    assertEquals(f.shape(), g.shape());
    assertEquals(f.hashStrategy(), g.hashStrategy());
    assertEquals(f.items(), g.items());
    for (long p = 0; p < f.shape().positions(); p++) {
      assertEquals(f.counter(p), g.counter(p), "counter " + p);
    }
    for (int i = 0; i < 350; i++) {
      assertEquals(f.count("r" + i), g.count("r" + i));
    }
    assertArrayEquals(b, bytes(g));
    checkInvariants(g);
    // the same file through the any-family entry, and refused as a stream filter
    assertEquals(f, Filters.read(new ByteArrayInputStream(b)));
    try {
      Filters.read(new ByteArrayInputStream(b), b.length, StreamFilter.class);
      fail("read as a stream filter");
    } catch (UnsupportedFamilyException e) {
      assertEquals(f.family(), e.family());
      assertEquals(
          "unsupported family " + f.family().shortName() + " for Filters.read (Filters.read needs"
              + " sbf, rsbf, ibf, timer, stream-bf)",
          e.getMessage());
    }
  }

  /**
   * Random adds and removes of a small key universe (keys repeat, so counters reach 2 and more) on
   * {@code f} and the naive {@code model}; returns the operations' net item count.
   */
  protected static long randomOps(Random rnd, CountingFilter f, int[] model, int ops, String prefix) {
    long m = f.shape().positions();
    int k = f.numHashes();
    List<KeyHash> members = new ArrayList<>();
    for (int op = 0; op < ops; op++) {
      if (members.isEmpty() || rnd.nextInt(100) < 65) {
        KeyHash h = H.hash(prefix + rnd.nextInt(150));
        f.add(h);
        add(model, m, k, h);
        members.add(h);
      } else {
        KeyHash h = members.remove(rnd.nextInt(members.size()));
        f.remove(h);
        for (int i = 0; i < k; i++) {
          model[(int) h.position(i, m)]--;
        }
      }
    }
    return members.size();
  }

  @Test
  public void subtractTakesAwayWhatMergeAddedAgainstTheModel() {
    for (long seed = 1; seed <= 3; seed++) {
      Random rnd = new Random(seed);
      FilterShape shape = shape(3_000, 3, 1_500);
      long m = shape.positions();
      // x and y: two "days" of random adds and removes, with overlapping keys
      CountingFilter x = create(shape);
      CountingFilter y = create(shape);
      int[] mx = new int[(int) m];
      int[] my = new int[(int) m];
      long nx = randomOps(rnd, x, mx, 600, "d");
      long ny = randomOps(rnd, y, my, 600, rnd.nextBoolean() ? "d" : "e");
      CountingFilter sum = roundTrip(x);
      sum.merge(y);
      checkInvariants(sum);
      for (int p = 0; p < m; p++) {
        assertTrue(mx[p] + my[p] < counterLimit(), "test needs unsaturated counters");
        assertEquals(mx[p] + my[p], sum.counter(p), "merged counter " + p);
      }
      sum.subtract(y); // the oldest day dropped: x alone is left
      checkInvariants(sum);
      for (int p = 0; p < m; p++) {
        assertEquals(mx[p], sum.counter(p), "seed " + seed + " counter " + p);
      }
      assertEquals(nx, sum.items());
      assertEquals(x, sum);
      assertArrayEquals(bytes(x), bytes(sum));
      sum.subtract(x); // and nothing
      checkInvariants(sum);
      assertEquals(0, sum.items());
      for (int p = 0; p < m; p++) {
        assertEquals(0, sum.counter(p), "counter " + p);
      }
      assertEquals(ny, y.items());
    }
  }

  @Test
  public void subtractRefusesCountersBelowZeroNamingHowManyAndChangesNothing() {
    FilterShape shape = shape(2_000, 3, 500);
    long m = shape.positions();
    CountingFilter base = create(shape);
    CountingFilter other = create(shape);
    int[] mb = new int[(int) m];
    int[] mo = new int[(int) m];
    for (int i = 0; i < 200; i++) {
      KeyHash h = H.hash("b" + i);
      base.add(h);
      add(mb, m, 3, h);
    }
    for (int i = 150; i < 260; i++) { // 50 keys of base, 60 it never held
      KeyHash h = H.hash("b" + i);
      other.add(h);
      add(mo, m, 3, h);
    }
    long below = 0;
    for (int p = 0; p < m; p++) {
      below += mb[p] < mo[p] ? 1 : 0;
    }
    assertTrue(below > 10, "some positions go below zero: " + below);
    byte[] before = bytes(base);
    try {
      base.subtract(other);
      fail("subtracted keys the filter does not hold");
    } catch (IllegalArgumentException e) {
      assertTrue(
          e.getMessage().startsWith("cannot subtract: " + below + " positions would go below zero"),
          e.getMessage());
    }
    assertArrayEquals(before, bytes(base));
    assertEquals(200, base.items());
    checkInvariants(base);
  }

  @Test
  public void subtractRefusesAnotherSizeOrFamilyAndChangesNothing() {
    FilterShape shape = shape(500, 3, 100);
    CountingFilter a = create(shape);
    for (int i = 0; i < 50; i++) {
      a.add("a" + i);
    }
    byte[] before = bytes(a);
    FilterShape hashes = shape(500, 4, 100);
    try {
      a.subtract(create(hashes));
      fail("subtracted another numHashes");
    } catch (IllegalArgumentException e) {
      assertEquals( // an ACBF's first level depends on k: its size differs first
          shape.positions() != hashes.positions()
              ? "cannot subtract filters with different positions: " + shape.positions() + " vs "
                  + hashes.positions()
              : "cannot subtract filters with different numHashes: 3 vs 4",
          e.getMessage());
    }
    FilterShape other = shape(501, 3, 100);
    try {
      a.subtract(create(other));
      fail("subtracted another size");
    } catch (IllegalArgumentException e) {
      assertEquals(
          "cannot subtract filters with different positions: " + shape.positions() + " vs "
              + other.positions(),
          e.getMessage());
    }
    CountingFilter o = otherFamily();
    try {
      a.subtract(o);
      fail("subtracted another family");
    } catch (IllegalArgumentException e) {
      assertEquals(
          "cannot subtract filters with different family: " + a.family().shortName() + " vs "
              + o.family().shortName(),
          e.getMessage());
    }
    assertArrayEquals(before, bytes(a));
  }
}
