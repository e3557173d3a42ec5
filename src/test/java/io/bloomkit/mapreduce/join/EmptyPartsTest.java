package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A join task that writes nothing leaves no part file (text outputs, both strategies): a right
 * side of many small files of which few match, and more reducers than matching keys, gave one
 * empty part file per such task. The lines are the naive join's.
 */
class EmptyPartsTest {
  @TempDir File tmp;

  /** Left keys k0 and k1; right: 12 files, only files 0 and 1 hold a matching key. */
  private File[] inputs() throws Exception {
    File left = new File(tmp, "left");
    File right = new File(tmp, "right");
    left.mkdirs();
    right.mkdirs();
    Files.writeString(new File(left, "l").toPath(), "k0,a\nk1,b\n");
    for (int i = 0; i < 12; i++) {
      String key = i < 2 ? "k" + i : "x" + i;
      Files.writeString(new File(right, "r" + i).toPath(), key + ",r" + i + "\n");
    }
    return new File[] {left, right};
  }

  private void check(String strategy) throws Exception {
    File[] in = inputs();
    File out = new File(tmp, "out-" + strategy);
    List<String> args = new ArrayList<>(List.of("--left", in[0].getPath(), "--left-key", "0",
        "--right", in[1].getPath(), "--right-key", "0", "--delimiter", ",", "--strategy",
        strategy, "--output", out.getPath(), "--quiet"));
    if (strategy.equals("reduce-side")) {
      args.addAll(List.of("--reducers", "6"));
    }
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    List<String> lines = new ArrayList<>();
    File[] parts = out.listFiles((d, n) -> n.startsWith("part-"));
    for (File f : parts) {
      assertTrue(f.length() > 0, strategy + ": empty part file " + f.getName());
      lines.addAll(Files.readAllLines(f.toPath()));
    }
    List<String> want = new ArrayList<>();
    for (String l : Files.readAllLines(new File(in[0], "l").toPath())) {
      for (File f : in[1].listFiles()) {
        for (String rl : Files.readAllLines(f.toPath())) {
          if (l.split(",")[0].equals(rl.split(",")[0])) {
            want.add(l + "\t" + rl); // the naive inner join's pairs
          }
        }
      }
    }
    List<String> got = normalise(lines);
    got.sort(null);
    want = normalise(want);
    want.sort(null);
    assertEquals(want, got, strategy);
    assertTrue(parts.length <= 2, strategy + ": " + parts.length + " part files");
  }

  /** The output lines as key, left value, right value (whatever the column separator). */
  private static List<String> normalise(List<String> lines) {
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      out.add(String.join("\t", l.split("[\t,]")));
    }
    return out;
  }

  @Test
  void reduceSide() throws Exception {
    check("reduce-side");
  }

  @Test
  void mapSide() throws Exception {
    check("map-side");
  }
}
