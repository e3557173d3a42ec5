package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Right skew on the shared MiniCluster (issue 14, section 4): one right key holds most of the right
 * input and 1,000 left records match it. The join (right-semi: the output is the matching right
 * records, once each; an inner join would write every right record 1,000 times) runs with two
 * reducers of a small heap; the client finds the hot key in its sample, the key's right records
 * land on both reducers, and the output equals the naive join's. The 5M records run in
 * {@code scripts/hot-keys-5m.sh} (this test uses {@link #HOT} to stay well under a minute).
 */
public class HotKeysIT {
  /**
   * Right records of the hot key: 200,000, or {@code BLOOMKIT_HOT_RECORDS} from the environment
   * (the script runs the 5,000,000).
   */
  static final int HOT = Integer.parseInt(
      System.getenv().getOrDefault("BLOOMKIT_HOT_RECORDS", "200000"));
  /** Left records of the hot key. */
  static final int HOT_LEFT = 1000;

  @Test
  public void aHotRightKeyIsSplitOverTwoReducersOfASmallHeap() throws Exception {
    MiniClusters cluster = MiniClusters.shared();
    Path left = new Path("/hot/left/part-0");
    Path right = new Path("/hot/right");
    // left: 1,000 records of HOT, one each of K0..K9; right: HOT records and records of K0..K999
    Set<String> leftKeys = new HashSet<>();
    try (BufferedWriter w = writer(cluster, left)) {
      for (int i = 0; i < HOT_LEFT; i++) {
        w.write("L" + i + ",HOT\n");
      }
      for (int i = 0; i < 10; i++) {
        w.write("M" + i + ",K" + i + "\n");
        leftKeys.add("K" + i);
      }
      leftKeys.add("HOT");
    }
    long expected = 0;
    for (int f = 0; f < 2; f++) { // two files: two map tasks, each sending HOT round-robin
      try (BufferedWriter w = writer(cluster, new Path(right, "part-" + f))) {
        for (int i = f; i < HOT + HOT / 10; i += 2) {
          String key = i < HOT ? "HOT" : "K" + (i % 1000);
          w.write("r" + i + "," + key + "\n");
          expected += leftKeys.contains(key) ? 1 : 0;
        }
      }
    }
    Configuration conf = cluster.conf();
    String opts = conf.get("mapreduce.reduce.java.opts");
    assertTrue(opts.contains("-Xmx256m"), opts);
    String out = "/hot/out";
    long start = System.nanoTime();
    ToolRun r = ToolRun.run(conf, new JoinTool(),
        "-D", "mapreduce.reduce.java.opts=" + opts.replace("-Xmx256m", "-Xmx64m"),
        "-D", "bloomkit.join.hot.min.bytes=0", // a test-sized input
        "--left", left.toString(), "--left-key", "1", "--right", right.toString(),
        "--right-key", "1", "--output", out, "--delimiter", ",", "--type", "right-semi",
        "--filter-type", "none", "--reducers", "2", "--json");
    System.err.printf("HotKeysIT: join of %d hot right records in %.1f s%n", HOT,
        (System.nanoTime() - start) / 1e9);
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(1L, j.get("hotKeys"));
    assertEquals((long) HOT, j.get("hotKeyRightRecords"));
    assertEquals((long) HOT_LEFT, j.get("hotKeyLeftCopies")); // one extra copy each
    assertEquals(expected, j.get("outputRecords"));
    // the naive right-semi join: each right record whose key is on the left, once; the right
    // lines are distinct (their first field numbers them), so a set compares them exactly
    long[] hotPerReducer = new long[2];
    Set<String> seen = new HashSet<>();
    long lines = 0;
    for (FileStatus st : cluster.fs().listStatus(new Path(out), p -> p.getName().startsWith("part-"))) {
      String name = st.getPath().getName();
      assertTrue(name.startsWith("part-r-0000"), name);
      int reducer = Integer.parseInt(name.substring("part-r-".length()));
      try (BufferedReader in = new BufferedReader(
          new InputStreamReader(cluster.fs().open(st.getPath()), StandardCharsets.UTF_8))) {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          lines++;
          String[] p = line.split(",", -1);
          assertEquals(2, p.length, line);
          assertTrue(leftKeys.contains(p[1]), line);
          int i = Integer.parseInt(p[0].substring(1));
          assertEquals(i < HOT ? "HOT" : "K" + (i % 1000), p[1], line); // a right line as written
          assertTrue(seen.add(p[0]), line);
          hotPerReducer[reducer] += p[1].equals("HOT") ? 1 : 0;
        }
      }
    }
    assertEquals(expected, lines); // every expected line, each once (distinct, all expected)
    // the hot key's work spread over both reducers (round-robin: about half each)
    for (long n : hotPerReducer) {
      assertTrue(n >= HOT / 2 - 2 && n <= HOT / 2 + 2, java.util.Arrays.toString(hotPerReducer));
    }
  }

  private static BufferedWriter writer(MiniClusters cluster, Path file) throws Exception {
    return new BufferedWriter(new OutputStreamWriter(cluster.fs().create(file, true),
        StandardCharsets.UTF_8), 1 << 16);
  }
}
