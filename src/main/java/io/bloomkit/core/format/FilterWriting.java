package io.bloomkit.core.format;

import static io.bloomkit.core.format.FilterFormat.CAPACITY_OFFSET;
import static io.bloomkit.core.format.FilterFormat.COUNTERS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.FAMILY_OFFSET;
import static io.bloomkit.core.format.FilterFormat.HASH_OFFSET;
import static io.bloomkit.core.format.FilterFormat.HEADER_BYTES;
import static io.bloomkit.core.format.FilterFormat.ITEMS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.LEGACY_VERSION;
import static io.bloomkit.core.format.FilterFormat.MAGIC;
import static io.bloomkit.core.format.FilterFormat.MAGIC_OFFSET;
import static io.bloomkit.core.format.FilterFormat.MEMORY_BITS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.NUM_HASHES_OFFSET;
import static io.bloomkit.core.format.FilterFormat.PAYLOAD_BYTES_OFFSET;
import static io.bloomkit.core.format.FilterFormat.POSITIONS_OFFSET;
import static io.bloomkit.core.format.FilterFormat.TAG_KEY_TYPES;
import static io.bloomkit.core.format.FilterFormat.TAG_PROVENANCE;
import static io.bloomkit.core.format.FilterFormat.VARIANT_OFFSET;
import static io.bloomkit.core.format.FilterFormat.VERSION;
import static io.bloomkit.core.format.FilterFormat.VERSION_OFFSET;

import io.bloomkit.core.format.FilterFormat.Header;
import io.bloomkit.core.format.FilterFormat.PayloadWriter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import java.util.zip.CheckedOutputStream;

/**
 * Writing a filter file for {@link FilterFormat#write} and {@link FilterFormat#withKeys}: the
 * header, the metadata block of a version 2 file, the payload and the CRC32C checksum over them.
 */
final class FilterWriting {
  private FilterWriting() {}

  /** A stream telling {@link FilterFormat#write} which key signature (and provenance) to record. */
  static final class KeyedOutput extends java.io.FilterOutputStream {
    final KeySignature keys;
    /** The encoded provenance, or null. */
    final byte[] provenance;

    KeyedOutput(OutputStream out, KeySignature keys, byte[] provenance) {
      super(out);
      this.keys = keys;
      this.provenance = provenance;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }
  }

  /** {@link FilterFormat#write}: header, metadata (a {@link KeyedOutput}), payload, checksum. */
  static void write(OutputStream out, Header h, PayloadWriter payload) throws IOException {
    KeySignature keys = out instanceof KeyedOutput ? ((KeyedOutput) out).keys : null;
    byte[] provenance = out instanceof KeyedOutput ? ((KeyedOutput) out).provenance : null;
    CRC32C crc = new CRC32C();
    CheckedOutputStream checked = new CheckedOutputStream(nonClosing(out), crc);
    DataOutputStream d = new DataOutputStream(checked);
    ByteBuffer b = ByteBuffer.allocate(HEADER_BYTES); // big-endian
    b.putInt(MAGIC_OFFSET, MAGIC);
    b.putShort(VERSION_OFFSET, (short) (keys == null ? LEGACY_VERSION : VERSION));
    b.put(FAMILY_OFFSET, (byte) h.family.id());
    b.put(HASH_OFFSET, (byte) h.hash.id());
    b.putInt(NUM_HASHES_OFFSET, h.numHashes);
    b.putInt(VARIANT_OFFSET, h.variant);
    b.putLong(POSITIONS_OFFSET, h.positions);
    b.putLong(COUNTERS_OFFSET, h.counters);
    b.putLong(MEMORY_BITS_OFFSET, h.memoryBits);
    b.putLong(ITEMS_OFFSET, h.items);
    b.putLong(CAPACITY_OFFSET, h.capacity);
    b.putLong(PAYLOAD_BYTES_OFFSET, h.payloadBytes);
    d.write(b.array());
    if (keys != null) {
      writeMetadata(d, keys, provenance);
    }
    int before = d.size();
    payload.write(d);
    long written = (long) d.size() - before;
    if (d.size() != Integer.MAX_VALUE && written != h.payloadBytes) {
      throw new IllegalStateException(
          "payload writer wrote " + written + " bytes, header says " + h.payloadBytes);
    }
    d.flush();
    new DataOutputStream(nonClosing(out)).writeInt((int) crc.getValue());
    out.flush();
  }

  /**
   * The metadata block of a version 2 file: its length m, then the entries: the key types (tag 1)
   * and, if given, the encoded provenance (tag 2).
   */
  private static void writeMetadata(DataOutputStream d, KeySignature keys, byte[] provenance)
      throws IOException {
    d.writeInt(1 + 4 + keys.arity() + (provenance == null ? 0 : 1 + 4 + provenance.length));
    d.writeByte(TAG_KEY_TYPES);
    d.writeInt(keys.arity());
    for (KeyType t : keys.types()) {
      d.writeByte(t.id());
    }
    if (provenance != null) {
      d.writeByte(TAG_PROVENANCE);
      d.writeInt(provenance.length);
      d.write(provenance);
    }
  }

  private static OutputStream nonClosing(OutputStream out) {
    return new java.io.FilterOutputStream(out) {
      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
      }

      @Override
      public void close() throws IOException {
        flush();
      }
    };
  }
}
