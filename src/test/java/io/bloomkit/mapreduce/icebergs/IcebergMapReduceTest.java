package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.CountMinSketch;
import io.bloomkit.core.hash.HashStrategy;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.IcebergCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MRUnit tests of the icebergs mappers and reducer, counters included. */
public class IcebergMapReduceTest {
  @TempDir public File tmp;

  /** Text records {@code id,key,weight}: key field 1, weight field 2. */
  static final TableSpec SPEC = TableSpec.builder(TableFormat.TEXT).delimiter(',')
      .key(List.of("1"), List.of()).otherFields(List.of("2")).build();

  private static void conf(Configuration c, long threshold) {
    TextRowSerialization.register(c, SPEC);
    c.setLong(BloomkitConfig.ICEBERG_THRESHOLD.key(), threshold);
  }

  private static Row row(String line) {
    return Row.ofLine(SPEC, new Text(line));
  }

  private static long c(Counters cs, IcebergCounters c) {
    return cs.findCounter(c).getValue();
  }

  private static Map<String, Long> asMap(List<Pair<Text, LongWritable>> out) {
    Map<String, Long> m = new TreeMap<>();
    for (Pair<Text, LongWritable> p : out) {
      m.merge(p.getFirst().toString(), p.getSecond().get(), Long::sum);
    }
    return m;
  }

