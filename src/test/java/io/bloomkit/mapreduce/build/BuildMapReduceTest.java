package io.bloomkit.mapreduce.build;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.filterjob.DistinctKeyMapper;
import io.bloomkit.mapreduce.filterjob.DistinctKeyReducer;
import io.bloomkit.mapreduce.filterjob.PartialFilterMapper;
import io.bloomkit.mapreduce.filterjob.PartialFilterReducer;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MRUnit tests of the build mappers and reducers, counters included. */
public class BuildMapReduceTest {
  @TempDir public File tmp;

  private static final NullWritable NIL = NullWritable.get();

  /** A text spec with delimiter ',' and the key fields (strings unless typed). */
  static TableSpec spec(List<String> keyFields, KeyType... types) {
    return TableSpec.builder(TableFormat.TEXT).delimiter(',').key(keyFields, Arrays.asList(types))
        .build();
  }

  private static final TableSpec FIELD_1 = spec(List.of("1"));

  private static MapDriver<LongWritable, Row, Text, NullWritable> mapDriver(TableSpec spec) {
    MapDriver<LongWritable, Row, Text, NullWritable> d = MapDriver.newMapDriver(new DistinctKeyMapper());
    TextRowSerialization.register(d.getConfiguration(), spec);
    return d;
  }

  private static MapDriver<LongWritable, Row, Text, NullWritable> mapDriver() {
    return mapDriver(FIELD_1);
  }

  /** The row the text reader gives for {@code line}. */
  static Row row(TableSpec spec, String line) {
    return Row.ofLine(spec, new Text(line));
  }

  static Row row(TableSpec spec, byte[] line) {
    return Row.ofLine(spec, new Text(line));
  }

  private static Set<String> keys(List<Pair<Text, NullWritable>> out) {
    Set<String> s = new HashSet<>();
    for (Pair<Text, NullWritable> p : out) {
      assertTrue(s.add(p.getFirst().toString()), "emitted twice: " + p.getFirst());
    }
    return s;
  }

