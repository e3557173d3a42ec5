package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A usage error prints its one-line message and one line pointing to {@code --help} (as {@code
 * ls}, {@code git} and {@code spark-submit} do), never the whole usage; {@code --help} alone
 * prints the usage.
 */
public class ShortUsageErrorsTest {
  @TempDir public File tmp;

  private static void assertShort(ToolRun r, String tool, String message) {
    assertEquals(2, r.code, r.toString());
    String[] lines = r.err.split("\n");
    assertEquals(2, lines.length, r.err);
    assertTrue(lines[0].startsWith(tool + ": ") && lines[0].contains(message), r.err);
    assertEquals("Try 'bloomkit " + tool + " --help' for the options.", lines[1]);
    assertEquals("", r.out);
  }

  @Test
  public void aMissingInputIsTwoLines() {
    ToolRun r = ToolRun.run(new BuildTool(), "--input", tmp + "/none", "--output",
        tmp + "/f.acbf");
    assertShort(r, "build", "does not exist");
  }

  @Test
  public void anExistingOutputIsTwoLines() throws Exception {
    File in = newFile(tmp, "in.txt");
    Files.writeString(in.toPath(), "a\nb\n");
    File out = newFile(tmp, "exists.acbf");
    ToolRun r = ToolRun.run(new BuildTool(), "--input", in.toString(), "--output", out.toString());
    assertShort(r, "build", "already exists");
  }

  @Test
  public void anUnknownOptionIsTwoLines() {
    assertShort(ToolRun.run(new JoinTool(), "--no-such-option"), "join", "no-such-option");
  }

  @Test
  public void helpAlonePrintsTheUsageForEveryTool() {
    for (Map.Entry<String, Supplier<BloomkitTool>> e : BloomkitDriver.TOOLS.entrySet()) {
      ToolRun r = ToolRun.run(e.getValue().get(), "--help");
      assertEquals(0, r.code, r.toString());
      assertTrue(r.err.contains("usage: bloomkit " + e.getKey()), r.err);
      assertTrue(r.err.split("\n").length > 3, r.err);
    }
  }

  /** probe's --help gives the output format's default docs/tools.md gives (the input's own). */
  @Test
  public void probeHelpGivesTheDocumentedOutputDefault() throws Exception {
    ToolRun r = ToolRun.run(new io.bloomkit.mapreduce.probe.ProbeTool(), "--help");
    String help = r.err.replaceAll("\\s+", " ");
    assertTrue(help.contains("default the input's own format for Avro, Parquet and ORC"
        + " inputs, else text"), help);
    assertTrue(!help.contains("text (default)"), help);
    String docs = Files.readString(RepoFiles.path("docs/tools.md"))
        .replaceAll("\\s+", " ");
    assertTrue(docs.contains("Avro, Parquet and ORC inputs: records of the input's own schema in"
        + " the same format by default"));
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
