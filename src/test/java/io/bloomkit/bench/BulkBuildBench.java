package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.core.AcbfSizing;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * One-thread ACBF bulk build ({@code bulkBuilder}) of n keys at {@code bitsPerKey} bits per key,
 * OPTIMAL sizing, best k. One shot = one whole build; keys per second = n / score. {@code fromBytes}
 * hashes the key bytes inside the timed code (what a job does, one {@code add(hash(key))} per key);
 * {@code prehashed} starts from {@link KeyHash}es to separate hashing from counting and encoding;
 * {@code fromBytesBlocked} hashes blocks of {@value #BLOCK} keys, then adds the block (same API,
 * only the call site differs: the random counter increments of a block run back to back, which lets
 * the CPU overlap their cache misses).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-Xms4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class BulkBuildBench {
  @Param("10000000")
  int n;

  @Param("16")
  int bitsPerKey;

  static final int BLOCK = 1024;
  private static final HashStrategy HS = HashStrategy.MURMUR3_128_DOUBLE;
  private FilterShape shape;
  private byte[][] keys;
  private KeyHash[] hashes;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    shape =
        FilterShape.forBitsPerKey(
            FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, n, 0, bitsPerKey, 0);
    keys = BenchKeys.random(n, 4, BenchKeys.PRESENT);
    if (BenchKeys.runs(params, "prehashed")) {
      hashes = new KeyHash[n];
      for (int i = 0; i < n; i++) {
        hashes[i] = HS.hash(keys[i]);
      }
      keys = null;
    }
    System.out.println("\n[bulk build] shape " + shape);
  }

  @Benchmark
  public AccurateCountingBloomFilter fromBytes() {
    AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
    for (byte[] key : keys) {
      b.add(HS.hash(key));
    }
    return b.build();
  }

  @Benchmark
  public AccurateCountingBloomFilter fromBytesBlocked() {
    AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
    KeyHash[] block = new KeyHash[BLOCK];
    for (int i = 0; i < keys.length; i += BLOCK) {
      int m = Math.min(BLOCK, keys.length - i);
      for (int j = 0; j < m; j++) {
        block[j] = HS.hash(keys[i + j]);
      }
      for (int j = 0; j < m; j++) {
        b.add(block[j]);
      }
    }
    return b.build();
  }

  @Benchmark
  public AccurateCountingBloomFilter prehashed() {
    AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
    for (KeyHash h : hashes) {
      b.add(h);
    }
    return b.build();
  }
}
