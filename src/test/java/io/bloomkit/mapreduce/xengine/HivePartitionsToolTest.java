package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.probe.ProbeTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hive-style partitioned directories written by DuckDB ({@code PARTITION_BY}), read by every
 * record-reading tool with a partition column as key, time and weight field; each answer is
 * DuckDB's SQL over the same rows, and records outputs are read back by DuckDB.
 *
 * <p>Tables: {@code t(id, delay, origin, w)}, 210 rows, origin ATL (90), JFK (60), {@code S/F O}
 * (30, escaped {@code S%2FF%20O} in its directory name) and NULL (30, Hive's default partition),
 * written as Parquet partitioned by origin ({@code flights}) and as CSV with a header partitioned
 * by origin and w ({@code csv}); {@code airports(code, city)} as CSV partitioned by code.
 */
public class HivePartitionsToolTest {
  @TempDir public File tmp;

  private DuckDb db;
  private Path flights;
  private Path csv;
  private Path airports;

  @BeforeEach
  public void tables() throws IOException {
    db = DuckDb.open();
    Path root = tmp.toPath();
    flights = root.resolve("flights");
    csv = root.resolve("csv");
    airports = root.resolve("airports");
    db.exec("CREATE TABLE t AS SELECT i AS id, (i * 7) % 13 AS delay,"
        + " (['ATL','ATL','ATL','JFK','JFK','S/F O', NULL])[i % 7 + 1] AS origin,"
        + " (i * 5) % 3 + 1 AS w FROM range(0, 210) r(i)");
    db.exec("CREATE TABLE airports AS SELECT * FROM (VALUES ('ATL', 'Atlanta'),"
        + " ('S/F O', 'Somewhere'), ('BOS', 'Boston')) v(code, city)");
    db.exec("COPY t TO " + DuckDb.literal(flights) + " (FORMAT parquet, PARTITION_BY (origin))");
    db.exec("COPY t TO " + DuckDb.literal(csv) + " (FORMAT csv, HEADER, PARTITION_BY (origin, w))");
    db.exec("COPY airports TO " + DuckDb.literal(airports)
        + " (FORMAT csv, HEADER, PARTITION_BY (code))");
  }

  @AfterEach
  public void close() {
    db.close();
  }

  private static Map<String, Object> ok(ToolRun r) {
    assertEquals(BloomkitTool.OK, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private static long n(Map<String, Object> j, String name) {
    return ((Number) j.get(name)).longValue();
  }

  private long sql(String query) {
    return ((Number) db.value(query)).longValue();
  }

  private static String parquetOf(Path dir) {
    return "read_parquet(" + DuckDb.literal(dir) + " || '/part-*')";
  }

  /** The lines of the part files of an output directory, sorted. */
  private static List<String> lines(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("part-"))
          .collect(Collectors.toList())) {
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
          if (!l.isEmpty()) {
            out.add(l);
          }
        }
      }
    }
    Collections.sort(out);
    return out;
  }

  @Test
  public void dedupKeysOnAPartitionColumnAndWritesItInParquet() {
    Path out = tmp.toPath().resolve("dedup");
    Map<String, Object> j = ok(ToolRun.run(new DedupTool(), "--input", flights.toString(),
        "--output", out.toString(), "--key-field", "origin", "--output-format", "parquet",
        "--json"));
    assertEquals(sql("SELECT count(*) FROM t"), n(j, "inputRecords"));
    assertEquals(sql("SELECT count(*) FROM t WHERE origin IS NULL"), n(j, "nullKeys"));
    // a null key is kept (SQL: nulls are not equal), every other key once
    assertEquals(sql("SELECT count(DISTINCT origin) + count(*) FILTER (WHERE origin IS NULL)"
        + " FROM t"), sql("SELECT count(*) FROM " + parquetOf(out)));
    assertEquals(db.lines("SELECT DISTINCT origin FROM t WHERE origin IS NOT NULL ORDER BY 1",
        '\t', "\\N"), db.lines("SELECT DISTINCT origin FROM " + parquetOf(out)
            + " WHERE origin IS NOT NULL ORDER BY 1", '\t', "\\N"));
    // the partition column follows the file's columns
    assertEquals(List.of("id", "delay", "w", "origin"), db.lines("SELECT column_name FROM"
        + " (DESCRIBE SELECT * FROM " + parquetOf(out) + ")", '\t', "\\N"));
    // each kept record is a real row: its id has its origin
    assertEquals(0L, sql("SELECT count(*) FROM " + parquetOf(out) + " o JOIN t ON o.id = t.id"
        + " WHERE o.origin IS DISTINCT FROM t.origin OR o.delay <> t.delay OR o.w <> t.w"));
  }

  @Test
  public void dedupTimeFieldIsATypedPartitionColumnOfCsv() {
    Path out = tmp.toPath().resolve("dedup-csv");
    Map<String, Object> j = ok(ToolRun.run(new DedupTool(), "--input", csv.toString(),
        "--output", out.toString(), "--csv-header", "--input-format", "csv", "--key-field", "origin", "--time-field", "w",
        "--partition-types", "w:long", "--output-format", "parquet", "--json"));
    assertEquals(sql("SELECT count(*) FROM t"), n(j, "inputRecords"));
    // the earliest w of each key is kept
    assertEquals(db.lines("SELECT origin, min(w) FROM t WHERE origin IS NOT NULL GROUP BY 1"
        + " ORDER BY 1", '\t', "\\N"), db.lines("SELECT origin, w FROM " + parquetOf(out)
            + " WHERE origin IS NOT NULL ORDER BY 1", '\t', "\\N"));
    assertEquals("BIGINT", db.value("SELECT typeof(w) FROM " + parquetOf(out) + " LIMIT 1"));
  }

  @Test
  public void dedupTextOutputAppendsThePartitionValues() throws IOException {
    Path out = tmp.toPath().resolve("dedup-text");
    ok(ToolRun.run(new DedupTool(), "--input", csv.toString(), "--output", out.toString(),
        "--csv-header", "--input-format", "csv", "--key-field", "origin,w", "--json"));
    // CSV lines as read, then origin and w; a null partition value as the null token
    assertEquals(db.lines("SELECT DISTINCT ON (origin, w) origin, w FROM t ORDER BY 1, 2", ',',
        "\\N").stream().filter(l -> !l.startsWith("\\N")).collect(Collectors.toList()),
        lines(out).stream().map(l -> l.substring(l.indexOf(',', l.indexOf(',') + 1) + 1))
            .filter(l -> !l.startsWith("\\N")).sorted().distinct()
            .collect(Collectors.toList()));
  }

  @Test
  public void icebergsWeighsByATypedPartitionColumn() throws IOException {
    Path out = tmp.toPath().resolve("icebergs");
    ok(ToolRun.run(new IcebergTool(), "--input", csv.toString(), "--output", out.toString(),
        "--csv-header", "--input-format", "csv", "--key-field", "origin", "--weight-field", "w", "--partition-types",
        "w:long", "--threshold", "100", "--json"));
    assertEquals(db.lines("SELECT origin, sum(w) FROM t WHERE origin IS NOT NULL GROUP BY 1"
        + " HAVING sum(w) >= 100 ORDER BY 1", '\t', "\\N"), lines(out));
    assertTrue(lines(out).size() > 0
        && lines(out).size() < sql("SELECT count(DISTINCT origin) FROM t"));
  }

  @Test
  public void joinsOnPartitionColumnsOfBothSides() {
    Path semi = tmp.toPath().resolve("semi");
    Map<String, Object> j = ok(ToolRun.run(new JoinTool(), "--left", flights.toString(),
        "--left-key", "origin", "--right", airports.toString(), "--right-key", "code",
        "--csv-header", "--right-format", "csv", "--type", "left-semi", "--output",
        semi.toString(), "--output-format", "parquet", "--json"));
    assertEquals(sql("SELECT count(*) FROM t SEMI JOIN airports ON t.origin = airports.code"),
        sql("SELECT count(*) FROM " + parquetOf(semi)));
    assertEquals(sql("SELECT sum(id) FROM t SEMI JOIN airports ON t.origin = airports.code"),
        sql("SELECT sum(id) FROM " + parquetOf(semi)));
    assertFalse(j.isEmpty());

    // --partition-types is shared by the sides: a name on neither side is a usage error
    Path typo = tmp.toPath().resolve("typo");
    ToolRun bad = ToolRun.run(new JoinTool(), "--left", flights.toString(), "--left-key",
        "origin", "--right", airports.toString(), "--right-key", "code", "--csv-header",
        "--right-format", "csv", "--partition-types", "orign:string", "--output",
        typo.toString());
    assertEquals(BloomkitTool.USAGE, bad.code, bad.toString());
    assertTrue(bad.err.contains("\"orign\" is a partition column of no input"), bad.err);
    assertFalse(Files.exists(typo));

    Path inner = tmp.toPath().resolve("inner");
    ok(ToolRun.run(new JoinTool(), "--left", flights.toString(), "--left-key", "origin",
        "--right", airports.toString(), "--right-key", "code", "--csv-header",
        "--right-format", "csv", "--output", inner.toString(), "--output-format", "parquet",
        "--json"));
    assertEquals(db.lines("SELECT origin, city, count(*), sum(id) FROM t JOIN airports"
        + " ON t.origin = airports.code GROUP BY ALL ORDER BY 1", '\t', "\\N"),
        db.lines("SELECT origin, city, count(*), sum(id) FROM " + parquetOf(inner)
            + " WHERE origin = code GROUP BY ALL ORDER BY 1", '\t', "\\N"));
  }

  /** A self-join of a partitioned table on its partition column: SQL's answer, each side once. */
  @Test
  public void selfJoinsOnAPartitionColumn() {
    Path self = tmp.toPath().resolve("self");
    Map<String, Object> j = ok(ToolRun.run(new JoinTool(), "--left", flights.toString(),
        "--left-key", "origin", "--right", flights.toString(), "--right-key", "origin",
        "--strategy", "reduce-side", "--output", self.toString(), "--output-format", "parquet",
        "--json"));
    assertEquals(sql("SELECT count(*) FROM t"), n(j, "leftRecords"));
    assertEquals(sql("SELECT count(*) FROM t"), n(j, "rightRecords"));
    assertEquals(db.lines("SELECT a.origin, b.origin, count(*), sum(a.id), sum(b.id),"
        + " sum(a.id * b.id) FROM t a JOIN t b ON a.origin = b.origin GROUP BY ALL ORDER BY 1",
        '\t', "\\N"),
        db.lines("SELECT l_origin, r_origin, count(*), sum(l_id), sum(r_id), sum(l_id * r_id)"
            + " FROM " + parquetOf(self) + " GROUP BY ALL ORDER BY 1", '\t', "\\N"));
  }

  @Test
  public void buildProbeAndUpdateKeyOnPartitionColumns() throws IOException {
    Path filter = tmp.toPath().resolve("airports.exact");
    Map<String, Object> b = ok(ToolRun.run(new BuildTool(), "--input", airports.toString(),
        "--csv-header", "--input-format", "csv", "--key-field", "code", "--filter", "exact", "--output",
        filter.toString(), "--json"));
    assertEquals(sql("SELECT count(*) FROM airports"), n(b, "inputRecords"));

    Path probed = tmp.toPath().resolve("probed");
    ok(ToolRun.run(new ProbeTool(), "--input", flights.toString(), "--filter",
        filter + ":origin", "--output", probed.toString(), "--output-format", "parquet",
        "--json"));
    assertEquals(sql("SELECT count(*) FROM t SEMI JOIN airports ON t.origin = airports.code"),
        sql("SELECT count(*) FROM " + parquetOf(probed)));
    assertEquals(db.lines("SELECT DISTINCT origin FROM t SEMI JOIN airports"
        + " ON t.origin = airports.code ORDER BY 1", '\t', "\\N"),
        db.lines("SELECT DISTINCT origin FROM " + parquetOf(probed) + " ORDER BY 1", '\t',
            "\\N"));

    // update (counting filters): removing the airports' partition keys empties a filter built
    // from them; adding the CSV's origins makes each a member
    Path counting = tmp.toPath().resolve("airports.cbf");
    ok(ToolRun.run(new BuildTool(), "--input", airports.toString(), "--csv-header",
        "--input-format", "csv", "--key-field", "code", "--filter", "cbf", "--output",
        counting.toString(), "--json"));
    Path emptied = tmp.toPath().resolve("emptied.cbf");
    Map<String, Object> u = ok(ToolRun.run(new UpdateTool(), "--filter", counting.toString(),
        "--output", emptied.toString(), "--remove", airports.toString(), "--csv-header",
        "--input-format", "csv", "--key-field", "code", "--json"));
    assertEquals(sql("SELECT count(*) FROM airports"), n(u, "itemsBefore"));
    assertEquals(0L, n(u, "items"));
    Path updated = tmp.toPath().resolve("updated.cbf");
    u = ok(ToolRun.run(new UpdateTool(), "--filter", emptied.toString(), "--output",
        updated.toString(), "--add", csv.toString(), "--csv-header", "--input-format", "csv",
        "--key-field", "origin", "--json"));
    assertEquals(sql("SELECT count(*) FROM t WHERE origin IS NULL"), n(u, "nullKeys"));
    CountingFilter f;
    try (InputStream in = Files.newInputStream(updated)) {
      f = (CountingFilter) Filters.read(in);
    }
    for (String origin : db.lines("SELECT DISTINCT origin FROM t WHERE origin IS NOT NULL",
        '\t', "")) {
      assertTrue(f.mightContain(origin), origin);
    }
    assertTrue(n(u, "items") >= sql("SELECT count(DISTINCT origin) FROM t"));
  }

  @Test
  public void avroUnderTypedDateAndDecimalPartitionsWritesTypedColumns() throws IOException {
    org.apache.avro.Schema schema = org.apache.avro.SchemaBuilder.record("r").fields()
        .requiredLong("id").endRecord();
    String[][] dirs = {{"2024-01-02", "12.5"}, {"2024-02-29", "0.25"}, {"2024-02-29", "3"}};
    // expected in (day, amount) order
    Path root = tmp.toPath().resolve("avro");
    long id = 0;
    for (String[] d : dirs) {
      Path dir = root.resolve("day=" + d[0]).resolve("amount=" + d[1]);
      Files.createDirectories(dir);
      try (org.apache.avro.file.DataFileWriter<org.apache.avro.generic.GenericRecord> w =
          new org.apache.avro.file.DataFileWriter<>(
              new org.apache.avro.generic.GenericDatumWriter<>(schema))) {
        w.create(schema, dir.resolve("part.avro").toFile());
        for (int i = 0; i < 5; i++) {
          org.apache.avro.generic.GenericData.Record r =
              new org.apache.avro.generic.GenericData.Record(schema);
          r.put("id", id++);
          w.append(r);
        }
      }
    }
    Path out = tmp.toPath().resolve("avro-out");
    Map<String, Object> j = ok(ToolRun.run(new DedupTool(), "--input", root.toString(),
        "--output", out.toString(), "--key-field", "day,amount", "--partition-types",
        "day:date,amount:decimal", "--output-format", "parquet", "--json"));
    assertEquals(15L, n(j, "inputRecords"));
    assertEquals(List.of("DATE\tDECIMAL(38,2)"), db.lines("SELECT DISTINCT typeof(day),"
        + " typeof(amount) FROM " + parquetOf(out), '\t', "\\N"));
    List<String> expected = new ArrayList<>();
    for (String[] d : dirs) {
      expected.add(d[0] + "\t" + new java.math.BigDecimal(d[1]).setScale(2));
    }
    assertEquals(expected, db.lines("SELECT day, amount FROM " + parquetOf(out)
        + " ORDER BY day, amount", '\t', "\\N"));
  }

  @Test
  public void aGlobMatchIsTheRootAsInSpark() {
    // as Spark without basePath: flights/origin=* are the roots, so origin is no column
    Path out = tmp.toPath().resolve("glob");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", flights.resolve("origin=*").toString(),
        "--output", out.toString(), "--key-field", "origin");
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains("field \"origin\" is not a column"), r.err);
    Map<String, Object> j = ok(ToolRun.run(new DedupTool(), "--input",
        flights.resolve("origin=*").toString(), "--output", out.toString(), "--key-field", "w",
        "--json"));
    assertEquals(sql("SELECT count(*) FROM t"), n(j, "inputRecords"));
    assertEquals(sql("SELECT count(DISTINCT w) FROM t"), n(j, "kept"));
  }

  @Test
  public void orcUnderPartitionsCountsPerPartition() throws IOException {
    // DuckDB writes no ORC: generate writes the files (40 and 25 records) under src=a and src=b
    Path root = tmp.toPath().resolve("orc");
    ok(ToolRun.run(new io.bloomkit.mapreduce.generate.GenerateTool(), "clicks", "--out",
        root.resolve("src=a").toString(), "--records", "40", "--format", "orc", "--json"));
    ok(ToolRun.run(new io.bloomkit.mapreduce.generate.GenerateTool(), "clicks", "--out",
        root.resolve("src=b").toString(), "--records", "25", "--format", "orc", "--json"));
    Path out = tmp.toPath().resolve("orc-out");
    ok(ToolRun.run(new IcebergTool(), "--input", root.toString(), "--output", out.toString(),
        "--key-field", "src", "--threshold", "1", "--json"));
    assertEquals(List.of("a\t40", "b\t25"), lines(out));
  }
}
