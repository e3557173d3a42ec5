package io.bloomkit.mapreduce;

/** Counters of the {@code dedup} jobs. Every input record ends up in exactly one of KEPT, DUPLICATES, MALFORMED_RECORDS. */
public enum DedupCounters {
  /** Lines read by the (final) map tasks. */
  INPUT_RECORDS,
  /** Lines without the key or time field, with a key that is not valid UTF-8 or a time that is not an integer. */
  MALFORMED_RECORDS,
  /** Records written to the output directory (map side and reduce side). */
  KEPT,
  /** Records removed as duplicates (map side and reduce side). */
  DUPLICATES,
  /** Duplicates recognised by the in-mapper combining (a same-key record of the split came earlier). */
  MAP_SIDE_DUPLICATES,
  /** Times a map task's bounded earliest-record table was full and flushed early. */
  MAP_TABLE_FLUSHES,
  /** counting: records whose key's count estimate is 1, written by the map task without a shuffle. */
  SHUFFLE_AVOIDED_RECORDS,
  /** counting: bytes (line bytes plus newline) of those records. */
  SHUFFLE_AVOIDED_BYTES,
  /** counting phase 1: keys added to the per-split counting filters. */
  FILTER_KEYS_ADDED
}
