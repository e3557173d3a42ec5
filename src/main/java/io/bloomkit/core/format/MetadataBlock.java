package io.bloomkit.core.format;

import static io.bloomkit.core.format.FilterFormat.FRAME_BYTES;
import static io.bloomkit.core.format.FilterFormat.MAX_METADATA_BYTES;
import static io.bloomkit.core.format.FilterFormat.TAG_KEY_TYPES;
import static io.bloomkit.core.format.FilterFormat.TAG_PROVENANCE;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/** A version 2 file's metadata block: its length m and what it records. */
final class MetadataBlock {
  final int bytes;
  final KeySignature keys;
  final Provenance provenance;

  private MetadataBlock(int bytes, KeySignature keys, Provenance provenance) {
    this.bytes = bytes;
    this.keys = keys;
    this.provenance = provenance;
  }

  /**
   * Reads the metadata block after a version 2 header: {@code metadataBytes} m (checked against
   * {@link FilterFormat#MAX_METADATA_BYTES} and, when known, the file's length before anything is
   * read), then entries of a tag (1 byte, increasing), a length (4 bytes) and a value, exactly m
   * bytes. Tag 1, {@code keyTypes}, is required: one byte per key field, its {@link KeyType#id()}.
   * Tag 2, the {@link Provenance}, is optional; its value is read (its length checked against the
   * block's first) and decoded, every count checked before a list is made. Another tag is refused:
   * a reader knows every tag of its version.
   */
  static MetadataBlock read(DataInputStream d, long length, long payloadBytes)
      throws IOException {
    int m = readInt(d, "metadataBytes");
    if (m < 0 || m > MAX_METADATA_BYTES) {
      throw new CorruptFilterException(
          "metadataBytes", m + " outside [0, " + MAX_METADATA_BYTES + "]");
    }
    if (length >= 0 && 4L + m > length - FRAME_BYTES - payloadBytes) {
      throw new CorruptFilterException(
          "metadataBytes",
          m + " declared, the file of " + length + " bytes holds at most "
              + Math.max(0, length - FRAME_BYTES - payloadBytes - 4)
              + " besides the header, the payload and the checksum");
    }
    KeySignature keys = null;
    Provenance provenance = null;
    int lastTag = 0;
    long left = m;
    while (left > 0) {
      if (left < 5) {
        throw new CorruptFilterException(
            "metadataBytes", m + " declared, ends inside an entry's tag and length");
      }
      int tag = readInt(d, 1, "metadata tag");
      int len = readInt(d, "metadata length");
      left -= 5;
      if (tag <= lastTag) {
        throw new CorruptFilterException(
            "metadata tag", "tag " + tag + " after tag " + lastTag + " (tags increase)");
      }
      lastTag = tag;
      if (tag == TAG_PROVENANCE) {
        if (len < 0 || len > left) {
          throw new CorruptFilterException(
              "provenance", len + " bytes declared, past the " + m + " bytes of metadata");
        }
        byte[] value = new byte[len]; // len <= m, checked against 2^20 and the file's length
        try {
          d.readFully(value);
        } catch (EOFException e) {
          throw new CorruptFilterException("provenance", "file truncated in the metadata");
        }
        left -= len;
        provenance = Provenance.decode(value);
        continue;
      }
      if (tag != TAG_KEY_TYPES) {
        throw new CorruptFilterException(
            "metadata tag", "unknown tag " + tag + " (this reader knows " + TAG_KEY_TYPES
                + " and " + TAG_PROVENANCE + ")");
      }
      if (len < 1 || len > KeySignature.MAX_ARITY || len > left) {
        throw new CorruptFilterException(
            "keyTypes",
            len + " key types, outside [1, " + KeySignature.MAX_ARITY + "] or past the "
                + m + " bytes of metadata");
      }
      java.util.List<KeyType> types = new java.util.ArrayList<>(len);
      for (int i = 0; i < len; i++) {
        int id = readInt(d, 1, "keyTypes");
        KeyType t = KeyType.fromId(id);
        if (t == null) {
          throw new CorruptFilterException(
              "keyTypes", "unknown key type id " + id + " of key field " + i);
        }
        types.add(t);
      }
      left -= len;
      keys = KeySignature.of(types);
    }
    if (keys == null) {
      throw new CorruptFilterException("keyTypes", "missing from the metadata of a version 2 file");
    }
    return new MetadataBlock(m, keys, provenance);
  }

  private static int readInt(DataInputStream d, String field) throws IOException {
    return readInt(d, 4, field);
  }

  /** A big-endian int of 4 bytes, or an unsigned byte; a truncation names {@code field}. */
  private static int readInt(DataInputStream d, int size, String field) throws IOException {
    try {
      return size == 1 ? d.readUnsignedByte() : d.readInt();
    } catch (EOFException e) {
      throw new CorruptFilterException(field, "file truncated in the metadata");
    }
  }
}
