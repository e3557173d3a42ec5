package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * icebergs {@code --output-format}: a Parquet call log (caller string, region long, minutes long)
 * summed by every method into every output format, read back with the library's own readers and
 * compared with the text output, itself checked against a naive recount; the output schema
 * (key columns named and typed after the key fields, then total); Parquet's and ORC's codecs in
 * the files' metadata; text compressed through Hadoop's settings; usage errors.
 */
public class IcebergOutputsTest {
  @TempDir public File tmp;

  private final Configuration conf = ToolRun.localConf();

  static final Schema CALLS = SchemaBuilder.record("call").fields()
      .requiredLong("id").requiredString("caller").requiredLong("region").requiredLong("minutes")
      .endRecord();

  /** A naive recount per "caller" or per "caller<TAB>region". */
  private final Map<String, Long> byCaller = new TreeMap<>();
  private final Map<String, Long> byCallerRegion = new TreeMap<>();

  private File calls() throws Exception {
    File dir = newFolder(tmp, "calls");
    Random rnd = new Random(13);
    int id = 0;
    for (int part = 0; part < 2; part++) {
      Path p = new Path(new File(dir, "part-" + part + ".parquet").getPath());
      try (TableWriter w = TableWriter.open(conf, FileSystem.getLocal(conf), p,
          TableFormat.PARQUET, CALLS, null, "\t")) {
        for (int i = 0; i < 300; i++) {
          double u = rnd.nextDouble();
          String caller = "k" + (int) (30 * u * u);
          long region = rnd.nextInt(3);
          long minutes = rnd.nextInt(10);
          GenericRecord r = new GenericData.Record(CALLS);
          r.put("id", (long) id++);
          r.put("caller", caller);
          r.put("region", region);
          r.put("minutes", minutes);
          w.write(r);
          byCaller.merge(caller, minutes, Long::sum);
          byCallerRegion.merge(caller + "\t" + region, minutes, Long::sum);
        }
      }
    }
    return dir;
  }

  private static Map<String, Integer> naive(Map<String, Long> totals, long t) {
    Map<String, Integer> m = new TreeMap<>();
    totals.forEach((k, v) -> {
      if (v >= t) {
        m.put(k + "\t" + v, 1);
      }
    });
    return m;
  }

  private File run(File in, String out, String... extra) {
    File dir = new File(tmp, out);
    List<String> args = new ArrayList<>();
    List<String> rest = new ArrayList<>(Arrays.asList(extra));
    while (!rest.isEmpty() && rest.get(0).equals("-D")) { // generic options first
      args.add(rest.remove(0));
      args.add(rest.remove(0));
    }
    args.addAll(List.of("--input", in.getPath(), "--output", dir.getPath(), "--weight-field",
        "minutes", "--threshold", "40", "--reducers", "2", "--quiet"));
    args.addAll(rest);
    ToolRun r = ToolRun.run(new IcebergTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    return dir;
  }

  private static Path[] parts(File dir) {
    return OutputFiles.parts(dir);
  }

  /** The records of an output as text lines, read by bloomkit's own reader. */
  private Map<String, Integer> readBack(File dir, TableFormat format, List<String> columns)
      throws Exception {
    return OutputFiles.lines(conf, dir, format, columns.get(0));
  }

  private static Schema schemaOf(File dir) throws Exception {
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(
        new File(parts(dir)[0].toUri().getPath()), new GenericDatumReader<>())) {
      return r.getSchema();
    }
  }

