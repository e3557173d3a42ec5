package io.bloomkit.registry;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.sbbf.SplitBlockBloomFilter;
import io.bloomkit.stable.StreamFilters;
import io.bloomkit.window.WindowFilters;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The registry of the one file format: every {@link FilterFamily} bound to its reader, in one
 * place, and the one entry that reads a file of any family. (The binding lives here rather than
 * in {@link FilterFamily} itself: the families' packages depend on {@code core}, never the other
 * way, so only a layer above them can name their readers.)
 *
 * <pre>
 * family     kind read                      reader                                 query view
 * ---------  -----------------------------  -------------------------------------  ----------------
 * bf         BloomFilter                    BloomFilter.read                       the same
 * sbbf       SplitBlockBloomFilter          SplitBlockBloomFilter.read             the same
 * cbf        CountingBloomFilter            CountingBloomFilter.read               non-zero counters
 * acbf       AccurateCountingBloomFilter    AccurateCountingBloomFilter.read       first level L1
 * exact      ExactKeySet                    ExactKeySet.read                       the same
 * sbf        StreamFilter                   StreamFilters.read                     -
 * rsbf       StreamFilter                   StreamFilters.read                     -
 * ibf        StreamFilter                   StreamFilters.read                     -
 * timer      StreamFilter                   WindowFilters.read                     -
 * lcbf       LinkedCountingBloomFilter      LinkedCountingBloomFilter.read         -
 * stream-bf  StreamFilter                   StreamFilters.read                     -
 * </pre>
 *
 * {@link #read(InputStream, long)} reads any family; {@link #read(InputStream, long, Class)} reads
 * the kind the caller needs ({@code Filter.class} for a join filter, {@code StreamFilter.class},
 * {@code CountingFilter.class}, {@code LinkedCountingBloomFilter.class}) and fails for a
 * well-formed file of another family with {@code unsupported family sbf for Filters.read
 * (Filters.read needs bf, cbf, acbf, exact, sbbf)}. {@link #readQueryView} and {@link #readShape} are
 * lighter views of the same entries. Each reader takes a stream holding exactly one filter (a byte
 * after the checksum is corrupt, see {@link FilterFormat}); pass the file's length where it is
 * known, so a header claiming more than the file holds fails before anything is allocated.
 */
public final class Filters {
  /** Reads the payload of a file whose header the reader has opened. */
  private interface PayloadReader {
    StoredFilter read(FilterFormat.Reader r) throws IOException;
  }

  /** One family's entry: the kind its reader returns, the reader, the query view (or null). */
  private static final class Entry {
    final Class<? extends StoredFilter> kind;
    final PayloadReader reader;
    final PayloadReader queryView;

    Entry(Class<? extends StoredFilter> kind, PayloadReader reader, PayloadReader queryView) {
      this.kind = kind;
      this.reader = reader;
      this.queryView = queryView;
    }
  }

  private static final Map<FilterFamily, Entry> REGISTRY = registry();

  private static Map<FilterFamily, Entry> registry() {
    Map<FilterFamily, Entry> m = new EnumMap<>(FilterFamily.class);
    m.put(FilterFamily.BLOOM, new Entry(BloomFilter.class, BloomFilter::read, BloomFilter::read));
    m.put(
        FilterFamily.COUNTING,
        new Entry(CountingBloomFilter.class, CountingBloomFilter::read, QueryView::readCounting));
    m.put(
        FilterFamily.ACCURATE_COUNTING,
        new Entry(
            AccurateCountingBloomFilter.class,
            AccurateCountingBloomFilter::read,
            QueryView::readAcbfFirstLevel));
    m.put(FilterFamily.EXACT, new Entry(ExactKeySet.class, ExactKeySet::read, ExactKeySet::read));
    m.put(
        FilterFamily.SPLIT_BLOCK,
        new Entry(
            SplitBlockBloomFilter.class, SplitBlockBloomFilter::read, SplitBlockBloomFilter::read));
    Entry stable = new Entry(StreamFilter.class, StreamFilters::read, null);
    m.put(FilterFamily.STABLE, stable);
    m.put(FilterFamily.RESERVOIR, stable);
    m.put(FilterFamily.IMPORTANCE, stable);
    m.put(FilterFamily.STREAM_BLOOM, stable);
    m.put(FilterFamily.TIMER, new Entry(StreamFilter.class, WindowFilters::read, null));
    m.put(
        FilterFamily.LINKED_COUNTING,
        new Entry(LinkedCountingBloomFilter.class, LinkedCountingBloomFilter::read, null));
    if (m.size() != FilterFamily.values().length) {
      throw new IllegalStateException("a family without a reader: " + m.keySet());
    }
    return Collections.unmodifiableMap(m);
  }

  /** The families read as {@link Filter}s: membership filters, with a shape and a query view. */
  public static final Set<FilterFamily> FAMILIES = families(Filter.class);

  /** The families read as {@link StreamFilter}s. */
  public static final Set<FilterFamily> STREAM_FAMILIES = families(StreamFilter.class);

  private Filters() {}

  /** The families whose files read as a {@code kind} (an interface or a family's class). */
  public static Set<FilterFamily> families(Class<? extends StoredFilter> kind) {
    Set<FilterFamily> s = EnumSet.noneOf(FilterFamily.class);
    for (Map.Entry<FilterFamily, Entry> e : REGISTRY.entrySet()) {
      if (kind.isAssignableFrom(e.getValue().kind)) {
        s.add(e.getKey());
      }
    }
    return Collections.unmodifiableSet(s);
  }

  /** The class (or, for package-private ones, the interface) {@link #read} returns for a family. */
  static Class<? extends StoredFilter> kindOf(FilterFamily family) {
    return REGISTRY.get(family).kind;
  }

  /**
   * Reads a filter of any family, whole: updatable where the family is, stream filters with their
   * state and random generator, so they continue with the answers the original would have given.
   *
   * @throws CorruptFilterException naming the field, for any damage (see {@code FilterFormat})
   */
  /**
   * The positions of {@code f} that are not empty (set bits of a Bloom filter, non-zero counters of
   * a counting filter), counted one by one; -1 for a family without positions (an exact key set).
   */
  public static long occupiedPositions(Filter f) {
    if (f instanceof BloomFilter) {
      return ((BloomFilter) f).cardinality();
    }
    if (f instanceof SplitBlockBloomFilter) {
      return ((SplitBlockBloomFilter) f).cardinality();
    }
    if (f instanceof CountingFilter) {
      CountingFilter c = (CountingFilter) f;
      long n = 0;
      for (long p = 0, m = f.shape().positions(); p < m; p++) {
        if (c.counter(p) != 0) {
          n++;
        }
      }
      return n;
    }
    return -1;
  }

  public static StoredFilter read(InputStream in) throws IOException {
    return read(in, -1);
  }

  /** As {@link #read(InputStream)}, for a stream of {@code length} bytes (-1: unknown). */
  public static StoredFilter read(InputStream in, long length) throws IOException {
    return read(FilterFormat.open(in, length));
  }

  /**
   * As {@link #read(InputStream)}, for a caller that needs a {@code kind}.
   *
   * @throws io.bloomkit.core.UnsupportedFamilyException for a well-formed file of a family that
   *     does not read as a {@code kind}, naming the file's family and those that would ({@link
   *     #families})
   */
  public static <T extends StoredFilter> T read(InputStream in, Class<T> kind) throws IOException {
    return read(in, -1, kind);
  }

  /** As {@link #read(InputStream, Class)}, for a stream of {@code length} bytes (-1: unknown). */
  public static <T extends StoredFilter> T read(InputStream in, long length, Class<T> kind)
      throws IOException {
    return read(FilterFormat.open(in, length), kind);
  }

  /** Reads the payload of a file whose header {@code r} has opened, as a {@code kind}. */
  public static <T extends StoredFilter> T read(FilterFormat.Reader r, Class<T> kind)
      throws IOException {
    Set<FilterFamily> accepted = families(kind);
    if (!accepted.contains(r.header.family)) {
      throw r.unsupported("Filters.read", accepted);
    }
    return kind.cast(read(r));
  }

  /** Reads the payload of a file of any family whose header {@code r} has opened. */
  private static StoredFilter read(FilterFormat.Reader r) throws IOException {
    try {
      return REGISTRY.get(r.header.family).reader.read(r);
    } catch (IllegalArgumentException e) {
      throw new CorruptFilterException("parameters", e.getMessage());
    }
  }

  /**
   * Reads only what membership queries need, read-only: the bits of a Bloom filter, the first level
   * of an ACBF (the higher levels are checksummed and skipped, never held in memory), and the
   * non-zero counters of a CBF as bits. The answers are those of {@link #read}.
   *
   * @throws io.bloomkit.core.UnsupportedFamilyException for a well-formed file of a family outside
   *     {@link #FAMILIES}
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
    PayloadReader view = REGISTRY.get(r.header.family).queryView;
    if (view == null) {
      throw r.unsupported("Filters.read", FAMILIES);
    }
    return (Filter) view.read(r);
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
      r.checkLength(length);
    }
    return r.header.shape();
  }
}
