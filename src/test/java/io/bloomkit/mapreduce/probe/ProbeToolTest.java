package io.bloomkit.mapreduce.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.table.OutputFiles;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableWriter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe tool in local mode on a small fact table {@code id,date,item,store} (two files, null
 * items, malformed lines) with three filters built here of three families: an exact set of dates
 * (long keys), a weak Bloom filter of items (many false positives) and an ACBF of stores. Against
 * naive models: one exact filter gives exactly the semijoin, and with {@code --invert} the
 * anti-semijoin; the three filters give exactly the records the filters' own answers pass (all or
 * any), a superset of the exact semijoin on all three and a subset of the input; a run and its
 * {@code --invert} split the well-formed records. Usage errors, and a Parquet input by column name.
 */
public class ProbeToolTest {
  @TempDir public File tmp;

  private static final String NULL = "\\N";
  private final Configuration conf = new Configuration();
  private File input;
  private final List<String> lines = new ArrayList<>();
  private ExactKeySet dates;
  private BloomFilter items;
  private AccurateCountingBloomFilter stores;
  private File datesFile;
  private File itemsFile;
  private File storesFile;

  private static boolean dateIn(long d) {
    return d >= 20010 && d < 20040;
  }

  private static boolean itemIn(int i) {
    return i < 50;
  }

  private static boolean storeIn(int s) {
    return s < 10;
  }

