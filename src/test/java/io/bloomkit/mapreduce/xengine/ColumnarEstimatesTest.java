package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's records of Parquet inputs come from their footers, exact, on files another
 * engine wrote (DuckDB: zstd, several row groups, strings of very different lengths), and the
 * bytes it plans with are those records' lines; a text input of the same rows is estimated from
 * its bytes, as before. The counts are DuckDB's own.
 */
public class ColumnarEstimatesTest {
  @TempDir public File tmp;

  @SuppressWarnings("unchecked")
  private static Map<String, Object> workload(ToolRun r) {
    assertEquals(BloomkitTool.OK, r.code, r.toString());
    return (Map<String, Object>) MiniJson.parseObject(r.lastLine()).get("workload");
  }

  private static long n(Map<String, Object> m, String name) {
    return ((Number) m.get(name)).longValue();
  }

  @Test
  public void parquetRecordsAreTheFootersCounts() {
    Path root = tmp.toPath();
    Path big = root.resolve("big");
    Path small = root.resolve("small.csv");
    Path bigText = root.resolve("big.csv");
    long rows;
    long smallRows;
    try (DuckDb db = DuckDb.open()) {
      // a short key and a payload of 0 to 400 characters: the decoded column bytes say little
      // of the record count
      db.exec("CREATE TABLE t AS SELECT i AS k, repeat('x', (i * 37) % 401) AS payload,"
          + " i % 7 AS g FROM range(0, 30000) r(i)");
      db.exec("CREATE TABLE s AS SELECT i * 3 AS k FROM range(0, 500) r(i)");
      new File(big.toString()).mkdirs();
      db.exec("COPY t TO " + DuckDb.literal(big.resolve("part-0.parquet"))
          + " (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)");
      db.exec("COPY (SELECT * FROM t WHERE k < 9000) TO "
          + DuckDb.literal(big.resolve("part-1.parquet")) + " (FORMAT parquet)");
      db.exec("COPY s TO " + DuckDb.literal(small) + " (FORMAT csv, HEADER false)");
      db.exec("COPY t TO " + DuckDb.literal(bigText) + " (FORMAT csv, HEADER false)");
      rows = ((Number) db.value("SELECT count(*) FROM read_parquet("
          + DuckDb.literal(big) + " || '/*.parquet')")).longValue();
      smallRows = ((Number) db.value("SELECT count(*) FROM s")).longValue();
    }
    assertEquals(39000, rows);

    // the Parquet side on the right, then on the left (sampled: no build in the client)
    Map<String, Object> w = workload(ToolRun.run(new JoinTool(), "--left", small.toString(),
        "--left-key", "0", "--left-key-type", "long", "--delimiter", ",", "--right",
        big.toString(), "--right-key", "k",
        "--output", root.resolve("o1").toString(), "--explain", "--quiet"));
    assertEquals(rows, n(w, "rightRecords"));
    assertEquals(smallRows, n(w, "leftRecords"));
    Map<String, Object> l = workload(ToolRun.run(new JoinTool(), "-D",
        "bloomkit.build.local.max.bytes=0", "--left", big.toString(), "--left-key", "k",
        "--right", small.toString(), "--right-key", "0", "--right-key-type", "long",
        "--delimiter", ",",
        "--output", root.resolve("o2").toString(), "--explain", "--quiet", "--build-side",
        "left")); // the large Parquet side as the build side, sampled
    assertEquals(rows, n(l, "leftRecords"));

    // the same rows as text: an estimate from the bytes, and the line bytes the Parquet side
    // planned with are within the sample's error of the text's (its lines are those lines)
    Map<String, Object> t = workload(ToolRun.run(new JoinTool(), "--left", small.toString(),
        "--left-key", "0", "--right", bigText.toString(), "--right-key", "0", "--delimiter", ",",
        "--output", root.resolve("o3").toString(), "--explain", "--quiet"));
    long textRows = 30000;
    assertTrue(Math.abs(n(t, "rightRecords") - textRows) < 0.2 * textRows, t.toString());
    double parquetLine = (double) n(w, "rightBytes") / rows;
    double textLine = (double) n(t, "rightBytes") / textRows;
    assertTrue(Math.abs(parquetLine - textLine) < 0.25 * textLine, parquetLine + " vs " + textLine);
    assertTrue(List.of(w, l, t).stream().allMatch(m -> n(m, "mapTasks") >= 1));
  }
}
