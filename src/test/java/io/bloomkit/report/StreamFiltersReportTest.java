package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * StreamFiltersReport --quick rendered from canned simulation rows (runs on streams 50 times
 * shorter, in {@code src/test/resources/report/stream-filters-rows.json.gz}; see {@link
 * CannedRows} to regenerate them): every chart it links is a PNG, each of the RSBF paper's tables
 * has its rows, and the k trade-off table holds the rates of the runs it was given (asked for
 * again here with the same arguments).
 */
public class StreamFiltersReportTest {
  @TempDir public File tmp;

  /** The canned rows: runs on streams this many times shorter than the report's. */
  static final int LENGTH_DIVISOR = 50;
  static final String ROWS = "stream-filters-rows.json.gz";

  @BeforeEach
  public void cannedRows() throws IOException {
    SimRun.lengthDivisor = LENGTH_DIVISOR;
    SimRun.canned = CannedRows.forTest(getClass(), ROWS, LENGTH_DIVISOR);
  }

  @AfterEach
  public void fullSize() {
    SimRun.lengthDivisor = 1;
    SimRun.canned = null;
  }

  @Test
  public void writesTheReport() throws Exception {
    Path out = tmp.toPath();
    StreamFiltersReport.main(new String[] {out.toString(), "a note", "--quick"});
    String md = ReportFiles.read(out.resolve("stream-filters.md"));
    assertTrue(md.startsWith("# Stream duplicate detection: SBF, RSBF, IBF\n"));
    assertTrue(md.contains("\na note\n"));
    assertEquals(17, ReportFiles.assertLinkedCharts(md, out));

    // Tables 2-5 of the RSBF paper: one row per memory size the paper lists (3, 3, 4, 3)
    String[] parts = md.split("### Table ");
    assertEquals(5, parts.length);
    int[] sizes = new int[4];
    for (int t = 0; t < 4; t++) {
      sizes[t] = ReportFiles.table(parts[t + 1], "| paper space (bits) |").size();
    }
    assertArrayEquals(new int[] {3, 3, 4, 3}, sizes);

    List<String[]> ks = ReportFiles.table(md, "| k | FNR % | FPR % |");
    assertEquals(3, ks.size());
    for (String[] row : ks) {
      Map<String, Object> r = SimRun.run("dedup", "--filter", "rsbf", "--memory-bits", "64000", "--stream",
          "zipf", "--universe", "200000", "--length", "300000", "--num-hashes", row[0], "--seed", "4").get(0);
      assertEquals(StreamFiltersReport.pct(((Number) r.get("fnr")).doubleValue()), row[1]);
      assertEquals(StreamFiltersReport.pct(((Number) r.get("fpr")).doubleValue()), row[2]);
    }

    // Fig. 5: the cumulative FNR at the end of each traced run is the rate of the same run untraced
    String fig5 = md.split("### Fig\\. 5:")[1];
    List<String[]> f5 = ReportFiles.table(fig5, "| memory | filter |");
    assertEquals(4, f5.size());
    long n = 200_000;
    long u = StreamFiltersReport.universeFor(n, 0.10);
    long[] mem = {Math.round(1073741824L * (n / 1e9)), Math.round(4294967296L * (n / 1e9))};
    for (int i = 0; i < 4; i++) {
      String[] row = f5.get(i);
      String filter = i % 2 == 0 ? "rsbf" : "sbf";
      assertEquals(filter, row[1]);
      String[] args = {"--filter", filter, "--memory-bits", Long.toString(mem[i / 2]), "--stream", "uniform",
        "--universe", Long.toString(u), "--length", Long.toString(n), "--seed", "1", "--fpr-target", "0.1"};
      if (filter.equals("sbf")) {
        args = StreamFiltersReport.concat(args, "--max", "3", "--num-hashes", "3");
      }
      Map<String, Object> r = SimRun.run("dedup", args).get(0);
      assertEquals(StreamFiltersReport.pct(((Number) r.get("fnr")).doubleValue()), row[5]);
    }

    List<String[]> ibf = ReportFiles.table(md, "| filter | 10%: FP % |");
    assertEquals(6, ibf.size());
    String[] filters = {"bf", "sbf", "ibf-2c", "ibf-2c-alg1", "ibf-mc", "ibf-h"};
    for (int i = 0; i < filters.length; i++) {
      assertEquals(filters[i], ibf.get(i)[0]);
    }
    SimRun.canned.finish();
  }
}
