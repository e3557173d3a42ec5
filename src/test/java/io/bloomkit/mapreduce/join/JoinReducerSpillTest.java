package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Left skew: one key with far more left records than the reducer's memory budget. The reducer
 * spills them to its local directory and still writes the naive join; the spill files are gone
 * when the task ends.
 */
public class JoinReducerSpillTest {
  @TempDir public File tmp;

  /** Left records of the hot key; with 8 KiB of memory most of them spill. */
  private static final int LEFTS = 50_000;

  private static long c(Counters cs, JoinCounters c) {
    return cs.findCounter(c).getValue();
  }

  private Counters run(String type, List<String> left, List<String> right, List<String> got,
      File local) throws Exception {
    // (MRUnit's context records every write: the outputs are kept to a few hundred thousand)
    ReduceDriver<JoinKey, JoinValue, Text, Writable> d = ReduceDriver.newReduceDriver(new JoinReducer());
    d.getConfiguration().set(BloomkitConfig.JOIN_TYPE.key(), type);
    d.getConfiguration().setLong(BloomkitConfig.JOIN_BUFFER_BYTES.key(), 8 << 10);
    d.getConfiguration().set(LeftRecords.LOCAL_DIRS, local.getPath());
    List<JoinValue> values = new ArrayList<>();
    for (String l : left) {
      values.add(new JoinValue(JoinKey.LEFT, l));
    }
    for (String r : right) {
      values.add(new JoinValue(JoinKey.RIGHT, r));
    }
    d.withInput(new JoinKey("hot", JoinKey.LEFT), values);
    for (Pair<Text, Writable> p : d.run()) {
      got.add(p.getFirst() + "\t" + p.getSecond());
    }
    return d.getCounters();
  }

  private static List<String> hotLeft(int n) {
    List<String> left = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      left.add("hot,left-" + i);
    }
    return left;
  }

  private static void assertNoFiles(File dir) throws Exception {
    try (java.util.stream.Stream<java.nio.file.Path> s = Files.walk(dir.toPath())) {
      assertEquals(0, s.filter(Files::isRegularFile).count());
    }
  }

  @Test
  public void aKeyOfManyLeftRecordsSpillsAndJoinsAsTheNaiveJoin() throws Exception {
    File local = newFolder(tmp, "local");
    List<String> left = hotLeft(LEFTS);
    // each right record visits the buffered records again: memory, then the spill file
    List<String> right = List.of("r1,hot", "r2,hot");
    List<String> got = new ArrayList<>();
    Counters cs = run("inner", left, right, got, local);
    assertEquals(
        NaiveJoin.join(left, new int[] {0}, right, new int[] {1}, ',', false),
        NaiveJoin.multiset(got));
    assertEquals(2L * LEFTS, c(cs, JoinCounters.OUTPUT_RECORDS));
    long spilled = c(cs, JoinCounters.LEFT_SPILLED_RECORDS);
    // 8 KiB hold a few hundred of these records; the rest went to disk
    assertTrue(spilled > LEFTS - 1_000 && spilled < LEFTS);
    assertTrue(c(cs, JoinCounters.LEFT_SPILLED_BYTES) > spilled * "hot,left-0".length());
    assertNoFiles(local);
  }

  @Test
  public void unmatchedSpilledLeftRecordsAreWrittenByALeftOuterJoin() throws Exception {
    File local = newFolder(tmp, "local");
    List<String> left = hotLeft(5_000);
    List<String> got = new ArrayList<>();
    Counters cs = run("left-outer", left, List.of(), got, local);
    assertEquals(
        NaiveJoin.join(left, new int[] {0}, List.of(), new int[] {1}, ',', true),
        NaiveJoin.multiset(got));
    assertEquals(left.size(), c(cs, JoinCounters.LEFT_UNMATCHED));
    assertTrue(c(cs, JoinCounters.LEFT_SPILLED_RECORDS) > 0);
    assertNoFiles(local);
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
