package io.bloomkit.mapreduce.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.filter.CountingFilter;
import io.bloomkit.filter.Filters;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import io.bloomkit.mapreduce.update.UpdateTool;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Build an ACBF with room to grow, update it with added and removed left keys, join the new left
 * side with the updated filter: the output is the join of the updated key set.
 */
public class UpdateJoinIT {
  private static MiniClusters cluster;

  @BeforeClass
  public static void start() throws Exception {
    cluster = new MiniClusters("updatejoin");
  }

  @AfterClass
  public static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  public void updatedFilterJoinsTheUpdatedKeySet() throws Exception {
    JoinData data = new JoinData(99, 300, 12000);
    List<String> oldLeft = data.left;
    cluster.writeParts(new Path("/u/left-old"), JoinData.split(oldLeft, 2));
    cluster.writeParts(new Path("/u/right"), JoinData.split(data.right, 2));

    // removed: the left records of every 10th key; added: records of keys that right records cite
    Set<String> removedKeys = new HashSet<>();
    List<String> newLeft = new ArrayList<>();
    List<String> removedLines = new ArrayList<>();
    int i = 0;
    for (String l : oldLeft) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null && (Integer.parseInt(k) / 37) % 10 == 0) {
        removedKeys.add(k);
        removedLines.add(l);
      } else {
        newLeft.add(l);
      }
    }
    List<String> addedLines = new ArrayList<>();
    for (String r : data.right) {
      String cited = NaiveJoin.key(r, ',', new int[] {1});
      if (cited != null && cited.startsWith("4") && addedLines.size() < 60 && i++ % 50 == 0) {
        addedLines.add("new," + cited);
      }
    }
    newLeft.addAll(addedLines);
    cluster.writeParts(new Path("/u/left-new"), JoinData.split(newLeft, 2));
    cluster.writeParts(new Path("/u/added"), Collections.singletonList(lines(addedLines)));
    cluster.writeParts(new Path("/u/removed"), Collections.singletonList(lines(removedLines)));

    ToolRun b = ToolRun.run(cluster.conf(), new BuildTool(),
        "--input", "/u/left-old", "--output", "/u/old.acbf", "--delimiter", ",", "--key-field", "1",
        "--capacity", "1000", "--reducers", "2", "--json");
    assertEquals(b.toString(), 0, b.code);
    ToolRun u = ToolRun.run(cluster.conf(), new UpdateTool(),
        "--filter", "/u/old.acbf", "--output", "/u/new.acbf", "--add", "/u/added",
        "--remove", "/u/removed", "--delimiter", ",", "--key-field", "1", "--json");
    assertEquals(u.toString(), 0, u.code);
    Map<String, Object> uj = MiniJson.parseObject(u.lastLine());
    Set<String> addedKeys = new HashSet<>();
    for (String l : addedLines) {
      addedKeys.add(NaiveJoin.key(l, ',', JoinData.KEY));
    }
    assertEquals((long) addedKeys.size(), uj.get("added"));
    assertEquals((long) removedKeys.size(), uj.get("removed"));
    assertEquals(0L, uj.get("removedNonMembers"));
    assertEquals(300L + addedKeys.size() - removedKeys.size(), uj.get("items"));
    CountingFilter updated;
    try (InputStream in = cluster.fs().open(new Path("/u/new.acbf"))) {
      updated = (CountingFilter) Filters.read(in);
    }
    long stillCounted = removedKeys.stream().filter(k -> updated.count(k) > 0).count();
    assertTrue("removed keys still counted: " + stillCounted, stillCounted <= removedKeys.size() / 10);

    ToolRun j = ToolRun.run(cluster.conf(), new JoinTool(),
        "--left", "/u/left-new", "--left-key", "1", "--right", "/u/right", "--right-key", "1",
        "--output", "/u/out", "--delimiter", ",", "--filter", "/u/new.acbf", "--reducers", "2",
        "--type", "left-outer", "--json");
    assertEquals(j.toString(), 0, j.code);
    assertEquals(
        NaiveJoin.join(newLeft, JoinData.KEY, data.right, new int[] {1}, ',', true),
        NaiveJoin.multiset(cluster.readLines(new Path("/u/out"))));
    Map<String, Object> jj = MiniJson.parseObject(j.lastLine());
    assertEquals(
        (long) jj.get("rightRecords"),
        (long) jj.get("rightPassed") + (long) jj.get("rightDroppedByFilter")
            + (long) jj.get("rightMalformed"));
  }

  private static byte[] lines(List<String> l) {
    return (String.join("\n", l) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
