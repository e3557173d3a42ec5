package io.bloomkit.mapreduce.icebergs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.IcebergCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** MRUnit tests of the icebergs mappers and reducer, counters included. */
public class IcebergMapReduceTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

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
    // {x:7, y:1} flushed when y arrives; then {z:2, x:1} flushed when x arrives
    assertEquals(4, out.size());
    Map<String, Long> expected = new HashMap<>();
    expected.put("x", 8L);
    expected.put("y", 1L);
    expected.put("z", 2L);
    assertEquals(new TreeMap<>(expected), asMap(out));
    Counters cs = d.getCounters();
    assertEquals(8, c(cs, IcebergCounters.INPUT_RECORDS));
    assertEquals(3, c(cs, IcebergCounters.MALFORMED_RECORDS));
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

  @Test
  public void countingMapperDropsKeysBelowTheThresholdEstimate() throws Exception {
    CountingBloomFilter f =
        CountingBloomFilter.create(FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, 100, 0, 64, 0));
    for (int i = 0; i < 5; i++) {
      f.add("big");
    }
    f.add("small");
    File file = tmp.newFile();
    try (OutputStream o = new FileOutputStream(file)) {
      f.writeTo(o);
    }
    MapDriver<LongWritable, Row, Text, LongWritable> d = MapDriver.newMapDriver(new IcebergMapper());
    conf(d.getConfiguration(), 5);
    d.getConfiguration().setBoolean(BloomkitConfig.ICEBERG_COUNTING.key(), true);
    d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), file.toURI().toString());
    d.withInput(new LongWritable(0), row("a,big,3"));
    d.withInput(new LongWritable(1), row("b,small,1"));
    d.withInput(new LongWritable(2), row("c,big,2"));
    d.withInput(new LongWritable(3), row("d,absent,9"));
    d.withOutput(new Text("big"), new LongWritable(5));
    d.runTest();
    assertEquals(2, c(d.getCounters(), IcebergCounters.CANDIDATE_RECORDS));
    assertEquals(2, c(d.getCounters(), IcebergCounters.FILTERED_RECORDS));
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

  @Test
  public void incrementsAreCappedSoSaturationNeverHidesAnIceberg() {
    assertEquals(3, IcebergFilters.increments(3, 100));
    assertEquals(15, IcebergFilters.increments(1000, 100));
    assertEquals(4, IcebergFilters.increments(1000, 4));
    CountingBloomFilter f =
        CountingBloomFilter.create(FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, 10, 0, 64, 0));
    for (long i = IcebergFilters.increments(500, 100); i > 0; i--) {
      f.add("k");
    }
    byte[] k = {'k'};
    assertTrue(IcebergFilters.isCandidate(f, k, 1, 100)); // saturated at 15: still a candidate
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
      assertEquals("threshold " + threshold, t.icebergLines(threshold), got);
      assertEquals(t.malformed, c(d.getCounters(), IcebergCounters.MALFORMED_RECORDS));
    }
  }
}
