package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every join type once on the shared MiniDFSCluster + MiniMRYarnCluster, the filter families
 * rotated so that each family and no filter appear once (8 join jobs; the filters are built in
 * this process and written to HDFS, no build job). Two files per side, two reducers; the data has
 * duplicate keys on both sides, null keys ({@code \N}) on both sides, malformed right lines and
 * false positives (8 bits per key). Each output equals the naive join of its type, and the
 * map-written right records are exactly the rejected and null-key ones.
 */
public class JoinTypesIT {
  private static MiniClusters cluster;
  private static final Path LEFT = new Path("/types/left");
  private static final Path RIGHT = new Path("/types/right");
  private static final int[] KEY = {1};
  private static final List<String> LEFT_LINES = new ArrayList<>();
  private static final List<String> RIGHT_LINES = new ArrayList<>();

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    Random rnd = new Random(1414);
    for (int i = 0; i < 300; i++) {
      LEFT_LINES.add("L" + i + "," + (i * 7));
      if (i % 30 == 0) {
        LEFT_LINES.add("L" + i + "b," + (i * 7));
        LEFT_LINES.add("Lnull" + i + ",\\N");
      }
    }
    for (int i = 0; i < 4000; i++) {
      RIGHT_LINES.add("R" + i + "," + rnd.nextInt(6000));
      if (i % 200 == 0) {
        RIGHT_LINES.add("Rnull" + i + ",\\N");
        RIGHT_LINES.add("Rbad" + i);
      }
    }
    cluster.writeParts(LEFT, JoinData.split(LEFT_LINES, 2));
    cluster.writeParts(RIGHT, JoinData.split(RIGHT_LINES, 2));
  }

  @Test
  public void innerWithoutFilter() throws Exception {
    join("inner", "none");
  }

  @Test
  public void leftOuterWithBloomFilter() throws Exception {
    join("left-outer", "bf");
  }

  @Test
  public void rightOuterWithCountingBloomFilter() throws Exception {
    join("right-outer", "cbf");
  }

  @Test
  public void fullOuterWithAcbf() throws Exception {
    join("full-outer", "acbf");
  }

  @Test
  public void leftSemiWithAcbf1() throws Exception {
    join("left-semi", "acbf1");
  }

  @Test
  public void rightSemiWithAcbf2() throws Exception {
    join("right-semi", "acbf2");
  }

  @Test
  public void leftAntiWithAcbf3() throws Exception {
    join("left-anti", "acbf3");
  }

  @Test
  public void rightAntiWithExactKeySet() throws Exception {
    join("right-anti", "exact");
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  /** A filter of the left keys built here and written to HDFS. */
  private static Path filter(String family) throws Exception {
    Filter f = JoinData.filter(family, 400, 8, LEFT_LINES, ',', KEY, "\\N");
    Path path = new Path("/types/filters/left." + family);
    try (OutputStream out = cluster.fs().create(path, true)) {
      f.writeTo(out);
    }
    return path;
  }

  private static void join(String type, String family) throws Exception {
    String out = "/types/out/" + type;
    List<String> args = new ArrayList<>(List.of("--left", LEFT.toString(), "--left-key", "1",
        "--right", RIGHT.toString(), "--right-key", "1", "--output", out, "--delimiter", ",",
        "--type", type, "--reducers", "2", "--json"));
    if (family.equals("none")) {
      args.addAll(List.of("--filter-type", "none"));
    } else {
      args.addAll(List.of("--filter", filter(family).toString()));
    }
    ToolRun r = ToolRun.run(cluster.conf(), new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    String what = type + " with " + family;
    assertEquals(NaiveJoin.join(LEFT_LINES, KEY, RIGHT_LINES, KEY, ',', type, "\\N"), NaiveJoin.multiset(cluster.readLines(new Path(out))),
        what);
    assertEquals(20L, n(j, "rightNullKeys"), what);
    assertEquals(10L, n(j, "leftNullKeys"), what);
    boolean keepsRight = List.of("right-outer", "full-outer", "right-anti").contains(type);
    assertEquals(keepsRight ? n(j, "rightDroppedByFilter") + n(j, "rightNullKeys") : 0L, n(j, "rightWrittenByMap"),
        what);
    if (!family.equals("none")) {
      assertTrue(n(j, "rightDroppedByFilter") > n(j, "rightRecords") / 2, what);
    }
    if (!family.equals("none") && !family.equals("exact")) {
      assertTrue(n(j, "falsePositives") > 0, what + ": false positives");
    }
    // only the passed records go through the shuffle
    assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"), what);
    assertEquals((long) cluster.readLines(new Path(out)).size(), n(j, "outputRecords"), what);
  }
}
