package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MRUnit tests of the map-side join's mappers: the left side read from a file into the table, each
 * right record joined by type, counters (the left side's counted by task 0, every record
 * accounted for), the matched-key side files of left-semi/left-anti and the second job's mapper,
 * and the task's budget guard.
 */
public class MapSideMapperTest {
  @TempDir public File tmp;

  /** Left: key field 0; right: key field 1; text, ','. */
  private static final TableSpec LEFT = JoinMapReduceTest.text("0");
  private static final TableSpec RIGHT = JoinMapReduceTest.text("1");
  /** Two records of k1, one of k2, a null key, a malformed record (not UTF-8). */
  private static final List<String> LEFT_LINES = List.of("k1,a", "k2,b", "k1,c", "\\N,d");
  private static final String[] RIGHT_LINES = {"r1,k1", "r2,k3", "r3,\\N", "r4", "r5,k2"};

  private File leftDir;
  private File matched;

  private Configuration conf(Configuration c, String type) throws Exception {
    if (leftDir == null) {
      leftDir = newFolder(tmp, "left");
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      for (String l : LEFT_LINES) {
        b.write((l + "\n").getBytes(StandardCharsets.UTF_8));
      }
      b.write(new byte[] {(byte) 0xC0, ',', 'x', '\n'});
      Files.write(new File(leftDir, "part-0").toPath(), b.toByteArray());
      matched = new File(tmp, "matched");
    }
    TextRowSerialization.allow(c);
    LEFT.store(c, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    RIGHT.store(c, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
    BloomkitConfig.JOIN_TYPE.set(c, type);
    BloomkitConfig.MAPSIDE_LEFT_INPUT.set(c, new Path(leftDir.getPath()).toString());
    BloomkitConfig.MAPSIDE_MAX_BYTES.set(c, 1 << 20);
    BloomkitConfig.MAPSIDE_MATCHED_DIR.set(c, new Path(matched.getPath()).toString());
    return c;
  }

  private MapDriver<LongWritable, Row, Text, Writable> right(String type) throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> d =
        MapDriver.newMapDriver(new MapSideJoinMapper());
    conf(d.getConfiguration(), type);
    long pos = 0;
    for (String r : RIGHT_LINES) {
      d.withInput(new LongWritable(pos), Row.ofLine(RIGHT, new Text(r)));
      pos += r.length() + 1;
    }
    return d;
  }

  private static long c(Counters cs, JoinCounters c) {
    return cs.findCounter(c).getValue();
  }

  private static Pair<Text, Writable> pair(String l, String r) {
    return new Pair<>(new Text(l), new Text(r));
  }

  private static Pair<Text, Writable> alone(String line) {
    return new Pair<>(new Text(line), NullWritable.get());
  }

  /** The right side's balance and the left side's counts (task 0 counts the left side). */
  private static void checkCounters(Counters cs, long output) {
    assertEquals(5, c(cs, JoinCounters.RIGHT_RECORDS));
    assertEquals(1, c(cs, JoinCounters.RIGHT_MALFORMED));
    assertEquals(1, c(cs, JoinCounters.RIGHT_NULL_KEYS));
    assertEquals(2, c(cs, JoinCounters.MAP_SIDE_RIGHT_MATCHED));
    assertEquals(1, c(cs, JoinCounters.MAP_SIDE_RIGHT_UNMATCHED));
    assertEquals(5, c(cs, JoinCounters.MAP_SIDE_LEFT_RECORDS));
    assertEquals(1, c(cs, JoinCounters.MAP_SIDE_TABLE_LOADS));
    assertTrue(c(cs, JoinCounters.MAP_SIDE_TABLE_BYTES) > 4 * 3);
    assertEquals(0, c(cs, JoinCounters.RIGHT_PASSED)); // nothing is shuffled
    assertEquals(output, c(cs, JoinCounters.OUTPUT_RECORDS));
  }

  @Test
  public void innerWritesAPairPerLeftRecordOfTheKey() throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> d = right("inner");
    d.withOutput(pair("k1,a", "r1,k1")).withOutput(pair("k1,c", "r1,k1"))
        .withOutput(pair("k2,b", "r5,k2"));
    d.runTest();
    Counters cs = d.getCounters();
    checkCounters(cs, 3);
    assertEquals(5, c(cs, JoinCounters.LEFT_RECORDS));
    assertEquals(1, c(cs, JoinCounters.LEFT_MALFORMED));
    assertEquals(1, c(cs, JoinCounters.LEFT_NULL_KEYS));
    assertEquals(3, c(cs, JoinCounters.LEFT_PASSED));
  }

