package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code --filter FILE} says by its provenance which input it holds the keys of ({@link
 * GivenFilterSide}): a filter built from the right input makes the join build on the right (the
 * filter probes the left input), whatever the type, and writes the named join's rows (the naive
 * join of {@link NaiveJoin}); its staleness is checked against the right input; {@code
 * --build-side} naming the other side is refused; in a self-join the recorded key fields tell the
 * sides apart; a filter that says nothing holds the side {@code --build-side} names.
 */
public class GivenFilterSideTest {
  @TempDir public File tmp;

  private final JoinData data = new JoinData(29, 200, 3000);
  private int run;
  /** The output directory of the last {@link #join}. */
  private File out;

  private File write(String name, List<String> lines) throws Exception {
    File dir = new File(tmp, name);
    dir.mkdirs();
    JoinData.write(lines, dir, name, 2);
    return dir;
  }

  private File build(File input, String keyField) {
    File f = new File(tmp, input.getName() + "-" + keyField + "-" + run++ + ".acbf");
    ToolRun r = ToolRun.run(new BuildTool(), "--input", input.getPath(), "--output", f.getPath(),
        "--key-field", keyField, "--delimiter", ",", "--json");
    assertEquals(0, r.code, r.toString());
    return f;
  }

  private ToolRun join(File left, String leftKey, File right, String rightKey, String type,
      File filter, String... more) {
    out = new File(tmp, "out-" + run++);
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", leftKey,
        "--right", right.getPath(), "--right-key", rightKey, "--delimiter", ",", "--output",
        out.getPath(), "--type", type, "--filter", filter.getPath(),
        "--json"));
    args.addAll(Arrays.asList(more));
    return ToolRun.run(new JoinTool(), args.toArray(new String[0]));
  }

  private static Map<String, Object> json(ToolRun r) {
    return MiniJson.parseObject(r.lastLine());
  }

  @SuppressWarnings("unchecked")
  private static String buildSide(ToolRun r) {
    return (String) ((Map<String, Object>) json(r).get("plan")).get("buildSide");
  }

  private static long n(ToolRun r, String field) {
    return ((Number) json(r).get(field)).longValue();
  }

  @Test
  public void aFilterOfTheRightInputBuildsOnTheRightForEveryType() throws Exception {
    File left = write("left", data.right); // the large side named first, as a new user would
    File right = write("right", data.left);
    File filter = build(right, "1");
    List<String> types = Tier.full() ? Arrays.asList(JoinTypesTest.TYPES)
        : List.of("inner", "right-outer", "left-semi", "left-anti");
    for (String type : types) {
      ToolRun r = join(left, "1", right, "1", type, filter);
      assertEquals(0, r.code, type + ": " + r);
      assertEquals(NaiveJoin.join(data.right, JoinData.KEY, data.left, JoinData.KEY, ',', type,
          null), NaiveJoin.multiset(JoinToolTest.readOutput(out)), type);
      assertEquals("right", buildSide(r), type);
      assertEquals("fresh", json(r).get("staleCheck"), type);
      assertEquals((long) data.right.size(), n(r, "leftRecords"), type);
      // the filter probed the named left input: most of its records have no key of the right
      assertTrue(n(r, "rightDroppedByFilter") > data.right.size() / 2, type + ": " + r.lastLine());
    }
  }

  @Test
  public void aFilterOfTheLeftInputBuildsOnTheLeft() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    ToolRun r = join(left, "1", right, "1", "inner", build(left, "1"));
    assertEquals(0, r.code, r.toString());
    assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',', "inner",
        null), NaiveJoin.multiset(JoinToolTest.readOutput(out)));
    assertEquals("left", buildSide(r));
    assertEquals("fresh", json(r).get("staleCheck"));
  }

  @Test
  public void buildSideNamingTheOtherInputIsRefused() throws Exception {
    File left = write("left", data.right);
    File right = write("right", data.left);
    File ofRight = build(right, "1");
    ToolRun r = join(left, "1", right, "1", "inner", ofRight, "--build-side", "left");
    assertEquals(2, r.code, r.toString());
    String first = r.err.split("\n")[0];
    assertTrue(first.startsWith("join: --build-side left: --filter ")
        && first.contains(ofRight.getName() + " holds the keys of the right input"), r.err);
    assertFalse(out.exists());
    File ofLeft = build(left, "1");
    ToolRun l = join(left, "1", right, "1", "inner", ofLeft, "--build-side", "right");
    assertEquals(2, l.code, l.toString());
    assertTrue(l.err.contains("holds the keys of the left input"), l.err);
    // named as it was built: runs
    ToolRun ok = join(left, "1", right, "1", "inner", ofRight, "--build-side", "right");
    assertEquals(0, ok.code, ok.toString());
    assertEquals("right", buildSide(ok));
  }

  @Test
  public void aFilterOfTheRightInputIsStaleWhenTheRightInputChanged() throws Exception {
    File left = write("left", data.right);
    File right = write("right", data.left);
    File filter = build(right, "1");
    File part = right.listFiles((d, name) -> name.startsWith("right"))[0];
    Files.write(part.toPath(), "late,3000000\n".getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.APPEND);
    ToolRun r = join(left, "1", right, "1", "inner", filter);
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains("is stale") && r.err.contains(part.getName()), r.err);
    ToolRun allowed = join(left, "1", right, "1", "inner", filter, "--allow-stale");
    assertEquals(0, allowed.code, allowed.toString());
    assertEquals("stale", json(allowed).get("staleCheck"));
    assertEquals("right", buildSide(allowed));
  }

  /** Built from other files: the filter says nothing; --build-side right says it holds the right. */
  @Test
  public void aFilterOfOtherInputsHoldsTheSideBuildSideNames() throws Exception {
    File left = write("left", data.right);
    File right = write("right", data.left);
    File filter = build(write("copy", data.left), "1");
    ToolRun named = join(left, "1", right, "1", "left-semi", filter, "--build-side", "right");
    assertEquals(0, named.code, named.toString());
    assertEquals("right", buildSide(named));
    assertEquals("other inputs", json(named).get("staleCheck"));
    assertEquals(NaiveJoin.join(data.right, JoinData.KEY, data.left, JoinData.KEY, ',',
        "left-semi", null), NaiveJoin.multiset(JoinToolTest.readOutput(out)));
    assertTrue(n(named, "rightDroppedByFilter") > 0, named.lastLine());
    // unnamed, it is taken for the left input's, whose keys it does not hold: refused as before
    ToolRun unnamed = join(left, "1", right, "1", "left-semi", filter);
    assertEquals(1, unnamed.code, unnamed.toString());
    assertTrue(unnamed.err.contains("it was not built from these left keys"), unnamed.err);
    assertFalse(out.exists());
  }

  /**
   * A self-join of employees with their managers ({@code id = manager}): both sides are the same
   * files, and the filter's recorded key field says which side it holds.
   */
  @Test
  public void inASelfJoinTheRecordedKeyFieldTellsTheSide() throws Exception {
    List<String> people = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      people.add("e" + i + "," + i + "," + (i < 10 ? 1000 + i : i / 7));
    }
    File dir = write("people", people);
    int[] id = {1};
    int[] manager = {2};
    for (String field : List.of("1", "2")) {
      for (String type : List.of("inner", "left-anti")) {
        ToolRun r = join(dir, "1", dir, "2", type, build(dir, field));
        String what = type + " with a filter of field " + field;
        assertEquals(0, r.code, what + ": " + r);
        assertEquals(field.equals("1") ? "left" : "right", buildSide(r), what);
        assertEquals("fresh", json(r).get("staleCheck"), what);
        assertEquals(NaiveJoin.join(people, id, people, manager, ',', type, null),
            NaiveJoin.multiset(JoinToolTest.readOutput(out)), what);
      }
    }
  }
}
