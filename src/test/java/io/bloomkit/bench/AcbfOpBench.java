package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
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
 * ACBF insert and delete timed separately (the same filter and keys as {@link UpdateBench#acbf}).
 * The complementary operation runs in a {@code Level.Invocation} setup, outside the timed region:
 * {@code insert} times adding a fresh key after the setup deleted the oldest; {@code remove} times
 * deleting the oldest key after the setup inserted a fresh one. The filter moves between n-1 and n
 * items. SampleTime times every sampled invocation individually, so the per-invocation setup adds no
 * bias to the percentiles (it does warm nothing the timed operation uses, except by chance).
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g", "-Xms4g", "-XX:+AlwaysPreTouch"})
@State(Scope.Benchmark)
public class AcbfOpBench {
  @Param({"100000", "10000000"})
  int n;

  @Param("16")
  int countersPerKey;

  @Param("3")
  int k;

  private static final HashStrategy HS = HashStrategy.MURMUR3_128_DOUBLE;
  private byte[][] ring;
  // resident window between invocations: ring[head, head + n) for insert, ring[head, head + n - 1)
  // for remove (indices modulo ring.length)
  private int head;
  private boolean insertBench;
  private AccurateCountingBloomFilter acbf;

  @Setup(Level.Trial)
  public void setup(BenchmarkParams params) {
    int fresh = Math.min(n, 1 << 20);
    ring = BenchKeys.random(Math.addExact(n, fresh), 3, BenchKeys.PRESENT);
    insertBench = BenchKeys.runs(params, "insert");
    AccurateCountingBloomFilter.BulkBuilder b =
        AccurateCountingBloomFilter.bulkBuilder(
            FilterShape.acbf(AcbfSizing.OPTIMAL, (long) countersPerKey * n, k, n, n));
    int preload = insertBench ? n : n - 1;
    for (int i = 0; i < preload; i++) {
      b.add(HS.hash(ring[i]));
    }
    acbf = b.build();
    head = 0;
  }

  private int at(int i) {
    return i >= ring.length ? i - ring.length : i;
  }

  @Setup(Level.Invocation)
  public void complement() {
    if (insertBench) {
      acbf.remove(HS.hash(ring[head]));
      head = at(head + 1); // window ring[head, head + n - 1)
    } else {
      acbf.add(HS.hash(ring[at(head + n - 1)])); // window ring[head, head + n)
    }
  }

  /** Inserts the next fresh key (n-1 -> n items). */
  @Benchmark
  public void insert() {
    acbf.add(HS.hash(ring[at(head + n - 1)]));
  }

  /** Deletes the oldest key (n -> n-1 items). */
  @Benchmark
  public void remove() {
    acbf.remove(HS.hash(ring[head]));
    head = at(head + 1);
  }
}
