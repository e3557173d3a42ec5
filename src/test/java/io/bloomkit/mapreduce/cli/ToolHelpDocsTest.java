package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.testing.RepoFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * docs/tools.md holds every tool's {@code --help} as the tool prints it (section "Every tool's
 * options"), so the docs and the help cannot disagree on an option or a default: a changed help
 * fails here until the docs are rewritten ({@code -Dbloomkit.docs.help.write=true} rewrites the
 * section from the tools).
 */
public class ToolHelpDocsTest {
  static final String START = "<!-- every tool's --help: written from the tools, checked by"
      + " ToolHelpDocsTest -->";
  static final String END = "<!-- end of every tool's --help -->";

  /** The help of every tool as the section shows it. */
  static String section() {
    StringBuilder b = new StringBuilder();
    for (Map.Entry<String, Supplier<BloomkitTool>> e : BloomkitDriver.TOOLS.entrySet()) {
      ToolRun r = ToolRun.run(e.getValue().get(), "--help");
      assertEquals(0, r.code, r.toString());
      assertTrue(r.out.isEmpty(), r.toString());
      // demo's --work default is this machine's: shown as the docs name it
      String help = r.err.replace(demoWork(), "$java.io.tmpdir/bloomkit-demo-$USER")
          .stripTrailing();
      b.append("\n### bloomkit ").append(e.getKey()).append("\n\n```\n").append(help)
          .append("\n```\n");
    }
    return b.toString();
  }

  /** demo's default work directory here (java.io.tmpdir, bloomkit-demo-USER). */
  private static String demoWork() {
    return new java.io.File(System.getProperty("java.io.tmpdir"), "bloomkit-demo-"
        + System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_")).getPath();
  }

  @Test
  public void docsHoldEveryToolsHelp() throws IOException {
    Path docs = RepoFiles.path("docs/tools.md");
    String md = Files.readString(docs, StandardCharsets.UTF_8);
    int start = md.indexOf(START);
    int end = md.indexOf(END);
    assertTrue(start >= 0 && end > start, "docs/tools.md has no section between " + START
        + " and " + END);
    String want = section();
    if (Boolean.getBoolean("bloomkit.docs.help.write")) {
      md = md.substring(0, start + START.length()) + "\n" + want + "\n" + md.substring(end);
      Files.writeString(docs, md, StandardCharsets.UTF_8);
      return;
    }
    assertEquals(want.strip(), md.substring(start + START.length(), end).strip(),
        "docs/tools.md differs from the tools' --help: rerun this test with"
            + " -Dbloomkit.docs.help.write=true and review the change");
  }

  @Test
  public void everyToolIsInTheSection() {
    String s = section();
    for (String tool : BloomkitDriver.TOOLS.keySet()) {
      assertTrue(s.contains("\n### bloomkit " + tool + "\n\n```\nusage: bloomkit " + tool),
          tool);
    }
  }
}
