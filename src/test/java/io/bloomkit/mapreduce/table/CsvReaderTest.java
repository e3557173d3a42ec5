package io.bloomkit.mapreduce.table;

import static io.bloomkit.mapreduce.table.RowsRead.localConf;
import static io.bloomkit.mapreduce.table.RowsRead.read;
import static io.bloomkit.mapreduce.table.RowsRead.values;
import static io.bloomkit.mapreduce.table.RowsRead.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.table.RowsRead.Read;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV reader through {@link Tables#read} (the job's input format, splits and codecs): rows
 * written by commons-csv's own printer, or hand-written text, against the written values.
 */
class CsvReaderTest {
  @TempDir File dir;

  private final Configuration conf = localConf();

  /** Rows with delimiters, quotes, spaces and empty strings inside fields. */
  private static final List<List<String>> ROWS =
      Arrays.asList(
          Arrays.asList("k1", "plain", "x"),
          Arrays.asList("k,2", "has, commas", "y"),
          Arrays.asList("k\"3\"", "say \"hi\"", "z"),
          Arrays.asList("", " spaced ", "\"\""),
          Arrays.asList("k5", "", "tab\there"),
          Arrays.asList("ünï", "ç;o", "€"));

  private static TableSpec.Builder csv(char delimiter, String... fields) {
    return TableSpec.builder(TableFormat.CSV)
        .delimiter(delimiter)
        .key(Arrays.asList(fields).subList(0, 1), List.of())
        .otherFields(Arrays.asList(fields).subList(1, fields.length));
  }

  /** The rows as commons-csv's printer writes them (quoted where needed), one per line. */
  private static String print(List<List<String>> rows, char delimiter, String separator)
      throws IOException {
    StringWriter out = new StringWriter();
    CSVFormat f = CSVFormat.RFC4180.builder().setDelimiter(delimiter)
        .setRecordSeparator(separator).build();
    try (CSVPrinter p = new CSVPrinter(out, f)) {
      for (List<String> r : rows) {
        p.printRecord(r);
      }
    }
    return out.toString();
  }

  private Path file(String name) {
    return new Path(new File(dir, name).toURI());
  }

  private static List<List<Object>> asObjects(List<List<String>> rows) {
    List<List<Object>> out = new ArrayList<>();
    rows.forEach(r -> out.add(new ArrayList<>(r)));
    return out;
  }

  @Test
  void quotedDelimitersAndEscapedQuotesReadAsWritten() throws IOException {
    for (char d : new char[] {',', ';', '\t', '|'}) {
      String text = print(ROWS, d, "\n");
      assertTrue(text.contains("\"\""), "the printer escapes quotes: " + text);
      Path f = write(conf, file("rows-" + (int) d + ".csv"), text, null);
      List<Read> rows = read(conf, csv(d, "0", "1", "2").nullToken(null).build(), f);
      assertEquals(asObjects(ROWS), values(rows), "delimiter " + d);
      // line(): the record's text as read, and the position its byte offset
      String[] lines = text.split("\n", -1);
      long offset = 0;
      for (int i = 0; i < rows.size(); i++) {
        assertEquals(lines[i], rows.get(i).line);
        assertEquals(offset, rows.get(i).position);
        offset += lines[i].getBytes(StandardCharsets.UTF_8).length + 1;
      }
    }
  }

  @Test
  void manySplitsGiveEachRecordOnceInFileOrder() throws IOException {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      rows.add(Arrays.asList("k" + i, "v, \"" + i + "\"", i % 7 == 0 ? "" : "w" + i));
    }
    String text = print(rows, ',', "\r\n");
    Path f = write(conf, file("many.csv"), text, null);
    Configuration small = new Configuration(conf);
    small.setLong(FileInputFormat.SPLIT_MAXSIZE, 1000);
    assertTrue(RowsRead.splits(small, csv(',', "0").build(), f) > 10);
    List<Read> read = read(small, csv(',', "0", "1", "2").build(), f);
    // reference: commons-csv over the whole file
    List<List<Object>> expected = new ArrayList<>();
    try (CSVParser p = CSVParser.parse(new StringReader(text), CSVFormat.RFC4180)) {
      for (CSVRecord r : p) {
        expected.add(new ArrayList<>(r.toList()));
      }
    }
    assertEquals(2000, expected.size());
    assertEquals(expected, values(read));
  }

  @Test
  void headerNamesColumnsPerFileAndIsNotARecord() throws IOException {
    Path a = write(conf, file("a.csv"), "id,name,city\n1,ann,\"Paris, FR\"\n2,bob,Rome\n", null);
    Path b = write(conf, file("b.csv"), "\uFEFFcity,id,name\nOslo,3,cy\n", null);
    Path empty = write(conf, file("0-empty.csv"), "", null); // no header, no records
    TableSpec spec =
        csv(',', "id", "city").csvHeader(true).build();
    TableSpec resolved = TableSchemas.resolve(conf, spec, new Path[] {empty, a, b}, false);
    List<Read> rows = read(conf, resolved, empty, a, b);
    assertEquals(
        List.of(List.of("1", "Paris, FR"), List.of("2", "Rome"), List.of("3", "Oslo")),
        values(rows));
    // numbers still work with a header, and the header is skipped in every split
    Configuration small = new Configuration(conf);
    small.setLong(FileInputFormat.SPLIT_MAXSIZE, 8);
    assertEquals(
        List.of(List.of("ann"), List.of("bob"), List.of("3")),
        values(read(small, csv(',', "1").csvHeader(true).build(), a, b)));
    assertEquals(
        List.of(List.of("1", "ann"), List.of("2", "bob"), List.of("3", "cy")),
        values(read(small, spec.toBuilder().key(List.of("id"), List.of())
            .otherFields(List.of("name")).build(), a, b)));
  }

  @Test
  void unknownColumnNameFailsListingTheHeader() throws IOException {
    Path a = write(conf, file("a.csv"), "id,name\n1,ann\n", null);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableSchemas.resolve(conf, csv(',', "nmae").csvHeader(true).build(),
                new Path[] {a}, false));
    assertTrue(e.getMessage().contains("\"nmae\""), e.getMessage());
    assertTrue(e.getMessage().contains("id, name"), e.getMessage());
    assertTrue(e.getMessage().contains("a.csv"), e.getMessage());
    IllegalArgumentException noHeader =
        assertThrows(
            IllegalArgumentException.class,
            () -> TableSchemas.resolve(conf, csv(',', "name").build(), new Path[] {a}, false));
    assertTrue(noHeader.getMessage().contains("--csv-header"), noHeader.getMessage());
    // a later file without the column fails its task, naming that file and its columns
    Path b = write(conf, file("b.csv"), "id,nom\n2,bob\n", null);
    TableSpec spec = csv(',', "name").csvHeader(true).build();
    IOException task = assertThrows(IOException.class, () -> read(conf, spec, a, b));
    assertTrue(task.getMessage().contains("b.csv"), task.getMessage());
    assertTrue(task.getMessage().contains("id, nom"), task.getMessage());
  }

  @Test
  void aLineBreakInsideQuotesFailsByLinesNamingFileAndOffset() throws IOException {
    String first = "k1,one line,x\n";
    String text = first + "k2,\"two\nlines\",y\nk3,z,w\n";
    Path f = write(conf, file("multi.csv"), text, null);
    IOException e = assertThrows(IOException.class, () -> read(conf, csv(',', "0", "1").build(), f));
    assertTrue(e.getMessage().contains("multi.csv"), e.getMessage());
    assertTrue(e.getMessage().contains("byte " + first.length()), e.getMessage());
    assertTrue(e.getMessage().contains("--csv-multiline"), e.getMessage());
  }

  @Test
  void multilineReadsRecordsSpanningLines() throws IOException {
    List<List<String>> rows =
        Arrays.asList(
            Arrays.asList("k1", "one line", "x"),
            Arrays.asList("k2", "two\nlines", "y"),
            Arrays.asList("k3", "crlf\r\ninside, and \"quotes\"", "z"),
            Arrays.asList("k4", "three\n\nlines\n", ""));
    for (String sep : new String[] {"\n", "\r\n"}) {
      String text = print(rows, ',', sep);
      Path f = write(conf, file("multi.csv"), text, null);
      TableSpec spec = csv(',', "0", "1", "2").csvMultiline(true).build();
      List<Read> read = read(conf, spec, f);
      assertEquals(asObjects(rows), values(read));
      long offset = 0;
      for (int i = 0; i < rows.size(); i++) {
        String record = print(rows.subList(i, i + 1), ',', sep);
        String line = record.substring(0, record.length() - sep.length());
        assertEquals(line, read.get(i).line);
        assertEquals(offset, read.get(i).position);
        offset += record.getBytes(StandardCharsets.UTF_8).length;
      }
      // with a header, through a name
      Path h = write(conf, file("multi-h.csv"), "key,\"long\ntext\",z\n" + text, null);
      TableSpec named = csv(',', "key", "long\ntext").csvHeader(true).csvMultiline(true).build();
      TableSchemas.resolve(conf, named, new Path[] {h}, false);
      assertEquals(rows.get(1).subList(0, 2), values(read(conf, named, h)).get(1));
    }
  }

  @Test
  void randomFieldsWithQuotesDelimitersAndLineBreaksReadAsWritten() throws IOException {
    java.util.Random random = new java.util.Random(4180);
    String alphabet = "ab ,;\"\"\n\r\t\u00e9\u20ac";
    for (int round = 0; round < 20; round++) {
      char d = round % 2 == 0 ? ',' : ';';
      boolean lineBreaks = round % 4 < 2;
      List<List<String>> rows = new ArrayList<>();
      for (int i = 0; i < 50; i++) {
        List<String> r = new ArrayList<>();
        for (int f = 0; f < 3; f++) {
          StringBuilder v = new StringBuilder();
          for (int n = random.nextInt(6); n > 0; n--) {
            char c = alphabet.charAt(random.nextInt(alphabet.length()));
            if (lineBreaks || (c != '\n' && c != '\r')) {
              v.append(c);
            }
          }
          r.add(v.toString());
        }
        rows.add(r);
      }
      String text = print(rows, d, random.nextBoolean() ? "\n" : "\r\n");
      Path f = write(conf, file("random-" + round + ".csv"), text, null);
      TableSpec spec = csv(d, "0", "1", "2").nullToken(null).csvMultiline(lineBreaks).build();
      assertEquals(asObjects(rows), values(read(conf, spec, f)), text);
    }
  }

  @Test
  void malformedRecordsAreRowProblemsNotFailures() throws IOException {
    String text =
        "a,1,x\n"
            + "b,\"2\"junk,y\n" // text after a closing quote
            + "\n"
            + "  \n"
            + "c\n" // no field 2
            + "\"d\",\"3\",\"z\"\n";
    Path f = write(conf, file("bad.csv"), text, null);
    for (boolean multiline : new boolean[] {false, true}) {
      List<Read> rows = read(conf, csv(',', "0", "2").csvMultiline(multiline).build(), f);
      assertEquals(6, rows.size());
      assertNull(rows.get(0).problem);
      assertTrue(rows.get(1).problem.startsWith("CSV syntax error"), rows.get(1).problem);
      assertEquals("b,\"2\"junk,y", rows.get(1).line);
      assertEquals("blank line", rows.get(2).problem);
      assertEquals("blank line", rows.get(3).problem);
      assertEquals("has 1 fields, key field 2 missing", rows.get(4).problem);
      assertEquals(List.of(List.of("a", "x"), List.of("d", "z")), values(rows));
    }
    // --csv-multiline: a quote never closed makes the rest of the file one malformed record
    Path open = write(conf, file("open.csv"), "a,1,x\nb,\"2,y\nc,3,z\n", null);
    List<Read> rows = read(conf, csv(',', "0").csvMultiline(true).build(), open);
    assertEquals(2, rows.size());
    assertTrue(rows.get(1).problem.startsWith("CSV syntax error"), rows.get(1).problem);
    assertEquals("b,\"2,y\nc,3,z\n", rows.get(1).line); // all up to the end of the file
  }

  @Test
  void invalidUtf8IsAMalformedRecord() throws IOException {
    byte[] bytes = {'a', ',', (byte) 0xC3, '\n', 'b', ',', 'c', '\n'};
    Path f = write(conf, file("bin.csv"), bytes, null);
    List<Read> rows = read(conf, csv(',', "0").build(), f);
    assertEquals("record is not valid UTF-8", rows.get(0).problem);
    assertEquals(List.of(List.of("b")), values(rows));
  }

  @Test
  void onlyUnquotedFieldsAreNull() throws IOException {
    String text = "\\N,\"\\N\",,\"\",x\n";
    Path f = write(conf, file("nulls.csv"), text, null);
    TableSpec spec = csv(',', "0", "1", "2", "3", "4").build();
    assertEquals(
        Arrays.asList(null, "\\N", "", "", "x"), values(read(conf, spec, f)).get(0));
    TableSpec empty = spec.toBuilder().emptyIsNull(true).nullToken(null).build();
    assertEquals(
        Arrays.asList("\\N", "\\N", null, "", "x"), values(read(conf, empty, f)).get(0));
  }
}
