package io.bloomkit.mapreduce.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.Filter;
import io.bloomkit.data.SampleDataJoin;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Filters;
import io.bloomkit.testing.Binomial;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo as the README runs it: {@code scripts/bloomkit demo}, here from a directory outside the
 * repository (the job jar exists in the integration-test phase), checked against a naive join of sample-data computed
 * here; then in process, rerun on the same work directory, and with bad arguments.
 */
public class DemoIT {
  @TempDir public File tmp;

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
    assertEquals((double) fp / (dropped + fp), (Double) j.get("observedFppPerRecord"), 1e-12);
    double theory = (Double) j.get("theoreticalFpp");
    assertTrue(theory > 0 && theory < 0.01, "theoretical " + theory);
    checkPerKeyRate(j, new File(work, "keys.acbf"));
    assertEquals(0L, j.get("malformedRecords"));
    assertTrue(new File(work, "keys.acbf").isFile());
  }

  /**
   * Per distinct key, the measure the theory is stated for: the cited patents not among the key
   * patents are recounted here and queried against the demo's filter; the tool's counts must equal
   * the recount, and the false positive keys must lie in the 99.9% binomial interval of the rate
   * computed here from the filter's m, k and n (6672 such keys at rate 0.00646: 43 expected).
   */
  private static void checkPerKeyRate(Map<String, Object> j, File filterFile) throws IOException {
    Set<String> keys = new HashSet<>();
    for (String k : SampleDataJoin.partLines(new File(SampleDataJoin.SAMPLE_DATA, "keys"))) {
      keys.add(k.split(",", -1)[0]);
    }
    Set<String> absent = new HashSet<>();
    for (String c : SampleDataJoin.partLines(new File(SampleDataJoin.SAMPLE_DATA, "citations"))) {
      String cited = c.split(",", -1)[1];
      if (!keys.contains(cited)) {
        absent.add(cited);
      }
    }
    Filter filter;
    try (InputStream in = new FileInputStream(filterFile)) {
      filter = Filters.read(in, Filter.class);
    }
    long passing = absent.stream().filter(filter::mightContain).count();
    assertEquals(passing, j.get("falsePositiveKeys"));
    assertEquals(absent.size() - passing, j.get("rightDroppedKeys"));
    assertEquals((double) passing / absent.size(), (Double) j.get("observedFppPerKey"), 1e-12);
    double p = Binomial.filterRate(filter.shape(), filter.items());
    assertEquals(p, (Double) j.get("theoreticalFpp"), 0.01 * p);
    Binomial.assertWithin("false positive keys of the demo", absent.size(), p, passing, 0.001);
  }

  private static File jar() {
    File[] jars =
        RepoFiles.file("target")
            .listFiles((d, n) -> n.matches("bloomkit-.*\\.jar") && !n.startsWith("original-"));
    return jars == null || jars.length == 0 ? null : jars[0];
  }

  @Test
  public void theReadmeCommandJoinsLikeANaiveJoin() throws Exception {
    File work = newFolder(tmp, "work");
    Map<String, Object> j;
    if (jar() != null) {
      // from another directory: the script finds its jar, the demo its data
      ProcessBuilder pb =
          new ProcessBuilder(
                  RepoFiles.file("scripts/bloomkit").getPath(), "demo", "--work", work.getPath(),
                  "--json")
              .directory(newFolder(tmp, "cwd"))
              .redirectError(ProcessBuilder.Redirect.INHERIT);
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(10, TimeUnit.MINUTES), "demo did not finish");
      assertEquals(0, p.exitValue(), out);
      String[] lines = out.trim().split("\n");
      j = MiniJson.parseObject(lines[lines.length - 1]);
    } else { // no job jar (run from an IDE before packaging): the same tool in process
      ToolRun r = ToolRun.run(new DemoTool(), "--work", work.getPath(), "--json");
      assertEquals(0, r.code, r.toString());
      j = MiniJson.parseObject(r.lastLine());
    }
    checkResult(j, work);
  }

  @Test
  public void rerunReplacesItsOwnOutputAndPrintsASummary() throws IOException {
    File work = newFolder(tmp, "again");
    File mine = new File(work, "unrelated.txt");
    Files.write(mine.toPath(), "keep me".getBytes(StandardCharsets.UTF_8));
    ToolRun first = ToolRun.run(new DemoTool(), "--work", work.getPath(), "--json");
    assertEquals(0, first.code, first.toString());
    ToolRun second = ToolRun.run(new DemoTool(), "--work", work.getPath());
    assertEquals(0, second.code, second.toString());
    assertTrue(second.out.contains("bloomkit demo: "), second.out);
    assertTrue(second.out.contains("dropped  "), second.out);
    assertTrue(second.out.contains("outputRecords: "), second.out);
    assertTrue(mine.isFile());
    checkResult(MiniJson.parseObject(first.lastLine()), work);
  }

  @Test
  public void missingDataIsAUsageError() throws IOException {
    File empty = newFolder(tmp, "empty");
    ToolRun r = ToolRun.run(new DemoTool(), "--data", empty.getPath());
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains("--data"), r.err);
    ToolRun bad = ToolRun.run(new DemoTool(), "--bits-per-key", "zero");
    assertEquals(BloomkitTool.USAGE, bad.code, bad.toString());
  }

  /**
   * scripts/bloomkit's class archive ("The launcher" in docs/tools.md): a tool's first run after a
   * build writes it, its stdout still the tool's one JSON line (the JVM's CDS warnings would go to
   * stdout); the next run maps it: under {@code -Xshare:on} a JVM that cannot map its archive does
   * not start. The build's filter is the same both times.
   */
  @Test
  public void theLauncherArchivesAToolsClassesAndStdoutKeepsTheResult() throws Exception {
    if (jar() == null) {
      return; // run from an IDE before packaging: DemoIT's first test says the same
    }
    File[] old = RepoFiles.file("target").listFiles((d, n) -> n.startsWith("bloomkit-classes-probe-"));
    for (File f : old == null ? new File[0] : old) {
      Files.delete(f.toPath());
    }
    File filter = new File(tmp, "keys.acbf");
    ToolRun.run(new io.bloomkit.mapreduce.build.BuildTool(), "--input",
        new File(SampleDataJoin.SAMPLE_DATA, "keys").getPath(), "--key-field", "0",
        "--delimiter", ",", "--output", filter.getPath());
    List<String> outputs = new java.util.ArrayList<>();
    for (String share : new String[] {"", "-Xshare:on"}) {
      File out = new File(tmp, "probe" + outputs.size());
      ProcessBuilder pb = new ProcessBuilder(RepoFiles.file("scripts/bloomkit").getPath(), "probe",
          "--input", new File(SampleDataJoin.SAMPLE_DATA, "citations").getPath(), "--filter",
          filter.getPath() + ":1", "--delimiter", ",", "--output", out.getPath(), "--json");
      pb.environment().put("BLOOMKIT_JAVA_OPTS", share);
      pb.environment().remove("BLOOMKIT_CLASS_ARCHIVE");
      Process p = pb.redirectError(ProcessBuilder.Redirect.INHERIT).start();
      String stdout = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(5, TimeUnit.MINUTES), "probe did not finish");
      assertEquals(0, p.exitValue(), stdout);
      assertEquals(1, stdout.trim().split("\n").length, stdout);
      Map<String, Object> j = MiniJson.parseObject(stdout.trim());
      assertEquals(18000L, j.get("records"), stdout);
      outputs.add(j.get("written") + " written");
      File[] archives =
          RepoFiles.file("target").listFiles((d, n) -> n.startsWith("bloomkit-classes-probe-"));
      assertEquals(1, archives == null ? 0 : archives.length, "the probe's archive");
      assertTrue(archives[0].getName().endsWith(".jsa"), archives[0].getName());
    }
    assertEquals(outputs.get(0), outputs.get(1));
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
