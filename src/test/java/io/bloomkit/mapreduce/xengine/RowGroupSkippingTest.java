package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe side's Parquet row groups that hold none of the build side's keys are skipped (their
 * statistics, by the keys' bounds and list), on a file DuckDB wrote sorted by the key in row
 * groups of 2,048 rows (DuckDB's least for ROW_GROUP_SIZE 1000): the count of skipped row groups, rows and bytes is DuckDB's own
 * metadata's count of row groups whose [min, max] holds no left key, and every join answer is
 * DuckDB's SQL. A type that keeps unmatched right records skips nothing.
 */
public class RowGroupSkippingTest {
  @TempDir public static File tmp;

  private static DuckDb db;
  private static File right;
  private static File left;
  private static String file;

  /** The left keys: in three row groups, one beyond every row group. */
  private static final long[] KEYS = {1500, 1501, 7200, 7999, 19999, 25000};

  @BeforeAll
  public static void tables() {
    db = DuckDb.open();
    right = new File(tmp, "right");
    left = new File(tmp, "left");
    right.mkdirs();
    left.mkdirs();
    file = new File(right, "r.parquet").getPath();
    db.exec("COPY (SELECT i::BIGINT AS k, 'k' || lpad(i::VARCHAR, 6, '0') AS s,"
        + " (i % 7)::BIGINT AS v FROM range(20000) r(i) ORDER BY i) TO '" + file
        + "' (FORMAT parquet, ROW_GROUP_SIZE 1000)");
    StringBuilder values = new StringBuilder();
    for (long k : KEYS) {
      values.append(values.length() == 0 ? "" : ", ").append('(').append(k).append(')');
    }
    db.exec("CREATE TABLE keys AS SELECT x AS k, 'k' || lpad(x::VARCHAR, 6, '0') AS s,"
        + " 'n' || x AS name FROM (VALUES " + values + ") t(x)");
    db.exec("COPY keys TO '" + new File(left, "l.csv") + "' (HEADER true)");
  }

  @AfterAll
  public static void close() {
    db.close();
  }

  /** DuckDB's metadata: the row groups of column {@code column} whose [min, max] holds no key. */
  private static List<Object> unmatchedRowGroups(String column, String cast) {
    return db.rows("SELECT count(*), coalesce(sum(row_group_num_rows), 0) FROM parquet_metadata('"
        + file + "') m WHERE path_in_schema = '" + column + "' AND NOT EXISTS (SELECT 1 FROM keys"
        + " WHERE keys." + column + " BETWEEN m.stats_min_value::" + cast
        + " AND m.stats_max_value::" + cast + ")").get(0);
  }

  private static Map<String, Object> join(String type, String key, String... more) {
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", key,
        "--left-format", "csv", "--csv-header", "--right", right.getPath(), "--right-key", key,
        "--type", type, "--output", new File(tmp, type + "-" + key + more.length).getPath(),
        "--json"));
    if (key.equals("k")) {
      args.addAll(List.of("--left-key-type", "long"));
    }
    args.addAll(List.of(more));
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(BloomkitTool.OK, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static List<String> lines(String type, String key, int more) throws Exception {
    List<String> out = OutputFiles.textLines(new File(tmp, type + "-" + key + more));
    Collections.sort(out);
    return out;
  }

  private static List<String> sql(String select) {
    List<String> out = db.lines(select, '\t', "\\N");
    Collections.sort(out);
    return out;
  }

  private static long n(Object o) {
    return ((Number) o).longValue();
  }

  private static final String L = "l.k || ',' || l.s || ',' || l.name";
  private static final String R = "r.k || chr(9) || r.s || chr(9) || r.v";

  @Test
  public void rowGroupsWithoutALeftKeyAreSkippedAndTheAnswersStaySqls() throws Exception {
    String r = "read_parquet('" + file + "')";
    List<Object> expected = unmatchedRowGroups("k", "BIGINT");
    assertTrue(((Number) expected.get(0)).longValue() >= 5, expected.toString());
    long bytes = ((Number) db.value("SELECT sum(total_compressed_size) FROM parquet_metadata('"
        + file + "') m WHERE NOT EXISTS (SELECT 1 FROM keys WHERE keys.k BETWEEN"
        + " (SELECT stats_min_value::BIGINT FROM parquet_metadata('" + file + "') x WHERE"
        + " x.row_group_id = m.row_group_id AND x.path_in_schema = 'k') AND (SELECT"
        + " stats_max_value::BIGINT FROM parquet_metadata('" + file + "') x WHERE x.row_group_id"
        + " = m.row_group_id AND x.path_in_schema = 'k'))")).longValue();
    String[][] types = {
      {"inner", "SELECT " + L + " || chr(9) || " + R + " FROM keys l JOIN " + r
          + " r ON l.k = r.k"},
      {"left-semi", "SELECT " + L + " FROM keys l SEMI JOIN " + r + " r ON l.k = r.k"},
      {"left-anti", "SELECT " + L + " FROM keys l ANTI JOIN " + r + " r ON l.k = r.k"},
      {"right-semi", "SELECT " + R + " FROM " + r + " r SEMI JOIN keys l ON l.k = r.k"},
    };
    // the fast tier: inner and left-anti (the full tier: every type that skips)
    for (String[] t : Tier.full() ? types : new String[][] {types[0], types[2]}) {
      Map<String, Object> j = join(t[0], "k", "--strategy", "reduce-side");
      assertEquals(n(expected.get(0)), n(j.get("rightRowGroupsSkipped")), t[0] + " " + j);
      assertEquals(n(expected.get(1)), n(j.get("rightRowsSkipped")), t[0]);
      assertEquals(bytes, ((Number) j.get("rightBytesSkipped")).longValue(), t[0]);
      // every right record is read or skipped
      assertEquals(20000L, ((Number) j.get("rightRecords")).longValue()
          + ((Number) j.get("rightRowsSkipped")).longValue(), t[0]);
      assertEquals(sql(t[1]), lines(t[0], "k", 2), t[0]);
    }
    // named the other way round (the Parquet file as --left), the planner builds on the right
    // and probes the left: the same row groups are skipped
    ToolRun swapped = ToolRun.run(new JoinTool(), "--left", right.getPath(), "--left-key", "k",
        "--right", left.getPath(), "--right-key", "k", "--right-format", "csv", "--csv-header",
        "--right-key-type", "long", "--type", "left-semi", "--build-side", "right",
        "--strategy", "reduce-side", "--output", new File(tmp, "swapped").getPath(), "--json");
    assertEquals(BloomkitTool.OK, swapped.code, swapped.toString());
    Map<String, Object> s = MiniJson.parseObject(swapped.lastLine());
    assertEquals("right", ((Map<?, ?>) s.get("plan")).get("buildSide"), s.toString());
    assertEquals(n(expected.get(0)), n(s.get("rightRowGroupsSkipped")), s.toString());
    List<String> semi = OutputFiles.textLines(new File(tmp, "swapped"));
    Collections.sort(semi);
    assertEquals(sql("SELECT " + R + " FROM " + r + " r SEMI JOIN keys l ON l.k = r.k"), semi);
    // a type that writes the unmatched right records reads them all
    Map<String, Object> j = join("right-anti", "k", "--strategy", "reduce-side");
    assertEquals(0L, j.get("rightRowGroupsSkipped"));
    assertEquals(20000L, j.get("rightRecords"));
    assertEquals(sql("SELECT " + R + " FROM " + r + " r ANTI JOIN keys l ON l.k = r.k"),
        lines("right-anti", "k", 2));
  }

  /**
   * The planner charges the right side only for the rows of the row groups the left keys' bounds
   * do not rule out: its workload's read share is DuckDB's count of the rows in row groups whose
   * [min, max] holds a key, over all rows; a type that writes the unmatched right rows reads them
   * all.
   */
  @Test
  @SuppressWarnings("unchecked")
  public void thePlannerChargesOnlyTheRowGroupsItReads() throws Exception {
    double expected = (20000 - n(unmatchedRowGroups("k", "BIGINT").get(1))) / 20000.0;
    assertTrue(expected > 0 && expected < 0.5, "share " + expected);
    for (String type : List.of("inner", "right-anti")) {
      Map<String, Object> w = (Map<String, Object>) join(type, "k", "--explain").get("workload");
      assertEquals(type.equals("inner") ? expected : 1.0, (Double) w.get("rightReadShare"), 1e-12,
          type + " " + w);
      assertEquals(20000L, n(w.get("rightRecords")), type);
    }
  }

  /**
   * The planner charges an ORC right side only for the stripes whose statistics can hold a left
   * key: 20 stripes of 1,000 rows (stripe s holds the keys 1,000 s to 1,000 s + 999), the read
   * share the naive count of the stripes a key falls in, over all rows; a type that writes the
   * unmatched right rows reads them all. The join's answer is DuckDB's on the Parquet file.
   */
  @Test
  @SuppressWarnings("unchecked")
  public void thePlannerChargesOnlyTheOrcStripesItReads() throws Exception {
    File orcDir = new File(tmp, "orc-stripes");
    orcDir.mkdirs();
    org.apache.hadoop.conf.Configuration conf = ToolRun.localConf();
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(new File(orcDir, "r.orc").toURI());
    org.apache.orc.TypeDescription type =
        org.apache.orc.TypeDescription.fromString("struct<k:bigint,s:string,v:bigint>");
    try (org.apache.orc.Writer w = org.apache.orc.OrcFile.createWriter(path,
        org.apache.orc.OrcFile.writerOptions(conf).setSchema(type))) {
      org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch batch = type.createRowBatch(1000);
      for (int stripe = 0; stripe < 20; stripe++) {
        for (int i = 1000 * stripe; i < 1000 * (stripe + 1); i++) {
          int r = batch.size++;
          ((org.apache.hadoop.hive.ql.exec.vector.LongColumnVector) batch.cols[0]).vector[r] = i;
          ((org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector) batch.cols[1]).setVal(r,
              String.format("k%06d", i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
          ((org.apache.hadoop.hive.ql.exec.vector.LongColumnVector) batch.cols[2]).vector[r] =
              i % 7;
        }
        w.addRowBatch(batch);
        batch.reset();
        w.writeIntermediateFooter(); // ends the stripe
      }
    }
    try (org.apache.orc.Reader r = org.apache.orc.OrcFile.createReader(path,
        org.apache.orc.OrcFile.readerOptions(conf))) {
      assertEquals(20, r.getStripes().size());
    }
    java.util.Set<Long> stripes = new java.util.TreeSet<>();
    for (long k : KEYS) {
      if (k < 20000) {
        stripes.add(k / 1000);
      }
    }
    double expected = 1000.0 * stripes.size() / 20000;
    assertTrue(expected > 0 && expected < 0.5, "share " + expected);
    for (String t : List.of("inner", "right-anti")) {
      ToolRun run = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "k",
          "--left-format", "csv", "--csv-header", "--left-key-type", "long", "--right",
          orcDir.getPath(), "--right-key", "k", "--type", t, "--output",
          new File(tmp, "orc-stripes-" + t).getPath(), "--json", "--explain");
      assertEquals(BloomkitTool.OK, run.code, run.toString());
      Map<String, Object> w =
          (Map<String, Object>) MiniJson.parseObject(run.lastLine()).get("workload");
      assertEquals(t.equals("inner") ? expected : 1.0, (Double) w.get("rightReadShare"), 1e-12,
          t + " " + w);
      assertEquals(20000L, n(w.get("rightRecords")), t);
    }
    String out = new File(tmp, "orc-stripes-joined").getPath();
    ToolRun run = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "k",
        "--left-format", "csv", "--csv-header", "--left-key-type", "long", "--right",
        orcDir.getPath(), "--right-key", "k", "--output", out, "--json");
    assertEquals(BloomkitTool.OK, run.code, run.toString());
    List<String> got = OutputFiles.textLines(new File(out));
    Collections.sort(got);
    assertEquals(sql("SELECT " + L + " || chr(9) || " + R + " FROM keys l JOIN read_parquet('"
        + file + "') r ON l.k = r.k"), got);
  }

  /**
   * The same rows written by ORC's writer with a row index every 1,000 rows: the rows of the
   * index's row groups without a left key are skipped (the naive count: 1,000 per row group
   * {@code k / 1000} that no key falls in), and the answers are DuckDB's on the Parquet file.
   */
  @Test
  public void orcRowGroupsWithoutALeftKeyAreSkipped() throws Exception {
    File orcDir = new File(tmp, "orc");
    orcDir.mkdirs();
    org.apache.hadoop.conf.Configuration conf = ToolRun.localConf();
    org.apache.orc.TypeDescription type =
        org.apache.orc.TypeDescription.fromString("struct<k:bigint,s:string,v:bigint>");
    try (org.apache.orc.Writer w = org.apache.orc.OrcFile.createWriter(
        new org.apache.hadoop.fs.Path(new File(orcDir, "r.orc").toURI()),
        org.apache.orc.OrcFile.writerOptions(conf).setSchema(type).rowIndexStride(1000))) {
      org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch batch = type.createRowBatch(2000);
      for (int i = 0; i < 20000; i++) {
        int r = batch.size++;
        ((org.apache.hadoop.hive.ql.exec.vector.LongColumnVector) batch.cols[0]).vector[r] = i;
        ((org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector) batch.cols[1]).setVal(r,
            String.format("k%06d", i).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ((org.apache.hadoop.hive.ql.exec.vector.LongColumnVector) batch.cols[2]).vector[r] = i % 7;
        if (batch.size == batch.getMaxSize()) {
          w.addRowBatch(batch);
          batch.reset();
        }
      }
      w.addRowBatch(batch);
    }
    java.util.Set<Long> groups = new java.util.TreeSet<>();
    for (long k : KEYS) {
      if (k < 20000) {
        groups.add(k / 1000);
      }
    }
    long skipped = 20000 - 1000L * groups.size();
    String r = "read_parquet('" + file + "')";
    String[][] types = {
      {"inner", "SELECT " + L + " || chr(9) || " + R + " FROM keys l JOIN " + r
          + " r ON l.k = r.k"},
      {"right-semi", "SELECT " + R + " FROM " + r + " r SEMI JOIN keys l ON l.k = r.k"},
    };
    for (String[] t : Tier.full() ? types : new String[][] {types[1]}) {
      String out = new File(tmp, "orc-" + t[0]).getPath();
      ToolRun run = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "k",
          "--left-format", "csv", "--csv-header", "--left-key-type", "long", "--right",
          orcDir.getPath(), "--right-key", "k", "--type", t[0], "--strategy", "reduce-side",
          "--output", out, "--json");
      assertEquals(BloomkitTool.OK, run.code, run.toString());
      Map<String, Object> j = MiniJson.parseObject(run.lastLine());
      assertEquals(skipped, j.get("rightRowsSkipped"), t[0] + " " + j);
      assertEquals(20000L - skipped, j.get("rightRecords"), t[0]);
      List<String> got = OutputFiles.textLines(new File(out));
      Collections.sort(got);
      assertEquals(sql(t[1]), got, t[0]);
    }
  }

  @Test
  public void stringKeysSkipByTheirUtf8Order() throws Exception {
    String r = "read_parquet('" + file + "')";
    List<Object> expected = unmatchedRowGroups("s", "VARCHAR");
    assertTrue(((Number) expected.get(0)).longValue() >= 5, expected.toString());
    Map<String, Object> j = join("inner", "s");
    assertEquals(n(expected.get(0)), n(j.get("rightRowGroupsSkipped")), j.toString());
    assertEquals(n(expected.get(1)), n(j.get("rightRowsSkipped")));
    assertEquals(sql("SELECT " + L + " || chr(9) || " + R + " FROM keys l JOIN " + r
        + " r ON l.s = r.s"), lines("inner", "s", 0));
  }
}
