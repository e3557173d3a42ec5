package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Brotli Parquet files as DuckDB writes them ({@code COMPRESSION brotli}), joined and
 * deduplicated by the tools: the answers equal DuckDB's SQL on the same files (text lines, a
 * record's fields joined by tabs, null as {@code \N}).
 */
class BrotliParquetToolsTest {
  @TempDir static Path tmp;

  private static DuckDb db;
  private static Path airports;
  private static Path flights;

  @BeforeAll
  static void write() throws Exception {
    db = DuckDb.open();
    airports = Files.createDirectories(tmp.resolve("airports"));
    flights = Files.createDirectories(tmp.resolve("flights"));
    // 150 airports A000..A149 (one null key); 2,000 flights whose origins run to A199
    db.exec("COPY (SELECT CASE WHEN i = 7 THEN NULL ELSE 'A' || lpad(i::VARCHAR, 3, '0') END"
        + " AS iata, 'Airport ' || i AS name FROM range(150) t(i)) TO "
        + DuckDb.literal(airports.resolve("a.parquet")) + " (FORMAT parquet, COMPRESSION brotli)");
    db.exec("COPY (SELECT i::BIGINT AS id, 'A' || lpad(((i * 7919) % 200)::VARCHAR, 3, '0')"
        + " AS origin, ((i * 37) % 500)::BIGINT AS delay FROM range(2000) t(i)) TO "
        + DuckDb.literal(flights.resolve("f.parquet"))
        + " (FORMAT parquet, COMPRESSION brotli, ROW_GROUP_SIZE 500)");
    assertEquals("BROTLI", String.valueOf(db.value("SELECT string_agg(DISTINCT compression, ',')"
        + " FROM parquet_metadata(" + DuckDb.literal(tmp.resolve("*/*.parquet")) + ")")));
  }

  @AfterAll
  static void close() {
    db.close();
  }

  private static String scan(Path dir) {
    return "read_parquet(" + DuckDb.literal(dir.resolve("*.parquet")) + ", file_row_number = true)";
  }

  private static final String FLIGHT =
      "r.id::VARCHAR || chr(9) || r.origin || chr(9) || r.delay::VARCHAR";

  private static void ok(BloomkitTool tool, String... args) {
    ToolRun r = ToolRun.run(tool, args);
    assertEquals(0, r.code, r.toString());
  }

  @Test
  void joinsEqualDuckDbs() throws Exception {
    String[][] types = {
        {"inner", "SELECT l.iata || chr(9) || l.name || chr(9) || " + FLIGHT + " FROM "
            + scan(airports) + " l JOIN " + scan(flights) + " r ON l.iata = r.origin"},
        {"right-semi", "SELECT " + FLIGHT + " FROM " + scan(flights) + " r SEMI JOIN "
            + scan(airports) + " l ON l.iata = r.origin"},
        {"right-anti", "SELECT " + FLIGHT + " FROM " + scan(flights) + " r ANTI JOIN "
            + scan(airports) + " l ON l.iata = r.origin"}};
    for (String[] t : types) {
      Path o = tmp.resolve("join-" + t[0]);
      ok(new JoinTool(), "--left", airports.toString(), "--left-key", "iata", "--right",
          flights.toString(), "--right-key", "origin", "--type", t[0], "--output", o.toString(),
          "--quiet");
      List<String> want = CrossEngineTest.sorted(db.lines(t[1], '\t', "\\N"));
      assertEquals(want, CrossEngineTest.lines(o), t[0]);
    }
  }

  @Test
  void dedupEqualsDuckDbsFirstRowPerKey() throws Exception {
    String f = scan(flights);
    List<String> want = CrossEngineTest.sorted(db.lines("SELECT " + FLIGHT + " FROM " + f
        + " r WHERE file_row_number = (SELECT min(file_row_number) FROM " + f
        + " x WHERE x.origin = r.origin)", '\t', "\\N"));
    assertEquals(200, want.size());
    Path o = tmp.resolve("dedup");
    ok(new DedupTool(), "--input", flights.toString(), "--key-field", "origin", "--output",
        o.toString(), "--quiet");
    assertEquals(want, CrossEngineTest.lines(o));
  }
}
