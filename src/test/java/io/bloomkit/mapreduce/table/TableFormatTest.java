package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class TableFormatTest {
  @TempDir public File tmp;

  private static TableFormat of(byte... b) {
    return TableFormat.detect(b, b.length);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  public void wholeSignatures() {
    assertEquals(TableFormat.PARQUET, of(bytes("PAR1\0\0\0\0PAR1")));
    assertEquals(TableFormat.TEXT, of(bytes("PAR1")));
    assertEquals(TableFormat.TEXT, of(bytes("PAR1\tParis\nLHR\tLondon\n")));
    // ORC: "ORC" first; last byte the postscript's length, the postscript holding "ORC"
    assertEquals(TableFormat.ORC, of(bytes("ORC....\u0008\u0001\u0010\u0002\u0082\u00f4\u0003ORC\n")));
    assertEquals(TableFormat.TEXT, of(bytes("ORC\tOrcas Island\n")));
    assertEquals(TableFormat.TEXT, of(bytes("ORC")));
    assertEquals(TableFormat.AVRO, of((byte) 'O', (byte) 'b', (byte) 'j', (byte) 1));
    assertEquals(TableFormat.TEXT, of((byte) 'O', (byte) 'b', (byte) 'j', (byte) 'e'));
    assertEquals(TableFormat.SEQFILE, of((byte) 'S', (byte) 'E', (byte) 'Q', (byte) 6));
    assertEquals(TableFormat.TEXT, of((byte) 'S', (byte) 'E', (byte) 'Q', (byte) 'U'));
    assertEquals(TableFormat.TEXT, of((byte) 'P', (byte) 'A', (byte) 'R'));
    assertEquals(TableFormat.TEXT, of());
    assertEquals(TableFormat.TEXT, of((byte) 0x1f, (byte) 0x8b, (byte) 8, (byte) 0)); // gzip text is text
  }

  /** Files the Java writers of ORC, Parquet and Avro wrote have whole signatures. */
  @Test
  public void realFilesAreDetected() throws Exception {
    Configuration conf = new Configuration();
    File dir = newFolder(tmp, "real");
    assertEquals(TableFormat.ORC, Tables.detectFile(conf, ColumnarSamples.writeOrc(
        new File(dir, "a.orc"), ColumnarSamples.ROWS, 64 * 1024)));
    assertEquals(TableFormat.PARQUET, Tables.detectFile(conf, ColumnarSamples.writeParquet(
        new File(dir, "a.parquet"), ColumnarSamples.ROWS, 64 * 1024)));
    assertEquals(TableFormat.AVRO, Tables.detectFile(conf, ColumnarSamples.writeAvro(
        new File(dir, "a.avro"), ColumnarSamples.ROWS, 1024)));
  }

  @Test
  public void optionValues() {
    for (TableFormat f : TableFormat.values()) {
      assertEquals(f, TableFormat.parse("input-format", f.cliName().toUpperCase()));
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TableFormat.parse("left-format", "xml"));
    assertEquals(
        "--left-format must be auto|text|csv|seqfile|avro|parquet|orc, got \"xml\"", e.getMessage());
  }

  private Path write(File dir, String name, byte[] bytes) throws Exception {
    File f = new File(dir, name);
    f.getParentFile().mkdirs();
    try (OutputStream out = Files.newOutputStream(f.toPath())) {
      out.write(bytes);
    }
    return new Path(f.toURI());
  }

  @Test
  public void aDirectoryOfMixedFormatsNamesTwoFiles() throws Exception {
    File dir = newFolder(tmp, "in");
    Configuration conf = new Configuration();
    write(dir, "a.txt", "k\tv\n".getBytes(StandardCharsets.UTF_8));
    write(dir, "_SUCCESS", new byte[0]);
    write(dir, "sub/b.txt", "SEQUEL\n".getBytes(StandardCharsets.UTF_8));
    Path in = new Path(dir.toURI());
    assertEquals(TableFormat.TEXT, Tables.detect(conf, in));
    write(dir, "sub/c.parquet", "PAR1\0\0\0\0PAR1".getBytes(StandardCharsets.UTF_8));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tables.detect(conf, in));
    assertTrue(e.getMessage().contains("a.txt is text"), e.getMessage());
    assertTrue(e.getMessage().contains("c.parquet is parquet"), e.getMessage());
  }

  /**
   * Many files are read by several threads ({@link Tables#PARALLEL_DETECT_FILES}): the answer and
   * the files a mix names are those of a reading in path order, whatever file is met first.
   */
  @Test
  public void manyFilesAreDetectedAsInPathOrder() throws Exception {
    File dir = newFolder(tmp, "many");
    Configuration conf = new Configuration();
    int files = 8 * Tables.PARALLEL_DETECT_FILES + 3;
    for (int i = 0; i < files; i++) {
      write(dir, String.format("d%d/f%04d.txt", i % 5, i), ("k" + i + "\tv\n").getBytes(
          StandardCharsets.UTF_8));
    }
    Path in = new Path(dir.toURI());
    assertEquals(TableFormat.TEXT, Tables.detect(conf, in));
    byte[] parquet = "PAR1\0\0\0\0PAR1".getBytes(StandardCharsets.UTF_8);
    write(dir, "d4/g.parquet", parquet);
    write(dir, "d2/h.parquet", parquet);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Tables.detect(conf, in));
    // path order: d0/f0000.txt is the first file, d2/h.parquet the first of another format
    assertTrue(e.getMessage().contains("f0000.txt is text but "), e.getMessage());
    assertTrue(e.getMessage().contains("d2/h.parquet is parquet"), e.getMessage());
    // a truncated Parquet file among many: refused naming it, as read alone
    write(dir, "d1/t.parquet", "PAR1 not really".getBytes(StandardCharsets.UTF_8));
    new File(dir, "d4/g.parquet").delete();
    new File(dir, "d2/h.parquet").delete();
    IOException t = assertThrows(IOException.class, () -> Tables.detect(conf, in));
    assertTrue(t.getMessage().contains("t.parquet cannot be read as parquet"), t.getMessage());
  }

  /**
   * Within a tool run ({@link ListingCache#open}) an input is listed once: a file added during the
   * run is not seen by a second listing of it, but by the next run's; another input is listed on
   * its own.
   */
  @Test
  public void aRunListsEachInputOnce() throws Exception {
    File dir = newFolder(tmp, "listed");
    File other = newFolder(tmp, "other");
    Configuration conf = new Configuration();
    write(dir, "a.txt", "1\n".getBytes(StandardCharsets.UTF_8));
    write(other, "x.txt", "1\n".getBytes(StandardCharsets.UTF_8));
    Path in = new Path(dir.toURI());
    try (ListingCache.Scope run = ListingCache.open()) {
      assertEquals(1, Tables.list(conf, in).size());
      write(dir, "b.txt", "2\n".getBytes(StandardCharsets.UTF_8));
      assertEquals(1, Tables.list(conf, in).size());
      try (ListingCache.Scope nested = ListingCache.open()) {
        assertEquals(1, Tables.list(conf, in).size());
      }
      assertEquals(1, Tables.list(conf, in).size()); // a nested scope ends nothing
      assertEquals(1, Tables.list(conf, new Path(other.toURI())).size());
      Tables.list(conf, in).clear(); // a copy: the caller may change it
      assertEquals(1, Tables.list(conf, in).size());
    }
    assertEquals(2, Tables.list(conf, in).size());
    write(dir, "c.txt", "3\n".getBytes(StandardCharsets.UTF_8));
    assertEquals(3, Tables.list(conf, in).size()); // no run: listed each time
  }

  @Test
  public void readsTextRowsInPathOrder() throws Exception {
    File dir = newFolder(tmp, "rows");
    write(dir, "b", "3\tc\n4\td\n".getBytes(StandardCharsets.UTF_8));
    write(dir, "a", "1\ta\n\n2\tb\n".getBytes(StandardCharsets.UTF_8));
    TableSpec spec =
        TableSpec.builder(TableFormat.TEXT)
            .key(java.util.List.of("1"), java.util.List.of())
            .otherFields(java.util.List.of("0"))
            .build();
    StringBuilder seen = new StringBuilder();
    Tables.read(new Configuration(), spec,
        (file, pos, row) -> seen.append(file.getName()).append('@').append(pos).append('=')
            .append(row.problem() != null ? "!" + row.problem() : row.value(0) + "/" + row.value(1))
            .append(';'),
        new Path(dir.toURI()));
    assertEquals("a@0=a/1;a@4=!blank line;a@5=b/2;b@0=c/3;b@4=d/4;", seen.toString());
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
