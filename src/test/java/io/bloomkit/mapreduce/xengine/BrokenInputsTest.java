package io.bloomkit.mapreduce.xengine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files as users have them, read by {@code dedup} (exact, unique keys: every record passes
 * through) and counted against DuckDB: a text file whose first line begins with {@code ORC} or
 * {@code PAR1} is text; empty files and a zero-row Parquet file hold no records beside real ones;
 * a truncated Parquet file fails naming it; a dangling symbolic link and a FIFO fail naming them
 * (exit 2, nothing written), never skipped or hanging.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
public class BrokenInputsTest {
  @TempDir public File tmp;

  private ToolRun dedup(File in, String out, String... extra) {
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        new File(tmp, out).getPath(), "--quiet"));
    args.addAll(Arrays.asList(extra));
    return ToolRun.run(new DedupTool(), args.toArray(new String[0]));
  }

  private List<String> parts(String out) throws Exception {
    List<String> lines = new ArrayList<>();
    File[] files = new File(tmp, out).listFiles((d, n) -> n.startsWith("part-"));
    for (File f : files) {
      for (String s : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          lines.add(s);
        }
      }
    }
    lines.sort(null);
    return lines;
  }

  private static File write(File f, String text) throws Exception {
    f.getParentFile().mkdirs();
    Files.write(f.toPath(), text.getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private void assertNothingWritten(String out) {
    assertFalse(new File(tmp, out).exists(), out + " was written");
  }

  /** One line on stderr (the tool's message; a usage error adds the usage after it). */
  private static String firstLine(ToolRun r) {
    return r.err.split("\n", 2)[0];
  }

  @Test
  public void textBeginningWithOrcOrPar1IsText() throws Exception {
    File dir = newFolder(tmp, "airports");
    write(new File(dir, "a.tsv"), "ORC\tOrcas Island\nSEA\tSeattle\n");
    write(new File(dir, "b.tsv"), "PAR1\tnot parquet\nPDX\tPortland\n");
    ToolRun r = dedup(dir, "out", "--key-field", "0");
    assertEquals(0, r.code, r.toString());
    try (DuckDb db = DuckDb.open()) {
      List<String> expected = db.lines("SELECT * FROM read_csv(" + DuckDb.literal(dir.toPath())
          + " || '/*.tsv', delim='\t', header=false, all_varchar=true) ORDER BY 1", '\t', "\\N");
      assertEquals(expected, parts("out"));
    }
  }

  @Test
  public void emptyFilesAndAZeroRowParquetFileHoldNoRecords() throws Exception {
    File dir = newFolder(tmp, "t");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id, 'v' || i AS v FROM range(50) t(i)) TO "
          + DuckDb.literal(dir.toPath().resolve("a.parquet")) + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id, 'v' || i AS v FROM range(50) t(i) WHERE false) TO "
          + DuckDb.literal(dir.toPath().resolve("b.parquet")) + " (FORMAT parquet)");
      Files.write(dir.toPath().resolve("c.parquet"), new byte[0]);
      ToolRun r = dedup(dir, "out", "--key-field", "id");
      assertEquals(0, r.code, r.toString());
      assertEquals(db.lines("SELECT * FROM read_parquet(" + DuckDb.literal(dir.toPath())
          + " || '/[ab].parquet') ORDER BY CAST(id AS VARCHAR)", '\t', "\\N"), parts("out"));
      // given the format, too
      r = dedup(dir, "out2", "--key-field", "id", "--input-format", "parquet");
      assertEquals(0, r.code, r.toString());
      assertEquals(50, parts("out2").size());
    }
  }

  @Test
  public void aTruncatedParquetFileFailsNamingIt() throws Exception {
    File dir = newFolder(tmp, "t");
    try (DuckDb db = DuckDb.open()) {
      db.exec("COPY (SELECT i AS id FROM range(50) t(i)) TO "
          + DuckDb.literal(dir.toPath().resolve("a.parquet")) + " (FORMAT parquet)");
      db.exec("COPY (SELECT i AS id FROM range(50) t(i)) TO "
          + DuckDb.literal(dir.toPath().resolve("b.parquet")) + " (FORMAT parquet)");
    }
    File b = new File(dir, "b.parquet");
    byte[] whole = Files.readAllBytes(b.toPath());
    Files.write(b.toPath(), Arrays.copyOf(whole, whole.length / 2));
    ToolRun r = dedup(dir, "out", "--key-field", "id");
    assertTrue(r.code != 0, r.toString());
    assertTrue(firstLine(r).contains("b.parquet"), r.err);
    assertTrue(firstLine(r).contains("truncated"), r.err);
    assertFalse(r.err.contains("\tat "), r.err);
    assertNothingWritten("out");
    r = dedup(dir, "out", "--key-field", "id", "--input-format", "parquet");
    assertEquals(1, r.code, r.toString());
    assertTrue(firstLine(r).contains("b.parquet"), r.err);
    assertEquals(1, r.err.trim().split("\n").length, r.err);
    assertNothingWritten("out");
    // alone in its input and detected: named .parquet, begun as Parquet, so not read as text
    File alone = newFolder(tmp, "alone");
    Files.write(new File(alone, "b.parquet").toPath(), Arrays.copyOf(whole, whole.length / 2));
    r = dedup(alone, "out", "--key-field", "id");
    assertEquals(1, r.code, r.toString());
    assertTrue(firstLine(r).contains("b.parquet cannot be read as parquet (truncated"), r.err);
    assertEquals(1, r.err.trim().split("\n").length, r.err);
    assertNothingWritten("out");
  }

  @Test
  public void aDanglingSymbolicLinkFailsNamingIt() throws Exception {
    File dir = newFolder(tmp, "links");
    java.nio.file.Path link = dir.toPath().resolve("gone.csv");
    Files.createSymbolicLink(link, dir.toPath().resolve("nowhere.csv"));
    ToolRun r = dedup(dir, "out", "--key-field", "0");
    assertEquals(2, r.code, r.toString());
    assertTrue(firstLine(r).contains(link.toString()), r.err);
    assertTrue(firstLine(r).contains("does not exist"), r.err);
    assertNothingWritten("out");
    write(new File(dir, "real.txt"), "a\nb\n");
    r = dedup(dir, "out", "--key-field", "0", "--input-format", "text");
    assertEquals(2, r.code, r.toString());
    assertTrue(firstLine(r).contains(link.toString()), r.err);
    assertNothingWritten("out");
  }

  @Test
  public void aFifoFailsNamingItInsteadOfHanging() throws Exception {
    File dir = newFolder(tmp, "fifo");
    write(new File(dir, "real.txt"), "a\nb\n");
    File fifo = new File(dir, "pipe.txt");
    Process p = new ProcessBuilder("mkfifo", fifo.getPath()).start();
    assertEquals(0, p.waitFor());
    ToolRun r = dedup(dir, "out", "--key-field", "0");
    assertEquals(2, r.code, r.toString());
    assertTrue(firstLine(r).contains(fifo.getPath()), r.err);
    assertTrue(firstLine(r).contains("not a regular file"), r.err);
    assertNothingWritten("out");
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
