package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.testing.RepoFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A self-join (the same file on both sides, or a directory on one side and one of its files on
 * the other) gives SQL's answer: DuckDB's {@code SELECT ... FROM t a JOIN t b ON a.k = b.k} (and
 * its outer joins) on the same file, as a multiset of bloomkit's text lines; each side counts
 * every record once. A text file (written here from DuckDB's rows) and a Parquet file (written by
 * DuckDB), every pair-writing join type, reduce-side with and without a filter, map-side where it
 * applies.
 */
class SelfJoinTest {
  @TempDir static Path tmp;

  private static DuckDb db;
  /** Rows of t; of them, rows with a null key. */
  private static long rows;
  private static long nullKeys;

  private static final String[] COLUMNS = {"id", "k", "v"};

  @BeforeAll
  public static void table() throws Exception {
    db = DuckDb.open();
    // 80 rows, 13 keys of 4 to 7 rows each, every 11th key null
    db.exec("CREATE TABLE t AS SELECT i::BIGINT AS id, CASE WHEN i % 11 = 0 THEN NULL"
        + " ELSE 'k' || (i * 7 % 13)::VARCHAR END AS k, 'v' || i AS v FROM range(0, 80) s(i)");
    rows = ((Number) db.value("SELECT count(*) FROM t")).longValue();
    nullKeys = ((Number) db.value("SELECT count(*) FROM t WHERE k IS NULL")).longValue();
    Path parquet = tmp.resolve("parquet/t.parquet");
    Files.createDirectories(parquet.getParent());
    db.exec("COPY (SELECT * FROM t ORDER BY id) TO " + DuckDb.literal(parquet)
        + " (FORMAT parquet)");
    Path text = tmp.resolve("text/t.txt");
    Files.createDirectories(text.getParent());
    Files.write(text, db.lines("SELECT " + line("t") + " FROM t ORDER BY id", '\t', "\\N"),
        StandardCharsets.UTF_8);
    // the same rows in two files of one directory, for overlapping sides
    Path dir = tmp.resolve("dir");
    Files.createDirectories(dir);
    Files.write(dir.resolve("low.txt"), db.lines("SELECT " + line("t")
        + " FROM t WHERE id < 30 ORDER BY id", '\t', "\\N"), StandardCharsets.UTF_8);
    Files.write(dir.resolve("high.txt"), db.lines("SELECT " + line("t")
        + " FROM t WHERE id >= 30 ORDER BY id", '\t', "\\N"), StandardCharsets.UTF_8);
  }

  @AfterAll
  public static void close() {
    db.close();
  }

  /** A row of t as bloomkit writes it as text: fields joined by tabs, null as {@code \N}. */
  private static String line(String alias) {
    StringBuilder b = new StringBuilder();
    for (String c : COLUMNS) {
      if (b.length() > 0) {
        b.append(" || chr(9) || ");
      }
      b.append("coalesce(").append(alias).append('.').append(c).append("::VARCHAR, '\\N')");
    }
    return b.toString();
  }

  /** DuckDB's self-join of {@code left} and {@code right} (SQL relations) as bloomkit's lines. */
  private static List<String> expected(String type, String left, String right) {
    String pairs = "SELECT " + line("a") + " || chr(9) || " + line("b") + " FROM " + left
        + " a JOIN " + right + " b ON a.k = b.k";
    String leftAlone = "SELECT " + line("a") + " || chr(9) FROM " + left + " a ANTI JOIN "
        + right + " b ON a.k = b.k";
    String rightAlone = "SELECT chr(9) || " + line("b") + " FROM " + right + " b ANTI JOIN "
        + left + " a ON a.k = b.k";
    String sql;
    switch (type) {
      case "inner":
        sql = pairs;
        break;
      case "left-outer":
        sql = pairs + " UNION ALL " + leftAlone;
        break;
      case "right-outer":
        sql = pairs + " UNION ALL " + rightAlone;
        break;
      case "full-outer":
        // FULL JOIN itself: a side's columns all null where it has no match
        sql = "SELECT CASE WHEN a.id IS NULL THEN chr(9) || " + line("b") + " WHEN b.id IS NULL"
            + " THEN " + line("a") + " || chr(9) ELSE " + line("a") + " || chr(9) || " + line("b")
            + " END FROM " + left + " a FULL JOIN " + right + " b ON a.k = b.k";
        break;
      default:
        throw new IllegalArgumentException(type);
    }
    return CrossEngineTest.sorted(db.lines(sql, '\t', "\\N"));
  }

