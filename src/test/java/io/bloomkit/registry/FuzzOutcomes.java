package io.bloomkit.registry;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.UnsupportedFamilyException;

/**
 * The outcomes a deserializer may have on arbitrary bytes: success, or one of the documented
 * exceptions ({@link CorruptFilterException} for damage, {@link UnsupportedFamilyException} for a
 * well-formed file of a family the reader does not take). Anything else, an unchecked exception,
 * an {@link OutOfMemoryError} or a {@link StackOverflowError}, propagates and is a finding.
 */
public final class FuzzOutcomes {
  private FuzzOutcomes() {}

  /** Something reading bytes. */
  public interface Read<T> {
    T read() throws Exception;
  }

  /**
   * A copy of {@code b} whose checksum is right for the payload (and, in version 2, metadata)
   * length its header declares (when the file is long enough to hold it), so that the fuzzer reaches the payload checks that run
   * after the checksum; otherwise {@code b} itself.
   */
  public static byte[] withValidChecksum(byte[] b) {
    int header = 64;
    if (b.length < header + 4) {
      return b;
    }
    if (b[4] == 0 && b[5] == 2) { // version 2: the metadata block sits between header and payload
      int m = java.nio.ByteBuffer.wrap(b, 64, 4).getInt();
      if (m < 0 || m > b.length - header - 8) {
        return b;
      }
      header += 4 + m;
    }
    long payload = java.nio.ByteBuffer.wrap(b, 56, 8).getLong();
    if (payload < 0 || payload > b.length - header - 4) {
      return b;
    }
    int end = header + (int) payload;
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(b, 0, end);
    byte[] c = b.clone();
    java.nio.ByteBuffer.wrap(c, end, 4).putInt((int) crc.getValue());
    return c;
  }

  /** The value read, or null when {@code read} failed with a documented exception. */
  public static <T> T allowed(Read<T> read) throws Exception {
    try {
      return read.read();
    } catch (CorruptFilterException e) {
      if (e.field() == null || e.field().isEmpty()) {
        throw new AssertionError("a corrupt filter must name its field", e);
      }
      return null;
    } catch (UnsupportedFamilyException e) {
      return null;
    }
  }
}
