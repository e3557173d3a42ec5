package io.bloomkit.core;

import java.util.Locale;

/** The kinds of filter the binary format knows; the id is stored in every file and never reused. */
public enum FilterFamily {
  /** Plain Bloom filter: one bit per position. */
  BLOOM(1, "bf"),
  /** Counting Bloom filter: 4-bit counters packed 16 per long (Fan et al. 2000). */
  COUNTING(2, "cbf"),
  /** Accurate counting Bloom filter (Li et al. 2013): multi-level bit counters, L1 answers queries. */
  ACCURATE_COUNTING(3, "acbf"),
  /** The exact set of distinct keys: no false positives, the limit of map-side filtering. */
  EXACT(4, "exact"),
  /** Stable Bloom filter (Deng and Rafiei 2006): d-bit cells, P random decrements per element. */
  STABLE(5, "sbf"),
  /** Reservoir-sampling Bloom filter (RSBF): k filters of s bits, reservoir insertion. */
  RESERVOIR(6, "rsbf"),
  /** Importance-aware Bloom filter (IBF-2C, IBF-MC, IBF-H). */
  IMPORTANCE(7, "ibf"),
  /** Sliding-window timer filter of "One is Enough" (timers as expiry times). */
  TIMER(8, "timer"),
  /** Linked counting Bloom filter (global icebergs), two-layer encoding. */
  LINKED_COUNTING(9, "lcbf"),
  /** A Bloom filter used as a stream filter (insert every distinct element; no eviction). */
  STREAM_BLOOM(10, "stream-bf"),
  /** Split-block Bloom filter: 256-bit blocks of eight words, one bit per word (Impala, Parquet). */
  SPLIT_BLOCK(11, "sbbf");

  private final int id;
  private final String shortName;

  FilterFamily(int id, String shortName) {
    this.id = id;
    this.shortName = shortName;
  }

  public int id() {
    return id;
  }

  /** The short name used in JSON and on command lines: bf, sbbf, cbf, acbf, exact. */
  public String shortName() {
    return shortName;
  }

  public static FilterFamily fromId(int id) {
    for (FilterFamily f : values()) {
      if (f.id == id) {
        return f;
      }
    }
    return null;
  }

  public static FilterFamily fromShortName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    for (FilterFamily f : values()) {
      if (f.shortName.equals(n)) {
        return f;
      }
    }
    return null;
  }
}
