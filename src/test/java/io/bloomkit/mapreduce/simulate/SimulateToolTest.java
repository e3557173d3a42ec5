package io.bloomkit.mapreduce.simulate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Simulations;
import io.bloomkit.sim.Param;
import io.bloomkit.sim.ParamValues;
import io.bloomkit.sim.Simulation;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SimulateToolTest {
  @TempDir public File tmp;

  @Test
  public void printsOneJsonObjectPerRowAndTheSameRowsAsCsv() throws Exception {
    Path csv = tmp.toPath().resolve("out/acbf.csv");
    ToolRun r =
        ToolRun.run(
            new SimulateTool(), "acbf", "--items", "2000", "--queries", "20000", "--trials", "1",
            "--periods", "1", "--counters-per-item", "8,16", "--hashes", "3", "--filters",
            "cbf,acbf-opt", "--csv", csv.toString());
    assertEquals(0, r.code, r.toString());
    String[] lines = r.out.trim().split("\n");
    assertEquals(2 * 2 * 2, lines.length);
    for (String line : lines) {
      assertTrue(line.startsWith("{\"filter\":"), line);
      assertTrue(line.contains("\"countersPerItem\":") && line.contains("\"theory\":"), line);
    }
    List<String> rows = Files.readAllLines(csv, StandardCharsets.UTF_8);
    assertEquals(lines.length + 1, rows.size());
    assertTrue(rows.get(0).startsWith("filter,countersPerItem,hashes,hashChoice,items,phase"), rows.get(0));
  }

  @Test
  public void csvCellsWithCommasQuotesAndNewlinesRoundTrip() throws Exception {
    Path csv = tmp.toPath().resolve("odd.csv");
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("name", "a,b");
    a.put("quote", "say \"hi\"");
    a.put("lines", "one\ntwo\r\nthree");
    a.put("values", new double[] {0.5, 1e-7});
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("name", "plain");
    b.put("counts", new long[] {3, -4});
    SimulateTool.writeCsv(csv, List.of(a, b));
    try (CSVParser p = CSVParser.parse(csv, StandardCharsets.UTF_8,
        CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
      assertEquals(List.of("name", "quote", "lines", "values", "counts"), p.getHeaderNames());
      List<CSVRecord> records = p.getRecords();
      assertEquals(2, records.size());
      assertEquals("a,b", records.get(0).get("name"));
      assertEquals("say \"hi\"", records.get(0).get("quote"));
      assertEquals("one\ntwo\r\nthree", records.get(0).get("lines"));
      assertEquals(0.5 + ";" + 1e-7, records.get(0).get("values"));
      assertEquals("", records.get(0).get("counts"));
      assertEquals("plain", records.get(1).get("name"));
      assertEquals("", records.get(1).get("quote"));
      assertEquals("3;-4", records.get(1).get("counts"));
    }
  }

  /** The committed results CSV, read and written again, comes out as it is (same quoting). */
  @Test
  public void theCommittedSimulationCsvIsWrittenAsItIs() throws Exception {
    Path committed = RepoFiles.path("docs/results/acbf-simulation.csv");
    List<Map<String, Object>> rows = new ArrayList<>();
    try (CSVParser p = CSVParser.parse(committed, StandardCharsets.UTF_8,
        CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
      for (CSVRecord r : p) {
        rows.add(new LinkedHashMap<>(r.toMap()));
      }
    }
    assertTrue(rows.size() > 100);
    Path again = tmp.toPath().resolve("again.csv");
    SimulateTool.writeCsv(again, rows);
    assertEquals(Files.readAllLines(committed, StandardCharsets.UTF_8),
        Files.readAllLines(again, StandardCharsets.UTF_8));
  }

  @Test
  public void usageErrorsExitTwo() {
    assertEquals(2, ToolRun.run(new SimulateTool()).code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "nope").code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "acbf", "--filters", "bad").code);
    assertEquals(2, ToolRun.run(new SimulateTool(), "acbf", "--items", "x").code);
    ToolRun help = ToolRun.run(new SimulateTool(), "acbf", "--help");
    assertEquals(0, help.code);
    assertTrue(help.err.contains("--counters-per-item"), help.err);
    ToolRun list = ToolRun.run(new SimulateTool(), "--help");
    assertTrue(list.err.contains("acbf: ACBF paper section 3.3"), list.err);
  }

  /** Each simulation's options are its parameters: one --name ARG per parameter, with its help. */
  @Test
  public void optionsAreTheSimulationsParameters() throws Exception {
    for (Simulation s : Simulations.all()) {
      Options o = new SimulateTool().commandLineOptions(s.name());
      Set<String> names = new HashSet<>();
      for (Param<?> p : s.params()) {
        assertTrue(names.add(p.name()), s.name() + " declares " + p.name() + " twice");
        Option opt = o.getOption(p.name());
        assertEquals(p.argName(), opt.getArgName(), s.name() + " " + p.name());
        assertEquals(p.help(), opt.getDescription(), s.name() + " " + p.name());
        assertTrue(opt.hasArg());
      }
      // plus --csv, --json and --help of the tool
      assertEquals(names.size() + 3, o.getOptions().size(), s.name());
    }
  }

  /** A value reaches the simulation as given, converted there; a bad one names the option, exit 2. */
  @Test
  public void valuesReachTheSimulationAndBadOnesNameTheOption() throws Exception {
    Simulation acbf = Simulations.named("acbf");
    ParamValues v = SimulateTool.values(acbf, "--seed", "5", "--items", "2_000");
    assertEquals("{items=2_000, seed=5}", v.toString());
    for (Param<?> p : acbf.params()) {
      if (p.name().equals("items")) {
        assertEquals(2000, v.get(p));
      }
    }
    ToolRun r = ToolRun.run(new SimulateTool(), "acbf", "--items", "x");
    assertEquals(2, r.code);
    assertTrue(r.err.contains("simulate: --items: not an integer: x"), r.err);
    r = ToolRun.run(new SimulateTool(), "lcbf", "--nodes", "1");
    assertEquals(2, r.code);
    assertTrue(r.err.contains("simulate: --nodes must be at least 2: 1"), r.err);
    r = ToolRun.run(new SimulateTool(), "dedup", "--memory-bits", "100");
    assertEquals(2, r.code);
    assertTrue(r.err.contains("simulate: --filter is required"), r.err);
  }
}
