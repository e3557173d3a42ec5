package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MultipleInputsMapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MRUnit tests of the join mappers and reducer, counters included. */
public class JoinMapReduceTest {
  @TempDir public File tmp;

  /** The left side: text, delimiter ',', key field 0. */
  static final TableSpec LEFT = text("0");
  /** The right side: text, delimiter ',', key field 1. */
  static final TableSpec RIGHT = text("1");

  static TableSpec text(String... keyFields) {
    return TableSpec.builder(TableFormat.TEXT).delimiter(',')
        .key(Arrays.asList(keyFields), List.of()).build();
  }

  private static void keys(Configuration c) {
    keys(c, LEFT, RIGHT);
  }

  private static void keys(Configuration c, TableSpec left, TableSpec right) {
    TextRowSerialization.allow(c);
    left.store(c, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    right.store(c, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
  }

  /** A left row as the text reader gives it. */
  private static Row l(String line) {
    return Row.ofLine(LEFT, new Text(line));
  }

  private static Row r(String line) {
    return Row.ofLine(RIGHT, new Text(line));
  }

  private File write(Filter f) throws Exception {
    File file = File.createTempFile("junit", null, tmp);
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(out);
    }
    return file;
  }

  private static long c(Counters cs, JoinCounters c) {
    return cs.findCounter(c).getValue();
  }

  @Test
  public void leftMapperTagsRecordsAndCountsMalformed() throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new LeftJoinMapper());
    keys(d.getConfiguration());
    d.withInput(new LongWritable(0), l("k1,a"));
    d.withInput(new LongWritable(5), Row.ofLine(LEFT, new Text(new byte[] {(byte) 0xC0, ',', 'x'})));
    d.withInput(new LongWritable(9), l("k2"));
    d.withOutput(new JoinKey("k1", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k1,a"));
    d.withOutput(new JoinKey("k2", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k2"));
    d.runTest();
    assertEquals(3, c(d.getCounters(), JoinCounters.LEFT_RECORDS));
    assertEquals(2, c(d.getCounters(), JoinCounters.LEFT_PASSED));
    assertEquals(1, c(d.getCounters(), JoinCounters.LEFT_MALFORMED));
  }

  private static MapDriver<LongWritable, Row, JoinKey, JoinValue> leftWithFilter(File f, File rejects) {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new LeftJoinMapper());
    keys(d.getConfiguration());
    d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), f.toURI().toString());
    d.getConfiguration().set(BloomkitConfig.JOIN_REJECTS_DIR.key(), rejects.toURI().toString());
    return d;
  }

