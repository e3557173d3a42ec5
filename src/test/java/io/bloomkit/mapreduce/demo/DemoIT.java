package io.bloomkit.mapreduce.demo;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.data.SampleDataJoin;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The demo as the README runs it: {@code scripts/bloomkit demo}, here from a directory outside the
 * repository (the job jar exists in the integration-test phase), checked against a naive join of sample-data computed
 * here; then in process, rerun on the same work directory, and with bad arguments.
 */
public class DemoIT {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static void checkResult(Map<String, Object> j, File work) throws IOException {
    List<String> expected = SampleDataJoin.naiveJoin();
    assertTrue(expected.size() > 100); // the sample data is meant to have matches
    assertEquals(expected, SampleDataJoin.sortedOutput(new File(work, "join")));
    assertEquals((long) expected.size(), j.get("outputRecords"));
    assertEquals(300L, j.get("leftRecords"));
    assertEquals(18000L, j.get("rightRecords"));
    assertEquals("acbf", j.get("filterType"));
    assertEquals(300L, j.get("filterItems"));
    long dropped = (Long) j.get("rightDroppedByFilter");
    long passed = (Long) j.get("rightPassed");
    long fp = (Long) j.get("falsePositives");
    assertEquals(18000L, dropped + passed);
    // each key patent is distinct, so each passed citation is a match or a false positive
    assertEquals(passed, expected.size() + fp);
    assertEquals((double) fp / (dropped + fp), (Double) j.get("observedFpp"), 1e-12);
    double theory = (Double) j.get("theoreticalFpp");
    assertTrue("theoretical " + theory, theory > 0 && theory < 0.01);
    assertEquals(0L, j.get("malformedRecords"));
    assertTrue(new File(work, "keys.acbf").isFile());
  }

  private static File jar() {
    File[] jars =
        new File("target")
            .listFiles((d, n) -> n.matches("bloomkit-.*\\.jar") && !n.startsWith("original-"));
    return jars == null || jars.length == 0 ? null : jars[0];
  }

  @Test
  public void theReadmeCommandJoinsLikeANaiveJoin() throws Exception {
    File work = tmp.newFolder("work");
    Map<String, Object> j;
    if (jar() != null) {
      // from another directory: the script finds its jar, the demo its data
      ProcessBuilder pb =
          new ProcessBuilder(
                  new File("scripts/bloomkit").getAbsolutePath(), "demo", "--work", work.getPath(),
                  "--json")
              .directory(tmp.newFolder("cwd"))
              .redirectError(ProcessBuilder.Redirect.INHERIT);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue("demo did not finish", p.waitFor(10, TimeUnit.MINUTES));
      assertEquals(out, 0, p.exitValue());
      String[] lines = out.trim().split("\n");
      j = MiniJson.parseObject(lines[lines.length - 1]);
    } else { // no job jar (run from an IDE before packaging): the same tool in process
      ToolRun r = ToolRun.run(new DemoTool(), "--work", work.getPath(), "--json");
      assertEquals(r.toString(), 0, r.code);
      j = MiniJson.parseObject(r.lastLine());
    }
    checkResult(j, work);
  }

  @Test
  public void rerunReplacesItsOwnOutputAndPrintsASummary() throws IOException {
    File work = tmp.newFolder("again");
    File mine = new File(work, "unrelated.txt");
    Files.write(mine.toPath(), "keep me".getBytes(StandardCharsets.UTF_8));
    ToolRun first = ToolRun.run(new DemoTool(), "--work", work.getPath(), "--json");
    assertEquals(first.toString(), 0, first.code);
    ToolRun second = ToolRun.run(new DemoTool(), "--work", work.getPath());
    assertEquals(second.toString(), 0, second.code);
    assertTrue(second.out, second.out.contains("bloomkit demo: "));
    assertTrue(second.out, second.out.contains("dropped  "));
    assertTrue(second.out, second.out.contains("outputRecords: "));
    assertTrue(mine.isFile());
    checkResult(MiniJson.parseObject(first.lastLine()), work);
  }

  @Test
  public void missingDataIsAUsageError() throws IOException {
    File empty = tmp.newFolder("empty");
    ToolRun r = ToolRun.run(new DemoTool(), "--data", empty.getPath());
    assertEquals(r.toString(), BloomkitTool.USAGE, r.code);
    assertTrue(r.err, r.err.contains("--data"));
    ToolRun bad = ToolRun.run(new DemoTool(), "--bits-per-key", "zero");
    assertEquals(bad.toString(), BloomkitTool.USAGE, bad.code);
  }
}
