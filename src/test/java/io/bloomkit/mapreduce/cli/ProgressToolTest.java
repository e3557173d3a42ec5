package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.size.SizeTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job progress of real tool runs in local mode: on stderr (job ids and percentages; no tracking URL
 * in local mode), nothing with {@code --quiet}, and stdout the same either way.
 */
public class ProgressToolTest {
  @TempDir public File tmp;

  private static final Pattern STARTED =
      Pattern.compile("job (job_local\\d+_\\d+) started: (bloomkit .*)");
  private static final Pattern PERCENTS =
      Pattern.compile("job (job_local\\d+_\\d+) map (\\d+)%( reduce (\\d+)%)?( \\([0-9,]+ records read\\))?");
  /** A step of the client's own work ({@code Progress.step}). */
  private static final Pattern STEP = Pattern.compile("(built|building with a job:|update of|reading the .* in the client:) .*");

  private File write(String name, String text) throws Exception {
    File f = newFile(tmp, name);
    Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  /**
   * Checks that every stderr line is a progress line and that each started job ends at 100%;
   * returns the names of the jobs started, in order.
   */
  private static List<String> jobs(ToolRun r) {
    List<String> names = new ArrayList<>();
    Set<String> started = new LinkedHashSet<>();
    Set<String> done = new LinkedHashSet<>();
    for (String line : r.err.split("\n")) {
      Matcher s = STARTED.matcher(line);
      Matcher p = PERCENTS.matcher(line);
      if (s.matches()) {
        assertTrue(started.add(s.group(1)), r.toString());
        names.add(s.group(2));
      } else if (p.matches()) {
        assertTrue(started.contains(p.group(1)), r.toString());
        if (p.group(2).equals("100") && (p.group(4) == null || p.group(4).equals("100"))) {
          done.add(p.group(1));
        }
      } else if (!STEP.matcher(line).matches()) {
        throw new AssertionError("not a progress line: \"" + line + "\"\n" + r);
      }
    }
    assertEquals(started, done, r.toString());
    return names;
  }

  /** The JSON result without the measured times and the paths that differ between the runs. */
  private static Map<String, Object> result(ToolRun r, String... differing) {
    assertEquals(0, r.code, r.toString());
    assertEquals(1, r.out.split("\n").length, r.toString()); // --json: the JSON line only
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    for (String k : differing) {
      assertTrue(j.containsKey(k), k);
      j.remove(k);
    }
    return j;
  }

  @Test
  public void buildAndJoinShowTheirJobsUnlessQuiet() throws Exception {
    StringBuilder l = new StringBuilder();
    StringBuilder rt = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      l.append(i).append(",k").append(i % 50).append('\n');
      rt.append("r").append(i).append(",k").append(i % 80).append('\n');
    }
    File left = write("left.csv", l.toString());
    File right = write("right.csv", rt.toString());

    // the jobs' progress: the build job even for this small input
    String[] build = {"-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0", "--input", left.getPath(), "--key-field", "1", "--delimiter", ",",
        "--filter", "bf", "--json", "--output"};
    ToolRun shown = ToolRun.run(new BuildTool(), cat(build, tmp + "/shown.bf"));
    ToolRun quiet =
        ToolRun.run(new BuildTool(), cat(build, tmp + "/quiet.bf", "--quiet"));
    assertEquals("", quiet.err, quiet.toString());
    assertEquals(result(quiet, "seconds", "filter"), result(shown, "seconds", "filter"));
    List<String> names = jobs(shown);
    assertFalse(names.isEmpty(), shown.toString());
    for (String n : names) {
      assertTrue(n.startsWith("bloomkit "), shown.toString());
    }
    assertFalse(shown.err.contains("tracking URL")); // local mode: no URL to follow

    // join builds its filter, then joins: two jobs (and more lines) in one run
    String[] join = {"-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0", "--left", left.getPath(), "--left-key", "1", "--right", right.getPath(),
        "--right-key", "1", "--delimiter", ",", "--filter-type", "bf", "--json", "--output"};
    ToolRun shownJoin = ToolRun.run(new JoinTool(), cat(join, tmp + "/shown-join"));
    ToolRun quietJoin =
        ToolRun.run(new JoinTool(), cat(join, tmp + "/quiet-join", "--quiet"));
    assertEquals("", quietJoin.err, quietJoin.toString());
    assertEquals(
        result(quietJoin, "seconds", "output", "plan"),
        result(shownJoin, "seconds", "output", "plan"));
    assertTrue(jobs(shownJoin).size() >= 2, shownJoin.toString());
  }