  @Test
  public void leftMapperCountsKeysTheFilterRejectsAndKeepsTheFirst() throws Exception {
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1", "k3")));
    File rejects = new File(tmp, "rejects");
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = leftWithFilter(f, rejects);
    d.withInput(new LongWritable(0), l("k1,a"));
    d.withInput(new LongWritable(5), l("k2,b"));
    d.withInput(new LongWritable(10), l("k3,c"));
    d.withInput(new LongWritable(15), l("k4,d"));
    d.withInput(new LongWritable(20), l("k2,e"));
    // every left record still goes to the shuffle: the client fails the job on the count
    d.withOutput(new JoinKey("k1", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k1,a"));
    d.withOutput(new JoinKey("k2", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k2,b"));
    d.withOutput(new JoinKey("k3", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k3,c"));
    d.withOutput(new JoinKey("k4", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k4,d"));
    d.withOutput(new JoinKey("k2", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k2,e"));
    d.runTest();
    assertEquals(5, c(d.getCounters(), JoinCounters.LEFT_PASSED));
    assertEquals(3, c(d.getCounters(), JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER));
    File[] left = rejects.listFiles((dir, n) -> !n.startsWith("."));
    assertEquals(1, left.length);
    String first = new String(Files.readAllBytes(left[0].toPath()),
        java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(first.startsWith("\"k2\" ") && first.contains("byte offset 5"), first);
  }

  @Test
  public void leftMapperWithAPassingFilterRejectsNothing() throws Exception {
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1", "k2")));
    File rejects = new File(tmp, "rejects");
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = leftWithFilter(f, rejects);
    d.withInput(new LongWritable(0), l("k1,a"));
    d.withInput(new LongWritable(5), l("k2,b"));
    d.withOutput(new JoinKey("k1", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k1,a"));
    d.withOutput(new JoinKey("k2", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k2,b"));
    d.runTest();
    assertEquals(0, c(d.getCounters(), JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER));
    assertFalse(rejects.exists());
  }

  @Test
  public void rightMapperDropsRecordsFailingTheFilter() throws Exception {
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1", "k3")));
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new RightJoinMapper());
    keys(d.getConfiguration());
    d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), f.toURI().toString());
    d.withInput(new LongWritable(0), r("r0,k1,x"));
    d.withInput(new LongWritable(1), r("r1,k2,x"));
    d.withInput(new LongWritable(2), r("r2,k3"));
    d.withInput(new LongWritable(3), r("r3"));
    d.withInput(new LongWritable(4), r("r4,k4"));
    d.withOutput(new JoinKey("k1", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r0,k1,x"));
    d.withOutput(new JoinKey("k3", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r2,k3"));
    d.runTest();
    assertRight(d.getCounters(), 5, 2, 2, 1, 0);
  }

  /** The right side's counters, which must add up: records = passed + dropped + malformed + null. */
  private static void assertRight(
      Counters cs, long records, long passed, long dropped, long malformed, long nullKeys) {
    assertEquals(records, c(cs, JoinCounters.RIGHT_RECORDS));
    assertEquals(passed, c(cs, JoinCounters.RIGHT_PASSED));
    assertEquals(dropped, c(cs, JoinCounters.RIGHT_DROPPED_BY_FILTER));
    assertEquals(malformed, c(cs, JoinCounters.RIGHT_MALFORMED));
    assertEquals(nullKeys, c(cs, JoinCounters.RIGHT_NULL_KEYS));
    assertEquals(records, passed + dropped + malformed + nullKeys);
  }

  @Test
  public void rightMapperWithoutFilterPassesEverything() throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new RightJoinMapper());
    keys(d.getConfiguration());
    d.withInput(new LongWritable(0), r("r,zz"));
    d.withOutput(new JoinKey("zz", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r,zz"));
    d.runTest();
    assertEquals(0, c(d.getCounters(), JoinCounters.RIGHT_DROPPED_BY_FILTER));
  }

  @Test
  public void rightMapperStrictModeNamesOffset() throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new RightJoinMapper());
    keys(d.getConfiguration());
    d.getConfiguration().setBoolean(BloomkitConfig.STRICT.key(), true);
    d.withInput(new LongWritable(42), r("nokey"));
    try {
      d.run();
      fail();
    } catch (java.io.IOException e) {
      assertTrue(e.getMessage().contains("byte offset 42"), e.getMessage());
    }
  }

  /** A right mapper whose own output rows are kept in memory, as TextOutputFormat writes them. */
  static final class CapturingRightMapper extends RightJoinMapper {
    final List<String> written = new ArrayList<>();

    @Override
    protected MapOutput openMapOutput(
        org.apache.hadoop.mapreduce.TaskInputOutputContext<?, ?, ?, ?> context, String baseName) {
      assertEquals("part-unmatched-right", baseName);
      return JoinHarness.capture(written);
    }
  }

  @Test
  public void rightMapperWritesRejectedAndNullKeyRecordsForTheRightPreservingTypes()
      throws Exception {
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1", "k3")));
    String[] lines = {"r0,k1,x", "r1,k2,x", "r2,\\N", "r3", "r4,k3", "r5,k4"};
    for (String type : new String[] {"inner", "left-outer", "right-outer", "full-outer",
        "right-anti", "right-semi", "left-semi", "left-anti"}) {
      CapturingRightMapper m = new CapturingRightMapper();
      MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(m);
      keys(d.getConfiguration());
      d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), type);
      d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), f.toURI().toString());
      for (int i = 0; i < lines.length; i++) {
        d.withInput(new LongWritable(i), r(lines[i]));
      }
      // only the records the filter passes are shuffled, whatever the type
      d.withOutput(new JoinKey("k1", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r0,k1,x"));
      d.withOutput(new JoinKey("k3", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r4,k3"));
      d.runTest();
      assertRight(d.getCounters(), 6, 2, 2, 1, 1);
      List<String> expected =
          type.equals("right-anti") ? Arrays.asList("r1,k2,x", "r2,\\N", "r5,k4")
              : type.equals("right-outer") || type.equals("full-outer")
                  ? Arrays.asList("\tr1,k2,x", "\tr2,\\N", "\tr5,k4")
                  : List.of();
      assertEquals(expected, m.written, type);
      assertEquals(expected.size(), c(d.getCounters(), JoinCounters.RIGHT_WRITTEN_BY_MAP), type);
      assertEquals(expected.size(), c(d.getCounters(), JoinCounters.OUTPUT_RECORDS), type);
    }
  }

  @Test
  public void leftMapperWritesNullKeyLinesAloneInALeftAntiJoin() throws Exception {
    CapturingLeftMapper m = new CapturingLeftMapper();
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(m);
    keys(d.getConfiguration());
    d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), "left-anti");
    d.withInput(new LongWritable(0), l("\\N,b"));
    d.withInput(new LongWritable(5), l("k1,a"));
    d.withOutput(new JoinKey("k1", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k1,a"));
    d.runTest();
    assertEquals(List.of("\\N,b"), m.nullKeyLines);
    assertEquals(1, c(d.getCounters(), JoinCounters.OUTPUT_RECORDS));
    assertEquals(1, c(d.getCounters(), JoinCounters.LEFT_UNMATCHED));
  }

  // ---- SQL null keys ----

  @Test
  public void rightMapperDropsNullKeysBeforeTheFilterAndCountsThem() throws Exception {
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1", "\\N", "")));
    TableSpec right = RIGHT.toBuilder().emptyIsNull(true).build();
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(new RightJoinMapper());
    keys(d.getConfiguration(), LEFT, right);
    d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), f.toURI().toString());
    String[] lines = {"r0,k1", "r1,\\N", "r2,", "r3,k2", "r4", "r5,\\N,x", "r6,k1"};
    for (int i = 0; i < lines.length; i++) {
      d.withInput(new LongWritable(i), Row.ofLine(right, new Text(lines[i])));
    }
    // the filter holds the texts "\N" and "": null keys never reach it
    d.withOutput(new JoinKey("k1", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r0,k1"));
    d.withOutput(new JoinKey("k1", JoinKey.RIGHT), new JoinValue(JoinKey.RIGHT, "r6,k1"));
    d.runTest();
    assertRight(d.getCounters(), 7, 2, 1, 1, 3);
  }

  /** A left mapper whose null-key lines are kept in memory, as TextOutputFormat writes them. */
  static final class CapturingLeftMapper extends LeftJoinMapper {
    final List<String> nullKeyLines = new ArrayList<>();

    @Override
    protected MapOutput openMapOutput(
        org.apache.hadoop.mapreduce.TaskInputOutputContext<?, ?, ?, ?> context, String baseName) {
      return JoinHarness.capture(nullKeyLines);
    }
  }

  @Test
  public void leftNullKeysNeverEnterTheShuffleNorMeetTheFilter() throws Exception {
    // the filter lacks "\N": a null key tested against it would count as rejected
    File f = write(ExactKeySet.ofStrings(Arrays.asList("k1")));
    for (String type : new String[] {"inner", "left-outer"}) {
      CapturingLeftMapper m = new CapturingLeftMapper();
      MapDriver<LongWritable, Row, JoinKey, JoinValue> d = MapDriver.newMapDriver(m);
      keys(d.getConfiguration());
      d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), type);
      d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), f.toURI().toString());
      d.withInput(new LongWritable(0), l("k1,a"));
      d.withInput(new LongWritable(5), l("\\N,b"));
      d.withInput(new LongWritable(10), l("nothing-but-key"));
      d.withInput(new LongWritable(26), l("\\N,c"));
      d.withInput(new LongWritable(31), l("   "));
      d.withOutput(new JoinKey("k1", JoinKey.LEFT), new JoinValue(JoinKey.LEFT, "k1,a"));
      d.withOutput(new JoinKey("nothing-but-key", JoinKey.LEFT),
          new JoinValue(JoinKey.LEFT, "nothing-but-key"));
      d.runTest();
      Counters cs = d.getCounters();
      assertEquals(5, c(cs, JoinCounters.LEFT_RECORDS), type);
      assertEquals(2, c(cs, JoinCounters.LEFT_NULL_KEYS), type);
      assertEquals(2, c(cs, JoinCounters.LEFT_PASSED), type);
      assertEquals(1, c(cs, JoinCounters.LEFT_MALFORMED), type);
      assertEquals(1, c(cs, JoinCounters.LEFT_KEYS_REJECTED_BY_FILTER), type); // "nothing-but-key"
      assertEquals(c(cs, JoinCounters.LEFT_RECORDS), c(cs, JoinCounters.LEFT_PASSED)
          + c(cs, JoinCounters.LEFT_MALFORMED) + c(cs, JoinCounters.LEFT_NULL_KEYS));
      boolean outer = type.equals("left-outer");
      // a left outer join writes them from the map, with an empty right part
      assertEquals(outer ? Arrays.asList("\\N,b\t", "\\N,c\t") : List.of(), m.nullKeyLines, type);
      assertEquals(outer ? 2 : 0, c(cs, JoinCounters.OUTPUT_RECORDS), type);
    }
  }

  @Test
  public void compositeKeysJoinOnEveryPartAndNullPartsNeverMatch() throws Exception {
    TableSpec left = text("0", "1");
    TableSpec right = text("2", "1");
    List<String> ls = Arrays.asList("a,x,L1", "a,y,L2", "b,x,L3", "a,\\N,L4", "a,x,L5");
    List<String> rs = Arrays.asList("R1,x,a", "R2,y,a", "R3,x,b", "R4,\\N,a", "R5,a,x", "R6,x");
    LeftJoinMapper lm = new LeftJoinMapper();
    RightJoinMapper rm = new RightJoinMapper();
    MultipleInputsMapReduceDriver<JoinKey, JoinValue, Text, Writable> d =
        MultipleInputsMapReduceDriver.newMultipleInputMapReduceDriver(new JoinReducer());
    d.withMapper(lm).withMapper(rm);
    keys(d.getConfiguration(), left, right);
    d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), "inner");
    d.withKeyOrderComparator(new JoinKey.Comparator());
    d.withKeyGroupingComparator(new JoinKey.GroupingComparator());
    for (String line : ls) {
      d.withInput(lm, new LongWritable(0), Row.ofLine(left, new Text(line)));
    }
    for (String line : rs) {
      d.withInput(rm, new LongWritable(0), Row.ofLine(right, new Text(line)));
    }
    List<String> got = new ArrayList<>();
    for (Pair<Text, Writable> p : d.run()) {
      got.add(p.getFirst() + "\t" + p.getSecond());
    }
    // the naive join on (left 0, left 1) = (right 2, right 1); "\\N" parts are nulls, dropped
    List<String> l2 = new ArrayList<>(ls);
    List<String> r2 = new ArrayList<>(rs);
    l2.removeIf(x -> x.contains("\\N"));
    r2.removeIf(x -> x.contains("\\N"));
    assertEquals(NaiveJoin.join(l2, new int[] {0, 1}, r2, new int[] {2, 1}, ',', false),
        NaiveJoin.multiset(got));
    assertEquals(4, got.size()); // (a,x): L1, L5 x R1; (a,y): L2 x R2; (b,x): L3 x R3
    Counters cs = d.getCounters();
    assertEquals(1, c(cs, JoinCounters.LEFT_NULL_KEYS));
    assertEquals(1, c(cs, JoinCounters.RIGHT_NULL_KEYS));
    assertEquals(1, c(cs, JoinCounters.RIGHT_MALFORMED)); // R6 has no field 2
  }

  private static ReduceDriver<JoinKey, JoinValue, Text, Writable> reducer(String type) {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = ReduceDriver.newReduceDriver(new JoinReducer());
    d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), type);
    return d;
  }

  private static List<JoinValue> values(int left, int right) {
    List<JoinValue> v = new ArrayList<>();
    for (int i = 0; i < left; i++) {
      v.add(new JoinValue(JoinKey.LEFT, "L" + i));
    }
    for (int i = 0; i < right; i++) {
      v.add(new JoinValue(JoinKey.RIGHT, "R" + i));
    }
    return v;
  }

  @Test
  public void reducerEmitsTheCrossProductOfASkewedKey() throws Exception {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = reducer("inner");
    d.withInput(new JoinKey("hot", JoinKey.LEFT), values(2, 20000));
    List<Pair<Text, Writable>> out = d.run();
    assertEquals(40000, out.size());
    assertEquals(new Pair<>(new Text("L0"), new Text("R0")), out.get(0));
    // a batch of right records is paired in one pass over the left records
    assertEquals(new Pair<>(new Text("L0"), new Text("R1")), out.get(1));
    assertEquals(new Pair<>(new Text("L1"), new Text("R0")), out.get(20000));
    assertEquals(40000, c(d.getCounters(), JoinCounters.OUTPUT_RECORDS));
    assertEquals(0, c(d.getCounters(), JoinCounters.FALSE_POSITIVES));
  }

  @Test
  public void reducerCountsRightRecordsWithoutLeftAsFalsePositives() throws Exception {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = reducer("inner");
    d.withInput(new JoinKey("fp", JoinKey.RIGHT), values(0, 3)); // empty left side
    d.withInput(new JoinKey("lonely", JoinKey.LEFT), values(2, 0)); // empty right side
    assertTrue(d.run().isEmpty());
    assertEquals(3, c(d.getCounters(), JoinCounters.FALSE_POSITIVES));
    assertEquals(2, c(d.getCounters(), JoinCounters.LEFT_UNMATCHED));
    assertEquals(0, c(d.getCounters(), JoinCounters.OUTPUT_RECORDS));
  }

  @Test
  public void leftOuterEmitsUnmatchedLeftLines() throws Exception {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = reducer("left-outer");
    d.withInput(new JoinKey("lonely", JoinKey.LEFT), values(2, 0));
    d.withInput(new JoinKey("both", JoinKey.LEFT), values(1, 1));
    d.withOutput(new Text("L0"), new Text(""));
    d.withOutput(new Text("L1"), new Text(""));
    d.withOutput(new Text("L0"), new Text("R0"));
    d.runTest();
    assertEquals(3, c(d.getCounters(), JoinCounters.OUTPUT_RECORDS));
  }

  /** The reducer's output of one key group, rendered as TextOutputFormat writes it. */
  private static List<String> reduceLines(String type, List<JoinValue> values, Counters[] counters)
      throws Exception {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = reducer(type);
    d.withInput(new JoinKey("k", JoinKey.LEFT), values);
    List<String> out = new ArrayList<>();
    for (Pair<Text, Writable> p : d.run()) {
      out.add(JoinHarness.render(p.getFirst(), p.getSecond()));
    }
    counters[0] = d.getCounters();
    return out;
  }

  @Test
  public void semiJoinsWriteEachRecordOnceAndAntiJoinsNothingForAMatchedKey() throws Exception {
    Counters[] cs = new Counters[1];
    // 3 left and 4 right records of one key
    assertEquals(Arrays.asList("L0", "L1", "L2"), reduceLines("left-semi", values(3, 4), cs));
    assertEquals(Arrays.asList("R0", "R1", "R2", "R3"), reduceLines("right-semi", values(3, 4), cs));
    assertEquals(4, c(cs[0], JoinCounters.OUTPUT_RECORDS));
    assertEquals(List.of(), reduceLines("left-anti", values(3, 4), cs));
    assertEquals(List.of(), reduceLines("right-anti", values(3, 4), cs));
    assertEquals(0, c(cs[0], JoinCounters.OUTPUT_RECORDS));
    assertEquals(0, c(cs[0], JoinCounters.LEFT_UNMATCHED));
  }

  @Test
  public void unmatchedSidesAsEachTypeWritesThem() throws Exception {
    Counters[] cs = new Counters[1];
    // left records only: unmatched
    assertEquals(Arrays.asList("L0", "L1"), reduceLines("left-anti", values(2, 0), cs));
    assertEquals(2, c(cs[0], JoinCounters.LEFT_UNMATCHED));
    assertEquals(Arrays.asList("L0\t", "L1\t"), reduceLines("full-outer", values(2, 0), cs));
    assertEquals(List.of(), reduceLines("right-outer", values(2, 0), cs));
    assertEquals(List.of(), reduceLines("left-semi", values(2, 0), cs));
    // right records only: false positives, written by the right-preserving types
    assertEquals(Arrays.asList("\tR0", "\tR1"), reduceLines("right-outer", values(0, 2), cs));
    assertEquals(2, c(cs[0], JoinCounters.FALSE_POSITIVES));
    assertEquals(1, c(cs[0], JoinCounters.FALSE_POSITIVE_KEYS));
    assertEquals(Arrays.asList("\tR0", "\tR1"), reduceLines("full-outer", values(0, 2), cs));
    assertEquals(Arrays.asList("R0", "R1"), reduceLines("right-anti", values(0, 2), cs));
    assertEquals(List.of(), reduceLines("right-semi", values(0, 2), cs));
    assertEquals(List.of(), reduceLines("left-outer", values(0, 2), cs));
    assertEquals(2, c(cs[0], JoinCounters.FALSE_POSITIVES));
  }

  @Test
  public void pairsOfEveryBatchWhenTheRightRecordsExceedTheBatchBytes() throws Exception {
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = reducer("inner");
    d.getConfiguration().setLong(BloomkitConfig.JOIN_RIGHT_BATCH_BYTES.key(), 5); // 2-3 rights
    d.withInput(new JoinKey("k", JoinKey.LEFT), values(3, 7));
    List<String> got = new ArrayList<>();
    for (Pair<Text, Writable> p : d.run()) {
      got.add(JoinHarness.render(p.getFirst(), p.getSecond()));
    }
    List<String> expected = new ArrayList<>();
    for (int r = 0; r < 7; r++) {
      for (int l = 0; l < 3; l++) {
        expected.add("L" + l + "\tR" + r);
      }
    }
    assertEquals(NaiveJoin.multiset(expected), NaiveJoin.multiset(got));
    assertEquals(21, c(d.getCounters(), JoinCounters.OUTPUT_RECORDS));
  }

  private MultipleInputsMapReduceDriver<JoinKey, JoinValue, Text, Writable> pipeline(
      String type, File filter, LeftJoinMapper lm, RightJoinMapper rm) {
    MultipleInputsMapReduceDriver<JoinKey, JoinValue, Text, Writable> d =
        MultipleInputsMapReduceDriver.newMultipleInputMapReduceDriver(new JoinReducer());
    d.withMapper(lm).withMapper(rm);
    keys(d.getConfiguration());
    d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), type);
    if (filter != null) {
      d.getConfiguration().set(BloomkitConfig.JOIN_FILTER_PATH.key(), filter.toURI().toString());
    }
    d.withKeyOrderComparator(new JoinKey.Comparator());
    d.withKeyGroupingComparator(new JoinKey.GroupingComparator());
    return d;
  }

  @Test
  public void wholePipelineMatchesTheNaiveJoin() throws Exception {
    List<String> left = Arrays.asList("a,1", "b,2", "b,3", "c,4", "broken-no-comma-is-ok", "e,5");
    List<String> right = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      right.add("r" + i + "," + "abcdxyz".charAt(i % 7) + ",v" + i);
    }
    right.add("malformed");
    // a deliberately weak Bloom filter of the left keys: some false positives get through
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(8, 1, 5));
    for (String k : new String[] {"a", "b", "c", "broken-no-comma-is-ok", "e"}) {
      bf.add(k);
    }
    File filter = write(bf);
    for (String type : new String[] {"inner", "left-outer"}) {
      LeftJoinMapper lm = new LeftJoinMapper();
      RightJoinMapper rm = new RightJoinMapper();
      MultipleInputsMapReduceDriver<JoinKey, JoinValue, Text, Writable> d = pipeline(type, filter, lm, rm);
      long off = 0;
      for (String l : left) {
        d.withInput(lm, new LongWritable(off++), l(l));
      }
      for (String r : right) {
        d.withInput(rm, new LongWritable(off++), r(r));
      }
      List<String> got = new ArrayList<>();
      for (Pair<Text, Writable> p : d.run()) {
        got.add(p.getFirst() + "\t" + p.getSecond());
      }
      Map<String, Integer> expected =
          NaiveJoin.join(left, new int[] {0}, right, new int[] {1}, ',', type.equals("left-outer"));
      assertEquals(expected, NaiveJoin.multiset(got), type);
      Counters cs = d.getCounters();
      assertEquals(left.size(), c(cs, JoinCounters.LEFT_RECORDS));
      assertEquals(right.size(), c(cs, JoinCounters.RIGHT_RECORDS));
      assertEquals(
          c(cs, JoinCounters.RIGHT_RECORDS),
          c(cs, JoinCounters.RIGHT_PASSED) + c(cs, JoinCounters.RIGHT_DROPPED_BY_FILTER)
              + c(cs, JoinCounters.RIGHT_MALFORMED));
      // right records of keys d, x, y, z (no left record) were either dropped or false positives
      long nonMember = 0;
      for (String r : right) {
        String k = NaiveJoin.key(r, ',', new int[] {1});
        if (k != null && "dxyz".contains(k) && !k.isEmpty()) {
          nonMember++;
        }
      }
      assertEquals(
          nonMember,
          c(cs, JoinCounters.RIGHT_DROPPED_BY_FILTER) + c(cs, JoinCounters.FALSE_POSITIVES));
      assertTrue(c(cs, JoinCounters.FALSE_POSITIVES) > 0); // the 8-bit filter lets some through
    }
  }

  @Test
  public void emptyRightSideGivesUnmatchedLeftLinesInALeftOuterJoin() throws Exception {
    LeftJoinMapper lm = new LeftJoinMapper();
    RightJoinMapper rm = new RightJoinMapper();
    MultipleInputsMapReduceDriver<JoinKey, JoinValue, Text, Writable> d = pipeline("left-outer", null, lm, rm);
    d.withInput(lm, new LongWritable(0), l("a,1"));
    d.withInput(lm, new LongWritable(4), l("b,2"));
    d.withInput(rm, new LongWritable(0), r("only-malformed"));
    List<String> got = new ArrayList<>();
    for (Pair<Text, Writable> p : d.run()) {
      got.add(p.getFirst() + "\t" + p.getSecond());
    }
    assertEquals(Arrays.asList("a,1\t", "b,2\t"), got);
    assertEquals(2, c(d.getCounters(), JoinCounters.LEFT_UNMATCHED));
    assertEquals(0, c(d.getCounters(), JoinCounters.RIGHT_PASSED));
    assertEquals(1, c(d.getCounters(), JoinCounters.RIGHT_MALFORMED));
  }
}
