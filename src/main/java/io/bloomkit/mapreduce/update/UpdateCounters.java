package io.bloomkit.mapreduce.update;

/**
 * Counters of {@code update}'s removal job (its MapReduce path); the records, malformed records,
 * null keys and distinct keys are {@link io.bloomkit.mapreduce.config.BuildCounters}.
 */
public enum UpdateCounters {
  /** Distinct keys to remove the filter (with the additions) holds: their counters are removed. */
  MEMBERS,
  /** Distinct keys to remove the filter (with the additions) does not hold. */
  NON_MEMBERS
}
