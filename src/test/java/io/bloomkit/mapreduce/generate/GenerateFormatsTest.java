package io.bloomkit.mapreduce.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.OrcAvro;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.orc.OrcFile;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code generate --format}: for every dataset and format, the rows read back by the format's own
 * reader equal the text rows, parsed here by the column types the docs give.
 */
public class GenerateFormatsTest {
  @TempDir public File tmp;

  private static final String[] FORMATS = {"csv", "seqfile", "avro", "parquet", "orc"};
  private static final Configuration CONF = new Configuration();

  /** A column's documented type. */
  enum Kind { LONG, INT, DECIMAL, DATE, STRING, DOUBLE }

  private static final class Column {
    final String name;
    final Kind kind;

    Column(String name, Kind kind) {
      this.name = name;
      this.kind = kind;
    }
  }

  private static List<Column> columns(Object... nameKind) {
    List<Column> out = new ArrayList<>();
    for (int i = 0; i < nameKind.length; i += 2) {
      out.add(new Column((String) nameKind[i], (Kind) nameKind[i + 1]));
    }
    return out;
  }

  private static final List<Column> ORDERS = columns(
      "o_orderkey", Kind.LONG, "o_custkey", Kind.LONG, "o_orderstatus", Kind.STRING,
      "o_totalprice", Kind.DECIMAL, "o_orderdate", Kind.DATE, "o_orderpriority", Kind.STRING,
      "o_clerk", Kind.STRING, "o_shippriority", Kind.INT, "o_comment", Kind.STRING);
  private static final List<Column> LINEITEM = columns(
      "l_orderkey", Kind.LONG, "l_partkey", Kind.LONG, "l_suppkey", Kind.LONG,
      "l_linenumber", Kind.INT, "l_quantity", Kind.DECIMAL, "l_extendedprice", Kind.DECIMAL,
      "l_discount", Kind.DECIMAL, "l_tax", Kind.DECIMAL, "l_returnflag", Kind.STRING,
      "l_linestatus", Kind.STRING, "l_shipdate", Kind.DATE, "l_commitdate", Kind.DATE,
      "l_receiptdate", Kind.DATE, "l_shipinstruct", Kind.STRING, "l_shipmode", Kind.STRING,
      "l_comment", Kind.STRING);
  private static final List<Column> CUSTOMER = columns(
      "c_custkey", Kind.LONG, "c_name", Kind.STRING, "c_address", Kind.STRING,
      "c_nationkey", Kind.LONG, "c_phone", Kind.STRING, "c_acctbal", Kind.DECIMAL,
      "c_mktsegment", Kind.STRING, "c_comment", Kind.STRING);
  private static final List<Column> PATENTS = columns(
      "patent", Kind.LONG, "gyear", Kind.LONG, "gdate", Kind.LONG, "appyear", Kind.LONG,
      "country", Kind.STRING, "claims", Kind.LONG, "nclass", Kind.LONG, "cat", Kind.LONG);
  private static final List<Column> CITATIONS = columns("citing", Kind.LONG, "cited", Kind.LONG);
  private static final List<Column> CLICKS = columns(
      "time", Kind.LONG, "click", Kind.STRING, "ad", Kind.STRING, "weight", Kind.LONG,
      "importance", Kind.DOUBLE);

  /** A text field as the value of its documented type. */
  private static Object parse(String s, Kind kind) {
    switch (kind) {
      case LONG:
        return Long.parseLong(s);
      case INT:
        return Integer.parseInt(s);
      case DECIMAL:
        return new BigDecimal(s).setScale(2);
      case DATE:
        return LocalDate.parse(s);
      case DOUBLE:
        return Double.parseDouble(s);
      default:
        return s;
    }
  }

  /** A record's field as the value of its documented type, checking the Avro type. */
  private static Object value(GenericRecord r, Column c) {
    Schema.Field f = r.getSchema().getField(c.name);
    assertTrue(f != null, "no column " + c.name + " in " + r.getSchema());
    Schema s = f.schema();
    if (s.getType() == Schema.Type.UNION) { // ORC's nullable columns
      s = s.getTypes().get(1);
    }
    Object v = r.get(c.name);
    switch (c.kind) {
      case LONG:
        assertEquals(Schema.Type.LONG, s.getType(), c.name);
        return v;
      case INT:
        assertEquals(Schema.Type.INT, s.getType(), c.name);
        assertEquals(null, s.getLogicalType(), c.name);
        return v;
      case DECIMAL: {
        assertEquals(LogicalTypes.decimal(15, 2), s.getLogicalType(), c.name);
        ByteBuffer b = ((ByteBuffer) v).duplicate();
        byte[] unscaled = new byte[b.remaining()];
        b.get(unscaled);
        return new BigDecimal(new BigInteger(unscaled), 2);
      }
      case DATE:
        assertEquals(LogicalTypes.date(), s.getLogicalType(), c.name);
        return LocalDate.ofEpochDay((Integer) v);
      case DOUBLE:
        assertEquals(Schema.Type.DOUBLE, s.getType(), c.name);
        return v;
      default:
        assertEquals(Schema.Type.STRING, s.getType(), c.name);
        return v.toString();
    }
  }

