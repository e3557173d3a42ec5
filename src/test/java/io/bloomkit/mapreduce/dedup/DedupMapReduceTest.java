package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.KeyValueReuseList;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MRUnit tests of the dedup mappers and reducer, counters included. The kept/duplicates side
 * outputs (MultipleOutputs in a job) are captured in memory through {@code openOutput}.
 */
public class DedupMapReduceTest {
  @TempDir public File tmp;

  private static final String FILE = "file:/data/log-0";

  /** Captures what a task keeps and removes. */
  static final class Capture implements DedupOutput {
    final List<String> kept = new ArrayList<>();
    final List<String> duplicates = new ArrayList<>();

    @Override
    public void kept(Text line) {
      kept.add(line.toString());
    }

    @Override
    public void duplicate(Text line) {
      duplicates.add(line.toString());
    }

    @Override
    public void close() {}
  }

  static final class CapturingMapper extends DedupMapper {
    final Capture capture;

    CapturingMapper(Capture c) {
      capture = c;
    }

    @Override
    protected DedupOutput openOutput(Context context) {
      return capture;
    }
  }

  static final class CapturingReducer extends DedupReducer {
    final Capture capture;

    CapturingReducer(Capture c) {
      capture = c;
    }

    @Override
    protected DedupOutput openOutput(Context context) {
      return capture;
    }
  }

  /** Text, delimiter ',', key field 1, time field 2 (and importance field 3 when asked). */
  static final TableSpec SPEC = spec(false);

  static TableSpec spec(boolean importance) {
    return TableSpec.builder(TableFormat.TEXT).delimiter(',').key(List.of("1"), List.of())
        .otherFields(importance ? List.of("2", "3") : List.of("2")).ordered(true).build();
  }

  /** The row the text reader gives for {@code line}. */
  static Row row(String line) {
    return Row.ofLine(SPEC, new Text(line));
  }

  static Row row(byte[] line) {
    return Row.ofLine(SPEC, new Text(line));
  }

  private static void conf(Configuration c, long window) {
    TextRowSerialization.register(c, SPEC); // the input spec, and MRUnit may copy text rows
    c.set(BloomkitConfig.TIME_FIELD.key(), "2");
    c.set(BloomkitConfig.DEDUP_WINDOW.key(), String.valueOf(window));
  }

  private static long c(Counters cs, DedupCounters c) {
    return cs.findCounter(c).getValue();
  }

  private static MapDriver<LongWritable, Row, DedupKey, Text> mapDriver(Capture cap, long window) {
    MapDriver<LongWritable, Row, DedupKey, Text> d = MapDriver.newMapDriver(new CapturingMapper(cap));
    conf(d.getConfiguration(), window);
    d.setMapInputPath(new Path(FILE));
    return d;
  }

