package io.bloomkit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.NaiveJoin;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark baseline (one map-only job, the left side in a hash table per mapper) in local
 * mode: its semijoin equals the naive right-semi join and its join mode the naive inner join, with
 * duplicate left keys, unmatched and malformed lines on both sides, two files a side.
 */
public class HashSetJoinTest {
  @TempDir public File tmp;

  private final JoinData data = new JoinData(23, 300, 6000);

  @Test
  public void semiAndJoinModesEqualTheNaiveJoin() throws Exception {
    File left = newFolder(tmp, "left");
    File right = newFolder(tmp, "right");
    JoinData.write(data.left, left, "l", 2);
    JoinData.write(data.right, right, "r", 2);
    long rightMalformed = data.right.stream().filter(l -> !l.contains(",")).count();
    for (String[] mode : new String[][] {{"semi", "right-semi"}, {"join", "inner"}}) {
      File out = new File(tmp, mode[0]);
      HashSetJoin tool = new HashSetJoin();
      ByteArrayOutputStream json = new ByteArrayOutputStream();
      tool.out = new PrintStream(json, true, StandardCharsets.UTF_8);
      int code = ToolRunner.run(ToolRun.localConf(), tool, new String[] {
          "--left", left.getPath(), "--left-key", "1", "--right", right.getPath(),
          "--right-key", "1", "--delimiter", ",", "--output", out.getPath(), "--mode", mode[0]});
      assertEquals(0, code);
      List<String> lines = readOutput(out);
      Map<String, Integer> expected =
          NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',', mode[1], null);
      assertEquals(expected, NaiveJoin.multiset(lines), mode[0]);
      assertTrue(lines.size() > 10, mode[0]);
      Map<String, Object> j = MiniJson.parseObject(json.toString(StandardCharsets.UTF_8).trim());
      assertEquals(mode[0], j.get("mode"));
      assertEquals((long) data.left.size(), j.get("leftRecords"));
      assertEquals(1L, j.get("leftMalformed"));
      assertEquals((long) data.right.size(), j.get("rightRecords"));
      assertEquals(rightMalformed, j.get("rightMalformed"));
      assertEquals((long) NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',',
          "right-semi", null).values().stream().mapToInt(Integer::intValue).sum(),
          j.get("rightMatched"));
      assertEquals((long) lines.size(), j.get("outputRecords"));
      assertEquals((long) lines.size(), j.get("mapOutputRecords"));
      assertEquals(2L, j.get("mapTasks"));
    }
  }

  @Test
  public void refusesAMissingOption() throws Exception {
    assertEquals(2, ToolRunner.run(ToolRun.localConf(), new HashSetJoin(),
        new String[] {"--left", "x", "--left-key", "0"}));
  }

  private static List<String> readOutput(File dir) throws Exception {
    List<String> lines = new ArrayList<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          lines.add(s);
        }
      }
    }
    return lines;
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
