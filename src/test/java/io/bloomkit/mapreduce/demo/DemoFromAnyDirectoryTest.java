package io.bloomkit.mapreduce.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.data.SampleDataJoin;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolProcess;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code demo} needs neither the repository root as working directory nor any option. */
public class DemoFromAnyDirectoryTest {
  @TempDir public File tmp;

  @Test
  public void theBundledFileListIsTheWholeSampleData() {
    TreeSet<String> onDisk = new TreeSet<>();
    for (String d : new String[] {DemoTool.KEYS, DemoTool.CITATIONS}) {
      for (File f : new File(SampleDataJoin.SAMPLE_DATA, d).listFiles()) {
        onDisk.add(d + "/" + f.getName());
      }
    }
    assertEquals(onDisk, new TreeSet<>(DemoTool.SAMPLE_FILES));
  }

  @Test
  public void runsFromAnotherDirectoryWithTheDefaults() throws Exception {
    File elsewhere = newFolder(tmp, "elsewhere");
    File tmpdir = newFolder(tmp, "tmpdir");
    List<String> jvm = new ArrayList<>(List.of("-Djava.io.tmpdir=" + tmpdir, "-Duser.name=demo"));
    ToolProcess p = ToolProcess.run(elsewhere, jvm, "demo", "--json");
    assertEquals(0, p.code, p.toString());
    String[] lines = p.out.trim().split("\n");
    Map<String, Object> j = MiniJson.parseObject(lines[lines.length - 1]);
    File work = new File(tmpdir, "bloomkit-demo-demo");
    assertEquals(work.getPath(), j.get("work"));
    List<String> expected = SampleDataJoin.naiveJoin();
    assertEquals(expected, SampleDataJoin.sortedOutput(new File(work, "join")));
    assertEquals((long) expected.size(), j.get("outputRecords"));
    assertEquals(300L, j.get("leftRecords"));
    assertEquals(18000L, j.get("rightRecords"));
    assertTrue(new File(work, "keys.acbf").isFile());
    assertEquals(0, elsewhere.list().length, "nothing written where it ran");
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
