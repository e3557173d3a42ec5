package io.bloomkit.mapreduce.common;

import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import org.apache.hadoop.conf.Configuration;

/**
 * What filter to build and how to size it, as given on a command line: the variant ({@code bf},
 * {@code sbbf}, {@code cbf}, {@code acbf}, {@code acbf1..3}, {@code exact}), the items to size for (0: the exact
 * distinct-key count, known after counting), the ACBF capacity, and either a target fpp or a
 * number of bits per key, with an optional forced hash count. Travels to the tasks in the job
 * configuration; every task computes the same {@link FilterShape} from it.
 */
public final class FilterSpec {
  /** The families a spec builds: the membership filters. */
  private static final java.util.Set<FilterFamily> BUILT = java.util.EnumSet.of(
      FilterFamily.BLOOM, FilterFamily.SPLIT_BLOCK, FilterFamily.COUNTING,
      FilterFamily.ACCURATE_COUNTING, FilterFamily.EXACT);
  /** The names a spec takes, as the refusal of another lists them. */
  public static final String NAMES = "bf, sbbf, cbf, acbf, acbf1, acbf2, acbf3, exact";

  private final String name;
  private final FilterFamily family;
  private final AcbfSizing sizing;
  private final long items;
  private final long capacity;
  private final double fpp;
  private final double bitsPerKey;
  private final int hashes;

  /**
   * @param fpp target rate, or 0 to size by {@code bitsPerKey}
   * @throws IllegalArgumentException for an unknown name or out-of-range values
   */
  public FilterSpec(
      String name, long items, long capacity, double fpp, double bitsPerKey, int hashes) {
    this.name = name.toLowerCase(java.util.Locale.ROOT);
    this.sizing = AcbfSizing.fromCliName(this.name);
    this.family =
        sizing != null ? FilterFamily.ACCURATE_COUNTING : FilterFamily.fromShortName(this.name);
    if (family == null || !BUILT.contains(family)
        || (family == FilterFamily.ACCURATE_COUNTING && sizing == null)) {
      throw new IllegalArgumentException(
          "unknown filter \"" + name + "\" (" + NAMES + ")");
    }
    if (items < 0 || capacity < 0 || hashes < 0) {
      throw new IllegalArgumentException("items, capacity and hashes must not be negative");
    }
    if (fpp != 0 && !(fpp > 0 && fpp < 1)) {
      throw new IllegalArgumentException("fpp must be in (0, 1): " + fpp);
    }
    if (fpp == 0 && !(bitsPerKey > 0)) {
      throw new IllegalArgumentException("bits per key must be positive: " + bitsPerKey);
    }
    if (items > 0 && capacity > 0 && capacity < items) {
      throw new IllegalArgumentException(
          "capacity " + capacity + " must be at least items " + items);
    }
    this.items = items;
    this.capacity = capacity;
    this.fpp = fpp;
    this.bitsPerKey = bitsPerKey;
    this.hashes = hashes;
  }

  /** The spec stored in {@code conf} by {@link #toConf}. */
  public static FilterSpec fromConf(Configuration conf) {
    return new FilterSpec(
        BloomkitConfig.FILTER_NAME.get(conf),
        BloomkitConfig.FILTER_ITEMS.getLong(conf),
        BloomkitConfig.FILTER_CAPACITY.getLong(conf),
        BloomkitConfig.FILTER_FPP.getDouble(conf),
        BloomkitConfig.FILTER_BITS_PER_KEY.getDouble(conf),
        BloomkitConfig.FILTER_HASHES.getInt(conf));
  }

  public void toConf(Configuration conf) {
    BloomkitConfig.FILTER_NAME.set(conf, name);
    BloomkitConfig.FILTER_ITEMS.set(conf, items);
    BloomkitConfig.FILTER_CAPACITY.set(conf, capacity);
    BloomkitConfig.FILTER_FPP.set(conf, fpp);
    BloomkitConfig.FILTER_BITS_PER_KEY.set(conf, bitsPerKey);
    BloomkitConfig.FILTER_HASHES.set(conf, hashes);
  }

  /** The same spec sized for {@code n} items. */
  public FilterSpec withItems(long n) {
    return new FilterSpec(name, n, capacity, fpp, bitsPerKey, hashes);
  }

  /**
   * The shape for {@link #items()} (at least 1), or null for the exact family (whose shape is its
   * key set).
   *
   * @throws IllegalArgumentException if the parameters cannot be met
   */
  public FilterShape shape() {
    if (family == FilterFamily.EXACT) {
      return null;
    }
    long n = Math.max(1, items);
    long cap = capacity == 0 ? 0 : Math.max(capacity, n);
    return fpp > 0
        ? FilterShape.forFpp(family, sizing, n, cap, fpp, hashes)
        : FilterShape.forBitsPerKey(family, sizing, n, cap, bitsPerKey, hashes);
  }

  /**
   * This spec, sized for its {@link #items()}, lowered to the largest bits per key (to 1/100 bit)
   * whose payload, {@code (memoryBits + 7) / 8} bytes, is at most {@code maxBytes}; this spec itself
   * when it fits, when {@code maxBytes} is 0 (no cap) or for an exact key set (sized by its keys).
   *
   * @throws IllegalArgumentException when no bits per key of the family fit
   */
  public FilterSpec capped(long maxBytes) {
    if (maxBytes <= 0 || family == FilterFamily.EXACT || payloadBytes(shape()) <= maxBytes) {
      return this;
    }
    // sizes grow with the bits per key: the largest hundredth of a bit below the spec's that fits
    int lo = 0;
    int hi = (int) Math.ceil(100 * (double) shape().memoryBits() / Math.max(1, items));
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      FilterShape m = shapeAt(mid / 100.0);
      if (m != null && payloadBytes(m) <= maxBytes) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    if (lo == 0) {
      throw new IllegalArgumentException("no " + name + " filter of " + Math.max(1, items)
          + " keys fits " + maxBytes + " bytes");
    }
    return new FilterSpec(name, items, capacity, 0, lo / 100.0, hashes);
  }

  /** The payload bytes of a shape: its memory, rounded up to whole bytes. */
  public static long payloadBytes(FilterShape s) {
    return (s.memoryBits() + 7) / 8;
  }

  private FilterShape shapeAt(double bits) {
    try {
      return new FilterSpec(name, items, capacity, 0, bits, hashes).shape();
    } catch (IllegalArgumentException e) { // too few bits for the family
      return null;
    }
  }

  public String name() {
    return name;
  }

  public FilterFamily family() {
    return family;
  }

  public AcbfSizing sizing() {
    return sizing;
  }

  /** Items to size for; 0 means "count the distinct keys first". */
  public long items() {
    return items;
  }

  public long capacity() {
    return capacity;
  }

  public double fpp() {
    return fpp;
  }

  public double bitsPerKey() {
    return bitsPerKey;
  }

  public int hashes() {
    return hashes;
  }

  @Override
  public String toString() {
    return name + "[items=" + items + ", capacity=" + capacity + ", "
        + (fpp > 0 ? "fpp=" + fpp : "bitsPerKey=" + bitsPerKey) + ", hashes=" + hashes + "]";
  }
}
