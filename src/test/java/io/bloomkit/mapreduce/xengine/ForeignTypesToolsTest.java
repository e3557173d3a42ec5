package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tools on typed Parquet columns as DuckDB writes them (DECIMAL on INT32, a VARCHAR[] list),
 * against DuckDB's SQL on the same files: icebergs weighted by a DECIMAL column, a join of a
 * DECIMAL key with the same values in text read as {@code decimal}, and a Parquet output that
 * DuckDB reads back with its DECIMAL and list types.
 */
public class ForeignTypesToolsTest {
  @TempDir public File tmp;

  /** acct DECIMAL(9,2) (2.25, 2.50, ...), w a whole DECIMAL(9,2) weight, tags a VARCHAR[]. */
  private File accounts(DuckDb db, String version) {
    File f = new File(tmp, "acct-" + version + ".parquet");
    db.exec("COPY (SELECT ((i * 7) % 60 / 4)::DECIMAL(9,2) AS acct,"
        + " (i % 5)::DECIMAL(9,2) AS w, ['t' || (i % 3), 'u' || (i % 4)] AS tags"
        + " FROM range(1500) t(i)) TO '" + f + "' (FORMAT parquet, PARQUET_VERSION " + version
        + ")");
    return f;
  }

  /** Decimal texts as numbers (12.50 and 12.5 alike). */
  private static TreeSet<BigDecimal> decimals(List<String> texts) {
    TreeSet<BigDecimal> out = new TreeSet<>();
    for (String s : texts) {
      out.add(new BigDecimal(s.trim()).stripTrailingZeros());
    }
    return out;
  }

  static List<String> partLines(File dir) throws Exception {
    return io.bloomkit.mapreduce.table.OutputFiles.textLines(dir);
  }

