package io.bloomkit.mapreduce;

/**
 * Counters of the join job. Per side, every input record is accounted for: {@code RECORDS =
 * PASSED + DROPPED_BY_FILTER + MALFORMED} (the left side has no filter).
 */
public enum JoinCounters {
  LEFT_RECORDS,
  LEFT_MALFORMED,
  /** Left records sent to the shuffle. */
  LEFT_PASSED,
  RIGHT_RECORDS,
  RIGHT_MALFORMED,
  /** Right records whose key failed the filter (dropped in the map). */
  RIGHT_DROPPED_BY_FILTER,
  /** Right records that passed the filter and went to the shuffle. */
  RIGHT_PASSED,
  /** Right records that passed the filter and met no left record (counted in the reducer). */
  FALSE_POSITIVES,
  /**
   * Distinct right keys that passed the filter and met no left record: counted once per key in
   * the reducer, which sees all records of a key together.
   */
  FALSE_POSITIVE_KEYS,
  /** Left records that met no right record. */
  LEFT_UNMATCHED,
  /** Joined lines written. */
  OUTPUT_RECORDS,
  /** Right-side tasks that loaded the filter from the DistributedCache symlink. */
  FILTER_LOADS_FROM_CACHE,
  /** Right-side tasks that loaded the filter from its path (local mode, no symlink). */
  FILTER_LOADS_FROM_PATH
}
