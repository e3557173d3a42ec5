package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.lcbf.LinkedCountingBloomFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.CacheLinks;
import io.bloomkit.mapreduce.config.IcebergCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MRUnit tests of the {@code icebergs --method lcbf} mappers and reducers and of the verify /
 * evaluate job, counters included, against sums and filters the tests compute themselves.
 */
public class IcebergLcbfMapReduceTest {
  @TempDir public File tmp;

  private static void conf(Configuration c, long threshold) {
    TextRowSerialization.register(c, IcebergMapReduceTest.SPEC);
    c.setLong(BloomkitConfig.ICEBERG_THRESHOLD.key(), threshold);
    c.setInt(BloomkitConfig.ICEBERG_LCBF_ENTRIES_PER_KEY.key(), 40);
  }

  private static long c(Counters cs, IcebergCounters c) {
    return cs.findCounter(c).getValue();
  }

  private static Map<String, Long> asMap(List<Pair<Text, LongWritable>> out) {
    Map<String, Long> m = new TreeMap<>();
    for (Pair<Text, LongWritable> p : out) {
      assertEquals(null, m.put(p.getFirst().toString(), p.getSecond().get()));
    }
    return m;
  }

  private static long freq(LinkedCountingBloomFilter f, String key) {
    byte[] b = key.getBytes(StandardCharsets.UTF_8);
    return f.frequency(LcbfFilters.hash(b, b.length));
  }

  /** A filter file holding {@code totals}, written like job 1 writes its filters. */
  private File filterFile(String name, Map<String, Long> totals) throws Exception {
    LinkedCountingBloomFilter f = LinkedCountingBloomFilter.create(40L * totals.size(), 3, 15, 1);
    for (Map.Entry<String, Long> e : totals.entrySet()) {
      byte[] b = e.getKey().getBytes(StandardCharsets.UTF_8);
      f.add(LcbfFilters.hash(b, b.length), e.getValue());
    }
    File file = new File(tmp, name);
    try (OutputStream o = new FileOutputStream(file)) {
      f.writeTo(o);
    }
    return file;
  }

  private static URI shipped(File f, String prefix) {
    return URI.create(f.toURI() + "#" + prefix + f.getName());
  }

