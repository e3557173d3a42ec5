package io.bloomkit.filter;

import java.io.IOException;
import java.io.InputStream;

/** Reads filters written by any family's {@code writeTo}. */
public final class Filters {
  private Filters() {}

  /**
   * Reads a whole filter, updatable where the family is.
   *
   * @throws CorruptFilterException naming the field, for any damage (see {@code FilterFormat})
   */
  public static Filter read(InputStream in) throws IOException {
    FilterFormat.Reader r = FilterFormat.open(in);
    switch (r.header.family) {
      case BLOOM:
        return BloomFilter.read(r);
      case COUNTING:
        return CountingBloomFilter.read(r);
      case ACCURATE_COUNTING:
        return AccurateCountingBloomFilter.read(r);
      case EXACT:
        return ExactKeySet.read(r);
      default:
        throw new CorruptFilterException(
            "family", "no reader for " + r.header.family.shortName());
    }
  }

  /**
   * Reads only what membership queries need, read-only: the bits of a Bloom filter, the first level
   * of an ACBF (the higher levels are checksummed and skipped, never held in memory), and the
   * non-zero counters of a CBF as bits. The answers are those of {@link #read}.
   */
  public static Filter readQueryView(InputStream in) throws IOException {
    FilterFormat.Reader r = FilterFormat.open(in);
    switch (r.header.family) {
      case BLOOM:
        return BloomFilter.read(r);
      case COUNTING:
        return QueryView.readCounting(r);
      case ACCURATE_COUNTING:
        return QueryView.readAcbfFirstLevel(r);
      case EXACT:
        return ExactKeySet.read(r);
      default:
        throw new CorruptFilterException(
            "family", "no reader for " + r.header.family.shortName());
    }
  }

  /** Reads only the header: the shape and item count, without the payload or checksum. */
  public static FilterShape readShape(InputStream in) throws IOException {
    FilterFormat.Reader r = FilterFormat.open(in);
    return r.header.shape();
  }
}
