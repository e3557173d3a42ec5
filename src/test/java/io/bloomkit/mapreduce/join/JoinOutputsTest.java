package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * join {@code --output-format}: a Parquet left table (customers) joined with an ORC right table
 * (orders) on {@code custkey} by name, both written by {@link TableWriter}, some keys null, inner
 * and left-outer, into every output format; the records read back with the libraries' readers
 * ({@link OutputFiles}) equal the text output's rows and a naive join of the same rows; colliding
 * column names get {@code l_} / {@code r_}; codecs show in the files; usage errors; a CSV left side
 * joined with a SequenceFile right side into records equals a naive join.
 */
public class JoinOutputsTest {
  @TempDir public File tmp;

  private final Configuration conf = ToolRun.localConf();

  static final Schema CUSTOMERS = SchemaBuilder.record("customer").fields()
      .requiredLong("id").requiredString("name").optionalString("region").optionalLong("custkey")
      .endRecord();
  static final Schema ORDERS = SchemaBuilder.record("orders").fields()
      .requiredLong("orderkey").optionalLong("custkey").requiredDouble("total")
      .optionalString("name").endRecord();

  /** The rows as text lines (fields joined by tab, null as \N), and their keys (null: none). */
  private final List<String> leftLines = new ArrayList<>();
  private final List<Long> leftKeys = new ArrayList<>();
  private final List<String> rightLines = new ArrayList<>();
  private final List<Long> rightKeys = new ArrayList<>();
  private File left;
  private File right;

  private void tables() throws Exception {
    Random rnd = new Random(13);
    left = newFolder(tmp, "customers");
    right = newFolder(tmp, "orders");
    FileSystem fs = FileSystem.getLocal(conf);
    long id = 0;
    for (int part = 0; part < 2; part++) {
      try (TableWriter w = TableWriter.open(conf, fs,
          new Path(new File(left, "part-" + part + ".parquet").getPath()), TableFormat.PARQUET,
          CUSTOMERS, null, "\t")) {
        for (int i = 0; i < 80; i++) {
          Long key = rnd.nextInt(10) == 0 ? null : (long) rnd.nextInt(60);
          String region = rnd.nextInt(4) == 0 ? null : "r" + rnd.nextInt(5);
          GenericRecord r = new GenericData.Record(CUSTOMERS);
          r.put("id", id);
          r.put("name", "c" + id);
          r.put("region", region);
          r.put("custkey", key);
          w.write(r);
          leftLines.add(id + "\tc" + id + "\t" + text(region) + "\t" + text(key));
          leftKeys.add(key);
          id++;
        }
      }
    }
    try (TableWriter w = TableWriter.open(conf, fs,
        new Path(new File(right, "part-0.orc").getPath()), TableFormat.ORC, ORDERS, null, "\t")) {
      for (long o = 0; o < 500; o++) {
        Long key = rnd.nextInt(12) == 0 ? null : (long) rnd.nextInt(90);
        double total = rnd.nextInt(10000) / 4.0;
        String name = rnd.nextInt(3) == 0 ? null : "o" + o;
        GenericRecord r = new GenericData.Record(ORDERS);
        r.put("orderkey", 1000 + o);
        r.put("custkey", key);
        r.put("total", total);
        r.put("name", name);
        w.write(r);
        rightLines.add((1000 + o) + "\t" + text(key) + "\t" + total + "\t" + text(name));
        rightKeys.add(key);
      }
    }
  }

  private static String text(Object v) {
    return v == null ? "\\N" : v.toString();
  }

  /**
   * The naive join's rows as lines: matches {@code left\tright}; a left-outer join's unmatched
   * (or null-key) left row followed by {@code unmatchedRight}.
   */
  private Map<String, Integer> naive(boolean leftOuter, String unmatchedRight) {
    Map<Long, List<String>> byKey = new HashMap<>();
    for (int i = 0; i < rightLines.size(); i++) {
      if (rightKeys.get(i) != null) {
        byKey.computeIfAbsent(rightKeys.get(i), k -> new ArrayList<>()).add(rightLines.get(i));
      }
    }
    Map<String, Integer> out = new TreeMap<>();
    for (int i = 0; i < leftLines.size(); i++) {
      Long k = leftKeys.get(i);
      List<String> matches = k == null ? null : byKey.get(k);
      if (matches == null) {
        if (leftOuter) {
          out.merge(leftLines.get(i) + "\t" + unmatchedRight, 1, Integer::sum);
        }
        continue;
      }
      for (String r : matches) {
        out.merge(leftLines.get(i) + "\t" + r, 1, Integer::sum);
      }
    }
    return out;
  }

