package io.bloomkit.core.format;

import static io.bloomkit.core.format.FilterFormat.CAPACITY_OFFSET;
import static io.bloomkit.core.format.FilterFormat.COUNTERS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.FAMILY_OFFSET;
import static io.bloomkit.core.format.FilterFormat.FRAME_BYTES;
import static io.bloomkit.core.format.FilterFormat.HASH_OFFSET;
import static io.bloomkit.core.format.FilterFormat.HEADER_BYTES;
import static io.bloomkit.core.format.FilterFormat.ITEMS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.LEGACY_VERSION;
import static io.bloomkit.core.format.FilterFormat.MAGIC;
import static io.bloomkit.core.format.FilterFormat.MAGIC_OFFSET;
import static io.bloomkit.core.format.FilterFormat.MAX_PAYLOAD_BYTES;
import static io.bloomkit.core.format.FilterFormat.MEMORY_BITS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.NUM_HASHES_OFFSET;
import static io.bloomkit.core.format.FilterFormat.PAYLOAD_BYTES_OFFSET;
import static io.bloomkit.core.format.FilterFormat.POSITIONS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.VARIANT_OFFSET;
import static io.bloomkit.core.format.FilterFormat.VERSION;
import static io.bloomkit.core.format.FilterFormat.VERSION_OFFSET;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.format.FilterFormat.Header;
import io.bloomkit.core.format.FilterFormat.Reader;
import io.bloomkit.core.hash.HashStrategy;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import java.util.zip.CheckedInputStream;

/**
 * Reading and validating a filter file's fixed header for {@link FilterFormat#open(InputStream,
 * long)}: every field in offset order, each named when it is out of range or the stream ends
 * inside it; then, in a version 2 file, the metadata block ({@link MetadataBlock}).
 */
final class HeaderReading {
  private HeaderReading() {}

  /** {@link FilterFormat#open(InputStream, long)}. */
  static Reader open(InputStream in, long length) throws IOException {
    CRC32C crc = new CRC32C();
    DataInputStream d = new DataInputStream(new CheckedInputStream(in, crc));
    byte[] bytes = new byte[HEADER_BYTES];
    int got = 0;
    for (int r; got < HEADER_BYTES && (r = d.read(bytes, got, HEADER_BYTES - got)) >= 0; ) {
      got += r;
    }
    // fields are checked in offset order; the first one the stream ends inside is named
    HeaderBytes hb = new HeaderBytes(ByteBuffer.wrap(bytes), got);
    int magic = hb.getInt(MAGIC_OFFSET, "magic");
    if (magic != MAGIC) {
      throw new CorruptFilterException(
          "magic", String.format("0x%08x, expected 0x%08x (\"BLMK\")", magic, MAGIC));
    }
    int version = hb.getUnsignedShort(VERSION_OFFSET, "version");
    if (version != VERSION && version != LEGACY_VERSION) {
      throw new CorruptFilterException(
          "version",
          version + " is not a known format version (this reader knows " + LEGACY_VERSION
              + " and " + VERSION + ")");
    }
    int familyId = hb.getUnsignedByte(FAMILY_OFFSET, "family");
    FilterFamily family = FilterFamily.fromId(familyId);
    if (family == null) {
      throw new CorruptFilterException("family", "unknown family id " + familyId);
    }
    int hashId = hb.getUnsignedByte(HASH_OFFSET, "hash");
    HashStrategy hash = HashStrategy.fromId(hashId);
    if (hash == null) {
      throw new CorruptFilterException("hash", "unknown hash id " + hashId);
    }
    int numHashes = hb.getInt(NUM_HASHES_OFFSET, "numHashes");
    int variant = hb.getInt(VARIANT_OFFSET, "variant");
    long positions = hb.getLong(POSITIONS_OFFSET, "positions");
    long counters = hb.getLong(COUNTERS_OFFSET, "counters");
    long memoryBits = hb.getLong(MEMORY_BITS_OFFSET, "memoryBits");
    long items = hb.getLong(ITEMS_OFFSET, "items");
    long capacity = hb.getLong(CAPACITY_OFFSET, "capacity");
    long payloadBytes = hb.getLong(PAYLOAD_BYTES_OFFSET, "payloadBytes");
    if (items < 0) {
      throw new CorruptFilterException("items", "negative: " + items);
    }
    if (payloadBytes < 0 || payloadBytes > MAX_PAYLOAD_BYTES) {
      throw new CorruptFilterException("payloadBytes", "out of range: " + payloadBytes);
    }
    if (length >= 0 && payloadBytes > length - FRAME_BYTES) {
      throw new CorruptFilterException(
          "payloadBytes",
          payloadBytes + " declared, the file of " + length + " bytes holds at most "
              + Math.max(0, length - FRAME_BYTES) + " besides the header and checksum");
    }
    Header h =
        new Header(
            family, hash, numHashes, variant, positions, counters, memoryBits, items, capacity,
            payloadBytes);
    MetadataBlock metadata =
        version == VERSION ? MetadataBlock.read(d, length, payloadBytes) : null;
    return new Reader(h, version, metadata, d, crc, in, length >= 0);
  }

  /** The header's bytes as far as the stream held them: a field past the end is a truncation. */
  private static final class HeaderBytes {
    private final ByteBuffer b;
    private final int length;

    HeaderBytes(ByteBuffer b, int length) {
      this.b = b;
      this.length = length;
    }

    private void need(int offset, int size, String field) throws CorruptFilterException {
      if (offset + size > length) {
        throw truncatedHeader(field);
      }
    }

    int getInt(int offset, String field) throws CorruptFilterException {
      need(offset, 4, field);
      return b.getInt(offset);
    }

    long getLong(int offset, String field) throws CorruptFilterException {
      need(offset, 8, field);
      return b.getLong(offset);
    }

    int getUnsignedShort(int offset, String field) throws CorruptFilterException {
      need(offset, 2, field);
      return b.getShort(offset) & 0xFFFF;
    }

    int getUnsignedByte(int offset, String field) throws CorruptFilterException {
      need(offset, 1, field);
      return b.get(offset) & 0xFF;
    }
  }

  private static CorruptFilterException truncatedHeader(String field) {
    return new CorruptFilterException(field, "file truncated in the header");
  }
}
