package io.bloomkit.mapreduce.join;

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

/**
 * A map-side join's lookup per right record: {@link LeftTable#find} of absent keys (a semijoin of
 * 1% of orders finds 99% of lineitem's keys absent) in a keys-only table of n keys, 8-byte keys
 * as a long key's canonical bytes are, from 15,000 (TPC-H SF 1 with 1% of orders) to 1.5M (SF 10
 * with 10%): from cache-resident to far larger than the cache. The 2^20 absent probes are cycled.
 * <pre>
 *   java -cp target/test-classes:target/classes:$(cat target/bench-cp.txt) org.openjdk.jmh.Main \
 *     'io\.bloomkit\.mapreduce\.join\.LeftTableLookupBench' -f 1 -wi 2 -w 1s -i 3 -r 1s
 * </pre>
 * (the figures in LeftTable's documentation and docs/planner.md; the object-keyed map's, of the
 * same command at 0a67cb6).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-Xms2g"})
@State(Scope.Benchmark)
public class LeftTableLookupBench {
  static final int BATCH = 1024;

  @Param({"15000", "150000", "1500000"})
  int n;

  private byte[][] probes;
  private int off;
  private LeftTable table;

  private static byte[] key(long v) {
    byte[] b = new byte[8];
    for (int j = 0; j < 8; j++) {
      b[j] = (byte) (v >>> (56 - 8 * j));
    }
    return b;
  }

  @Setup(Level.Trial)
  public void setup() {
    SplittableRandom r = new SplittableRandom(1);
    LeftTable t = new LeftTable();
    for (int i = 0; i < n; i++) {
      byte[] k = key(r.nextLong() | 1); // present keys odd, probes even: never found
      t.add(k, 8, new byte[0], 0);
    }
    table = t.view();
    probes = new byte[1 << 20][];
    for (int i = 0; i < probes.length; i++) {
      probes[i] = key(r.nextLong() & ~1L);
    }
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int find() {
    int found = 0;
    int o = off;
    for (int j = 0; j < BATCH; j++) {
      if (table.find(probes[(o + j) & (probes.length - 1)], 8) >= 0) {
        found++;
      }
    }
    off = o + BATCH;
    return found;
  }
}
