package io.bloomkit.bench;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.core.AcbfSizing;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import org.apache.hadoop.util.bloom.Key;
import org.apache.hadoop.util.hash.Hash;

/**
 * Non-timing facts for the benchmark report, written as JSON: the in-memory bits per counter of the
 * updatable ACBF ({@code inMemoryBits() / counters}, budget 4) at the update-benchmark sizes, with a
 * rough heap-delta cross-check, and the measured false positive rates of every filter in the query
 * benchmarks (to show that the equal-memory comparison is fair).
 *
 * <p>Usage: {@code BenchFacts OUT.json [--acbf-sizes 100000,10000000] [--churn 1000000]
 * [--query-n 1000000] [--bits-per-key 16] [--counters-per-key 16] [--k 3]}
 */
public final class BenchFacts {
  private static final HashStrategy HS = HashStrategy.MURMUR3_128_DOUBLE;

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    long[] acbfSizes = {100_000, 10_000_000};
    int churn = 1_000_000;
    int queryN = 1_000_000;
    int bitsPerKey = 16;
    int countersPerKey = 16;
    int k = 3;
    for (int i = 1; i < args.length; i += 2) {
      String v = args[i + 1];
      switch (args[i]) {
        case "--acbf-sizes":
          String[] p = v.split(",");
          acbfSizes = new long[p.length];
          for (int j = 0; j < p.length; j++) {
            acbfSizes[j] = Long.parseLong(p[j].trim());
          }
          break;
        case "--churn":
          churn = Integer.parseInt(v);
          break;
        case "--query-n":
          queryN = Integer.parseInt(v);
          break;
        case "--bits-per-key":
          bitsPerKey = Integer.parseInt(v);
          break;
        case "--counters-per-key":
          countersPerKey = Integer.parseInt(v);
          break;
        case "--k":
          k = Integer.parseInt(v);
          break;
        default:
          throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    List<String> memory = new ArrayList<>();
    for (long n : acbfSizes) {
      memory.addAll(acbfMemory(Math.toIntExact(n), countersPerKey, k, churn));
    }
    List<String> fpr = falsePositives(queryN, bitsPerKey);
    String json =
        "{\n  \"acbfMemory\": [\n    " + String.join(",\n    ", memory) + "\n  ],\n"
            + "  \"fpr\": [\n    " + String.join(",\n    ", fpr) + "\n  ]\n}\n";
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, json, StandardCharsets.UTF_8);
    System.out.print(json);
  }

