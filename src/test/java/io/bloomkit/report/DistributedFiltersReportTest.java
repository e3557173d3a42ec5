package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DistributedFiltersReport rendered from canned simulation rows (runs on streams 20 times shorter
 * than the report's, in {@code src/test/resources/report/distributed-filters-rows.json.gz}; see
 * {@link CannedRows} to regenerate them): every chart it links is a PNG, and its tables hold the
 * rows of the runs it was given (asked for again here with the same arguments).
 */
public class DistributedFiltersReportTest {
  @TempDir public File tmp;

  /** The canned rows: runs on streams this many times shorter than the report's. */
  static final int LENGTH_DIVISOR = 20;
  static final String ROWS = "distributed-filters-rows.json.gz";

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

  static double d(Map<String, Object> r, String k) {
    return ((Number) r.get(k)).doubleValue();
  }

  @Test
  public void writesTheReport() throws Exception {
    Path out = tmp.toPath();
    DistributedFiltersReport.main(new String[] {out.toString(), "a note"});
    String md = ReportFiles.read(out.resolve("distributed-filters.md"));
    assertTrue(md.contains("\na note\n"));
    assertEquals(29, ReportFiles.assertLinkedCharts(md, out));

    List<Map<String, Object>> sliced = SimRun.run("window", DistributedWindows.SLICED_DYNAMIC_ARGS);
    List<String[]> ts = ReportFiles.table(md, "| filter | slices | burst | w | distinct events |");
    assertEquals(5 * 2 * 3, ts.size());
    for (int i = 0; i < ts.size(); i++) {
      Map<String, Object> r = sliced.get(i);
      assertEquals(r.get("filter"), ts.get(i)[0]);
      assertEquals(String.valueOf(r.get("distinct")), ts.get(i)[4]);
      assertEquals(DistributedFiltersReport.f(d(r, "fpr")), ts.get(i)[5]);
      assertEquals(DistributedFiltersReport.f(d(r, "burstFpr")), ts.get(i)[6]);
      assertEquals(String.valueOf(r.get("filtersCreated")), ts.get(i)[11]);
      assertEquals(String.valueOf(r.get("maxKeyFalsePositives")), ts.get(i)[12]);
    }

    List<Map<String, Object>> lcbf = SimRun.run("lcbf", "--ratio", "5,10,15", "--num-hashes", "1,2,3,4,5,6");
    List<String[]> t = ReportFiles.table(md, "| m/n | k | MB one layer |");
    assertEquals(3 * 6, t.size());
    assertEquals(lcbf.size(), t.size());
    for (int i = 0; i < t.size(); i++) {
      Map<String, Object> r = lcbf.get(i);
      assertEquals(String.valueOf(r.get("ratio")), t.get(i)[0]);
      assertEquals(String.valueOf(r.get("numHashes")), t.get(i)[1]);
      assertEquals(DistributedFiltersReport.f(d(r, "bitsArithmetic") / 8e6), t.get(i)[4]);
      assertEquals(DistributedFiltersReport.f(d(r, "hitRatio")), t.get(i)[5]);
      assertEquals(DistributedFiltersReport.f(d(r, "errorRate")), t.get(i)[6]);
      assertEquals(DistributedFiltersReport.f(d(r, "exactFraction")), t.get(i)[7]);
    }
    List<String[]> perKey = ReportFiles.table(md, "| m/n | k | keys held per forward |");
    assertEquals(lcbf.size(), perKey.size());
    for (int i = 0; i < perKey.size(); i++) {
      Map<String, Object> r = lcbf.get(i);
      assertEquals(DistributedFiltersReport.f(d(r, "bitsPerKeyTwoLayer")), perKey.get(i)[4]);
      assertEquals(DistributedFiltersReport.f(d(r, "bitsPerKeyArithmetic")), perKey.get(i)[5]);
      assertEquals(DistributedFiltersReport.f(d(r, "bitsPerKeyEntropy")), perKey.get(i)[6]);
    }

    List<Map<String, Object>> five = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.9", "--levels", "5", "--fpp", "0.05",
        "--threshold-level", "0,1,2,3,4");
    List<String[]> t2 = ReportFiles.table(md, "| mode | d | fpr |");
    assertEquals(2 * 5, t2.size());
    for (int i = 0; i < t2.size(); i++) {
      Map<String, Object> r = five.get(i);
      assertEquals(r.get("filter"), t2.get(i)[0]);
      assertEquals(String.valueOf(r.get("thresholdLevel")), t2.get(i)[1]);
      assertEquals(DistributedFiltersReport.f(d(r, "fpr")), t2.get(i)[2]);
      assertEquals(String.valueOf(r.get("rejections")), t2.get(i)[4]);
      assertEquals(Arrays.toString((long[]) r.get("accessesPerLevel")), t2.get(i)[5]);
    }
    // the top-down rules' table: the rows of the run it names, false negatives as counted
    List<Map<String, Object>> rules = SimRun.run("tree", "--distribution", "zipf", "--universe", "5000",
        "--length", "100000", "--producers", "256", "--locality", "0.9", "--levels", "5", "--fpp", "0.05",
        "--threshold-level", "0,1,2,3,4", "--top-down", "climb,paper");
    List<String[]> t3 = ReportFiles.table(md, "| mode | d | rule | fpr |");
    assertEquals(rules.size(), t3.size());
    for (int i = 0; i < t3.size(); i++) {
      Map<String, Object> r = rules.get(i);
      assertEquals(r.get("topDown"), t3.get(i)[2]);
      assertEquals(String.valueOf(r.get("falseNegatives")), t3.get(i)[6]);
      assertEquals(String.valueOf(r.get("duplicates")), t3.get(i)[7]);
      if (r.get("topDown").equals("climb")) {
        assertEquals("0", t3.get(i)[6]);
      }
    }
    gossipTable(md);
    // figure 1's table: one row per failed share 0..50%
    assertEquals(6, ReportFiles.table(md, "| failed % |").size());
    SimRun.canned.finish();
  }

  /** The gossip section's table: its rows are simulate gossip's, next to simulate lcbf's on the same nodes. */
  private static void gossipTable(String md) {
    List<Map<String, Object>> gossip = SimRun.run("gossip", "--nodes", "90,280", "--range", "150", "--graphs", "4",
        "--queries", "5");
    List<String[]> t = ReportFiles.table(md, "| nodes | degree | m/n | k | steps |");
    assertEquals(2 * 3 * 6, t.size());
    assertEquals(gossip.size(), t.size());
    for (int i = 0; i < t.size(); i++) {
      Map<String, Object> r = gossip.get(i);
      int nodes = (int) d(r, "nodes");
      assertEquals(String.valueOf(nodes), t.get(i)[0]);
      assertEquals(String.valueOf(r.get("ratio")), t.get(i)[2]);
      assertEquals(String.valueOf(r.get("numHashes")), t.get(i)[3]);
      assertEquals(DistributedFiltersReport.f(d(r, "coverage")), t.get(i)[6]);
      assertEquals(DistributedFiltersReport.f(d(r, "hitRatio")), t.get(i)[7]);
      assertEquals(DistributedFiltersReport.f(d(r, "errorRate")), t.get(i)[8]);
      assertEquals(DistributedFiltersReport.f(d(r, "bitsPerNode")), t.get(i)[11]);
      Map<String, Object> once = DistributedIcebergs.at(
          SimRun.run("lcbf", "--nodes", String.valueOf(nodes), "--queries", "20", "--ratio", String.valueOf(r.get("ratio")),
              "--num-hashes", String.valueOf(r.get("numHashes"))), nodes, (int) d(r, "ratio"), (int) d(r, "numHashes"));
      assertEquals(DistributedFiltersReport.f(d(once, "hitRatio")), t.get(i)[12]);
    }
  }
}
