package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.cli.Json;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.simulate.SimulateTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SimRun gives the rows the simulate tool prints, for the same arguments. */
public class SimRunTest {
  static final String[] ARGS = {
    "--items", "300", "--ratings", "3000", "--nodes", "10", "--ratio", "5,10", "--num-hashes", "2"
  };

  @Test
  public void rowsAreTheToolsRows() {
    List<Map<String, Object>> rows = SimRun.run("lcbf", ARGS);
    String[] toolArgs = new String[ARGS.length + 1];
    toolArgs[0] = "lcbf";
    System.arraycopy(ARGS, 0, toolArgs, 1, ARGS.length);
    ToolRun r = ToolRun.run(new SimulateTool(), toolArgs);
    assertEquals(0, r.code, r.err);
    String[] lines = r.out.trim().split("\n");
    assertEquals(2, lines.length);
    for (int i = 0; i < lines.length; i++) {
      assertEquals(lines[i], Json.write(rows.get(i)));
    }
  }

  @Test
  public void mainPrintsOneLinePerRow() throws Exception {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      String[] args = new String[ARGS.length + 1];
      args[0] = "lcbf";
      System.arraycopy(ARGS, 0, args, 1, ARGS.length);
      SimRun.main(args);
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    String[] lines = o.toString(StandardCharsets.UTF_8).trim().split("\n");
    List<Map<String, Object>> rows = SimRun.run("lcbf", ARGS);
    assertEquals(rows.size(), lines.length);
    for (int i = 0; i < lines.length; i++) {
      assertTrue(lines[i].startsWith("filter=lcbf entries=" + rows.get(i).get("entries") + " ratio="
          + rows.get(i).get("ratio") + " "), lines[i]);
      assertTrue(lines[i].contains(" icebergs=" + rows.get(i).get("icebergs") + " "), lines[i]);
    }
  }

  @Test
  public void unknownSimulationsAndOptionsAreIllegalArguments() {
    for (String[] a : new String[][] {{"nope"}, {"lcbf", "--no-such-option", "1"}, {"lcbf", "--nodes", "1"}}) {
      try {
        SimRun.run(a[0], java.util.Arrays.copyOfRange(a, 1, a.length));
        fail(String.join(" ", a));
      } catch (IllegalArgumentException expected) {
        assertTrue(!expected.getMessage().isEmpty(), expected.getMessage());
      }
    }
  }
}
