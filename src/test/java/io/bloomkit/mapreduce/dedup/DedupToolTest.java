package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dedup tool end to end in local mode, against the naive dedup. */
public class DedupToolTest {
  @TempDir public File tmp;

  private static final DedupData DATA = new DedupData(2026, 3000, 400, 3, 1000);

  private File inputs() throws Exception {
    return DedupData.writeParts(new File(tmp, "in"), DATA.files);
  }

  private static List<String> lines(File dir) throws Exception {
    return DedupData.readParts(dir);
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> run(File in, String name, String... extra) {
    return DedupData.run(in, new File(tmp, name), extra);
  }

  private void check(String name, Map<String, Object> j, DedupData.Expected e) throws Exception {
    assertEquals(e.kept, DedupData.multiset(lines(new File(tmp, name))));
    assertEquals(e.duplicates, DedupData.multiset(lines(new File(tmp, name + ".dup"))));
    assertTrue(new File(tmp, name + "/_SUCCESS").exists());
    assertEquals(e.records, n(j, "inputRecords"));
    assertEquals(e.malformed, n(j, "malformedRecords"));
    assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
  }

  @Test
  public void exactAndCountingEqualTheNaiveDedup() throws Exception {
    File in = inputs();
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, 0);
    Map<String, Object> exact = run(in, "exact", "--method", "exact");
    check("exact", exact, e);
    assertEquals("exact", exact.get("method"));
    assertEquals(0L, n(exact, "shuffleAvoided"));

    Map<String, Object> counting = run(in, "counting", "--method", "counting", "--items", "400");
    check("counting", counting, e);
    // the cold tail of the skewed users occurs once: those records skip the shuffle
    assertTrue(n(counting, "shuffleAvoided") > 0, counting.toString());
    assertTrue(n(counting, "shuffleAvoidedBytes") > n(counting, "shuffleAvoided"));
    assertEquals(n(exact, "mapOutputRecords") - n(counting, "shuffleAvoided"),
        n(counting, "mapOutputRecords"));
  }

  @Test
  public void windowedExactAndCountingEqualTheNaiveDedup() throws Exception {
    File in = inputs();
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, 100);
    assertFalse(e.kept.equals(DedupData.dedup(DATA.files, 1, 2, 0).kept));
    check("wexact", run(in, "wexact", "--window", "100"), e);
    check("wcounting", run(in, "wcounting", "--window", "100", "--method", "counting"), e);
  }

  @Test
  public void withoutTimeFieldTheInputOrderDecides() throws Exception {
    File in = inputs();
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, -1, 0);
    List<String> args = List.of(
        "--input", in.getPath(), "--output", new File(tmp, "order").getPath(),
        "--key-field", "1", "--delimiter", ",", "--json");
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    assertEquals(e.kept, DedupData.multiset(lines(new File(tmp, "order"))));
    assertFalse(new File(tmp, "order.dup").exists());
  }

  @Test
  public void badCommandLinesAreUsageErrorsAndStrictFails() throws Exception {
    File in = inputs();
    String out = new File(tmp, "x").getPath();
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out).code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--method", "magic").code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--window", "5").code);
    assertEquals(2, ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", in.getPath(),
        "--key-field", "1").code);
    ToolRun strict = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--strict");
    assertEquals(1, strict.code, strict.toString());
    assertTrue(strict.err.contains("byte offset"), strict.err);
    assertFalse(new File(out).exists());
  }

  /**
   * Text records have no column names: a named key, time or importance field is refused before
   * any job, naming the field; so is a list where one field is wanted.
   */
  @Test
  public void namesOfFieldsOnTextAreRefused() throws Exception {
    File in = inputs();
    String out = new File(tmp, "named").getPath();
    String[][] cases = {
      {"--key-field", "user"},
      {"--key-field", "1,user"},
      {"--key-field", "1", "--time-field", "time"},
      {"--key-field", "1", "--method", "stream", "--memory-bits", "1000", "--filter", "ibf-h",
        "--importance-field", "importance"},
    };
    String[] names = {"user", "user", "time", "importance"};
    for (int i = 0; i < cases.length; i++) {
      List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--output", out,
          "--delimiter", ","));
      args.addAll(List.of(cases[i]));
      ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.contains("field \"" + names[i] + "\" is a name, but text records"
          + " have no column names"), r.err);
    }
    ToolRun two = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out,
        "--key-field", "1", "--time-field", "2,3");
    assertEquals(2, two.code, two.toString());
    assertTrue(two.err.contains("--time-field takes one field: 2,3"), two.err);
    assertFalse(new File(out).exists());
  }

  /**
   * The same records as CSV files with a header row, fields by column name: the same kept and
   * removed lines as the naive dedup of the text (the reader is the CSV one; the tool does not
   * care).
   */
  @Test
  public void csvWithAHeaderByColumnNames() throws Exception {
    List<String> csv = new ArrayList<>();
    for (String f : DATA.files) {
      csv.add("id,user,time,payload\n" + f);
    }
    File in = DedupData.writeParts(new File(tmp, "csv"), csv);
    File out = new File(tmp, "bycsv");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out.getPath(),
        "--duplicates", out.getPath() + ".dup", "--input-format", "csv", "--csv-header",
        "--key-field", "user", "--time-field", "time", "--delimiter", ",", "--json");
    assertEquals(0, r.code, r.toString());
    check("bycsv", MiniJson.parseObject(r.lastLine()), DedupData.dedup(DATA.files, 1, 2, 0));
  }

  /** A key of two fields: the composite canonical key, equal to the naive dedup on both fields. */
  @Test
  public void compositeKeysEqualTheNaiveDedup() throws Exception {
    File in = inputs();
    DedupData.Expected e = DedupData.dedup(DATA.files, new int[] {1, 3}, 2, 0);
    List<String> args = List.of("--input", in.getPath(), "--output",
        new File(tmp, "two").getPath(), "--duplicates",
        new File(tmp, "two.dup").getPath(), "--key-field", "1,3", "--time-field", "2",
        "--delimiter", ",", "--json");
    ToolRun r = ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    assertEquals(0, r.code, r.toString());
    check("two", MiniJson.parseObject(r.lastLine()), e);
    assertFalse(e.kept.equals(DedupData.dedup(DATA.files, 1, 2, 0).kept));
  }

  @Test
  public void aFailedRunLeavesNoOutput() throws Exception {
    File in = inputs();
    File out = new File(tmp, "failed");
    File dup = new File(tmp, "failed.dup");
    ToolRun r = ToolRun.run(new DedupTool(), "--input", in.getPath(), "--output", out.getPath(),
        "--duplicates", dup.getPath(), "--key-field", "1", "--time-field", "2", "--delimiter", ",",
        "--strict");
    assertEquals(1, r.code, r.toString()); // the data has malformed lines
    assertFalse(out.exists());
    assertFalse(dup.exists());
    assertEquals(0, tmp.list((d, n) -> n.startsWith(".failed")).length);
  }
}
