package io.bloomkit.bench;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StreamFilter;
import io.bloomkit.core.hash.KeyHash;
import io.bloomkit.window.TimerFilter;
import io.bloomkit.window.WindowFilters;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
 * Updates and queries of the Bloom, counting and timer filters, one filter shared by all benchmark
 * threads ({@code -t}): {@code mode=plain} is the one-thread filter ({@code create}, {@code
 * WindowFilters.timer}; run it with {@code -t 1} only), {@code mode=concurrent} the lock-free one
 * ({@code concurrent(...)}). Every operation uses a fresh key (SplitMix64 of a per-thread counter,
 * hashing included), so adds really set bits: the filters are large (2^27 bits, 2^24 counters, 2^22
 * timers, k = 3) and the Bloom and timer filters are rebuilt before every iteration, so they stay
 * far from full (the counting filter holds the last 64 keys of each thread). Score: average time
 * per operation and thread (throughput of t threads = t / score).
 *
 * <ul>
 *   <li>{@code bloomAdd}; {@code bloomQuery}: absent keys in a half-full filter of 2^24 bits.
 *   <li>{@code cbfAddRemove}: add a key, then remove the key added 64 operations before (2 ops).
 *   <li>{@code timerOffer}: {@code offer} at a clock that advances one unit per 16 events per
 *       thread, window 2^16 units.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Xms1g"})
@State(Scope.Benchmark)
public class ConcurrentUpdateBench {
  @Param({"plain", "concurrent"})
  String mode;

  private static final int K = 3;
  private static final AtomicInteger THREAD_IDS = new AtomicInteger();

  BloomFilter bloom;
  BloomFilter halfFull;
  CountingBloomFilter cbf;
  StreamFilter timer;

  @Setup(Level.Trial)
  public void trial(BenchmarkParams params) {
    if (!mode.equals("plain") && !mode.equals("concurrent")) {
      throw new IllegalArgumentException("mode must be plain or concurrent: " + mode);
    }
    FilterShape c = FilterShape.counting(1L << 24, K, 1 << 20);
    // kept for the whole trial: a thread removes only keys it added to this filter
    cbf = mode.equals("plain") ? CountingBloomFilter.create(c) : CountingBloomFilter.concurrent(c);
    if (!BenchKeys.runs(params, "bloomQuery")) {
      return;
    }
    FilterShape q = FilterShape.bloom(1L << 24, K, 1 << 22);
    halfFull = mode.equals("plain") ? BloomFilter.create(q) : BloomFilter.concurrent(q);
    // 2^24 bits, k = 3: 2^24 * ln 2 / 3 keys set half the bits
    long keys = (long) ((1L << 24) * Math.log(2) / K);
    for (long i = 0; i < keys; i++) {
      halfFull.add(fresh(-1 - i));
    }
  }

  private BloomFilter newBloom() {
    FilterShape s = FilterShape.bloom(1L << 27, K, 1 << 22);
    return mode.equals("plain") ? BloomFilter.create(s) : BloomFilter.concurrent(s);
  }

  @Setup(Level.Iteration)
  public void iteration() {
    bloom = newBloom();
    timer =
        mode.equals("plain")
            ? WindowFilters.timer(1L << 22, K, 1L << 16, 0)
            : TimerFilter.concurrent(1L << 22, K, 1L << 16, 0, false);
  }

  /** SplitMix64 of {@code x}, twice: a fresh 128-bit key hash per counter value. */
  static KeyHash fresh(long x) {
    long a = mix(x * 0x9E3779B97F4A7C15L);
    return new KeyHash(a, mix(a ^ 0xD1B54A32D192ED03L));
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Per benchmark thread: its own key stream (thread id in the high bits). */
  @State(Scope.Thread)
  public static class Keys {
    long next;

    @Setup(Level.Trial)
    public void setup() {
      next = (long) THREAD_IDS.incrementAndGet() << 40;
    }
  }

  @Benchmark
  public boolean bloomAdd(Keys k) {
    return bloom.add(fresh(k.next++));
  }

  @Benchmark
  public boolean bloomQuery(Keys k) {
    return halfFull.mightContain(fresh(k.next++));
  }

  @Benchmark
  @OperationsPerInvocation(2)
  public void cbfAddRemove(Keys k) {
    long i = k.next++;
    cbf.add(fresh(i));
    if ((i & 0xFFFFFFFFFFL) >= 64) {
      cbf.remove(fresh(i - 64));
    }
  }

  @Benchmark
  public boolean timerOffer(Keys k) {
    long i = k.next++;
    return timer.offer(fresh(i), (i & 0xFFFFFFFFFFL) >>> 4, 1.0);
  }
}
