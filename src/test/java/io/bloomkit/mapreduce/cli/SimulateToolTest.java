package io.bloomkit.mapreduce.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class SimulateToolTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void printsOneJsonObjectPerRowAndTheSameRowsAsCsv() throws Exception {
    Path csv = tmp.getRoot().toPath().resolve("out/acbf.csv");
    ToolRun r =
        ToolRun.run(
            new SimulateTool(), "acbf", "--items", "2000", "--queries", "20000", "--trials", "1",
            "--periods", "1", "--counters-per-item", "8,16", "--hashes", "3", "--filters",
            "cbf,acbf-opt", "--csv", csv.toString());
    assertEquals(r.toString(), 0, r.code);
    String[] lines = r.out.trim().split("\n");
    assertEquals(2 * 2 * 2, lines.length);
    for (String line : lines) {
      assertTrue(line, line.startsWith("{\"filter\":"));
      assertTrue(line, line.contains("\"countersPerItem\":") && line.contains("\"theory\":"));
    }
    List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
    assertEquals(lines.length + 1, rows.size());
    assertTrue(rows.get(0), rows.get(0).startsWith("filter,countersPerItem,hashes,hashChoice,items,phase"));
  }

  @Test
  public void usageErrorsExitTwo() {
    assertEquals(2, ToolRun.run(new SimulateTool()).code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "nope").code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "acbf", "--filters", "bad").code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "acbf", "--items", "x").code);
    ToolRun help = ToolRun.run(new SimulateTool(), "acbf", "--help");
    assertEquals(0, help.code);
    assertTrue(help.err, help.err.contains("--counters-per-item"));
    ToolRun list = ToolRun.run(new SimulateTool(), "--help");
    assertTrue(list.err, list.err.contains("acbf: ACBF paper section 3.3"));
  }
}
