package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * {@code join --strategy map-side} on the shared MiniDFSCluster + MiniMRYarnCluster, one job
 * (right-outer: pairs and unmatched right records): three right files, so three map tasks in their
 * own containers, each reading the whole left side from HDFS into its table within the default
 * budget (a quarter of the map task heap, from {@code mapreduce.map.java.opts}). The output equals
 * the naive join and every record of both sides is accounted for, the left side once. (The
 * left-semi/anti path, matched-key files then a job over the left side, runs in local mode in
 * {@code MapSideJoinToolTest}, with two map tasks: a second cluster job would cost a minute.)
 */
public class MapSideJoinIT {
  private static final JoinData DATA = new JoinData(41, 400, 20000);

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  @Test
  public void rightOuterOverSeveralMapTasks() throws Exception {
    MiniClusters cluster = MiniClusters.shared();
    Path left = new Path("/data/mapside/left");
    Path right = new Path("/data/mapside/right");
    cluster.writeParts(left, JoinData.split(DATA.left, 2));
    cluster.writeParts(right, JoinData.split(DATA.right, 3));
    String out = "/out/mapside-right-outer";
    // a map task per right part file (no combined splits): three tasks, each loading the left
    ToolRun r = ToolRun.run(cluster.conf(), new JoinTool(), "-D", "bloomkit.input.combine=false",
        "--left", left.toString(),
        "--left-key", "1", "--right", right.toString(), "--right-key", "1", "--output", out,
        "--delimiter", ",", "--strategy", "map-side", "--type", "right-outer", "--json");
    assertEquals(0, r.code, r.toString());
    assertEquals(
        NaiveJoin.join(DATA.left, JoinData.KEY, DATA.right, JoinData.KEY, ',', "right-outer", null),
        NaiveJoin.multiset(cluster.readLines(new Path(out))));
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("map-side", j.get("strategy"));
    assertEquals(3L, n(j, "mapSideTableLoads"));
    assertEquals(3L * DATA.left.size(), n(j, "mapSideLeftRecords"));
    assertEquals((long) DATA.left.size(), n(j, "leftRecords"));
    assertEquals((long) DATA.right.size(), n(j, "rightRecords"));
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
    assertEquals(n(j, "rightRecords"), n(j, "mapSideRightMatched")
        + n(j, "mapSideRightUnmatched") + n(j, "rightMalformed"));
    assertTrue(n(j, "rightMalformed") > 0 && n(j, "mapSideRightMatched") > 0);
    assertTrue(n(j, "mapSideTableBytes") > 0);
  }
}
