package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Weight totals are exact: a total past 2^63 - 1 fails the job naming the key, never saturates. */
public class IcebergOverflowTest {
  @TempDir public File tmp;

  private static final long BIG = Long.MAX_VALUE - 10;

  private File input(String name, String... files) throws Exception {
    File dir = newFolder(tmp, name);
    for (int i = 0; i < files.length; i++) {
      Files.write(new File(dir, "part-" + i).toPath(), files[i].getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private ToolRun run(File in, String out, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        new File(tmp, out).getPath(), "--key-field", "0", "--weight-field", "1",
        "--delimiter", ",", "--threshold", "5", "--json"));
    args.addAll(List.of(extra));
    return ToolRun.run(new IcebergTool(), args.toArray(new String[0]));
  }

  private void assertOverflow(ToolRun r, String out) {
    assertEquals(BloomkitTool.FAILED, r.code, r.toString());
    assertTrue(r.err.contains("\"whale\"") && r.err.contains("overflow"), r.err);
  }

  @Test
  public void totalsUpToTheLimitAreExact() throws Exception {
    // BIG + 10 = 2^63 - 1 exactly: still representable, so no failure and the exact total
    File in = input("edge", "whale," + BIG + "\nminnow,1\n", "whale,10\n");
    ToolRun r = run(in, "edge-out");
    assertEquals(0, r.code, r.toString());
    assertEquals(1L, MiniJson.parseObject(r.lastLine()).get("icebergs"));
    String line = Files.readAllLines(new File(tmp, "edge-out/part-r-00000").toPath()).get(0);
    assertEquals("whale\t" + BigInteger.valueOf(BIG).add(BigInteger.TEN), line);
  }

  @Test
  public void aTotalPastTheLimitFailsNamingTheKey() throws Exception {
    // one split: the map task's local total overflows
    File same = input("same", "whale," + BIG + "\nwhale,11\nminnow,1\n");
    assertOverflow(run(same, "same-out"), "same-out");
    // two splits: the reducer's sum overflows
    File split = input("split", "whale," + BIG + "\n", "whale,11\nminnow,1\n");
    assertOverflow(run(split, "split-out"), "split-out");
    assertOverflow(run(split, "counting-out", "--method", "counting", "--verify"), "counting-out");
    assertOverflow(run(split, "lcbf-out", "--method", "lcbf", "--verify"), "lcbf-out");
    assertFalse(new File(tmp, "lcbf-out").exists()); // nothing half-written
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
