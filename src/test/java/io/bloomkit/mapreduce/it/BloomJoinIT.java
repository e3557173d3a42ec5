package io.bloomkit.mapreduce.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;

/**
 * Build then join on HDFS with YARN, for every filter type: the output equals a naive in-memory
 * join as a multiset, the filter reaches the right-side tasks through the DistributedCache, and
 * every record of each side is accounted for. Two input files per side, two reducers.
 */
@RunWith(Parameterized.class)
public class BloomJoinIT {
  private static MiniClusters cluster;
  private static final JoinData DATA = new JoinData(2026, 400, 20000);
  private static final Path LEFT = new Path("/data/left");
  private static final Path RIGHT = new Path("/data/right");

  @Parameterized.Parameters(name = "{0}")
  public static Collection<Object[]> types() {
    return Arrays.asList(
        new Object[][] {{"none"}, {"bf"}, {"cbf"}, {"acbf"}, {"exact"}});
  }

  private final String type;

  public BloomJoinIT(String type) {
    this.type = type;
  }

  @BeforeClass
  public static void start() throws Exception {
    cluster = new MiniClusters("bloomjoin");
    cluster.writeParts(LEFT, JoinData.split(DATA.left, 2));
    cluster.writeParts(RIGHT, JoinData.split(DATA.right, 2));
  }

  @AfterClass
  public static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  @Test
  public void buildThenJoinEqualsTheNaiveJoin() throws Exception {
    String out = "/out/" + type;
    List<String> args = new ArrayList<>(List.of(
        "--left", LEFT.toString(), "--left-key", "1", "--right", RIGHT.toString(),
        "--right-key", "1", "--output", out, "--delimiter", ",", "--reducers", "2", "--json"));
    if (type.equals("none")) {
      args.addAll(List.of("--filter-type", "none"));
    } else {
      String filter = "/filters/left." + type;
      List<String> build = new ArrayList<>(List.of(
          "--input", LEFT.toString(), "--output", filter, "--key-field", "1", "--delimiter", ",",
          "--filter", type, "--reducers", "2", "--json"));
      ToolRun b = ToolRun.run(cluster.conf(), new BuildTool(), build.toArray(new String[0]));
      assertEquals(b.toString(), 0, b.code);
      Map<String, Object> bj = MiniJson.parseObject(b.lastLine());
      assertEquals(400L, n(bj, "items"));
      assertEquals((long) DATA.left.size(), n(bj, "inputRecords"));
      assertEquals(1L, n(bj, "malformedRecords"));
      assertTrue(cluster.fs().exists(new Path(filter)));
      args.addAll(List.of("--filter", filter));
    }
    ToolRun r = ToolRun.run(cluster.conf(), new JoinTool(), args.toArray(new String[0]));
    assertEquals(r.toString(), 0, r.code);
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());

    assertEquals(
        NaiveJoin.join(DATA.left, JoinData.KEY, DATA.right, new int[] {1}, ',', false),
        NaiveJoin.multiset(cluster.readLines(new Path(out))));
    // per-side balance: input = to the shuffle + dropped by the filter + malformed
    assertEquals((long) DATA.left.size(), n(j, "leftRecords"));
    assertEquals((long) DATA.right.size(), n(j, "rightRecords"));
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
    assertEquals(
        n(j, "rightRecords"),
        n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed"));
    assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"));
    assertTrue(n(j, "rightMalformed") > 0);
    if (type.equals("none")) {
      assertEquals(0L, n(j, "rightDroppedByFilter"));
    } else {
      // most right records have no left partner and are dropped in the map
      assertTrue(n(j, "rightDroppedByFilter") > n(j, "rightRecords") / 2);
      assertTrue(j.toString(), n(j, "filterLoadsFromCache") >= 2); // two right splits
      assertEquals(0L, n(j, "filterLoadsFromPath"));
      assertTrue((Double) j.get("observedFpp") < 0.05);
    }
    if (type.equals("exact")) {
      assertEquals(0L, n(j, "falsePositives"));
    }
  }
}