  @Test
  public void totalsMapperWritesAllLocalTotalsAndAFilterOfThoseBelowTheThreshold() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d =
        MapDriver.newMapDriver(new LcbfTotalsMapper());
    conf(d.getConfiguration(), 5);
    File out = newFolder(tmp, "job1");
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", out.toURI().toString());
    String[] lines = {"a,x,3", "b,y,1", "c,x,4", "d,zz,2", "e,w,4", "f,x", "g,y,one", "h,y,2.5",
        "i,zz,1", "j,big,9", "k,nil,0"};
    Map<String, Long> naive = new TreeMap<>();
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i * 10), Row.ofLine(IcebergMapReduceTest.SPEC, new Text(lines[i])));
      String[] p = lines[i].split(",");
      if (p.length == 3 && p[2].matches("[0-9]+")) {
        naive.merge(p[1], Long.parseLong(p[2]), Long::sum);
      }
    }
    assertEquals(naive, asMap(d.run()));
    Counters cs = d.getCounters();
    assertEquals(lines.length, c(cs, IcebergCounters.INPUT_RECORDS));
    assertEquals(3, c(cs, IcebergCounters.MALFORMED_RECORDS));
    assertEquals(naive.size(), c(cs, IcebergCounters.LOCAL_TOTALS));
    long below = naive.values().stream().filter(t -> t > 0 && t < 5).count();
    long keyBytes = naive.entrySet().stream().filter(e -> e.getValue() > 0 && e.getValue() < 5)
        .mapToLong(e -> e.getKey().length() + 8).sum();
    assertEquals(naive.values().stream().filter(t -> t >= 5).count(),
        c(cs, IcebergCounters.LOCAL_ICEBERGS));
    assertEquals(below, c(cs, IcebergCounters.STORED_TOTALS));
    assertEquals(keyBytes, c(cs, IcebergCounters.NAIVE_BYTES));
    assertEquals(1, c(cs, IcebergCounters.FILTERS));
    assertEquals(0, c(cs, IcebergCounters.SATURATIONS));

    File[] filters = out.listFiles((dir, n) -> n.endsWith(LcbfFilters.SUFFIX));
    assertEquals(1, filters.length);
    assertTrue(filters[0].getName().matches("part-m-[0-9]{5}\\.lcbf"), filters[0].getName());
    assertEquals(filters[0].length(), c(cs, IcebergCounters.FILTER_BYTES));
    LinkedCountingBloomFilter f;
    try (InputStream in = new FileInputStream(filters[0])) {
      f = io.bloomkit.registry.Filters.read(in, LinkedCountingBloomFilter.class);
    }
    assertEquals(40 * below, f.entries());
    assertEquals(f.twoLayerBits(), c(cs, IcebergCounters.FILTER_BITS));
    assertEquals(below, f.items());
    for (Map.Entry<String, Long> e : naive.entrySet()) {
      // stored totals come back; local icebergs and zeros are not stored (no false match at 40
      // entries per key)
      assertEquals(e.getValue() < 5 ? e.getValue() : 0, freq(f, e.getKey()), e.getKey());
    }
  }

  @Test
  public void totalsMapperSaturatesValuesAndCountsIt() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d =
        MapDriver.newMapDriver(new LcbfTotalsMapper());
    conf(d.getConfiguration(), 100);
    d.getConfiguration().setInt(BloomkitConfig.ICEBERG_LCBF_VALUE_BITS.key(), 3); // max 7
    File out = newFolder(tmp, "job1");
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", out.toURI().toString());
    d.withInput(new LongWritable(0), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("a,k,50")));
    d.withInput(new LongWritable(1), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("b,j,6")));
    d.run();
    assertEquals(1, c(d.getCounters(), IcebergCounters.SATURATIONS));
    File[] filters = out.listFiles((dir, n) -> n.endsWith(LcbfFilters.SUFFIX));
    try (InputStream in = new FileInputStream(filters[0])) {
      LinkedCountingBloomFilter f = io.bloomkit.registry.Filters.read(in, LinkedCountingBloomFilter.class);
      assertEquals(7, freq(f, "k"));
      assertEquals(6, freq(f, "j"));
    }
  }

  @Test
  public void totalsMapperFailsASplitWithTooManyKeysNamingTheConfigKey() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d =
        MapDriver.newMapDriver(new LcbfTotalsMapper());
    conf(d.getConfiguration(), 5);
    d.getConfiguration().setInt(BloomkitConfig.ICEBERG_MAX_KEYS.key(), 2);
    d.withInput(new LongWritable(0), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("a,x,1")));
    d.withInput(new LongWritable(1), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("b,y,1")));
    d.withInput(new LongWritable(2), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("c,x,1")));
    d.withInput(new LongWritable(3), Row.ofLine(IcebergMapReduceTest.SPEC, new Text("d,z,1")));
    try {
      d.run();
      fail("a third key must fail the task");
    } catch (IOException e) {
      assertTrue(e.getMessage().contains(BloomkitConfig.ICEBERG_MAX_KEYS.key()), e.getMessage());
      assertTrue(e.getMessage().contains("mapreduce.input.fileinputformat.split.maxsize"), e.getMessage());
    }
  }

  /** The estimate mapper of split part-m-00000. */
  static final class SplitZero extends LcbfEstimateMapper {
    @Override
    protected String inputFileName(InputSplit split) {
      return "part-m-00000";
    }
  }

  @Test
  public void estimateMapperAddsTheOtherSplitsMatchesAndSkipsItsOwnFilter() throws Exception {
    Map<String, Long> own = new LinkedHashMap<>();
    own.put("b", 4L);
    own.put("c", 2L);
    own.put("d", 9L);
    Map<String, Long> one = new LinkedHashMap<>();
    one.put("b", 3L);
    one.put("c", 1L);
    one.put("e", 7L);
    Map<String, Long> two = new LinkedHashMap<>();
    two.put("b", 5L);
    two.put("d", 1L);
    File f0 = filterFile("part-m-00000.lcbf", own);
    File f1 = filterFile("part-m-00001.lcbf", one);
    File f2 = filterFile("part-m-00002.lcbf", two);
    MapDriver<Text, LongWritable, Text, LongWritable> d = MapDriver.newMapDriver(new SplitZero());
    conf(d.getConfiguration(), 10);
    for (File f : List.of(f0, f1, f2)) {
      d.withCacheFile(shipped(f, CacheLinks.LCBF_PREFIX));
    }
    Map<String, Long> input = new LinkedHashMap<>(own);
    input.put("a", 12L); // a local iceberg: not in the filters, emitted with its own total
    Map<String, Long> expected = new TreeMap<>();
    for (Map.Entry<String, Long> e : input.entrySet()) {
      d.withInput(new Text(e.getKey()), new LongWritable(e.getValue()));
      long est = e.getValue() >= 10 ? e.getValue()
          : e.getValue() + one.getOrDefault(e.getKey(), 0L) + two.getOrDefault(e.getKey(), 0L);
      if (est >= 10) {
        expected.put(e.getKey(), est);
      }
    }
    assertEquals(Map.of("a", 12L, "b", 12L, "d", 10L), expected); // the case the test is about
    assertEquals(expected, asMap(d.run()));
    assertEquals(2, c(d.getCounters(), IcebergCounters.FILTERS_LOADED));
    assertEquals(f1.length() + f2.length(), c(d.getCounters(), IcebergCounters.FILTER_BYTES_LOADED));
  }

  @Test
  public void candidateReducerWritesTheLargestEstimateOncePerKey() throws Exception {
    ReduceDriver<Text, LongWritable, Text, LongWritable> d =
        ReduceDriver.newReduceDriver(new LcbfCandidateReducer());
    conf(d.getConfiguration(), 10);
    d.withInput(new Text("b"), Arrays.asList(new LongWritable(12), new LongWritable(15)));
    d.withInput(new Text("a"), Arrays.asList(new LongWritable(11)));
    d.withOutput(new Text("b"), new LongWritable(15));
    d.withOutput(new Text("a"), new LongWritable(11));
    d.runTest();
    assertEquals(2, c(d.getCounters(), IcebergCounters.CANDIDATES));
  }

  private File candidatesFile(String... lines) throws Exception {
    File f = newFile(tmp, "part-r-00000");
    Files.write(f.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return f;
  }

  @Test
  public void candidateTotalsMapperKeepsOnlyCandidatesUnlessEvaluating() throws Exception {
    File cand = candidatesFile("k1\t15", "k2\t30");
    String[] lines = {"a,k1,5", "b,k3,7", "c,k1,2", "d,k2,9", "e,k3", "f,k4,1"};
    for (boolean evaluate : new boolean[] {false, true}) {
      MapDriver<LongWritable, Row, Text, LongWritable> d =
          MapDriver.newMapDriver(new CandidateTotalsMapper());
      conf(d.getConfiguration(), 10);
      d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_EVALUATE.key(), evaluate);
      d.withCacheFile(shipped(cand, CacheLinks.CANDIDATES_PREFIX));
      for (int i = 0; i < lines.length; i++) {
        d.withInput(new LongWritable(i), Row.ofLine(IcebergMapReduceTest.SPEC, new Text(lines[i])));
      }
      Map<String, Long> expected = new TreeMap<>(Map.of("k1", 7L, "k2", 9L));
      if (evaluate) {
        expected.put("k3", 7L);
        expected.put("k4", 1L);
      }
      assertEquals(expected, asMap(d.run()));
      Counters cs = d.getCounters();
      assertEquals(6, c(cs, IcebergCounters.INPUT_RECORDS));
      assertEquals(3, c(cs, IcebergCounters.CANDIDATE_RECORDS));
      assertEquals(2, c(cs, IcebergCounters.FILTERED_RECORDS));
      assertEquals(1, c(cs, IcebergCounters.MALFORMED_RECORDS));
    }
  }

  @Test
  public void candidateTotalsReducerCountsTrueIcebergsAndHitsAndWritesVerifiedOnes() throws Exception {
    File cand = candidatesFile("hot\t12", "fake\t11", "tab\tkey\t20");
    for (boolean verify : new boolean[] {false, true}) {
      ReduceDriver<Text, LongWritable, Text, LongWritable> d =
          ReduceDriver.newReduceDriver(new CandidateTotalsReducer());
      conf(d.getConfiguration(), 10);
      d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_VERIFY.key(), verify);
      d.withCacheFile(shipped(cand, CacheLinks.CANDIDATES_PREFIX));
      d.withInput(new Text("hot"), Arrays.asList(new LongWritable(4), new LongWritable(6)));
      d.withInput(new Text("fake"), Arrays.asList(new LongWritable(9)));
      d.withInput(new Text("missed"), Arrays.asList(new LongWritable(30)));
      d.withInput(new Text("tab\tkey"), Arrays.asList(new LongWritable(10)));
      d.withInput(new Text("cold"), Arrays.asList(new LongWritable(1)));
      if (verify) {
        d.withOutput(new Text("hot"), new LongWritable(10));
        d.withOutput(new Text("tab\tkey"), new LongWritable(10));
      }
      d.runTest();
      Counters cs = d.getCounters();
      assertEquals(5, c(cs, IcebergCounters.KEYS));
      assertEquals(3, c(cs, IcebergCounters.TRUE_ICEBERGS));
      assertEquals(2, c(cs, IcebergCounters.HITS));
      assertEquals(verify ? 2 : 0, c(cs, IcebergCounters.ICEBERGS));
    }
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