  /**
   * As a user runs the tools (in a child JVM with {@code conf/log4j.properties}), {@code
   * --quiet} leaves stderr empty: no job line and no line of the client's own steps (before: {@code
   * FilterBuild: built bf with ... keys into ...} at INFO); without it the steps are shown.
   */
  @Test
  public void quietSilencesTheClientsStepsToo() throws Exception {
    StringBuilder l = new StringBuilder();
    StringBuilder rt = new StringBuilder();
    for (int i = 0; i < 100; i++) {
      l.append(i).append(",k").append(i % 30).append('\n');
      rt.append("r").append(i).append(",k").append(i % 40).append('\n');
    }
    File left = write("left.csv", l.toString());
    File right = write("right.csv", rt.toString());
    File dir = tmp;
    String[] build = {"build", "--input", left.getPath(), "--key-field", "1", "--delimiter", ",",
        "--filter", "bf", "--json", "--output"};
    // in the client (a small input), then with a job
    ToolProcess client = ToolProcess.run(dir, cat(build, dir + "/client.bf"));
    assertEquals(0, client.code, client.toString());
    assertTrue(client.err.startsWith("built bf with 30 keys in the client into "), client.toString());
    ToolProcess quiet = ToolProcess.run(dir, cat(build, dir + "/quiet.bf", "--quiet"));
    assertEquals(0, quiet.code, quiet.toString());
    assertEquals("", quiet.err, quiet.toString());
    ToolProcess quietJob = ToolProcess.run(dir, cat(new String[] {"build", "-D",
        BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0"}, cat(java.util.Arrays.copyOfRange(
            build, 1, build.length), dir + "/quiet-job.bf", "--quiet")));
    assertEquals(0, quietJob.code, quietJob.toString());
    assertNothingButNoJarWarnings(quietJob);
    ToolProcess quietJoin = ToolProcess.run(dir, "join", "--left", left.getPath(), "--left-key",
        "1", "--right", right.getPath(), "--right-key", "1", "--delimiter", ",", "--json",
        "--quiet", "--output", dir + "/quiet-join");
    assertEquals(0, quietJoin.code, quietJoin.toString());
    assertNothingButNoJarWarnings(quietJoin);
  }

  /**
   * stderr is empty but for Hadoop's warning that a job has no jar: the child JVM runs the tools from
   * this build's classes, not from the job jar {@code scripts/bloomkit} runs.
   */
  private static void assertNothingButNoJarWarnings(ToolProcess p) {
    for (String line : p.err.split("\n", -1)) {
      assertTrue(line.isEmpty() || line.matches(
          "\\d\\d:\\d\\d:\\d\\d WARN  JobResourceUploader: No job jar file set\\..*"), p.toString());
    }
  }

  @Test
  public void quietIsAnOptionOfTheToolsThatRunJobsOnly() {
    assertTrue(ToolRun.run(new BuildTool(), "--help").err.contains("--quiet"));
    assertTrue(ToolRun.run(new JoinTool(), "--help").err.contains("--quiet"));
    assertFalse(ToolRun.run(new SizeTool(), "--help").err.contains("--quiet"));
    assertEquals(BloomkitTool.USAGE,
        ToolRun.run(new SizeTool(), "--items", "10", "--fpp", "0.1", "--quiet").code);
  }

  private static String[] cat(String[] a, String... b) {
    String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
