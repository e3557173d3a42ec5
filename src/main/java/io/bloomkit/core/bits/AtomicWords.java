package io.bloomkit.core.bits;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Lock-free read-modify-write of single {@code long[]} elements, through one {@link VarHandle}
 * ({@code MethodHandles.arrayElementVarHandle(long[].class)}): the storage primitives of the
 * concurrent filters ({@link BitArray#setAtomic}, {@link PackedCounters#incrementAtomic}, the timer
 * filter's expiry maximum).
 *
 * <p>Reading of "One is Enough" (Koloniari et al., CIKM 2011, section 6, "Concurrency"): inserting
 * and testing touch k positions; first-test-then-set is a sequence of read(b) then write(b),
 * test-and-set a sequence of readwrite(b). Each single-position step must be atomic, else two
 * writers of one word lose each other's update (a bit, a counter increment or a timer): that is
 * what this class provides, with no lock. The paper adds that the <em>whole</em> k-position
 * primitive is not atomic this way: two producers of the same new event that test its bits in
 * different orders can both find an unset bit and both call it distinct. It proposes atomic
 * primitives or transactions at the level of a slice rather than a bit, which this class does not
 * do (see the filters' {@code concurrent} factories for what they guarantee).
 *
 * <p>Every method here has volatile memory semantics (the {@code VarHandle} access modes named),
 * so an update that returned before a read started is seen by that read. On x86 a volatile read
 * compiles to a plain load; the updates are {@code LOCK}-prefixed instructions.
 */
public final class AtomicWords {
  private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

  private AtomicWords() {}

  /** {@code a[i]}, read with volatile semantics (never torn). */
  public static long get(long[] a, int i) {
    return (long) LONGS.getVolatile(a, i);
  }

  /** {@code a[i] |= bits} atomically; returns the word before. */
  public static long getAndOr(long[] a, int i, long bits) {
    return (long) LONGS.getAndBitwiseOr(a, i, bits);
  }

  /**
   * Replaces {@code a[i]} by {@code next} if it still is {@code expected}; returns the value seen
   * (equal to {@code expected} iff the exchange happened).
   */
  public static long compareAndExchange(long[] a, int i, long expected, long next) {
    return (long) LONGS.compareAndExchange(a, i, expected, next);
  }

  /**
   * {@code a[i] = max(a[i], value)} atomically (a CAS loop that stops as soon as the stored value
   * is at least {@code value}); returns the value before.
   */
  public static long getAndMax(long[] a, int i, long value) {
    long seen = get(a, i);
    while (seen < value) {
      long witness = compareAndExchange(a, i, seen, value);
      if (witness == seen) {
        return seen;
      }
      seen = witness;
    }
    return seen;
  }
}