  @Test
  public void mapperEmitsEachKeyOfTheSplitOnceAndCountsMalformed() throws Exception {
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver();
    long off = 0;
    // a skewed split: key "hot" on most lines
    for (int i = 0; i < 50; i++) {
      d.withInput(new LongWritable(off++), row(FIELD_1, "r" + i + ",hot,x"));
    }
    d.withInput(new LongWritable(off++), row(FIELD_1, "a,cold"));
    d.withInput(new LongWritable(off++), row(FIELD_1, "no-key-field"));
    d.withInput(new LongWritable(off++), row(FIELD_1, new byte[] {'b', ',', (byte) 0xFF}));
    d.withInput(new LongWritable(off++), row(FIELD_1, "c,cold,y"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(new HashSet<>(Arrays.asList("hot", "cold")), keys(out));
    assertEquals(54, d.getCounters().findCounter(BuildCounters.INPUT_RECORDS).getValue());
    assertEquals(2, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
    assertEquals(2, d.getCounters().findCounter(BuildCounters.MAP_KEYS_EMITTED).getValue());
  }

  @Test
  public void boundedSetFlushesWhenFull() throws Exception {
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver();
    d.getConfiguration().setInt(BloomkitConfig.HASHSET_MAX_KEYS.key(), 3);
    String[] ks = {"a", "b", "a", "c", "d", "a", "e"};
    for (int i = 0; i < ks.length; i++) {
      d.withInput(new LongWritable(i), row(FIELD_1, i + "," + ks[i]));
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
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver();
    d.withInput(new LongWritable(0), row(FIELD_1, "x"));
    assertTrue(d.run().isEmpty());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
  }

  @Test
  public void strictModeFailsNamingTheOffset() throws Exception {
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver();
    d.getConfiguration().setBoolean(BloomkitConfig.STRICT.key(), true);
    d.withInput(new LongWritable(0), row(FIELD_1, "a,k"));
    d.withInput(new LongWritable(4), row(FIELD_1, "broken"));
    try {
      d.run();
      fail();
    } catch (IOException e) {
      assertTrue(e.getMessage().contains("byte offset 4"), e.getMessage());
      assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }
  }

  @Test
  public void nullKeysAreCountedAndNeverEmitted() throws Exception {
    TableSpec spec = FIELD_1.toBuilder().emptyIsNull(true).build();
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver(spec);
    d.withInput(new LongWritable(0), row(spec, "a,k"));
    d.withInput(new LongWritable(4), row(spec, "b,\\N,x")); // Hive's null token
    d.withInput(new LongWritable(10), row(spec, "c,")); // empty, --empty-is-null
    d.withInput(new LongWritable(13), row(spec, "d,\\Nx")); // not the token: a key
    d.withInput(new LongWritable(19), row(spec, "broken"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(new HashSet<>(Arrays.asList("k", "\\Nx")), keys(out));
    assertEquals(5, d.getCounters().findCounter(BuildCounters.INPUT_RECORDS).getValue());
    assertEquals(2, d.getCounters().findCounter(BuildCounters.NULL_KEYS).getValue());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
  }

  @Test
  public void typedAndCompositeKeysAreCanonicalBytes() throws Exception {
    // a long key: "0404" and "404" are one key; "4x" is malformed, not a string key
    TableSpec longs = spec(List.of("1"), KeyType.LONG);
    MapDriver<LongWritable, Row, Text, NullWritable> d = mapDriver(longs);
    d.withInput(new LongWritable(0), row(longs, "a,404"));
    d.withInput(new LongWritable(6), row(longs, "b,0404"));
    d.withInput(new LongWritable(13), row(longs, "c,4x"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(1, out.size());
    assertArrayEquals(CanonicalKey.ofLong(404), bytes(out.get(0).getFirst()));
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());

    // a composite key is length-prefixed: ("a,b", "c") and ("a", "b,c") cannot meet
    TableSpec two = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("0", "1"), List.of()).build();
    MapDriver<LongWritable, Row, Text, NullWritable> c = mapDriver(two);
    c.withInput(new LongWritable(0), row(two, "a,b|c"));
    c.withInput(new LongWritable(6), row(two, "a|b,c"));
    c.withInput(new LongWritable(12), row(two, "a|\\N")); // a null part: a null key
    Set<String> got = new HashSet<>();
    for (Pair<Text, NullWritable> p : c.run()) {
      got.add(java.util.Base64.getEncoder().encodeToString(bytes(p.getFirst())));
    }
    Set<String> expected = new HashSet<>();
    for (byte[] k : new byte[][] {
      CanonicalKey.composite(CanonicalKey.ofString("a,b"), CanonicalKey.ofString("c")),
      CanonicalKey.composite(CanonicalKey.ofString("a"), CanonicalKey.ofString("b,c"))}) {
      expected.add(java.util.Base64.getEncoder().encodeToString(k));
    }
    assertEquals(expected, got);
    assertEquals(1, c.getCounters().findCounter(BuildCounters.NULL_KEYS).getValue());
  }

  private static byte[] bytes(Text t) {
    return Arrays.copyOf(t.getBytes(), t.getLength());
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
    for (String type : new String[] {"acbf", "cbf", "bf", "sbbf", "exact"}) {
      File dir = newFolder(tmp, type);
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
      assertEquals(100, f.items(), type);
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
    File dir = newFolder(tmp, "m");
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
    MapReduceDriver<LongWritable, Row, Text, NullWritable, Text, NullWritable> d =
        MapReduceDriver.newMapReduceDriver(new DistinctKeyMapper(), new DistinctKeyReducer());
    TableSpec spec = spec(List.of("0", "2"));
    TextRowSerialization.register(d.getConfiguration(), spec);
    d.getConfiguration().setInt(BloomkitConfig.HASHSET_MAX_KEYS.key(), 2);
    Set<String> expected = new HashSet<>();
    for (int i = 0; i < 30; i++) {
      String k = i % 3 == 0 ? "hot" : "k" + (i % 5);
      d.withInput(new LongWritable(i), row(spec, k + ",v,z"));
      expected.add(new Text(CanonicalKey.composite(CanonicalKey.ofString(k),
          CanonicalKey.ofString("z"))).toString());
    }
    d.withInput(new LongWritable(99), row(spec, "short,line"));
    List<Pair<Text, NullWritable>> out = d.run();
    assertEquals(expected, keys(out));
    assertEquals(expected.size(), d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.MALFORMED_RECORDS).getValue());
    assertFalse(d.getCounters().findCounter(BuildCounters.HASHSET_FLUSHES).getValue() == 0);
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