  @Test
  public void everyMethodWritesEveryFormatAsItsTextOutput() throws Exception {
    File in = calls();
    String[][] methods = {{"--method", "exact"}, {"--method", "counting", "--verify"},
        {"--method", "lcbf", "--verify"}, {"--method", "counting"}};
    int n = 0;
    for (String[] method : methods) {
      List<String> common = new ArrayList<>(Arrays.asList(method));
      common.addAll(List.of("--key-field", "caller"));
      Map<String, Integer> text =
          IcebergToolTest.lines(run(in, "text" + n, common.toArray(new String[0])));
      if (method[1].equals("exact") || method[1].equals("counting") && method.length == 3) {
        assertEquals(naive(byCaller, 40), text, Arrays.toString(method)); // exact answers
      } else {
        assertTrue(text.size() > 0, Arrays.toString(method));
      }
      // every format with every method in the full tier, each format once in the fast tier
      for (TableFormat f : Tier.share(List.of(TableFormat.AVRO, TableFormat.PARQUET,
          TableFormat.ORC, TableFormat.SEQFILE), n, methods.length)) {
        List<String> args = new ArrayList<>(common);
        args.addAll(List.of("--output-format", f.name().toLowerCase()));
        File out = run(in, f + "-" + n, args.toArray(new String[0]));
        Map<String, Integer> back = f == TableFormat.SEQFILE ? readBack(out, f, List.of("caller"))
            : readBack(out, f, List.of("caller", "total"));
        assertEquals(text, back, f + " " + Arrays.toString(method));
      }
      n++;
    }
  }

  @Test
  public void compositeKeysAreTypedColumnsNamedAfterTheKeyFields() throws Exception {
    File in = calls();
    Map<String, Integer> text = IcebergToolTest.lines(run(in, "text", "--key-field",
        "caller,region"));
    assertEquals(naive(byCallerRegion, 40), text);
    File avro = run(in, "avro", "--key-field", "caller,region", "--output-format", "avro");
    Schema s = schemaOf(avro);
    assertEquals(List.of("caller", "region", "total"),
        Arrays.asList(s.getFields().stream().map(Schema.Field::name).toArray()));
    assertEquals(Schema.Type.STRING, s.getField("caller").schema().getType());
    assertEquals(Schema.Type.LONG, s.getField("region").schema().getType());
    assertEquals(Schema.Type.LONG, s.getField("total").schema().getType());
    assertEquals(text, readBack(avro, TableFormat.AVRO, List.of("caller", "region", "total")));
    for (TableFormat f : List.of(TableFormat.PARQUET, TableFormat.ORC)) {
      File out = run(in, f.name(), "--key-field", "caller,region", "--output-format",
          f.name().toLowerCase());
      assertEquals(text, readBack(out, f, List.of("caller", "region", "total")), f.toString());
    }
  }

