package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.table.OutputFiles;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A field given to a tool (key, weight) that some files of an input lack reads as null from those
 * files, as Spark's {@code mergeSchema} and DuckDB's {@code union_by_name} read them: a null key
 * never matches and is counted, a null weight counts 0. The answers equal DuckDB's SQL over {@code
 * read_parquet([...], union_by_name=true)}. A field that no file has still fails before any job.
 */
class MissingFieldsTest {
  @TempDir Path tmp;

  /** flights/a (id, dest, delay), b (id, dest: no delay), c (id, delay: no dest); airports. */
  private File flights(DuckDb db) {
    File dir = tmp.resolve("flights").toFile();
    dir.mkdirs();
    db.exec("COPY (SELECT i::BIGINT AS id, 'A' || lpad(((i * 7919) % 60)::VARCHAR, 3, '0') AS dest,"
        + " ((i * 37) % 500)::BIGINT AS delay FROM range(0, 1000) t(i)) TO " + file(dir, "a")
        + " (FORMAT parquet)");
    db.exec("COPY (SELECT i::BIGINT AS id, 'A' || lpad(((i * 31) % 70)::VARCHAR, 3, '0') AS dest"
        + " FROM range(1000, 1500) t(i)) TO " + file(dir, "b") + " (FORMAT parquet)");
    db.exec("COPY (SELECT i::BIGINT AS id, ((i * 13) % 400)::BIGINT AS delay"
        + " FROM range(1500, 1800) t(i)) TO " + file(dir, "c") + " (FORMAT parquet)");
    return dir;
  }

  private static String file(File dir, String name) {
    return DuckDb.literal(new File(dir, name + ".parquet").toPath());
  }

  private static String merged(File dir) {
    return "read_parquet([" + file(dir, "a") + ", " + file(dir, "b") + ", " + file(dir, "c")
        + "], union_by_name=true)";
  }

  private static List<String> sorted(List<String> lines) {
    List<String> s = new ArrayList<>(lines);
    Collections.sort(s);
    return s;
  }

  @Test
  void icebergsSumAsSqlWhenSomeFilesLackTheKeyOrTheWeight() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File dir = flights(db);
      // the median of the groups' sums: half the keys are icebergs
      String threshold = String.valueOf(db.value("SELECT quantile_disc(s, 0.5) FROM (SELECT"
          + " sum(delay) AS s FROM " + merged(dir) + " WHERE dest IS NOT NULL GROUP BY dest)"));
      List<String> expected = sorted(db.lines("SELECT dest || chr(9) || sum(delay) FROM "
          + merged(dir) + " WHERE dest IS NOT NULL GROUP BY dest HAVING sum(delay) >= "
          + threshold, '\t', "\\N"));
      assertTrue(expected.size() > 5 && expected.size() < 65, "some icebergs and some not");
      Path out = tmp.resolve("icebergs");
      ToolRun r = ToolRun.run(new IcebergTool(), "--input", dir.toString(), "--key-field", "dest",
          "--weight-field", "delay", "--threshold", threshold, "--output", out.toString(),
          "--quiet", "--json");
      assertEquals(0, r.code, r.toString());
      assertEquals(expected, sorted(OutputFiles.textLines(out.toFile())));
      Object nullKeys = db.value("SELECT count(*) FROM " + merged(dir) + " WHERE dest IS NULL");
      Object nullWeights = db.value("SELECT count(*) FROM " + merged(dir)
          + " WHERE dest IS NOT NULL AND delay IS NULL");
      assertTrue(r.out.contains("\"nullKeys\":" + nullKeys), r.out);
      assertTrue(r.out.contains("\"nullWeights\":" + nullWeights), r.out);
    }
  }

  @Test
  void joinMatchesOnlyTheFilesThatHaveTheKey() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File dir = flights(db);
      File airports = tmp.resolve("airports").toFile();
      airports.mkdirs();
      db.exec("COPY (SELECT 'A' || lpad(i::VARCHAR, 3, '0') AS iata, 'Airport ' || i AS name"
          + " FROM range(0, 50) t(i)) TO " + file(airports, "airports") + " (FORMAT parquet)");
      for (String strategy : new String[] {"auto", "reduce-side"}) {
        Path out = tmp.resolve("semi-" + strategy);
        ToolRun r = ToolRun.run(new JoinTool(), "--left", dir.toString(), "--left-key", "dest",
            "--right", airports.toString(), "--right-key", "iata", "--type", "left-semi",
            "--strategy", strategy, "--output-format", "parquet", "--output", out.toString(),
            "--quiet");
        assertEquals(0, r.code, r.toString());
        String ids = "SELECT id FROM %s ORDER BY id";
        List<String> expected = db.lines(String.format(ids, merged(dir)
            + " l SEMI JOIN " + "read_parquet(" + file(airports, "airports") + ") r"
            + " ON l.dest = r.iata"), '\t', "\\N");
        assertFalse(expected.isEmpty());
        assertEquals(expected, db.lines(String.format(ids, "read_parquet("
            + DuckDb.literal(out) + " || '/part-*')"), '\t', "\\N"), strategy);
      }
    }
  }

  @Test
  void aFieldNoFileHasFailsBeforeAnyJobNamingIt() throws Exception {
    try (DuckDb db = DuckDb.open()) {
      File dir = flights(db);
      Path out = tmp.resolve("typo");
      ToolRun r = ToolRun.run(new IcebergTool(), "--input", dir.toString(), "--key-field", "dest",
          "--weight-field", "dealy", "--threshold", "3000", "--output", out.toString(),
          "--quiet");
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.contains("\"dealy\"") && r.err.contains("delay"), r.err);
      assertFalse(out.toFile().exists());
    }
  }
}
