package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join tool in local mode on a right side with one hot key: the client finds it, the join
 * splits it over both reducers, and the output equals the naive join's.
 */
public class HotKeysToolTest {
  @TempDir public File tmp;

  private final List<String> left = new ArrayList<>();
  private final List<String> right = new ArrayList<>();

  private File write(String name, List<String> lines) throws Exception {
    File dir = newFolder(tmp, name);
    Files.write(new File(dir, "part-0").toPath(),
        (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return dir;
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  /** The lines of one output part file. */
  private static List<String> part(File out, int reducer) throws Exception {
    File f = new File(out, String.format("part-r-%05d", reducer));
    List<String> lines = new ArrayList<>();
    for (String s : new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8).split("\n")) {
      if (!s.isEmpty()) {
        lines.add(s);
      }
    }
    return lines;
  }

  @Test
  public void aHotRightKeyIsSplitOverBothReducersAndTheOutputIsTheNaiveJoin() throws Exception {
    for (int i = 0; i < 3; i++) {
      left.add("hot-" + i + ",HOT");
    }
    for (int i = 0; i < 40; i++) {
      left.add("left-" + i + ",K" + i);
    }
    for (int i = 0; i < 3000; i++) {
      right.add("r" + i + "," + (i % 5 == 0 ? "HOT" : "K" + (i % 97))); // HOT: 20%
    }
    File l = write("left", left);
    File r = write("right", right);
    for (String type : new String[] {"inner", "left-outer"}) {
      File out = new File(tmp, "out-" + type);
      ToolRun run = ToolRun.run(new JoinTool(), "-D", "bloomkit.join.hot.min.bytes=0",
          "--left", l.getPath(), "--left-key", "1",
          "--right", r.getPath(), "--right-key", "1", "--output", out.getPath(), "--delimiter", ",",
          "--type", type, "--reducers", "2", "--json");
      assertEquals(0, run.code, run.toString());
      Map<String, Object> j = MiniJson.parseObject(run.lastLine());
      assertEquals(NaiveJoin.join(left, new int[] {1}, right, new int[] {1}, ',',
          type.equals("left-outer")), NaiveJoin.multiset(JoinToolTest.readOutput(out)));
      assertEquals(1L, n(j, "hotKeys"));
      assertEquals(600L, n(j, "hotKeyRightRecords"));
      assertEquals(3L, n(j, "hotKeyLeftCopies")); // 3 left records, one extra copy each
      assertEquals(n(j, "leftPassed") + n(j, "rightPassed") + n(j, "hotKeyLeftCopies"),
          n(j, "mapOutputRecords"));
      assertEquals(JoinToolTest.readOutput(out).size(), n(j, "outputRecords"));
      for (int reducer = 0; reducer < 2; reducer++) { // each reducer wrote some HOT pairs
        assertTrue(part(out, reducer).stream().anyMatch(s -> s.endsWith(",HOT")));
      }
    }
    // the off switch: nothing split, the same output
    File off = new File(tmp, "off");
    ToolRun run = ToolRun.run(new JoinTool(), "-D", "bloomkit.join.hot.enabled=false",
        "--left", l.getPath(), "--left-key", "1", "--right", r.getPath(), "--right-key", "1",
        "--output", off.getPath(), "--delimiter", ",", "--reducers", "2", "--json");
    assertEquals(0, run.code, run.toString());
    Map<String, Object> j = MiniJson.parseObject(run.lastLine());
    assertEquals(0L, n(j, "hotKeys"));
    assertEquals(0L, n(j, "hotKeyRightRecords"));
    assertEquals(NaiveJoin.join(left, new int[] {1}, right, new int[] {1}, ',', false),
        NaiveJoin.multiset(JoinToolTest.readOutput(off)));
    long withHot = 0;
    for (int reducer = 0; reducer < 2; reducer++) {
      withHot += part(off, reducer).stream().anyMatch(s -> s.endsWith(",HOT")) ? 1 : 0;
    }
    assertEquals(1, withHot); // unsplit: all on one reducer
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
