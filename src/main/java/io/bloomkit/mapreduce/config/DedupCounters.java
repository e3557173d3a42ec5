package io.bloomkit.mapreduce.config;

/**
 * Counters of the {@code dedup} jobs. Every input record ends up in exactly one of KEPT,
 * DUPLICATES, MALFORMED_RECORDS and (without --null-keys-equal) NULL_KEYS.
 */
public enum DedupCounters {
  /** Lines read by the (final) map tasks. */
  INPUT_RECORDS,
  /**
   * Records without the key or time field, with a key that does not read as its type (not valid
   * UTF-8, not a long ...) or a time that is not an integer (or null).
   */
  MALFORMED_RECORDS,
  /**
   * Records with a null key. Without --null-keys-equal they are distinct (SQL: a null equals
   * nothing): written to the output directory by the map tasks and counted here only, not in
   * KEPT. With --null-keys-equal they are one key, kept or removed like any other (in KEPT or
   * DUPLICATES, and also counted here).
   */
  NULL_KEYS,
  /** Records written to the output directory as the first of their key (map side and reduce side). */
  KEPT,
  /** Records removed as duplicates (map side and reduce side). */
  DUPLICATES,
  /** Duplicates recognised by the in-mapper combining (a same-key record of the split came earlier). */
  MAP_SIDE_DUPLICATES,
  /** Times a map task's bounded table (earliest records, or the exact local filter) was full and flushed or cleared. */
  MAP_TABLE_FLUSHES,
  /**
   * Records whose line is not shuffled: counting, keys of count estimate 1 (kept by the map task);
   * stream --local-filter, the local duplicates.
   */
  SHUFFLE_AVOIDED_RECORDS,
  /** Bytes (line bytes plus newline) of those records. */
  SHUFFLE_AVOIDED_BYTES,
  /** counting phase 1: keys added to the per-split counting filters. */
  FILTER_KEYS_ADDED,
  /** stream --evaluate: records the exact oracle keeps (first of their key or window). */
  ORACLE_DISTINCT,
  /** stream --evaluate: records the exact oracle removes. */
  ORACLE_DUPLICATES,
  /** stream --evaluate: distinct records the filter removed. */
  FALSE_POSITIVES,
  /** stream --evaluate: duplicates the filter kept. */
  FALSE_NEGATIVES,
  /**
   * stream --local-filter: records the map task's leaf found a same-key record earlier in the
   * global order for (within the window), written to the duplicates by the map task; also in
   * DUPLICATES.
   */
  LOCAL_DUPLICATES,
  /**
   * stream --local-filter: light markers (key, time, importance, no line) the map tasks send for
   * their local duplicates so that the reducers' oracle (--evaluate) and timer filter see every
   * record; never counted as kept or duplicates again.
   */
  LOCAL_MARKERS,
  /**
   * stream --local-filter bloom: leaf hits not used because the task's time went back (the record
   * may precede the one that set the bits); the record is shuffled.
   */
  LOCAL_UNORDERED_HITS,
  /** stream --local-filter --evaluate: local duplicates the oracle calls distinct (in FALSE_POSITIVES too). */
  LOCAL_FALSE_POSITIVES,
  /** stream --evaluate: importance of the oracle's distinct records, in millionths. */
  ORACLE_DISTINCT_IMPORTANCE_MICROS,
  /** stream --evaluate: importance of the oracle's duplicates, in millionths. */
  ORACLE_DUPLICATES_IMPORTANCE_MICROS,
  /** stream --evaluate: importance of the false positives, in millionths. */
  FALSE_POSITIVE_IMPORTANCE_MICROS,
  /** stream --evaluate: importance of the false negatives, in millionths. */
  FALSE_NEGATIVE_IMPORTANCE_MICROS
}
