package io.bloomkit.mapreduce.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.File;
import java.util.List;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * Codecs end to end through the tools: a DuckDB-written zstd Parquet file (Polars' and Iceberg's
 * default codec) deduplicated into Parquet and Avro outputs written with {@code --output-codec
 * zstd}, read back by DuckDB (Parquet: codec, row count and a sum) and by Avro's own reader; a
 * brotli file (no maintained Java decoder) refused before any job by dedup, build, icebergs and
 * either side of join: exit 1, one line naming the file and the codec, no output directory.
 */
public class DedupCodecsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static DuckDb db;

  /** 1500 events of 150 users; a user's amount is the same on each of its events. */
  private static final String EVENTS = "SELECT i::BIGINT AS id, 'u' || (i % 150) AS user,"
      + " ((i % 150) * 37) % 1000 AS amount FROM range(1500) t(i)";

  @BeforeClass
  public static void open() {
    db = DuckDb.open();
  }

  @AfterClass
  public static void close() {
    db.close();
  }

  private File parquet(String name, String compression) throws Exception {
    File dir = tmp.newFolder(name);
    File f = new File(dir, "data_0.parquet");
    db.exec("COPY (" + EVENTS + ") TO " + DuckDb.literal(f.toPath())
        + " (FORMAT parquet, COMPRESSION " + compression + ", ROW_GROUP_SIZE 500)");
    return dir;
  }

  private File dedup(File in, String out, String format) {
    File dir = new File(tmp.getRoot(), out);
    ToolRun r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", dir.getPath(),
        "--key-field", "user", "--output-format", format, "--output-codec", "zstd", "--quiet");
    assertEquals(r.toString(), 0, r.code);
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

  /** The one line a refused brotli file gives, for {@code tool}. */
  private static void refusedBeforeAnyJob(ToolRun r, File in, File out) {
    assertEquals(r.toString(), 1, r.code);
    String[] lines = r.err.trim().split("\n");
    assertEquals(r.err, 1, lines.length);
    assertTrue(r.err, lines[0].contains("cannot read "));
    assertTrue(r.err, lines[0].contains(new File(in, "data_0.parquet").getPath()));
    assertTrue(r.err, lines[0].contains("compressed with brotli"));
    assertFalse(r.err, r.err.contains("Exception"));
    assertFalse(out + " was written", out.exists());
  }

  @Test
  public void brotliParquetFailsBeforeAnyJobInEveryTool() throws Exception {
    File in = parquet("brotli", "brotli");
    File text = tmp.newFolder("text");
    java.nio.file.Files.write(new File(text, "part-0").toPath(), "u1\nu2\n".getBytes("UTF-8"));
    File out = new File(tmp.getRoot(), "out");

    refusedBeforeAnyJob(ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "user", "--quiet"), in, out);
    refusedBeforeAnyJob(ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "user", "--quiet"), in, out);
    refusedBeforeAnyJob(ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "user", "--threshold", "2", "--quiet"), in, out);
    refusedBeforeAnyJob(ToolRun.run(new JoinTool(), "--left", text.getPath(), "--left-key", "0",
        "--right", in.getPath(), "--right-key", "user", "--output", out.getPath(), "--quiet"),
        in, out);
    refusedBeforeAnyJob(ToolRun.run(new JoinTool(), "--left", in.getPath(), "--left-key", "user",
        "--right", text.getPath(), "--right-key", "0", "--output", out.getPath(), "--quiet"),
        in, out);
  }
}
