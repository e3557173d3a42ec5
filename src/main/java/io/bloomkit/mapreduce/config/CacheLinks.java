package io.bloomkit.mapreduce.config;

/**
 * The names of the files bloomkit ships to its tasks through the DistributedCache: each is the
 * symlink a task finds in its working directory (the fragment of the cache file's URI). They start
 * with {@code bloomkit.} as the keys of {@link BloomkitConfig} do, but they are names, not
 * configuration keys: nothing reads them from a job's configuration. {@code ConfigValuesTest}
 * tells the two apart by this class.
 */
public final class CacheLinks {
  /**
   * The shipped filter a join, dedup counting or icebergs counting task probes ({@link
   * BloomkitConfig#JOIN_FILTER_PATH}); probe's filter N (0-based) is {@code FILTER + "." + N}.
   */
  public static final String FILTER = "bloomkit.filter";
  /** Prefix of the shipped linked counting filters (job 2 of icebergs lcbf), then the file name. */
  public static final String LCBF_PREFIX = "bloomkit.lcbf.";
  /** Prefix of the shipped candidate lists (icebergs verify / evaluate job), then the file name. */
  public static final String CANDIDATES_PREFIX = "bloomkit.candidates.";
  /** Prefix of the shipped sketch of totals (icebergs counting, phase 2), then the file name. */
  public static final String ICEBERG_TOTALS_PREFIX = "bloomkit.icebergs.totals.";

  private CacheLinks() {}
}
