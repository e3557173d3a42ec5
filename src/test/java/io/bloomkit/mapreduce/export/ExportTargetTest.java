package io.bloomkit.mapreduce.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.inspect.InspectTool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.apache.hadoop.util.bloom.BloomFilter;
import org.apache.hadoop.util.bloom.CountingBloomFilter;
import org.apache.hadoop.util.bloom.Filter;
import org.apache.hadoop.util.bloom.Key;
import org.apache.hadoop.util.hash.Hash;
import org.apache.hive.common.util.BloomKFilter;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.format.BloomFilterHeader;
import org.apache.parquet.format.Util;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code build --target hadoop|hive|spark|parquet} end to end in local mode (two reducers, so the
 * client merges partial filters): each file is read back by its own library, which reports every
 * built key present; its bits equal those of the library's own filter made here from the same
 * keys and sizing (partials merged = one filter of all keys); and its false positive rate on 10^6
 * absent keys lies in the two-sided 99.9% binomial interval around the rate the library's
 * structure has for its actual bits and hashes (computed here). {@code inspect} names each.
 *
 * <p>The rate is the one of the filter as built. For the plain Bloom filters (Hadoop's BloomFilter,
 * Spark), a query of ideal hashes is a false positive with probability (set bits / m)^k; for
 * Hadoop's counting filter, whose k positions come from chained 32-bit Murmur hashes, the theory is
 * its rate on uniformly random keys, compared as for the blocked filters below. Hive's and
 * Parquet's blocked filters derive all of a key's probes from one 64-bit hash (Hive: an arithmetic
 * progression in a 512-bit block; Parquet: eight 5-bit indexes from one 32-bit word), so their
 * probes are not independent and the ideal formula for their bits (the mean over blocks of the
 * block's set share^k, or of the product of the eight words' set shares) is too low by 5 to 50%
 * here; their theory is the library's own probing of uniformly random 64-bit hashes
 * (Parquet's {@code findHash}; Hive's {@code testLong} of uniform longs, whose Wang hash is a
 * bijection), estimated from 4 * 10^6 of them, and the test compares the two proportions (99.9%,
 * two-sided). (The rate before the bits are known, e.g. (1 - e^(-kn/m))^k, varies from filter to
 * filter by more than the binomial spread of 10^6 queries, most of all for blocked filters, whose
 * rate comes from their few most loaded blocks; the messages show it.)
 */
public class ExportTargetTest {
  @TempDir public static File TMP;

  private static final int DISTINCT = 3000;
  private static final int ABSENT = 1_000_000;
  /** Above every key (the largest is 7919 * 2999 + 13 = 23,749,094). */
  private static final long ABSENT_BASE = 100_000_000L;
  private static File input;
  private static final long[] KEYS = new long[DISTINCT];

