package io.bloomkit.window;

import io.bloomkit.core.StreamFilter;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.ParameterBlock;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Dynamic size for sliding windows ("One is Enough", section 5): a list of timer filters of one
 * shape (m timers, k hashes, window w). Lookups test every live filter (duplicate if any says so);
 * inserts go to the newest; when the newest reaches the threshold a new empty filter is added. The
 * threshold is either the cardinality {@code n = -(m/k) ln(1 - P^(1/k))} (events inserted into the
 * filter, never decremented: a full filter stays until it empties) or the density {@code z = m
 * P^(1/k)} (live timers, which the window's sliding lowers again). A filter that received events
 * and whose timers have all expired is dropped; the next insert then starts a fresh one.
 *
 * <p>Tightening. With one threshold for every filter (the paper's scheme) each of the F filters
 * alive in a burst reaches rate P, and a lookup, which tests them all, has rate up to about F*P.
 * With {@code tighten} the filter at index j among the live ones (0 the oldest) is full at rate
 * {@code P_j = P * 6 / (pi^2 (j + 1)^2)}, so that the P_j sum to P: a filter keeps the rate it
 * stopped at and its index only falls as older ones expire, so the live filters' rates sum to less
 * than P and the lookup rate stays under the target. (A geometric series, as in scalable Bloom
 * filters, would also sum to P, but filters of one fixed size then hold a bounded total, since
 * capacity grows as P_j^(1/k); with 1/(j+1)^2 the total capacity is unbounded for k > 2.)
 */
final class DynamicTimerFilter implements StreamFilter {
  /** How the newest filter is judged full. */
  enum Threshold {
    CARDINALITY(1, "cardinality"),
    DENSITY(2, "density");

    final int variant;
    final String cliName;

    Threshold(int variant, String cliName) {
      this.variant = variant;
      this.cliName = cliName;
    }

    static Threshold fromVariant(int v) {
      for (Threshold t : values()) {
        if (t.variant == v) {
          return t;
        }
      }
      return null;
    }

    static Threshold fromName(String s) {
      for (Threshold t : values()) {
        if (t.cliName.equals(s)) {
          return t;
        }
      }
      throw new IllegalArgumentException("threshold must be cardinality or density: " + s);
    }
  }

  private final long m;
  private final int k;
  private final long window;
  private final int minEqualTimers;
  private final double fpp;
  private final Threshold threshold;
  private final boolean tighten;
  private final double limit;
  private final List<TimerFilter> filters = new ArrayList<>();
  private long now = Long.MIN_VALUE;
  private long created;
  private int maxFilters;

  DynamicTimerFilter(long timers, int numHashes, long window, int minEqualTimers, double fpp, Threshold threshold) {
    this(timers, numHashes, window, minEqualTimers, fpp, threshold, false);
  }

  DynamicTimerFilter(
      long timers, int numHashes, long window, int minEqualTimers, double fpp, Threshold threshold,
      boolean tighten) {
    new TimerFilter(1, numHashes, window, minEqualTimers, false); // validates the shared parameters
    if (timers <= 0) {
      throw new IllegalArgumentException("timers must be positive: " + timers);
    }
    this.m = timers;
    this.k = numHashes;
    this.window = window;
    this.minEqualTimers = minEqualTimers;
    this.fpp = fpp;
    this.threshold = threshold;
    this.tighten = tighten;
    this.limit = limitAt(0);
    if (limit < 1) {
      throw new IllegalArgumentException(
          "a filter of " + timers + " timers holds less than one event at fpp " + fpp + ": raise timers");
    }
  }

  /** The threshold of the filter at index j among the live ones (the same for all without tightening). */
  double limitAt(int j) {
    double p = tighten ? WindowTheory.tightenedFpp(fpp, j) : fpp;
    return threshold == Threshold.CARDINALITY
        ? WindowTheory.dynamicCardinalityThreshold(m, k, p)
        : WindowTheory.dynamicDensityThreshold(m, k, p);
  }

  private TimerFilter newFilter() {
    created++;
    return new TimerFilter(m, k, window, minEqualTimers, threshold == Threshold.DENSITY);
  }

  /** Moves the clock and drops the filters whose timers have all expired. */
  void advanceTo(long time) {
    TimerFilter.checkTime(time);
    if (now != Long.MIN_VALUE && time <= now) {
      return;
    }
    now = time;
    for (int i = filters.size() - 1; i >= 0; i--) {
      TimerFilter f = filters.get(i);
      f.advanceTo(time);
      if (f.items() > 0 && f.allExpired()) {
        filters.remove(i);
      }
    }
  }

  @Override
  public boolean offer(KeyHash key, long time, double importance) {
    if (time == NO_TIME) {
      throw new IllegalArgumentException("a timer filter needs each event's timestamp");
    }
    advanceTo(time);
    if (test(key)) {
      return true;
    }
    if (filters.isEmpty()) {
      filters.add(newFilter());
    }
    TimerFilter newest = filters.get(filters.size() - 1);
    newest.insert(key, time);
    double load = threshold == Threshold.CARDINALITY ? newest.items() : newest.liveCount();
    if (load >= (tighten ? limitAt(filters.size() - 1) : limit)) {
      filters.add(newFilter());
    }
    maxFilters = Math.max(maxFilters, liveFilters());
    return false;
  }

  /** The answer at the current clock (a duplicate if any filter says so), without inserting. */
  boolean test(KeyHash key) {
    for (TimerFilter f : filters) {
      if (f.test(key)) {
        return true;
      }
    }
    return false;
  }

  /** Filters currently held, the newest (possibly still empty) included. */
  int filterCount() {
    return filters.size();
  }

  /** Filters holding at least one live timer or being the one inserts go to. */
  int liveFilters() {
    int c = 0;
    for (int i = 0; i < filters.size(); i++) {
      if (filters.get(i).items() > 0 || i == filters.size() - 1) {
        c++;
      }
    }
    return c;
  }

  int maxFilters() {
    return maxFilters;
  }

  /** Filters created since construction or reset. */
  long created() {
    return created;
  }

  double limit() {
    return limit;
  }

  @Override
  public FilterFamily family() {
    return FilterFamily.TIMER;
  }

  @Override
  public String name() {
    return "timer-" + threshold.cliName;
  }

  @Override
  public void reset() {
    filters.clear();
    now = Long.MIN_VALUE;
    created = 0;
    maxFilters = 0;
  }

  /** The timers of the filters held now. */
  @Override
  public long memoryBits() {
    return filters.size() * m * WindowTheory.timerBits(window);
  }

  @Override
  public Map<String, Object> parameters() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("timers", m);
    p.put("numHashes", k);
    p.put("window", window);
    p.put("equalTimers", minEqualTimers); // the JSON key of k', as in files and reports
    p.put("fpp", fpp);
    p.put("threshold", threshold.cliName);
    p.put("tighten", tighten);
    return p;
  }

  // ---- format ------------------------------------------------------------------------------------
  //
  // family 8 (timer), variant 1 (cardinality) or 2 (density): the block and its bytes are drawn in
  // ParameterBlock.DynamicTimer (tighten 1: thresholds P_j = 6P / (pi^2 (j+1)^2); 0: P for every
  // filter); after the parameters, F times: 8 bytes items of the filter, then its timers as in
  // variant 0.

  @Override
  public void writeTo(OutputStream out) throws IOException {
    long words = filters.isEmpty() ? 0 : filters.get(0).timerWords();
    long items = 0;
    for (TimerFilter f : filters) {
      items += f.items();
    }
    FilterFormat.Header h =
        new ParameterBlock.DynamicTimer(threshold.variant, m, k, window, filters.size())
            .header(
                items,
                ParameterBlock.DynamicTimer.PARAMETER_BYTES + filters.size() * (8 + 8 * words));
    FilterFormat.write(
        out,
        h,
        d -> {
          d.writeLong(window);
          d.writeLong(now);
          d.writeInt(minEqualTimers);
          d.writeLong(Double.doubleToLongBits(fpp));
          d.writeLong(tighten ? 1 : 0);
          d.writeLong(created);
          d.writeInt(maxFilters);
          for (TimerFilter f : filters) {
            d.writeLong(f.items());
            TimerFormat.writeTimers(f, d);
          }
        });
  }

  static DynamicTimerFilter read(FilterFormat.Reader r, Threshold threshold) throws IOException {
    FilterFormat.Header h = r.header;
    long window = r.readLong("window");
    long clock = r.readLong("now");
    int equal = r.readInt("equalTimers");
    double fpp = Double.longBitsToDouble(r.readLong("fpp"));
    long tightenFlag = r.readLong("tighten");
    if (tightenFlag != 0 && tightenFlag != 1) {
      throw new CorruptFilterException("tighten", "must be 0 or 1: " + tightenFlag);
    }
    boolean tighten = tightenFlag == 1;
    long created = r.readLong("created");
    int maxFilters = r.readInt("maxFilters");
    if (window <= 0 || window > TimerFilter.MAX_ABS_TIME) {
      throw new CorruptFilterException("window", "out of range: " + window);
    }
    if (h.counters < 0 || h.counters > Integer.MAX_VALUE) {
      throw new CorruptFilterException("counters", "out of range: " + h.counters);
    }
    long words = io.bloomkit.core.bits.BitArray.wordsFor(h.positions * WindowTheory.timerBits(window));
    long expected;
    try {
      expected = Math.addExact(ParameterBlock.DynamicTimer.PARAMETER_BYTES, Math.multiplyExact(h.counters, 8 + 8 * words));
    } catch (ArithmeticException e) {
      throw new CorruptFilterException(
          "counters", h.counters + " filters of " + words + " words overflow a payload length");
    }
    if (h.payloadBytes != expected) {
      throw new CorruptFilterException("payloadBytes", h.payloadBytes + ", expected " + expected);
    }
    DynamicTimerFilter d;
    try {
      d = new DynamicTimerFilter(h.positions, h.numHashes, window, equal, fpp, threshold, tighten);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("parameters", e.getMessage());
    }
    if (h.counters < 0 || h.counters > created || created < 0) {
      throw new CorruptFilterException("counters", h.counters + " filters, " + created + " created");
    }
    if (maxFilters < 0) {
      throw new CorruptFilterException("maxFilters", "negative: " + maxFilters);
    }
    long bits = h.counters * h.positions * WindowTheory.timerBits(window);
    if (h.memoryBits != bits) {
      throw new CorruptFilterException("memoryBits", h.memoryBits + ", expected " + bits);
    }
    if (clock != Long.MIN_VALUE && (clock < -TimerFilter.MAX_ABS_TIME || clock > TimerFilter.MAX_ABS_TIME)) {
      throw new CorruptFilterException("now", "out of range: " + clock);
    }
    d.now = clock;
    d.created = created;
    d.maxFilters = maxFilters;
    long total = 0;
    for (long i = 0; i < h.counters; i++) {
      long items = r.readLong("items");
      if (items < 0) {
        throw new CorruptFilterException("items", "filter " + i + ": negative " + items);
      }
      total += items;
      long[] timerWords = TimerFormat.readTimerWords(r, h.positions, window);
      TimerFilter f = d.newFilter(); // after its words arrived: nothing allocated for absent ones
      f.loadTimers(timerWords, clock, items);
      d.filters.add(f);
    }
    d.created = created;
    if (total != h.items) {
      throw new CorruptFilterException("items", h.items + " in the header, " + total + " in the filters");
    }
    r.finish();
    return d;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof DynamicTimerFilter)) {
      return false;
    }
    DynamicTimerFilter d = (DynamicTimerFilter) o;
    return d.m == m && d.k == k && d.window == window && d.minEqualTimers == minEqualTimers
        && Double.compare(d.fpp, fpp) == 0 && d.tighten == tighten
        && d.threshold == threshold && d.now == now
        && d.created == created && d.maxFilters == maxFilters && d.filters.equals(filters);
  }

  @Override
  public int hashCode() {
    return filters.hashCode() * 31 + threshold.hashCode();
  }

  @Override
  public String toString() {
    return "DynamicTimerFilter[" + parameters() + ", filters=" + filters.size() + "]";
  }
}
