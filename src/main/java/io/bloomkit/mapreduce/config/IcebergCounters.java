package io.bloomkit.mapreduce.config;

/** Counters of the {@code icebergs} jobs. */
public enum IcebergCounters {
  /** Records read by the (final) map tasks. */
  INPUT_RECORDS,
  /**
   * Records without the key or weight field, with a key that is not valid UTF-8 or does not read
   * as its type, or a weight that is not a non-negative integer.
   */
  MALFORMED_RECORDS,
  /** Records whose key (a key field) is null: skipped, as SQL groups no null key. */
  NULL_KEYS,
  /** Records with a key whose weight is null: summed as 0, as SQL's SUM ignores nulls. */
  NULL_WEIGHTS,
  /** Times a map task's bounded table of local totals was full and flushed early. */
  MAP_TABLE_FLUSHES,
  /**
   * counting phase 2: records whose key's estimate reaches the threshold (sent on); lcbf and
   * {@code --evaluate} candidates job: records of a candidate key.
   */
  CANDIDATE_RECORDS,
  /**
   * counting phase 2: records whose key's estimate is below the threshold (dropped in the map);
   * candidates job: records of other keys (dropped in the map unless evaluating).
   */
  FILTERED_RECORDS,
  /** Distinct keys reaching the reducers (every key for exact, the candidates for counting). */
  KEYS,
  /** Keys written to the output. */
  ICEBERGS,
  /**
   * counting phase 1: (key, local total) pairs of a positive total added to the per-split
   * sketches of totals; lcbf job 1: (key, local total) pairs written, one per distinct key of each
   * split.
   */
  LOCAL_TOTALS,
  /** counting phase 1: the local totals' sum, W (every well-formed record's weight). */
  TOTAL_WEIGHT,
  /**
   * Bytes that shipping (key, local total) pairs would cost (key + 8 bytes each): counting phase
   * 1 every pair; lcbf job 1 the pairs stored in the filters (local icebergs are reported at once).
   */
  NAIVE_BYTES,
  /** lcbf job 1: local totals at or above the threshold, reported at once and not stored. */
  LOCAL_ICEBERGS,
  /** lcbf job 1: local totals below the threshold, stored in the split's linked counting filter. */
  STORED_TOTALS,
  /**
   * lcbf job 1: linked counting filters written (one per split storing at least one total);
   * counting phase 1: sketches of totals written (one per split adding at least one total).
   */
  FILTERS,
  /** lcbf job 1: two-layer bits of all the filters written ({@code m + (l + 1) V} each). */
  FILTER_BITS,
  /** lcbf job 1: bytes of all the filter files written (header and padding included). */
  FILTER_BYTES,
  /** lcbf job 1: additions whose value hit the {@code 2^l - 1} ceiling of a filter value. */
  SATURATIONS,
  /** lcbf job 2: filters loaded, summed over the map tasks (each loads every other split's). */
  FILTERS_LOADED,
  /** lcbf job 2: bytes of the filter files loaded, summed over the map tasks. */
  FILTER_BYTES_LOADED,
  /** lcbf job 2: distinct keys written as candidates (estimate at least the threshold). */
  CANDIDATES,
  /** {@code --evaluate}: keys whose exact total reaches the threshold. */
  TRUE_ICEBERGS,
  /** {@code --evaluate}: candidates (reported keys) that are true icebergs. */
  HITS
}
