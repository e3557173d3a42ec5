package io.bloomkit.mapreduce.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * The command line as a user runs it (a child JVM through the job jar's main class): usage text on
 * stderr, stdout only for results, exit codes 0 / 2.
 */
public class StdoutIsForResultsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void usageTextGoesToStderrWithTheRightExitCodes() throws Exception {
    File dir = tmp.getRoot();
    ToolProcess none = ToolProcess.run(dir);
    assertEquals(none.toString(), 2, none.code);
    assertEquals("", none.out);
    assertTrue(none.err, none.err.contains("  build "));

    ToolProcess unknown = ToolProcess.run(dir, "no-such-tool");
    assertEquals(unknown.toString(), 2, unknown.code);
    assertEquals("", unknown.out);
    assertTrue(unknown.err, unknown.err.startsWith("bloomkit: unknown tool 'no-such-tool'"));

    ToolProcess list = ToolProcess.run(dir, "--help");
    assertEquals(list.toString(), 0, list.code);
    assertEquals("", list.out);

    ToolProcess help = ToolProcess.run(dir, "size", "--help");
    assertEquals(help.toString(), 0, help.code);
    assertEquals("", help.out);
    assertTrue(help.err, help.err.contains("usage: bloomkit size"));

    ToolProcess bad = ToolProcess.run(dir, "size", "--items", "10");
    assertEquals(bad.toString(), 2, bad.code);
    assertEquals("", bad.out);

    // generic options that do not parse: Hadoop would print their help on stdout and run on
    ToolProcess generic = ToolProcess.run(dir, "size", "-D");
    assertEquals(generic.toString(), 2, generic.code);
    assertEquals("", generic.out);
    assertTrue(generic.err, generic.err.contains("size: bad generic options"));

    ToolProcess ok = ToolProcess.run(dir, "size", "--items", "10", "--fpp", "0.1", "--json");
    assertEquals(ok.toString(), 0, ok.code);
    assertEquals(1, ok.out.split("\n").length);
    assertTrue(ok.out, ok.out.startsWith("{\"items\":10,"));
  }
}
