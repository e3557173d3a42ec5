package io.bloomkit.core.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import org.apache.commons.codec.digest.MurmurHash3;
import org.junit.jupiter.api.Test;

/**
 * {@link KeyHasher} against the library it replaces on the hot path: commons-codec's {@code
 * MurmurHash3.hash128x64(key, offset, length, 0)}, on every length from 0 to 256 (every tail of 0
 * to 15 bytes after 0 to 16 blocks) at random offsets, with bytes of every value (the tail bytes
 * are unsigned), and on random keys; one hasher reused throughout, as the map tasks reuse it.
 */
public class KeyHasherTest {
  private final KeyHasher hasher = HashStrategy.MURMUR3_128_DOUBLE.hasher();

  private void check(byte[] buf, int offset, int length) {
    long[] want = MurmurHash3.hash128x64(buf, offset, length, 0);
    hasher.hash(buf, offset, length);
    String at = "length " + length + " at " + offset;
    assertEquals(want[0], hasher.h1(), at);
    assertEquals(want[1], hasher.h2(), at);
    KeyHash h = HashStrategy.MURMUR3_128_DOUBLE.hash(buf, offset, length);
    assertEquals(want[0], h.h1(), at);
    assertEquals(want[1], h.h2(), at);
  }

  @Test
  public void equalsTheLibraryOnEveryLengthAndOffset() {
    Random rnd = new Random(20261123);
    byte[] buf = new byte[300];
    for (int length = 0; length <= 256; length++) {
      for (int trial = 0; trial < 20; trial++) {
        rnd.nextBytes(buf);
        check(buf, rnd.nextInt(buf.length - length + 1), length);
      }
    }
  }

  @Test
  public void equalsTheLibraryOnBytesOfEveryValue() {
    // each byte value in each tail position and in a block, negative ones included
    byte[] buf = new byte[33];
    for (int v = 0; v < 256; v++) {
      for (int length = 1; length <= buf.length; length++) {
        java.util.Arrays.fill(buf, (byte) 0);
        buf[length - 1] = (byte) v;
        buf[0] = (byte) (255 - v);
        check(buf, 0, length);
      }
    }
  }

  @Test
  public void equalsTheLibraryOnRandomKeys() {
    Random rnd = new Random(7);
    for (int i = 0; i < 100_000; i++) {
      byte[] key = new byte[rnd.nextInt(64)];
      rnd.nextBytes(key);
      check(key, 0, key.length);
    }
  }

  @Test
  public void knowsItsStrategy() {
    assertSame(HashStrategy.MURMUR3_128_DOUBLE, hasher.strategy());
    assertSame(hasher, hasher.hash(new byte[0], 0, 0));
  }
}
