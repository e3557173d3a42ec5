package io.bloomkit.core;


import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.hash.KeyHasher;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A membership filter: {@link #mightContain} never answers false for a key that was added (and not
 * removed); it may answer true for a key that was not, with the rate {@link #expectedFpp()}.
 *
 * <p>Keys are strings (hashed as UTF-8) or bytes; {@link KeyHash} lets a caller hash once and probe
 * several filters. Filters are not thread-safe for writes; read-only use from many threads is safe.
 */
public interface Filter extends StoredFilter {
  @Override
  default FilterFamily family() {
    return shape().family();
  }

  /** The parameters the filter was built with. */
  FilterShape shape();

  HashStrategy hashStrategy();

  default int numHashes() {
    return shape().numHashes();
  }

  boolean mightContain(KeyHash hash);

  /** Membership of the key hashed to the halves {@code (h1, h2)} of {@link #hashStrategy()}. */
  default boolean mightContain(long h1, long h2) {
    return mightContain(new KeyHash(h1, h2));
  }

  /**
   * Membership of the key in {@code key[offset, offset + length)}, hashed with {@code hasher} (of
   * this filter's {@link #hashStrategy()}; reused, so the probe allocates nothing): the map tasks'
   * per-record test.
   */
  default boolean mightContain(byte[] key, int offset, int length, KeyHasher hasher) {
    if (hasher.strategy() != hashStrategy()) {
      throw new IllegalArgumentException("a " + hasher.strategy() + " hasher for a "
          + hashStrategy() + " filter");
    }
    hasher.hash(key, offset, length);
    return mightContain(hasher.h1(), hasher.h2());
  }

  default boolean mightContain(String key) {
    return mightContain(hashStrategy().hash(key));
  }

  default boolean mightContain(byte[] key) {
    return mightContain(hashStrategy().hash(key));
  }

  /** Membership of the key in {@code key[offset, offset + length)} (its UTF-8 bytes). */
  default boolean mightContain(byte[] key, int offset, int length) {
    return mightContain(hashStrategy().hash(key, offset, length));
  }

  /** Number of keys the filter holds (insertions minus removals). */
  long items();

  /** The theoretical false positive rate at the current {@link #items()} (eq. 1, or eq. 3). */
  default double expectedFpp() {
    return shape().fpp(items());
  }

  /** The memory budget in bits that the family's theory is stated for (see {@link FilterShape}). */
  default long memoryBits() {
    return shape().memoryBits();
  }

  /** Writes the filter in the one binary format (see {@code FilterFormat}). */
  @Override
  void writeTo(OutputStream out) throws IOException;
}
