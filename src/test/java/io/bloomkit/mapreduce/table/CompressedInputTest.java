package io.bloomkit.mapreduce.table;

import static io.bloomkit.mapreduce.table.RowsRead.codec;
import static io.bloomkit.mapreduce.table.RowsRead.localConf;
import static io.bloomkit.mapreduce.table.RowsRead.read;
import static io.bloomkit.mapreduce.table.RowsRead.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.table.RowsRead.Read;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compressed text and CSV: each file is written through the codec's own output stream (Hadoop's
 * {@code CompressionCodecFactory}) and read through {@link Tables#read}; its rows must equal the
 * uncompressed file's, and a bzip2 file cut into small splits must still give each line once.
 */
class CompressedInputTest {
  @TempDir static File dir;

  private static final Configuration CONF = localConf();
  private static String text;
  private static String csv;
  private static String multiline;

  @BeforeAll
  static void data() throws IOException {
    Random random = new Random(13);
    StringBuilder t = new StringBuilder();
    List<List<String>> rows = new ArrayList<>();
    List<List<String>> spanning = new ArrayList<>();
    // more than one 900 kB bzip2 block, so that splits start inside the file
    for (int i = 0; i < 40_000; i++) {
      String a = Long.toString(random.nextLong(), 36);
      String b = Long.toString(random.nextLong(), 36);
      String c = i % 97 == 0 ? "" : Integer.toString(random.nextInt(1000));
      t.append(a).append('\t').append(b).append('\t').append(c).append('\n');
      rows.add(List.of(a, "\"" + b + "\", " + c, c));
      if (i < 500) {
        spanning.add(List.of(a, b + "\n" + c, c));
      }
    }
    text = t.toString();
    csv = print(rows);
    multiline = print(spanning);
  }

  private static String print(List<List<String>> rows) throws IOException {
    StringWriter out = new StringWriter();
    try (CSVPrinter p = new CSVPrinter(out, CSVFormat.RFC4180)) {
      for (List<String> r : rows) {
        p.printRecord(r);
      }
    }
    return out.toString();
  }

  private static TableSpec spec(TableFormat format, char delimiter) {
    return TableSpec.builder(format)
        .delimiter(delimiter)
        .key(List.of("0"), List.of())
        .otherFields(List.of("1", "2"))
        .build();
  }

  private static Path file(String name) {
    return new Path(new File(dir, name).toURI());
  }

  /** The rows without their positions (a bzip2 split's positions are not byte offsets). */
  private static List<String> rows(List<Read> read) {
    List<String> out = new ArrayList<>();
    for (Read r : read) {
      out.add(r.problem + " " + r.values + " | " + r.line);
    }
    return out;
  }

  private static void assertSameRows(
      Configuration conf, TableSpec spec, String content, String name, String codecName)
      throws IOException {
    CompressionCodec codec = codec(conf, codecName);
    Path plain = write(conf, file(name), content, null);
    Path packed = write(conf, file(name + codec.getDefaultExtension()), content, codec);
    assertTrue(
        new File(packed.toUri()).length() < new File(plain.toUri()).length(),
        "written through " + codecName);
    List<String> expected = rows(read(conf, spec, plain));
    assertTrue(expected.size() >= 500);
    assertEquals(expected, rows(read(conf, spec, packed)), name + " " + codecName);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "bzip2", "deflate"})
  void textThroughEachCodec(String codecName) throws IOException {
    assertSameRows(CONF, spec(TableFormat.TEXT, '\t'), text, "rows.txt", codecName);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "bzip2", "deflate"})
  void csvThroughEachCodec(String codecName) throws IOException {
    assertSameRows(CONF, spec(TableFormat.CSV, ','), csv, "rows.csv", codecName);
  }

  @ParameterizedTest
  @ValueSource(strings = {"gzip", "bzip2", "deflate"})
  void multilineCsvThroughEachCodec(String codecName) throws IOException {
    TableSpec spec = spec(TableFormat.CSV, ',').toBuilder().csvMultiline(true).build();
    assertSameRows(CONF, spec, multiline, "spanning.csv", codecName);
  }

  @Test
  void bzip2SplitInTheMiddleGivesEachLineOnce() throws IOException {
    Configuration small = new Configuration(CONF);
    small.setLong(FileInputFormat.SPLIT_MAXSIZE, 64 * 1024);
    CompressionCodec bzip2 = codec(small, "bzip2");
    for (TableFormat format : new TableFormat[] {TableFormat.TEXT, TableFormat.CSV}) {
      TableSpec spec = spec(format, format == TableFormat.TEXT ? '\t' : ',');
      String content = format == TableFormat.TEXT ? text : csv;
      Path packed = write(small, file("split-" + format.cliName() + ".bz2"), content, bzip2);
      assertTrue(RowsRead.splits(small, spec, packed) > 4, format.cliName());
      List<String> expected = rows(read(CONF, spec, write(CONF,
          file("split-" + format.cliName()), content, null)));
      List<String> got = rows(read(small, spec, packed));
      assertEquals(40_000, got.size(), format.cliName());
      // each line once: the same multiset, and in file order
      List<String> sortedExpected = new ArrayList<>(expected);
      List<String> sortedGot = new ArrayList<>(got);
      Collections.sort(sortedExpected);
      Collections.sort(sortedGot);
      assertEquals(sortedExpected, sortedGot, format.cliName());
      assertEquals(expected, got, format.cliName());
    }
  }
}
