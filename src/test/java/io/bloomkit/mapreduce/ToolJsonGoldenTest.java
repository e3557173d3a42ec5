package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.demo.DemoTool;
import io.bloomkit.mapreduce.generate.GenerateTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.merge.MergeTool;
import io.bloomkit.mapreduce.merge.SubtractTool;
import io.bloomkit.mapreduce.probe.ProbeTool;
import io.bloomkit.mapreduce.simulate.SimulateTool;
import io.bloomkit.mapreduce.size.SizeTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import io.bloomkit.registry.Simulations;
import io.bloomkit.sim.Simulation;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the JSON result of every bloomkit tool ({@link BloomkitDriver#TOOLS}) on fixed inputs: the
 * committed {@code sample-data/} and small inputs written here from fixed seeds. Each case runs a
 * tool in local mode with {@code --json}, parses its result (the last line of stdout; for {@code
 * simulate}, every line, as one array) with Jackson, normalises it (below) and compares it with
 * {@code src/test/resources/json-golden/CASE.json}. The cases cover every family, method and
 * option that changes the shape of a tool's JSON (see each test method).
 *
 * <p>Comparison: parsed JSON trees, equal as Jackson's {@link JsonNode#equals}: object key ORDER is
 * ignored, key sets and values must be equal exactly (strings, booleans, null, numbers with their
 * integral or floating type; no tolerance). A mismatch names the case and each differing path.
 *
 * <p>Normalisation rules, applied to the tool's tree before comparing and before writing (the
 * complete list; nothing else, and no object is ever dropped):
 *
 * <ol>
 *   <li>In every string, the test's temporary directory (absolute and canonical path) is replaced
 *       by {@code <tmp>}, and the repository directory by {@code <repo>}: the paths the tools echo
 *       ({@code output}, {@code filter}, {@code path} ...) stay pinned relative to them.
 *   <li>A NUMBER under a key in {@link #VOLATILE_KEYS} (measured times) becomes the string {@code
 *       "<volatile>"}: the key must still be present where it was, with a number (or null where it
 *       was null); only the number is free.
 * </ol>
 *
 * <p>Regenerating the golden files: {@code mvn -B -o -q test -Dtest=ToolJsonGoldenTest
 * -Dbloomkit.json.golden.write=true} rewrites every {@code json-golden/*.json} from the code as it
 * is (the test then passes without comparing); review the diff with {@code git diff}. Regenerate
 * ONLY when a change of a tool's JSON is intended, and state that change (which keys, which values,
 * why) in the commit message: the files pin the tools' output contract, so a refactoring that
 * should keep behaviour must pass this test with the files unchanged.
 */
public class ToolJsonGoldenTest {
  /**
   * Keys whose numeric values vary run to run: elapsed wall-clock seconds (build, join, update,
   * dedup, icebergs, generate, demo; join's breakdown of them and of its planning reads), measured nanoseconds per operation ({@code simulate
   * acbf}), and a filter's provenance times (when it was written, when its sources were
   * modified: {@code inspect}), and a filter file's length ({@code serializedBytes}: the
   * provenance it holds records the command line and the sources' absolute paths, whose length
   * varies with the test's temporary directory). Their presence, and a null where the tool writes
   * null, stay pinned.
   */
  static final Set<String> VOLATILE_KEYS =
      Set.of("seconds", "buildSeconds", "joinSeconds", "queryNanos", "updateNanos",
          "createdMillis", "modifiedMillis", "serializedBytes", "launchSeconds", "planSeconds",
          "jobSeconds", "sizingSeconds", "sampleSeconds", "splitSeconds", "leftKeysSeconds");

  static final String WRITE_PROPERTY = "bloomkit.json.golden.write";
  static final String GOLDEN_DIR = "json-golden";
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final boolean WRITE = Boolean.getBoolean(WRITE_PROPERTY);
  /** Every case run in this JVM, to check no golden file is left without a case. */
  private static final Set<String> CASES = new TreeSet<>();

  @TempDir public File tmp;

  private final List<String> mismatches = new ArrayList<>();

  // --- the tools, by group ---------------------------------------------------------------------

  /** size: sizing by fpp and by bits-per-key, given hashes and an ACBF capacity. */
  @Test
  public void size() throws Exception {
    check("size-fpp", run(new SizeTool(), "--items", "100000", "--fpp", "0.01"));
    check("size-bits-per-key", run(new SizeTool(), "--items", "5000", "--bits-per-key", "12"));
    check(
        "size-hashes-capacity",
        run(new SizeTool(), "--items", "5000", "--fpp", "0.001", "--hashes", "4", "--capacity",
            "8000"));
    done();
  }

  /**
   * build of each family (sized by fpp and by bits-per-key) and for each other --target, inspect
   * of each file, update (add, remove, skip non-members), merge and subtract of both counting
   * families, merge of bf and exact, join with a built filter, a given filter, an exact set and
   * none, inner and left outer; probe with two of those filters.
   */
  @Test
  public void buildInspectUpdateJoin() throws Exception {
    String keys = repo("sample-data/keys");
    String keys0 = repo("sample-data/keys/part-00000");
    String keys1 = repo("sample-data/keys/part-00001");
    String citations = repo("sample-data/citations");
    String[][] builds = {
      {"acbf", "--filter", "acbf", "--fpp", "0.01"},
      {"acbf-bpk", "--filter", "acbf", "--bits-per-key", "16"},
      {"acbf-capacity", "--filter", "acbf", "--bits-per-key", "16", "--capacity", "600"},
      {"acbf1", "--filter", "acbf1", "--fpp", "0.01"},
      {"acbf2", "--filter", "acbf2", "--fpp", "0.01"},
      {"acbf3", "--filter", "acbf3", "--fpp", "0.01"},
      {"cbf", "--filter", "cbf", "--fpp", "0.01"},
      {"cbf-bpk", "--filter", "cbf", "--bits-per-key", "20", "--hashes", "5"},
      {"bf", "--filter", "bf", "--fpp", "0.01"},
      {"bf-bpk", "--filter", "bf", "--bits-per-key", "10"},
      {"bf-items-reducers", "--filter", "bf", "--fpp", "0.02", "--items", "1000", "--reducers",
        "2"},
      {"exact", "--filter", "exact"},
      {"target-hadoop", "--target", "hadoop", "--fpp", "0.01"},
      {"target-hive", "--target", "hive", "--fpp", "0.01"},
      {"target-spark", "--target", "spark", "--fpp", "0.01"},
      {"target-parquet", "--target", "parquet", "--fpp", "0.01"},
    };
    cases("build", BuildTool::new, builds,
        c -> List.of("--input", keys, "--output", path("filters/" + c), "--delimiter", ","));
    for (String[] b : builds) {
      check("inspect-" + b[0], run(new InspectTool(), path("filters/" + b[0])));
    }

    // update: acbf with room (capacity), cbf; add, remove, skip non-members
    String acbf = path("filters/acbf-capacity");
    String cbf = path("filters/cbf");
    for (String f : new String[] {acbf, cbf}) {
      String name = new File(f).getName();
      String built0 = path("filters/" + name + "-part0");
      List<String> args =
          new ArrayList<>(List.of("--input", keys0, "--output", built0, "--delimiter", ",",
              "--bits-per-key", "16", "--filter", name.startsWith("acbf") ? "acbf" : "cbf"));
      if (name.startsWith("acbf")) {
        args.addAll(List.of("--capacity", "600"));
      }
      check("build-" + name + "-part0", run(new BuildTool(), args.toArray(new String[0])));
      String added = path("filters/" + name + "-added");
      check(
          "update-" + name + "-add",
          run(new UpdateTool(), "--filter", built0, "--output", added, "--add", keys1,
              "--delimiter", ","));
      check("inspect-" + name + "-added", run(new InspectTool(), added));
      check(
          "update-" + name + "-remove",
          run(new UpdateTool(), "--filter", f, "--output", path("filters/" + name + "-removed"),
              "--remove", keys1, "--delimiter", ","));
      check(
          "update-" + name + "-add-remove-skip",
          run(new UpdateTool(), "--filter", built0, "--output", path("filters/" + name + "-both"),
              "--add", keys1, "--remove", citations, "--key-field", "0", "--delimiter", ",",
              "--skip-non-members"));
      // merge and subtract: the filter of part 0 and its update (part 0 plus part 1)
      check("merge-" + name,
          run(new MergeTool(), "--output", path("filters/" + name + "-merged"), built0, added));
      check("subtract-" + name,
          run(new SubtractTool(), "--output", path("filters/" + name + "-subtracted"), added,
              built0));
    }
    // merge ORs Bloom filters and unites exact sets
    for (String f : new String[] {"bf", "exact"}) {
      check("merge-" + f,
          run(new MergeTool(), "--output", path("filters/" + f + "-merged"), path("filters/" + f),
              path("filters/" + f)));
    }

    // join: built here (default acbf, bf by bits-per-key), given filter, exact, none, left outer
    String[][] joins = {
      {"acbf-default"},
      {"bf-bpk", "--filter-type", "bf", "--bits-per-key", "8", "--hashes", "3"},
      {"cbf-fpp", "--filter-type", "cbf", "--fpp", "0.05"},
      {"exact", "--filter-type", "exact"},
      {"given-filter", "--filter", path("filters/acbf")},
      {"none", "--filter-type", "none"},
      {"left-outer-none", "--filter-type", "none", "--type", "left-outer"},
      {"left-outer-given", "--filter", path("filters/bf"), "--type", "left-outer"},
    };
    cases("join", JoinTool::new, joins,
        c -> List.of("--left", keys, "--left-key", "0", "--right", citations, "--right-key", "1",
            "--output", path("join/" + c), "--delimiter", ",", "--reducers", "2"));

    // probe: two filters (acbf and exact, built above) all, and any inverted
    check("probe-all",
        run(new ProbeTool(), "--input", citations, "--output", path("probe/all"), "--filter",
            path("filters/acbf") + ":1", "--filter", path("filters/exact") + ":0",
            "--delimiter", ","));
    check("probe-any-invert",
        run(new ProbeTool(), "--input", citations, "--output", path("probe/any-invert"),
            "--filter", path("filters/bf") + ":1", "--filter", path("filters/exact") + ":0",
            "--delimiter", ",", "--any", "--invert"));

    // malformed records (too few fields) on both sides: the malformed counts and warning
    String bad = malformed("malformed");
    check("build-malformed",
        run(new BuildTool(), "--input", bad, "--output", path("filters/malformed"),
            "--key-field", "1", "--delimiter", ",", "--filter", "bf", "--fpp", "0.01"));
    check("join-malformed",
        run(new JoinTool(), "--left", bad, "--left-key", "1", "--right",
            malformed("malformed-right"), "--right-key", "1",
            "--output", path("join/malformed"), "--delimiter", ",", "--filter-type", "exact"));
    // map-side: one job (right-outer), two jobs (left-semi: matched keys, then the left side)
    for (String type : List.of("right-outer", "left-semi")) {
      check("join-map-side-" + type,
          run(new JoinTool(), "--left", keys, "--left-key", "0", "--right", citations,
              "--right-key", "1", "--output", path("join/map-side-" + type), "--delimiter", ",",
              "--strategy", "map-side", "--type", type));
    }
    // auto, the default without filter options: the planner's choice and its plan
    check("join-auto",
        run(new JoinTool(), "--left", keys, "--left-key", "0", "--right", citations,
            "--right-key", "1", "--output", path("join/auto"), "--delimiter", ","));
    done();
  }

  /** dedup: exact, counting, with a window, stream with each option that adds keys. */
  @Test
  public void dedup() throws Exception {
    String in = records();
    String[][] cases = {
      {"exact"},
      {"exact-window", "--window", "500"},
      {"counting", "--method", "counting", "--items", "700"},
      {"counting-window", "--method", "counting", "--window", "500"},
      {"stream-sbf", "--method", "stream", "--memory-bits", "8192"},
      {"stream-bf-evaluate", "--method", "stream", "--filter", "bf", "--memory-bits", "8192",
        "--evaluate"},
      {"stream-ibf-importance-evaluate", "--method", "stream", "--filter", "ibf-2c",
        "--memory-bits", "8192", "--importance-field", "4", "--evaluate"},
      {"stream-timer-window-evaluate", "--method", "stream", "--filter", "timer", "--memory-bits",
        "16384", "--window", "500", "--timer-resolution", "10", "--evaluate"},
      {"stream-local-exact-window", "--method", "stream", "--memory-bits", "8192",
        "--local-filter", "exact", "--window", "500"},
      {"stream-local-bloom-evaluate", "--method", "stream", "--filter", "rsbf", "--memory-bits",
        "8192", "--local-filter", "bloom", "--local-bits", "4096", "--evaluate"},
    };
    cases("dedup", DedupTool::new, cases,
        c -> List.of("--input", in, "--output", path("dedup/" + c), "--duplicates",
            path("dedup/" + c + ".dup"), "--key-field", "1", "--time-field", "0", "--delimiter",
            ",", "--reducers", "2"));
    check("dedup-malformed",
        run(new DedupTool(), "--input", malformed("malformed"), "--output",
            path("dedup/malformed"),
            "--key-field", "1", "--time-field", "0", "--delimiter", ","));
    done();
  }

  /** icebergs: exact, counting (plain, verify, evaluate), lcbf (plain, verify with evaluate). */
  @Test
  public void icebergs() throws Exception {
    String in = records();
    String[][] cases = {
      {"exact", "--weight-field", "2", "--threshold", "60"},
      {"exact-count", "--threshold", "12"},
      {"counting", "--weight-field", "2", "--method", "counting", "--threshold", "60", "--items",
        "700"},
      {"counting-verify", "--weight-field", "2", "--method", "counting", "--threshold", "60",
        "--verify"},
      {"counting-evaluate", "--weight-field", "2", "--method", "counting", "--threshold", "60",
        "--evaluate", "--bits-per-key", "16"},
      {"lcbf", "--weight-field", "2", "--method", "lcbf", "--threshold", "60"},
      {"lcbf-verify-evaluate", "--weight-field", "2", "--method", "lcbf", "--threshold", "60",
        "--verify", "--evaluate", "--entries-per-key", "4", "--num-hashes", "2", "--value-bits",
        "20"},
    };
    cases("icebergs", IcebergTool::new, cases,
        c -> List.of("--input", in, "--output", path("icebergs/" + c), "--key-field", "1",
            "--delimiter", ",", "--reducers", "2"));
    check("icebergs-malformed",
        run(new IcebergTool(), "--input", malformed("malformed"), "--output",
            path("icebergs/malformed"),
            "--key-field", "1", "--weight-field", "2", "--delimiter", ",", "--threshold", "3"));
    done();
  }

  /**
   * simulate: every registered simulation (checked against {@code Simulations.all()}), small
   * parameters, dedup on each kind of stream; a run's rows (one JSON line each) as one array.
   */
  @Test
  public void simulate() throws Exception {
    String[][] runs = { // case name, then the simulate command line
      {"acbf", "acbf", "--items", "2000", "--queries", "20000", "--trials", "1", "--periods", "1",
        "--counters-per-item", "8,16", "--hashes", "3", "--filters", "cbf,acbf-opt"},
      {"dedup-sbf-zipf", "dedup", "--filter", "sbf", "--memory-bits", "4096", "--length", "3000",
        "--universe", "2000"},
      {"dedup-ibf-importance-trace", "dedup", "--filter", "ibf-h", "--memory-bits", "4096",
        "--stream", "importance", "--length", "3000", "--importance-max", "10", "--trace-every",
        "1000"},
      {"dedup-rsbf-clicks", "dedup", "--filter", "rsbf", "--memory-bits", "4096", "--stream",
        "clicks", "--length", "3000"},
      {"window", "window", "--distribution", "zipf", "--length", "3000", "--universe", "2000",
        "--burst", "2", "--window", "100", "--filters", "fixed,density", "--series", "5"},
      {"slices", "slices", "--distribution", "uniform", "--length", "3000", "--universe", "2000",
        "--slices", "4", "--fpp", "0.05"},
      {"tree", "tree", "--distribution", "zipf", "--length", "3000", "--universe", "2000",
        "--producers", "16", "--levels", "3"},
      {"lcbf", "lcbf", "--items", "300", "--ratings", "5000", "--nodes", "10", "--ratio", "10",
        "--num-hashes", "3", "--queries", "1"},
      {"gossip", "gossip", "--items", "300", "--ratings", "5000", "--nodes", "20", "--range", "300",
        "--ratio", "10", "--num-hashes", "3", "--queries", "2"},
    };
    Set<String> names = new LinkedHashSet<>();
    for (String[] r : runs) {
      names.add(r[1]);
      ToolRun t = ToolRun.run(new SimulateTool(), java.util.Arrays.copyOfRange(r, 1, r.length));
      assertEquals(BloomkitTool.OK, t.code, t.toString());
      ArrayNode rows = MAPPER.createArrayNode();
      for (String line : t.out.split("\n")) {
        if (!line.trim().isEmpty()) {
          rows.add(MAPPER.readTree(line));
        }
      }
      check("simulate-" + r[0], rows);
    }
    assertEquals(
        simulationNames(),
        new TreeSet<>(names),
        "a registered simulation has no case here");
    done();
  }

  /** generate: each dataset at tiny scale (tpch with and without an orders fraction). */
  @Test
  public void generate() throws Exception {
    check("generate-tpch-orders",
        run(new GenerateTool(), "tpch", "--scale", "0.001", "--table", "orders", "--parts", "2",
            "--out", path("gen/orders")));
    check("generate-tpch-orders-fraction",
        run(new GenerateTool(), "tpch", "--scale", "0.001", "--table", "orders",
            "--orders-fraction", "0.1", "--out", path("gen/orders-fraction")));
    check("generate-tpch-customer",
        run(new GenerateTool(), "tpch", "--scale", "0.001", "--table", "customer",
            "--out", path("gen/customer")));
    check("generate-patents",
        run(new GenerateTool(), "patents", "--patents", "500", "--citations", "900", "--keys",
            "10", "--seed", "9", "--parts", "2", "--out", path("gen/patents")));
    check("generate-patents-datasets",
        run(new GenerateTool(), "patents", "--patents", "500", "--citations", "900", "--keys",
            "10", "--datasets", "keys,citations", "--out", path("gen/patents-datasets")));
    check("generate-tpcds",
        run(new GenerateTool(), "tpcds", "--scale", "0.01", "--tables", "store,item", "--parts",
            "2", "--out", path("gen/tpcds")));
    check("generate-clicks",
        run(new GenerateTool(), "clicks", "--records", "2000", "--duplicate-share", "0.3",
            "--ads", "50", "--alpha", "0.8", "--hours", "6", "--seed", "4", "--parts", "2",
            "--out", path("gen/clicks")));
    done();
  }

  /** demo on the committed sample data, in a work directory under the test's temp dir. */
  @Test
  public void demo() throws Exception {
    check("demo", run(new DemoTool(), "--data", repo("sample-data"), "--work", path("demo")));
    check("demo-bits-per-key",
        run(new DemoTool(), "--data", repo("sample-data"), "--work", path("demo-bpk"),
            "--bits-per-key", "8"));
    done();
  }

  /**
   * Every golden file belongs to a case: checked when every test method ran (not when one is picked
   * with {@code -Dtest=ToolJsonGoldenTest#name}), in both modes.
   */
  @AfterAll
  public static void noGoldenWithoutACase() throws IOException {
    if (!allTestsRan() || !Files.isDirectory(sourceDir())) {
      return;
    }
    Set<String> files = new TreeSet<>();
    try (var s = Files.list(sourceDir())) {
      s.forEach(p -> files.add(p.getFileName().toString().replaceFirst("\\.json$", "")));
    }
    files.removeAll(CASES);
    assertTrue(files.isEmpty(), "golden files without a case (remove them): " + files);
  }

  // --- helpers ---------------------------------------------------------------------------------

  private static boolean allTestsRan() {
    // every test method contributes at least its first case
    return CASES.contains("size-fpp") && CASES.contains("build-acbf")
        && CASES.contains("dedup-exact")
        && CASES.contains("icebergs-exact") && CASES.contains("simulate-acbf")
        && CASES.contains("generate-clicks") && CASES.contains("demo");
  }

  private static Set<String> simulationNames() {
    Set<String> s = new TreeSet<>();
    for (Simulation sim : Simulations.all()) {
      s.add(sim.name());
    }
    return s;
  }

  /**
   * One case per row: {@code TOOL-row[0]}, run with {@code common(row[0])} and then the rest of the
   * row.
   */
  private void cases(String tool, Supplier<BloomkitTool> make, String[][] rows,
      Function<String, List<String>> common) throws IOException {
    for (String[] c : rows) {
      List<String> args = new ArrayList<>(common.apply(c[0]));
      args.addAll(List.of(c).subList(1, c.length));
      check(tool + "-" + c[0], run(make.get(), args.toArray(new String[0])));
    }
  }

  /**
   * Records {@code time,key,weight} with malformed ones among them: too few fields (no key), a
   * weight and a time that are not numbers; in the temp dir's NAME, written on the first call.
   */
  private String malformed(String name) throws IOException {
    File dir = new File(tmp, name);
    if (dir.mkdir()) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 60; i++) {
        b.append(i).append(",m").append(i % 7).append(',').append(1 + i % 3).append('\n');
        if (i % 20 == 0) {
          b.append("garbage").append(i).append('\n');
        }
      }
      b.append("61,m1,heavy\n").append("soon,m2,1\n");
      Files.write(
          new File(dir, "part-00000").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir.getPath();
  }

  /** Runs the tool with {@code --json}; it must succeed; returns its parsed last stdout line. */
  private JsonNode run(BloomkitTool tool, String... args) throws IOException {
    String[] a = java.util.Arrays.copyOf(args, args.length + 1);
    a[args.length] = "--json";
    ToolRun r = ToolRun.run(tool, a);
    assertEquals(BloomkitTool.OK, r.code, tool.name() + " " + String.join(" ", args) + "\n" + r);
    return MAPPER.readTree(r.lastLine());
  }

  /** Normalises, then writes (write mode) or compares with the golden file. */
  private void check(String name, JsonNode actual) throws IOException {
    assertTrue(CASES.add(name), "duplicate case " + name);
    JsonNode normal = normalise(actual);
    if (WRITE) {
      Path dir = sourceDir();
      Files.createDirectories(dir);
      Files.write(dir.resolve(name + ".json"),
          (MAPPER.writeValueAsString(normal) + "\n").getBytes(StandardCharsets.UTF_8));
      return;
    }
    JsonNode expected;
    try (InputStream in = getClass().getResourceAsStream("/" + GOLDEN_DIR + "/" + name + ".json")) {
      if (in == null) {
        mismatches.add(name + ": no golden file " + GOLDEN_DIR + "/" + name
            + ".json (generate with -D" + WRITE_PROPERTY + "=true)");
        return;
      }
      expected = MAPPER.readTree(in);
    }
    if (!expected.equals(normal)) {
      List<String> diffs = new ArrayList<>();
      JsonTrees.diff("", expected, normal, diffs);
      mismatches.add(name + ":\n    " + String.join("\n    ", diffs));
    }
  }

  private void done() {
    if (!mismatches.isEmpty()) {
      fail("JSON differs from src/test/resources/" + GOLDEN_DIR + " in " + mismatches.size()
          + " case(s):\n  " + String.join("\n  ", mismatches));
    }
  }

  /** The rules of the class javadoc, on a copy. */
  private JsonNode normalise(JsonNode node) throws IOException {
    List<String[]> paths = new ArrayList<>();
    for (File f : new File[] {tmp, repoDir()}) {
      String token = f.equals(tmp) ? "<tmp>" : "<repo>";
      paths.add(new String[] {f.getCanonicalPath(), token});
      paths.add(new String[] {f.getAbsolutePath(), token});
    }
    return JsonTrees.normalise(node.deepCopy(), paths, VOLATILE_KEYS);
  }

  /**
   * Deterministic records {@code time,key,weight,id,importance} in two files (fixed seed): skewed
   * keys so there are duplicates and icebergs, times increasing with gaps.
   */
  private String records() throws IOException {
    File dir = newFolder(tmp, "records");
    Random rnd = new Random(20261123L);
    long time = 0;
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 2000; i++) {
        time += rnd.nextInt(5);
        double u = rnd.nextDouble();
        int key = (int) (600 * u * u);
        b.append(time).append(",k").append(key).append(',').append(1 + rnd.nextInt(9))
            .append(",r").append(f).append('-').append(i).append(',')
            .append(String.format(java.util.Locale.ROOT, "%.3f", rnd.nextDouble())).append('\n');
      }
      Files.write(
          new File(dir, "part-0000" + f).toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir.getPath();
  }

  /** A path under the temp dir that does not exist yet (its parent does). */
  private String path(String relative) {
    File f = new File(tmp, relative);
    f.getParentFile().mkdirs();
    return f.getPath();
  }

  private static File repoDir() {
    return RepoFiles.root().toFile();
  }

  private static String repo(String relative) {
    return new File(repoDir(), relative).getPath();
  }

  private static Path sourceDir() {
    return Paths.get(repoDir().getPath(), "src", "test", "resources", GOLDEN_DIR);
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
