package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The oracle itself: it writes a Parquet file and reads it back, with a sum recounted here. */
public class DuckDbTest {
  @TempDir public File tmp;

  @Test
  public void writesParquetAndAnswersSql() throws Exception {
    Path f = tmp.toPath().resolve("t.parquet");
    long expected = 0;
    for (int i = 1; i <= 100; i++) {
      expected += i * 3L;
    }
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i, i * 3 AS x FROM range(1, 101) t(i)) TO " + DuckDb.literal(f)
          + " (FORMAT parquet, COMPRESSION zstd)");
      assertEquals(true, Files.size(f) > 0);
      assertEquals(expected,
          ((Number) db.value("SELECT sum(x) FROM read_parquet(" + DuckDb.literal(f) + ")"))
              .longValue());
      List<String> lines =
          db.lines("SELECT i, x FROM read_parquet(" + DuckDb.literal(f) + ") ORDER BY i LIMIT 2",
              '\t', "\\N");
      assertEquals(List.of("1\t3", "2\t6"), lines);
    }
  }
}