  private static List<Object> row(List<String> fields, List<Column> columns) {
    assertEquals(columns.size(), fields.size(), fields.toString());
    List<Object> row = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      row.add(parse(fields.get(i), columns.get(i).kind));
    }
    return row;
  }

  private static List<Object> row(GenericRecord r, List<Column> columns) {
    List<Object> row = new ArrayList<>();
    for (Column c : columns) {
      row.add(value(r, c));
    }
    return row;
  }

  private static List<String> split(String line, char delimiter, boolean dbgen) {
    List<String> f = new ArrayList<>(Arrays.asList(line.split(Pattern.quote("" + delimiter), -1)));
    if (dbgen && delimiter == '|') { // dbgen ends each line with the delimiter
      assertEquals("", f.remove(f.size() - 1));
    }
    return f;
  }

  private static File[] parts(File dir) {
    File[] files = dir.listFiles();
    Arrays.sort(files);
    return files;
  }

  private static List<List<Object>> textRows(File dir, char delimiter, List<Column> columns)
      throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    for (File f : parts(dir)) {
      for (String line : Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        rows.add(row(split(line, delimiter, true), columns));
      }
    }
    return rows;
  }

  /** The rows of a directory of {@code format} parts, read by the format's own reader. */
  private static List<List<Object>> rows(File dir, String format, char delimiter,
      List<Column> columns) throws IOException {
    List<List<Object>> rows = new ArrayList<>();
    File[] files = parts(dir);
    for (File f : files) {
      String ext = format.equals("seqfile") ? "" : "." + format;
      assertTrue(f.getName().matches("part-\\d{5}" + Pattern.quote(ext)), f.getName());
      Path p = new Path(f.getPath());
      switch (format) {
        case "csv":
          try (Reader in = Files.newBufferedReader(f.toPath(), StandardCharsets.UTF_8);
              CSVParser csv = CSVParser.parse(in, CSVFormat.RFC4180)) {
            for (CSVRecord r : csv) {
              rows.add(row(r.toList(), columns));
            }
          }
          break;
        case "seqfile":
          try (SequenceFile.Reader in = new SequenceFile.Reader(CONF,
              SequenceFile.Reader.file(p))) {
            Text line = new Text();
            while (in.next(NullWritable.get(), line)) {
              rows.add(row(split(line.toString(), delimiter, false), columns));
            }
          }
          break;
        case "avro":
          try (DataFileReader<GenericRecord> in =
              new DataFileReader<>(f, new GenericDatumReader<>())) {
            for (GenericRecord r : in) {
              rows.add(row(r, columns));
            }
          }
          break;
        case "parquet":
          try (ParquetReader<GenericRecord> in = AvroParquetReader.<GenericRecord>builder(
              HadoopInputFile.fromPath(p, CONF)).withConf(CONF).build()) {
            for (GenericRecord r = in.read(); r != null; r = in.read()) {
              rows.add(row(r, columns));
            }
          }
          break;
        default:
          try (org.apache.orc.Reader in = OrcFile.createReader(p, OrcFile.readerOptions(CONF))) {
            TypeDescription type = in.getSchema();
            Schema schema = OrcAvro.toAvro(type, "row");
            VectorizedRowBatch batch = type.createRowBatch();
            try (RecordReader rr = in.rows()) {
              while (rr.nextBatch(batch)) {
                for (int i = 0; i < batch.size; i++) {
                  rows.add(row(OrcAvro.toAvro(type, batch, i, schema), columns));
                }
              }
            }
          }
      }
    }
    return rows;
  }

  private static long size(File dir) {
    long n = 0;
    for (File f : parts(dir)) {
      n += f.length();
    }
    return n;
  }

  /** Generates {@code args} as text and in every format; returns the output directories. */
  private Map<String, Object> generate(String name, String format, String... args) {
    List<String> all = new ArrayList<>(Arrays.asList(args));
    all.addAll(List.of("--parts", "2", "--json", "--format", format, "--out",
        new File(tmp, name + "-" + format).getPath()));
    ToolRun r = ToolRun.run(new GenerateTool(), all.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  /**
   * Generates {@code args} as text and in every format, and compares the rows of each dataset
   * ({@code datasets[i]}, "" for the output directory itself, with {@code columns[i]}).
   */
  private void check(String name, char delimiter, String[] datasets, List<List<Column>> columns,
      String... args) throws IOException {
    check(List.of(FORMATS), name, delimiter, datasets, columns, args);
  }

  /** {@link #check} in the given formats only. */
  private void check(List<String> formats, String name, char delimiter, String[] datasets,
      List<List<Column>> columns, String... args) throws IOException {
    Map<String, Object> text = generate(name, "text", args);
    List<List<List<Object>>> want = new ArrayList<>();
    for (int d = 0; d < datasets.length; d++) {
      File textDir = new File(new File(tmp, name + "-text"), datasets[d]);
      want.add(textRows(textDir, delimiter, columns.get(d)));
      assertTrue(want.get(d).size() > 10, name);
    }
    for (String format : formats) {
      Map<String, Object> j = generate(name, format, args);
      for (int d = 0; d < datasets.length; d++) {
        File dir = new File(new File(tmp, name + "-" + format), datasets[d]);
        assertEquals(want.get(d), rows(dir, format, delimiter, columns.get(d)),
            name + " " + datasets[d] + " " + format);
        if (datasets[d].isEmpty()) {
          String count = text.containsKey("rows") ? "rows" : "records";
          assertEquals(text.get(count), j.get(count), format);
          assertEquals(size(dir), j.get("bytes"), format);
        }
      }
    }
  }

  @Test
  public void tpchTablesInEveryFormatHoldTheTextRows() throws IOException {
    String[] top = {""};
    // the fast tier writes each table in a share of the formats, every format once (Tier.share);
    // patentsAndClicks and GenerateTpcdsTest write every format
    List<String> formats = List.of(FORMATS);
    check(Tier.share(formats, 0, 3), "orders", '|', top, List.of(ORDERS),
        "tpch", "--scale", "0.001", "--table", "orders");
    check(Tier.share(formats, 1, 3), "lineitem", '|', top, List.of(LINEITEM),
        "tpch", "--scale", "0.0003", "--table", "lineitem");
    check(Tier.share(formats, 2, 3), "customer", '|', top, List.of(CUSTOMER),
        "tpch", "--scale", "0.001", "--table", "customer");
  }

  @Test
  public void patentsAndClicksInEveryFormatHoldTheTextRows() throws IOException {
    check("patents", ',', new String[] {"patents", "citations", "keys"},
        List.of(PATENTS, CITATIONS, PATENTS),
        "patents", "--patents", "400", "--citations", "900", "--keys", "30");
    check("clicks", ',', new String[] {""}, List.of(CLICKS), "clicks", "--records", "2000");
  }

  @Test
  public void codecsAreTheFormatsOwn() throws IOException {
    generate("o", "orc", "tpch", "--scale", "0.001", "--table", "nation", "--codec", "zstd");
    try (org.apache.orc.Reader in = OrcFile.createReader(
        new Path(new File(tmp, "o-orc/part-00000.orc").getPath()),
        OrcFile.readerOptions(CONF))) {
      assertEquals("ZSTD", in.getCompressionKind().name());
    }
    generate("a", "avro", "tpch", "--scale", "0.001", "--table", "nation", "--codec", "gzip");
    try (DataFileReader<GenericRecord> in = new DataFileReader<>(
        new File(tmp, "a-avro/part-00001.avro"), new GenericDatumReader<>())) {
      assertEquals("deflate", in.getMetaString("avro.codec"));
    }
  }

  @Test
  public void badFormatsAndCodecsAreUsageErrors() {
    String out = new File(tmp, "never").getPath();
    String[][] bad = {
      {"--format", "parquet", "--codec", "brotli"},
      {"--format", "text", "--codec", "gzip"},
      {"--format", "auto"},
      {"--format", "xml"},
    };
    for (String[] b : bad) {
      List<String> args = new ArrayList<>(List.of(
          "tpch", "--scale", "0.001", "--table", "nation", "--out", out));
      args.addAll(Arrays.asList(b));
      ToolRun r = ToolRun.run(new GenerateTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, Arrays.toString(b) + ": " + r);
      assertTrue(r.err.contains(b[1].equals("xml") || b[1].equals("auto")
          ? "--format" : "--codec"), Arrays.toString(b));
      assertTrue(!new File(out).exists());
    }
  }
}
