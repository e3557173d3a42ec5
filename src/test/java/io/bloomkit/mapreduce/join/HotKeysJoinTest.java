package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;

/**
 * Right skew: the mappers split a hot key's right records over buckets and copy its left records
 * to each; the buckets' reducers together write what the naive join writes, and count what it
 * would count.
 */
public class HotKeysJoinTest {
  /** Left lines "KEY,NAME", right lines "ID,KEY". */
  private static final TableSpec LEFT = TableSpec.builder(TableFormat.TEXT).delimiter(',')
      .key(List.of("0"), List.of()).build();
  private static final TableSpec RIGHT = TableSpec.builder(TableFormat.TEXT).delimiter(',')
      .key(List.of("1"), List.of()).build();

  private static Configuration conf(String type, int buckets, String... hot) {
    Configuration c = new Configuration(false);
    TextRowSerialization.allow(c);
    LEFT.store(c, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    RIGHT.store(c, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
    BloomkitConfig.JOIN_TYPE.set(c, type);
    BloomkitConfig.JOIN_FILTER_PATH.set(c, "");
    List<byte[]> keys = new ArrayList<>();
    for (String h : hot) {
      keys.add(h.getBytes(StandardCharsets.UTF_8));
    }
    HotKeys.store(c, keys, buckets);
    return c;
  }

  private static long c(Counters cs, JoinCounters c) {
    return cs.findCounter(c).getValue();
  }

  @Test
  public void rightMapperSendsAHotKeyRoundRobinOverItsBuckets() throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new RightJoinMapper());
    d.getConfiguration().addResource(conf("inner", 3, "h"));
    String[] lines = {"r0,h", "r1,x", "r2,h", "r3,h", "r4,h", "r5,\\N"};
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i), Row.ofLine(RIGHT, new Text(lines[i])));
    }
    d.withOutput(new JoinKey("h", JoinKey.RIGHT, 1), new JoinValue(JoinKey.RIGHT, "r0,h"));
    d.withOutput(new JoinKey("x", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r1,x"));
    d.withOutput(new JoinKey("h", JoinKey.RIGHT, 2), new JoinValue(JoinKey.RIGHT, "r2,h"));
    d.withOutput(new JoinKey("h", JoinKey.RIGHT, 3), new JoinValue(JoinKey.RIGHT, "r3,h"));
    d.withOutput(new JoinKey("h", JoinKey.RIGHT, 1), new JoinValue(JoinKey.RIGHT, "r4,h"));
    d.runTest();
    assertEquals(4, c(d.getCounters(), JoinCounters.HOT_KEY_RIGHT_RECORDS));
    assertEquals(5, c(d.getCounters(), JoinCounters.RIGHT_PASSED)); // once each, not per bucket
  }

  @Test
  public void leftMapperCopiesAHotKeysRecordToEveryBucket() throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new LeftJoinMapper());
    d.getConfiguration().addResource(conf("inner", 3, "h"));
    d.withInput(new LongWritable(0), Row.ofLine(LEFT, new Text("h,a")));
    d.withInput(new LongWritable(4), Row.ofLine(LEFT, new Text("x,b")));
    for (int b = 1; b <= 3; b++) {
      d.withOutput(new JoinKey("h", JoinKey.LEFT, b), new JoinValue(JoinKey.LEFT, "h,a"));
    }
    d.withOutput(new JoinKey("x", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "x,b"));
    d.runTest();
    assertEquals(2, c(d.getCounters(), JoinCounters.HOT_KEY_LEFT_COPIES)); // beyond the one
    assertEquals(2, c(d.getCounters(), JoinCounters.LEFT_PASSED));
  }

  /** What the reducers of a split join wrote, and their counters summed. */
  private static final class Run {
    final List<String> lines = new ArrayList<>();
    final Map<JoinCounters, Long> counters = new HashMap<>();
    /** The reducers that got right records of each key. */
    final Map<String, Set<Integer>> rightReducers = new HashMap<>();
  }

  /**
   * The whole join as a cluster runs it: both mappers (in {@code tasks} map tasks each), the
   * partitioner over {@code reducers} reducers, each reducer's input sorted and grouped by the
   * job's comparators.
   */
  private static Run run(Configuration conf, List<String> left, List<String> right, int tasks,
      int reducers) throws Exception {
    List<Pair<JoinKey, JoinValue>> mapped = new ArrayList<>();
    Run run = new Run();
    JoinHarness harness = new JoinHarness(); // its mappers capture the rows a map task writes
    for (int t = 0; t < tasks; t++) {
      MapDriver<LongWritable, Row, JoinKey, JoinValue> l = MapDriver.newMapDriver(harness.new Left());
      l.getConfiguration().addResource(conf);
      MapDriver<LongWritable, Row, JoinKey, JoinValue> r =
          MapDriver.newMapDriver(harness.new Right());
      r.getConfiguration().addResource(conf);
      for (int i = t; i < left.size(); i += tasks) {
        l.withInput(new LongWritable(i), Row.ofLine(LEFT, new Text(left.get(i))));
      }
      for (int i = t; i < right.size(); i += tasks) {
        r.withInput(new LongWritable(i), Row.ofLine(RIGHT, new Text(right.get(i))));
      }
      mapped.addAll(l.run());
      mapped.addAll(r.run());
      for (JoinCounters jc : JoinCounters.values()) {
        run.counters.merge(jc, c(l.getCounters(), jc) + c(r.getCounters(), jc), Long::sum);
      }
    }
    run.lines.addAll(harness.mapLines);
    JoinPartitioner partitioner = new JoinPartitioner();
    List<List<Pair<JoinKey, JoinValue>>> parts = new ArrayList<>();
    for (int p = 0; p < reducers; p++) {
      parts.add(new ArrayList<>());
    }
    for (Pair<JoinKey, JoinValue> kv : mapped) {
      int p = partitioner.getPartition(kv.getFirst(), kv.getSecond(), reducers);
      parts.get(p).add(kv);
      if (kv.getFirst().side() == JoinKey.RIGHT) {
        run.rightReducers.computeIfAbsent(kv.getFirst().key().toString(), k -> new HashSet<>())
            .add(p);
      }
    }
    JoinKey.Comparator sort = new JoinKey.Comparator();
    JoinKey.GroupingComparator group = new JoinKey.GroupingComparator();
    for (List<Pair<JoinKey, JoinValue>> part : parts) {
      part.sort((a, b) -> sort.compare(a.getFirst(), b.getFirst())); // stable: arrival order kept
      ReduceDriver<JoinKey, JoinValue, Text, Writable> d =
          ReduceDriver.newReduceDriver(new JoinReducer());
      d.getConfiguration().addResource(conf);
      for (int i = 0; i < part.size(); ) {
        int j = i;
        List<JoinValue> values = new ArrayList<>();
        while (j < part.size() && group.compare(part.get(i).getFirst(), part.get(j).getFirst()) == 0) {
          values.add(part.get(j).getSecond());
          j++;
        }
        d.withInput(part.get(i).getFirst(), values);
        i = j;
      }
      for (Pair<Text, Writable> out : d.run()) {
        run.lines.add(JoinHarness.render(out.getFirst(), out.getSecond()));
      }
      for (JoinCounters jc : JoinCounters.values()) {
        run.counters.merge(jc, c(d.getCounters(), jc), Long::sum);
      }
    }
    return run;
  }

  @Test
  public void bucketsTogetherWriteAndCountWhatTheNaiveJoinDoes() throws Exception {
    List<String> left = new ArrayList<>(Arrays.asList(
        "hot1,a", "hot1,b", "hot3,c", "hot3,d", "hot3,e", "k1,f", "k2,g", "k2,h", "lonely,i",
        "lonely,j"));
    List<String> right = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      right.add("r" + i + ",hot1"); // hot, with left records: pairs in every bucket
    }
    for (int i = 0; i < 40; i++) {
      right.add("s" + i + ",hot2"); // hot, no left record: false positives in every bucket
    }
    right.add("t0,hot3"); // hot, 3 left records, one right record: the other buckets get none
    for (int i = 0; i < 12; i++) {
      right.add("u" + i + ",k" + (i % 4)); // k1, k2 match; k0, k3 are false positives
    }
    right.add("malformed");
    for (JoinPlan.Type t : JoinPlan.Type.values()) {
      String type = t.cliName();
      for (int tasks : new int[] {2}) { // two map tasks, each sending hot1 and hot2 round-robin
        Configuration conf = conf(type, 3, "hot1", "hot2", "hot3");
        Run run = run(conf, left, right, tasks, 4);
        String what = type + ", " + tasks + " map tasks";
        assertEquals(NaiveJoin.join(left, new int[] {0}, right, new int[] {1}, ',', type, null), NaiveJoin.multiset(run.lines),
            what);
        // lonely's two records only: hot3's copies in buckets without a right record are matched
        assertEquals(2L, (long) run.counters.get(JoinCounters.LEFT_UNMATCHED), what);
        assertEquals(40L + 6, (long) run.counters.get(JoinCounters.FALSE_POSITIVES), what);
        // hot2, k0, k3: a hot key once, not once per bucket
        assertEquals(3L, (long) run.counters.get(JoinCounters.FALSE_POSITIVE_KEYS), what);
        assertEquals((long) run.lines.size(), (long) run.counters.get(JoinCounters.OUTPUT_RECORDS),
            what);
        // the hot keys' right records were spread over 3 of the 4 reducers
        assertEquals(3, run.rightReducers.get("hot1").size(), what);
        assertEquals(3, run.rightReducers.get("hot2").size(), what);
        assertEquals(1, run.rightReducers.get("k1").size(), what);
      }
    }
  }

  @Test
  public void withoutHotKeysNothingChanges() throws Exception {
    List<String> left = Arrays.asList("a,1", "b,2", "b,3");
    List<String> right = Arrays.asList("r0,a", "r1,b", "r2,c", "r3,a");
    Configuration conf = conf("left-outer", 2);
    Run run = run(conf, left, right, 2, 3);
    assertEquals(NaiveJoin.join(left, new int[] {0}, right, new int[] {1}, ',', true),
        NaiveJoin.multiset(run.lines));
    assertEquals(0L, (long) run.counters.get(JoinCounters.HOT_KEY_RIGHT_RECORDS));
    assertTrue(run.rightReducers.values().stream().allMatch(s -> s.size() == 1));
  }
}
