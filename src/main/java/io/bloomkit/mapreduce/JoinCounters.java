package io.bloomkit.mapreduce;

/**
 * Counters of the join job. Per side, every input record is accounted for: {@code RECORDS =
 * PASSED + DROPPED_BY_FILTER + MALFORMED + NULL_KEYS} (the left side drops nothing: its filter
 * check only counts), checked before the output is committed.
 */
public enum JoinCounters {
  LEFT_RECORDS,
  LEFT_MALFORMED,
  /**
   * Left records whose key is null (SQL: never matches): not in the filter, not shuffled; a
   * left-outer join writes them from the map as {@code <left line>\t}.
   */
  LEFT_NULL_KEYS,
  /** Left records sent to the shuffle. */
  LEFT_PASSED,
  /**
   * Left records whose key fails the shipped filter: the filter was not built from these left keys
   * (another key field, an older input, keys removed since). They still go to the shuffle, but the
   * tool then fails the join and commits no output; 0 on every good run.
   */
  LEFT_KEYS_REJECTED_BY_FILTER,
  RIGHT_RECORDS,
  RIGHT_MALFORMED,
  /** Right records whose key is null (SQL: never matches): dropped in the map. */
  RIGHT_NULL_KEYS,
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
  /** Left records that met no right record (left records with a null key included). */
  LEFT_UNMATCHED,
  /** Lines written (left-outer: the map side's null-key left lines included). */
  OUTPUT_RECORDS,
  /**
   * Left records the reducers wrote to local spill files: the part of a key's left records beyond
   * the memory budget {@code bloomkit.join.buffer.bytes}, read back for each batch of right records.
   */
  LEFT_SPILLED_RECORDS,
  /** Bytes of those spill files (records and their length prefixes). */
  LEFT_SPILLED_BYTES,
  /** Right-side tasks that loaded the filter from the DistributedCache symlink. */
  FILTER_LOADS_FROM_CACHE,
  /** Right-side tasks that loaded the filter from its path (local mode, no symlink). */
  FILTER_LOADS_FROM_PATH
}
