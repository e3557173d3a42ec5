package io.bloomkit.mapreduce;

/** Counters of the {@code icebergs} jobs. */
public enum IcebergCounters {
  /** Lines read by the (final) map tasks. */
  INPUT_RECORDS,
  /** Lines without the key or weight field, with a key that is not valid UTF-8 or a weight that is not a non-negative integer. */
  MALFORMED_RECORDS,
  /** Times a map task's bounded table of local totals was full and flushed early. */
  MAP_TABLE_FLUSHES,
  /** counting phase 2: records whose key's estimate reaches the threshold (sent on). */
  CANDIDATE_RECORDS,
  /** counting phase 2: records whose key's estimate is below the threshold (dropped in the map). */
  FILTERED_RECORDS,
  /** Distinct keys reaching the reducers (every key for exact, the candidates for counting). */
  KEYS,
  /** Keys written to the output. */
  ICEBERGS,
  /** counting phase 1: (key, local total) pairs added to the per-split counting filters. */
  LOCAL_TOTALS,
  /** counting phase 1: bytes that shipping every (key, local total) would cost (key + 8 bytes). */
  NAIVE_BYTES
}
