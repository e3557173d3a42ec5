package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line as a user runs it (a child JVM through the job jar's main class): usage text on
 * stderr, stdout only for results, exit codes 0 / 2.
 */
public class StdoutIsForResultsTest {
  @TempDir public File tmp;

  @Test
  public void usageTextGoesToStderrWithTheRightExitCodes() throws Exception {
    File dir = tmp;
    ToolProcess none = ToolProcess.run(dir);
    assertEquals(2, none.code, none.toString());
    assertEquals("", none.out);
    assertTrue(none.err.contains("  build "), none.err);

    ToolProcess unknown = ToolProcess.run(dir, "no-such-tool");
    assertEquals(2, unknown.code, unknown.toString());
    assertEquals("", unknown.out);
    assertTrue(unknown.err.startsWith("bloomkit: unknown tool 'no-such-tool'"), unknown.err);

    ToolProcess list = ToolProcess.run(dir, "--help");
    assertEquals(0, list.code, list.toString());
    assertEquals("", list.out);

    ToolProcess help = ToolProcess.run(dir, "size", "--help");
    assertEquals(0, help.code, help.toString());
    assertEquals("", help.out);
    assertTrue(help.err.contains("usage: bloomkit size"), help.err);

    ToolProcess bad = ToolProcess.run(dir, "size", "--items", "10");
    assertEquals(2, bad.code, bad.toString());
    assertEquals("", bad.out);

    // generic options that do not parse: Hadoop would print their help on stdout and run on
    ToolProcess generic = ToolProcess.run(dir, "size", "-D");
    assertEquals(2, generic.code, generic.toString());
    assertEquals("", generic.out);
    assertTrue(generic.err.contains("size: bad generic options"), generic.err);

    ToolProcess ok = ToolProcess.run(dir, "size", "--items", "10", "--fpp", "0.1", "--json");
    assertEquals(0, ok.code, ok.toString());
    assertEquals(1, ok.out.split("\n").length);
    assertTrue(ok.out.startsWith("{\"items\":10,"), ok.out);
  }
}
