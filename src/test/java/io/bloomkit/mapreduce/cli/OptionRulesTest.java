package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options that would be ignored or contradict each other are usage errors (exit 2) naming the
 * option, before any job starts: one row per combination, on inputs that exist.
 */
public class OptionRulesTest {
  @TempDir public File tmp;

  private static final class Row {
    final Supplier<BloomkitTool> tool;
    final String option;
    final String[] args;

    Row(Supplier<BloomkitTool> tool, String option, String... args) {
      this.tool = tool;
      this.option = option;
      this.args = args;
    }
  }

  @Test
  public void ignoredOrContradictoryOptionsAreRefusedBeforeAnyJob() throws Exception {
    File in = newFile(tmp, "in.txt");
    Files.write(in.toPath(), "k1,a,1,0.5\nk2,b,2,0.7\nk1,c,3,0.1\n".getBytes(StandardCharsets.UTF_8));
    File bf = newFile(tmp, "given.bf");
    try (OutputStream o = new FileOutputStream(bf)) {
      BloomFilter f = BloomFilter.create(FilterShape.bloom(1024, 3, 10));
      f.add("k1");
      f.writeTo(o);
    }
    String i = in.getPath();
    String out = new File(tmp, "out").getPath();
    String[] build = {"--input", i, "--output", out, "--delimiter", ","};
    String[] join = {"--left", i, "--left-key", "0", "--right", bf.getPath(), "--right-key", "0",
        "--output", out, "--delimiter", ","};
    String[] dedup = {"--input", i, "--output", out, "--key-field", "0", "--delimiter", ","};
    String[] stream = cat(dedup, "--method", "stream", "--memory-bits", "4000");
    String[] ice = {"--input", i, "--output", out, "--key-field", "0", "--delimiter", ",",
        "--threshold", "2"};
    List<Row> rows = new ArrayList<>();
    // build: the capacity is an ACBF's; an exact key set has no sizing at all
    rows.add(new Row(BuildTool::new, "capacity", cat(build, "--filter", "bf", "--capacity", "10")));
    rows.add(new Row(BuildTool::new, "capacity", cat(build, "--filter", "cbf", "--capacity", "10")));
    for (String[] o : new String[][] {{"--hashes", "3"}, {"--fpp", "0.01"},
        {"--bits-per-key", "8"}, {"--items", "10"}, {"--capacity", "10"}}) {
      rows.add(new Row(BuildTool::new, o[0].substring(2), cat(build, "--filter", "exact", o[0], o[1])));
    }
    // join: a given filter or none cannot be sized; an exact one neither
    for (String[] o : new String[][] {{"--fpp", "0.01"}, {"--bits-per-key", "8"}, {"--hashes", "3"}}) {
      rows.add(new Row(JoinTool::new, o[0].substring(2), cat(join, "--filter", bf.getPath(), o[0], o[1])));
      rows.add(new Row(JoinTool::new, o[0].substring(2), cat(join, "--filter-type", "none", o[0], o[1])));
      rows.add(new Row(JoinTool::new, o[0].substring(2), cat(join, "--filter-type", "exact", o[0], o[1])));
    }
    // dedup: sizing is counting's; stream's method options
    rows.add(new Row(DedupTool::new, "items", cat(dedup, "--items", "10")));
    rows.add(new Row(DedupTool::new, "bits-per-key", cat(dedup, "--bits-per-key", "8")));
    rows.add(new Row(DedupTool::new, "items", cat(stream, "--items", "10")));
    rows.add(new Row(DedupTool::new, "memory-bits", cat(dedup, "--memory-bits", "4000")));
    rows.add(new Row(DedupTool::new, "evaluate", cat(dedup, "--method", "counting", "--evaluate")));
    rows.add(new Row(DedupTool::new, "slices", cat(stream, "--slices", "2", "--reducers", "3")));
    rows.add(new Row(DedupTool::new, "importance-field",
        cat(stream, "--filter", "sbf", "--importance-field", "3")));
    rows.add(new Row(DedupTool::new, "window",
        cat(stream, "--filter", "sbf", "--time-field", "2", "--window", "5")));
    rows.add(new Row(DedupTool::new, "local-bits", cat(stream, "--local-bits", "100")));
    rows.add(new Row(DedupTool::new, "timer-resolution", cat(stream, "--timer-resolution", "2")));
    // icebergs: each method's own options
    rows.add(new Row(IcebergTool::new, "verify", cat(ice, "--verify")));
    rows.add(new Row(IcebergTool::new, "items", cat(ice, "--method", "lcbf", "--items", "10")));
    rows.add(new Row(IcebergTool::new, "num-hashes", cat(ice, "--num-hashes", "2")));
    rows.add(new Row(IcebergTool::new, "value-bits", cat(ice, "--value-bits", "4")));

    StringBuilder failures = new StringBuilder();
    for (Row row : rows) {
      BloomkitTool tool = row.tool.get();
      ToolRun r = ToolRun.run(tool, row.args);
      String first = r.err.split("\n", 2)[0];
      boolean ok = r.code == BloomkitTool.USAGE
          && first.startsWith(tool.name() + ": --" + row.option + " ")
          && !new File(out).exists()
          && r.out.isEmpty();
      if (!ok) {
        failures.append("\n").append(tool.name()).append(' ').append(String.join(" ", row.args))
            .append("\n  -> exit ").append(r.code).append(": ").append(first);
      }
      deleteRecursively(new File(out));
    }
    assertEquals("", failures.toString(), "combinations not refused as usage errors:" + failures);
  }

  @Test
  public void combinationsThatApplyStillRun() throws Exception {
    File in = newFile(tmp, "in.txt");
    Files.write(in.toPath(), "k1,a,1\nk2,b,2\nk1,c,3\n".getBytes(StandardCharsets.UTF_8));
    String[] dedup = {"--input", in.getPath(), "--key-field", "0", "--delimiter", ",",
        "--method", "stream", "--memory-bits", "4000", "--time-field", "2", "--json"};
    // the same slices as reducers is no contradiction; the oracle applies a window
    ToolRun same = ToolRun.run(new DedupTool(),
        cat(dedup, "--output", tmp + "/s", "--slices", "2", "--reducers", "2"));
    assertEquals(0, same.code, same.toString());
    ToolRun oracle = ToolRun.run(new DedupTool(),
        cat(dedup, "--output", tmp + "/w", "--window", "5", "--evaluate"));
    assertEquals(0, oracle.code, oracle.toString());
    ToolRun acbf = ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output",
        tmp + "/a.acbf", "--delimiter", ",", "--filter", "acbf2", "--capacity", "10");
    assertEquals(0, acbf.code, acbf.toString());
    assertFalse(acbf.out.isEmpty());
    assertTrue(new File(tmp, "a.acbf").isFile());
  }

  private static String[] cat(String[] a, String... b) {
    String[] r = new String[a.length + b.length];
    System.arraycopy(a, 0, r, 0, a.length);
    System.arraycopy(b, 0, r, a.length, b.length);
    return r;
  }

  private static void deleteRecursively(File f) {
    File[] c = f.listFiles();
    if (c != null) {
      for (File x : c) {
        deleteRecursively(x);
      }
    }
    f.delete();
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
