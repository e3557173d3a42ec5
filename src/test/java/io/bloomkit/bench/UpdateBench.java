package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Updates at equal memory and k: ACBF {@code acbf(OPTIMAL, countersPerKey*n, k, n, n)} (budget
 * {@code 4*countersPerKey} bits per key), bloomkit CBF and Hadoop CountingBloomFilter with {@code
 * countersPerKey*n} 4-bit counters.
 *
 * <p>The filter holds a sliding window of n keys out of a ring of {@code n + fresh} distinct keys.
 * One invocation = delete the oldest key, then insert the next fresh one (2 ops, so scores are per
 * single update, hashing of the key bytes included); n stays constant and never exceeds the ACBF
 * capacity n. SampleTime: the score is the mean, the JSON holds the percentiles (p50 = median).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-Xms4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class UpdateBench {
  @Param({"100000", "10000000"})
  int n;

  @Param("16")
  int countersPerKey;

  @Param("3")
  int k;

  private byte[][] ring;
  private Key[] hadoopRing;
  private int head;
  private AccurateCountingBloomFilter acbf;
  private CountingBloomFilter cbf;
  private org.apache.hadoop.util.bloom.CountingBloomFilter hadoop;
  private static final HashStrategy HS = HashStrategy.MURMUR3_128_DOUBLE;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    int fresh = Math.min(n, 1 << 20); // keys outside the window, inserted in turn
    ring = BenchKeys.random(Math.addExact(n, fresh), 3, BenchKeys.PRESENT);
    long counters = (long) countersPerKey * n;
    if (BenchKeys.runs(params, "acbf")) {
      AccurateCountingBloomFilter.BulkBuilder b =
          AccurateCountingBloomFilter.bulkBuilder(FilterShape.acbf(AcbfSizing.OPTIMAL, counters, k, n, n));
      for (int i = 0; i < n; i++) {
        b.add(HS.hash(ring[i]));
      }
      acbf = b.build();
    }
    if (BenchKeys.runs(params, "cbf")) {
      cbf = CountingBloomFilter.create(FilterShape.counting(counters, k, n));
      for (int i = 0; i < n; i++) {
        cbf.add(HS.hash(ring[i]));
      }
    }
    if (BenchKeys.runs(params, "hadoopCbf")) {
      hadoop =
          new org.apache.hadoop.util.bloom.CountingBloomFilter(
              Math.toIntExact(counters), k, Hash.MURMUR_HASH);
      hadoopRing = BenchKeys.hadoop(ring);
      for (int i = 0; i < n; i++) {
        hadoop.add(hadoopRing[i]);
      }
    }
    head = 0;
  }

  /** The ring index of the key to insert after deleting {@code ring[head]}. */
  private int freshIndex() {
    int f = head + n;
    return f >= ring.length ? f - ring.length : f;
  }

  private void advance() {
    head = head + 1 == ring.length ? 0 : head + 1;
  }

  @Benchmark
  @OperationsPerInvocation(2)
  public void acbf() {
    acbf.remove(HS.hash(ring[head]));
    acbf.add(HS.hash(ring[freshIndex()]));
    advance();
  }

  @Benchmark
  @OperationsPerInvocation(2)
  public void cbf() {
    cbf.remove(HS.hash(ring[head]));
    cbf.add(HS.hash(ring[freshIndex()]));
    advance();
  }

  @Benchmark
  @OperationsPerInvocation(2)
  public void hadoopCbf() {
    hadoop.delete(hadoopRing[head]);
    hadoop.add(hadoopRing[freshIndex()]);
    advance();
  }

  @TearDown(Level.Trial)
  public void report() {
    if (acbf != null) {
      // stdout of the fork ends up in the JMH log; the report takes the figure from BenchFacts
      System.out.printf(
          "%n[acbf n=%d] items=%d inMemoryBits/counter=%.3f (budget 4.000), levels=%d%n",
          n, acbf.items(), (double) acbf.inMemoryBits() / acbf.shape().counters(), acbf.levels());
    }
  }
}
