package io.bloomkit.bench;

import com.google.common.hash.BloomFilter;
import com.google.common.hash.Funnels;
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

/**
 * Guava {@code BloomFilter} (byteArrayFunnel) queried with the same absent probes as {@link
 * BloomQueryBench}, created with the fpp whose optimal sizing is {@code bitsPerKey} bits per key
 * (16 bits per key: fpp 4.59e-4, Guava picks k = 11). Guava cannot be given k, so it has no k param.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g", "-Xms3g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class GuavaQueryBench {
  static final int BATCH = BloomQueryBench.BATCH;

  @Param("1000000")
  int n;

  @Param("16")
  int bitsPerKey;

  private byte[][] probes;
  private int mask;
  private int off;
  private BloomFilter<byte[]> guava;

  @Setup(Level.Trial)
  public void setup() {
    byte[][] keys = BenchKeys.random(n, 1, BenchKeys.PRESENT);
    probes = BenchKeys.random(BenchKeys.PROBES, 2, BenchKeys.ABSENT);
    mask = probes.length - 1;
    guava =
        BloomFilter.create(
            Funnels.byteArrayFunnel(), n, BenchKeys.guavaFppForBitsPerKey(bitsPerKey));
    for (byte[] key : keys) {
      guava.put(key);
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int guavaBloom() {
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
