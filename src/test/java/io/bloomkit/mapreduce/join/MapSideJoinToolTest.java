package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code join --strategy map-side} in local mode: every type it does against the naive join, the
 * counters' balance and the JSON, the refusals (left-outer, full-outer, filter options, a left
 * side over the budget before any job, and the task's guard when the estimate passes).
 */
public class MapSideJoinToolTest {
  @TempDir public File tmp;

  private final JoinData data = new JoinData(17, 300, 6000);
  private File left;
  private File right;

  private void writeInputs() throws Exception {
    left = newFolder(tmp, "left");
    right = newFolder(tmp, "right");
    JoinData.write(data.left, left, "l", 2);
    JoinData.write(data.right, right, "r", 2);
  }

  private ToolRun join(Configuration conf, String out, String type, String... more) {
    List<String> args = new ArrayList<>(List.of(
        "--left", left.getPath(), "--left-key", "1", "--right", right.getPath(), "--right-key", "1",
        "--output", out, "--delimiter", ",", "--type", type, "--strategy", "map-side", "--json"));
    args.addAll(List.of(more));
    return ToolRun.run(conf, new JoinTool(), args.toArray(new String[0]));
  }

  private ToolRun join(String out, String type, String... more) {
    return join(ToolRun.localConf(), out, type, more);
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  @Test
  public void everyTypeEqualsTheNaiveJoin() throws Exception {
    writeInputs();
    long malformedLeft = data.left.stream().filter(l -> !l.contains(",")).count();
    long malformedRight = data.right.stream().filter(l -> !l.contains(",")).count();
    // the bytes of the left lines a table of pairs holds (those with a key)
    long lineBytes = data.left.stream().filter(l -> l.contains(","))
        .mapToLong(l -> l.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).sum();
    long pairsTable = 0;
    for (String type : List.of("inner", "right-outer", "left-semi", "left-anti", "right-semi",
        "right-anti")) {
      File out = new File(tmp, type);
      ToolRun r = join(out.getPath(), type);
      assertEquals(0, r.code, type + ": " + r);
      List<String> lines = JoinToolTest.readOutput(out);
      assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, new int[] {1}, ',', type, null),
          NaiveJoin.multiset(lines),
          type);
      assertTrue(lines.size() > 10, type);
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      assertEquals("map-side", j.get("strategy"));
      assertEquals((long) data.left.size(), n(j, "leftRecords"), type);
      assertEquals(malformedLeft, n(j, "leftMalformed"), type);
      assertEquals(data.left.size() - malformedLeft, n(j, "leftPassed"), type);
      assertEquals((long) data.right.size(), n(j, "rightRecords"));
      assertEquals(malformedRight, n(j, "rightMalformed"));
      assertEquals(n(j, "rightRecords"), n(j, "mapSideRightMatched")
          + n(j, "mapSideRightUnmatched") + n(j, "rightMalformed") + n(j, "rightNullKeys"));
      assertEquals((long) lines.size(), n(j, "outputRecords"));
      // two small right files packed into one split: one map task loading the whole left side
      assertEquals(1L, n(j, "mapSideTableLoads"));
      assertEquals((long) data.left.size(), n(j, "mapSideLeftRecords"));
      assertTrue(n(j, "mapSideTableBytes") > 0);
      if (type.equals("inner")) {
        pairsTable = n(j, "mapSideTableBytes");
      } else if (!type.endsWith("-outer")) { // writes no pair: holds the keys without the lines
        assertTrue(pairsTable - n(j, "mapSideTableBytes") >= lineBytes - 64,
            type + ": " + n(j, "mapSideTableBytes") + " of " + pairsTable + ", lines " + lineBytes);
      }
      assertFalse(j.containsKey("filterType"));
      assertTrue(new File(out, "_SUCCESS").exists());
      if (type.startsWith("left-")) {
        long matchedKeys = data.right.stream()
            .map(l -> NaiveJoin.key(l, ',', new int[] {1}))
            .filter(k -> k != null && data.left.stream()
                .anyMatch(l -> k.equals(NaiveJoin.key(l, ',', JoinData.KEY))))
            .distinct().count();
        assertEquals(matchedKeys, n(j, "mapSideLeftMatchedKeys"), type);
      }
    }
    assertEquals(0, tmp.list((d, name) -> name.contains("._join-")).length);
  }

  /**
   * The map tasks of a local job share one table (SharedLeftTables): six right files read by six
   * tasks, two at a time, load the left side once, count it once, and join as the naive join.
   */
  @Test
  public void theMapTasksOfALocalJobLoadTheLeftSideOnce() throws Exception {
    left = newFolder(tmp, "left");
    right = newFolder(tmp, "right-six");
    JoinData.write(data.left, left, "l", 2);
    JoinData.write(data.right, right, "r", 6);
    Configuration conf = ToolRun.localConf();
    conf.setBoolean("bloomkit.input.combine", false);
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    for (String type : List.of("inner", "left-semi")) {
      File out = new File(tmp, "six-" + type);
      ToolRun r = join(conf, out.getPath(), type);
      assertEquals(0, r.code, r.toString());
      assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, new int[] {1}, ',', type,
          null), NaiveJoin.multiset(JoinToolTest.readOutput(out)), type);
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      long tasks = (Long) ((Map<?, ?>) ((Map<?, ?>) j.get("plan")).get("actual")).get("mapTasks");
      assertTrue(type.equals("inner") ? tasks == 6 : tasks > 6, type + ": " + tasks + " tasks");
      assertEquals(1L, n(j, "mapSideTableLoads"), type + " " + j);
      assertEquals((long) data.left.size(), n(j, "mapSideLeftRecords"), type);
      assertEquals((long) data.left.size(), n(j, "leftRecords"), type);
      assertEquals((long) data.right.size(), n(j, "rightRecords"), type);
    }
  }

  @Test
  public void refusesWhatItCannotDoBeforeAnyJob() throws Exception {
    writeInputs();
    File out = new File(tmp, "out");
    // the unmatched records of the build side are known only after every task: full-outer on
    // either side, a left-outer join built on the left, a right-outer one built on the right
    String[][] refused = {{"full-outer"}, {"full-outer", "--build-side", "right"},
        {"left-outer", "--build-side", "left"}, {"right-outer", "--build-side", "right"}};
    for (String[] t : refused) {
      ToolRun r = join(out.getPath(), t[0], java.util.Arrays.copyOfRange(t, 1, t.length));
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.contains("--strategy map-side cannot do --type " + t[0]), r.err);
    }
    String[][] filterOptions = {{"--filter-type", "bf"}, {"--filter", "x.acbf"},
        {"--reducers", "3"}, {"--bits-per-key", "8"}};
    for (String[] o : filterOptions) {
      ToolRun r = join(out.getPath(), "inner", o);
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.contains("map-side"), r.err);
    }
    ToolRun unknown = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--output", out.getPath(),
        "--strategy", "broadcast");
    assertEquals(2, unknown.code, unknown.toString());
    assertFalse(out.exists());
  }

  /** The estimate (the left files' bytes) over the budget: a usage error naming the key. */
  @Test
  public void aLeftSideOverTheBudgetIsRefusedBeforeAnyJob() throws Exception {
    writeInputs();
    Configuration small = ToolRun.localConf();
    small.setLong("bloomkit.mapside.max.bytes", 1000);
    File out = new File(tmp, "small");
    ToolRun r = join(small, out.getPath(), "inner");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains("bloomkit.mapside.max.bytes = 1000"), r.err);
    assertFalse(out.exists());
  }

  /**
   * A budget the file sizes fit but the table does not (it holds keys and indexes besides the
   * records): the tasks stop as they pass it, the join fails naming the key, nothing is written.
   */
  @Test
  public void aTableOverTheBudgetFailsTheJoinInTheTask() throws Exception {
    writeInputs();
    long bytes = 0;
    for (File f : left.listFiles()) {
      bytes += f.length();
    }
    Configuration tight = ToolRun.localConf();
    tight.setLong("bloomkit.mapside.max.bytes", bytes + 1);
    File out = new File(tmp, "tight");
    ToolRun r = join(tight, out.getPath(), "inner");
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("bloomkit.mapside.max.bytes = " + (bytes + 1)), r.err);
    assertFalse(out.exists());
    assertEquals(0, tmp.list((d, name) -> name.startsWith(".tight")).length);
  }

  /** A strict map-side join fails on the first malformed record, naming file and offset. */
  @Test
  public void strictFailsNamingTheFile() throws Exception {
    writeInputs();
    File out = new File(tmp, "strict");
    ToolRun r = join(out.getPath(), "right-semi", "--strict");
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("malformed record in") && r.err.contains("byte offset"), r.err);
    assertFalse(out.exists());
  }

  /**
   * The default budget is a quarter of the map task heap as Hadoop sizes it: -Xmx of the map
   * java opts (else the child opts), else the container's memory times the heap ratio; in local
   * mode this JVM's heap; a set budget wins.
   */
  @Test
  public void theBudgetIsAQuarterOfTheMapTaskHeap() {
    Configuration yarn = new Configuration(false);
    yarn.set("mapreduce.framework.name", "yarn");
    yarn.set("mapreduce.map.java.opts", "-Dx=y -Xmx2g");
    assertEquals((2L << 30) / 4, MapSideJoin.budget(yarn));
    yarn.unset("mapreduce.map.java.opts");
    yarn.set("mapred.child.java.opts", "-Xmx800m");
    assertEquals((800L << 20) / 4, MapSideJoin.budget(yarn));
    yarn.unset("mapred.child.java.opts");
    yarn.setInt("mapreduce.map.memory.mb", 4000);
    yarn.setFloat("mapreduce.job.heap.memory-mb.ratio", 0.5f);
    assertEquals((2000L << 20) / 4, MapSideJoin.budget(yarn));
    yarn.setLong("bloomkit.mapside.max.bytes", 12345);
    assertEquals(12345, MapSideJoin.budget(yarn));
    // local mode: the JVM's heap shared by the map tasks that run at once, each with its table
    Configuration local = new Configuration(false);
    int processors = Runtime.getRuntime().availableProcessors();
    assertEquals(Runtime.getRuntime().maxMemory() / processors / 4, MapSideJoin.budget(local));
    local.setInt("mapreduce.local.map.tasks.maximum", 3);
    assertEquals(Runtime.getRuntime().maxMemory() / 3 / 4, MapSideJoin.budget(local));
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
