package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import io.bloomkit.mapreduce.update.UpdateTool;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.Binomial;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On one shared MiniDFSCluster + MiniMRYarnCluster: an ACBF built by two reducers from their
 * partial filters, then a join with two input files per side and two reducers, the filter read
 * from HDFS by the right-side tasks through the DistributedCache. The output equals a naive
 * in-memory join as a multiset and every record of each side is accounted for. Then an updated
 * ACBF joined again. Every filter family with every join type runs in local mode
 * (join/JoinTypesTest, xengine/CrossEngineTest); nested input directories and an all-malformed
 * side too (InputRecordsToolTest), and tasks' side files on HDFS run under faults (FaultsIT).
 */
public class BloomJoinIT {
  private static MiniClusters cluster;
  private static final JoinData DATA = new JoinData(2026, 400, 20000);
  private static final Path LEFT = new Path("/data/left");
  private static final Path RIGHT = new Path("/data/right");

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    cluster.writeParts(LEFT, JoinData.split(DATA.left, 2));
    cluster.writeParts(RIGHT, JoinData.split(DATA.right, 2));
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  @Test
  public void joinWithAcbfBuiltFromTwoReducersPartials() throws Exception {
    buildThenJoin("acbf", 2);
  }

  /**
   * Builds the filter of the left keys with {@code buildReducers} reducers (their partial filters
   * summed on the cluster), joins, checks against the naive join. The other filter families, the
   * one-reducer and the two-phase builds (sizing from the distinct-key count) take the same
   * runtime path and are covered in local mode (join/JoinTypesTest, build/*).
   */
  private void buildThenJoin(String type, int buildReducers) throws Exception {
    String out = "/out/" + type;
    List<String> args = new ArrayList<>(List.of(
        "--left", LEFT.toString(), "--left-key", "1", "--right", RIGHT.toString(),
        "--right-key", "1", "--output", out, "--delimiter", ",", "--reducers", "2", "--json"));
    String filter = "/filters/left." + type;
    // the build job on the cluster, not the client-side build of a small input
    ToolRun b = ToolRun.run(cluster.conf(), new BuildTool(),
        "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0",
        "--input", LEFT.toString(), "--output", filter, "--key-field", "1", "--delimiter", ",",
        "--filter", type, "--reducers", String.valueOf(buildReducers), "--items", "400", "--json");
    assertEquals(0, b.code, b.toString());
    Map<String, Object> bj = MiniJson.parseObject(b.lastLine());
    assertEquals(400L, n(bj, "items"));
    assertEquals((long) DATA.left.size(), n(bj, "inputRecords"));
    assertEquals(1L, n(bj, "malformedRecords"));
    assertTrue(cluster.fs().exists(new Path(filter)));
    args.addAll(List.of("--filter", filter));
    ToolRun r = ToolRun.run(cluster.conf(), new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    // on a cluster the progress on stderr names the job and the URL to follow it by
    java.util.regex.Matcher started =
        java.util.regex.Pattern.compile("job (job_\\d+_\\d+) started: bloomkit join").matcher(r.err);
    assertTrue(started.find(), r.toString());
    assertTrue(r.err.contains("job " + started.group(1) + " tracking URL: http"), r.toString());

    assertEquals(
        NaiveJoin.join(DATA.left, JoinData.KEY, DATA.right, JoinData.KEY, ',', false),
        NaiveJoin.multiset(cluster.readLines(new Path(out))));
    checkBalance(j, DATA.left.size(), DATA.right.size());
    // most right records have no left partner and are dropped in the map
    assertTrue(n(j, "rightDroppedByFilter") > n(j, "rightRecords") / 2);
    assertTrue(n(j, "filterLoadsFromCache") >= 2, j.toString()); // two right splits
    assertEquals(0L, n(j, "filterLoadsFromPath"));
    checkRates(j, filter);
  }

  /**
   * The observed rates against a recount: the distinct right keys without a left match are
   * queried against the joined filter here; the tool's per-key counts must equal the recount, and
   * the false positive keys must lie in the 99.9% binomial interval of the rate computed here from
   * the filter's m, k and n (about 19,000 such keys).
   */
  private static void checkRates(Map<String, Object> j, String filterPath) throws Exception {
    Set<String> leftKeys = new HashSet<>();
    for (String l : DATA.left) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null) {
        leftKeys.add(k);
      }
    }
    Set<String> absent = new HashSet<>();
    for (String r : DATA.right) {
      String k = NaiveJoin.key(r, ',', JoinData.KEY);
      if (k != null && !leftKeys.contains(k)) {
        absent.add(k);
      }
    }
    long fp = n(j, "falsePositives");
    assertEquals((double) fp / (n(j, "rightDroppedByFilter") + fp),
        (Double) j.get("observedFppPerRecord"), 1e-12);
    Filter filter;
    try (InputStream in = cluster.fs().open(new Path(filterPath))) {
      filter = Filters.read(in, Filter.class);
    }
    long passing = absent.stream().filter(filter::mightContain).count();
    double p = Binomial.filterRate(filter.shape(), filter.items());
    assertEquals(p, (Double) j.get("theoreticalFpp"), 0.01 * p);
    assertEquals(passing, n(j, "falsePositiveKeys"), j.toString());
    assertEquals(absent.size() - passing, n(j, "rightDroppedKeys"), j.toString());
    assertEquals((double) passing / absent.size(), (Double) j.get("observedFppPerKey"), 1e-12);
    if (p > 0 && p < 1) {
      Binomial.assertWithin(j.get("filterType") + " false positive keys", absent.size(), p,
          passing, 0.001);
    }
  }

  /** Per side: input = sent to the shuffle + dropped by the filter + malformed. */
  private static void checkBalance(Map<String, Object> j, long left, long right) {
    assertEquals(left, n(j, "leftRecords"));
    assertEquals(right, n(j, "rightRecords"));
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
    assertEquals(
        n(j, "rightRecords"),
        n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed"));
    assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"));
    assertTrue(n(j, "rightMalformed") > 0);
  }


  @Test
  public void updatedFilterJoinsTheUpdatedKeySet() throws Exception {
    // removed: the records of every 10th left key; added: records of keys right records cite
    Set<String> removedKeys = new HashSet<>();
    List<String> newLeft = new ArrayList<>();
    List<String> removedLines = new ArrayList<>();
    for (String l : DATA.left) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null && (Integer.parseInt(k) / 37) % 10 == 0) {
        removedKeys.add(k);
        removedLines.add(l);
      } else {
        newLeft.add(l);
      }
    }
    List<String> addedLines = new ArrayList<>();
    Set<String> addedKeys = new HashSet<>();
    int i = 0;
    for (String r : DATA.right) {
      String cited = NaiveJoin.key(r, ',', JoinData.KEY);
      if (cited != null && cited.startsWith("4") && addedLines.size() < 60 && i++ % 50 == 0) {
        addedLines.add("new," + cited);
        addedKeys.add(cited);
      }
    }
    newLeft.addAll(addedLines);
    cluster.writeParts(new Path("/u/left-new"), JoinData.split(newLeft, 2));
    cluster.writeParts(new Path("/u/added"), Collections.singletonList(lines(addedLines)));
    cluster.writeParts(new Path("/u/removed"), Collections.singletonList(lines(removedLines)));

    ToolRun b = ToolRun.run(cluster.conf(), new BuildTool(),
        "-D", "mapreduce.job.ubertask.enable=true", "--input", LEFT.toString(), "--output", "/u/old.acbf", "--delimiter", ",",
        "--key-field", "1", "--items", "400", "--capacity", "1000", "--reducers", "1", "--json");
    assertEquals(0, b.code, b.toString());
    ToolRun u = ToolRun.run(cluster.conf(), new UpdateTool(),
        "--filter", "/u/old.acbf", "--output", "/u/new.acbf", "--add", "/u/added",
        "--remove", "/u/removed", "--delimiter", ",", "--key-field", "1", "--json");
    assertEquals(0, u.code, u.toString());
    Map<String, Object> uj = MiniJson.parseObject(u.lastLine());
    assertEquals((long) addedKeys.size(), uj.get("added"));
    assertEquals((long) removedKeys.size(), uj.get("removed"));
    assertEquals(0L, uj.get("removedNonMembers"));
    assertEquals(400L + addedKeys.size() - removedKeys.size(), uj.get("items"));
    CountingFilter updated;
    try (InputStream in = cluster.fs().open(new Path("/u/new.acbf"))) {
      updated = (CountingFilter) Filters.read(in);
    }
    long stillCounted = removedKeys.stream().filter(k -> updated.count(k) > 0).count();
    assertTrue(stillCounted <= removedKeys.size() / 10, "removed keys still counted: " + stillCounted);
    for (String k : addedKeys) {
      assertTrue(updated.mightContain(k), k);
    }

    ToolRun j = ToolRun.run(cluster.conf(), new JoinTool(),
        "--left", "/u/left-new", "--left-key", "1", "--right", RIGHT.toString(), "--right-key", "1",
        "--output", "/u/out", "--delimiter", ",", "--filter", "/u/new.acbf", "--reducers", "2",
        "--type", "left-outer", "--json");
    assertEquals(0, j.code, j.toString());
    assertEquals(
        NaiveJoin.join(newLeft, JoinData.KEY, DATA.right, JoinData.KEY, ',', true),
        NaiveJoin.multiset(cluster.readLines(new Path("/u/out"))));
    checkBalance(MiniJson.parseObject(j.lastLine()), newLeft.size(), DATA.right.size());
    assertEquals(0L, MiniJson.parseObject(j.lastLine()).get("leftKeysRejectedByFilter"));

    // the filter from before the update is stale for the new left side: on the cluster too, the
    // join fails naming the exact count of left records it rejects and one of their keys
    io.bloomkit.core.Filter old;
    try (InputStream in = cluster.fs().open(new Path("/u/old.acbf"))) {
      old = Filters.readQueryView(in);
    }
    Set<String> rejected = new HashSet<>();
    long rejectedRecords = 0;
    for (String l : newLeft) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null && !old.mightContain(k)) {
        rejected.add(k);
        rejectedRecords++;
      }
    }
    assertTrue(rejectedRecords > 0);
    ToolRun stale = ToolRun.run(cluster.conf(), new JoinTool(),
        "--left", "/u/left-new", "--left-key", "1", "--right", RIGHT.toString(), "--right-key", "1",
        "--output", "/u/stale-out", "--delimiter", ",", "--filter", "/u/old.acbf", "--json");
    assertEquals(1, stale.code, stale.toString());
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("/u/old.acbf rejects the keys of (\\d+) left records \\(first: \"([^\"]*)\"")
        .matcher(stale.err);
    assertTrue(m.find(), stale.err);
    assertEquals(rejectedRecords, Long.parseLong(m.group(1)));
    assertTrue(rejected.contains(m.group(2)), stale.err);
    assertFalse(cluster.fs().exists(new Path("/u/stale-out")));
    for (org.apache.hadoop.fs.FileStatus st : cluster.fs().listStatus(new Path("/u"))) {
      assertFalse(st.getPath().getName().startsWith(".stale-out"), st.getPath().toString());
    }
  }

  private static byte[] lines(List<String> l) {
    return (String.join("\n", l) + "\n").getBytes(StandardCharsets.UTF_8);
  }
}
