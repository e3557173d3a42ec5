package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.AcbfSizing;
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
 * Absent-key queries on the counting filters at equal memory ({@code bitsPerKey * n} bits: 4-bit
 * counters for the CBFs, a 4m-bit budget for the ACBF, OPTIMAL sizing) and equal k: bloomkit CBF and
 * ACBF vs Hadoop {@code CountingBloomFilter} (MURMUR_HASH).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class CountingQueryBench {
  static final int BATCH = BloomQueryBench.BATCH;

  @Param("1000000")
  int n;

  @Param("16")
  int bitsPerKey;

  @Param("3")
  int k;

  private byte[][] probes;
  private Key[] hadoopProbes;
  private int mask;
  private int off;
  private CountingBloomFilter cbf;
  private AccurateCountingBloomFilter acbf;
  private org.apache.hadoop.util.bloom.CountingBloomFilter hadoop;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    byte[][] keys = BenchKeys.random(n, 1, BenchKeys.PRESENT);
    probes = BenchKeys.random(BenchKeys.PROBES, 2, BenchKeys.ABSENT);
    mask = probes.length - 1;
    HashStrategy hs = HashStrategy.MURMUR3_128_DOUBLE;
    if (BenchKeys.runs(params, "bloomkitCbf")) {
      cbf = CountingBloomFilter.create(
          FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, n, 0, bitsPerKey, k));
      for (byte[] key : keys) {
        cbf.add(hs.hash(key));
      }
    }
    if (BenchKeys.runs(params, "bloomkitAcbf")) {
      AccurateCountingBloomFilter.BulkBuilder b =
          AccurateCountingBloomFilter.bulkBuilder(
              FilterShape.forBitsPerKey(
                  FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, n, 0, bitsPerKey, k));
      for (byte[] key : keys) {
        b.add(hs.hash(key));
      }
      acbf = b.build();
    }
    if (BenchKeys.runs(params, "hadoopCbf")) {
      long counters = (long) bitsPerKey * n / 4;
      hadoop =
          new org.apache.hadoop.util.bloom.CountingBloomFilter(
              Math.toIntExact(counters), k, Hash.MURMUR_HASH);
      for (byte[] key : keys) {
        hadoop.add(new Key(key));
      }
      hadoopProbes = BenchKeys.hadoop(probes);
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int bloomkitCbf() {
    int hits = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (cbf.mightContain(probes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int bloomkitAcbf() {
    int hits = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (acbf.mightContain(probes[(o + j) & mask])) {
        hits++;
      }
    }
    off = o + BATCH;
    return hits;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int hadoopCbf() {
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
