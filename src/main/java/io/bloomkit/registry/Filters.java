package io.bloomkit.registry;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.core.format.FilterFormat;

import io.bloomkit.core.StreamFilter;
import io.bloomkit.stable.StreamFilters;
import io.bloomkit.window.WindowFilters;
import java.io.IOException;
import java.io.InputStream;
import java.util.EnumSet;
import java.util.Set;

/**
 * Reads filters written by any family's {@code writeTo}. Each reader takes a stream holding exactly
 * one filter (a byte after the checksum is corrupt, see {@link FilterFormat}); pass the file's
 * length where it is known, so a header claiming more than the file holds fails before anything is
 * allocated.
 */
public final class Filters {
  /** The families these readers take (the stream families have {@link #readStream}). */
  public static final Set<FilterFamily> FAMILIES =
      EnumSet.of(
          FilterFamily.BLOOM,
          FilterFamily.COUNTING,
          FilterFamily.ACCURATE_COUNTING,
          FilterFamily.EXACT);

  private Filters() {}

  /**
   * Reads a whole filter, updatable where the family is.
   *
   * @throws CorruptFilterException naming the field, for any damage (see {@code FilterFormat})
   * @throws UnsupportedFamilyException for a well-formed file of a family outside {@link #FAMILIES}
   */
  public static Filter read(InputStream in) throws IOException {
    return read(in, -1);
  }

  /** As {@link #read(InputStream)}, for a stream of {@code length} bytes (-1: unknown). */
  public static Filter read(InputStream in, long length) throws IOException {
    return read(FilterFormat.open(in, length));
  }

  /** Reads the payload of a filter whose header {@code r} has opened, as {@link #read}. */
  public static Filter read(FilterFormat.Reader r) throws IOException {
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
        throw r.unsupported("Filters.read", FAMILIES);
    }
  }

  /**
   * Reads only what membership queries need, read-only: the bits of a Bloom filter, the first level
   * of an ACBF (the higher levels are checksummed and skipped, never held in memory), and the
   * non-zero counters of a CBF as bits. The answers are those of {@link #read}.
   */
  public static Filter readQueryView(InputStream in) throws IOException {
    return readQueryView(in, -1);
  }

  /** As {@link #readQueryView(InputStream)}, for a stream of {@code length} bytes (-1: unknown). */
  public static Filter readQueryView(InputStream in, long length) throws IOException {
    return readQueryView(FilterFormat.open(in, length));
  }

  /** Reads the query view of a filter whose header {@code r} has opened. */
  public static Filter readQueryView(FilterFormat.Reader r) throws IOException {
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
        throw r.unsupported("Filters.read", FAMILIES);
    }
  }

  /** Reads only the header: the shape and item count, without the payload or checksum. */
  public static FilterShape readShape(InputStream in) throws IOException {
    return readShape(in, -1);
  }

  /**
   * As {@link #readShape(InputStream)}; with the file's {@code length} known, the file must also be
   * exactly as long as the header says (no trailing bytes, payload not longer than the file).
   */
  public static FilterShape readShape(InputStream in, long length) throws IOException {
    FilterFormat.Reader r = FilterFormat.open(in, length);
    if (!FAMILIES.contains(r.header.family)) {
      throw r.unsupported("Filters.read", FAMILIES);
    }
    if (length >= 0) {
      FilterFormat.checkLength(r.header, length);
    }
    return r.header.shape();
  }


  /** The families {@link #readStream} takes. */
  public static final Set<FilterFamily> STREAM_FAMILIES =
      EnumSet.of(
          FilterFamily.STABLE,
          FilterFamily.RESERVOIR,
          FilterFamily.IMPORTANCE,
          FilterFamily.STREAM_BLOOM,
          FilterFamily.TIMER);

  /**
   * Reads any stream filter written by {@link StreamFilter#writeTo}, state and random generator
   * included, so it continues with the answers the original would have given.
   *
   * @throws CorruptFilterException naming the field, for any damage
   */
  public static StreamFilter readStream(InputStream in) throws IOException {
    return readStream(in, -1);
  }

  /**
   * As {@link #readStream(InputStream)}, for a stream of {@code length} bytes (-1: unknown): a header
   * claiming more than the file holds fails before anything is read or allocated.
   */
  public static StreamFilter readStream(InputStream in, long length) throws IOException {
    FilterFormat.Reader r = FilterFormat.open(in, length);
    try {
      switch (r.header.family) {
        case STABLE:
        case RESERVOIR:
        case IMPORTANCE:
        case STREAM_BLOOM:
          return StreamFilters.read(r);
        case TIMER:
          return WindowFilters.read(r);
        default:
          throw r.unsupported("StreamFilters.read", STREAM_FAMILIES);
      }
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("parameters", e.getMessage());
    }
}
}
