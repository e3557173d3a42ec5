package io.bloomkit.mapreduce.probe;

/**
 * Counters of the probe job. Every input record is accounted for: {@code RECORDS = WRITTEN +
 * NOT_WRITTEN + MALFORMED_RECORDS}, checked before the output is promoted.
 *
 * <p>Each filter has three counters of its own in the group {@link #FILTER_GROUP}, named by its
 * 0-based place among the {@code --filter} options ({@link #passed}, {@link #rejected}, {@link
 * #nullKeys}: {@code filter0.passed} ...), since their number varies. The filters are tested in
 * order and a record stops at the first that decides it (all: the first it fails; any: the first it
 * passes), so filter {@code i}'s {@code passed + rejected + nullKeys} are the well-formed records
 * that reached it: every one for filter 0.
 */
public enum ProbeCounters {
  /** Records read. */
  RECORDS,
  /** Records written to the output. */
  WRITTEN,
  /** Well-formed records not written (failing the filters; with --invert, passing them). */
  NOT_WRITTEN,
  /** Records without a key field, or whose key does not read as its type; never written. */
  MALFORMED_RECORDS,
  /**
   * Well-formed records whose key for at least one filter is null (SQL: it matches nothing, so the
   * record fails that filter); also counted in WRITTEN or NOT_WRITTEN.
   */
  NULL_KEYS,
  /** Filter loads from the DistributedCache symlink (one per filter per map task). */
  FILTER_LOADS_FROM_CACHE,
  /** Filter loads from the filter's path (local mode, no symlink). */
  FILTER_LOADS_FROM_PATH;

  /** The group of the per-filter counters. */
  public static final String FILTER_GROUP = "io.bloomkit.mapreduce.probe.Filters";

  /** Records whose key filter {@code i} passed. */
  public static String passed(int i) {
    return "filter" + i + ".passed";
  }

  /** Records whose key filter {@code i} rejected. */
  public static String rejected(int i) {
    return "filter" + i + ".rejected";
  }

  /** Records whose key for filter {@code i} is null: they fail it untested. */
  public static String nullKeys(int i) {
    return "filter" + i + ".nullKeys";
  }
}