  @BeforeEach
  public void writeInputAndFilters() throws Exception {
    Random rnd = new Random(14);
    input = newFolder(tmp, "facts");
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 1500; i++) {
        String line = "f" + f + "r" + i + "," + (20000 + rnd.nextInt(100)) + ","
            + (rnd.nextInt(15) == 0 ? NULL : "i" + rnd.nextInt(200)) + ",s" + rnd.nextInt(30);
        if (i % 400 == 7) {
          line = "f" + f + "r" + i + ",soon,i1,s1"; // a date that is no long: malformed
        } else if (i % 500 == 9) {
          line = "f" + f + "r" + i + ",20011"; // no item, no store: malformed
        }
        lines.add(line);
        b.append(line).append('\n');
      }
      Files.write(new File(input, "part-" + f).toPath(),
          b.toString().getBytes(StandardCharsets.UTF_8));
    }
    List<byte[]> d = new ArrayList<>();
    for (long x = 20010; x < 20040; x++) {
      d.add(CanonicalKey.ofLong(x));
    }
    dates = ExactKeySet.of(d);
    items = BloomFilter.create(FilterShape.bloom(200, 2, 50)); // 4 bits per key: ~15% fp
    stores = AccurateCountingBloomFilter.create(FilterShape.forBitsPerKey(
        FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 10, 10, 16, 0));
    for (int i = 0; i < 50; i++) {
      items.add("i" + i);
    }
    for (int s = 0; s < 10; s++) {
      stores.add("s" + s);
    }
    datesFile = write(dates, "dates.exact", KeyType.LONG);
    itemsFile = write(items, "items.bf", KeyType.STRING);
    storesFile = write(stores, "stores.acbf", KeyType.STRING);
  }

  private File write(Filter f, String name, KeyType type) throws Exception {
    File file = new File(tmp, name);
    FilterFiles.writeAtomically(conf, new Path(file.toURI()), f, KeySignature.of(type));
    return file;
  }

  /** One record of the fact table, parsed as the tool reads it, or null when malformed. */
  private static final class Fact {
    final String line;
    final long date;
    final String item;
    final String store;

    Fact(String line, long date, String item, String store) {
      this.line = line;
      this.date = date;
      this.item = item;
      this.store = store;
    }

    static Fact of(String line) {
      String[] p = line.split(",", -1);
      if (p.length < 4 || !p[1].matches("[0-9]+")) {
        return null;
      }
      return new Fact(line, Long.parseLong(p[1]), p[2].equals(NULL) ? null : p[2], p[3]);
    }

    boolean exactlyInAll() {
      return dateIn(date) && item != null && itemIn(Integer.parseInt(item.substring(1)))
          && storeIn(Integer.parseInt(store.substring(1)));
    }
  }

  private List<Fact> facts() {
    List<Fact> out = new ArrayList<>();
    for (String l : lines) {
      Fact f = Fact.of(l);
      if (f != null) {
        out.add(f);
      }
    }
    return out;
  }

  /** What the filters themselves say of each key (null: fails). */
  private boolean[] answers(Fact f) {
    return new boolean[] {dates.mightContain(CanonicalKey.ofLong(f.date)),
      f.item != null && items.mightContain(f.item), stores.mightContain(f.store)};
  }

  private static Map<String, Integer> multiset(List<String> lines) {
    Map<String, Integer> m = new TreeMap<>();
    lines.forEach(l -> m.merge(l, 1, Integer::sum));
    return m;
  }

  private List<String> expected(Predicate<Fact> pass) {
    List<String> out = new ArrayList<>();
    for (Fact f : facts()) {
      if (pass.test(f)) {
        out.add(f.line);
      }
    }
    return out;
  }

  private Map<String, Object> probe(String out, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--input", input.getPath(), "--output",
        new File(tmp, out).getPath(), "--delimiter", ",", "--json"));
    args.addAll(List.of(more));
    ToolRun r = ToolRun.run(new ProbeTool(), args.toArray(new String[0]));
    assertEquals(BloomkitTool.OK, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private Map<String, Integer> output(String out) throws Exception {
    return OutputFiles.lines(conf, new File(tmp, out), TableFormat.TEXT, "0");
  }

  /** Equal multisets of lines; a failure shows the counts and a few lines either way. */
  private static void assertLines(String what, Map<String, Integer> expected,
      Map<String, Integer> got) {
    if (expected.equals(got)) {
      return;
    }
    List<String> missing = new ArrayList<>();
    List<String> extra = new ArrayList<>();
    expected.forEach((k, v) -> {
      if (!v.equals(got.get(k))) {
        missing.add(k + " x" + v + " (got " + got.get(k) + ")");
      }
    });
    got.forEach((k, v) -> {
      if (!expected.containsKey(k)) {
        extra.add(k + " x" + v);
      }
    });
    throw new AssertionError(what + ": " + expected.size() + " lines expected, " + got.size()
        + " got; missing " + missing.subList(0, Math.min(5, missing.size())) + " of "
        + missing.size() + ", unexpected " + extra.subList(0, Math.min(5, extra.size())) + " of "
        + extra.size());
  }

  private static long n(Map<String, Object> j, String key) {
    return (Long) j.get(key);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> filter(Map<String, Object> j, int i) {
    return ((List<Map<String, Object>>) j.get("filters")).get(i);
  }

  @Test
  public void oneExactFilterIsASemijoinAndInvertedAnAntiSemijoin() throws Exception {
    String dateFilter = datesFile.getPath() + ":1";
    Map<String, Object> semi = probe("semi", "--filter", dateFilter, "--key-type", "long");
    Map<String, Object> anti =
        probe("anti", "--filter", dateFilter, "--key-type", "long", "--invert");
    // only the date field is read: a line without item and store is well-formed here
    List<String> in = new ArrayList<>();
    List<String> out = new ArrayList<>();
    for (String l : lines) {
      String[] p = l.split(",", -1);
      if (p[1].matches("[0-9]+")) {
        (dateIn(Long.parseLong(p[1])) ? in : out).add(l);
      }
    }
    assertLines("semijoin", multiset(in), output("semi"));
    assertLines("anti-semijoin", multiset(out), output("anti"));
    long malformed = lines.size() - in.size() - out.size();
    assertTrue(malformed >= 4);
    for (Map<String, Object> j : List.of(semi, anti)) {
      assertEquals((long) lines.size(), n(j, "records"));
      assertEquals(malformed, n(j, "malformedRecords"));
      assertEquals(0L, n(j, "nullKeys"));
      assertEquals(n(j, "records"), n(j, "written") + n(j, "notWritten") + malformed);
      assertEquals("exact", filter(j, 0).get("filterType"));
      assertEquals(List.of("long"), filter(j, 0).get("keyTypes"));
      assertEquals(0.0, (Double) filter(j, 0).get("theoreticalFpp"), 0.0);
    }
    assertEquals(n(semi, "written"), n(anti, "notWritten"));
    assertEquals(n(semi, "written"), (long) in.size());
    assertEquals("all", semi.get("mode"));
    assertEquals(true, anti.get("invert"));
  }

  @Test
  public void threeFiltersOfThreeFamiliesAllAndAnyAgainstTheirOwnAnswers() throws Exception {
    String[] filters = {"--filter", datesFile.getPath() + ":1", "--filter",
      itemsFile.getPath() + ":2", "--filter", storesFile.getPath() + ":3",
      "--key-type", "long", "--key-type", "string", "--key-type", "string"};
    List<String> wellFormed = expected(f -> true);
    List<String> exactSemijoin = expected(Fact::exactlyInAll);
    for (String mode : new String[] {"--all", "--any"}) {
      boolean any = mode.equals("--any");
      Predicate<Fact> pass = f -> {
        boolean[] a = answers(f);
        return any ? a[0] || a[1] || a[2] : a[0] && a[1] && a[2];
      };
      List<String> args = new ArrayList<>(List.of(filters));
      args.add(mode);
      Map<String, Object> j = probe(mode, args.toArray(new String[0]));
      args.add("--invert");
      Map<String, Object> inv = probe(mode + "-invert", args.toArray(new String[0]));
      Map<String, Integer> got = output(mode);
      Map<String, Integer> gotInverted = output(mode + "-invert");
      assertLines(mode, multiset(expected(pass)), got);
      assertLines(mode, multiset(expected(pass.negate())), gotInverted);
      // a run and its inversion split the well-formed records
      Map<String, Integer> union = new TreeMap<>(got);
      gotInverted.forEach((k, v) -> union.merge(k, v, Integer::sum));
      assertLines(mode + " and inverted", multiset(wellFormed), union);
      if (!any) {
        // no record that is in all three is lost; the Bloom filter lets false positives through
        for (String l : exactSemijoin) {
          assertTrue(got.containsKey(l), l);
        }
        assertTrue(n(j, "written") > exactSemijoin.size(), j.toString());
      }
      // counters against the model: nulls, per filter in order (a record stops at the first
      // filter that decides it)
      long[] passed = new long[3];
      long[] rejected = new long[3];
      long[] nulls = new long[3];
      long nullKeys = 0;
      for (Fact f : facts()) {
        boolean[] a = answers(f);
        nullKeys += f.item == null ? 1 : 0;
        for (int i = 0; i < 3; i++) {
          if (i == 1 && f.item == null) {
            nulls[1]++;
          } else if (a[i]) {
            passed[i]++;
          } else {
            rejected[i]++;
          }
          if (a[i] == any) {
            break;
          }
        }
      }
      assertTrue(nullKeys > 0);
      for (Map<String, Object> r : List.of(j, inv)) {
        assertEquals(nullKeys, n(r, "nullKeys"));
        assertEquals((long) (lines.size() - wellFormed.size()), n(r, "malformedRecords"));
        for (int i = 0; i < 3; i++) {
          assertEquals(passed[i], n(filter(r, i), "passed"), mode + " filter " + i);
          assertEquals(rejected[i], n(filter(r, i), "rejected"), mode + " filter " + i);
          assertEquals(nulls[i], n(filter(r, i), "nullKeys"), mode + " filter " + i);
        }
        assertEquals(List.of("exact", "bf", "acbf"), List.of(filter(r, 0).get("filterType"),
            filter(r, 1).get("filterType"), filter(r, 2).get("filterType")));
        assertTrue((Double) filter(r, 1).get("theoreticalFpp") > 0.05);
      }
    }
  }

  @Test
  public void usageErrorsBeforeAnyJob() throws Exception {
    String out = new File(tmp, "out").getPath();
    File comma = new File(newFolder(tmp, "a,b"), "items.bf");
    Files.copy(itemsFile.toPath(), comma.toPath());
    String[][] cases = {
      {"FILE:KEYFIELDS", "--filter", datesFile.getPath()},
      {"does not exist", "--filter", tmp + "/none.bf:1"},
      {"was built for keys (long) but the input's key is (string)", "--filter",
        datesFile.getPath() + ":1"},
      {"given 2 times for 3 filters", "--filter", datesFile.getPath() + ":1", "--filter",
        itemsFile.getPath() + ":2", "--filter", storesFile.getPath() + ":3", "--key-type",
        "long", "--key-type", "string"},
      {"gives 1 types for 2 key fields of --filter", "--filter", itemsFile.getPath() + ":2,3",
        "--key-type", "string"},
      {"--filter is required"},
      {"cannot hold a comma", "--filter", comma.getPath() + ":1"},
      {"is a name, but text records", "--filter", itemsFile.getPath() + ":item"},
    };
    for (String[] c : cases) {
      List<String> args = new ArrayList<>(List.of("--input", input.getPath(), "--output", out,
          "--delimiter", ","));
      args.addAll(List.of(c).subList(1, c.length));
      ToolRun r = ToolRun.run(new ProbeTool(), args.toArray(new String[0]));
      assertEquals(BloomkitTool.USAGE, r.code, r.toString());
      assertTrue(r.err.contains(c[0]), c[0] + "\n" + r.err);
      assertFalse(new File(out).exists());
    }
  }

  /**
   * A Parquet fact table written by the library's writer, probed by column name (key types from
   * the columns): the output is Parquet of the same schema by default, holding exactly the records
   * the filters pass.
   */
  @Test
  public void parquetInputByColumnNameWritesParquet() throws Exception {
    Schema schema = SchemaBuilder.record("fact").fields().requiredString("id")
        .requiredLong("date").optionalString("item").requiredString("store").endRecord();
    File dir = newFolder(tmp, "parquet");
    FileSystem fs = FileSystem.getLocal(conf);
    Map<String, Integer> expected = new TreeMap<>();
    Map<String, Integer> inverted = new TreeMap<>();
    try (TableWriter w = TableWriter.open(conf, fs, new Path(new File(dir, "part-0").toURI()),
        TableFormat.PARQUET, schema, null, ",")) {
      for (Fact f : facts()) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("id", f.line.substring(0, f.line.indexOf(',')));
        r.put("date", f.date);
        r.put("item", f.item);
        r.put("store", f.store);
        w.write(r);
        String[] fields = {(String) r.get("id"), String.valueOf(f.date),
          f.item == null ? NULL : f.item, f.store};
        boolean[] a = answers(f);
        if (a[0] && a[1]) {
          expected.merge(String.join("\t", fields), 1, Integer::sum); // as OutputFiles reads
        } else {
          inverted.merge(String.join(",", fields), 1, Integer::sum); // text: by --delimiter
        }
      }
    }
    input = dir;
    probe("pq", "--filter", datesFile.getPath() + ":date", "--filter",
        itemsFile.getPath() + ":item");
    File out = new File(tmp, "pq");
    assertTrue(out.listFiles((d, name) -> name.endsWith(".parquet")).length > 0);
    assertLines("expected", expected, OutputFiles.lines(conf, out, TableFormat.PARQUET, "id"));
    Map<String, Object> j = probe("pq-text", "--filter", datesFile.getPath() + ":date",
        "--filter", itemsFile.getPath() + ":item", "--invert", "--output-format", "text");
    assertEquals("text", j.get("outputFormat"));
    assertLines("inverted", inverted, output("pq-text"));
    assertEquals(new HashMap<>(Map.of("long", 1)).keySet().iterator().next(),
        ((List<?>) filter(j, 0).get("keyTypes")).get(0));
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
