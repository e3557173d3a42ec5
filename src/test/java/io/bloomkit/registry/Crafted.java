package io.bloomkit.registry;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * Hand-made filter files for the format's checks: a header of any values, the payload bytes given
 * (however many the header claims) and a correct checksum over what is there, so the only damage
 * is the one a test means.
 */
public final class Crafted {
  private Crafted() {}

  /** Header fields in file order; {@code payload} follows, then the CRC32C of all before it. */
  public static byte[] file(
      int family, int numHashes, int variant, long positions, long counters, long memoryBits,
      long items, long capacity, long payloadBytes, byte[] payload) {
    try {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      DataOutputStream d = new DataOutputStream(b);
      d.writeInt(0x424C4D4B);
      d.writeShort(1);
      d.writeByte(family);
      d.writeByte(1);
      d.writeInt(numHashes);
      d.writeInt(variant);
      d.writeLong(positions);
      d.writeLong(counters);
      d.writeLong(memoryBits);
      d.writeLong(items);
      d.writeLong(capacity);
      d.writeLong(payloadBytes);
      d.write(payload);
      CRC32C crc = new CRC32C();
      crc.update(b.toByteArray());
      d.writeInt((int) crc.getValue());
      return b.toByteArray();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * A version 2 file as docs/format.md draws it: the header of the version 1 file {@code v1} with
   * version 2, the metadata length m, {@code metadata} (any bytes), the payload of {@code v1} and
   * the CRC32C of all before it.
   */
  public static byte[] version2(byte[] v1, byte[] metadata) {
    int payload = v1.length - 64 - 4;
    ByteBuffer b = ByteBuffer.allocate(64 + 4 + metadata.length + payload + 4);
    b.put(v1, 0, 64).putShort(4, (short) 2);
    b.putInt(metadata.length).put(metadata).put(v1, 64, payload);
    CRC32C crc = new CRC32C();
    crc.update(b.array(), 0, b.position());
    b.putInt((int) crc.getValue());
    return b.array();
  }

  /** The documented key-types entry: tag 1, the arity as its 4-byte length, one id byte a type. */
  public static byte[] keyTypesEntry(int... ids) {
    ByteBuffer b = ByteBuffer.allocate(5 + ids.length).put((byte) 1).putInt(ids.length);
    for (int id : ids) {
      b.put((byte) id);
    }
    return b.array();
  }

  /** The documented provenance entry: tag 2, the value's 4-byte length, the value. */
  public static byte[] provenanceEntry(byte[] value) {
    return ByteBuffer.allocate(5 + value.length).put((byte) 2).putInt(value.length).put(value)
        .array();
  }

  /** Big-endian longs as bytes (payload parameters). */
  public static byte[] longs(long... v) {
    ByteBuffer b = ByteBuffer.allocate(8 * v.length);
    for (long x : v) {
      b.putLong(x);
    }
    return b.array();
  }

  /** A golden file's bytes from {@code src/test/resources/golden}. */
  public static byte[] golden(String name) throws IOException {
    try (InputStream in = Crafted.class.getResourceAsStream("/golden/" + name + ".bkf")) {
      if (in == null) {
        throw new IOException("no golden file " + name);
      }
      return in.readAllBytes();
    }
  }

  /** {@code a} then {@code b}. */
  public static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
