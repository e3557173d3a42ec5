package io.bloomkit.testing;

import java.util.ArrayList;
import java.util.List;

/**
 * The test tier this JVM runs (docs/testing.md): {@code fast} ({@code mvn verify}) or {@code full}
 * ({@code mvn verify -Pfull}), from the system property {@code bloomkit.test.tier} the build sets
 * ({@code -Dbloomkit.test.tier=full} runs one test class as the full tier would).
 *
 * <p>A feature matrix (every join type with every filter family, every method with every output
 * format) runs whole in the full tier; the fast tier runs a covering subset of it, in which every
 * value of each dimension occurs at least once, so that each code path the matrix reaches through
 * one value still runs, and only combinations are left to the full tier.
 */
public final class Tier {
  /** The system property naming the tier. */
  public static final String PROPERTY = "bloomkit.test.tier";

  private Tier() {}

  /** Whether the full tier runs (the property is {@code full}). */
  public static boolean full() {
    return "full".equals(System.getProperty(PROPERTY));
  }

  /**
   * The pairs of {@code a} x {@code b} to test: all of them in the full tier; in the fast tier
   * max(|a|, |b|) pairs, the i-th pairing {@code a[i mod |a|]} with {@code b[i mod |b|]}, so every
   * element of each list is in some pair.
   */
  public static <A, B> List<Pair<A, B>> pairs(List<A> a, List<B> b) {
    List<Pair<A, B>> out = new ArrayList<>();
    if (a.isEmpty() || b.isEmpty()) {
      return out;
    }
    if (full()) {
      for (A x : a) {
        for (B y : b) {
          out.add(new Pair<>(x, y));
        }
      }
    } else {
      for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
        out.add(new Pair<>(a.get(i % a.size()), b.get(i % b.size())));
      }
    }
    return out;
  }

  /**
   * The elements of {@code all} to test with the {@code index}-th of {@code count} values of an
   * outer dimension: all of them in the full tier; in the fast tier the elements whose position is
   * {@code index} mod {@code count}, so that over the {@code count} outer values every element is
   * tested once.
   */
  public static <T> List<T> share(List<T> all, int index, int count) {
    if (full()) {
      return all;
    }
    List<T> out = new ArrayList<>();
    for (int j = 0; j < all.size(); j++) {
      if (j % count == index % count) {
        out.add(all.get(j));
      }
    }
    return out;
  }

  /** One combination of a matrix. */
  public static final class Pair<A, B> {
    public final A first;
    public final B second;

    Pair(A first, B second) {
      this.first = first;
      this.second = second;
    }

    @Override
    public String toString() {
      return first + " x " + second;
    }
  }
}
