package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.testing.Tier;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Either input can be the build side ({@code --build-side}, {@link JoinPlan#swap}): every join
 * type, map-side, reduce-side with and without a filter and auto, built on the left and on the
 * right, writes the named join's rows (the naive join of {@link NaiveJoin}), counts each named
 * input's records as that input's, and says which side it built on; auto builds on a smaller
 * right input when that is cheaper.
 */
public class BuildSideTest {
  @TempDir public File tmp;

  private final JoinData data = new JoinData(23, 200, 3000);

  private static final List<List<String>> STRATEGIES = List.of(
      List.of("--strategy", "map-side"),
      List.of("--strategy", "reduce-side", "--filter-type", "none"),
      List.of("--strategy", "reduce-side", "--filter-type", "acbf"),
      List.of());

  private File write(String name, List<String> lines) throws Exception {
    File dir = new File(tmp, name);
    dir.mkdirs();
    JoinData.write(lines, dir, name, 2);
    return dir;
  }

  private static ToolRun join(File left, File right, File out, String type, List<String> more) {
    List<String> args = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--delimiter", ",", "--output",
        out.getPath(), "--type", type, "--json"));
    args.addAll(more);
    return ToolRun.run(new JoinTool(), args.toArray(new String[0]));
  }

  private static long n(Map<String, Object> j, String name) {
    return ((Number) j.get(name)).longValue();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Map<String, Object> j, String name) {
    return (Map<String, Object>) j.get(name);
  }

  private static long malformed(List<String> lines) {
    return lines.stream().filter(l -> !l.contains(",")).count();
  }

  @Test
  public void everyTypeBuiltOnEitherSideWritesTheNamedJoin() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    int run = 0;
    // every type x strategy in the full tier; in the fast tier each type with two strategies
    List<Tier.Pair<String, List<String>>> cases =
        Tier.pairs(Arrays.asList(JoinTypesTest.TYPES), STRATEGIES);
    for (Tier.Pair<String, List<String>> c : cases) {
      String type = c.first;
      JoinPlan.Type t = JoinPlan.Type.valueOf(type.toUpperCase().replace('-', '_'));
      for (String side : List.of("left", "right")) {
        boolean mapSide = c.second.contains("map-side");
        if (mapSide && !JoinPlanner.mapSideCan(side.equals("left") ? t : t.mirror())) {
          continue; // refused before any job (MapSideJoinToolTest)
        }
        String what = type + " " + c.second + " built on the " + side;
        List<String> more = new ArrayList<>(c.second);
        more.addAll(List.of("--build-side", side));
        File out = new File(tmp, "out-" + run++);
        ToolRun r = join(left, right, out, type, more);
        assertEquals(0, r.code, what + ": " + r);
        assertEquals(NaiveJoin.join(data.left, JoinData.KEY, data.right, JoinData.KEY, ',',
            type, null), NaiveJoin.multiset(JoinToolTest.readOutput(out)), what);
        Map<String, Object> j = MiniJson.parseObject(r.lastLine());
        assertEquals(side, obj(j, "plan").get("buildSide"), what);
        assertEquals((long) data.left.size(), n(j, "leftRecords"), what);
        assertEquals((long) data.right.size(), n(j, "rightRecords"), what);
        assertEquals(malformed(data.left), n(j, "leftMalformed"), what);
        assertEquals(malformed(data.right), n(j, "rightMalformed"), what);
      }
    }
    assertTrue(run >= (Tier.full() ? 50 : 8), "runs: " + run);
  }

  /** Avro records of a pair type: the named left's fields first, whichever side was built. */
  @Test
  public void recordsOutputsKeepTheNamedColumnOrder() throws Exception {
    File left = write("left", data.left);
    File right = write("right", data.right);
    for (String type : List.of("left-outer", "right-semi")) {
      List<List<String>> outputs = new ArrayList<>();
      for (String side : List.of("left", "right")) {
        File out = new File(tmp, type + "-" + side);
        ToolRun r = join(left, right, out, type, List.of("--strategy", "reduce-side",
            "--filter-type", "bf", "--build-side", side, "--output-format", "avro"));
        assertEquals(0, r.code, r.toString());
        List<String> records = new ArrayList<>();
        for (File f : out.listFiles((d, name) -> name.startsWith("part-"))) {
          try (DataFileReader<GenericRecord> in =
              new DataFileReader<>(f, new GenericDatumReader<>())) {
            in.forEach(x -> records.add(x.getSchema().getFields().get(0).name() + "=" + x));
          }
        }
        Collections.sort(records);
        outputs.add(records);
      }
      assertTrue(!outputs.get(0).isEmpty(), type);
      assertEquals(outputs.get(0), outputs.get(1), type);
    }
  }

  /**
   * A left-semi join of a large left input and a small right one, as a new user names it: auto
   * weighs both sides, builds on the right (no second job over the large side), and writes the
   * same rows; {@code --explain} lists the candidates of both sides.
   */
  @Test
  public void autoBuildsOnASmallerRightInput() throws Exception {
    File big = write("big", data.right);
    File small = write("small", data.left);
    File out = new File(tmp, "semi");
    ToolRun r = join(big, small, out, "left-semi", List.of());
    assertEquals(0, r.code, r.toString());
    assertEquals(NaiveJoin.join(data.right, JoinData.KEY, data.left, JoinData.KEY, ',',
        "left-semi", null), NaiveJoin.multiset(JoinToolTest.readOutput(out)));
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("right", obj(j, "plan").get("buildSide"), j.toString());
    assertEquals((long) data.right.size(), n(j, "leftRecords"));
    assertEquals((long) data.left.size(), n(j, "rightRecords"));

    ToolRun e = join(big, small, new File(tmp, "explained"), "left-semi", List.of("--explain"));
    assertEquals(0, e.code, e.toString());
    String explain = e.lastLine();
    assertTrue(explain.contains("\"buildSide\":\"left\"") && explain.contains(
        "\"buildSide\":\"right\"") && explain.contains("\"otherWorkload\""), explain);
    // both directions were planned from one reading of each input: two sizings (which also
    // compared the sides), two samples, two split computations, not one set per direction
    Map<String, Object> reads = obj(obj(MiniJson.parseObject(explain), "workload"), "planningReads");
    assertEquals(2L, reads.get("sizings"), explain);
    assertEquals(2L, reads.get("samples"), explain);
    assertEquals(2L, reads.get("splitComputations"), explain);
    // named the other way round, the planner keeps the (smaller) left as the build side
    ToolRun named = join(small, big, new File(tmp, "named"), "right-semi", List.of());
    assertEquals(0, named.code, named.toString());
    assertEquals("left", obj(MiniJson.parseObject(named.lastLine()), "plan").get("buildSide"));
    assertEquals(NaiveJoin.multiset(JoinToolTest.readOutput(out)),
        NaiveJoin.multiset(JoinToolTest.readOutput(new File(tmp, "named"))));
  }
}
