package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Weights of either sign are summed as SQL's {@code SUM} sums them ({@code GROUP BY key HAVING
 * sum(w) >= T}, computed by DuckDB on the same file); the counting and lcbf methods, whose
 * estimates need weights of at least 0, fail naming the weight and the file instead.
 */
public class SignedWeightsTest {
  @TempDir public File tmp;

  private File delays() throws Exception {
    // 40 keys, 2,000 records; delays from -60 to 139 (early flights are negative, as in BTS data)
    File f = newFile(tmp, "delays.csv");
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      lines.add("k" + (i * 7 % 40) + "," + ((i * 37) % 200 - 60));
    }
    Files.write(f.toPath(), lines, StandardCharsets.UTF_8);
    return f;
  }

  private static List<String> lines(File dir) throws Exception {
    List<String> out = new ArrayList<>();
    for (File p : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      out.addAll(Files.readAllLines(p.toPath(), StandardCharsets.UTF_8));
    }
    Collections.sort(out);
    return out;
  }

  @Test
  public void exactSumsSignedWeightsAsSqlDoes() throws Exception {
    File in = delays();
    List<String> expected;
    long negative;
    try (DuckDb db = DuckDb.open()) {
      String t = "read_csv(" + DuckDb.literal(in.toPath()) + ", header = false,"
          + " columns = {'k': 'VARCHAR', 'w': 'BIGINT'})";
      expected = db.lines("SELECT k || chr(9) || sum(w) FROM " + t
          + " GROUP BY k HAVING sum(w) >= 2000 ORDER BY 1", '\t', "\\N");
      negative = ((Number) db.value("SELECT count(*) FROM " + t + " WHERE w < 0")).longValue();
      // with the negative weights dropped (the old rule) more keys would pass
      long withoutNegatives = ((Number) db.value("SELECT count(*) FROM (SELECT k FROM " + t
          + " WHERE w >= 0 GROUP BY k HAVING sum(w) >= 2000)")).longValue();
      assertTrue(withoutNegatives > expected.size());
    }
    assertTrue(negative > 0 && !expected.isEmpty());
    File out = new File(tmp, "icebergs");
    ToolRun r = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--delimiter", ",",
        "--key-field", "0", "--weight-field", "1", "--threshold", "2000", "--output",
        out.getPath(), "--json", "--quiet");
    assertEquals(0, r.code, r.toString());
    assertEquals(expected, lines(out));
    assertTrue(r.lastLine().contains("\"malformedRecords\":0"), r.lastLine());
  }

  @Test
  public void countingAndLcbfRefuseANegativeWeight() throws Exception {
    File in = delays();
    for (String method : new String[] {"counting", "lcbf"}) {
      File out = new File(tmp, "icebergs-" + method);
      ToolRun r = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--delimiter", ",",
          "--key-field", "0", "--weight-field", "1", "--threshold", "2000", "--method", method,
          "--output", out.getPath(), "--quiet");
      assertEquals(1, r.code, r.toString());
      assertTrue(r.err.contains("icebergs --method " + method + ": a negative weight (-"), r.err);
      assertTrue(r.err.contains(in.getName() + " at byte offset "), r.err);
      assertTrue(r.err.contains("use --method exact"), r.err);
      assertFalse(out.exists());
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
