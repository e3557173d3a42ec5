package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.sbbf.SplitBlockBloomFilter;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Probe time per key of absent keys (hash included, as a join task probes) at 10^6, 10^7 and
 * 10^8 keys and 16 bits per key, so the filters (2 MB, 20 MB, 200 MB) go from cache-resident to
 * far larger than the cache: bloomkit's Bloom filter (its best k, 11), split-block filter (8 bits
 * in one 32-byte block), ACBF (its first level, what a join task loads; best k) and Guava's
 * BloomFilter at the fpp whose optimal sizing is 16 bits per key; and the exact key set (a binary
 * search of its sorted keys), at 10^6 and 10^7 keys ({@code -p n=1000000,10000000}: 10^8 keys of
 * 16 bytes do not fit the fork's heap). Keys are 16 random bytes made
 * from a seed as they are added (10^8 keys are never held at once); the 2^20 absent probes are
 * cycled. The planner's probe costs ({@code join.plan.ProbeCosts}) are these numbers.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx6g", "-Xms6g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class LargeFilterProbeBench {
  static final int BATCH = 1024;

  @Param({"1000000", "10000000", "100000000"})
  int n;

  @Param("16")
  int bitsPerKey;

  private byte[][] probes;
  private int mask;
  private int off;
  private Filter filter;
  private com.google.common.hash.BloomFilter<byte[]> guava;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    probes = BenchKeys.random(BenchKeys.PROBES, 2, BenchKeys.ABSENT);
    mask = probes.length - 1;
    if (BenchKeys.runs(params, "guava")) {
      guava = com.google.common.hash.BloomFilter.create(
          com.google.common.hash.Funnels.byteArrayFunnel(), n,
          BenchKeys.guavaFppForBitsPerKey(bitsPerKey));
      fill(guava::put);
      return;
    }
    if (BenchKeys.runs(params, "bf")) {
      BloomFilter bf = BloomFilter.create(
          FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, n, 0, bitsPerKey, 0));
      fill(bf::add);
      filter = bf;
    } else if (BenchKeys.runs(params, "sbbf")) {
      SplitBlockBloomFilter s = SplitBlockBloomFilter.create(
          FilterShape.forBitsPerKey(FilterFamily.SPLIT_BLOCK, null, n, 0, bitsPerKey, 0));
      fill(s::add);
      filter = s;
    } else if (BenchKeys.runs(params, "exact")) {
      // the tag moves to the last byte: a sorted key set searched for keys whose first byte is
      // the absent tag would always take the same path, in cache
      java.util.List<byte[]> keys = new java.util.ArrayList<>(n);
      fill(k -> keys.add(tagLast(k.clone())));
      filter = io.bloomkit.bloom.ExactKeySet.of(keys);
      for (int i = 0; i < probes.length; i++) {
        probes[i] = tagLast(probes[i]);
      }
    } else {
      AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(
          FilterShape.forBitsPerKey(
              FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, n, 0, bitsPerKey, 0));
      fill(k -> b.add(io.bloomkit.core.hash.HashStrategy.MURMUR3_128_DOUBLE.hash(k)));
      filter = b.build();
    }
  }

  /** The key with its tag byte (byte 0) swapped with its last, random, byte. */
  private static byte[] tagLast(byte[] k) {
    byte tag = k[0];
    k[0] = k[k.length - 1];
    k[k.length - 1] = tag;
    return k;
  }

  /** Adds n keys of 16 random bytes (seed 1, tag PRESENT), one reused buffer. */
  private void fill(java.util.function.Consumer<byte[]> add) {
    SplittableRandom r = new SplittableRandom(1);
    byte[] b = new byte[BenchKeys.KEY_BYTES];
    for (int i = 0; i < n; i++) {
      long x = r.nextLong();
      long y = r.nextLong();
      for (int j = 0; j < 8; j++) {
        b[j] = (byte) (x >>> (8 * j));
        b[8 + j] = (byte) (y >>> (8 * j));
      }
      b[0] = BenchKeys.PRESENT;
      add.accept(b);
    }
  }

  private int probe() {
    int hits = 0;
    int o = off;
    Filter f = filter;
    for (int j = 0; j < BATCH; j++) {
      if (f.mightContain(probes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int bf() {
    return probe();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int sbbf() {
    return probe();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int acbf() {
    return probe();
  }

  /** The exact key set (binary search of the sorted keys); run at 10^6 and 10^7 keys only. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int exact() {
    return probe();
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int guava() {
    int hits = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (guava.mightContain(probes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }
}
