package io.bloomkit.mapreduce.xengine;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Files of one input with different schemas, written by DuckDB and read by {@code dedup} (exact,
 * unique keys: every record passes through) into a Parquet output that DuckDB reads back: the
 * output equals DuckDB's {@code read_parquet([...], union_by_name=true)} (a column missing from a
 * file is null, int widens to bigint, float to double); incompatible column types and key
 * columns of different types fail before any job (exit 2) naming the column, both files and both
 * types, with nothing written.
 */
public class SchemaMergeTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private ToolRun dedup(File in, String out, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        new File(tmp.getRoot(), out).getPath(), "--quiet"));
    args.addAll(Arrays.asList(extra));
    return ToolRun.run(new DedupTool(), args.toArray(new String[0]));
  }

  private static String file(File dir, String name) {
    return DuckDb.literal(new File(dir, name).toPath());
  }

  private String outGlob(String out) {
    return DuckDb.literal(new File(tmp.getRoot(), out).toPath()) + " || '/part-*'";
  }

  @Test
  public void missingColumnsAreNullAndNarrowTypesWiden() throws Exception {
    File dir = tmp.newFolder("flights");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT CAST(i AS INTEGER) AS id, 'o' || (i % 7) AS origin,"
          + " CAST(i % 50 AS INTEGER) AS delay, CAST(i / 4.0 AS FLOAT) AS dist"
          + " FROM range(0, 300) t(i)) TO " + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id, CAST(i % 90 AS BIGINT) AS delay, 'g' || (i % 3) AS gate,"
          + " CAST(i / 8.0 AS DOUBLE) AS dist, 'o' || (i % 5) AS origin"
          + " FROM range(300, 500) t(i)) TO " + file(dir, "b.parquet") + " (FORMAT parquet)");
      ToolRun r = dedup(dir, "out", "--key-field", "id", "--output-format", "parquet");
      assertEquals(r.toString(), 0, r.code);
      String cols = "id, origin, delay, dist, gate";
      List<String> expected = db.lines("SELECT " + cols + " FROM read_parquet(["
          + file(dir, "a.parquet") + ", " + file(dir, "b.parquet")
          + "], union_by_name=true) ORDER BY id", '\t', "\\N");
      assertEquals(500, expected.size());
      assertEquals(expected, db.lines("SELECT " + cols + " FROM read_parquet(" + outGlob("out")
          + ") ORDER BY id", '\t', "\\N"));
      assertEquals("BIGINT", db.value("SELECT typeof(delay) FROM read_parquet(" + outGlob("out")
          + ") LIMIT 1"));
      assertEquals("DOUBLE", db.value("SELECT typeof(dist) FROM read_parquet(" + outGlob("out")
          + ") LIMIT 1"));
    }
  }

  @Test
  public void incompatibleTypesFailNamingTheColumnBothFilesAndBothTypes() throws Exception {
    File dir = tmp.newFolder("flights");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, i % 50 AS delay FROM range(0, 100) t(i)) TO "
          + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id, 'late' AS delay FROM range(100, 200) t(i)) TO "
          + file(dir, "b.parquet") + " (FORMAT parquet)");
    }
    ToolRun r = dedup(dir, "out", "--key-field", "id", "--output-format", "parquet");
    assertEquals(r.toString(), 2, r.code);
    String line = r.err.split("\n", 2)[0];
    assertTrue(line, line.contains("column \"delay\" is long in "));
    assertTrue(line, line.contains("a.parquet but string in "));
    assertTrue(line, line.contains("b.parquet"));
    assertFalse(new File(tmp.getRoot(), "out").exists());
  }

  @Test
  public void keyColumnsOfDifferentTypesFailBeforeAnyJob() throws Exception {
    File dir = tmp.newFolder("left");
    File right = tmp.newFolder("right");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, 'x' AS v FROM range(0, 100) t(i)) TO "
          + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT CAST(i AS VARCHAR) AS id, 'y' AS v FROM range(100, 200) t(i)) TO "
          + file(dir, "b.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id FROM range(0, 200) t(i)) TO "
          + file(right, "r.parquet") + " (FORMAT parquet)");
      ToolRun r = dedup(dir, "out", "--key-field", "id");
      assertEquals(r.toString(), 2, r.code);
      String line = r.err.split("\n", 2)[0];
      assertTrue(line, line.contains("key field \"id\" is a long key in "));
      assertTrue(line, line.contains("a.parquet but a string key in "));
      assertTrue(line, line.contains("b.parquet"));
      assertFalse(new File(tmp.getRoot(), "out").exists());
      String out = new File(tmp.getRoot(), "j").getPath();
      r = ToolRun.run(new JoinTool(), "--left", dir.getPath(), "--left-key", "id", "--right",
          right.getPath(), "--right-key", "id", "--output", out, "--quiet");
      assertEquals(r.toString(), 2, r.code);
      assertTrue(r.err, r.err.split("\n", 2)[0].contains("b.parquet"));
      assertFalse(new File(out).exists());
      // read as one type, every file's keys meet: a semi join keeps all 200 left rows
      r = ToolRun.run(new JoinTool(), "--left", dir.getPath(), "--left-key", "id",
          "--left-key-type", "string", "--right", right.getPath(), "--right-key", "id",
          "--right-key-type", "string", "--type", "left-semi", "--output", out, "--quiet");
      assertEquals(r.toString(), 0, r.code);
      long rows = 0;
      for (File f : new File(out).listFiles((d, n) -> n.startsWith("part-"))) {
        rows += java.nio.file.Files.readAllLines(f.toPath()).size();
      }
      assertEquals(db.value("SELECT count(*) FROM (SELECT CAST(id AS VARCHAR) AS id FROM"
          + " read_parquet([" + file(dir, "a.parquet") + ", " + file(dir, "b.parquet")
          + "], union_by_name=true)) l SEMI JOIN read_parquet(" + file(right, "r.parquet")
          + ") r ON l.id = CAST(r.id AS VARCHAR)"), rows);
    }
  }

  @Test
  public void csvHeadersInAnotherOrderAreReadByName() throws Exception {
    File dir = tmp.newFolder("airports");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT 'A' || i AS iata, 'name ' || i AS name FROM range(0, 40) t(i)) TO "
          + file(dir, "a.csv") + " (FORMAT csv, HEADER)");
      db.exec("COPY (SELECT 'city ' || i AS name, 'B' || i AS iata, i AS elev"
          + " FROM range(0, 30) t(i)) TO " + file(dir, "b.csv") + " (FORMAT csv, HEADER)");
      ToolRun r = dedup(dir, "out", "--input-format", "csv", "--csv-header", "--key-field",
          "iata", "--output-format", "parquet");
      assertEquals(r.toString(), 0, r.code);
      String cols = "iata, name, CAST(elev AS VARCHAR)";
      List<String> expected = db.lines("SELECT " + cols + " FROM read_csv(["
          + file(dir, "a.csv") + ", " + file(dir, "b.csv")
          + "], union_by_name=true, header=true) ORDER BY iata", '\t', "\\N");
      assertEquals(70, expected.size());
      assertEquals(expected, db.lines("SELECT " + cols + " FROM read_parquet(" + outGlob("out")
          + ") ORDER BY iata", '\t', "\\N"));
    }
  }
}