  @Test
  public void rightOuterAddsUnmatchedAndNullKeyRightRecords() throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> d = right("right-outer");
    d.withOutput(pair("k1,a", "r1,k1")).withOutput(pair("k1,c", "r1,k1"))
        .withOutput(pair("", "r2,k3")).withOutput(pair("", "r3,\\N"))
        .withOutput(pair("k2,b", "r5,k2"));
    d.runTest();
    checkCounters(d.getCounters(), 5);
  }

  @Test
  public void rightSemiAndAntiWriteRightLinesAlone() throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> semi = right("right-semi");
    semi.withOutput(alone("r1,k1")).withOutput(alone("r5,k2")).runTest();
    checkCounters(semi.getCounters(), 2);
    MapDriver<LongWritable, Row, Text, Writable> anti = right("right-anti");
    anti.withOutput(alone("r2,k3")).withOutput(alone("r3,\\N")).runTest();
    checkCounters(anti.getCounters(), 2);
  }

  /**
   * Left-semi/anti: the first job writes nothing but the matched keys; the second job's mapper
   * reads them and writes the left lines (anti: the null key's too), counting the left side.
   */
  @Test
  public void leftSemiAndAntiGoThroughTheMatchedKeys() throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> d = right("left-semi");
    d.runTest(); // no output
    Counters cs = d.getCounters();
    checkCounters(cs, 0);
    assertEquals(0, c(cs, JoinCounters.LEFT_RECORDS), "the second job counts the left side");
    LeftTable keys = MapSideLeftMapper.readMatched(new Configuration(),
        new Path(matched.getPath()));
    Set<String> got = new HashSet<>();
    for (String k : List.of("k1", "k2", "k3", "r1")) {
      if (keys.find(k.getBytes(StandardCharsets.UTF_8), 2) >= 0) {
        got.add(k);
      }
    }
    assertEquals(Set.of("k1", "k2"), got);
    assertEquals(2, keys.keys());

    for (String type : List.of("left-semi", "left-anti")) {
      MapDriver<LongWritable, Row, Text, Writable> l =
          MapDriver.newMapDriver(new MapSideLeftMapper());
      conf(l.getConfiguration(), type);
      List<String> lines = new ArrayList<>(LEFT_LINES);
      lines.add("k3,e");
      for (String line : lines) {
        l.withInput(new LongWritable(0), Row.ofLine(LEFT, new Text(line)));
      }
      l.withInput(new LongWritable(0), Row.ofLine(LEFT, new Text(new byte[] {(byte) 0xC0, ','})));
      if (type.equals("left-semi")) {
        l.withOutput(alone("k1,a")).withOutput(alone("k2,b")).withOutput(alone("k1,c"));
      } else {
        l.withOutput(alone("\\N,d")).withOutput(alone("k3,e"));
      }
      l.runTest();
      Counters lc = l.getCounters();
      assertEquals(6, c(lc, JoinCounters.LEFT_RECORDS));
      assertEquals(4, c(lc, JoinCounters.LEFT_PASSED));
      assertEquals(1, c(lc, JoinCounters.LEFT_NULL_KEYS));
      assertEquals(1, c(lc, JoinCounters.LEFT_MALFORMED));
      assertEquals(2, c(lc, JoinCounters.LEFT_UNMATCHED));
      assertEquals(2, c(lc, JoinCounters.MAP_SIDE_LEFT_MATCHED_KEYS));
      assertEquals(type.equals("left-semi") ? 3 : 2, c(lc, JoinCounters.OUTPUT_RECORDS));
    }
  }

  /** A cut-short side file (a failed attempt's) still gives its complete keys. */
  @Test
  public void aTruncatedMatchedFileKeepsItsCompleteKeys() throws Exception {
    File dir = newFolder(tmp, "cut");
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(b);
    out.writeInt(3);
    out.write("abc".getBytes(StandardCharsets.UTF_8));
    out.writeInt(5);
    out.write("de".getBytes(StandardCharsets.UTF_8));
    Files.write(new File(dir, "attempt_1").toPath(), b.toByteArray());
    LeftTable keys = MapSideLeftMapper.readMatched(new Configuration(), new Path(dir.getPath()));
    assertEquals(1, keys.keys());
    assertTrue(keys.find("abc".getBytes(StandardCharsets.UTF_8), 3) >= 0);
  }

  @Test
  public void aTableOverTheBudgetFailsTheTaskNamingTheKey() throws Exception {
    MapDriver<LongWritable, Row, Text, Writable> d = right("inner");
    BloomkitConfig.MAPSIDE_MAX_BYTES.set(d.getConfiguration(), 200);
    try {
      d.run();
      fail("the table does not fit 200 bytes");
    } catch (IOException e) {
      assertTrue(e.getMessage().contains("bloomkit.mapside.max.bytes = 200"), e.getMessage());
      assertTrue(e.getMessage().contains("left"), e.getMessage());
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
}