  @Test
  public void keysGivenByNumberAreNamedKeyN() throws Exception {
    File dir = newFolder(tmp, "text-in");
    Files.write(new File(dir, "part-0").toPath(),
        "a,1\nb,2\na,3\n7,4\n7,5\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    File out = new File(tmp, "numbered");
    ToolRun r = ToolRun.run(new IcebergTool(), "--input", dir.getPath(), "--output",
        out.getPath(), "--delimiter", ",", "--key-field", "0", "--key-type", "string",
        "--threshold", "2", "--output-format", "avro", "--quiet");
    assertEquals(0, r.code, r.toString());
    Schema s = schemaOf(out);
    assertEquals(List.of("key_0", "total"),
        Arrays.asList(s.getFields().stream().map(Schema.Field::name).toArray()));
    assertEquals(Map.of("a\t2", 1, "7\t2", 1),
        readBack(out, TableFormat.AVRO, List.of("key_0", "total")));
  }

  @Test
  public void parquetAndOrcCodecsAreInTheFiles() throws Exception {
    File in = calls();
    Map<String, CompressionCodecName> parquet = Map.of("none", CompressionCodecName.UNCOMPRESSED,
        "snappy", CompressionCodecName.SNAPPY, "gzip", CompressionCodecName.GZIP);
    for (Map.Entry<String, CompressionCodecName> e : parquet.entrySet()) {
      File out = run(in, "parquet-" + e.getKey(), "--key-field", "caller", "--output-format",
          "parquet", "--output-codec", e.getKey());
      try (ParquetFileReader r =
          ParquetFileReader.open(HadoopInputFile.fromPath(parts(out)[0], conf))) {
        assertEquals(e.getValue(), r.getFooter().getBlocks().get(0).getColumns().get(0).getCodec(),
            e.getKey());
      }
    }
    Map<String, CompressionKind> orc = Map.of("none", CompressionKind.NONE, "snappy",
        CompressionKind.SNAPPY, "gzip", CompressionKind.ZLIB, "zstd", CompressionKind.ZSTD);
    Map<String, Integer> text = IcebergToolTest.lines(run(in, "text", "--key-field", "caller"));
    for (Map.Entry<String, CompressionKind> e : orc.entrySet()) {
      File out = run(in, "orc-" + e.getKey(), "--key-field", "caller", "--output-format", "orc",
          "--output-codec", e.getKey());
      try (org.apache.orc.Reader r =
          OrcFile.createReader(parts(out)[0], OrcFile.readerOptions(conf))) {
        assertEquals(e.getValue(), r.getCompressionKind(), e.getKey());
      }
      assertEquals(text, readBack(out, TableFormat.ORC, List.of("caller", "total")), e.getKey());
    }
  }

  @Test
  public void textCompressedThroughHadoopsSettingsReadsBackEqual() throws Exception {
    File in = calls();
    Map<String, Integer> plain = IcebergToolTest.lines(run(in, "plain", "--key-field", "caller"));
    File gz = run(in, "gz", "-D", "mapreduce.output.fileoutputformat.compress=true", "-D",
        "mapreduce.output.fileoutputformat.compress.codec="
            + "org.apache.hadoop.io.compress.GzipCodec", "--key-field", "caller");
    Path[] files = parts(gz);
    assertTrue(files.length > 0);
    for (Path p : files) {
      assertTrue(p.getName().endsWith(".gz"), p.toString());
    }
    assertEquals(plain, readBack(gz, TableFormat.TEXT, List.of("0", "1")));
  }

  @Test
  public void outputDelimiterSeparatesTextFields() throws Exception {
    File in = calls();
    Map<String, Integer> tab = IcebergToolTest.lines(run(in, "tab", "--key-field", "caller"));
    Map<String, Integer> comma = IcebergToolTest.lines(run(in, "comma", "--key-field", "caller",
        "--output-delimiter", ","));
    Map<String, Integer> expected = new TreeMap<>();
    tab.forEach((k, v) -> expected.put(k.replace('\t', ','), v));
    assertEquals(expected, comma);
    // counting's evaluation reads its candidates back with that separator
    File ev = new File(tmp, "eval");
    ToolRun r = ToolRun.run(new IcebergTool(), "--input", in.getPath(), "--output", ev.getPath(),
        "--key-field", "caller", "--weight-field", "minutes", "--threshold", "40", "--method",
        "counting", "--evaluate", "--output-delimiter", ",", "--json", "--quiet");
    assertEquals(0, r.code, r.toString());
    assertTrue(r.lastLine().contains("\"hits\":" + tab.size()), r.lastLine());
  }

  @Test
  public void badOutputOptionsAreUsageErrors() throws Exception {
    File in = calls();
    String[][] bad = {{"--output-format", "csv"}, {"--output-format", "xml"},
        {"--output-format", "parquet", "--output-codec", "brotli"},
        {"--output-format", "text", "--output-codec", "gzip"},
        {"--output-format", "parquet", "--method", "counting", "--evaluate"},
        {"--output-delimiter", ""}};
    for (String[] b : bad) {
      List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
          new File(tmp, "bad").getPath(), "--key-field", "caller", "--threshold", "1"));
      args.addAll(Arrays.asList(b));
      ToolRun r = ToolRun.run(new IcebergTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, Arrays.toString(b) + " " + r);
      assertTrue(r.err.contains("--output-"), r.err);
    }
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
