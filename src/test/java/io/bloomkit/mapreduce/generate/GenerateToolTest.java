package io.bloomkit.mapreduce.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.data.PartSink;
import io.bloomkit.data.PatentDataGenerator;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class GenerateToolTest {
  @TempDir public File tmp;

  @SuppressWarnings("unchecked")
  private static Map<String, Object> sub(Map<String, Object> m, String k) {
    return (Map<String, Object>) m.get(k);
  }

  private static List<String> names(File dir) {
    String[] n = dir.list();
    Arrays.sort(n);
    return Arrays.asList(n);
  }

  private static byte[] concat(File dir) throws IOException {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (String n : names(dir)) {
      all.writeBytes(Files.readAllBytes(new File(dir, n).toPath()));
    }
    return all.toByteArray();
  }

  private static long lines(File dir) throws IOException {
    long n = 0;
    for (byte b : concat(dir)) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }

  @Test
  public void patentsWritesThreeDatasetsAsPartFilesEqualToTheGenerator() throws IOException {
    File out = new File(tmp, "nber");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(),
            "patents", "--patents", "3000", "--citations", "17000", "--keys", "70",
            "--seed", "9", "--parts", "2", "--out", out.getPath(), "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("patents", j.get("generator"));
    assertEquals(9L, j.get("seed"));
    assertEquals(3000L, sub(j, "patents").get("lines"));
    assertEquals(17000L, sub(j, "citations").get("lines"));
    assertEquals(70L, sub(j, "keys").get("lines"));
    assertEquals(List.of("citations", "keys", "patents"), names(out));

    PatentDataGenerator g = new PatentDataGenerator(3000, 17000, 70, 9);
    List<ByteArrayOutputStream> parts = new ArrayList<>();
    PartSink mem =
        (d, p) -> {
          ByteArrayOutputStream b = new ByteArrayOutputStream();
          parts.add(b);
          return b;
        };
    g.writePatents(mem, 1);
    g.writeCitations(mem, 1);
    g.writeKeys(mem, 1);
    String[] datasets = {"patents", "citations", "keys"};
    for (int i = 0; i < 3; i++) {
      File dir = new File(out, datasets[i]);
      assertEquals(List.of("part-00000", "part-00001"), names(dir)); // no .crc files
      assertArrayEquals(parts.get(i).toByteArray(), concat(dir), datasets[i]);
      assertEquals(
          Files.size(new File(dir, "part-00000").toPath())
              + Files.size(new File(dir, "part-00001").toPath()),
          sub(j, datasets[i]).get("bytes"));
    }
  }

  @Test
  public void datasetsSelectsWhatIsWritten() throws IOException {
    File out = new File(tmp, "some");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(),
            "patents", "--patents", "500", "--citations", "900", "--keys", "10",
            "--datasets", "keys,citations", "--out", out.getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(List.of("citations", "keys"), names(out));
    assertEquals(900, lines(new File(out, "citations")));
    assertEquals(10, lines(new File(out, "keys")));
    assertTrue(r.out.contains("citations:\n"), r.out);
  }

  @Test
  public void tpchOrdersAtScaleOneHundredthInThreeParts() throws IOException {
    File out = new File(tmp, "orders");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(),
            "tpch", "--scale", "0.01", "--table", "orders", "--parts", "3",
            "--out", out.getPath(), "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(15000L, j.get("rows"));
    assertEquals("orders", j.get("table"));
    assertEquals(List.of("part-00000", "part-00001", "part-00002"), names(out));
    assertEquals(15000, lines(out));
    String first =
        new String(
            Files.readAllBytes(new File(out, "part-00000").toPath()), StandardCharsets.UTF_8);
    assertTrue(first.startsWith("1|370|O|172799.49|1996-01-02|5-LOW|Clerk#000000951|0|"));
  }

  @Test
  public void tpchOrdersFractionRestrictsTheOrders() throws IOException {
    File out = new File(tmp, "orders10");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(),
            "tpch", "--scale", "0.01", "--table", "orders", "--orders-fraction", "0.1",
            "--out", out.getPath(), "--json");
    assertEquals(0, r.code, r.toString());
    long rows = (Long) MiniJson.parseObject(r.lastLine()).get("rows");
    assertEquals(rows, lines(out));
    assertTrue(rows > 1300 && rows < 1700, "rows " + rows);
  }

  @Test
  public void clicksWritesTheGeneratorsLogInParts() throws IOException {
    File out = new File(tmp, "clicks");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(),
            "clicks", "--records", "5000", "--duplicate-share", "0.3", "--ads", "50",
            "--alpha", "0.8", "--hours", "6", "--seed", "4", "--parts", "3",
            "--out", out.getPath(), "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("clicks", j.get("generator"));
    assertEquals(5000L, j.get("records"));
    assertEquals(1500L, j.get("duplicates"));
    assertEquals(3500L, j.get("distinctClicks"));
    assertEquals(6 * 3600L, j.get("spanSeconds"));
    assertEquals(List.of("part-00000", "part-00001", "part-00002"), names(out));
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    new ClickLogGenerator(5000, 0.3, 50, 0.8, 6, 4).write((d, p) -> expected, 1);
    assertArrayEquals(expected.toByteArray(), concat(out));
    assertEquals((long) expected.size(), j.get("bytes"));
  }

  @Test
  public void badCommandLinesAreUsageErrors() throws IOException {
    String out = new File(tmp, "x").getPath();
    String[][] bad = {
      {"--out", out},
      {"nosuch", "--out", out},
      {"patents"},
      {"patents", "--out", out, "--scale", "1"},
      {"tpch", "--out", out, "--table", "orders"},
      {"tpch", "--out", out, "--scale", "1", "--table", "nosuch"},
      {"tpch", "--out", out, "--scale", "1", "--table", "lineitem", "--orders-fraction", "0.5"},
      {"patents", "--out", out, "--patents", "10", "--keys", "11"},
      {"patents", "--out", out, "--datasets", "patents,nosuch"},
      {"patents", "--out", out, "--parts", "0"},
      {"patents", "--out", out, "--no-such-option"},
      {"patents", "--out", out, "--records", "10"},
      {"tpch", "--out", out, "--scale", "1", "--table", "orders", "--seed", "3"},
      {"clicks", "--out", out, "--keys", "10"},
      {"clicks", "--out", out, "--duplicate-share", "1"},
      {"clicks", "--out", out, "--records", "0"},
      {"clicks", "--out", out, "--alpha", "-1"},
    };
    for (String[] args : bad) {
      ToolRun r = ToolRun.run(new GenerateTool(), args);
      assertEquals(BloomkitTool.USAGE, r.code, Arrays.toString(args) + "\n" + r);
      assertTrue(r.err.startsWith("generate: "), r.err);
    }
    assertFalse(new File(out).exists());
    File existing = newFolder(tmp, "existing");
    ToolRun r =
        ToolRun.run(
            new GenerateTool(), "patents", "--patents", "5", "--citations", "9", "--keys", "1",
            "--out", existing.getPath());
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains("already exists"), r.err);
    assertEquals(0, existing.list().length);
    // options are checked before the file system
    ToolRun noScale =
        ToolRun.run(new GenerateTool(), "tpch", "--table", "orders", "--out", existing.getPath());
    assertEquals(BloomkitTool.USAGE, noScale.code, noScale.toString());
    assertTrue(noScale.err.contains("--scale"), noScale.err);
  }

  @Test
  public void helpPrintsUsageAndExitsZero() {
    ToolRun r = ToolRun.run(new GenerateTool(), "--help");
    assertEquals(0, r.code);
    assertTrue(r.err.contains("bloomkit generate"), r.err);
    assertTrue(r.err.contains("--orders-fraction"), r.err);
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