  @Test
  public void mapperSumsLocalTotalsInABoundedTableAndCountsMalformed() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d = MapDriver.newMapDriver(new IcebergMapper());
    conf(d.getConfiguration(), 5);
    d.getConfiguration().setInt(BloomkitConfig.ICEBERG_MAX_KEYS.key(), 2);
    String[] lines = {"a,x,3", "b,x,4", "c,y,1", "d,z,2", "e,x,1", "f,x", "g,x,-1", "h,x,2.5"};
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i * 10), row(lines[i]));
    }
    List<Pair<Text, LongWritable>> out = d.run();
    // {x:7, y:1} flushed when y arrives; {z:2, x:1} flushed when x arrives; {x:-1} at cleanup
    // (a weight of either sign counts, as in SQL's SUM)
    assertEquals(5, out.size());
    Map<String, Long> expected = new HashMap<>();
    expected.put("x", 7L);
    expected.put("y", 1L);
    expected.put("z", 2L);
    assertEquals(new TreeMap<>(expected), asMap(out));
    Counters cs = d.getCounters();
    assertEquals(8, c(cs, IcebergCounters.INPUT_RECORDS));
    assertEquals(2, c(cs, IcebergCounters.MALFORMED_RECORDS));
    assertEquals(2, c(cs, IcebergCounters.MAP_TABLE_FLUSHES));
  }

  @Test
  public void mapperSkipsAndCountsNullKeysAndSumsNullWeightsAsZero() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d = MapDriver.newMapDriver(new IcebergMapper());
    conf(d.getConfiguration(), 5);
    String[] lines = {"a,x,3", "b,\\N,4", "c,x,\\N", "d,\\N,\\N", "e,\\N", "f,y,\\N", "g,,2"};
    Map<String, Long> naive = new TreeMap<>();
    long nullKeys = 0;
    long nullWeights = 0;
    long malformed = 0;
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i * 10), row(lines[i]));
      String[] p = lines[i].split(",", -1);
      if (p.length < 3) {
        malformed++;
      } else if (p[1].equals("\\N")) {
        nullKeys++;
      } else {
        boolean nullWeight = p[2].equals("\\N");
        nullWeights += nullWeight ? 1 : 0;
        naive.merge(p[1], nullWeight ? 0 : Long.parseLong(p[2]), Long::sum);
      }
    }
    assertEquals(naive, asMap(d.run()));
    assertEquals(Map.of("", 2L, "x", 3L, "y", 0L), naive); // an empty key is a key, not null
    Counters cs = d.getCounters();
    assertEquals(lines.length, c(cs, IcebergCounters.INPUT_RECORDS));
    assertEquals(nullKeys, c(cs, IcebergCounters.NULL_KEYS));
    assertEquals(nullWeights, c(cs, IcebergCounters.NULL_WEIGHTS));
    assertEquals(malformed, c(cs, IcebergCounters.MALFORMED_RECORDS));
    assertEquals(2, nullKeys);
    assertEquals(2, nullWeights);
  }

  /** A sketch of {@code totals} (4 rows of 4096 counters as wide as the threshold), as a file. */
  private File sketchFile(long threshold, Map<String, Long> totals) throws Exception {
    CountMinSketch s =
        CountMinSketch.create(4096, 4, CountMinSketch.counterBitsFor(threshold));
    for (Map.Entry<String, Long> e : totals.entrySet()) {
      s.add(HashStrategy.MURMUR3_128_DOUBLE.hash(e.getKey()), e.getValue());
    }
    File file = newFile(tmp, "totals.cms");
    try (OutputStream o = new FileOutputStream(file)) {
      s.writeTo(o);
    }
    return file;
  }

  private static URI shipped(File f) {
    return URI.create(f.toURI() + "#" + IcebergFilters.SHIPPED_PREFIX + f.getName());
  }

  /**
   * Phase 2 at a threshold far above a 4-bit counter's 15: a key passes when its estimate (the
   * sketch's, which at 4096 counters a row holds these few keys apart) reaches T.
   */
  @Test
  public void countingMapperDropsKeysBelowTheThresholdEstimate() throws Exception {
    Map<String, Long> totals = new TreeMap<>();
    totals.put("big", 9200L);
    totals.put("small", 9199L);
    totals.put("tiny", 16L);
    File file = sketchFile(9200, totals);
    MapDriver<LongWritable, Row, Text, LongWritable> d = MapDriver.newMapDriver(new IcebergMapper());
    conf(d.getConfiguration(), 9200);
    d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_COUNTING.key(), true);
    d.withCacheFile(shipped(file));
    d.withInput(new LongWritable(0), row("a,big,9000"));
    d.withInput(new LongWritable(1), row("b,small,9199"));
    d.withInput(new LongWritable(2), row("c,big,200"));
    d.withInput(new LongWritable(3), row("d,tiny,16"));
    d.withInput(new LongWritable(4), row("e,absent,9"));
    d.withOutput(new Text("big"), new LongWritable(9200));
    d.runTest();
    assertEquals(2, c(d.getCounters(), IcebergCounters.CANDIDATE_RECORDS));
    assertEquals(3, c(d.getCounters(), IcebergCounters.FILTERED_RECORDS));
  }

  @Test
  public void countingMapperRefusesToRunWithoutTheSketch() throws Exception {
    MapDriver<LongWritable, Row, Text, LongWritable> d = MapDriver.newMapDriver(new IcebergMapper());
    conf(d.getConfiguration(), 20);
    d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_COUNTING.key(), true);
    d.withInput(new LongWritable(0), row("a,big,9"));
    try {
      d.run();
      fail("ran without a sketch");
    } catch (IOException e) {
      assertEquals("icebergs counting needs one shipped sketch of totals ("
          + IcebergFilters.SHIPPED_PREFIX + "*), got 0", e.getMessage());
    }
  }

  /** Unverified counting: every candidate reaching the reducer is written with its estimate. */
  @Test
  public void unverifiedCountingReducerWritesEachCandidateWithItsEstimate() throws Exception {
    Map<String, Long> totals = new TreeMap<>();
    totals.put("hot", 700L);
    totals.put("warm", 650L);
    File file = sketchFile(600, totals);
    ReduceDriver<Text, LongWritable, Text, LongWritable> d =
        ReduceDriver.newReduceDriver(new IcebergReducer());
    conf(d.getConfiguration(), 600);
    d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_COUNTING.key(), true);
    d.withCacheFile(shipped(file));
    d.withInput(new Text("hot"), Arrays.asList(new LongWritable(300), new LongWritable(400)));
    d.withInput(new Text("warm"), Arrays.asList(new LongWritable(650)));
    d.withOutput(new Text("hot"), new LongWritable(700));
    d.withOutput(new Text("warm"), new LongWritable(650));
    d.runTest();
    assertEquals(2, c(d.getCounters(), IcebergCounters.KEYS));
    assertEquals(2, c(d.getCounters(), IcebergCounters.ICEBERGS));
  }

  /**
   * Phase 1: the split's sketch equals one built here from the naive local totals (the bounded
   * table flushes a key twice: its pieces add up in the same counters), and the counters count
   * the positive totals added, their sum and the naive bytes.
   */
  @Test
  public void totalsMapperWritesTheSketchOfItsLocalTotals() throws Exception {
    MapDriver<LongWritable, Row, NullWritable, NullWritable> d =
        MapDriver.newMapDriver(new TotalsFilterMapper());
    conf(d.getConfiguration(), 9200);
    d.getConfiguration().setInt(BloomkitConfig.ICEBERG_MAX_KEYS.key(), 2);
    d.getConfiguration().setLong(BloomkitConfig.ICEBERG_COUNTING_WIDTH.key(), 300);
    d.getConfiguration().setInt(BloomkitConfig.ICEBERG_COUNTING_HASHES.key(), 3);
    File out = newFolder(tmp, "phase1");
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", out.toURI().toString());
    String[] lines = {"a,x,3000", "b,y,1", "c,x,4000", "d,zz,2", "e,x,5000", "f,x", "g,y,one",
        "h,nil,0", "i,zz,9000"};
    Map<String, Long> naive = new TreeMap<>();
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i * 10), row(lines[i]));
      String[] p = lines[i].split(",");
      if (p.length == 3 && p[2].matches("[0-9]+")) {
        naive.merge(p[1], Long.parseLong(p[2]), Long::sum);
      }
    }
    d.run();
    CountMinSketch expected = CountMinSketch.create(300, 3, 14);
    long weight = 0;
    for (Map.Entry<String, Long> e : naive.entrySet()) {
      weight += e.getValue();
    }
    // flushes at 2 keys: {x:3000, y:1} at y, {x:4000, zz:2} at zz, {x:5000, nil:0} at nil (the
    // malformed f and g in between add nothing; the zero total is not added), {zz:9000} at cleanup
    long[][] pieces = {{3000, 1}, {4000, 2}, {5000}, {9000}};
    String[][] keys = {{"x", "y"}, {"x", "zz"}, {"x"}, {"zz"}};
    long pairs = 0;
    long naiveBytes = 0;
    for (int f = 0; f < pieces.length; f++) {
      for (int i = 0; i < pieces[f].length; i++) {
        expected.add(HashStrategy.MURMUR3_128_DOUBLE.hash(keys[f][i]), pieces[f][i]);
        pairs++;
        naiveBytes += keys[f][i].length() + 8;
      }
    }
    File[] files = out.listFiles((dir, n) -> n.endsWith(IcebergFilters.SUFFIX));
    assertEquals(1, files.length);
    assertTrue(files[0].getName().matches("part-m-[0-9]{5}\\.cms"), files[0].getName());
    CountMinSketch got;
    try (InputStream in = new FileInputStream(files[0])) {
      got = CountMinSketch.read(in, files[0].length());
    }
    assertEquals(expected, got);
    for (Map.Entry<String, Long> e : naive.entrySet()) {
      assertTrue(IcebergFilters.estimate(got, e.getKey().getBytes(),
          e.getKey().length()) >= e.getValue(), e.getKey());
    }
    Counters cs = d.getCounters();
    assertEquals(pairs, c(cs, IcebergCounters.LOCAL_TOTALS));
    assertEquals(weight, c(cs, IcebergCounters.TOTAL_WEIGHT));
    assertEquals(naiveBytes, c(cs, IcebergCounters.NAIVE_BYTES));
    assertEquals(1, c(cs, IcebergCounters.FILTERS));
    assertEquals(3, c(cs, IcebergCounters.MAP_TABLE_FLUSHES));
  }

  @Test
  public void totalsMapperOfOnlyZeroTotalsWritesNoSketch() throws Exception {
    MapDriver<LongWritable, Row, NullWritable, NullWritable> d =
        MapDriver.newMapDriver(new TotalsFilterMapper());
    conf(d.getConfiguration(), 50);
    d.getConfiguration().setLong(BloomkitConfig.ICEBERG_COUNTING_WIDTH.key(), 10);
    File out = newFolder(tmp, "phase1");
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", out.toURI().toString());
    d.withInput(new LongWritable(0), row("a,x,0"));
    d.withInput(new LongWritable(1), row("b,y"));
    d.run();
    assertEquals(0, out.listFiles((dir, n) -> n.endsWith(IcebergFilters.SUFFIX)).length);
    assertEquals(0, c(d.getCounters(), IcebergCounters.FILTERS));
    assertEquals(0, c(d.getCounters(), IcebergCounters.LOCAL_TOTALS));
  }

  @Test
  public void reducerKeepsTotalsAtOrAboveTheThreshold() throws Exception {
    ReduceDriver<Text, LongWritable, Text, LongWritable> d = ReduceDriver.newReduceDriver(new IcebergReducer());
    conf(d.getConfiguration(), 10);
    d.withInput(new Text("hot"), Arrays.asList(new LongWritable(4), new LongWritable(6)));
    d.withInput(new Text("cold"), Arrays.asList(new LongWritable(9)));
    d.withOutput(new Text("hot"), new LongWritable(10));
    d.runTest();
    assertEquals(2, c(d.getCounters(), IcebergCounters.KEYS));
    assertEquals(1, c(d.getCounters(), IcebergCounters.ICEBERGS));
  }

  /** Map, shuffle, reduce: equals the naive sum per key, for several thresholds. */
  @Test
  public void mapReduceEqualsNaiveSums() throws Exception {
    IcebergData data = new IcebergData(11, 800, 60, 1);
    IcebergData.Totals t = IcebergData.sum(data.files, 1, 2);
    for (long threshold : new long[] {1, 20, 100}) {
      MapReduceDriver<LongWritable, Row, Text, LongWritable, Text, LongWritable> d =
          MapReduceDriver.newMapReduceDriver(new IcebergMapper(), new IcebergReducer());
      conf(d.getConfiguration(), threshold);
      d.getConfiguration().setInt(BloomkitConfig.ICEBERG_MAX_KEYS.key(), 5);
      long off = 0;
      for (String line : data.files.get(0).split("\n")) {
        d.withInput(new LongWritable(off), row(line));
        off += line.length() + 1;
      }
      Map<String, Integer> got = new TreeMap<>();
      for (Pair<Text, LongWritable> p : d.run()) {
        got.merge(p.getFirst() + "\t" + p.getSecond(), 1, Integer::sum);
      }
      assertEquals(t.icebergLines(threshold), got, "threshold " + threshold);
      assertEquals(t.malformed, c(d.getCounters(), IcebergCounters.MALFORMED_RECORDS));
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
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
