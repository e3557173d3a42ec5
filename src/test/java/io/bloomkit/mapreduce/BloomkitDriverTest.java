package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

public class BloomkitDriverTest {
  @Test
  public void everyToolIsRegisteredUnderItsNameWithAMain() throws Throwable {
    assertEquals(
        List.of("demo", "build", "join", "probe", "update", "merge", "subtract", "dedup", "icebergs",
            "size", "inspect", "generate", "simulate"),
        new ArrayList<>(BloomkitDriver.TOOLS.keySet()));
    for (Map.Entry<String, Supplier<BloomkitTool>> e : BloomkitDriver.TOOLS.entrySet()) {
      BloomkitTool tool = e.getValue().get();
      assertEquals(e.getKey(), tool.name());
      Method main = tool.getClass().getMethod("main", String[].class);
      assertTrue(Modifier.isStatic(main.getModifiers()));
      ToolRun help = ToolRun.run(tool, "--help");
      assertEquals(0, help.code);
      assertTrue(help.err.contains("usage: bloomkit " + e.getKey()));
      assertEquals("", help.out, "usage text is not a result: stdout stays empty");
      ToolRun bad = ToolRun.run(e.getValue().get(), "--no-such-option");
      assertEquals(2, bad.code);
      assertEquals("", bad.out);
      assertTrue(bad.err.startsWith(e.getKey() + ": Unrecognized option: --no-such-option"), bad.err);
      assertTrue(e.getValue().get().commandLineOptions().hasLongOption("json"), e.getKey());
    }
    assertEquals(-1, BloomkitDriver.programs().run(new String[] {"no-such-tool"}));
  }

  /** {@code bloomkit --help}: one whole sentence per tool, never cut at a list's colon. */
  @Test
  public void theListOfToolsSaysWholeLines() {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    int code = BloomkitDriver.unlessTool(new String[] {"--help"},
        new java.io.PrintStream(b, true, java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(0, code);
    String list = b.toString(java.nio.charset.StandardCharsets.UTF_8);
    for (String tool : BloomkitDriver.TOOLS.keySet()) {
      String line = null;
      for (String l : list.split("\n")) {
        if (l.startsWith("  " + tool + " ")) {
          line = l;
        }
      }
      assertTrue(line != null, tool + " listed: " + list);
      assertTrue(!line.trim().endsWith(":"), line);
    }
    assertTrue(list.contains("simulate   Runs a seeded simulation (acbf, "), list);
  }

  @Test
  public void jsonIsAcceptedWhereTheOutputIsJsonAnyway() {
    String[] size = {"--items", "1000", "--fpp", "0.01"};
    ToolRun plain = ToolRun.run(new io.bloomkit.mapreduce.size.SizeTool(), size);
    ToolRun json = ToolRun.run(new io.bloomkit.mapreduce.size.SizeTool(), "--items", "1000", "--fpp",
        "0.01", "--json");
    assertEquals(0, json.code, json.toString());
    assertEquals(plain.out, json.out);
    assertTrue(json.out.startsWith("{\"items\":1000,"), json.out);
  }

  @Test
  public void theDriverListsToolsOnStderrWithUsageExitCodes() {
    for (String[] args : new String[][] {{}, {"no-such-tool"}, {"--help"}, {"-h"}, {"help"}}) {
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int code = BloomkitDriver.unlessTool(
          args, new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
      String text = err.toString(java.nio.charset.StandardCharsets.UTF_8);
      assertEquals(args.length == 0 || args[0].equals("no-such-tool")
          ? BloomkitTool.USAGE : BloomkitTool.OK, code, String.join(" ", args));
      for (String tool : BloomkitDriver.TOOLS.keySet()) {
        assertTrue(text.contains("  " + tool + " "), text);
      }
    }
    for (String tool : BloomkitDriver.TOOLS.keySet()) {
      assertEquals(-1, BloomkitDriver.unlessTool(new String[] {tool, "--help"}, System.err));
    }
  }

  @Test
  public void everyConfigKeyIsUniqueAndDocumented() {
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (BloomkitConfig c : BloomkitConfig.values()) {
      assertTrue(keys.add(c.key()), c.key());
      assertTrue(c.key().startsWith("bloomkit."));
      assertTrue(!c.description().isEmpty());
    }
  }
}
