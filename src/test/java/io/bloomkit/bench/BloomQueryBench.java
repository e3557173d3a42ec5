package io.bloomkit.bench;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.bloom.Key;
import org.apache.hadoop.util.hash.Hash;
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
 * Membership queries of ABSENT keys, Bloom filters at equal memory ({@code bitsPerKey * n} bits) and
 * equal k: bloomkit {@link BloomFilter} vs Hadoop {@code org.apache.hadoop.util.bloom.BloomFilter}
 * (MURMUR_HASH). Guava (which picks its own k) is in {@link GuavaQueryBench}. One op = one query;
 * each invocation queries {@value #BATCH} consecutive probes of a cycled set of 2^20 absent keys.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class BloomQueryBench {
  static final int BATCH = 1024;

  @Param("1000000")
  int n;

  @Param("16")
  int bitsPerKey;

  @Param({"11", "3"})
  int k;

  private byte[][] probes;
  private Key[] hadoopProbes;
  private int mask;
  private int off;
  private BloomFilter ours;
  private org.apache.hadoop.util.bloom.BloomFilter hadoop;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    byte[][] keys = BenchKeys.random(n, 1, BenchKeys.PRESENT);
    probes = BenchKeys.random(BenchKeys.PROBES, 2, BenchKeys.ABSENT);
    mask = probes.length - 1;
    long bits = (long) bitsPerKey * n;
    if (BenchKeys.runs(params, "bloomkitBloom")) {
      ours = BloomFilter.create(FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, n, 0, bitsPerKey, k));
      for (byte[] key : keys) {
        ours.add(key);
      }
    }
    if (BenchKeys.runs(params, "hadoopBloom")) {
      hadoop = new org.apache.hadoop.util.bloom.BloomFilter(Math.toIntExact(bits), k, Hash.MURMUR_HASH);
      for (byte[] key : keys) {
        hadoop.add(new Key(key));
      }
      hadoopProbes = BenchKeys.hadoop(probes);
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int bloomkitBloom() {
    int hits = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (ours.mightContain(probes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int hadoopBloom() {
    int hits = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (hadoop.membershipTest(hadoopProbes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }
}