  private File run(String out, String... extra) {
    File dir = new File(tmp, out);
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key",
        "custkey", "--right", right.getPath(), "--right-key", "custkey", "--output",
        dir.getPath(), "--reducers", "2", "--quiet"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return dir;
  }

  /** A text output's lines (the reducers' and the map tasks' null-key files). */
  private static Map<String, Integer> textLines(File dir) throws Exception {
    Map<String, Integer> m = new TreeMap<>();
    for (Path p : OutputFiles.parts(dir)) {
      for (String line : Files.readAllLines(new File(p.toUri().getPath()).toPath(),
          StandardCharsets.UTF_8)) {
        m.merge(line, 1, Integer::sum);
      }
    }
    return m;
  }

  @Test
  public void parquetJoinOrcInEveryFormatEqualsTheTextRowsAndANaiveJoin() throws Exception {
    tables();
    List<String> types = List.of("inner", "left-outer");
    for (int i = 0; i < types.size(); i++) {
      String type = types.get(i);
      boolean outer = type.equals("left-outer");
      Map<String, Integer> text = textLines(run("text-" + type, "--type", type));
      assertEquals(naive(outer, ""), text, type);
      // a record output's unmatched left rows have the four right columns null
      Map<String, Integer> expected = naive(outer, "\\N\t\\N\t\\N\t\\N");
      assertTrue(expected.size() > 100, type);
      // every format with both types in the full tier, each format with one in the fast tier
      for (TableFormat f : Tier.share(List.of(TableFormat.PARQUET, TableFormat.ORC,
          TableFormat.AVRO, TableFormat.SEQFILE), i, types.size())) {
        File out = run(f + "-" + type, "--type", type, "--output-format",
            f.name().toLowerCase());
        Map<String, Integer> back = OutputFiles.lines(conf, out, f, "id");
        assertEquals(expected, back, f + " " + type);
        Map<String, Integer> textRows = new TreeMap<>();
        text.forEach((line, n) -> textRows.put(line.endsWith("\t")
            ? line + "\\N\t\\N\t\\N\t\\N" : line, n));
        assertEquals(textRows, back, f + " " + type + " vs text");
        if (outer) {
          assertTrue(Arrays.stream(OutputFiles.parts(out))
                  .anyMatch(p -> p.getName().startsWith(LeftJoinMapper.NULL_KEY_FILES)),
              f + ": null-key left rows are written from the map");
        }
      }
    }
  }

  /**
   * The naive full-outer join's rows as lines ({@code missing}: the missing side's part) or the
   * naive right-semi join's right rows.
   */
  private Map<String, Integer> naive(String type, String missingLeft, String missingRight) {
    Set<Long> leftKeySet = new HashSet<>(leftKeys);
    leftKeySet.remove(null);
    Set<Long> rightKeySet = new HashSet<>(rightKeys);
    rightKeySet.remove(null);
    Map<String, Integer> out = new TreeMap<>();
    if (type.equals("full-outer")) {
      out.putAll(naive(true, missingRight));
    }
    for (int i = 0; i < rightLines.size(); i++) {
      boolean matched = rightKeys.get(i) != null && leftKeySet.contains(rightKeys.get(i));
      if (type.equals("right-semi") && matched) {
        out.merge(rightLines.get(i), 1, Integer::sum);
      } else if (type.equals("full-outer") && !matched) {
        out.merge(missingLeft + rightLines.get(i), 1, Integer::sum);
      }
    }
    return out;
  }