  private static List<String> acbfMemory(int n, int countersPerKey, int k, int churn) {
    List<String> rows = new ArrayList<>();
    FilterShape shape = FilterShape.acbf(AcbfSizing.OPTIMAL, (long) countersPerKey * n, k, n, n);
    int u = Math.min(churn, n);
    byte[][] ring = BenchKeys.random(n + u, 3, BenchKeys.PRESENT); // the UpdateBench keys
    // bulk-built, with a heap-delta cross-check
    long before = usedHeap();
    AccurateCountingBloomFilter.BulkBuilder b = AccurateCountingBloomFilter.bulkBuilder(shape);
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      b.add(HS.hash(ring[i]));
    }
    AccurateCountingBloomFilter f = b.build();
    long buildNs = System.nanoTime() - t0;
    b = null;
    long heapBits = 8 * (usedHeap() - before);
    rows.add(memoryRow(f, "bulk build of n keys", heapBits, buildNs, n));
    // sliding-window churn: delete the oldest, insert a fresh key (what UpdateBench does)
    t0 = System.nanoTime();
    for (int i = 0; i < u; i++) {
      f.remove(HS.hash(ring[i]));
      f.add(HS.hash(ring[n + i]));
    }
    long churnNs = System.nanoTime() - t0;
    rows.add(memoryRow(f, "after " + u + " delete+insert updates", -1, churnNs, 2L * u));
    f = null;
    // one key at a time from empty
    before = usedHeap();
    AccurateCountingBloomFilter g = AccurateCountingBloomFilter.create(shape);
    t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      g.add(HS.hash(ring[i]));
    }
    long addNs = System.nanoTime() - t0;
    heapBits = 8 * (usedHeap() - before);
    rows.add(memoryRow(g, "n inserts one by one from empty", heapBits, addNs, n));
    return rows;
  }

  private static String memoryRow(
      AccurateCountingBloomFilter f, String scenario, long heapBits, long ns, long ops) {
    FilterShape s = f.shape();
    return String.format(
        Locale.ROOT,
        "{\"n\": %d, \"counters\": %d, \"k\": %d, \"m1\": %d, \"budgetBits\": %d, \"items\": %d,"
            + " \"scenario\": \"%s\", \"inMemoryBits\": %d, \"bitsPerCounter\": %.4f,"
            + " \"heapDeltaBitsPerCounter\": %s, \"levels\": %d, \"nsPerOp\": %.1f}",
        s.expectedItems(),
        s.counters(),
        s.numHashes(),
        s.positions(),
        s.memoryBits(),
        f.items(),
        scenario,
        f.inMemoryBits(),
        (double) f.inMemoryBits() / s.counters(),
        heapBits < 0 ? "null" : String.format(Locale.ROOT, "%.4f", (double) heapBits / s.counters()),
        f.levels(),
        (double) ns / ops);
  }

  private static long usedHeap() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** Measured rates over the 2^20 absent probes of the query benchmarks. */
  private static List<String> falsePositives(int n, int bitsPerKey) {
    byte[][] keys = BenchKeys.random(n, 1, BenchKeys.PRESENT);
    byte[][] probes = BenchKeys.random(BenchKeys.PROBES, 2, BenchKeys.ABSENT);
    List<String> rows = new ArrayList<>();
    long bits = (long) bitsPerKey * n;
    for (int k : new int[] {11, 3}) {
      BloomFilter ours =
          BloomFilter.create(FilterShape.forBitsPerKey(FilterFamily.BLOOM, null, n, 0, bitsPerKey, k));
      org.apache.hadoop.util.bloom.BloomFilter hadoop =
          new org.apache.hadoop.util.bloom.BloomFilter(Math.toIntExact(bits), k, Hash.MURMUR_HASH);
      for (byte[] key : keys) {
        ours.add(key);
        hadoop.add(new Key(key));
      }
      rows.add(fprRow("bloomkit BloomFilter", bits, k, n, rate(probes, ours::mightContain), ours));
      rows.add(fprRow("Hadoop BloomFilter (MURMUR_HASH)", bits, k, n,
          rate(probes, p -> hadoop.membershipTest(new Key(p))), null));
    }
    double fpp = BenchKeys.guavaFppForBitsPerKey(bitsPerKey);
    com.google.common.hash.BloomFilter<byte[]> guava =
        com.google.common.hash.BloomFilter.create(
            com.google.common.hash.Funnels.byteArrayFunnel(), n, fpp);
    for (byte[] key : keys) {
      guava.put(key);
    }
    // Guava's k and bit count are not public: its own sizing formulas (BloomFilter.optimalNumOf*)
    long gBits = (long) (-n * Math.log(fpp) / (Math.log(2) * Math.log(2)));
    int gK = Math.max(1, (int) Math.round((double) gBits / n * Math.log(2)));
    rows.add(fprRow(String.format(Locale.ROOT, "Guava BloomFilter (fpp %.3g)", fpp),
        (gBits + 63) / 64 * 64, gK, n, rate(probes, guava::mightContain), null));
    int k = 3;
    CountingBloomFilter cbf =
        CountingBloomFilter.create(
            FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, n, 0, bitsPerKey, k));
    AccurateCountingBloomFilter.BulkBuilder ab =
        AccurateCountingBloomFilter.bulkBuilder(
            FilterShape.forBitsPerKey(
                FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, n, 0, bitsPerKey, k));
    org.apache.hadoop.util.bloom.CountingBloomFilter hcbf =
        new org.apache.hadoop.util.bloom.CountingBloomFilter(
            Math.toIntExact(bits / 4), k, Hash.MURMUR_HASH);
    for (byte[] key : keys) {
      cbf.add(HS.hash(key));
      ab.add(HS.hash(key));
      hcbf.add(new Key(key));
    }
    AccurateCountingBloomFilter acbf = ab.build();
    rows.add(fprRow("bloomkit CountingBloomFilter", bits, k, n, rate(probes, cbf::mightContain), cbf));
    rows.add(fprRow("bloomkit ACBF (OPTIMAL, m1=" + acbf.shape().positions() + ")", bits, k, n,
        rate(probes, acbf::mightContain), acbf));
    rows.add(fprRow("Hadoop CountingBloomFilter (MURMUR_HASH)", bits, k, n,
        rate(probes, p -> hcbf.membershipTest(new Key(p))), null));
    return rows;
  }

  private static double rate(byte[][] probes, Predicate<byte[]> test) {
    long hits = 0;
    for (byte[] p : probes) {
      if (test.test(p)) {
        hits++;
      }
    }
    return (double) hits / probes.length;
  }

  private static String fprRow(String filter, long bits, int k, int n, double measured, Filter f) {
    return String.format(
        Locale.ROOT,
        "{\"filter\": \"%s\", \"memoryBits\": %d, \"k\": %d, \"n\": %d, \"measuredFpr\": %.3e,"
            + " \"theoreticalFpr\": %s}",
        filter,
        bits,
        k,
        n,
        measured,
        f == null ? "null" : String.format(Locale.ROOT, "%.3e", f.expectedFpp()));
  }
}
