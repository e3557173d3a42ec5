package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * dedup {@code --output-format}: a Parquet table (id, user, time, note with nulls) deduplicated
 * on user by exact and counting into every output format, kept and removed records read back with
 * the library's own readers and compared with the text output and with a naive dedup (first
 * record of each user in file order); the output keeps the input's schema; a text input written
 * as Parquet has Hive's string columns {@code _c0...}; a CSV input (header, quotes, short and long
 * rows, nulls) and a SequenceFile input written as records.
 */
public class DedupOutputsTest {
  @TempDir public File tmp;

  private final Configuration conf = ToolRun.localConf();

  static final Schema EVENTS = SchemaBuilder.record("event").fields()
      .requiredLong("id").requiredString("user").requiredLong("time").optionalString("note")
      .endRecord();

  /** Naive: the first record (as a tab-joined line) of each user in file order, and the rest. */
  private final Map<String, String> first = new LinkedHashMap<>();
  private final List<String> rest = new ArrayList<>();

  private File events() throws Exception {
    File dir = newFolder(tmp, "events");
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
    File dir = new File(tmp, out);
    List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
        dir.getPath(), "--duplicates", dir.getPath() + ".dup", "--reducers", "2", "--quiet"));
    args.addAll(Arrays.asList(extra));
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
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
    List<String> methods = List.of("exact", "counting");
    for (int i = 0; i < methods.size(); i++) {
      String method = methods.get(i);
      File text = run(in, "text-" + method, "--key-field", "user", "--method", method);
      Map<String, Integer> kept = multiset(DedupData.readParts(text));
      Map<String, Integer> removed = multiset(DedupData.readParts(new File(text + ".dup")));
      assertEquals(multiset(first.values()), kept, method);
      assertEquals(multiset(rest), removed, method);
      // every format with both methods in the full tier, each format with one in the fast tier
      for (TableFormat f : Tier.share(List.of(TableFormat.PARQUET, TableFormat.ORC,
          TableFormat.AVRO, TableFormat.SEQFILE), i, methods.size())) {
        File out = run(in, f + "-" + method, "--key-field", "user", "--method", method,
            "--output-format", f.name().toLowerCase());
        assertEquals(kept, readBack(out, f, "user"), f + " " + method);
        assertEquals(removed, readBack(new File(out + ".dup"), f, "user"),
            f + " " + method);
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
    File in = DedupData.writeParts(new File(tmp, "text-in"),
        List.of("1,a,x\n2,b\n3,a,y\n4,c,z,extra\n"));
    File out = run(in, "parquet", "--key-field", "1", "--delimiter", ",", "--output-format",
        "parquet");
    Map<String, Integer> expected = multiset(List.of("1\ta\tx", "2\tb\t\\N", "4\tc\tz"));
    assertEquals(expected, readBack(out, TableFormat.PARQUET, "_c1"));
    assertEquals(multiset(List.of("3\ta\ty")),
        readBack(new File(out + ".dup"), TableFormat.PARQUET, "_c0"));
  }

  /** The records of an Avro output's part files, each as its values (null stays null). */
  private static Map<List<String>, Integer> avroRecords(File dir) throws Exception {
    Map<List<String>, Integer> m = new HashMap<>();
    for (Path p : OutputFiles.parts(dir)) {
      try (DataFileReader<GenericRecord> r = new DataFileReader<>(
          new File(p.toUri().getPath()), new GenericDatumReader<>())) {
        for (GenericRecord g : r) {
          List<String> v = new ArrayList<>();
          for (int i = 0; i < g.getSchema().getFields().size(); i++) {
            v.add(g.get(i) == null ? null : g.get(i).toString());
          }
          m.merge(v, 1, Integer::sum);
        }
      }
    }
    return m;
  }

  @SafeVarargs
  private static Map<List<String>, Integer> rows(List<String>... rows) {
    Map<List<String>, Integer> m = new HashMap<>();
    for (List<String> r : rows) {
      m.merge(r, 1, Integer::sum);
    }
    return m;
  }

  @Test
  public void csvAndSequenceFileInputsBecomeRecords() throws Exception {
    // CSV with a header: quoted delimiters and quotes, a short and a long row, the null token
    // (a quoted one is a string), an empty key (null with --empty-is-null: kept as distinct)
    File csv = DedupData.writeParts(new File(tmp, "csv-in"), List.of(
        "id,user name,note\n1,\"a,1\",\"say \"\"hi\"\"\"\n2,b\n3,\"a,1\",x,extra\n4,c,\\N\n"
            + "5,b,\"\\N\"\n6,,e\n7,,f\n"));
    File out = run(csv, "csv-avro", "--input-format", "csv", "--csv-header", "--empty-is-null",
        "--key-field", "user name", "--output-format", "avro");
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(
        new File(OutputFiles.parts(out)[0].toUri().getPath()), new GenericDatumReader<>())) {
      assertEquals("[id, user_name, note]", r.getSchema().getFields().stream()
          .map(Schema.Field::name).collect(Collectors.toList()).toString());
    }
    assertEquals(rows(Arrays.asList("1", "a,1", "say \"hi\""), Arrays.asList("2", "b", null),
        Arrays.asList("4", "c", null), Arrays.asList("6", null, "e"),
        Arrays.asList("7", null, "f")), avroRecords(out));
    assertEquals(rows(Arrays.asList("3", "a,1", "x"), Arrays.asList("5", "b", "\\N")),
        avroRecords(new File(out + ".dup")));

    // a SequenceFile of (IntWritable, Text): the key, then the value's fields
    File seq = newFolder(tmp, "seq-in");
    Map<String, String> firstOf = new LinkedHashMap<>();
    List<String> others = new ArrayList<>();
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(new Path(new File(seq, "part-0").getPath())),
        SequenceFile.Writer.keyClass(IntWritable.class),
        SequenceFile.Writer.valueClass(Text.class))) {
      Random rnd = new Random(3);
      for (int i = 0; i < 120; i++) {
        String user = "u" + rnd.nextInt(30);
        String value = user + "\t" + i + (i % 7 == 3 ? "" : "\tn" + i);
        w.append(new IntWritable(i), new Text(value));
        String line = i + "\t" + user + "\t" + i + "\t" + (i % 7 == 3 ? "\\N" : "n" + i);
        if (firstOf.putIfAbsent(user, line) != null) {
          others.add(line);
        }
      }
    }
    out = run(seq, "seq-orc", "--key-field", "0", "--output-format", "orc");
    assertEquals(multiset(firstOf.values()), readBack(out, TableFormat.ORC, "key"));
    assertEquals(multiset(others), readBack(new File(out + ".dup"), TableFormat.ORC, "key"));
  }

  @Test
  public void badOutputOptionsAreUsageErrors() throws Exception {
    File in = events();
    for (String[] bad : new String[][] {{"--output-format", "csv"},
        {"--output-format", "orc", "--output-codec", "lz4"}, {"--output-delimiter", ","}}) {
      List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output",
          new File(tmp, "bad").getPath(), "--key-field", "user"));
      args.addAll(Arrays.asList(bad));
      ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, Arrays.toString(bad));
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
