package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.probe.ProbeTool;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * bloomkit's tools on table files another engine wrote, against that engine's SQL answer. DuckDB
 * writes a small airports table (the build side, with a duplicate and a null key) and a flights
 * table (the probe side: keys missing from airports, null keys) in each layout below; every join
 * type, dedup (exact, counting), icebergs (exact, counting with {@code --verify}), probe with two
 * filters and {@code build} + {@code join --filter} run in local mode, and their text outputs must
 * equal, as multisets of lines, what DuckDB's {@code SEMI JOIN}, {@code ANTI JOIN}, {@code FULL
 * JOIN}, window functions and {@code GROUP BY ... HAVING} give on the same files. A Parquet output
 * of bloomkit is read back by DuckDB (row count and a sum).
 */
@ParameterizedClass(name = "{0}")
@MethodSource("layouts")
class CrossEngineTest {
  @TempDir static Path tmp;

  private static DuckDb db;

  /** The layouts: how DuckDB writes the two tables, and how bloomkit is told to read them. */
  static Collection<Object[]> layouts() {
    return Arrays.asList(new Object[][] {
        {"parquet-snappy", "(FORMAT parquet, COMPRESSION snappy)", ".parquet", new String[0]},
        {"csv-header", "(FORMAT csv, HEADER)", ".csv",
            new String[] {"--input-format", "csv", "--csv-header", "--empty-is-null"}},
    });
  }

  private final String layout;
  private final String copyOptions;
  private final String suffix;
  private final String[] readOptions;

  CrossEngineTest(String layout, String copyOptions, String suffix, String[] readOptions) {
    this.layout = layout;
    this.copyOptions = copyOptions;
    this.suffix = suffix;
    this.readOptions = readOptions;
  }

  @BeforeAll
  public static void tables() {
    db = DuckDb.open();
    // 200 airports A000..A199, one key twice, one null key; zone a small integer
    db.exec("CREATE TABLE airports AS SELECT 'A' || lpad(i::VARCHAR, 3, '0') AS iata,"
        + " 'Airport ' || i AS name, (i % 7)::BIGINT AS zone FROM range(0, 200) t(i)");
    db.exec("INSERT INTO airports VALUES (NULL, 'Nowhere', 3), ('A005', 'Airport 5 bis', 5)");
    // 3,000 flights: origins A000..A259 (a quarter absent from airports), every 97th null
    db.exec("CREATE TABLE flights AS SELECT i::BIGINT AS id,"
        + " CASE WHEN i % 97 = 0 THEN NULL ELSE 'A' || lpad(((i * 7919) % 260)::VARCHAR, 3, '0')"
        + " END AS origin, 'A' || lpad(((i * 104729) % 230)::VARCHAR, 3, '0') AS dest,"
        + " ((i * 37) % 500)::BIGINT AS delay FROM range(0, 3000) t(i)");
  }

  @AfterAll
  public static void close() {
    db.close();
  }

  /** The table written by DuckDB in this layout, once per layout. */
  private Path table(String name) {
    Path dir = tmp.resolve(layout).resolve(name);
    Path file = dir.resolve(name + suffix);
    if (!Files.exists(file)) {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      db.exec("COPY (SELECT * FROM " + name + ") TO " + DuckDb.literal(file) + " " + copyOptions);
    }
    return dir;
  }

  /** DuckDB's view of the file as it wrote it (read back, not the table in memory). */
  private String scan(String name) {
    String file = DuckDb.literal(table(name).resolve(name + suffix));
    return suffix.equals(".csv")
        ? "read_csv(" + file + ", header = true, auto_detect = true)"
        : "read_parquet(" + file + ", file_row_number = true)";
  }

  /**
   * A record as bloomkit writes it as text: a columnar record's fields joined by the delimiter
   * (tab) with null as {@code \N}; a CSV record as its line as read (comma, null as an empty field).
   */
  private String line(String alias, String... columns) {
    boolean csv = suffix.equals(".csv");
    StringBuilder b = new StringBuilder();
    for (String c : columns) {
      if (b.length() > 0) {
        b.append(csv ? " || ',' || " : " || chr(9) || ");
      }
      b.append("coalesce(").append(alias).append('.').append(c).append("::VARCHAR, ")
          .append(csv ? "''" : "'\\N'").append(')');
    }
    return b.toString();
  }

  private static final String[] AIRPORT = {"iata", "name", "zone"};
  private static final String[] FLIGHT = {"id", "origin", "dest", "delay"};

  private String left() {
    return line("l", AIRPORT);
  }

  private String right() {
    return line("r", FLIGHT);
  }