  @Test
  public void mapperKeepsTheEarliestRecordPerKeyAndWritesLaterOnesAsDuplicates() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(cap, 0);
    d.withInput(new LongWritable(0), row("e0,hot,50,x"));
    d.withInput(new LongWritable(10), row("e1,hot,20,x")); // earlier time: replaces e0
    d.withInput(new LongWritable(20), row("e2,cold,5,x"));
    d.withInput(new LongWritable(30), row("e3,hot,20,x")); // same time, later offset
    d.withInput(new LongWritable(40), row("e4,hot"));      // no time field
    d.withInput(new LongWritable(50), row("e5,hot,soon")); // time not an integer
    d.withInput(new LongWritable(60), row(new byte[] {'e', ',', (byte) 0xFF, ',', '1'}));
    List<Pair<DedupKey, Text>> out = d.run();
    assertEquals(2, out.size());
    for (Pair<DedupKey, Text> p : out) {
      String k = p.getFirst().key().toString();
      if (k.equals("hot")) {
        assertEquals(new DedupKey("hot", 20, 0, 10), p.getFirst());
        assertEquals("e1,hot,20,x", p.getSecond().toString());
      } else {
        assertEquals(new DedupKey("cold", 5, 0, 20), p.getFirst());
      }
    }
    assertEquals(Arrays.asList("e0,hot,50,x", "e3,hot,20,x"), cap.duplicates);
    assertTrue(cap.kept.isEmpty());
    Counters cs = d.getCounters();
    assertEquals(7, c(cs, DedupCounters.INPUT_RECORDS));
    assertEquals(3, c(cs, DedupCounters.MALFORMED_RECORDS));
    assertEquals(2, c(cs, DedupCounters.DUPLICATES));
    assertEquals(2, c(cs, DedupCounters.MAP_SIDE_DUPLICATES));
  }

  @Test
  public void boundedTableFlushesWhenFullAndWindowDisablesCombining() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(cap, 0);
    d.getConfiguration().setInt(BloomkitConfig.DEDUP_MAX_KEYS.key(), 2);
    String[] keys = {"a", "a", "b", "a", "c", "c"};
    for (int i = 0; i < keys.length; i++) {
      d.withInput(new LongWritable(i), row(i + "," + keys[i] + "," + i));
    }
    List<Pair<DedupKey, Text>> out = d.run();
    // {a,b} flushed when b arrives, {a,c} when c arrives; the last c is emitted at cleanup:
    // only the second a is recognised in the map, the reducers see the rest
    assertEquals(5, out.size());
    assertEquals(Arrays.asList("1,a,1"), cap.duplicates);
    assertEquals(2, c(d.getCounters(), DedupCounters.MAP_TABLE_FLUSHES));

    Capture cap2 = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> w = mapDriver(cap2, 10);
    for (int i = 0; i < keys.length; i++) {
      w.withInput(new LongWritable(i), row(i + "," + keys[i] + "," + i));
    }
    assertEquals(keys.length, w.run().size());
    assertTrue(cap2.duplicates.isEmpty());
  }

  @Test
  public void countingMapperWritesKeysOfEstimateOneWithoutShuffle() throws Exception {
    CountingBloomFilter f =
        CountingBloomFilter.create(FilterShape.forBitsPerKey(FilterFamily.COUNTING, null, 100, 0, 64, 0));
    for (String k : new String[] {"once", "twice", "twice"}) {
      f.add(k);
    }
    File file = File.createTempFile("junit", null, tmp);
    try (OutputStream o = new FileOutputStream(file)) {
      f.writeTo(o);
    }
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(cap, 0);
    d.getConfiguration().setBoolean(BloomkitConfig.DEDUP_COUNTING.key(), true);
    d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), file.toURI().toString());
    d.withInput(new LongWritable(0), row("e0,once,7,x"));
    d.withInput(new LongWritable(12), row("e1,twice,3,x"));
    d.withInput(new LongWritable(24), row("e2,twice,9,x"));
    d.withOutput(new DedupKey("twice", 3, 0, 12), new Text("e1,twice,3,x"));
    d.runTest();
    assertEquals(Arrays.asList("e0,once,7,x"), cap.kept);
    assertEquals(Arrays.asList("e2,twice,9,x"), cap.duplicates);
    Counters cs = d.getCounters();
    assertEquals(1, c(cs, DedupCounters.SHUFFLE_AVOIDED_RECORDS));
    assertEquals("e0,once,7,x".length() + 1, c(cs, DedupCounters.SHUFFLE_AVOIDED_BYTES));
    assertEquals(1, c(cs, DedupCounters.KEPT));
  }

  @Test
  public void strictMapperFailsNamingFileAndOffset() throws Exception {
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(new Capture(), 0);
    d.getConfiguration().setBoolean(BloomkitConfig.STRICT.key(), true);
    d.withInput(new LongWritable(0), row("e0,a,1"));
    d.withInput(new LongWritable(7), row("e1,a,later"));
    try {
      d.run();
      fail("strict mode accepted a malformed record");
    } catch (Records.MalformedRecordException e) {
      assertTrue(e.getMessage().contains(FILE + " at byte offset 7"), e.getMessage());
    }
  }

  /**
   * One reduce group of key k: each value comes with its own key (time, position), as the
   * framework sets it while the values are iterated; the reducer reads the times there.
   */
  private static KeyValueReuseList<DedupKey, Text> group(Configuration conf, String... lines) {
    KeyValueReuseList<DedupKey, Text> g = new KeyValueReuseList<>(new DedupKey(), new Text(), conf);
    for (int i = 0; i < lines.length; i++) {
      long time = Long.parseLong(lines[i].split(",")[2]);
      g.add(new Pair<>(new DedupKey("k", time, 0, 10 * i), new Text(lines[i])));
    }
    return g;
  }

  @Test
  public void reducerKeepsTheFirstOfEachKeyOrOfEachWindow() throws Exception {
    String[] lines = {"a,k,1", "b,k,5", "c,k,12", "d,k,14", "e,k,30"};
    Capture cap = new Capture();
    ReduceDriver<DedupKey, Text, NullWritable, Text> d = ReduceDriver.newReduceDriver(new CapturingReducer(cap));
    conf(d.getConfiguration(), 0);
    d.withInput(group(d.getConfiguration(), lines)).runTest();
    assertEquals(Arrays.asList("a,k,1"), cap.kept);
    assertEquals(4, cap.duplicates.size());
    assertEquals(1, c(d.getCounters(), DedupCounters.KEPT));
    assertEquals(4, c(d.getCounters(), DedupCounters.DUPLICATES));

    // window 10: gaps 4, 7, 2, 16 from the previous record of the key -> a and e kept
    Capture w = new Capture();
    ReduceDriver<DedupKey, Text, NullWritable, Text> r = ReduceDriver.newReduceDriver(new CapturingReducer(w));
    conf(r.getConfiguration(), 10);
    r.withInput(group(r.getConfiguration(), lines)).runTest();
    assertEquals(Arrays.asList("a,k,1", "e,k,30"), w.kept);
    assertEquals(Arrays.asList("b,k,5", "c,k,12", "d,k,14"), w.duplicates);
  }

  /** Map, sort by (key, time, path, offset), group by key, reduce: equals the naive dedup. */
  @Test
  public void mapReduceEqualsNaiveDedupWithAndWithoutWindow() throws Exception {
    DedupData data = new DedupData(7, 600, 40, 1, 200);
    for (long window : new long[] {0, 25}) {
      Capture cap = new Capture();
      MapReduceDriver<LongWritable, Row, DedupKey, Text, NullWritable, Text> d =
          MapReduceDriver.newMapReduceDriver(new CapturingMapper(cap), new CapturingReducer(cap));
      conf(d.getConfiguration(), window);
      d.getConfiguration().setInt(BloomkitConfig.DEDUP_MAX_KEYS.key(), 7); // many flushes
      d.setMapInputPath(new Path(FILE));
      d.setKeyOrderComparator(new DedupKey.Comparator());
      d.setKeyGroupingComparator(new DedupKey.GroupingComparator());
      long offset = 0;
      for (String line : data.files.get(0).split("\n")) {
        d.withInput(new LongWritable(offset), row(line));
        offset += line.length() + 1;
      }
      d.run();
      DedupData.Expected e = DedupData.dedup(data.files, 1, 2, window);
      assertEquals(e.kept, DedupData.multiset(cap.kept), "window " + window);
      assertEquals(e.duplicates, DedupData.multiset(cap.duplicates), "window " + window);
      Counters cs = d.getCounters();
      assertEquals(e.records, c(cs, DedupCounters.INPUT_RECORDS));
      assertEquals(e.malformed, c(cs, DedupCounters.MALFORMED_RECORDS));
      assertEquals(cap.kept.size(), c(cs, DedupCounters.KEPT));
      assertEquals(cap.duplicates.size(), c(cs, DedupCounters.DUPLICATES));
      assertTrue(e.duplicates.size() > 50);
    }
  }

  @Test
  public void rawComparatorsAgreeWithTheObjects() throws Exception {
    DedupKey[] ks = {
      new DedupKey("a", 5, 0, 3), new DedupKey("a", -5, 0, 0), new DedupKey("a", 5, 0, 9),
      new DedupKey("ab", 0, 0, 0), new DedupKey("a", 5, 0, 2), new DedupKey("", 0, 0, 0),
      new DedupKey(null, 0, 0, 0), new DedupKey(null, 7, 1, 4), new DedupKey("", 7, 1, 4)
    };
    DedupKey.Comparator sort = new DedupKey.Comparator();
    DedupKey.GroupingComparator group = new DedupKey.GroupingComparator();
    DedupKey.TimeOrderComparator stream = new DedupKey.TimeOrderComparator();
    for (DedupKey x : ks) {
      for (DedupKey y : ks) {
        byte[] bx = bytes(x);
        byte[] by = bytes(y);
        assertEquals(Integer.signum(x.compareTo(y)), Integer.signum(sort.compare(bx, 0, bx.length, by, 0, by.length)),
            x + " vs " + y);
        // the null group is a group of its own, before every key (the empty one too)
        int keys = x.isNull() || y.isNull()
            ? Boolean.compare(!x.isNull(), !y.isNull())
            : x.key().compareTo(y.key());
        assertEquals(Integer.signum(keys), Integer.signum(group.compare(bx, 0, bx.length, by, 0, by.length)),
            x + " vs " + y);
        assertEquals(Integer.signum(keys), Integer.signum(group.compare(x, y)));
        int position = Integer.signum(x.comparePosition(y));
        assertEquals(position != 0 ? position : Integer.signum(keys), Integer.signum(stream.compare(bx, 0, bx.length, by, 0, by.length)),
            x + " vs " + y);
        // written and read back, a key is itself
        DedupKey back = new DedupKey();
        back.readFields(new java.io.DataInputStream(new java.io.ByteArrayInputStream(bx)));
        assertEquals(0, back.compareTo(x));
        assertEquals(x.isNull(), back.isNull());
      }
    }
    assertEquals(1, bytes(new DedupKey(null, 0, 0, 0)).length - 20); // one byte: vint -1
    assertEquals(1, bytes(new DedupKey("", 0, 0, 0)).length - 20);
  }

  /**
   * Null keys in the map task: by default written to the kept records at once and counted as
   * NULL_KEYS only (not KEPT, not shuffled); with --null-keys-equal they are the null group,
   * combined like a key (the earliest one shuffled, the later ones duplicates here), apart from
   * the empty key.
   */
  @Test
  public void mapperKeepsNullKeysOrCombinesThemAsOneGroup() throws Exception {
    String[] lines = {"e0,\\N,5", "e1,,3", "e2,\\N,2", "e3,\\N,9", "e4,,1"};
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(cap, 0);
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(10 * i), row(lines[i]));
    }
    List<Pair<DedupKey, Text>> out = d.run();
    assertEquals(Arrays.asList("e0,\\N,5", "e2,\\N,2", "e3,\\N,9"), cap.kept);
    assertEquals(Arrays.asList("e1,,3"), cap.duplicates); // e4 (time 1) is the empty key's first
    assertEquals(1, out.size());
    assertEquals(new DedupKey("", 1, 0, 40), out.get(0).getFirst());
    Counters cs = d.getCounters();
    assertEquals(3, c(cs, DedupCounters.NULL_KEYS));
    assertEquals(0, c(cs, DedupCounters.KEPT));
    assertEquals(0, c(cs, DedupCounters.SHUFFLE_AVOIDED_RECORDS));

    Capture eq = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> e = mapDriver(eq, 0);
    e.getConfiguration().setBoolean(BloomkitConfig.DEDUP_NULL_KEYS_EQUAL.key(), true);
    for (int i = 0; i < lines.length; i++) {
      e.withInput(new LongWritable(10 * i), row(lines[i]));
    }
    List<String> shuffled = shuffled(e.run());
    shuffled.sort(null);
    assertEquals(Arrays.asList(new DedupKey(null, 2, 0, 20) + " e2,\\N,2",
        new DedupKey("", 1, 0, 40) + " e4,,1"), shuffled);
    assertEquals(Arrays.asList("e0,\\N,5", "e3,\\N,9", "e1,,3"), eq.duplicates);
    assertTrue(eq.kept.isEmpty());
    assertEquals(3, c(e.getCounters(), DedupCounters.NULL_KEYS));
    assertEquals(3, c(e.getCounters(), DedupCounters.MAP_SIDE_DUPLICATES));
  }

  private static byte[] bytes(DedupKey k) throws Exception {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    k.write(new java.io.DataOutputStream(b));
    return b.toByteArray();
  }

  private static MapDriver<LongWritable, Row, DedupKey, Text> localDriver(
      Capture cap, String local, long window, boolean evaluate) {
    MapDriver<LongWritable, Row, DedupKey, Text> d = mapDriver(cap, window);
    Configuration c = d.getConfiguration();
    c.set(BloomkitConfig.DEDUP_STREAM_FILTER.key(), window > 0 ? "timer" : "bf");
    c.set(BloomkitConfig.DEDUP_LOCAL_FILTER.key(), local);
    c.setLong(BloomkitConfig.DEDUP_LOCAL_BITS.key(), 1 << 16);
    c.setBoolean(BloomkitConfig.DEDUP_EVALUATE.key(), evaluate);
    return d;
  }

  private static List<String> shuffled(List<Pair<DedupKey, Text>> out) {
    List<String> s = new ArrayList<>();
    for (Pair<DedupKey, Text> p : out) {
      s.add(p.getFirst() + (LocalMarker.is(p.getSecond()) ? " marker" : " " + p.getSecond()));
    }
    return s;
  }

  /**
   * Exact leaf without a window: keeps the least time of each key and drops a record when it is at
   * most the record's (an earlier line of the split precedes it); an earlier time goes through.
   */
  @Test
  public void exactLocalFilterDropsOnlyRecordsWithAnEarlierSameKeyRecord() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = localDriver(cap, "exact", 0, false);
    d.withInput(new LongWritable(0), row("e0,a,5"));
    d.withInput(new LongWritable(10), row("e1,a,7"));  // 5 <= 7: local duplicate
    d.withInput(new LongWritable(20), row("e2,a,3"));  // earlier than 5: shuffled, least = 3
    d.withInput(new LongWritable(30), row("e3,b,1"));
    d.withInput(new LongWritable(40), row("e4,a,3"));  // same time as e2, later offset
    d.withInput(new LongWritable(50), row("e5,b"));    // malformed
    List<Pair<DedupKey, Text>> out = d.run();
    assertEquals(Arrays.asList(fileKey("a", 5, 0) + " e0,a,5", fileKey("a", 3, 20) + " e2,a,3",
        fileKey("b", 1, 30) + " e3,b,1"), shuffled(out));
    assertEquals(Arrays.asList("e1,a,7", "e4,a,3"), cap.duplicates);
    assertTrue(cap.kept.isEmpty());
    Counters cs = d.getCounters();
    assertEquals(6, c(cs, DedupCounters.INPUT_RECORDS));
    assertEquals(1, c(cs, DedupCounters.MALFORMED_RECORDS));
    assertEquals(2, c(cs, DedupCounters.LOCAL_DUPLICATES));
    assertEquals(2, c(cs, DedupCounters.DUPLICATES));
    assertEquals(2, c(cs, DedupCounters.SHUFFLE_AVOIDED_RECORDS));
    assertEquals(2 * ("e1,a,7".length() + 1), c(cs, DedupCounters.SHUFFLE_AVOIDED_BYTES));
    assertEquals(0, c(cs, DedupCounters.LOCAL_MARKERS)); // no --evaluate, no timer: no markers
    assertEquals(0, c(cs, DedupCounters.MAP_SIDE_DUPLICATES)); // stream: no combining
  }

  private static String fileKey(String key, long time, long offset) {
    return new DedupKey(key, time, 0, offset).toString();
  }

  /**
   * Exact leaf with window 3: keeps the greatest time of each key and drops a record when that
   * time is at most 2 older; with --evaluate each drop is shuffled as a marker, in its place.
   */
  @Test
  public void exactLocalFilterWithWindowSendsMarkersWhenEvaluating() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = localDriver(cap, "exact", 3, true);
    d.withInput(new LongWritable(0), row("e0,a,5"));
    d.withInput(new LongWritable(10), row("e1,a,7"));   // 7 - 5 < 3: dropped, greatest 7
    d.withInput(new LongWritable(20), row("e2,a,3"));   // before 7: shuffled
    d.withInput(new LongWritable(30), row("e3,b,1"));
    d.withInput(new LongWritable(40), row("e4,a,10"));  // 10 - 7 = 3: not within the window
    d.withInput(new LongWritable(50), row("e5,a,12"));  // 12 - 10 < 3: dropped
    List<Pair<DedupKey, Text>> out = d.run();
    assertEquals(Arrays.asList(
        fileKey("a", 5, 0) + " e0,a,5", fileKey("a", 7, 10) + " marker",
        fileKey("a", 3, 20) + " e2,a,3", fileKey("b", 1, 30) + " e3,b,1",
        fileKey("a", 10, 40) + " e4,a,10", fileKey("a", 12, 50) + " marker"), shuffled(out));
    assertEquals(1.0, LocalMarker.importance(out.get(1).getSecond()), 0);
    assertEquals(Arrays.asList("e1,a,7", "e5,a,12"), cap.duplicates);
    Counters cs = d.getCounters();
    assertEquals(2, c(cs, DedupCounters.LOCAL_DUPLICATES));
    assertEquals(2, c(cs, DedupCounters.LOCAL_MARKERS));
    assertEquals(2, c(cs, DedupCounters.DUPLICATES));
    assertEquals(0, c(cs, DedupCounters.KEPT));
  }

  /**
   * Bloom leaf, test-and-set: a hit drops the record only if the task's time has not gone back
   * (every earlier line then precedes it); otherwise it is counted and shuffled.
   */
  @Test
  public void bloomLocalFilterDropsHitsOnlyWhileTimeDoesNotGoBack() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = localDriver(cap, "bloom", 0, false);
    d.withInput(new LongWritable(0), row("e0,a,1"));
    d.withInput(new LongWritable(10), row("e1,a,2"));  // hit, 2 >= 1: dropped
    d.withInput(new LongWritable(20), row("e2,b,0"));  // miss (set), time went back
    d.withInput(new LongWritable(30), row("e3,a,1"));  // hit, but 1 < 2: shuffled
    d.withInput(new LongWritable(40), row("e4,b,5"));  // hit, 5 >= 2: dropped
    List<Pair<DedupKey, Text>> out = d.run();
    assertEquals(Arrays.asList(fileKey("a", 1, 0) + " e0,a,1", fileKey("b", 0, 20) + " e2,b,0",
        fileKey("a", 1, 30) + " e3,a,1"), shuffled(out));
    assertEquals(Arrays.asList("e1,a,2", "e4,b,5"), cap.duplicates);
    Counters cs = d.getCounters();
    assertEquals(2, c(cs, DedupCounters.LOCAL_DUPLICATES));
    assertEquals(1, c(cs, DedupCounters.LOCAL_UNORDERED_HITS));
    assertEquals(0, c(cs, DedupCounters.LOCAL_MARKERS));

    // with --evaluate the drops travel as markers carrying the importance
    Capture cap2 = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> e = localDriver(cap2, "bloom", 0, true);
    e.getConfiguration().set(BloomkitConfig.IMPORTANCE_FIELD.key(), "3");
    TextRowSerialization.register(e.getConfiguration(), spec(true));
    e.withInput(new LongWritable(0), Row.ofLine(spec(true), new Text("e0,a,1,0.25")));
    e.withInput(new LongWritable(12), Row.ofLine(spec(true), new Text("e1,a,1,0.75")));
    List<Pair<DedupKey, Text>> out2 = e.run();
    assertEquals(2, out2.size());
    assertEquals(new DedupKey("a", 1, 0, 12), out2.get(1).getFirst());
    assertTrue(LocalMarker.is(out2.get(1).getSecond()));
    assertEquals(0.75, LocalMarker.importance(out2.get(1).getSecond()), 0);
    assertEquals(Arrays.asList("e1,a,1,0.75"), cap2.duplicates);
    assertEquals(1, c(e.getCounters(), DedupCounters.LOCAL_MARKERS));
  }

  /** The exact leaf's table is bounded: full, it is cleared (fewer drops, none wrong). */
  @Test
  public void exactLocalFilterTableIsBounded() throws Exception {
    Capture cap = new Capture();
    MapDriver<LongWritable, Row, DedupKey, Text> d = localDriver(cap, "exact", 0, false);
    d.getConfiguration().setInt(BloomkitConfig.DEDUP_MAX_KEYS.key(), 2);
    String[] keys = {"a", "b", "a", "c", "a", "c"}; // c clears {a, b}: the next a goes through
    for (int i = 0; i < keys.length; i++) {
      d.withInput(new LongWritable(i), row(i + "," + keys[i] + "," + i));
    }
    assertEquals(4, d.run().size());
    assertEquals(Arrays.asList("2,a,2", "5,c,5"), cap.duplicates);
    assertEquals(1, c(d.getCounters(), DedupCounters.MAP_TABLE_FLUSHES));
  }
}
