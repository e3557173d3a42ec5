package io.bloomkit.mapreduce.config;

/**
 * Counters of the join job. Per side, every input record is accounted for: {@code RECORDS =
 * PASSED + DROPPED_BY_FILTER + MALFORMED + NULL_KEYS} (the left side drops nothing: its filter
 * check only counts); {@code RIGHT_WRITTEN_BY_MAP} is {@code RIGHT_DROPPED_BY_FILTER +
 * RIGHT_NULL_KEYS} for the right-preserving types, 0 otherwise; {@code OUTPUT_RECORDS} is the
 * reducers' output records plus the rows the map tasks wrote. Checked before the output is
 * committed.
 */
public enum JoinCounters {
  LEFT_RECORDS,
  LEFT_MALFORMED,
  /**
   * Left records whose key is null (SQL: never matches): not in the filter, not shuffled; a
   * left-outer, full-outer or left-anti join writes them from the map.
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
  /**
   * Right records whose key is null (SQL: never matches): not shuffled; the right-preserving types
   * write them from the map ({@link #RIGHT_WRITTEN_BY_MAP}).
   */
  RIGHT_NULL_KEYS,
  /** Right records whose key failed the filter (dropped in the map). */
  RIGHT_DROPPED_BY_FILTER,
  /** Right records that passed the filter and went to the shuffle. */
  RIGHT_PASSED,
  /**
   * Map tasks that stopped probing the filter: it rejected under {@code
   * bloomkit.join.filter.min.reject.share} of their first {@code bloomkit.join.filter.check.records}
   * records (Impala's rule: such a filter costs more than it saves). Their later records pass
   * unprobed; the reducers still join exactly.
   */
  FILTER_PROBING_STOPPED,
  /** Right records passed without a probe by tasks that stopped probing (in RIGHT_PASSED). */
  RIGHT_UNPROBED,
  /**
   * Right records the map task wrote itself, certainly unmatched (right-outer, full-outer,
   * right-anti): those the filter rejected and those with a null key; never shuffled.
   */
  RIGHT_WRITTEN_BY_MAP,
  /** Right records that passed the filter and met no left record (counted in the reducer). */
  FALSE_POSITIVES,
  /**
   * Distinct right keys that passed the filter and met no left record: counted once per key in
   * the reducer, which sees all records of a key together.
   */
  FALSE_POSITIVE_KEYS,
  /** Left records that met no right record (left records with a null key included). */
  LEFT_UNMATCHED,
  /**
   * Lines (records) written, by the reducers and by the map tasks (null-key left lines of
   * left-outer, full-outer and left-anti; {@link #RIGHT_WRITTEN_BY_MAP}).
   */
  OUTPUT_RECORDS,
  /**
   * Right records of hot keys (right skew), sent round-robin to their key's buckets, one reducer
   * each, instead of all to one reducer.
   */
  HOT_KEY_RIGHT_RECORDS,
  /**
   * The extra copies of hot keys' left records: each is sent to every one of its key's B buckets,
   * B - 1 times more than without splitting (so map output records = left passed + right passed +
   * this).
   */
  HOT_KEY_LEFT_COPIES,
  /**
   * Left records the reducers wrote to local spill files: the part of a key's left records beyond
   * the memory budget {@code bloomkit.join.buffer.bytes}, read back for each batch of right records.
   */
  LEFT_SPILLED_RECORDS,
  /** Bytes of those spill files (records and their length prefixes). */
  LEFT_SPILLED_BYTES,
  /**
   * Map tasks (either side) that loaded the filter from the DistributedCache symlink: the right
   * side's to drop records, the left side's to check the left keys.
   */
  FILTER_LOADS_FROM_CACHE,
  /** Map tasks (either side) that loaded the filter from its path (local mode, no symlink). */
  FILTER_LOADS_FROM_PATH,
  /**
   * Map tasks of the join that completed, either side (each counts 1 in its setup; only a
   * successful attempt's counters count, so retried and speculative attempts do not).
   */
  MAP_TASKS,
  /**
   * Map-side join: left records read by the map tasks, over all of them (every task loads the
   * whole left side: the left records times the tasks).
   */
  MAP_SIDE_LEFT_RECORDS,
  /** Map-side join: map tasks that loaded the left side into their table. */
  MAP_SIDE_TABLE_LOADS,
  /** Map-side join: the size of the left side's in-memory table (bytes, as one task holds it). */
  MAP_SIDE_TABLE_BYTES,
  /** Map-side join: right records whose key is in the left side's table. */
  MAP_SIDE_RIGHT_MATCHED,
  /** Map-side join: right records whose key is not in the left side's table. */
  MAP_SIDE_RIGHT_UNMATCHED,
  /** Map-side left-semi and left-anti joins: distinct left keys some right record matched. */
  MAP_SIDE_LEFT_MATCHED_KEYS
}