  @Test
  public void icebergsWeightedByADecimalColumnAreSqlsGroupByHaving() throws Exception {
    for (String version : new String[] {"V1", "V2"}) {
      try (DuckDb db = DuckDb.open()) {
        File in = accounts(db, version);
        String threshold = "52";
        List<String> expected = db.lines("SELECT acct::VARCHAR FROM '" + in
            + "' GROUP BY acct HAVING sum(w) >= " + threshold, '\t', "\\N");
        long keys = (Long) db.rows("SELECT count(DISTINCT acct) FROM '" + in + "'").get(0).get(0);
        assertFalse(expected.isEmpty() || expected.size() == keys);
        File out = new File(tmp, "ice-" + version);
        ToolRun r = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output",
            out.getPath(), "--key-field", "acct", "--weight-field", "w", "--threshold",
            threshold, "--quiet");
        assertEquals(0, r.code, r.toString());
        List<String> found = new ArrayList<>();
        for (String line : partLines(out)) {
          found.add(line.split("\t")[0]);
        }
        assertEquals(decimals(expected), decimals(found), version);
        assertEquals(expected.size(), found.size(), version);
      }
    }
  }

  @Test
  public void aDecimalKeyJoinsItsValuesInTextReadAsDecimal() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File left = accounts(db, "V2");
      File right = newFolder(tmp, "right");
      // the text side writes some values with fewer digits (2.5 for 2.50) and some absent ones
      File csv = new File(right, "r.csv");
      Files.write(csv.toPath(), List.of("2.5,a", "3.25,b", "7.00,c", "7,d", "99.99,e", "14.75,f"),
          StandardCharsets.UTF_8);
      long expected = (Long) db.rows("SELECT count(*) FROM '" + left + "' l JOIN read_csv('"
          + csv + "', header = false, columns = {'k': 'DECIMAL(9,2)', 'v': 'VARCHAR'}) r"
          + " ON l.acct = r.k").get(0).get(0);
      File out = new File(tmp, "joined");
      ToolRun r = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "acct",
          "--right", right.getPath(), "--right-key", "0", "--right-format", "csv",
          "--right-key-type", "decimal", "--output", out.getPath(), "--quiet");
      assertEquals(0, r.code, r.toString());
      assertEquals(expected, partLines(out).size());
    }
  }

  @Test
  public void aParquetOutputKeepsDecimalAndListTypesForDuckDb() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File in = new File(tmp, "dups.parquet");
      // records with the same (acct, w) are the same record: dedup keeps SQL's DISTINCT rows
      db.exec("COPY (SELECT ((i * 7) % 60 / 4)::DECIMAL(9,2) AS acct,"
          + " (i % 5)::DECIMAL(9,2) AS w, [acct::VARCHAR, 'u' || w::VARCHAR] AS tags,"
          + " [{'x': acct, 'y': w::VARCHAR}] AS pairs FROM range(1500) t(i))"
          + " TO '" + in + "' (FORMAT parquet, PARQUET_VERSION V2)");
      File out = new File(tmp, "distinct");
      ToolRun r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output",
          out.getPath(), "--key-field", "acct,w", "--output-format", "parquet", "--quiet");
      assertEquals(0, r.code, r.toString());
      String glob = out.getPath() + "/part-*.parquet";
      String describe = "SELECT column_name || ' ' || column_type FROM (DESCRIBE SELECT * FROM ";
      assertEquals(db.lines(describe + "'" + in + "')", '\t', ""),
          db.lines(describe + "read_parquet('" + glob + "'))", '\t', ""));
      String sql = "SELECT count(*), sum(w), sum(acct), string_agg(to_json(tags)::VARCHAR"
          + " || to_json(pairs)::VARCHAR, ',' ORDER BY acct, w) FROM ";
      assertEquals(db.lines(sql + "(SELECT DISTINCT * FROM '" + in + "')", '|', "NULL"),
          db.lines(sql + "read_parquet('" + glob + "')", '|', "NULL"));
    }
  }

  /**
   * A Parquet TIME key joins the same times written as text (DuckDB's CSV), as DuckDB's join of
   * the TIME column with its text cast to TIME; a TIME column as dedup's time field orders the
   * records of a key by their time of day (the earliest is kept, as SQL's min).
   */
  @Test
  public void aTimeOfDayKeyJoinsItsTextAndOrdersDedup() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File in = new File(tmp, "times.parquet");
      db.exec("COPY (SELECT i AS id, i % 37 AS k, TIME '06:00:00'"
          + " + to_microseconds((i * 7_919_000_250) % 50_000_000_000) AS t"
          + " FROM range(2000) r(i)) TO '" + in + "' (FORMAT parquet)");
      File right = newFolder(tmp, "texts");
      File csv = new File(right, "t.csv");
      db.exec("COPY (SELECT t FROM '" + in + "' WHERE id % 9 = 0 UNION ALL"
          + " SELECT TIME '23:00:00.25') TO '" + csv + "' (HEADER false)");
      long expected = (Long) db.value("SELECT count(*) FROM '" + in + "' l SEMI JOIN read_csv('"
          + csv + "', header = false, columns = {'t': 'VARCHAR'}) r ON l.t = r.t::TIME");
      assertFalse(expected == 0 || expected == 2000, "" + expected);
      File out = new File(tmp, "semi");
      ToolRun r = ToolRun.run(new JoinTool(), "--left", in.getPath(), "--left-key", "t",
          "--right", right.getPath(), "--right-key", "0", "--right-format", "csv",
          "--type", "left-semi", "--output", out.getPath(), "--quiet");
      assertEquals(0, r.code, r.toString());
      assertEquals(expected, partLines(out).size());

      File first = new File(tmp, "first");
      r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", first.getPath(),
          "--key-field", "k", "--time-field", "t", "--quiet");
      assertEquals(0, r.code, r.toString());
      List<String> got = new ArrayList<>();
      for (String line : partLines(first)) {
        String[] f = line.split("\t");
        got.add(f[1] + "|" + f[2]);
      }
      java.util.Collections.sort(got);
      assertEquals(db.lines("SELECT k::VARCHAR || '|' || min(t)::VARCHAR FROM '" + in
          + "' GROUP BY k ORDER BY 1", '|', "NULL"), got);
    }
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
