package io.bloomkit.core;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

/**
 * The one contract of the stream duplicate-detection filters (SBF, RSBF, IBF, timer filters, a
 * plain Bloom filter): <em>test, then update per the algorithm</em>. {@link #offer} reports whether
 * the element is a duplicate and updates the state exactly as the filter's paper does, in one call,
 * so that "first test, then set" and "test and set" variants cannot be misused.
 *
 * <p>Every implementation: randomness from a seed given at construction (same seed and stream, same
 * answers); {@link #reset()} returns to the freshly constructed state, seed included; {@link
 * #memoryBits()} is the filter's state in bits as its paper counts it; {@link #parameters()} gives
 * back every parameter it was built with; {@link #writeTo} uses the one binary format (its own
 * {@link FilterFamily}). Not thread-safe.
 */
public interface StreamFilter extends StoredFilter {
  /** Timestamp used by {@link #offer(KeyHash)}: filters without time ignore it. */
  long NO_TIME = Long.MIN_VALUE;

  /**
   * Offers one element: returns true if the filter reports it a duplicate, and updates its state
   * per the algorithm.
   *
   * @param key the element's hash
   * @param time the element's timestamp (window filters), or {@link #NO_TIME}
   * @param importance the element's importance (importance-aware filters; others ignore it)
   */
  boolean offer(KeyHash key, long time, double importance);

  default boolean offer(KeyHash key) {
    return offer(key, NO_TIME, 1.0);
  }

  default boolean offer(String key) {
    return offer(hashStrategy().hash(key));
  }

  default HashStrategy hashStrategy() {
    return HashStrategy.MURMUR3_128_DOUBLE;
  }

  @Override
  FilterFamily family();

  /** Short name as on command lines: bf, sbf, rsbf, ibf-2c, ibf-2c-alg1, ibf-mc, ibf-h, timer. */
  String name();

  /** Back to the state right after construction (the random generator re-seeded). */
  void reset();

  /** Size of the filter's state in bits, as its paper counts memory. */
  long memoryBits();

  /** The parameters it was built with, in a stable order (names as in the paper or the CLI). */
  Map<String, Object> parameters();

  /** Writes the filter, parameters and state, in the one binary format. */
  @Override
  void writeTo(OutputStream out) throws IOException;
}
