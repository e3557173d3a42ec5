package io.bloomkit.window;

import io.bloomkit.core.BloomMath;
import io.bloomkit.core.StreamFilter;

import io.bloomkit.core.bits.AtomicWords;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.core.bits.BitStreams;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sliding-window timer filter of "One is Enough" (Koloniari et al., CIKM 2011, section 4): m
 * timers instead of m bits, k positions per event. Inserting an event stamped {@code t_e} at clock
 * {@code t_now} sets its k timers to {@code w - (t_now - t_e)}; a position counts as set while its
 * timer is non-zero; the paper decrements every timer once per time unit.
 *
 * <p>Here a timer is stored as its <em>expiry time</em> {@code t_e + w}: its paper value at clock
 * {@code now} is {@code max(0, expiry - now)}, so advancing the clock costs nothing and every answer
 * equals the decrementing version's. Setting keeps the later of the old and new expiry (the paper
 * overwrites; for events arriving in time order the two are the same, and for late events the max
 * never shortens another event's window, which would make a false negative).
 *
 * <p>{@link #offer} is first-test-then-set: a duplicate sets nothing (so a duplicate does not
 * extend its own window: Definition 4 counts delivered events only). With the equal-timers
 * heuristic ({@code minEqualTimers = k' > 0}) an event is a duplicate only if all k timers are live
 * and at least k' of them are equal: k' is a count of timers, the least size of the largest group
 * of equal timers ({@link #equalTimerCount}) that makes a duplicate. Files and {@link #parameters}
 * keep the name {@code equalTimers} for it (the format's field and the JSON key are unchanged).
 *
 * <p>Occurrence window ({@code everyOccurrence}, our addition for {@code dedup --window}, whose
 * definition is "the previous record of the key, kept or not, is less than w older"): every
 * offered event sets its timers, a reported duplicate too, so a key repeated at gaps below w stays
 * a duplicate for as long as it keeps coming (Definition 4 would let it through again w after its
 * last delivery). Written as variant {@value
 * io.bloomkit.core.format.ParameterBlock.Timer#OCCURRENCE_VARIANT} of the format.
 *
 * <p>The live-timer count (the density of section 5) is kept in O(1) per change with one counter
 * per possible expiry in {@code (now, now + w]}, built on first use; advancing the clock by d time
 * units costs {@code min(d, w)} counter resets.
 *
 * <p>Threads: a filter from the constructors ({@link WindowFilters#timer}) is for one thread at a
 * time. One from {@link #concurrent} lets any number of threads {@link #offer} at once, without a
 * lock: the clock moves by an atomic maximum (a compare-and-set loop, so it never goes back), each
 * timer is set by an atomic maximum of its expiry ({@link AtomicWords#getAndMax}: the "keep the
 * later expiry" rule above is what makes the update commutative, so no timer is lost or shortened
 * by a racing writer), and timers and clock are read with volatile reads. The items count is a
 * {@link LongAdder}. Such a filter does not keep the incremental live-timer count ({@link #liveCount}
 * scans the m timers), and {@code reset}, {@code writeTo} and {@code equals} need it to themselves;
 * the bytes written are the same in both modes. As "One is Enough" says for first-test-then-set
 * (sections 4 and 6): the test of the k timers and the setting that follows are not one atomic
 * step, so two threads offering the same new event at once can both be told "distinct" and both
 * set its timers (to the same expiry); and an event tested just before another thread moves the
 * clock past it is answered at the clock it saw.
 */
public final class TimerFilter implements StreamFilter {
  /**
   * Largest window for which live timers are counted incrementally (an array of w ints, 4 MiB at
   * most per filter); beyond it {@link #liveCount} scans the m timers.
   */
  static final long MAX_COUNTED_WINDOW = 1L << 20;
  /** Timestamps must stay within +-2^61 so that expiry arithmetic cannot overflow. */
  public static final long MAX_ABS_TIME = 1L << 61;

  private static final long DEAD = Long.MIN_VALUE;

  private static final VarHandle NOW;
  private static final VarHandle MAX_EXPIRY;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      NOW = l.findVarHandle(TimerFilter.class, "now", long.class);
      MAX_EXPIRY = l.findVarHandle(TimerFilter.class, "maxExpiry", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  final long m;
  final int k;
  final long window;
  final int minEqualTimers;
  final boolean everyOccurrence;
  final int timerBits;
  /** True for {@link #concurrent}: lock-free updates, no incremental live count. */
  final boolean concurrent;
  /** Concurrent mode: inserts not yet folded into {@code items} (striped: no shared counter). */
  private final LongAdder concurrentItems = new LongAdder();
  private final long[] expiry;
  long now = DEAD;
  long items;
  private long maxExpiry = DEAD;
  // live-timer bookkeeping (null until first asked for, or from construction when tracked)
  private int[] liveAt;
  private long live;

  TimerFilter(long timers, int numHashes, long window, int minEqualTimers, boolean trackLive) {
    this(timers, numHashes, window, minEqualTimers, trackLive, false);
  }

  TimerFilter(
      long timers, int numHashes, long window, int minEqualTimers, boolean trackLive,
      boolean everyOccurrence) {
    this(timers, numHashes, window, minEqualTimers, trackLive, everyOccurrence, false);
  }

  private TimerFilter(
      long timers, int numHashes, long window, int minEqualTimers, boolean trackLive,
      boolean everyOccurrence, boolean concurrent) {
    if (timers <= 0 || timers > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("timers must be in [1, 2^31 - 9]: " + timers);
    }
    if (numHashes < 1 || numHashes > BloomMath.MAX_HASHES) {
      throw new IllegalArgumentException("numHashes must be in [1, " + BloomMath.MAX_HASHES + "]: " + numHashes);
    }
    if (window <= 0 || window > MAX_ABS_TIME) {
      throw new IllegalArgumentException("window must be in [1, 2^61]: " + window);
    }
    if (minEqualTimers < 0 || minEqualTimers > numHashes) {
      throw new IllegalArgumentException(
          "equalTimers must be in [0, numHashes=" + numHashes + "] (0: heuristic off): " + minEqualTimers);
    }
    this.m = timers;
    this.k = numHashes;
    this.window = window;
    this.minEqualTimers = minEqualTimers;
    this.everyOccurrence = everyOccurrence;
    this.concurrent = concurrent;
    this.timerBits = WindowTheory.timerBits(window);
    this.expiry = new long[(int) timers];
    Arrays.fill(expiry, DEAD);
    if (trackLive) {
      liveCount();
    }
  }

  /**
   * A timer filter as {@link WindowFilters#timer} ({@code everyOccurrence}: as {@link
   * WindowFilters#occurrenceTimer}) that any number of threads may {@link #offer} to at once,
   * lock-free (see the class comment for what that guarantees and what not).
   */
  public static StreamFilter concurrent(
      long timers, int numHashes, long window, int minEqualTimers, boolean everyOccurrence) {
    return new TimerFilter(timers, numHashes, window, minEqualTimers, false, everyOccurrence, true);
  }

  long timers() {
    return m;
  }

  int numHashes() {
    return k;
  }

  long window() {
    return window;
  }

  /** k': how many of the k timers must be equal for a duplicate (0: the heuristic is off). */
  int minEqualTimers() {
    return minEqualTimers;
  }

  /** True if every offered event sets its timers, duplicates included (the occurrence window). */
  boolean everyOccurrence() {
    return everyOccurrence;
  }

  /** The clock: the latest time seen (Long.MIN_VALUE before any event). */
  long now() {
    return now;
  }

  /** Events inserted (answered distinct) since construction or reset. */
  long items() {
    return items + concurrentItems.sum();
  }

  /** True if every timer has expired at the current clock. */
  boolean allExpired() {
    return maxExpiry <= now;
  }

  /** The paper's timer value at position {@code p}: {@code max(0, expiry - now)}. */
  long timerValue(long p) {
    long e = expiryAt((int) p);
    long clock = clock();
    return e > clock ? e - clock : 0;
  }

  /** {@code expiry[p]}, by a volatile read in concurrent mode. */
  private long expiryAt(int p) {
    return concurrent ? AtomicWords.get(expiry, p) : expiry[p];
  }

  /** {@code now}, by a volatile read in concurrent mode. */
  private long clock() {
    return concurrent ? (long) NOW.getVolatile(this) : now;
  }

  /** Moves the clock forward to {@code time} (never back). */
  void advanceTo(long time) {
    checkTime(time);
    if (concurrent) {
      raiseTo(NOW, time);
      return;
    }
    if (now != DEAD && time <= now) {
      return;
    }
    if (liveAt != null && now != DEAD) {
      long steps = Math.min(time - now, window);
      for (long t = now + 1; t <= now + steps; t++) {
        int b = (int) Math.floorMod(t, window);
        live -= liveAt[b];
        liveAt[b] = 0;
      }
    }
    now = time;
  }

  /**
   * The quantity of the equal-timers heuristic at the current clock: when all k of the key's timers
   * are live, the size of the largest group of equal timers (1 to k, counted over the k hash
   * indexes, so positions that coincide count as equal); 0 if some timer has expired.
   */
  int equalTimerCount(KeyHash key) {
    long[] e = new long[k];
    long clock = clock();
    for (int i = 0; i < k; i++) {
      e[i] = expiryAt((int) key.position(i, m));
      if (e[i] <= clock) {
        return 0;
      }
    }
    Arrays.sort(e);
    int best = 1;
    int run = 1;
    for (int i = 1; i < k; i++) {
      run = e[i] == e[i - 1] ? run + 1 : 1;
      best = Math.max(best, run);
    }
    return best;
  }

  /** The answer at the current clock, without changing anything. */
  boolean test(KeyHash key) {
    if (minEqualTimers > 0) {
      return equalTimerCount(key) >= minEqualTimers;
    }
    if (concurrent) {
      return testAtomic(key);
    }
    long h1 = key.h1();
    long h2 = key.h2();
    for (int i = 0; i < k; i++) {
      if (expiry[(int) HashStrategy.position(h1, h2, i, m)] <= now) {
        return false;
      }
    }
    return true;
  }

  private boolean testAtomic(KeyHash key) {
    long clock = (long) NOW.getVolatile(this);
    long h1 = key.h1();
    long h2 = key.h2();
    for (int i = 0; i < k; i++) {
      if (AtomicWords.get(expiry, (int) HashStrategy.position(h1, h2, i, m)) <= clock) {
        return false;
      }
    }
    return true;
  }

  /** Sets the key's timers for an event stamped {@code time} (clock moved to it first). */
  void insert(KeyHash key, long time) {
    advanceTo(time);
    if (concurrent) {
      concurrentItems.increment();
    } else {
      items++;
    }
    setTimers(key, time);
  }

  private void setTimers(KeyHash key, long time) {
    if (concurrent) {
      setTimersAtomic(key, time);
      return;
    }
    long e = time + window;
    if (e <= now) {
      return; // stamped more than w ago: its timers would be zero already
    }
    long h1 = key.h1();
    long h2 = key.h2();
    for (int i = 0; i < k; i++) {
      int p = (int) HashStrategy.position(h1, h2, i, m);
      long old = expiry[p];
      if (old >= e) {
        continue;
      }
      if (liveAt != null) {
        if (old > now) {
          liveAt[(int) Math.floorMod(old, window)]--;
          live--;
        }
        liveAt[(int) Math.floorMod(e, window)]++;
        live++;
      }
      expiry[p] = e;
    }
    maxExpiry = Math.max(maxExpiry, e);
  }

  /** {@link #setTimers} by atomic maxima: each timer, then the latest expiry. */
  private void setTimersAtomic(KeyHash key, long time) {
    long e = time + window;
    if (e <= (long) NOW.getVolatile(this)) {
      return;
    }
    long h1 = key.h1();
    long h2 = key.h2();
    for (int i = 0; i < k; i++) {
      AtomicWords.getAndMax(expiry, (int) HashStrategy.position(h1, h2, i, m), e);
    }
    raiseTo(MAX_EXPIRY, e);
  }

  /** {@code field = max(field, value)} on a long field of this filter, by a compare-and-set loop. */
  private void raiseTo(VarHandle field, long value) {
    long seen = (long) field.getVolatile(this);
    while (seen < value && !field.compareAndSet(this, seen, value)) {
      seen = (long) field.getVolatile(this);
    }
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    if (time == NO_TIME) {
      throw new IllegalArgumentException("a timer filter needs each event's timestamp");
    }
    advanceTo(time);
    if (test(key)) {
      if (everyOccurrence) {
        setTimers(key, time);
      }
      return true;
    }
    insert(key, time);
    return false;
  }

  /** Number of live (non-zero) timers at the current clock: the filter's density times m. */
  long liveCount() {
    if (liveAt != null) {
      return live;
    }
    if (window > MAX_COUNTED_WINDOW || concurrent) {
      long clock = clock();
      long c = 0;
      for (int p = 0; p < expiry.length; p++) {
        if (expiryAt(p) > clock) {
          c++;
        }
      }
      return c;
    }
    liveAt = new int[(int) window];
    live = 0;
    for (long e : expiry) {
      if (e > now) {
        liveAt[(int) Math.floorMod(e, window)]++;
        live++;
      }
    }
    return live;
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.TIMER;
  }

  @Override
  public String name() {
    return "timer";
  }

  @Override
  public void reset() {
    Arrays.fill(expiry, DEAD);
    now = DEAD;
    items = 0;
    concurrentItems.reset();
    maxExpiry = DEAD;
    if (liveAt != null) {
      Arrays.fill(liveAt, 0);
      live = 0;
    }
  }

  /** m timers of {@code ceil(log2(w + 1))} bits each (section 4). */
  @Override
  public long memoryBits() {
    return m * timerBits;
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("timers", m);
    p.put("numHashes", k);
    p.put("window", window);
    p.put("equalTimers", minEqualTimers); // the JSON key of k', as in files and reports
    if (everyOccurrence) {
      p.put("everyOccurrence", true);
    }
    return p;
  }

  // ---- format: written and read by TimerFormat ----------------------------------------------

  long timerWords() {
    return BitArray.wordsFor(m * timerBits);
  }

  @Override
  public void writeTo(OutputStream out) throws IOException {
    items += concurrentItems.sumThenReset(); // TimerFormat writes the field
    TimerFormat.write(this, out);
  }

  /** Loads timers {@link TimerFormat#readTimerWords} read into this (empty) filter at clock {@code now}. */
  void loadTimers(long[] words, long clock, long itemCount) throws IOException {
    long bits = m * timerBits;
    if ((bits & 63) != 0 && (words[words.length - 1] >>> (bits & 63)) != 0) {
      throw new CorruptFilterException("timers", "bits set past the last timer");
    }
    now = clock;
    items = itemCount;
    for (int p = 0; p < m; p++) {
      long v = BitStreams.read(words, (long) p * timerBits, timerBits);
      if (v > window) {
        throw new CorruptFilterException("timers", "timer " + p + " holds " + v + " > window " + window);
      }
      if (v != 0) {
        if (clock == DEAD) {
          throw new CorruptFilterException("now", "no clock yet, but timer " + p + " is live");
        }
        expiry[p] = clock + v;
        maxExpiry = Math.max(maxExpiry, expiry[p]);
      }
    }
    if (liveAt != null) {
      liveAt = null;
      liveCount();
    }
  }

  static void checkTime(long time) {
    if (time < -MAX_ABS_TIME || time > MAX_ABS_TIME) {
      throw new IllegalArgumentException("timestamps must lie within +-2^61: " + time);
    }
  }

  /** Same parameters, clock and timer values (at the clock), and items. */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof TimerFilter)) {
      return false;
    }
    TimerFilter t = (TimerFilter) o;
    if (t.m != m || t.k != k || t.window != window || t.minEqualTimers != minEqualTimers
        || t.everyOccurrence != everyOccurrence
        || t.now != now || t.items() != items()) {
      return false;
    }
    for (int p = 0; p < m; p++) {
      if (t.timerValue(p) != timerValue(p)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(m * 31 + window) + k + (int) items();
  }

  @Override
  public String toString() {
    return "TimerFilter[m=" + m + ", k=" + k + ", w=" + window + ", k'=" + minEqualTimers + (everyOccurrence ? ", every occurrence" : "") + ", now=" + now
        + ", items=" + items() + "]";
  }
}
