package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files of one input with different schemas, written by DuckDB and read by {@code dedup} (exact,
 * unique keys: every record passes through) into a Parquet output that DuckDB reads back: the
 * output equals DuckDB's {@code read_parquet([...], union_by_name=true)} (a column missing from a
 * file is null, int widens to bigint, float to double); incompatible column types and key
 * columns of different types fail before any job (exit 2) naming the column, both files and both
 * types, with nothing written.
 */
public class SchemaMergeTest {
  @TempDir public File tmp;

  private ToolRun dedup(File in, String out, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        new File(tmp, out).getPath(), "--quiet"));
    args.addAll(Arrays.asList(extra));
    return ToolRun.run(new DedupTool(), args.toArray(new String[0]));
  }

  private static String file(File dir, String name) {
    return DuckDb.literal(new File(dir, name).toPath());
  }

  private String outGlob(String out) {
    return DuckDb.literal(new File(tmp, out).toPath()) + " || '/part-*'";
  }

  @Test
  public void missingColumnsAreNullAndNarrowTypesWiden() throws Exception {
    File dir = newFolder(tmp, "flights");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT CAST(i AS INTEGER) AS id, 'o' || (i % 7) AS origin,"
          + " CAST(i % 50 AS INTEGER) AS delay, CAST(i / 4.0 AS FLOAT) AS dist"
          + " FROM range(0, 300) t(i)) TO " + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id, CAST(i % 90 AS BIGINT) AS delay, 'g' || (i % 3) AS gate,"
          + " CAST(i / 8.0 AS DOUBLE) AS dist, 'o' || (i % 5) AS origin"
          + " FROM range(300, 500) t(i)) TO " + file(dir, "b.parquet") + " (FORMAT parquet)");
      ToolRun r = dedup(dir, "out", "--key-field", "id", "--output-format", "parquet");
      assertEquals(0, r.code, r.toString());
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
    File dir = newFolder(tmp, "flights");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, i % 50 AS delay FROM range(0, 100) t(i)) TO "
          + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id, 'late' AS delay FROM range(100, 200) t(i)) TO "
          + file(dir, "b.parquet") + " (FORMAT parquet)");
    }
    ToolRun r = dedup(dir, "out", "--key-field", "id", "--output-format", "parquet");
    assertEquals(2, r.code, r.toString());
    String line = r.err.split("\n", 2)[0];
    assertTrue(line.contains("column \"delay\" is long in "), line);
    assertTrue(line.contains("a.parquet but string in "), line);
    assertTrue(line.contains("b.parquet"), line);
    assertFalse(new File(tmp, "out").exists());
  }

  @Test
  public void keyColumnsOfDifferentTypesFailBeforeAnyJob() throws Exception {
    File dir = newFolder(tmp, "left");
    File right = newFolder(tmp, "right");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, 'x' AS v FROM range(0, 100) t(i)) TO "
          + file(dir, "a.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT CAST(i AS VARCHAR) AS id, 'y' AS v FROM range(100, 200) t(i)) TO "
          + file(dir, "b.parquet") + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id FROM range(0, 200) t(i)) TO "
          + file(right, "r.parquet") + " (FORMAT parquet)");
      ToolRun r = dedup(dir, "out", "--key-field", "id");
      assertEquals(2, r.code, r.toString());
      String line = r.err.split("\n", 2)[0];
      assertTrue(line.contains("key field \"id\" is a long key in "), line);
      assertTrue(line.contains("a.parquet but a string key in "), line);
      assertTrue(line.contains("b.parquet"), line);
      assertFalse(new File(tmp, "out").exists());
      String out = new File(tmp, "j").getPath();
      r = ToolRun.run(new JoinTool(), "--left", dir.getPath(), "--left-key", "id", "--right",
          right.getPath(), "--right-key", "id", "--output", out, "--quiet");
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.split("\n", 2)[0].contains("b.parquet"), r.err);
      assertFalse(new File(out).exists());
      // read as one type, every file's keys meet: a semi join keeps all 200 left rows
      r = ToolRun.run(new JoinTool(), "--left", dir.getPath(), "--left-key", "id",
          "--left-key-type", "string", "--right", right.getPath(), "--right-key", "id",
          "--right-key-type", "string", "--type", "left-semi", "--output", out, "--quiet");
      assertEquals(0, r.code, r.toString());
      long rows = 0;
      for (File f : new File(out).listFiles((d, n) -> n.startsWith("part-"))) {
        rows += Files.readAllLines(f.toPath()).size();
      }
      assertEquals(db.value("SELECT count(*) FROM (SELECT CAST(id AS VARCHAR) AS id FROM"
          + " read_parquet([" + file(dir, "a.parquet") + ", " + file(dir, "b.parquet")
          + "], union_by_name=true)) l SEMI JOIN read_parquet(" + file(right, "r.parquet")
          + ") r ON l.id = CAST(r.id AS VARCHAR)"), rows);
    }
  }

  @Test
  public void csvHeadersInAnotherOrderAreReadByName() throws Exception {
    File dir = newFolder(tmp, "airports");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT 'A' || i AS iata, 'name ' || i AS name FROM range(0, 40) t(i)) TO "
          + file(dir, "a.csv") + " (FORMAT csv, HEADER)");
      db.exec("COPY (SELECT 'city ' || i AS name, 'B' || i AS iata, i AS elev"
          + " FROM range(0, 30) t(i)) TO " + file(dir, "b.csv") + " (FORMAT csv, HEADER)");
      ToolRun r = dedup(dir, "out", "--input-format", "csv", "--csv-header", "--key-field",
          "iata", "--output-format", "parquet");
      assertEquals(0, r.code, r.toString());
      String cols = "iata, name, CAST(elev AS VARCHAR)";
      List<String> expected = db.lines("SELECT " + cols + " FROM read_csv(["
          + file(dir, "a.csv") + ", " + file(dir, "b.csv")
          + "], union_by_name=true, header=true) ORDER BY iata", '\t', "\\N");
      assertEquals(70, expected.size());
      assertEquals(expected, db.lines("SELECT " + cols + " FROM read_parquet(" + outGlob("out")
          + ") ORDER BY iata", '\t', "\\N"));
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
