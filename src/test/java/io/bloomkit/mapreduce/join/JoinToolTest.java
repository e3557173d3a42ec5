package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.update.UpdateTool;
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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The join tool in local mode: results against the naive join, counters, exit codes. */
public class JoinToolTest {
  @TempDir public File tmp;

  private final JoinData data = new JoinData(11, 300, 6000);
  private File left;
  private File right;

  private void writeInputs() throws Exception {
    left = newFolder(tmp, "left");
    right = newFolder(tmp, "right");
    List<byte[]> l = JoinData.split(data.left, 2);
    List<byte[]> r = JoinData.split(data.right, 2);
    for (int i = 0; i < 2; i++) {
      Files.write(new File(left, "l" + i).toPath(), l.get(i));
      Files.write(new File(right, "r" + i).toPath(), r.get(i));
    }
  }

  static List<String> readOutput(File dir) throws Exception {
    List<String> lines = new ArrayList<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8).split("\n")) {
        if (!s.isEmpty()) {
          lines.add(s);
        }
      }
    }
    return lines;
  }

  private ToolRun join(String out, String type, String... more) {
    List<String> args = new ArrayList<>(List.of(
        "--left", left.getPath(), "--left-key", "1", "--right", right.getPath(), "--right-key", "1",
        "--output", out, "--delimiter", ",", "--type", type, "--reducers", "2", "--json"));
    args.addAll(List.of(more));
    return ToolRun.run(new JoinTool(), args.toArray(new String[0]));
  }

  /**
   * The run's breakdown of its seconds ({@code plan.actual}): each part measured, planning, the
   * filter build (only when one was built) and the jobs within the whole run's seconds.
   */
  @SuppressWarnings("unchecked")
  private static void assertSecondsAddUp(Map<String, Object> j, boolean built) {
    Map<String, Object> a = (Map<String, Object>) ((Map<String, Object>) j.get("plan")).get("actual");
    double plan = (Double) a.get("planSeconds");
    double build = (Double) a.get("buildSeconds");
    double jobs = (Double) a.get("jobSeconds");
    assertTrue((Double) a.get("launchSeconds") >= 0, a.toString());
    assertTrue(plan > 0 && jobs > 0 && (built ? build > 0 : build == 0), a.toString());
    assertTrue(plan + build + jobs <= (Double) j.get("seconds"), a + " of " + j.get("seconds"));
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private void check(String type, ToolRun r, File out, boolean exact) throws Exception {
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(
        NaiveJoin.join(data.left, JoinData.KEY, data.right, new int[] {1}, ',', type.equals("left-outer")),
        NaiveJoin.multiset(readOutput(out)));
    assertEquals(data.left.size(), n(j, "leftRecords"));
    assertEquals(data.right.size(), n(j, "rightRecords"));
    assertEquals(n(j, "rightRecords"), n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed"));
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
    assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"));
    assertEquals(n(j, "leftMalformed") + n(j, "rightMalformed"), n(j, "malformedRecords"));
    assertEquals(readOutput(out).size(), n(j, "outputRecords"));
    assertTrue(n(j, "mapOutputBytes") > 0);
    assertEquals(0L, n(j, "leftKeysRejectedByFilter"));
    if (exact) {
      assertEquals(0L, n(j, "falsePositives"));
      assertEquals(0L, n(j, "falsePositiveKeys"));
      assertEquals(0.0, (Double) j.get("observedFppPerRecord"), 0);
      assertEquals(0.0, (Double) j.get("observedFppPerKey"), 0);
    }
  }

  @Test
  public void filteredJoinsEqualTheNaiveJoin() throws Exception {
    writeInputs();
    File out = new File(tmp, "acbf-out");
    ToolRun r = join(out.getPath(), "inner");
    check("inner", r, out, false);
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("acbf", j.get("filterType"));
    assertTrue(n(j, "rightDroppedByFilter") > 0);
    assertTrue((Double) j.get("theoreticalFpp") > 0 && (Double) j.get("theoreticalFpp") < 0.01);
    // the staging directory with the built filter is gone
    assertEquals(0, tmp.list((d, name) -> name.contains("._join-")).length);
    assertSecondsAddUp(j, true);

    File none = new File(tmp, "none-out");
    ToolRun rn = join(none.getPath(), "left-outer", "--filter-type", "none");
    check("left-outer", rn, none, false);
    assertEquals(0L, n(MiniJson.parseObject(rn.lastLine()), "rightDroppedByFilter"));
    assertSecondsAddUp(MiniJson.parseObject(rn.lastLine()), false);

    // a given exact filter file
    List<String> keys = new ArrayList<>();
    for (String l : data.left) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null) {
        keys.add(k);
      }
    }
    File exact = new File(tmp, "keys.exact");
    try (OutputStream o = new FileOutputStream(exact)) {
      ExactKeySet.ofStrings(keys).writeTo(o);
    }
    File exOut = new File(tmp, "exact-out");
    check("left-outer", join(exOut.getPath(), "left-outer", "--filter", exact.getPath()), exOut, true);
  }

  /**
   * The per-record and per-key rates against an exact recount with the same filter: right keys
   * repeat within and across the two right files (one map task each); the dropped keys are the
   * distinct right keys failing the filter over both files, the false positive keys the distinct
   * right keys not on the left that pass it.
   */
  @Test
  public void perKeyRateIsARecountOfDistinctKeys() throws Exception {
    List<String> leftLines = new ArrayList<>();
    Set<String> leftKeys = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      leftLines.add("l" + i + "," + (1000 + i));
      leftKeys.add(String.valueOf(1000 + i));
    }
    List<String> rightLines = new ArrayList<>();
    Random rnd = new Random(5);
    for (int i = 0; i < 4000; i++) {
      int key = rnd.nextInt(10) == 0 ? 1000 + rnd.nextInt(200) : 5000 + rnd.nextInt(700);
      rightLines.add("r" + i + "," + key);
    }
    rightLines.add("no-key-field");
    // a weak filter (3 bits per key, k = 2: about 24% false positives) to have many of them
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(600, 2, 200));
    leftKeys.forEach(bf::add);
    File filterFile = new File(tmp, "left.bf");
    try (OutputStream o = new FileOutputStream(filterFile)) {
      bf.writeTo(o);
    }
    left = newFolder(tmp, "left");
    right = newFolder(tmp, "right");
    Files.write(new File(left, "l0").toPath(), JoinData.split(leftLines, 1).get(0));
    List<byte[]> parts = JoinData.split(rightLines, 2);
    long droppedRecords = 0;
    long fpRecords = 0;
    Set<String> droppedKeys = new HashSet<>();
    Set<String> fpKeys = new HashSet<>();
    for (int i = 0; i < 2; i++) {
      Files.write(new File(right, "r" + i).toPath(), parts.get(i));
      for (String line : new String(parts.get(i), StandardCharsets.UTF_8).split("\n")) {
        String k = NaiveJoin.key(line, ',', new int[] {1});
        if (k == null) {
          continue;
        }
        if (!bf.mightContain(k)) {
          droppedRecords++;
          droppedKeys.add(k);
        } else if (!leftKeys.contains(k)) {
          fpRecords++;
          fpKeys.add(k);
        }
      }
    }
    File out = new File(tmp, "bf-out");
    ToolRun r = join(out.getPath(), "inner", "--filter", filterFile.getPath());
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(droppedRecords, n(j, "rightDroppedByFilter"));
    assertEquals(fpRecords, n(j, "falsePositives"));
    assertEquals((long) droppedKeys.size(), n(j, "rightDroppedKeys"));
    assertEquals((long) fpKeys.size(), n(j, "falsePositiveKeys"));
    assertEquals((double) fpRecords / (fpRecords + droppedRecords),
        (Double) j.get("observedFppPerRecord"), 1e-12);
    assertEquals((double) fpKeys.size() / (fpKeys.size() + droppedKeys.size()),
        (Double) j.get("observedFppPerKey"), 1e-12);
    // the keys repeat: distinct counts are well below record counts
    assertTrue(n(j, "rightDroppedKeys") < droppedRecords / 2, j.toString());
    assertTrue(n(j, "falsePositiveKeys") < fpRecords / 2, j.toString());
    assertFalse(j.containsKey("observedFpp"));
  }

  @Test
  public void refusesBeforeAnyJob() throws Exception {
    writeInputs();
    File out = new File(tmp, "out");
    assertEquals(0, ToolRun.run(new JoinTool(), "-h").code);
    assertEquals(2, join(out.getPath(), "outer").code);
    assertEquals(2, ToolRun.run(new JoinTool(), "--left", left.getPath()).code);
    ToolRun missing =
        ToolRun.run(new JoinTool(), "--left", tmp + "/nope", "--left-key", "0",
            "--right", right.getPath(), "--right-key", "1", "--output", out.getPath());
    assertEquals(2, missing.code);
    assertTrue(missing.err.contains("does not exist"));
    File existing = newFolder(tmp, "existing");
    ToolRun ex = join(existing.getPath(), "inner");
    assertEquals(2, ex.code);
    assertTrue(ex.err.contains("already exists"));
    assertEquals(2, join(out.getPath(), "inner", "--filter", tmp + "/nofilter").code);

    File exact = new File(tmp, "big.exact");
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      keys.add("key-" + i);
    }
    try (OutputStream o = new FileOutputStream(exact)) {
      ExactKeySet.ofStrings(keys).writeTo(o);
    }
    Configuration small = ToolRun.localConf();
    small.setLong("bloomkit.exact.max.bytes", 1000);
    ToolRun budget =
        ToolRun.run(small, new JoinTool(), "--left", left.getPath(), "--left-key", "1",
            "--right", right.getPath(), "--right-key", "1", "--output", out.getPath(),
            "--filter", exact.getPath());
    assertEquals(2, budget.code, budget.toString());
    assertTrue(budget.err.contains("bloomkit.exact.max.bytes"), budget.err);

    byte[] b = Files.readAllBytes(exact.toPath());
    b[b.length - 10] ^= 0x40;
    Files.write(exact.toPath(), b);
    ToolRun corrupt = join(out.getPath(), "inner", "--filter", exact.getPath());
    assertEquals(1, corrupt.code, corrupt.toString());
    assertTrue(corrupt.err.contains("checksum"), corrupt.err);
    assertTrue(!out.exists());
  }

  @Test
  public void strictJoinFailsNamingFileAndOffset() throws Exception {
    writeInputs();
    File out = new File(tmp, "strict-out");
    ToolRun r = join(out.getPath(), "inner", "--filter-type", "none", "--strict");
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("byte offset") && r.err.contains("malformed record in"), r.err);
    assertFalse(out.exists()); // the output is committed only when complete
    assertEquals(0, tmp.list((d, name) -> name.startsWith(".strict-out")).length);
  }

  @Test
  public void aRerunReplacesTheTemporariesOfAKilledJoin() throws Exception {
    writeInputs();
    File out = new File(tmp, "again");
    File stale = new File(tmp, ".again._join-" + java.util.UUID.randomUUID());
    assertTrue(new File(stale, "out/_temporary/0").mkdirs());
    assertTrue(new File(stale, "left.acbf").createNewFile());
    ToolRun r = join(out.getPath(), "inner");
    check("inner", r, out, false);
    assertTrue(new File(out, "_SUCCESS").exists());
    assertFalse(stale.exists());
    assertEquals(0, tmp.list((d, name) -> name.startsWith(".again")).length);
  }

  // ---- the join validates a given filter against the left keys ----

  private File build(String input, String keyField, String name) {
    File f = new File(tmp, name);
    ToolRun r = ToolRun.run(new BuildTool(), "--input", input, "--key-field", keyField,
        "--delimiter", ",", "--output", f.getPath());
    assertEquals(0, r.code, r.toString());
    return f;
  }

  /** The recount: left records with a key that the filter file rejects, and one such key. */
  private List<String> rejectedKeys(File filter) throws Exception {
    Filter f;
    try (InputStream in = new FileInputStream(filter)) {
      f = Filters.readQueryView(in);
    }
    List<String> rejected = new ArrayList<>();
    for (String l : data.left) {
      String k = NaiveJoin.key(l, ',', JoinData.KEY);
      if (k != null && !f.mightContain(k)) {
        rejected.add(k);
      }
    }
    return rejected;
  }

  private static final Pattern REJECTS =
      Pattern.compile("rejects the keys of (\\d+) left records \\(first: \"([^\"]*)\"");

  /** The join with this filter fails, names the file, the exact count and a rejected key. */
  private void assertRejected(File filter, String outName, String... more) throws Exception {
    List<String> expected = rejectedKeys(filter);
    assertTrue(expected.size() > 0, "the test needs a filter that rejects some left key");
    File out = new File(tmp, outName);
    List<String> args = new ArrayList<>(List.of("--filter", filter.getPath()));
    args.addAll(List.of(more));
    ToolRun r = join(out.getPath(), "inner", args.toArray(new String[0]));
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains(filter.getName()), r.err);
    Matcher m = REJECTS.matcher(r.err);
    assertTrue(m.find(), r.err);
    assertEquals(expected.size(), Long.parseLong(m.group(1)));
    assertTrue(expected.contains(m.group(2)), r.err);
    assertFalse(out.exists(), "no output is committed");
    assertEquals(0, tmp.list((d, name) -> name.startsWith("." + outName)).length);
  }

  @Test
  public void filterOfAnotherFieldFailsTheJoin() throws Exception {
    writeInputs();
    assertRejected(build(left.getPath(), "0", "names.acbf"), "other-field-out");
  }

  @Test
  public void filterOfAnOlderLeftInputFailsTheJoin() throws Exception {
    writeInputs();
    // built before l1 was added to the left side: stale (l1 is new beside its source l0) ...
    File old = build(new File(left, "l0").getPath(), "1", "old.acbf");
    ToolRun stale = join(new File(tmp, "stale-out").getPath(), "inner", "--filter",
        old.getPath());
    assertEquals(2, stale.code, stale.toString());
    assertTrue(stale.err.contains("/l1: new file in "), stale.err);
    // ... and used anyway, the left-key check (the guarantee) fails the join
    assertRejected(old, "older-out", "--allow-stale");
  }

  @Test
  public void filterWithLeftKeysRemovedByUpdateFailsTheJoin() throws Exception {
    writeInputs();
    File full = build(left.getPath(), "1", "full.acbf");
    File remove = new File(tmp, "remove.txt");
    Files.write(remove.toPath(), List.of("x," + (3_000_000 + 5 * 37), "y," + (3_000_000 + 77 * 37)));
    File updated = new File(tmp, "updated.acbf");
    ToolRun u = ToolRun.run(new UpdateTool(), "--filter", full.getPath(), "--output", updated.getPath(),
        "--remove", remove.getPath(), "--key-field", "1", "--delimiter", ",");
    assertEquals(0, u.code, u.toString());
    assertRejected(updated, "updated-out");
    // the filter of the same keys before the update passes, and the join is complete
    File out = new File(tmp, "full-out");
    check("inner", join(out.getPath(), "inner", "--filter", full.getPath()), out, false);
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