  @Test
  public void fullOuterAndRightSemiAsTextAndRecords() throws Exception {
    tables();
    // full outer: the missing side's columns null; right semi: the right side's columns only
    assertEquals(naive("full-outer", "\t", ""),
        textLines(run("text-full", "--type", "full-outer")));
    Map<String, Integer> fullOuter = naive("full-outer", "\\N\t\\N\t\\N\t\\N\t",
        "\\N\t\\N\t\\N\t\\N");
    File full = run("parquet-full", "--type", "full-outer", "--output-format", "parquet");
    assertEquals(fullOuter, OutputFiles.lines(conf, full, TableFormat.PARQUET, "id"));
    assertTrue(Arrays.stream(OutputFiles.parts(full))
            .anyMatch(p -> p.getName().startsWith(RightJoinMapper.UNMATCHED_FILES)),
        "unmatched right rows are written from the map");
    Map<String, Integer> semi = naive("right-semi", null, null);
    assertTrue(semi.size() > 100);
    assertEquals(semi, textLines(run("text-semi", "--type", "right-semi")));
    File avro = run("avro-semi", "--type", "right-semi", "--output-format", "avro");
    assertEquals(semi, OutputFiles.lines(conf, avro, TableFormat.AVRO, "orderkey"));
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(
        new File(OutputFiles.parts(avro)[0].toUri().getPath()), new GenericDatumReader<>())) {
      assertEquals(ORDERS.getFields().size(), r.getSchema().getFields().size());
    }
  }

  @Test
  public void collidingColumnsArePrefixedAndEveryColumnIsNullable() throws Exception {
    tables();
    File out = run("avro", "--type", "left-outer", "--output-format", "avro");
    Set<String> seen = new HashSet<>();
    for (Path p : OutputFiles.parts(out)) {
      try (DataFileReader<GenericRecord> r = new DataFileReader<>(
          new File(p.toUri().getPath()), new GenericDatumReader<>())) {
        List<String> names = new ArrayList<>();
        for (Schema.Field f : r.getSchema().getFields()) {
          names.add(f.name());
          assertEquals(Schema.Type.UNION, f.schema().getType(), f.name());
          assertEquals(Schema.Type.NULL, f.schema().getTypes().get(0).getType(), f.name());
        }
        assertEquals(List.of("id", "l_name", "region", "l_custkey", "orderkey", "r_custkey",
            "total", "r_name"), names);
        seen.add(p.getName());
      }
    }
    assertTrue(seen.size() >= 2);
  }

  @Test
  public void codecsAreInTheFiles() throws Exception {
    tables();
    Map<String, Integer> expected = naive(false, "");
    Map<String, CompressionCodecName> parquet = Map.of("none",
        CompressionCodecName.UNCOMPRESSED, "gzip", CompressionCodecName.GZIP);
    for (Map.Entry<String, CompressionCodecName> e : parquet.entrySet()) {
      File out = run("parquet-" + e.getKey(), "--output-format", "parquet", "--output-codec",
          e.getKey());
      try (ParquetFileReader r = ParquetFileReader.open(
          HadoopInputFile.fromPath(OutputFiles.parts(out)[0], conf))) {
        assertEquals(e.getValue(), r.getFooter().getBlocks().get(0).getColumns().get(0).getCodec(),
            e.getKey());
      }
      assertEquals(expected, OutputFiles.lines(conf, out, TableFormat.PARQUET, "id"));
    }
    File orc = run("orc-zstd", "--output-format", "orc", "--output-codec", "zstd");
    try (org.apache.orc.Reader r =
        OrcFile.createReader(OutputFiles.parts(orc)[0], OrcFile.readerOptions(conf))) {
      assertEquals(CompressionKind.ZSTD, r.getCompressionKind());
    }
    assertEquals(expected, OutputFiles.lines(conf, orc, TableFormat.ORC, "id"));
    File avro = run("avro-gzip", "--output-format", "avro", "--output-codec", "gzip");
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(
        new File(OutputFiles.parts(avro)[0].toUri().getPath()), new GenericDatumReader<>())) {
      assertEquals("deflate", r.getMetaString("avro.codec"));
    }
  }

  @Test
  public void textInputsBecomePrefixedStringColumns() throws Exception {
    File l = newFolder(tmp, "l");
    Files.write(new File(l, "part-0").toPath(), "1,a\n2,b\n3,c\n".getBytes(StandardCharsets.UTF_8));
    File r = newFolder(tmp, "r");
    Files.write(new File(r, "part-0").toPath(),
        "x,1,p\ny,1,q\nz,4,s\n".getBytes(StandardCharsets.UTF_8));
    File out = new File(tmp, "out");
    ToolRun run = ToolRun.run(new JoinTool(), "--left", l.getPath(), "--left-key", "0",
        "--right", r.getPath(), "--right-key", "1", "--delimiter", ",", "--type", "left-outer",
        "--output", out.getPath(), "--output-format", "seqfile", "--output-delimiter", "|",
        "--quiet");
    assertEquals(0, run.code, run.toString());
    Map<String, Integer> expected = new TreeMap<>();
    for (String s : List.of("1|a|x|1|p", "1|a|y|1|q", "2|b|\\N|\\N|\\N", "3|c|\\N|\\N|\\N")) {
      expected.put(s, 1);
    }
    assertEquals(expected, OutputFiles.lines(conf, out, TableFormat.SEQFILE, "0"));
    File parquet = new File(tmp, "parquet");
    run = ToolRun.run(new JoinTool(), "--left", l.getPath(), "--left-key", "0",
        "--right", r.getPath(), "--right-key", "1", "--delimiter", ",", "--output",
        parquet.getPath(), "--output-format", "parquet", "--quiet");
    assertEquals(0, run.code, run.toString());
    try (ParquetFileReader pr = ParquetFileReader.open(
        HadoopInputFile.fromPath(OutputFiles.parts(parquet)[0], conf))) {
      assertEquals("[l__c0, l__c1, r__c0, r__c1, _c2]", pr.getFileMetaData().getSchema()
          .getFields().stream().map(t -> t.getName()).collect(java.util.stream.Collectors.toList()).toString());
    }
  }

  @Test
  public void csvLeftJoinsSequenceFileRightIntoRecords() throws Exception {
    // left: CSV (quoted delimiters and quotes, short and long rows, null keys); right: a
    // SequenceFile of (LongWritable custkey, Text order)
    File l = newFolder(tmp, "csv-left");
    File r = newFolder(tmp, "seq-right");
    Random rnd = new Random(5);
    StringBuilder csv = new StringBuilder();
    List<String> lLines = new ArrayList<>();
    List<Long> lKeys = new ArrayList<>();
    for (int i = 0; i < 90; i++) {
      Long key = i % 11 == 5 ? null : (long) rnd.nextInt(40);
      String name = i % 3 == 0 ? "n\"" + i + "\", x" : "n" + i;
      boolean shortRow = i % 8 == 7;
      csv.append(key == null ? "\\N" : key).append(",\"").append(name.replace("\"", "\"\""))
          .append('"').append(shortRow ? "" : ",r" + i + (i % 5 == 1 ? ",extra" : ""))
          .append('\n');
      lLines.add(text(key) + "\t" + name + "\t" + (shortRow ? "\\N" : "r" + i));
      lKeys.add(key);
    }
    Files.write(new File(l, "part-0.csv").toPath(),
        csv.toString().getBytes(StandardCharsets.UTF_8));
    Map<Long, List<String>> rightByKey = new HashMap<>();
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(new Path(new File(r, "part-0").getPath())),
        SequenceFile.Writer.keyClass(LongWritable.class),
        SequenceFile.Writer.valueClass(Text.class))) {
      for (int o = 0; o < 150; o++) {
        long key = rnd.nextInt(60);
        String value = "o" + o + "\t" + o * 3;
        w.append(new LongWritable(key), new Text(value));
        rightByKey.computeIfAbsent(key, k -> new ArrayList<>()).add(key + "\t" + value);
      }
    }
    Map<String, Integer> expected = new TreeMap<>();
    for (int i = 0; i < lLines.size(); i++) {
      List<String> m = lKeys.get(i) == null ? null : rightByKey.get(lKeys.get(i));
      for (String right : m == null ? List.of("\\N\t\\N") : m) {
        expected.merge(lLines.get(i) + "\t" + right, 1, Integer::sum);
      }
    }
    assertTrue(expected.size() > 100);
    // (Avro output from CSV and SequenceFile inputs: DedupOutputsTest)
    for (TableFormat f : List.of(TableFormat.PARQUET, TableFormat.ORC)) {
      File out = new File(tmp, "csv-seq-" + f);
      ToolRun run = ToolRun.run(new JoinTool(), "--left", l.getPath(), "--left-format", "csv",
          "--left-key", "0", "--left-key-type", "long", "--right", r.getPath(), "--right-key",
          "key", "--right-key-type", "long", "--delimiter", ",", "--type", "left-outer",
          "--output", out.getPath(), "--output-format", f.name().toLowerCase(), "--quiet");
      assertEquals(0, run.code, run.toString());
      assertEquals(expected, OutputFiles.lines(conf, out, f, "key"), f.toString());
    }
  }

  @Test
  public void badOutputOptionsAreUsageErrors() throws Exception {
    tables();
    String[][] bad = {
        {"--output-format", "csv"},
        {"--output-format", "orc", "--output-codec", "lz4"},
        {"--output-format", "parquet", "--output-codec", "brotli"},
        {"--output-format", "text", "--output-codec", "gzip"},
        {"--output-delimiter", ","},
    };
    for (String[] b : bad) {
      List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key",
          "custkey", "--right", right.getPath(), "--right-key", "custkey", "--output",
          new File(tmp, "bad").getPath()));
      args.addAll(Arrays.asList(b));
      ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, Arrays.toString(b));
      assertTrue(r.err.contains("--output-"), r.err);
    }
    assertTrue(!new File(tmp, "bad").exists());
  }

  private File mapSide(String out, String... extra) {
    File dir = new File(tmp, out);
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key",
        "custkey", "--right", right.getPath(), "--right-key", "custkey", "--output",
        dir.getPath(), "--strategy", "map-side", "--quiet"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new JoinTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return dir;
  }

  /**
   * {@code --strategy map-side} writes records as the reduce-side join does: right-outer pairs and
   * unmatched right rows (left columns null) in Parquet; the semi and anti joins one side's
   * records alone, with that side's columns (left-anti in Avro, right-semi in ORC); against a
   * naive join of the rows (null keys never match).
   */
  @Test
  public void mapSideJoinWritesEveryFormatAsTheNaiveJoin() throws Exception {
    tables();
    Map<Long, List<String>> leftByKey = new HashMap<>();
    for (int i = 0; i < leftLines.size(); i++) {
      if (leftKeys.get(i) != null) {
        leftByKey.computeIfAbsent(leftKeys.get(i), k -> new ArrayList<>()).add(leftLines.get(i));
      }
    }
    Map<String, Integer> rightOuter = new TreeMap<>();
    Map<String, Integer> rightSemi = new TreeMap<>();
    Set<Long> matched = new HashSet<>();
    for (int i = 0; i < rightLines.size(); i++) {
      Long k = rightKeys.get(i);
      List<String> ls = k == null ? null : leftByKey.get(k);
      if (ls == null) {
        rightOuter.merge("\\N\t\\N\t\\N\t\\N\t" + rightLines.get(i), 1, Integer::sum);
        continue;
      }
      matched.add(k);
      rightSemi.merge(rightLines.get(i), 1, Integer::sum);
      for (String l : ls) {
        rightOuter.merge(l + "\t" + rightLines.get(i), 1, Integer::sum);
      }
    }
    Map<String, Integer> leftAnti = new TreeMap<>();
    for (int i = 0; i < leftLines.size(); i++) {
      if (leftKeys.get(i) == null || !matched.contains(leftKeys.get(i))) {
        leftAnti.merge(leftLines.get(i), 1, Integer::sum);
      }
    }
    assertTrue(rightSemi.size() > 50 && leftAnti.size() > 10);
    File ro = mapSide("ms-parquet", "--type", "right-outer",
        "--output-format", "parquet");
    assertEquals(rightOuter, OutputFiles.lines(conf, ro, TableFormat.PARQUET, "orderkey"));
    File la = mapSide("ms-avro", "--type", "left-anti",
        "--output-format", "avro");
    assertEquals(leftAnti, OutputFiles.lines(conf, la, TableFormat.AVRO, "id"));
    File rs = mapSide("ms-orc", "--type", "right-semi",
        "--output-format", "orc");
    assertEquals(rightSemi, OutputFiles.lines(conf, rs, TableFormat.ORC, "orderkey"));
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
