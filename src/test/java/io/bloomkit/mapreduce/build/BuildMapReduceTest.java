package io.bloomkit.mapreduce.build;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.registry.Filters;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.BuildCounters;
import io.bloomkit.mapreduce.FilterSpec;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** MRUnit tests of the build mappers and reducers, counters included. */
public class BuildMapReduceTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final NullWritable NIL = NullWritable.get();

  private static MapDriver<LongWritable, Text, Text, NullWritable> mapDriver() {
    MapDriver<LongWritable, Text, Text, NullWritable> d = MapDriver.newMapDriver(new DistinctKeyMapper());
    d.getConfiguration().set(BloomkitConfig.DELIMITER.key(), ",");
    d.getConfiguration().set(BloomkitConfig.KEY_FIELDS.key(), "1");
    return d;
  }

  private static Set<String> keys(List<Pair<Text, NullWritable>> out) {
    Set<String> s = new HashSet<>();
    for (Pair<Text, NullWritable> p : out) {
      assertTrue("emitted twice: " + p.getFirst(), s.add(p.getFirst().toString()));
    }
    return s;
  }

  @Test
  public void mapperEmitsEachKeyOfTheSplitOnceAndCountsMalformed() throws Exception {
    MapDriver<LongWritable, Text, Text, NullWritable> d = mapDriver();
    long off = 0;
    // a skewed split: key "hot" on most lines
    for (int i = 0; i < 50; i++) {
      d.withInput(new LongWritable(off++), new Text("r" + i + ",hot,x"));
    }
    d.withInput(new LongWritable(off++), new Text("a,cold"));
    d.withInput(new LongWritable(off++), new Text("no-key-field"));
    d.withInput(new LongWritable(off++), new Text(new byte[] {'b', ',', (byte) 0xFF}));
    d.withInput(new LongWritable(off++), new Text("c,cold,y"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(new HashSet<>(Arrays.asList("hot", "cold")), keys(out));
    assertEquals(54, d.getCounters().findCounter(BuildCounters.INPUT_RECORDS).getValue());
    assertEquals(2, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
    assertEquals(2, d.getCounters().findCounter(BuildCounters.MAP_KEYS_EMITTED).getValue());
  }

  @Test
  public void boundedSetFlushesWhenFull() throws Exception {
    MapDriver<LongWritable, Text, Text, NullWritable> d = mapDriver();
    d.getConfiguration().setInt(BloomkitConfig.HASHSET_MAX_KEYS.key(), 3);
    String[] ks = {"a", "b", "a", "c", "d", "a", "e"};
    for (int i = 0; i < ks.length; i++) {
      d.withInput(new LongWritable(i), new Text(i + "," + ks[i]));
    }
    List<Pair<Text, NullWritable>> out = d.run();
    List<String> emitted = new ArrayList<>();
    for (Pair<Text, NullWritable> p : out) {
      emitted.add(p.getFirst().toString());
    }
    // {a,b,c} flushed at the third distinct key, then {d,a,e} flushed again
    assertEquals(6, emitted.size());
    assertEquals(new HashSet<>(Arrays.asList("a", "b", "c", "d", "e")), new HashSet<>(emitted));
    assertEquals(2, d.getCounters().findCounter(BuildCounters.HASHSET_FLUSHES).getValue());
  }

  @Test
  public void splitOfOnlyMalformedLinesEmitsNothing() throws Exception {
    MapDriver<LongWritable, Text, Text, NullWritable> d = mapDriver();
    d.withInput(new LongWritable(0), new Text("x"));
    assertTrue(d.run().isEmpty());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
  }

  @Test
  public void strictModeFailsNamingTheOffset() throws Exception {
    MapDriver<LongWritable, Text, Text, NullWritable> d = mapDriver();
    d.getConfiguration().setBoolean(BloomkitConfig.STRICT.key(), true);
    d.withInput(new LongWritable(0), new Text("a,k"));
    d.withInput(new LongWritable(4), new Text("broken"));
    try {
      d.run();
      fail();
    } catch (java.io.IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("byte offset 4"));
      assertTrue(e.getMessage(), e.getMessage().contains("missing"));
    }
  }

  @Test
  public void distinctReducerWritesEachKeyOnceAndCounts() throws Exception {
    ReduceDriver<Text, NullWritable, Text, NullWritable> d =
        ReduceDriver.newReduceDriver(new DistinctKeyReducer());
    d.withInput(new Text("a"), Arrays.asList(NIL, NIL, NIL));
    d.withInput(new Text("b"), Arrays.asList(NIL));
    d.withOutput(new Text("a"), NIL).withOutput(new Text("b"), NIL);
    d.runTest();
    assertEquals(2, d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
  }

  private Filter readOnlyPartial(File dir) throws Exception {
    File[] files = dir.listFiles((f, n) -> n.startsWith("partial-filter"));
    assertEquals(1, files.length);
    try (InputStream in = new FileInputStream(files[0])) {
      return Filters.read(in, Filter.class);
    }
  }

  @Test
  public void partialReducerWritesAFullShapePartial() throws Exception {
    for (String type : new String[] {"acbf", "cbf", "bf", "exact"}) {
      File dir = tmp.newFolder(type);
      ReduceDriver<Text, NullWritable, NullWritable, NullWritable> d =
          ReduceDriver.newReduceDriver(new PartialFilterReducer());
      Configuration conf = d.getConfiguration();
      new FilterSpec(type, 1000, 0, 0, 16, 0).toConf(conf);
      conf.set("mapreduce.output.fileoutputformat.outputdir", dir.toURI().toString());
      for (int i = 0; i < 100; i++) {
        d.withInput(new Text("k" + i), Arrays.asList(NIL, NIL));
      }
      d.run();
      assertEquals(100, d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
      assertEquals(1, d.getCounters().findCounter(BuildCounters.PARTIAL_FILTERS).getValue());
      Filter f = readOnlyPartial(dir);
      assertEquals(type, 100, f.items());
      if (!type.equals("exact")) {
        assertEquals(new FilterSpec(type, 1000, 0, 0, 16, 0).shape().memoryBits(), f.memoryBits());
      } else {
        assertEquals(FilterFamily.EXACT, f.family());
      }
      for (int i = 0; i < 100; i++) {
        assertTrue(f.mightContain("k" + i));
      }
    }
  }

  @Test
  public void partialMapperBuildsFromDistinctKeys() throws Exception {
    File dir = tmp.newFolder("m");
    MapDriver<Text, NullWritable, NullWritable, NullWritable> d =
        MapDriver.newMapDriver(new PartialFilterMapper());
    new FilterSpec("exact", 3, 0, 0, 16, 0).toConf(d.getConfiguration());
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", dir.toURI().toString());
    d.withInput(new Text("x"), NIL).withInput(new Text("y"), NIL).withInput(new Text("z"), NIL);
    assertTrue(d.run().isEmpty());
    Filter f = readOnlyPartial(dir);
    assertEquals(3, f.items());
    assertTrue(f.mightContain("x") && f.mightContain("z") && !f.mightContain("w"));
  }

  @Test
  public void mapReduceOverSkewedInputCountsDistinctKeys() throws Exception {
    MapReduceDriver<LongWritable, Text, Text, NullWritable, Text, NullWritable> d =
        MapReduceDriver.newMapReduceDriver(new DistinctKeyMapper(), new DistinctKeyReducer());
    d.getConfiguration().set(BloomkitConfig.DELIMITER.key(), ",");
    d.getConfiguration().set(BloomkitConfig.KEY_FIELDS.key(), "0,2");
    d.getConfiguration().setInt(BloomkitConfig.HASHSET_MAX_KEYS.key(), 2);
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < 30; i++) {
      String k = i % 3 == 0 ? "hot" : "k" + (i % 5);
      d.withInput(new LongWritable(i), new Text(k + ",v,z"));
      expected.add(k + ",z");
    }
    d.withInput(new LongWritable(99), new Text("short,line"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(expected, keys(out));
    assertEquals(expected.size(), d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
    assertFalse(d.getCounters().findCounter(BuildCounters.HASHSET_FLUSHES).getValue() == 0);
  }
}
