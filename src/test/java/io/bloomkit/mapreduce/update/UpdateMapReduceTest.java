package io.bloomkit.mapreduce.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MapReduce path of {@code update} ({@link UpdateJobs}, local-mode jobs): the same file, JSON
 * and refusals as the client path ({@link FilterUpdate}), and its reducers' counters (MRUnit).
 */
public class UpdateMapReduceTest {
  @TempDir public File tmp;

  private static final NullWritable NIL = NullWritable.get();
  private static final String MARK = "running MapReduce jobs";

  private File write(Filter f, String name) throws Exception {
    File file = new File(tmp, name);
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(FilterFormat.withKeys(out, KeySignature.parse("string")));
    }
    return file;
  }

  private File lines(String name, List<String> lines) throws Exception {
    File f = new File(tmp, name);
    Files.write(f.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private static CountingFilter read(File f) throws Exception {
    try (InputStream in = new FileInputStream(f)) {
      return (CountingFilter) Filters.read(in);
    }
  }

  private static AccurateCountingBloomFilter acbf(int capacity) {
    return AccurateCountingBloomFilter.create(FilterShape.forBitsPerKey(
        FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 100, capacity, 16, 0));
  }

  private static CountingBloomFilter cbf() {
    return CountingBloomFilter.create(FilterShape.forFpp(FilterFamily.COUNTING, null, 200, 0, 0.01, 0));
  }

  /** The configuration of the MapReduce path: every non-empty input above the threshold. */
  private static Configuration jobs(int reducers) {
    Configuration c = ToolRun.localConf();
    c.setLong(BloomkitConfig.UPDATE_LOCAL_MAX_BYTES.key(), 0);
    c.setInt("mapreduce.job.reduces", reducers);
    return c;
  }

  /** Keys {@code prefix0..} that {@code f} does not hold. */
  private static List<String> nonMembers(Filter f, String prefix, int n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; out.size() < n; i++) {
      if (!f.mightContain(prefix + i)) {
        out.add(prefix + i);
      }
    }
    return out;
  }

  /** Field 1 of the comma-separated lines: null ({@code \N}, empty) and malformed ones left out. */
  private static Set<String> keys(List<String> lines) {
    Set<String> s = new LinkedHashSet<>();
    for (String line : lines) {
      String[] p = line.split(",", -1);
      if (p.length >= 2 && !p[1].isEmpty() && !p[1].equals("\\N")) {
        s.add(p[1]);
      }
    }
    return s;
  }

  private ToolRun update(Configuration conf, File in, File out, File add, File remove,
      String... more) {
    List<String> args = new ArrayList<>(List.of("--filter", in.getPath(), "--output",
        out.getPath(), "--delimiter", ",", "--key-field", "1", "--empty-is-null", "--json"));
    if (add != null) {
      args.addAll(List.of("--add", add.getPath()));
    }
    if (remove != null) {
      args.addAll(List.of("--remove", remove.getPath()));
    }
    args.addAll(Arrays.asList(more));
    return ToolRun.run(conf, new UpdateTool(), args.toArray(new String[0]));
  }

  /**
   * Runs the update on the client (default threshold) and as jobs (threshold 0): both succeed,
   * write byte-identical files and the same JSON; returns the jobs' file.
   */
  private File bothPaths(String name, CountingFilter f, List<String> add, List<String> remove,
      int reducers, String... more) throws Exception {
    return bothPaths(name, write(f, name + ".in"), add, remove, reducers, more);
  }

  /**
   * As above from the file {@code in}; when it records a provenance, the files' filters and the
   * appended steps (but for the command line and the time) are equal instead of their bytes.
   */
  private File bothPaths(String name, File in, List<String> add, List<String> remove,
      int reducers, String... more) throws Exception {
    File addFile = lines(name + ".add", add);
    File removeFile = lines(name + ".remove", remove);
    File client = new File(tmp, name + ".client");
    File job = new File(tmp, name + ".job");
    ToolRun c = update(ToolRun.localConf(), in, client, addFile, removeFile, more);
    assertEquals(0, c.code, c.toString());
    assertFalse(c.err.contains(MARK), c.err);
    ToolRun j = update(jobs(reducers), in, job, addFile, removeFile, more);
    assertEquals(0, j.code, j.toString());
    assertTrue(j.err.contains(MARK), j.err);
    Optional<Provenance> history = provenance(in);
    if (history.isEmpty()) {
      assertArrayEquals(Files.readAllBytes(client.toPath()), Files.readAllBytes(job.toPath()));
    } else {
      assertEquals(read(client), read(job));
      Provenance.Step cs = last(provenance(client).get());
      Provenance.Step js = last(provenance(job).get());
      assertEquals(history.get().steps().size() + 1, provenance(job).get().steps().size());
      assertEquals("update", js.action());
      assertEquals(cs.description(), js.description());
      assertEquals(cs.sources(), js.sources());
    }
    Map<String, Object> cj = new HashMap<>(MiniJson.parseObject(c.lastLine()));
    Map<String, Object> jj = new HashMap<>(MiniJson.parseObject(j.lastLine()));
    // the output paths differ, and with a provenance so do the command lines the files record
    List<String> varies = history.isEmpty()
        ? List.of("seconds", "filter") : List.of("seconds", "filter", "serializedBytes");
    for (String key : varies) {
      assertTrue(cj.remove(key) != null && jj.remove(key) != null, key);
    }
    assertEquals(cj, jj);
    return job;
  }

  @Test
  public void cbfSkippingNonMembersWritesTheClientsFile() throws Exception {
    CountingBloomFilter f = cbf();
    for (int i = 0; i < 100; i++) {
      f.add("k" + i);
    }
    List<String> add = List.of("x,k100", "y,k101", "dup,k100", "malformed", "n,\\N", "z,k5",
        "e,");
    CountingBloomFilter model = cbf();
    for (int i = 0; i < 100; i++) {
      model.add("k" + i);
    }
    keys(add).forEach(model::add);
    List<String> remove = new ArrayList<>(List.of("a,k0", "b,k1", "c,k100", "d,\\N", "a,k0"));
    for (String never : nonMembers(model, "never-", 3)) {
      remove.add("n," + never);
    }
    File out = bothPaths("cbf", f, add, remove, 1, "--skip-non-members");
    // an independent reference: the core filter given the distinct keys, members removed
    for (String k : keys(remove)) {
      if (model.mightContain(k)) {
        model.remove(k);
      }
    }
    assertEquals(model, read(out));
    assertTrue(read(out).mightContain("k5") && !read(out).mightContain("k0"));
  }

  private static Optional<Provenance> provenance(File f) throws Exception {
    return FilterFiles.readProvenance(ToolRun.localConf(), new Path(f.getPath()), "test",
        FilterUpdate.UPDATABLE);
  }

  private static Provenance.Step last(Provenance p) {
    return p.steps().get(p.steps().size() - 1);
  }

  @Test
  public void acbfWithTwoReducersWritesTheClientsFilterAndStep() throws Exception {
    AccurateCountingBloomFilter f = acbf(200);
    for (int i = 0; i < 100; i++) {
      f.add("k" + i);
    }
    // a filter with a provenance: both paths append the same step
    File in = new File(tmp, "acbf.in");
    FilterFiles.writeAtomically(ToolRun.localConf(), new Path(in.getPath()), f,
        KeySignature.parse("string"),
        Provenance.of(new Provenance.KeySpec(List.of("1"), ",", List.of("string")),
            Provenance.Step.builder("build").tool("test").description("k0..k99").build()));
    List<String> add = new ArrayList<>();
    List<String> remove = new ArrayList<>();
    for (int i = 100; i < 140; i++) {
      add.add("a," + "k" + i);
      add.add("b," + "k" + i); // twice: added once
    }
    add.add("k999"); // malformed: no field 1
    for (int i = 0; i < 30; i += 3) {
      remove.add("r,k" + i);
    }
    remove.add("r,k120"); // added by this update
    remove.add("r,\\N");
    File out = bothPaths("acbf", in, add, remove, 2);
    AccurateCountingBloomFilter model = acbf(200);
    for (int i = 0; i < 100; i++) {
      model.add("k" + i);
    }
    keys(add).forEach(model::add);
    keys(remove).forEach(model::remove);
    assertEquals(model, read(out));
    assertEquals(100 + 40 - 11, read(out).items());
  }

  @Test
  public void exceedingTheCapacityRefusesBeforeWriting() throws Exception {
    AccurateCountingBloomFilter f = acbf(100);
    for (int i = 0; i < 99; i++) {
      f.add("k" + i);
    }
    File in = write(f, "full.acbf");
    File out = new File(tmp, "never.acbf");
    ToolRun r = update(jobs(1), in, out, lines("more", List.of("a,x", "b,y", "c,x")), null);
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains(MARK), r.err);
    assertTrue(r.err.contains("adding 2 keys to the 99 held would exceed the capacity of 100"), r.err);
    assertNothingWritten(out);
  }

  @Test
  public void nonMembersRefuseNamingTheCountAndTheLeast() throws Exception {
    CountingBloomFilter f = cbf();
    for (int i = 0; i < 50; i++) {
      f.add("k" + i);
    }
    File in = write(f, "in.cbf");
    List<String> never = nonMembers(f, "zz-", 5);
    List<String> remove = new ArrayList<>(List.of("a,k1", "b,k2"));
    never.forEach(k -> remove.add("n," + k));
    File out = new File(tmp, "out.cbf");
    ToolRun r = update(jobs(2), in, out, null, lines("remove", remove)); // two partitions
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("5 of the 7 keys to remove are not members"), r.err);
    assertTrue(r.err.contains("(first: \"" + new TreeSet<>(never).first() + "\")"), r.err);
    assertTrue(r.err.contains(in.getPath()), r.err);
    assertNothingWritten(out);
  }

  @Test
  public void aFalsePositiveAmongTheRemovalsRefusesBeforeWriting() throws Exception {
    CountingBloomFilter f = CountingBloomFilter.create(FilterShape.counting(16, 2, 1));
    f.add("a");
    String fp = null; // a key never added that the filter holds: its counters are a's
    for (int i = 0; fp == null; i++) {
      if (f.mightContain("fp" + i)) {
        fp = "fp" + i;
      }
    }
    File in = write(f, "tiny.cbf");
    File remove = lines("remove", List.of("r,a", "r," + fp));
    // without --skip-non-members both paths refuse: the second removal finds a counter at 0
    File client = new File(tmp, "client.cbf");
    ToolRun c = update(ToolRun.localConf(), in, client, null, remove);
    assertEquals(1, c.code, c.toString());
    assertTrue(c.err.contains("stopped being a member"), c.err);
    assertNothingWritten(client);
    File out = new File(tmp, "job.cbf");
    ToolRun j = update(jobs(1), in, out, null, remove);
    assertEquals(1, j.code, j.toString());
    assertTrue(j.err.contains("removing the 2 member keys would take counters below zero"), j.err);
    assertNothingWritten(out);
    // with it, the client skips the key that stopped being a member (in input order); the jobs,
    // without an order, refuse
    ToolRun skipped = update(ToolRun.localConf(), in, client, null, remove, "--skip-non-members");
    assertEquals(0, skipped.code, skipped.toString());
    assertEquals(1L, MiniJson.parseObject(skipped.lastLine()).get("removedNonMembers"));
    ToolRun refused = update(jobs(1), in, out, null, remove, "--skip-non-members");
    assertEquals(1, refused.code, refused.toString());
    assertTrue(refused.err.contains("below zero"), refused.err);
    assertNothingWritten(out);
  }

  private void assertNothingWritten(File out) {
    assertFalse(out.exists());
    String[] left = tmp.list((d, n) -> n.contains("_tmp") || n.contains("_update"));
    assertEquals(0, left.length, Arrays.toString(left));
  }

  // ---- the reducers (MRUnit) ----

  private static List<Pair<Text, List<NullWritable>>> input(List<String> keys) {
    List<Pair<Text, List<NullWritable>>> in = new ArrayList<>();
    for (String k : keys) {
      in.add(new Pair<>(new Text(k), List.of(NIL, NIL)));
    }
    return in;
  }

  private static CountingFilter onlyPartial(File dir) throws Exception {
    File[] files = dir.listFiles((d, n) -> n.startsWith("partial-filter"));
    assertEquals(1, files.length, Arrays.toString(files));
    return read(files[0]);
  }

  @Test
  public void addReducerWritesAVectorOfTheFilesShape() throws Exception {
    AccurateCountingBloomFilter f = acbf(150);
    f.add("held");
    File shapeOf = write(f, "shape.acbf");
    File dir = newFolder(tmp, "add");
    ReduceDriver<Text, NullWritable, NullWritable, NullWritable> d =
        ReduceDriver.newReduceDriver(new AddDeltaReducer());
    BloomkitConfig.UPDATE_FILTER_PATH.set(d.getConfiguration(), shapeOf.getPath());
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", dir.toURI().toString());
    List<String> keys = List.of("a", "b", "c", "d");
    assertTrue(d.withAll(input(keys)).run().isEmpty());
    assertEquals(4, d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
    assertEquals(1, d.getCounters().findCounter(BuildCounters.PARTIAL_FILTERS).getValue());
    AccurateCountingBloomFilter model = acbf(150); // the delta only, not the file's keys
    keys.forEach(model::add);
    assertEquals(model, onlyPartial(dir));
  }

  @Test
  public void addReducerLeavesOutAnAcbfVectorOverTheCapacity() throws Exception {
    File shapeOf = write(acbf(100), "small.acbf");
    File dir = newFolder(tmp, "over");
    ReduceDriver<Text, NullWritable, NullWritable, NullWritable> d =
        ReduceDriver.newReduceDriver(new AddDeltaReducer());
    BloomkitConfig.UPDATE_FILTER_PATH.set(d.getConfiguration(), shapeOf.getPath());
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", dir.toURI().toString());
    List<String> keys = new ArrayList<>();
    for (int i = 0; i <= 100; i++) {
      keys.add("k" + i);
    }
    d.withAll(input(keys)).run();
    assertEquals(101, d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
    assertEquals(0, d.getCounters().findCounter(BuildCounters.PARTIAL_FILTERS).getValue());
    assertEquals(0, dir.list((x, n) -> n.startsWith("partial-filter")).length);
  }

  @Test
  public void removeReducerSplitsMembersFromNonMembers() throws Exception {
    CountingBloomFilter f = cbf();
    for (int i = 0; i < 20; i++) {
      f.add("k" + i);
    }
    File shipped = write(f, "shipped.cbf");
    File dir = newFolder(tmp, "remove");
    ReduceDriver<Text, NullWritable, Text, NullWritable> d =
        ReduceDriver.newReduceDriver(new RemoveDeltaReducer());
    BloomkitConfig.JOIN_FILTER_PATH.set(d.getConfiguration(), shipped.getPath());
    d.getConfiguration().set("mapreduce.output.fileoutputformat.outputdir", dir.toURI().toString());
    List<String> never = nonMembers(f, "n", 3);
    TreeSet<String> sorted = new TreeSet<>(List.of("k1", "k2", "k3"));
    sorted.addAll(never); // the shuffle's order
    List<Pair<Text, NullWritable>> out = d.withAll(input(new ArrayList<>(sorted))).run();
    assertEquals(1, out.size()); // the partition's first non-member only
    assertEquals(sorted.stream().filter(never::contains).findFirst().get(),
        out.get(0).getFirst().toString());
    assertEquals(6, d.getCounters().findCounter(BuildCounters.DISTINCT_KEYS).getValue());
    assertEquals(3, d.getCounters().findCounter(UpdateCounters.MEMBERS).getValue());
    assertEquals(3, d.getCounters().findCounter(UpdateCounters.NON_MEMBERS).getValue());
    CountingBloomFilter model = cbf();
    List.of("k1", "k2", "k3").forEach(model::add);
    assertEquals(model, onlyPartial(dir));
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
