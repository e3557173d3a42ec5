package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every join type with every filter family and none, through the whole task pipeline in memory
 * ({@link JoinHarness}), against the naive reference join ({@link NaiveJoin}); data with false
 * positives, null keys, malformed lines and duplicate keys on both sides.
 */
public class JoinTypesTest {
  @TempDir public File tmp;

  static final String[] TYPES = {"inner", "left-outer", "right-outer", "full-outer", "left-semi",
      "right-semi", "left-anti", "right-anti"};
  static final String[] FILTERS =
      {"none", "bf", "sbbf", "cbf", "acbf", "acbf1", "acbf2", "acbf3", "exact"};

  static final TableSpec LEFT = JoinMapReduceTest.LEFT; // "k,..." key field 0
  static final TableSpec RIGHT = JoinMapReduceTest.RIGHT; // "r,k,..." key field 1
  static final int[] LEFT_KEY = {0};
  static final int[] RIGHT_KEY = {1};

  /** Left: 40 keys, some twice, some null keys, a malformed line (no field 0 cannot be: empty ok). */
  static List<String> left() {
    List<String> l = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      l.add("k" + i + ",L" + i);
      if (i % 7 == 0) {
        l.add("k" + i + ",L" + i + "-again");
      }
    }
    l.add("\\N,Lnull1");
    l.add("\\N,Lnull2");
    return l;
  }

  /** Right: keys k0..k159 (a quarter in the left side), repeated, null keys, malformed lines. */
  static List<String> right() {
    Random rnd = new Random(14);
    List<String> r = new ArrayList<>();
    for (int i = 0; i < 800; i++) {
      r.add("R" + i + ",k" + rnd.nextInt(160) + ",x");
      if (i % 97 == 0) {
        r.add("R" + i + "-null,\\N");
        r.add("R" + i + "-malformed");
      }
    }
    return r;
  }

  /** A filter of the left keys of family {@code type}, weak (few bits per key): it lets many through. */
  File filter(String type, List<String> left) throws Exception {
    if (type.equals("none")) {
      return null;
    }
    Filter f = JoinData.filter(type, 60, 4, left, ',', LEFT_KEY, "\\N");
    File file = newFile(tmp, type + ".filter");
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(out);
    }
    return file;
  }

  @Test
  public void everyTypeWithEveryFilterMatchesTheNaiveJoin() throws Exception {
    List<String> left = left();
    List<String> right = right();
    // all 64 pairs in the full tier; in the fast tier each filter with one type, each type once
    int n = 0;
    for (String filterType : FILTERS) {
      File filter = filter(filterType, left);
      for (String type : Tier.share(Arrays.asList(TYPES), n++, FILTERS.length)) {
        String what = type + " with " + filterType;
        JoinHarness h = JoinHarness.run(type, filter, LEFT, left, RIGHT, right);
        Map<String, Integer> expected =
            NaiveJoin.join(left, LEFT_KEY, right, RIGHT_KEY, ',', type, "\\N");
        assertEquals(expected, NaiveJoin.multiset(h.lines), what);
        assertCounters(what, h, type, filterType);
      }
    }
  }

  /**
   * Impala's rule: a map task whose filter rejected under {@code min.reject.share} of its first
   * {@code check.records} records stops probing, passes the rest unprobed and counts both; the
   * reducers still join exactly (every type against the naive join). A filter of a left side
   * holding every right key rejects nothing: the task stops after 100 records and passes the
   * other 700 unprobed; the filter of the 40-key left side rejects about three quarters: the task
   * probes every record.
   */
  @Test
  public void aTaskStopsProbingAFilterThatRejectsTooLittleAndTheJoinStaysExact() throws Exception {
    List<String> right = right();
    List<String> wide = new ArrayList<>(left());
    for (int i = 40; i < 160; i++) {
      wide.add("k" + i + ",W" + i);
    }
    File all = new File(tmp, "wide.filter");
    assertTrue(filter("bf", wide).renameTo(all));
    java.util.function.Consumer<org.apache.hadoop.conf.Configuration> check100 =
        conf -> conf.setLong(BloomkitConfig.JOIN_FILTER_CHECK_RECORDS.key(), 100);
    // every type in the full tier; the fast tier the two that write unmatched right rows from
    // the map and one that drops them
    List<String> types = Tier.full() ? Arrays.asList(TYPES)
        : List.of("inner", "right-outer", "right-anti");
    for (String type : types) {
      JoinHarness h = JoinHarness.run(type, all, LEFT, wide, RIGHT, right, check100);
      assertEquals(NaiveJoin.join(wide, LEFT_KEY, right, RIGHT_KEY, ',', type, "\\N"),
          NaiveJoin.multiset(h.lines), type);
      assertEquals(1, h.get(JoinCounters.FILTER_PROBING_STOPPED), type);
      assertEquals(800 - 100, h.get(JoinCounters.RIGHT_UNPROBED), type);
      assertEquals(800, h.get(JoinCounters.RIGHT_PASSED), type);
      h.counters.findCounter(org.apache.hadoop.mapreduce.TaskCounter.REDUCE_OUTPUT_RECORDS)
          .setValue(h.lines.size() - h.mapLines.size());
      JoinJobs.checkBalance(JobCounters.of(h.counters),
          JoinPlan.Type.valueOf(type.toUpperCase().replace('-', '_')));
    }
    JoinHarness kept =
        JoinHarness.run("inner", filter("bf", left()), LEFT, left(), RIGHT, right, check100);
    assertEquals(0, kept.get(JoinCounters.FILTER_PROBING_STOPPED));
    assertEquals(0, kept.get(JoinCounters.RIGHT_UNPROBED));
    assertTrue(kept.get(JoinCounters.RIGHT_DROPPED_BY_FILTER) > 400,
        "dropped " + kept.get(JoinCounters.RIGHT_DROPPED_BY_FILTER));
    // 0 never stops
    JoinHarness never = JoinHarness.run("inner", all, LEFT, wide, RIGHT, right,
        conf -> conf.setLong(BloomkitConfig.JOIN_FILTER_CHECK_RECORDS.key(), 0));
    assertEquals(0, never.get(JoinCounters.FILTER_PROBING_STOPPED));
  }

  private static void assertCounters(String what, JoinHarness h, String type, String filterType)
      throws Exception {
    JoinPlan.Type t = JoinPlan.Type.valueOf(type.toUpperCase().replace('-', '_'));
    long dropped = h.get(JoinCounters.RIGHT_DROPPED_BY_FILTER);
    long rightNull = h.get(JoinCounters.RIGHT_NULL_KEYS);
    assertEquals(9, rightNull, what);
    assertEquals(2, h.get(JoinCounters.LEFT_NULL_KEYS), what);
    if (filterType.equals("none")) {
      assertEquals(0, dropped, what);
    } else {
      assertTrue(dropped > 0, what);
      if (!filterType.equals("exact")) {
        assertTrue(h.get(JoinCounters.FALSE_POSITIVES) > 0,
            what + ": the weak filter lets some through");
      } else {
        assertEquals(0, h.get(JoinCounters.FALSE_POSITIVES), what);
      }
    }
    // right records the map wrote: the rejected and null-key ones, for the right-preserving types
    long byMap = t.keepsUnmatchedRight() ? dropped + rightNull : 0;
    assertEquals(byMap, h.get(JoinCounters.RIGHT_WRITTEN_BY_MAP), what);
    long leftByMap = t.keepsUnmatchedLeft() ? 2 : 0;
    assertEquals(byMap + leftByMap, h.mapLines.size(), what);
    assertEquals(h.lines.size(), h.get(JoinCounters.OUTPUT_RECORDS), what);
    // the tool's own balance check passes (REDUCE_OUTPUT_RECORDS: the reducer's lines)
    h.counters.findCounter(org.apache.hadoop.mapreduce.TaskCounter.REDUCE_OUTPUT_RECORDS)
        .setValue(h.lines.size() - h.mapLines.size());
    JoinJobs.checkBalance(JobCounters.of(h.counters), t);
  }

  @Test
  public void smallBatchesGiveTheSamePairs() throws Exception {
    List<String> left = left();
    List<String> right = right();
    for (String type : new String[] {"inner", "full-outer"}) {
      JoinHarness h = JoinHarness.run(type, null, LEFT, left, RIGHT, right, 10);
      assertEquals(NaiveJoin.join(left, LEFT_KEY, right, RIGHT_KEY, ',', type, "\\N"), NaiveJoin.multiset(h.lines),
          type);
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
