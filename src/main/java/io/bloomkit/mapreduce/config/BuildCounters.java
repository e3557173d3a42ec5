package io.bloomkit.mapreduce.config;

/** Counters of the filter build jobs. */
public enum BuildCounters {
  /** Records read by the map tasks. */
  INPUT_RECORDS,
  /**
   * Records that cannot be read or lack the key field, or whose key is not valid UTF-8 or does not
   * read as its type (skipped).
   */
  MALFORMED_RECORDS,
  /** Records whose key is null (SQL: a null key never matches): never in the filter. */
  NULL_KEYS,
  /** Keys emitted by the map tasks after in-mapper de-duplication. */
  MAP_KEYS_EMITTED,
  /** Times a map task's distinct-key set was full and flushed early. */
  HASHSET_FLUSHES,
  /** Distinct keys over all inputs (counted once, by the reducers). */
  DISTINCT_KEYS,
  /** Partial filters written by the tasks. */
  PARTIAL_FILTERS
}
