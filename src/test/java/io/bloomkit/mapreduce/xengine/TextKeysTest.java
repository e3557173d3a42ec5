package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keys in CSV text as DuckDB (like Hive and Spark) writes them, joined with typed Parquet columns
 * and counted against DuckDB's typed SQL join: timestamps {@code 2001-01-02 09:06:00[.fff]}, a
 * date alone read as a timestamp (midnight), and numbers with surrounding blanks.
 */
public class TextKeysTest {
  @TempDir public File tmp;

  private static String file(File f) {
    return DuckDb.literal(f.toPath());
  }

  /** An inner join's output rows. */
  private long join(File left, String leftKey, String leftType, File right, String rightKey,
      String... extra) throws Exception {
    File out = new File(tmp, "out-" + System.nanoTime());
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-format", "csv",
        "--csv-header", "--left-key", leftKey, "--left-key-type", leftType, "--right",
        right.getPath(), "--right-key", rightKey, "--output", out.getPath(), "--quiet"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    long rows = 0;
    for (File f : out.listFiles((d, n) -> n.startsWith("part-"))) {
      rows += Files.readAllLines(f.toPath(), StandardCharsets.UTF_8).size();
    }
    return rows;
  }

  @Test
  public void timestampsWithASpaceAndDatesAloneMeetTimestampColumns() throws Exception {
    File left = newFile(tmp, "left.csv");
    File dates = newFile(tmp, "dates.csv");
    File right = newFile(tmp, "right.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT TIMESTAMP '2001-01-02 09:06:00' + i * INTERVAL 90 SECOND"
          + " + (i % 3) * INTERVAL 250 MILLISECOND AS ts, i AS id FROM range(0, 300) t(i)) TO "
          + file(left) + " (FORMAT csv, HEADER)");
      db.exec("COPY (SELECT DATE '2001-01-01' + CAST(i AS INTEGER) AS d FROM range(0, 40) t(i))"
          + " TO " + file(dates) + " (FORMAT csv, HEADER)");
      db.exec("COPY (SELECT TIMESTAMP '2001-01-02 09:06:00' + i * INTERVAL 90 SECOND"
          + " + (i % 3) * INTERVAL 250 MILLISECOND AS ts FROM range(0, 600, 2) t(i)"
          + " UNION ALL SELECT TIMESTAMP '2001-01-01 00:00:00' + i * INTERVAL 12 HOUR"
          + " FROM range(0, 30) t(i)) TO " + file(right) + " (FORMAT parquet)");
      assertEquals("2001-01-02 09:07:30.25",
          Files.readAllLines(left.toPath()).get(2).split(",")[0]); // as DuckDB writes it
      long expected = (Long) db.value("SELECT count(*) FROM read_csv(" + file(left)
          + ", header=true) l JOIN read_parquet(" + file(right) + ") r ON l.ts = r.ts");
      assertEquals(expected, join(left, "ts", "timestamp", right, "ts"));
      long midnights = (Long) db.value("SELECT count(*) FROM read_csv(" + file(dates)
          + ", header=true) l JOIN read_parquet(" + file(right)
          + ") r ON CAST(l.d AS TIMESTAMP) = r.ts");
      assertEquals(midnights, join(dates, "d", "timestamp", right, "ts"));
    }
  }

  @Test
  public void numbersWithBlanksAreTrimmedAsSqlCastsThem() throws Exception {
    File left = newFile(tmp, "padded.csv");
    StringBuilder csv = new StringBuilder("n,price\n");
    for (int i = 0; i < 100; i++) {
      csv.append(i % 2 == 0 ? " " + i + " " : "\t" + i).append(',')
          .append(i % 3 == 0 ? " " : "").append(i).append(".50 \n");
    }
    Files.write(left.toPath(), csv.toString().getBytes(StandardCharsets.UTF_8));
    File right = newFile(tmp, "right.parquet");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS n, CAST(i + 0.5 AS DECIMAL(9,2)) AS price"
          + " FROM range(0, 200, 3) t(i)) TO " + file(right) + " (FORMAT parquet)");
      String l = "read_csv(" + file(left) + ", header=true, all_varchar=true)";
      long expected = (Long) db.value("SELECT count(*) FROM " + l + " l JOIN read_parquet("
          + file(right) + ") r ON CAST(trim(l.n, ' \t') AS BIGINT) = r.n");
      assertEquals(expected, join(left, "n", "long", right, "n"));
      File rightCsv = newFile(tmp, "right.csv");
      db.exec("COPY (SELECT i + 0.5 AS price FROM range(0, 200, 3) t(i)) TO "
          + file(rightCsv) + " (FORMAT csv, HEADER)");
      long prices = (Long) db.value("SELECT count(*) FROM " + l + " l JOIN read_csv("
          + file(rightCsv) + ", header=true) r ON CAST(trim(l.price) AS DECIMAL(9,2)) = r.price");
      assertEquals(prices, join(left, "price", "decimal", rightCsv, "price", "--right-format",
          "csv", "--right-key-type", "decimal"));
    }
  }

  @Test
  public void emptyCsvKeysAsDuckDbWritesNullWarnOnceAndJoinAsSqlWithEmptyIsNull()
      throws Exception {
    File left = newFile(tmp, "l.csv");
    File right = newFile(tmp, "r.csv");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT CASE WHEN i % 10 = 0 THEN NULL ELSE 'k' || (i % 40) END AS k, i AS v"
          + " FROM range(0, 200) t(i)) TO " + file(left) + " (FORMAT csv, HEADER)");
      db.exec("COPY (SELECT CASE WHEN i % 7 = 0 THEN NULL ELSE 'k' || i END AS k, i AS w"
          + " FROM range(0, 60) t(i)) TO " + file(right) + " (FORMAT csv, HEADER)");
      String[] args = {"--left", left.getPath(), "--left-format", "csv", "--csv-header",
          "--left-key", "k", "--right", right.getPath(), "--right-format", "csv",
          "--right-key", "k"};
      List<String> a = new ArrayList<>(Arrays.asList(args));
      a.addAll(List.of("--output", new File(tmp, "o1").getPath()));
      ToolRun r = ToolRun.run(new JoinTool(), a.toArray(new String[0]));
      assertEquals(0, r.code, r.toString());
      String warning = "join: warning: the left input's " + new org.apache.hadoop.fs.Path(
          left.toURI()) + " has empty key fields";
      Assertions.assertTrue(r.err.contains(warning), r.err);
      assertEquals(r.err.indexOf("join: warning:"), r.err.lastIndexOf("join: warning:"), r.err);
      a = new ArrayList<>(Arrays.asList(args));
      a.addAll(List.of("--empty-is-null", "--output", new File(tmp, "o2").getPath()));
      r = ToolRun.run(new JoinTool(), a.toArray(new String[0]));
      assertEquals(0, r.code, r.toString());
      Assertions.assertFalse(r.err.contains("join: warning:"), r.err);
      long rows = 0;
      for (File f : new File(tmp, "o2").listFiles((d, n) -> n.startsWith("part-"))) {
        rows += Files.readAllLines(f.toPath(), StandardCharsets.UTF_8).size();
      }
      assertEquals(db.value("SELECT count(*) FROM read_csv(" + file(left) + ", header=true) l"
          + " JOIN read_csv(" + file(right) + ", header=true) r ON l.k = r.k"), rows);
    }
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
