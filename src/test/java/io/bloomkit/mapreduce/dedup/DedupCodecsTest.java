package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.io.IOException;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Codecs end to end through the tools: a DuckDB-written zstd Parquet file (Polars' and Iceberg's
 * default codec) deduplicated into Parquet and Avro outputs written with {@code --output-codec
 * zstd}, read back by DuckDB (Parquet: codec, row count and a sum) and by Avro's own reader
 * (brotli files: {@code xengine.BrotliParquetToolsTest}).
 */
public class DedupCodecsTest {
  @TempDir public File tmp;

  private static DuckDb db;

  /** 1500 events of 150 users; a user's amount is the same on each of its events. */
  private static final String EVENTS = "SELECT i::BIGINT AS id, 'u' || (i % 150) AS user,"
      + " ((i % 150) * 37) % 1000 AS amount FROM range(1500) t(i)";

  @BeforeAll
  public static void open() {
    db = DuckDb.open();
  }

  @AfterAll
  public static void close() {
    db.close();
  }

  private File parquet(String name, String compression) throws Exception {
    File dir = newFolder(tmp, name);
    File f = new File(dir, "data_0.parquet");
    db.exec("COPY (" + EVENTS + ") TO " + DuckDb.literal(f.toPath())
        + " (FORMAT parquet, COMPRESSION " + compression + ", ROW_GROUP_SIZE 500)");
    return dir;
  }

  private File dedup(File in, String out, String format) {
    File dir = new File(tmp, out);
    ToolRun r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", dir.getPath(),
        "--key-field", "user", "--output-format", format, "--output-codec", "zstd", "--quiet");
    assertEquals(0, r.code, r.toString());
    return dir;
  }

  @Test
  public void zstdParquetInZstdParquetAndAvroOut() throws Exception {
    File in = parquet("in", "zstd");
    List<Object> want = db.rows("SELECT count(*), sum(amount) FROM (SELECT DISTINCT user, amount"
        + " FROM (" + EVENTS + "))").get(0);
    assertEquals(150L, ((Number) want.get(0)).longValue());

    File parquetOut = dedup(in, "out-parquet", "parquet");
    String glob = DuckDb.literal(new File(parquetOut, "*.parquet").toPath());
    List<Object> got = db.rows("SELECT count(*), sum(amount), count(DISTINCT user) FROM"
        + " read_parquet(" + glob + ")").get(0);
    assertEquals(want.get(0), got.get(0));
    assertEquals(want.get(1).toString(), got.get(1).toString());
    assertEquals(want.get(0), got.get(2));
    assertEquals("ZSTD", db.value(
        "SELECT string_agg(DISTINCT compression, ',') FROM parquet_metadata(" + glob + ")"));

    File avroOut = dedup(in, "out-avro", "avro");
    long rows = 0;
    long sum = 0;
    java.util.Set<String> users = new java.util.HashSet<>();
    File[] parts = avroOut.listFiles((d, n) -> n.endsWith(".avro"));
    assertTrue(parts.length > 0);
    for (File part : parts) {
      try (DataFileReader<GenericRecord> r =
          new DataFileReader<>(part, new GenericDatumReader<>())) {
        assertEquals("zstandard", r.getMetaString("avro.codec"));
        for (GenericRecord rec : r) {
          rows++;
          sum += ((Number) rec.get("amount")).longValue();
          users.add(rec.get("user").toString());
        }
      }
    }
    assertEquals(((Number) want.get(0)).longValue(), rows);
    assertEquals(((Number) want.get(1)).longValue(), sum);
    assertEquals(rows, users.size());
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
