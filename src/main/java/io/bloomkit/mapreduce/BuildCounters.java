package io.bloomkit.mapreduce;

/** Counters of the filter build jobs. */
public enum BuildCounters {
  /** Lines read by the map tasks. */
  INPUT_RECORDS,
  /** Lines without the key field or with a key that is not valid UTF-8 (skipped). */
  MALFORMED_RECORDS,
  /** Keys emitted by the map tasks after in-mapper de-duplication. */
  MAP_KEYS_EMITTED,
  /** Times a map task's distinct-key set was full and flushed early. */
  HASHSET_FLUSHES,
  /** Distinct keys over all inputs (counted once, by the reducers). */
  DISTINCT_KEYS,
  /** Partial filters written by the tasks. */
  PARTIAL_FILTERS
}