  /** Runs a join; its JSON result. */
  private static Map<String, Object> join(String left, String right, String key, String... more)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("--left", left, "--left-key", key, "--right",
        right, "--right-key", key));
    args.addAll(Arrays.asList(more));
    args.add("--json");
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static long n(Map<String, Object> j, String key) {
    Object v = j.get(key);
    assertTrue(v instanceof Long, key + " in " + j);
    return (Long) v;
  }

  /**
   * Every type on one file on both sides: DuckDB's answer, and every record counted once per side
   * ({@code records = passed + dropped + null keys}, or matched + unmatched + null keys map-side).
   */
  private void selfJoinEqualsDuckDb(String name, String file, String key, String relation)
      throws Exception {
    String[][] runs = {
        {"inner", "reduce-side", "acbf"}, {"inner", "reduce-side", "none"},
        {"left-outer", "reduce-side", "acbf"}, {"left-outer", "reduce-side", "none"},
        {"right-outer", "reduce-side", "acbf"}, {"right-outer", "reduce-side", "none"},
        {"full-outer", "reduce-side", "acbf"}, {"full-outer", "reduce-side", "none"},
        {"inner", "map-side", null}, {"right-outer", "map-side", null}};
    for (String[] run : runs) {
      String type = run[0];
      String what = name + " " + String.join(" ", Arrays.asList(run).subList(0, 2)) + " filter "
          + run[2];
      Path out = tmp.resolve("out-" + name + "-" + type + "-" + run[1] + "-" + run[2]);
      List<String> opts = new ArrayList<>(List.of("--type", type, "--strategy", run[1],
          "--output", out.toString()));
      if (run[2] != null) {
        opts.addAll(List.of("--filter-type", run[2]));
      }
      Map<String, Object> j = join(file, file, key, opts.toArray(new String[0]));
      List<String> want = expected(type, relation, relation);
      assertEquals(want, CrossEngineTest.lines(out), what);
      assertEquals(rows, n(j, "leftRecords"), what);
      assertEquals(rows, n(j, "rightRecords"), what);
      assertEquals(nullKeys, n(j, "leftNullKeys"), what);
      assertEquals(nullKeys, n(j, "rightNullKeys"), what);
      assertEquals((long) want.size(), n(j, "outputRecords"), what);
      assertEquals(run[1], j.get("strategy"), what);
      if (run[1].equals("map-side")) {
        assertEquals(rows, n(j, "mapSideRightMatched") + n(j, "mapSideRightUnmatched")
            + n(j, "rightNullKeys"), what);
        assertEquals(rows - nullKeys, n(j, "mapSideRightMatched"), what);
      } else {
        assertEquals(rows, n(j, "leftPassed") + n(j, "leftNullKeys"), what);
        // every non-null key is a left key: the filter drops none of the right side
        assertEquals(0L, n(j, "rightDroppedByFilter"), what);
        assertEquals(0L, n(j, "leftKeysRejectedByFilter"), what);
        assertEquals(rows - nullKeys, n(j, "rightPassed"), what);
      }
    }
  }

  @Test
  public void selfJoinOfATextFileEqualsDuckDb() throws Exception {
    selfJoinEqualsDuckDb("text", tmp.resolve("text/t.txt").toString(), "1", "t");
  }

  @Test
  public void selfJoinOfAParquetFileEqualsDuckDb() throws Exception {
    Path file = tmp.resolve("parquet/t.parquet");
    selfJoinEqualsDuckDb("parquet", file.toString(), "k",
        "read_parquet(" + DuckDb.literal(file) + ")");
  }

  /** A directory on the left and one of its files on the right: the file is read by both sides. */
  @Test
  public void overlappingSidesEqualDuckDb() throws Exception {
    Path dir = tmp.resolve("dir");
    String high = "(SELECT * FROM t WHERE id >= 30)";
    long highRows = ((Number) db.value("SELECT count(*) FROM " + high + " h")).longValue();
    for (String[] run : new String[][] {{"inner", "reduce-side"}, {"full-outer", "reduce-side"},
        {"inner", "map-side"}}) {
      Path out = tmp.resolve("out-overlap-" + run[0] + "-" + run[1]);
      Map<String, Object> j = join(dir.toString(), dir.resolve("high.txt").toString(), "1",
          "--type", run[0], "--strategy", run[1], "--output", out.toString());
      assertEquals(expected(run[0], "t", high), CrossEngineTest.lines(out), run[0] + " " + run[1]);
      assertEquals(rows, n(j, "leftRecords"));
      assertEquals(highRows, n(j, "rightRecords"));
    }
    // and the other way round: the file on the left, its directory on the right
    Path out = tmp.resolve("out-overlap-reversed");
    Map<String, Object> j = join(dir.resolve("high.txt").toString(), dir.toString(), "1",
        "--type", "right-outer", "--strategy", "reduce-side", "--output", out.toString());
    assertEquals(expected("right-outer", high, "t"), CrossEngineTest.lines(out));
    assertEquals(highRows, n(j, "leftRecords"));
    assertEquals(rows, n(j, "rightRecords"));
  }

  /** {@code join --help} and docs/tools.md say a self-join is allowed; the old refusal is gone. */
  @Test
  public void helpAndDocsAllowASelfJoin() throws Exception {
    ToolRun r = ToolRun.run(new JoinTool(), "--help");
    assertEquals(0, r.code, r.toString());
    assertTrue(r.err.replaceAll("\\s+", " ").contains("a self-join, as in SQL"), r.err);
    String docs = Files.readString(RepoFiles.path("docs/tools.md")).replaceAll("\\s+", " ");
    assertTrue(docs.contains("a self-join, allowed as in SQL"));
    assertTrue(!docs.contains("on both sides is refused"));
    assertTrue(!docs.contains("cannot read a path whose name holds a comma"));
  }
}