  /** Two files whose keys (field 0, decimal text) overlap: 3000 distinct keys, 4500 records. */
  @BeforeAll
  public static void inputs() throws Exception {
    input = newFolder(TMP, "in");
    for (int i = 0; i < DISTINCT; i++) {
      KEYS[i] = 7919L * i + 13;
    }
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = f * 1500; i < Math.min(DISTINCT, f * 1500 + 3000); i++) {
        b.append(KEYS[i % DISTINCT]).append(",payload ").append(i).append('\n');
      }
      Files.write(new File(input, "part-" + f).toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  private static File build(String name, String... extra) {
    File out = new File(TMP, name);
    List<String> args = new ArrayList<>(List.of("--input", input.getPath(), "--output",
        out.getPath(), "--delimiter", ",", "--reducers", "2", "--json"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new BuildTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals((long) DISTINCT, j.get("items"));
    return out;
  }

  private static byte[] utf8(long v) {
    return Long.toString(v).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Every key present; the false positives of ABSENT keys never built inside the 99.9% binomial
   * interval of {@code fpp}.
   */
  private static void checkRate(String what, LongPredicate mightContain, double fpp,
      double before) {
    for (long k : KEYS) {
      assertTrue(mightContain.test(k), what + " lost key " + k);
    }
    int fp = 0;
    for (long i = 0; i < ABSENT; i++) {
      if (mightContain.test(ABSENT_BASE + i)) {
        fp++;
      }
    }
    BinomialDistribution law = new BinomialDistribution(null, ABSENT, fpp);
    int lo = law.inverseCumulativeProbability(0.0005);
    int hi = law.inverseCumulativeProbability(0.9995);
    String msg = what + ": " + fp + " false positives of " + ABSENT + ", theory for its bits "
        + fpp * ABSENT + " [" + lo + ", " + hi + "], before its bits were known " + before * ABSENT;
    System.err.println(msg);
    assertTrue(fp >= lo && fp <= hi, msg);
  }

  private static final int RANDOM_HASHES = 4_000_000;

  /**
   * Every key present; the false positives of ABSENT keys never built against those of {@link
   * #RANDOM_HASHES} uniformly random hashes probed by the library itself: the two proportions
   * equal within the two-sided 99.9% normal interval of their difference.
   */
  private static void checkRateAgainstRandomHashes(String what, LongPredicate mightContain,
      LongPredicate probeHash, double ideal, double before) {
    for (long k : KEYS) {
      assertTrue(mightContain.test(k), what + " lost key " + k);
    }
    int fp = 0;
    for (long i = 0; i < ABSENT; i++) {
      if (mightContain.test(ABSENT_BASE + i)) {
        fp++;
      }
    }
    java.util.SplittableRandom random = new java.util.SplittableRandom(15);
    int hits = 0;
    for (int i = 0; i < RANDOM_HASHES; i++) {
      if (probeHash.test(random.nextLong())) {
        hits++;
      }
    }
    double p1 = (double) fp / ABSENT;
    double p2 = (double) hits / RANDOM_HASHES;
    double pooled = (double) (fp + hits) / (ABSENT + RANDOM_HASHES);
    double sd = Math.sqrt(pooled * (1 - pooled) * (1.0 / ABSENT + 1.0 / RANDOM_HASHES));
    String msg = what + ": " + fp + " false positives of " + ABSENT + " (" + p1 + "); the"
        + " library's probing of random hashes " + p2 + " +- " + 3.29 * sd + "; ideal hashes for"
        + " its bits " + ideal + "; before its bits were known " + before;
    System.err.println(msg);
    assertTrue(Math.abs(p1 - p2) <= 3.29 * sd, msg);
  }

  /** (ones / m)^k: a query's k ideal hashes all meet set bits. */
  private static double givenBits(long ones, long m, int k) {
    return Math.pow((double) ones / m, k);
  }

  /** Hive: the mean over 512-bit blocks (8 longs) of (the block's set share)^k. */
  private static double hiveGivenBits(long[] bits, int k) {
    double f = 0;
    int blocks = bits.length / 8;
    for (int b = 0; b < blocks; b++) {
      int ones = 0;
      for (int w = 0; w < 8; w++) {
        ones += Long.bitCount(bits[8 * b + w]);
      }
      f += Math.pow(ones / 512.0, k);
    }
    return f / blocks;
  }

  /** Parquet: the mean over 32-byte blocks of the product of its eight 32-bit words' set shares. */
  private static double parquetGivenBits(byte[] bitset) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bitset).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    int blocks = bitset.length / 32;
    double f = 0;
    for (int i = 0; i < blocks; i++) {
      double p = 1;
      for (int w = 0; w < 8; w++) {
        p *= Integer.bitCount(b.getInt(32 * i + 4 * w)) / 32.0;
      }
      f += p;
    }
    return f / blocks;
  }

  /** (1 - (1 - 1/m)^(kn))^k: a Bloom filter of m bits, k independent hashes, n keys. */
  private static double standardFpp(long m, int k, long n) {
    return Math.pow(1 - Math.pow(1 - 1.0 / m, (double) k * n), k);
  }

  /** sum over a block's binomial load i of P(i) * inBlock(i) (Putze et al. 2007). */
  private static double blockedFpp(long blocks, long n, java.util.function.IntToDoubleFunction inBlock) {
    BinomialDistribution load = new BinomialDistribution(null, (int) n, 1.0 / blocks);
    double f = 0;
    for (int i = 0; i <= n; i++) {
      double p = load.probability(i);
      f += p * inBlock.applyAsDouble(i);
      if (i > load.getNumericalMean() && p < 1e-18) {
        break;
      }
    }
    return f;
  }

  private static Map<String, Object> inspect(File f) {
    ToolRun r = ToolRun.run(new InspectTool(), f.getPath());
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static byte[] writable(Filter f) throws Exception {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    f.write(new DataOutputStream(b));
    return b.toByteArray();
  }

  @Test
  public void hadoopBloomFilterOfStringKeys() throws Exception {
    File file = build("hadoop.bf", "--target", "hadoop", "--fpp", "0.01");
    byte[] bytes = Files.readAllBytes(file.toPath());
    BloomFilter bf = new BloomFilter();
    bf.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    // sized as bloomkit's bf of the same spec
    Map<String, Object> j = inspect(file);
    assertEquals("hadoop", j.get("target"));
    long m = (Long) j.get("bits");
    int k = ((Long) j.get("hashes")).intValue();
    io.bloomkit.core.FilterShape shape =
        new io.bloomkit.mapreduce.common.FilterSpec("bf", DISTINCT, 0, 0.01, 0, 0).shape();
    assertEquals(shape.memoryBits(), m);
    assertEquals(shape.numHashes(), k);
    BloomFilter ref = new BloomFilter((int) m, k, Hash.MURMUR_HASH);
    for (long key : KEYS) {
      ref.add(new Key(utf8(key)));
    }
    assertArrayEquals(writable(ref), bytes);
    long ones = 0;
    for (int i = 13; i < bytes.length; i++) { // the Writable's bits after its 13-byte header
      ones += Integer.bitCount(bytes[i] & 0xff);
    }
    checkRate("hadoop bf", v -> bf.membershipTest(new Key(utf8(v))), givenBits(ones, m, k),
        standardFpp(m, k, DISTINCT));
  }

  @Test
  public void hadoopCountingFilterOfLongKeysSumsItsPartials() throws Exception {
    File file = build("hadoop.cbf", "--target", "hadoop", "--filter", "cbf", "--key-type", "long",
        "--fpp", "0.02", "--hashes", "5");
    byte[] bytes = Files.readAllBytes(file.toPath());
    CountingBloomFilter cbf = new CountingBloomFilter();
    cbf.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    Map<String, Object> j = inspect(file);
    assertEquals("org.apache.hadoop.util.bloom.CountingBloomFilter", j.get("library"));
    long m = (Long) j.get("counters");
    assertEquals(5L, j.get("hashes"));
    assertEquals(
        new io.bloomkit.mapreduce.common.FilterSpec("cbf", DISTINCT, 0, 0.02, 0, 5).shape().counters(), m);
    // one filter of all keys: its counters are the partials' sums (an OR would differ)
    CountingBloomFilter ref = new CountingBloomFilter((int) m, 5, Hash.MURMUR_HASH);
    for (long key : KEYS) {
      ref.add(new Key(CanonicalKey.ofLong(key)));
    }
    assertArrayEquals(writable(ref), bytes);
    java.nio.ByteBuffer counters = java.nio.ByteBuffer.wrap(bytes, 13, bytes.length - 13);
    long nonZero = 0;
    while (counters.remaining() >= 8) { // 16 4-bit counters a long
      long w = counters.getLong();
      for (int shift = 0; shift < 64; shift += 4) {
        nonZero += ((w >>> shift) & 0xf) != 0 ? 1 : 0;
      }
    }
    // Hadoop's k positions come from chained 32-bit Murmur hashes of the key bytes: its theory is
    // its rate on uniformly random keys (random longs' 8 bytes)
    checkRateAgainstRandomHashes("hadoop cbf",
        v -> cbf.membershipTest(new Key(CanonicalKey.ofLong(v))),
        v -> cbf.membershipTest(new Key(CanonicalKey.ofLong(v))),
        givenBits(nonZero, m, 5), standardFpp(m, 5, DISTINCT));
  }

  @Test
  public void hiveBloomKFilterOfLongKeys() throws Exception {
    File file = build("hive-long", "--target", "hive", "--key-type", "long", "--fpp", "0.01");
    BloomKFilter bf;
    try (java.io.InputStream in = Files.newInputStream(file.toPath())) {
      bf = BloomKFilter.deserialize(in);
    }
    assertTrue(bf.getBitSize() >= -DISTINCT * Math.log(0.01) / (Math.log(2) * Math.log(2)));
    BloomKFilter ref = new BloomKFilter(new long[bf.getBitSet().length], bf.getNumHashFunctions());
    for (long key : KEYS) {
      ref.addLong(key);
    }
    assertArrayEquals(ref.getBitSet(), bf.getBitSet());
    Map<String, Object> j = inspect(file);
    assertEquals("hive", j.get("target"));
    assertEquals((long) bf.getNumHashFunctions(), j.get("hashes"));
    int k = bf.getNumHashFunctions();
    double fpp = blockedFpp(bf.getBitSize() / 512, DISTINCT,
        i -> Math.pow(1 - Math.pow(1 - 1.0 / 512, (double) k * i), k));
    checkRateAgainstRandomHashes("hive long", bf::testLong, bf::testLong,
        hiveGivenBits(bf.getBitSet(), k), fpp);
  }

  @Test
  public void hiveBloomKFilterOfStringKeys() throws Exception {
    File file = build("hive-string", "--target", "hive", "--bits-per-key", "8");
    BloomKFilter bf;
    try (java.io.InputStream in = Files.newInputStream(file.toPath())) {
      bf = BloomKFilter.deserialize(in);
    }
    int k = bf.getNumHashFunctions();
    assertEquals(Math.round(8 * Math.log(2)), k, 1);
    double fpp = blockedFpp(bf.getBitSize() / 512, DISTINCT,
        i -> Math.pow(1 - Math.pow(1 - 1.0 / 512, (double) k * i), k));
    checkRateAgainstRandomHashes("hive string", v -> bf.testString(Long.toString(v)),
        bf::testLong, hiveGivenBits(bf.getBitSet(), k), fpp);
  }

  @Test
  public void sparkBloomFilterOfStringKeys() throws Exception {
    File file = build("spark-string", "--target", "spark", "--fpp", "0.01");
    org.apache.spark.util.sketch.BloomFilter bf;
    try (java.io.InputStream in = Files.newInputStream(file.toPath())) {
      bf = org.apache.spark.util.sketch.BloomFilter.readFrom(in);
    }
    // Spark's own sizing for the exact distinct count: the same filter, the same bits
    org.apache.spark.util.sketch.BloomFilter ref =
        org.apache.spark.util.sketch.BloomFilter.create(DISTINCT, 0.01);
    for (long key : KEYS) {
      ref.put(Long.toString(key));
    }
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    ref.writeTo(b);
    assertArrayEquals(b.toByteArray(), Files.readAllBytes(file.toPath()));
    Map<String, Object> j = inspect(file);
    assertEquals("spark", j.get("target"));
    int k = ((Long) j.get("hashes")).intValue();
    checkRate("spark string", v -> bf.mightContain(Long.toString(v)),
        givenBits(bf.cardinality(), bf.bitSize(), k), standardFpp(bf.bitSize(), k, DISTINCT));
  }

  @Test
  public void sparkBloomFilterOfLongKeysInOnePass() throws Exception {
    // --items: one job, the reducers' partials merged
    File file = build("spark-long", "--target", "spark", "--key-type", "long", "--items",
        String.valueOf(DISTINCT), "--bits-per-key", "10");
    org.apache.spark.util.sketch.BloomFilter bf;
    try (java.io.InputStream in = Files.newInputStream(file.toPath())) {
      bf = org.apache.spark.util.sketch.BloomFilter.readFrom(in);
    }
    assertEquals(30016, bf.bitSize()); // 30000 bits rounded up to whole longs
    int k = ((Long) inspect(file).get("hashes")).intValue();
    assertEquals(7, k); // round(10 ln 2)
    checkRate("spark long", v -> bf.mightContain(v), givenBits(bf.cardinality(), bf.bitSize(), k),
        standardFpp(bf.bitSize(), k, DISTINCT));
  }

  private static BlockSplitBloomFilter parquet(File file) throws Exception {
    try (java.io.InputStream in = Files.newInputStream(file.toPath())) {
      BloomFilterHeader h = Util.readBloomFilterHeader(in);
      assertTrue(h.getAlgorithm().isSetBLOCK() && h.getHash().isSetXXHASH());
      byte[] bitset = in.readAllBytes();
      assertEquals(h.getNumBytes(), bitset.length);
      return new BlockSplitBloomFilter(bitset);
    }
  }

  /** The bitset: the file's bytes after the Thrift header. */
  private static byte[] parquetBits(File file, BlockSplitBloomFilter bf) throws Exception {
    byte[] all = Files.readAllBytes(file.toPath());
    return Arrays.copyOfRange(all, all.length - bf.getBitsetSize(), all.length);
  }

  private static double parquetFpp(BlockSplitBloomFilter bf) {
    return blockedFpp(bf.getBitsetSize() / 32, DISTINCT,
        i -> Math.pow(1 - Math.pow(1 - 1.0 / 32, i), 8));
  }

  @Test
  public void parquetSplitBlockFilterOfLongKeys() throws Exception {
    File file = build("parquet-long", "--target", "parquet", "--key-type", "long", "--fpp", "0.01");
    BlockSplitBloomFilter bf = parquet(file);
    // Parquet's writer's sizing for 3000 values at 1%
    BlockSplitBloomFilter ref =
        new BlockSplitBloomFilter(BlockSplitBloomFilter.optimalNumOfBits(DISTINCT, 0.01) / 8);
    for (long key : KEYS) {
      ref.insertHash(ref.hash(key));
    }
    assertEquals(ref, bf);
    Map<String, Object> j = inspect(file);
    assertEquals("parquet", j.get("target"));
    assertEquals(8L * bf.getBitsetSize(), j.get("bits"));
    checkRateAgainstRandomHashes("parquet long", v -> bf.findHash(bf.hash(v)), bf::findHash,
        parquetGivenBits(parquetBits(file, bf)), parquetFpp(bf));
  }

  @Test
  public void parquetSplitBlockFilterOfStringKeys() throws Exception {
    File file = build("parquet-string", "--target", "parquet", "--bits-per-key", "12");
    BlockSplitBloomFilter bf = parquet(file);
    checkRateAgainstRandomHashes("parquet string",
        v -> bf.findHash(bf.hash(Binary.fromString(Long.toString(v)))), bf::findHash,
        parquetGivenBits(parquetBits(file, bf)), parquetFpp(bf));
  }

  /** {@code --filter sbbf} names the Parquet target's own filter: the same file as bf's. */
  @Test
  public void parquetTakesSbbfAsTheSameSplitBlockFilter() throws Exception {
    File bf = build("parquet-bf", "--target", "parquet", "--bits-per-key", "12");
    File sbbf = build("parquet-sbbf", "--target", "parquet", "--filter", "sbbf", "--bits-per-key",
        "12");
    assertTrue(Arrays.equals(java.nio.file.Files.readAllBytes(bf.toPath()),
        java.nio.file.Files.readAllBytes(sbbf.toPath())));
  }

  private static void refused(String option, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", input.getPath(), "--output",
        new File(TMP, "refused").getPath(), "--delimiter", ","));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new BuildTool(), args.toArray(new String[0]));
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(option), r.err);
    assertTrue(!new File(TMP, "refused").exists());
  }

  @Test
  public void refusesWhatTheLibraryCannotHold() {
    refused("--key-field", "--target", "hive", "--key-field", "0,1");
    refused("--key-type", "--target", "spark", "--key-type", "decimal");
    refused("--filter", "--target", "parquet", "--filter", "acbf");
    refused("--filter", "--target", "spark", "--filter", "cbf");
    refused("--filter bf", "--target", "hive", "--filter", "sbbf");
    refused("--hashes", "--target", "parquet", "--hashes", "3");
    refused("--target", "--target", "orc");
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
