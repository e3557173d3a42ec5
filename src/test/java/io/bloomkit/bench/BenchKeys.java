package io.bloomkit.bench;

import java.util.SplittableRandom;
import org.apache.hadoop.util.bloom.Key;

/**
 * Pre-generated keys shared by every benchmark, so that each library hashes the same bytes itself.
 * Keys are {@value #KEY_BYTES} random bytes; the first byte tags the set (present keys and absent
 * probes can never collide).
 */
final class BenchKeys {
  static final int KEY_BYTES = 16;
  static final byte PRESENT = 'P';
  static final byte ABSENT = 'A';
  /** Absent probes per query benchmark (a power of two, cycled). */
  static final int PROBES = 1 << 20;

  private BenchKeys() {}

  /** {@code count} distinct (with overwhelming probability) keys tagged {@code tag}. */
  static byte[][] random(int count, long seed, byte tag) {
    SplittableRandom r = new SplittableRandom(seed);
    byte[][] keys = new byte[count][];
    for (int i = 0; i < count; i++) {
      byte[] b = new byte[KEY_BYTES];
      long x = r.nextLong();
      long y = r.nextLong();
      for (int j = 0; j < 8; j++) {
        b[j] = (byte) (x >>> (8 * j));
        b[8 + j] = (byte) (y >>> (8 * j));
      }
      b[0] = tag;
      keys[i] = b;
    }
    return keys;
  }

  /** Hadoop {@link Key}s wrapping the same byte arrays (built once, outside the timed code). */
  static Key[] hadoop(byte[][] keys) {
    Key[] k = new Key[keys.length];
    for (int i = 0; i < keys.length; i++) {
      k[i] = new Key(keys[i]);
    }
    return k;
  }

  /** Guava's {@code fpp} whose optimal sizing gives {@code bitsPerKey} bits per key. */
  static double guavaFppForBitsPerKey(double bitsPerKey) {
    return Math.exp(-bitsPerKey * Math.log(2) * Math.log(2));
  }

  /** True when the running benchmark method is {@code method} (setup builds only what it needs). */
  static boolean runs(org.openjdk.jmh.infra.BenchmarkParams params, String method) {
    return params.getBenchmark().endsWith("." + method);
  }
}
