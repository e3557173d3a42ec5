package io.bloomkit.core.hash;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A reusable hasher of one {@link HashStrategy}: {@link #hash} leaves the key's two 64-bit halves
 * in {@link #h1()} and {@link #h2()} instead of returning a new object, so a map task that hashes
 * every record allocates nothing per record (hold one per task, or per thread: it is not
 * thread-safe). {@code filter.mightContain(key, offset, length, hasher)} probes with it.
 *
 * <p>The halves are those of {@link HashStrategy#MURMUR3_128_DOUBLE}: Murmur3 x64 128 (Austin
 * Appleby's MurmurHash3_x64_128) with seed 0, as commons-codec's {@code
 * MurmurHash3.hash128x64(key, offset, length, 0)} computes them. That library returns a new
 * {@code long[2]} per call; this is the same function written to keep its result in fields (a test
 * checks it against the library on every length up to 256 and random keys).
 */
public final class KeyHasher {
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private final HashStrategy strategy;
  private long h1;
  private long h2;

  KeyHasher(HashStrategy strategy) {
    this.strategy = strategy;
  }

  /** The strategy whose halves this computes. */
  public HashStrategy strategy() {
    return strategy;
  }

  /** Hashes {@code length} bytes of {@code key} from {@code offset}; returns this hasher. */
  public KeyHasher hash(byte[] key, int offset, int length) {
    long a = 0;
    long b = 0;
    int blocks = length >>> 4;
    int at = offset;
    for (int i = 0; i < blocks; i++, at += 16) {
      long k1 = (long) LONG_LE.get(key, at);
      long k2 = (long) LONG_LE.get(key, at + 8);
      a ^= mixK1(k1);
      a = Long.rotateLeft(a, 27) + b;
      a = a * 5 + 0x52dce729;
      b ^= mixK2(k2);
      b = Long.rotateLeft(b, 31) + a;
      b = b * 5 + 0x38495ab5;
    }
    int tail = length & 15;
    if (tail > 8) {
      long k2 = 0;
      for (int i = tail - 1; i >= 8; i--) {
        k2 = (k2 << 8) | (key[at + i] & 0xffL);
      }
      b ^= mixK2(k2);
    }
    if (tail > 0) {
      long k1 = 0;
      for (int i = Math.min(tail, 8) - 1; i >= 0; i--) {
        k1 = (k1 << 8) | (key[at + i] & 0xffL);
      }
      a ^= mixK1(k1);
    }
    a ^= length;
    b ^= length;
    a += b;
    b += a;
    a = fmix64(a);
    b = fmix64(b);
    a += b;
    b += a;
    h1 = a;
    h2 = b;
    return this;
  }

  /** The first half of the last key hashed. */
  public long h1() {
    return h1;
  }

  /** The second half of the last key hashed. */
  public long h2() {
    return h2;
  }

  private static long mixK1(long k1) {
    return Long.rotateLeft(k1 * C1, 31) * C2;
  }

  private static long mixK2(long k2) {
    return Long.rotateLeft(k2 * C2, 33) * C1;
  }

  private static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
