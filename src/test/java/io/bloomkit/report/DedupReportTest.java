package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.Json;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DedupReport on a tiny hand-made set of tool results (the JSON lines scripts/report-dedup.sh
 * collects): its tables hold those numbers, the predictions are {@code simulate dedup --stream
 * clicks} runs on the logs' parameters (rerun here), and every chart it links is a PNG.
 */
public class DedupReportTest {
  @TempDir public File tmp;

  private final List<String> runs = new ArrayList<>();

  static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  private void run(String section, String log, String label, Map<String, Object> result) {
    runs.add(Json.write(map("section", section, "log", log, "label", label, "result", result)));
  }

  static String pct(double v) {
    return String.format(Locale.ROOT, "%.2f", 100 * v);
  }

  @Test
  public void writesTheReportFromTheToolsResults() throws Exception {
    Path res = newFolder(tmp, "res").toPath();
    Path out = newFolder(tmp, "out").toPath();
    long records = 2000;
    String[] logs = {"dup10", "dup50"};
    long[] duplicates = {200, 1000};
    List<String> logLines = new ArrayList<>();
    for (int i = 0; i < logs.length; i++) {
      logLines.add(Json.write(map("log", logs[i], "generate", map("records", records, "distinctClicks",
          records - duplicates[i], "duplicates", duplicates[i], "bytes", 90_000L + i, "alpha", 1.0, "seed", 7L))));
      long bytes = 80_000L * (i + 1);
      run("methods", logs[i], "exact", map("kept", records - duplicates[i], "duplicates", duplicates[i],
          "mapOutputRecords", records, "mapOutputBytes", bytes, "seconds", 3.0));
      run("methods", logs[i], "counting", map("kept", records - duplicates[i], "duplicates", duplicates[i],
          "mapOutputRecords", records / 2, "mapOutputBytes", bytes / 4, "shuffleAvoided", records / 2,
          "seconds", 4.0));
      run("methods", logs[i], "stream-sbf-1", map("kept", records - duplicates[i] - 5, "duplicates",
          duplicates[i] + 5, "mapOutputRecords", records, "mapOutputBytes", bytes / 2, "seconds", 2.5));
      for (String f : new String[] {"sbf", "ibf-h"}) {
        for (int q : new int[] {4, 1}) {
          long bits = (records - duplicates[i]) / q;
          run("filters", logs[i], f + ":1/" + q, map("filter", f, "fpr", 0.01 * q, "fnr", 0.1 / q,
              "wFP", 0.02, "wFN", 0.05, "seconds", 5.5, "memoryBitsPerSlice", bits / 2, "slices", 2L));
        }
      }
    }
    run("icebergs", "ads", "exact", map("keys", 900L, "icebergs", 12L, "mapOutputBytes", 50_000L,
        "jobs", 1L, "seconds", 3.0));
    run("icebergs", "ads", "counting", map("keys", 900L, "icebergs", 12L, "trueIcebergs", 12L,
        "candidates", 37L, "hits", 12L, "hitRatio", 1.0, "errorRate", 25.0 / 12, "numHashes", 4L,
        "counterBits", 5L, "rowWidth", 1000L, "totalWeight", 5000L, "lightFalseCandidateBound",
        0.25, "filterBytesShipped", 2500L, "naiveBytes", 30_000L, "mapOutputBytes", 20_000L,
        "jobs", 3L, "seconds", 5.0));
    run("icebergs", "ads", "counting-16-2", map("keys", 900L, "icebergs", 12L, "trueIcebergs", 12L,
        "candidates", 18L, "hits", 12L, "numHashes", 2L, "counterBits", 5L, "rowWidth", 200L,
        "totalWeight", 5000L, "lightFalseCandidateBound", 3.5, "filterBytesShipped", 300L,
        "seconds", 4.0));
    for (int k = 1; k <= 2; k++) {
      run("icebergs", "ads", "lcbf-5-" + k, map("keys", 900L, "trueIcebergs", 12L, "candidates", 14L,
          "hits", 11L + k - 1, "hitRatio", (11.0 + k - 1) / 12, "errorRate", 2.0 / 12, "localIcebergs", 3L,
          "filterBytesShipped", 4000L * k, "naiveBytes", 30_000L, "mapOutputBytes", 20_000L, "jobs", 2L,
          "seconds", 6.0));
    }
    Files.write(res.resolve("runs.jsonl"), runs, StandardCharsets.UTF_8);
    Files.write(res.resolve("logs.jsonl"), logLines, StandardCharsets.UTF_8);

    DedupReport.main(new String[] {res.toString(), out.toString(), "a note", Long.toString(records), "25"});
    String md = ReportFiles.read(out.resolve("dedup.md"));
    assertTrue(md.contains("\na note\n"));
    assertEquals(2 + 4 + 3, ReportFiles.assertLinkedCharts(md, out));

    List<String[]> data = ReportFiles.table(md, "| log | records |");
    assertEquals(2, data.size());
    assertEquals("dup50", data.get(1)[0]);
    assertEquals("2,000", data.get(1)[1]);
    assertEquals("1,000", data.get(1)[3]);

    List<String[]> methods = ReportFiles.table(md, "| log | method |");
    assertEquals(2 * 3, methods.size());
    // vs exact (bytes): the run's map output bytes over exact's on the same log
    assertEquals("0.250", methods.get(1)[7]);
    assertEquals("0.500", methods.get(5)[7]);

    List<String[]> filters = ReportFiles.table(md, "| log | filter | bits/distinct |");
    assertEquals(2 * 2 * 2, filters.size());
    for (String[] row : filters) {
      int i = row[0].equals("dup10") ? 0 : 1;
      int q = row[2].equals("1") ? 1 : 4;
      assertEquals(pct(0.01 * q), row[3]);
      long bits = (records - duplicates[i]) / q / 2 * 2;
      Map<String, Object> sim = SimRun.run("dedup", "--stream", "clicks", "--length", "2000",
          "--duplicate-share", Double.toString((double) duplicates[i] / records), "--alpha", "1.0",
          "--seed", "7", "--filter", row[1], "--memory-bits", Long.toString(bits)).get(0);
      assertEquals(pct(((Number) sim.get("fpr")).doubleValue()), row[4], row[0] + " " + row[1]);
      assertEquals(pct(((Number) sim.get("fnr")).doubleValue()), row[6], row[0] + " " + row[1]);
    }

    List<String[]> ice = ReportFiles.table(md, "| method | m/n | k |");
    assertEquals(4, ice.size());
    assertEquals("counting --verify", ice.get(1)[0]);
    assertEquals("4", ice.get(1)[2]); // the sketch's rows
    assertEquals("37", ice.get(1)[5]);
    assertEquals("lcbf", ice.get(3)[0]);
    assertEquals("5", ice.get(3)[1]);
    assertEquals("2", ice.get(3)[2]);
    assertEquals("8,000", ice.get(3)[10]);
    // 37 candidates for 12 icebergs: more than 3 times them
    assertTrue(md.contains("37 candidates for 12 icebergs: 3.08 times the icebergs, the goal"
        + " of at most 3 times is missed."), md);
    assertTrue(md.contains("4 rows of 1,000 counters of 5 bits"), md);
    // the sweep of the sketch's memory and rows: its own table, not the methods'
    List<String[]> sweep = ReportFiles.table(md, "| bits per ad | k | counter bits |");
    assertEquals(1, sweep.size());
    assertEquals(List.of("16", "2", "5", "200", "300", "18", "12", "1.50", "3.5", "4.0"),
        List.of(sweep.get(0)));
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
