package io.bloomkit.mapreduce.merge;

/** What a {@code merge} or {@code subtract} run counted; its JSON keys (see {@code Report#key}). */
enum CombineCounters {
  /** Filter files read: the inputs of a merge, the base and the subtracted files of a subtract. */
  INPUT_FILES,
  /** merge: the items the inputs hold, summed. */
  INPUT_ITEMS,
  /** subtract: the items of the base. */
  ITEMS_BEFORE,
  /** subtract: the items of the subtracted files, summed. */
  ITEMS_SUBTRACTED,
  /** The items of the filter written. */
  ITEMS,
  /** Bytes of the filter file written. */
  SERIALIZED_BYTES
}
