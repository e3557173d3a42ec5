package io.bloomkit.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.Filter;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The contract of every membership filter family ({@link Filter}: {@code bf}, {@code sbbf}, the
 * exact key set), checked against a naive set of the keys: every key added answers true; absent
 * keys pass at a rate inside the exact binomial interval around the rate {@link
 * Binomial#filterRate} works out from the filter's shape, independently of the family's own
 * theory; a filter written and read back through the registry is equal and answers every probe
 * the same; two filters of one sizing merged answer as the filter of their union; an empty filter
 * holds nothing; a file cut short fails loudly. One small subclass per family says how it builds
 * and merges.
 */
public abstract class MembershipFilterContract {
  /** A filter of the family sized for {@code expectedItems} keys at {@code bitsPerKey}, holding {@code keys}. */
  protected abstract Filter build(long expectedItems, double bitsPerKey, Collection<String> keys);

  /** {@code a} merged with {@code b}, both built with the same sizing: one filter of both. */
  protected abstract Filter merge(Filter a, Filter b);

  private static List<String> keys(String prefix, int from, int to) {
    List<String> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      out.add(prefix + i);
    }
    return out;
  }

  private static Filter read(byte[] b) throws IOException {
    return Filters.read(new ByteArrayInputStream(b), b.length, Filter.class);
  }

  @Test
  public void everyKeyAnswersTrueAndAbsentKeysPassAtTheShapesRate() {
    int n = 20_000;
    List<String> in = keys("key-", 0, n);
    Filter f = build(n, 10, in);
    for (String k : in) {
      assertTrue(f.mightContain(k), k);
    }
    assertEquals(n, f.items());
    int probes = 400_000;
    long passed = 0;
    for (String k : keys("absent-", 0, probes)) {
      passed += f.mightContain(k) ? 1 : 0;
    }
    Binomial.assertWithin(f.family() + " at 10 bits per key", probes,
        Binomial.filterRate(f.shape(), n), passed, 0.001);
  }

  @Test
  public void writtenAndReadBackIsEqualAndAnswersTheSame() throws IOException {
    List<String> in = keys("key-", 0, 5_000);
    Filter f = build(in.size(), 8, in);
    Filter g = read(FilterBytes.of(f));
    assertEquals(f, g);
    assertEquals(f.family(), g.family());
    assertEquals(f.shape(), g.shape());
    assertEquals(f.items(), g.items());
    for (String k : keys("", 0, 50_000)) {
      assertEquals(f.mightContain(k), g.mightContain(k), k);
    }
  }

  @Test
  public void twoFiltersMergedAnswerAsTheFilterOfTheUnion() {
    List<String> a = keys("key-", 0, 10_000);
    List<String> b = keys("key-", 5_000, 15_000); // half of them in a too
    Set<String> union = new LinkedHashSet<>(a);
    union.addAll(b);
    Filter merged = merge(build(union.size(), 10, a), build(union.size(), 10, b));
    Filter whole = build(union.size(), 10, union);
    for (String k : union) {
      assertTrue(merged.mightContain(k), k);
    }
    for (String k : keys("absent-", 0, 100_000)) {
      assertEquals(whole.mightContain(k), merged.mightContain(k), k);
    }
    assertEquals(whole.shape(), merged.shape());
  }

  @Test
  public void anEmptyFilterHoldsNothing() {
    Filter f = build(1_000, 10, Collections.emptyList());
    assertEquals(0, f.items());
    for (String k : keys("", 0, 20_000)) {
      assertTrue(!f.mightContain(k), k);
    }
  }

  @Test
  public void aFileCutShortFailsLoudly() {
    byte[] b = FilterBytes.of(build(100, 10, keys("key-", 0, 100)));
    for (int len : new int[] {0, 1, 8, b.length / 2, b.length - 4, b.length - 1}) {
      byte[] cut = Arrays.copyOf(b, len);
      assertThrows(IOException.class, () -> read(cut), "cut to " + len + " of " + b.length);
    }
  }
}
