package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.xengine.DuckDb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet brotli files as DuckDB writes them, read through the reader layer ({@link ParquetCodecs}
 * decodes the pages with {@code org.brotli:dec}): the rows equal DuckDB's own reading of the same
 * file, whole and cut into several splits, with and without projection; the check passes them,
 * and names the file and the missing class when the decoder is not on the classpath.
 */
class ParquetBrotliReadTest {
  @TempDir static java.nio.file.Path tmp;

  private static DuckDb db;
  private static Path file;

  private final Configuration conf = RowsRead.localConf();

  @BeforeAll
  static void write() {
    db = DuckDb.open();
    java.nio.file.Path f = tmp.resolve("brotli.parquet");
    // several row groups, dictionary and plain pages, and nulls
    db.exec("COPY (SELECT i::BIGINT AS id, CASE WHEN i % 13 = 0 THEN NULL ELSE 'name' || (i % 97)"
        + " || repeat('x', i % 40) END AS name, (i * 7) % 1000 AS amount FROM range(3000) t(i))"
        + " TO " + DuckDb.literal(f) + " (FORMAT parquet, COMPRESSION brotli, ROW_GROUP_SIZE 700)");
    file = new Path(f.toUri());
    assertEquals("BROTLI", String.valueOf(db.value("SELECT string_agg(DISTINCT compression, ',')"
        + " FROM parquet_metadata(" + DuckDb.literal(f) + ")")));
    assertTrue(((Number) db.value("SELECT count(DISTINCT row_group_id) FROM parquet_metadata("
        + DuckDb.literal(f) + ")")).intValue() > 1);
  }

  @AfterAll
  static void close() {
    db.close();
  }

  private static List<String> duck(String columns) {
    List<String> out = new ArrayList<>();
    for (List<Object> r : db.rows("SELECT " + columns + " FROM read_parquet("
        + DuckDb.literal(new java.io.File(file.toUri()).toPath()) + ")")) {
      out.add(r.toString());
    }
    Collections.sort(out);
    return out;
  }

  private List<String> bloomkit(Configuration c, TableSpec spec) throws IOException {
    TableCodecs.check(c, TableFormat.PARQUET, file);
    List<String> out = new ArrayList<>();
    int slots = spec.fields().size();
    Tables.read(c, spec, (f, position, row) -> {
      assertNull(row.problem());
      List<Object> t = new ArrayList<>();
      for (int i = 0; i < slots; i++) {
        Object v = row.value(i);
        t.add(v instanceof byte[] ? new String((byte[]) v, StandardCharsets.UTF_8) : v);
      }
      out.add(t.toString());
    }, file);
    Collections.sort(out);
    return out;
  }

  private static TableSpec all() {
    return TableSpec.builder(TableFormat.PARQUET).key(List.of("id"), Collections.emptyList())
        .otherFields(List.of("name", "amount")).build();
  }

  @Test
  void rowsEqualDuckDbs() throws IOException {
    assertEquals(duck("id, name, amount"), bloomkit(conf, all()));
  }

  @Test
  void everyRowOnceAcrossSplits() throws IOException {
    Configuration small = new Configuration(conf);
    small.setLong("mapreduce.input.fileinputformat.split.maxsize", 4096);
    assertTrue(RowsRead.splits(small, all(), file) > 2);
    assertEquals(duck("id, name, amount"), bloomkit(small, all()));
  }

  @Test
  void projectionReadsOnlyTheKey() throws IOException {
    TableSpec key = TableSpec.builder(TableFormat.PARQUET)
        .key(List.of("name"), Collections.emptyList()).projection(true).build();
    assertEquals(duck("name"), bloomkit(conf, key));
  }

  /** Without org.brotli on the classpath, the check names the file, column, codec and class. */
  @Test
  void aMissingDecoderIsNamedWithTheFile() {
    Configuration hidden = new Configuration(conf);
    hidden.setClassLoader(new ClassLoader(getClass().getClassLoader()) {
      @Override
      protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (name.startsWith("org.brotli.")) {
          throw new ClassNotFoundException(name);
        }
        return super.loadClass(name, resolve);
      }
    });
    IOException e = assertThrows(IOException.class,
        () -> TableCodecs.check(hidden, TableFormat.PARQUET, file));
    assertEquals("cannot read " + file + ": its Parquet column id is compressed with brotli, whose"
        + " decoder cannot be loaded (org.brotli.dec.BrotliInputStream is not on the classpath)",
        e.getMessage());
  }
}
