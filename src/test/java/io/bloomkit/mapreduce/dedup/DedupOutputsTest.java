package io.bloomkit.mapreduce.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * dedup {@code --output-format}: a Parquet table (id, user, time, note with nulls) deduplicated
 * on user by exact and counting into every output format, kept and removed records read back with
 * the library's own readers and compared with the text output and with a naive dedup (first
 * record of each user in file order); the output keeps the input's schema; a text input written
 * as Parquet has Hive's string columns {@code _c0...}.
 */
public class DedupOutputsTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = ToolRun.localConf();

  static final Schema EVENTS = SchemaBuilder.record("event").fields()
      .requiredLong("id").requiredString("user").requiredLong("time").optionalString("note")
      .endRecord();

  /** Naive: the first record (as a tab-joined line) of each user in file order, and the rest. */
  private final Map<String, String> first = new LinkedHashMap<>();
  private final List<String> rest = new ArrayList<>();

  private File events() throws Exception {
    File dir = tmp.newFolder("events");
    Random rnd = new Random(7);
    long id = 0;
    for (int part = 0; part < 2; part++) {
      Path p = new Path(new File(dir, "part-" + part + ".parquet").getPath());
      try (TableWriter w = TableWriter.open(conf, FileSystem.getLocal(conf), p,
          TableFormat.PARQUET, EVENTS, null, "\t")) {
        for (int i = 0; i < 200; i++) {
          GenericRecord r = new GenericData.Record(EVENTS);
          String user = "u" + rnd.nextInt(60);
          String note = rnd.nextInt(5) == 0 ? null : "n" + rnd.nextInt(1000);
          r.put("id", id);
          r.put("user", user);
          r.put("time", id * 10);
          r.put("note", note);
          id++;
          w.write(r);
          String line = (id - 1) + "\t" + user + "\t" + (id - 1) * 10 + "\t"
              + (note == null ? "\\N" : note);
          if (first.putIfAbsent(user, line) != null) {
            rest.add(line);
          }
        }
      }
    }
    return dir;
  }

  private File run(File in, String out, String... extra) {
    File dir = new File(tmp.getRoot(), out);
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        dir.getPath(), "--duplicates", dir.getPath() + ".dup", "--reducers", "2", "--quiet"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(r.toString(), 0, r.code);
    return dir;
  }

  private Map<String, Integer> readBack(File dir, TableFormat format, String key)
      throws Exception {
    return OutputFiles.lines(conf, dir, format, key);
  }

  private static Map<String, Integer> multiset(Iterable<String> lines) {
    Map<String, Integer> m = new TreeMap<>();
    lines.forEach(s -> m.merge(s, 1, Integer::sum));
    return m;
  }

  @Test
  public void parquetInEveryFormatOutKeepsTheRecordsAndTheSchema() throws Exception {
    File in = events();
    for (String method : List.of("exact", "counting")) {
      File text = run(in, "text-" + method, "--key-field", "user", "--method", method);
      Map<String, Integer> kept = multiset(DedupData.readParts(text));
      Map<String, Integer> removed = multiset(DedupData.readParts(new File(text + ".dup")));
      assertEquals(method, multiset(first.values()), kept);
      assertEquals(method, multiset(rest), removed);
      for (TableFormat f : List.of(TableFormat.PARQUET, TableFormat.ORC, TableFormat.AVRO,
          TableFormat.SEQFILE)) {
        File out = run(in, f + "-" + method, "--key-field", "user", "--method", method,
            "--output-format", f.name().toLowerCase());
        assertEquals(f + " " + method, kept, readBack(out, f, "user"));
        assertEquals(f + " " + method, removed,
            readBack(new File(out + ".dup"), f, "user"));
        if (f == TableFormat.AVRO) {
          try (DataFileReader<GenericRecord> r = new DataFileReader<>(
              new File(OutputFiles.parts(out)[0].toUri().getPath()), new GenericDatumReader<>())) {
            assertEquals(EVENTS.getFields().toString(), r.getSchema().getFields().toString());
          }
        }
      }
    }
  }

  @Test
  public void textInputBecomesStringColumns() throws Exception {
    File in = DedupData.writeParts(new File(tmp.getRoot(), "text-in"),
        List.of("1,a,x\n2,b\n3,a,y\n4,c,z,extra\n"));
    File out = run(in, "parquet", "--key-field", "1", "--delimiter", ",", "--output-format",
        "parquet");
    Map<String, Integer> expected = multiset(List.of("1\ta\tx", "2\tb\t\\N", "4\tc\tz"));
    assertEquals(expected, readBack(out, TableFormat.PARQUET, "_c1"));
    assertEquals(multiset(List.of("3\ta\ty")),
        readBack(new File(out + ".dup"), TableFormat.PARQUET, "_c0"));
  }

  @Test
  public void badOutputOptionsAreUsageErrors() throws Exception {
    File in = events();
    for (String[] bad : new String[][] {{"--output-format", "csv"},
        {"--output-format", "orc", "--output-codec", "lz4"}, {"--output-delimiter", ","}}) {
      List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
          new File(tmp.getRoot(), "bad").getPath(), "--key-field", "user"));
      args.addAll(Arrays.asList(bad));
      ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
      assertEquals(Arrays.toString(bad), 2, r.code);
      assertTrue(r.err, r.err.contains("--output-"));
    }
  }
}