  /** What DuckDB answers for join type {@code type} as bloomkit's text lines. */
  private List<String> expectedJoin(String type) {
    String a = scan("airports");
    String f = scan("flights");
    String pairs = "SELECT " + left() + " || chr(9) || " + right() + " FROM " + a + " l JOIN " + f
        + " r ON l.iata = r.origin";
    String leftAlone = "SELECT " + left() + " || chr(9) FROM " + a + " l ANTI JOIN " + f
        + " r ON l.iata = r.origin";
    String rightAlone = "SELECT chr(9) || " + right() + " FROM " + f + " r ANTI JOIN " + a
        + " l ON l.iata = r.origin";
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
        sql = "SELECT CASE WHEN l.name IS NULL THEN chr(9) || " + right()
            + " WHEN r.id IS NULL THEN " + left() + " || chr(9) ELSE " + left() + " || chr(9) || "
            + right() + " END FROM " + a + " l FULL JOIN " + f + " r ON l.iata = r.origin";
        break;
      case "left-semi":
        sql = "SELECT " + left() + " FROM " + a + " l SEMI JOIN " + f + " r ON l.iata = r.origin";
        break;
      case "right-semi":
        sql = "SELECT " + right() + " FROM " + f + " r SEMI JOIN " + a + " l ON l.iata = r.origin";
        break;
      case "left-anti":
        sql = "SELECT " + left() + " FROM " + a + " l ANTI JOIN " + f + " r ON l.iata = r.origin";
        break;
      case "right-anti":
        sql = "SELECT " + right() + " FROM " + f + " r ANTI JOIN " + a + " l ON l.iata = r.origin";
        break;
      default:
        throw new IllegalArgumentException(type);
    }
    return sorted(db.lines(sql, '\t', "\\N"));
  }

  private String[] args(String... own) {
    List<String> all = new ArrayList<>(Arrays.asList(own));
    all.addAll(Arrays.asList(readOptions));
    all.add("--quiet");
    return all.toArray(new String[0]);
  }

  /** The join's own side options: join names its format options per side. */
  private String[] joinArgs(String... own) {
    List<String> all = new ArrayList<>(Arrays.asList(own));
    for (int i = 0; i < readOptions.length; i++) {
      if (readOptions[i].equals("--input-format")) {
        all.addAll(List.of("--left-format", readOptions[i + 1], "--right-format",
            readOptions[i + 1]));
        i++;
      } else {
        all.add(readOptions[i]);
      }
    }
    all.add("--quiet");
    return all.toArray(new String[0]);
  }

  private Path out(String name) {
    return tmp.resolve(layout + "-out").resolve(name);
  }

  private static ToolRun ok(BloomkitTool tool, String... args) {
    ToolRun r = ToolRun.run(tool, args);
    assertEquals(0, r.code, r.toString());
    return r;
  }

  @Test
  public void everyJoinTypeEqualsDuckDb() throws Exception {
    // every type with both strategies in the full tier; each type with one in the fast tier
    for (Tier.Pair<String, String> p : Tier.pairs(List.of("inner", "left-outer", "right-outer",
        "full-outer", "left-semi", "right-semi", "left-anti", "right-anti"),
        List.of("auto", "reduce-side"))) {
      String type = p.first;
      String strategy = p.second;
      Path o = out("join-" + type + "-" + strategy);
      ok(new JoinTool(), joinArgs("--left", table("airports").toString(), "--left-key", "iata",
          "--right", table("flights").toString(), "--right-key", "origin", "--type", type,
          "--strategy", strategy, "--output", o.toString()));
      assertEquals(expectedJoin(type), lines(o), type + " " + strategy);
    }
  }

  @Test
  public void buildThenJoinWithTheFilterEqualsDuckDb() throws Exception {
    Path filter = out("airports.acbf");
    ok(new BuildTool(), args("--input", table("airports").toString(), "--key-field", "iata",
        "--output", filter.toString()));
    for (String type : new String[] {"inner", "right-outer", "right-anti"}) {
      Path o = out("filtered-join-" + type);
      ok(new JoinTool(), joinArgs("--left", table("airports").toString(), "--left-key", "iata",
          "--right", table("flights").toString(), "--right-key", "origin", "--type", type,
          "--filter", filter.toString(), "--strategy", "reduce-side", "--output", o.toString()));
      assertEquals(expectedJoin(type), lines(o), type);
    }
  }

  @Test
  public void dedupEqualsDuckDbsFirstRowPerKey() throws Exception {
    // the first record of each key in file order; every null-key record is distinct (kept)
    String order = suffix.equals(".csv") ? "id" : "file_row_number";
    List<String> expected = sorted(db.lines("SELECT " + right() + " FROM " + scan("flights")
        + " r WHERE origin IS NULL OR " + order + " = (SELECT min(" + order + ") FROM "
        + scan("flights") + " x WHERE x.origin = r.origin)", '\t', "\\N"));
    for (String method : new String[] {"exact", "counting"}) {
      Path o = out("dedup-" + method);
      ok(new DedupTool(), args("--input", table("flights").toString(), "--key-field", "origin",
          "--method", method, "--output", o.toString()));
      assertEquals(expected, lines(o), method);
    }
  }

  @Test
  public void icebergsEqualGroupByHaving() throws Exception {
    List<String> expected = sorted(db.lines("SELECT dest || chr(9) || sum(delay) FROM "
        + scan("flights") + " GROUP BY dest HAVING sum(delay) >= 3500", '\t', "\\N"));
    assertTrue(expected.size() > 5 && expected.size() < 200,
        "the threshold leaves some icebergs and some not");
    for (String[] method : new String[][] {{"exact"}, {"counting", "--verify"}}) {
      Path o = out("icebergs-" + method[0]);
      List<String> a = new ArrayList<>(List.of("--input", table("flights").toString(),
          "--key-field", "dest", "--weight-field", "delay", "--threshold", "3500",
          "--output", o.toString(), "--method"));
      a.addAll(Arrays.asList(method));
      ok(new IcebergTool(), args(a.toArray(new String[0])));
      assertEquals(expected, lines(o), method[0]);
    }
  }

  @Test
  public void probeWithTwoExactFiltersEqualsDuckDb() throws Exception {
    Path even = out("even-zones.exact");
    Path known = out("airports.exact");
    // two dimensions: airports of even zones (origin), and every airport (dest)
    ok(new BuildTool(), args("--input", table("airports").toString(), "--key-field", "iata",
        "--filter", "exact", "--output", known.toString()));
    db.exec("CREATE OR REPLACE TABLE even AS SELECT iata FROM " + scan("airports")
        + " WHERE zone % 2 = 0");
    Path evenDir = tmp.resolve(layout).resolve("even");
    if (!Files.exists(evenDir)) {
      Files.createDirectories(evenDir);
      db.exec("COPY (SELECT * FROM even) TO " + DuckDb.literal(evenDir.resolve("even" + suffix))
          + " " + copyOptions);
    }
    ok(new BuildTool(), args("--input", evenDir.toString(), "--key-field", "iata",
        "--filter", "exact", "--output", even.toString()));
    String f = scan("flights");
    List<String> all = sorted(db.lines("SELECT " + right() + " FROM " + f + " r WHERE origin IN"
        + " (SELECT iata FROM even) AND dest IN (SELECT iata FROM " + scan("airports") + ")",
        '\t', "\\N"));
    List<String> any = sorted(db.lines("SELECT " + right() + " FROM " + f + " r WHERE origin IN"
        + " (SELECT iata FROM even) OR dest IN (SELECT iata FROM " + scan("airports") + ")",
        '\t', "\\N"));
    Path o = out("probe-all");
    ok(new ProbeTool(), args("--input", table("flights").toString(), "--filter",
        even + ":origin", "--filter", known + ":dest", "--all", "--output-format", "text",
        "--output", o.toString()));
    assertEquals(all, lines(o));
    o = out("probe-any");
    ok(new ProbeTool(), args("--input", table("flights").toString(), "--filter",
        even + ":origin", "--filter", known + ":dest", "--any", "--output-format", "text",
        "--output", o.toString()));
    assertEquals(any, lines(o));
  }

  @Test
  public void parquetOutputReadsBackInDuckDb() throws Exception {
    Path o = out("join-parquet");
    ok(new JoinTool(), joinArgs("--left", table("airports").toString(), "--left-key", "iata",
        "--right", table("flights").toString(), "--right-key", "origin", "--type", "inner",
        "--output-format", "parquet", "--output", o.toString()));
    String expected = "SELECT count(*), sum(r.delay) FROM " + scan("airports") + " l JOIN "
        + scan("flights") + " r ON l.iata = r.origin";
    String got = "SELECT count(*), sum(delay::BIGINT) FROM read_parquet("
        + DuckDb.literal(o.resolve("part-*.parquet")) + ")";
    List<Object> want = db.rows(expected).get(0);
    List<Object> have = db.rows(got).get(0);
    assertEquals(((Number) want.get(0)).longValue(), ((Number) have.get(0)).longValue());
    assertEquals(((Number) want.get(1)).longValue(), ((Number) have.get(1)).longValue());
  }

  /** The text lines of every part file of a tool's output directory, sorted. */
  static List<String> lines(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    File[] parts = dir.toFile().listFiles((d, n) -> n.startsWith("part-"));
    assertTrue(parts != null && parts.length > 0, dir + " has part files");
    for (File p : parts) {
      out.addAll(Files.readAllLines(p.toPath(), StandardCharsets.UTF_8));
    }
    return sorted(out);
  }

  static List<String> sorted(List<String> lines) {
    List<String> s = new ArrayList<>(lines);
    Collections.sort(s);
    return s;
  }
}
