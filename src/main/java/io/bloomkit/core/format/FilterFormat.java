package io.bloomkit.core.format;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.SplitBlockSizing;
import io.bloomkit.core.UnsupportedFamilyException;

import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.AcbfSizing;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The one binary format of every filter family, and its owner: the header's offsets are named
 * here, each family's use of the header and the parameters opening its payload are drawn in its
 * {@link ParameterBlock}, and {@code io.bloomkit.registry.Filters} binds every {@link
 * FilterFamily} to its reader. All integers are big-endian (byte 0 of a field is its most
 * significant), so the table reads left to right:
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic 0x424C4D4B "BLMK"           | version         | family | hash   |
 *   1  || numHashes                         | variant                           |
 *   2  || positions                                                             |
 *   3  || counters                                                              |
 *   4  || memoryBits                                                            |
 *   5  || items                                                                 |
 *   6  || capacity                                                              |
 *   7  || payloadBytes n                                                        |
 *   8  || payload: n bytes, the family's parameter block first, then its state  |
 *  ..  || ...                                                                   |
 *  ..  || checksum: CRC32C of [0, 64 + n)   |
 * </pre>
 *
 * <pre>
 * offset  size  field          meaning
 * ------  ----  -------------  -------------------------------------------------------------
 *      0     4  magic          {@link #MAGIC_OFFSET}: 0x424C4D4B, "BLMK"
 *      4     2  version        {@link #VERSION_OFFSET}: format version, {@value #VERSION}
 *      6     1  family         {@link #FAMILY_OFFSET}: {@link FilterFamily#id()}: 1 bf, 2 cbf,
 *                               3 acbf, 4 exact, 5 sbf, 6 rsbf, 7 ibf, 8 timer, 9 lcbf, 10 stream-bf,
 *                               11 sbbf
 *      7     1  hash           {@link #HASH_OFFSET}: {@link HashStrategy#id()}: 1 Murmur3 x64 128,
 *                               double hashing
 *      8     4  numHashes      {@link #NUM_HASHES_OFFSET}: k
 *     12     4  variant        {@link #VARIANT_OFFSET}: acbf: {@link AcbfSizing#id()} (0 optimal,
 *                               t = 1..3); ibf and timer: see their blocks; else 0
 *     16     8  positions      {@link #POSITIONS_OFFSET}: hash range: bits (bf, sbbf),
 *                               counters (cbf), m1 (acbf), keys (exact), cells, bits, timers or
 *                               entries (stream families and lcbf)
 *     24     8  counters       {@link #COUNTERS_OFFSET}: m: counters (cbf, acbf); cells (sbf, ibf);
 *                               filters (dynamic timer); stored values (lcbf); 0 otherwise
 *     32     8  memoryBits     {@link #MEMORY_BITS_OFFSET}: bits (bf, sbbf), 4m (cbf, acbf budget),
 *                               payload bits (exact), state bits as each paper counts them
 *     40     8  items          {@link #ITEMS_OFFSET}: keys held; elements offered or inserted
 *     48     8  capacity       {@link #CAPACITY_OFFSET}: acbf: most items the idle space holds;
 *                               bf, sbbf, cbf: sized-for items; 0 for the stream families and lcbf
 *     56     8  payloadBytes   {@link #PAYLOAD_BYTES_OFFSET}: length of the payload that follows
 *     64     n  payload        {@link #HEADER_BYTES}: family-specific, see {@link ParameterBlock}
 *   64+n     4  checksum       CRC32C of bytes [0, 64+n)
 * </pre>
 *
 * <p>Version 2 (what the tools write, through {@link #withKeys}) records the key types the filter
 * holds ({@link KeySignature}) in a metadata block between the header and the payload; the
 * checksum covers it. Version 1 files read as {@link KeySignature#LEGACY}.
 *
 * <pre>
 * Long || 0        1        2        3        4        5        6        7
 * Adr  ||
 *   0  || magic 0x424C4D4B "BLMK"           | version 2       | family | hash   |
 *  ..  || the header's other fields, as version 1                               |
 *   7  || payloadBytes n                                                        |
 *   8  || metadataBytes m                   | tag 1  | length L (the arity)     |
 *   9  ||        | L key type ids, 1 byte each ...  | payload: n bytes ...      |
 *  ..  || ... payload                       | checksum: CRC32C of [0, 68+m+n)   |
 *
 * offset  size  field          meaning
 * ------  ----  -------------  -------------------------------------------------------------
 *     64     4  metadataBytes  {@link #METADATA_BYTES_OFFSET}: m, at most 2^20
 *     68     m  metadata       entries in increasing tag order: tag (1 byte), length L (4),
 *                               L bytes; tag 1 keyTypes (required): one {@code KeyType.id()}
 *                               per key field, L = the arity, 1..255; tag 2 provenance
 *                               (optional): {@link Provenance#encode()}, L at most 2^19
 *   68+m     n  payload        as version 1
 * 68+m+n     4  checksum       CRC32C of bytes [0, 68+m+n)
 * </pre>
 *
 * Reading checks, in order, magic, version, family, hash, the header values, the payload length
 * (against the file's length when the caller knows it, see {@link #open(InputStream, long)}), the
 * metadata of a version 2 file (its length against 2^20 and the file's length first), the
 * sizes the family's parameters imply against the payload length, the checksum, that no byte
 * follows the checksum, then the payload's own consistency; any failure is a {@link
 * CorruptFilterException} naming the field and the value found. No array is allocated for a size
 * the file has not shown to hold: sizes are checked first, and where the file's length is unknown
 * the arrays the payload fills grow as their bytes arrive ({@link Reader#readLongArray}).
 */
public final class FilterFormat {
  static final int MAGIC = 0x424C4D4B;
  /** The version of a file that records its key signature in a metadata block. */
  static final int VERSION = 2;
  /** The version of a file without metadata: its keys read as {@link KeySignature#LEGACY}. */
  static final int LEGACY_VERSION = 1;

  /** Offset of {@code magic}, an int. */
  public static final int MAGIC_OFFSET = 0;
  /** Offset of {@code version}, an unsigned short. */
  public static final int VERSION_OFFSET = 4;
  /** Offset of {@code family}, an unsigned byte ({@link FilterFamily#id()}). */
  public static final int FAMILY_OFFSET = 6;
  /** Offset of {@code hash}, an unsigned byte ({@link HashStrategy#id()}). */
  public static final int HASH_OFFSET = 7;
  /** Offset of {@code numHashes}, an int. */
  public static final int NUM_HASHES_OFFSET = 8;
  /** Offset of {@code variant}, an int. */
  public static final int VARIANT_OFFSET = 12;
  /** Offset of {@code positions}, a long. */
  public static final int POSITIONS_OFFSET = 16;
  /** Offset of {@code counters}, a long. */
  public static final int COUNTERS_OFFSET = 24;
  /** Offset of {@code memoryBits}, a long. */
  public static final int MEMORY_BITS_OFFSET = 32;
  /** Offset of {@code items}, a long. */
  public static final int ITEMS_OFFSET = 40;
  /** Offset of {@code capacity}, a long. */
  public static final int CAPACITY_OFFSET = 48;
  /** Offset of {@code payloadBytes}, a long. */
  public static final int PAYLOAD_BYTES_OFFSET = 56;
  /** Bytes of the header; a version 1 file's payload starts here. */
  public static final int HEADER_BYTES = 64;
  /** Version 2: offset of {@code metadataBytes} m, an int; the m bytes of metadata follow. */
  public static final int METADATA_BYTES_OFFSET = HEADER_BYTES;
  /** Version 2: the first metadata entry; the payload starts m bytes later. */
  public static final int METADATA_OFFSET = METADATA_BYTES_OFFSET + 4;
  /** Refuse metadata blocks larger than this (checked before anything is read into memory). */
  static final int MAX_METADATA_BYTES = 1 << 20;
  /**
   * Metadata tag of the key types: one byte per key field, its {@link
   * io.bloomkit.core.key.KeyType#id()}.
   */
  static final int TAG_KEY_TYPES = 1;
  /** Metadata tag of the provenance ({@link Provenance#encode()}), optional. */
  static final int TAG_PROVENANCE = 2;
  /** Refuse payloads larger than this (a corrupt length would otherwise allocate wildly). */
  static final long MAX_PAYLOAD_BYTES = 1L << 40;
  /** Bytes of a file besides the payload: the header and the checksum. */
  public static final int FRAME_BYTES = HEADER_BYTES + 4;
  /** The most elements one Java array holds (the VM's limit, a little below 2^31). */
  public static final int MAX_ARRAY = Integer.MAX_VALUE - 8;
  /** Arrays of a stream of unknown length start at this many elements and double as bytes arrive. */
  private static final int FIRST_CHUNK = 1 << 16;

  private FilterFormat() {}

  /**
   * The fixed header, as written or as read and checked. The membership families (bf, cbf, acbf,
   * exact) build it from their {@link FilterShape}; the stream families and lcbf from their {@link
   * ParameterBlock}, and keep their further parameters at the start of their payload.
   */
  public static final class Header {
    public final FilterFamily family;
    public final HashStrategy hash;
    public final int numHashes;
    public final int variant;
    public final long positions;
    public final long counters;
    public final long memoryBits;
    public final long items;
    public final long capacity;
    public final long payloadBytes;

    public Header(FilterShape shape, HashStrategy hash, long items, long payloadBytes) {
      this.family = shape.family();
      this.hash = hash;
      this.numHashes = shape.numHashes();
      this.variant = shape.acbfSizing() == null ? 0 : shape.acbfSizing().id();
      this.positions = shape.positions();
      this.counters = shape.counters();
      this.memoryBits = shape.memoryBits();
      this.items = items;
      this.capacity = shape.capacity();
      this.payloadBytes = payloadBytes;
    }

    /** A header of raw values: as read, or from a {@link ParameterBlock}. */
    Header(
        FilterFamily family,
        HashStrategy hash,
        int numHashes,
        int variant,
        long positions,
        long counters,
        long memoryBits,
        long items,
        long capacity,
        long payloadBytes) {
      this.family = family;
      this.hash = hash;
      this.numHashes = numHashes;
      this.variant = variant;
      this.positions = positions;
      this.counters = counters;
      this.memoryBits = memoryBits;
      this.items = items;
      this.capacity = capacity;
      this.payloadBytes = payloadBytes;
    }

    /** The shape these header values describe; throws naming the field that is out of range. */
    public FilterShape shape() throws CorruptFilterException {
      try {
        switch (family) {
          case BLOOM: // capacity holds the items the filter was sized for
            checkAtMost("positions", positions, 8 * MAX_PAYLOAD_BYTES);
            return FilterShape.bloom(positions, numHashes, capacity);
          case COUNTING:
            checkAtMost("positions", positions, 2 * MAX_PAYLOAD_BYTES);
            return FilterShape.counting(positions, numHashes, capacity);
          case ACCURATE_COUNTING:
            {
              // the budget 4m bits bounds the payload (first level and levels)
              checkAtMost("counters", counters, 2 * MAX_PAYLOAD_BYTES);
              checkAtMost("items", items, 4 * counters);
              AcbfSizing s = AcbfSizing.fromId(variant);
              if (s == null) {
                throw new CorruptFilterException("variant", "unknown ACBF variant " + variant);
              }
              FilterShape shape = FilterShape.acbf(s, counters, numHashes, capacity, items);
              if (shape.positions() != positions) {
                throw new CorruptFilterException(
                    "positions",
                    "first level " + positions + " does not match " + shape.positions()
                        + " computed from counters, numHashes and capacity");
              }
              return shape;
            }
          case EXACT:
            return FilterShape.exact(positions, memoryBits);
          case SPLIT_BLOCK:
            {
              checkAtMost("positions", positions, 8 * MAX_PAYLOAD_BYTES);
              if (positions % SplitBlockSizing.BLOCK_BITS != 0) {
                throw new CorruptFilterException("positions",
                    positions + " is not a whole number of " + SplitBlockSizing.BLOCK_BITS
                        + "-bit blocks");
              }
              if (numHashes != SplitBlockSizing.WORDS) {
                throw new CorruptFilterException("numHashes",
                    numHashes + ": a split-block filter sets " + SplitBlockSizing.WORDS
                        + " bits per key");
              }
              return FilterShape.splitBlock(positions / SplitBlockSizing.BLOCK_BITS, capacity);
            }
          default:
            throw new CorruptFilterException("family", "no shape for " + family);
        }
      } catch (IllegalArgumentException e) {
        throw new CorruptFilterException("parameters", e.getMessage());
      }
    }

    private static void checkAtMost(String field, long value, long max)
        throws CorruptFilterException {
      if (value > max) {
        throw new CorruptFilterException(
            field, value + " is more than a payload of at most " + MAX_PAYLOAD_BYTES
                + " bytes holds (" + max + ")");
      }
    }
  }

  /**
   * The stream {@code out} for a filter's {@code writeTo} that records {@code keys}: {@link #write}
   * makes a version 2 file with {@code keys} in its metadata block. For {@link KeySignature#LEGACY}
   * (nothing to record), {@code out} itself: a version 1 file, as {@code writeTo(out)} writes. The
   * returned stream writes through to {@code out}; closing it closes {@code out}.
   */
  public static OutputStream withKeys(OutputStream out, KeySignature keys) {
    return keys.recorded() ? new FilterWriting.KeyedOutput(out, keys, null) : out;
  }

  /**
   * As {@link #withKeys(OutputStream, KeySignature)}, also recording {@code provenance} (metadata
   * tag 2; {@code null}: none). A provenance needs recorded keys (a version 2 file).
   */
  public static OutputStream withKeys(
      OutputStream out, KeySignature keys, Provenance provenance) {
    if (provenance == null) {
      return withKeys(out, keys);
    }
    if (!keys.recorded()) {
      throw new IllegalArgumentException(
          "a provenance is recorded in a version 2 file, which needs the key types: " + keys);
    }
    return new FilterWriting.KeyedOutput(out, keys, provenance.encode());
  }

  /**
   * Writes the header, the payload produced by {@code payload} (which must write exactly
   * {@code header.payloadBytes} bytes) and the checksum. To a stream of {@link #withKeys}, a
   * version 2 file whose metadata block (between header and payload, under the checksum) records
   * the key signature; to any other stream, a version 1 file (no metadata, keys not recorded).
   */
  public static void write(OutputStream out, Header h, PayloadWriter payload) throws IOException {
    FilterWriting.write(out, h, payload);
  }

  /** Writes a payload to a stream that computes the checksum. */
  public interface PayloadWriter {
    void write(DataOutputStream out) throws IOException;
  }

  /** A reader positioned after the header: payload reads go through the checksum. */
  public static final class Reader {
    public final Header header;
    /** The file's format version: 1 (no metadata) or 2. */
    public final int version;
    /** The key signature the file records; {@link KeySignature#LEGACY} for a version 1 file. */
    public final KeySignature keys;
    /** The provenance the file records, or null (version 1, or version 2 without tag 2). */
    private final Provenance provenance;
    /** Bytes between the header and the payload: 0, or 4 + m in a version 2 file. */
    private final long metadataSection;
    final DataInputStream payload;
    private final CRC32C crc;
    private final InputStream raw;
    private final boolean lengthKnown;
    private long remaining;

    Reader(
        Header header, int version, MetadataBlock metadata, DataInputStream payload, CRC32C crc,
        InputStream raw, boolean lengthKnown) {
      this.header = header;
      this.version = version;
      this.keys = metadata == null ? KeySignature.LEGACY : metadata.keys;
      this.provenance = metadata == null ? null : metadata.provenance;
      this.metadataSection = metadata == null ? 0 : 4L + metadata.bytes;
      this.payload = payload;
      this.crc = crc;
      this.raw = raw;
      this.lengthKnown = lengthKnown;
      this.remaining = header.payloadBytes;
    }

    /** The provenance the file records; empty for a version 1 file or one without tag 2. */
    public java.util.Optional<Provenance> provenance() {
      return java.util.Optional.ofNullable(provenance);
    }

    /**
     * Checks, from the header and metadata alone, that a file of {@code length} bytes is exactly
     * the header, the metadata, the declared payload and the checksum (for readers that stop
     * before the payload).
     */
    public void checkLength(long length) throws CorruptFilterException {
      long end = FRAME_BYTES + metadataSection + header.payloadBytes;
      if (length > end) {
        throw trailingBytes(
            Long.toString(length - end),
            " (payloadBytes " + header.payloadBytes + " ends the filter at byte " + end + " of "
                + length + ")");
      }
    }

    /**
     * Reads {@code count} longs into a new array. The count is checked first against what one
     * array holds and against the payload left ({@code field} named in either failure); when the
     * file's length is unknown the array grows as the longs arrive, so a header claiming more than
     * the stream holds fails as a truncation instead of allocating the claimed size.
     */
    public long[] readLongArray(long count, String field) throws IOException {
      return readLongArray(count, 0, field);
    }

    /**
     * As {@link #readLongArray(long, String)}, into an array with {@code leading} zero longs in
     * front of the {@code count} read (a filter that aligns its blocks in memory).
     */
    public long[] readLongArray(long count, int leading, String field) throws IOException {
      int n = arrayLength(count, field);
      need(8L * n, field);
      int len = arrayLength((long) leading + n, field);
      long[] a = new long[lengthKnown ? len : Math.min(len, leading + FIRST_CHUNK)];
      try {
        for (int i = leading; i < len; i++) {
          if (i == a.length) {
            a = Arrays.copyOf(a, (int) Math.min(len, 2L * a.length));
          }
          a[i] = payload.readLong();
        }
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
      remaining -= 8L * n;
      return a;
    }

    /** Reads {@code count} ints into a new array, checked and grown as {@link #readLongArray}. */
    public int[] readIntArray(long count, String field) throws IOException {
      int n = arrayLength(count, field);
      need(4L * n, field);
      int[] a = new int[lengthKnown ? n : Math.min(n, FIRST_CHUNK)];
      try {
        for (int i = 0; i < n; i++) {
          if (i == a.length) {
            a = Arrays.copyOf(a, (int) Math.min(n, 2L * a.length));
          }
          a[i] = payload.readInt();
        }
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
      remaining -= 4L * n;
      return a;
    }

    /** Reads {@code count} bytes into a new array, checked and grown as {@link #readLongArray}. */
    public byte[] readByteArray(long count, String field) throws IOException {
      int n = arrayLength(count, field);
      need(n, field);
      byte[] a = new byte[lengthKnown ? n : Math.min(n, 8 * FIRST_CHUNK)];
      int filled = 0;
      try {
        while (filled < n) {
          if (filled == a.length) {
            a = Arrays.copyOf(a, (int) Math.min(n, 2L * a.length));
          }
          payload.readFully(a, filled, a.length - filled);
          filled = a.length;
        }
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
      remaining -= n;
      return a;
    }

    /**
     * The failure for a file of a family {@code user} does not take: the payload is read through
     * (nothing kept) and the checksum verified first, so that a damaged family byte is reported as
     * corrupt and only a well-formed file as unsupported.
     */
    public UnsupportedFamilyException unsupported(
        String user, java.util.Collection<FilterFamily> accepted)
        throws IOException {
      skip(remaining, "payload");
      finish();
      return UnsupportedFamilyException.of(header.family, user, accepted);
    }

    /**
     * Whether the file's length was known and checked against the payload length, so arrays of
     * sizes the payload length implies can be allocated at once.
     */
    public boolean lengthKnown() {
      return lengthKnown;
    }

    public long readLong(String field) throws IOException {
      need(8, field);
      remaining -= 8;
      try {
        return payload.readLong();
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
    }

    public int readInt(String field) throws IOException {
      need(4, field);
      remaining -= 4;
      try {
        return payload.readInt();
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
    }

    public void readFully(byte[] into, String field) throws IOException {
      need(into.length, field);
      try {
        payload.readFully(into);
      } catch (EOFException e) {
        throw truncatedPayload(field);
      }
      remaining -= into.length;
    }

    /** Reads and discards {@code n} payload bytes (still checksummed). */
    public void skip(long n, String field) throws IOException {
      need(n, field);
      byte[] buf = new byte[8192];
      long left = n;
      while (left > 0) {
        int r = payload.read(buf, 0, (int) Math.min(buf.length, left));
        if (r < 0) {
          throw truncatedPayload(field);
        }
        left -= r;
      }
      remaining -= n;
    }

    public long remaining() {
      return remaining;
    }

    private void need(long n, String field) throws CorruptFilterException {
      if (n > remaining) {
        throw new CorruptFilterException(
            "payloadBytes",
            "payload of " + header.payloadBytes + " bytes is too short for " + field);
      }
    }

    /**
     * Checks that the payload was consumed exactly, verifies the checksum, then that the stream
     * ends there: a byte after the checksum (two files concatenated, an appended tail) is a {@link
     * CorruptFilterException} of field {@code trailing bytes}.
     */
    public void finish() throws IOException {
      if (remaining != 0) {
        throw new CorruptFilterException(
            "payloadBytes",
            header.payloadBytes + " declared, " + remaining + " bytes left unread by the "
                + header.family.shortName() + " reader");
      }
      int expected = (int) crc.getValue();
      int stored;
      try {
        stored = new DataInputStream(raw).readInt();
      } catch (EOFException e) {
        throw new CorruptFilterException("checksum", "file truncated before the checksum");
      }
      if (stored != expected) {
        throw new CorruptFilterException(
            "checksum",
            String.format("CRC32C stored 0x%08x, computed 0x%08x", stored, expected));
      }
      // counted by reading: skip() may pass the end of a file without noticing
      byte[] buf = new byte[8192];
      long trailing = 0;
      for (int r; trailing < TRAILING_COUNT_LIMIT && (r = raw.read(buf)) >= 0; ) {
        trailing += r;
      }
      if (trailing > 0) {
        throw trailingBytes(
            (trailing >= TRAILING_COUNT_LIMIT ? "at least " : "") + trailing, "");
      }
    }
  }

  /** Trailing bytes are counted up to this many (a concatenated file may be large). */
  private static final long TRAILING_COUNT_LIMIT = 1L << 20;

  private static CorruptFilterException trailingBytes(String count, String detail) {
    return new CorruptFilterException("trailing bytes", count + " after the checksum" + detail);
  }

  /** The elements {@code count} asks for, if one array holds them; otherwise names the field. */
  public static int arrayLength(long count, String field) throws CorruptFilterException {
    if (count < 0 || count > MAX_ARRAY) {
      throw new CorruptFilterException(
          field, count + " elements, outside [0, " + MAX_ARRAY + "] (one array's limit)");
    }
    return (int) count;
  }

  /**
   * Reads and checks the header of a stream whose length is unknown; the returned reader delivers
   * the payload. The stream must hold exactly one filter: {@link Reader#finish} rejects any byte
   * after the checksum.
   */
  public static Reader open(InputStream in) throws IOException {
    return open(in, -1);
  }

  /**
   * As {@link #open(InputStream)}, for a stream of {@code length} bytes (a file's length; -1 when
   * unknown): the payload length is checked against it before anything else is read, so a header
   * claiming more than the file holds fails at once, naming {@code payloadBytes}.
   */
  public static Reader open(InputStream in, long length) throws IOException {
    return HeaderReading.open(in, length);
  }

  /** Wraps an EOF inside the payload as a named truncation. */
  public static CorruptFilterException truncatedPayload(String field) {
    return new CorruptFilterException("payload", "file truncated while reading " + field);
  }
}
