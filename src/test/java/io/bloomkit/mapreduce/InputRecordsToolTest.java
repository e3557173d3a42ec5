package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import io.bloomkit.mapreduce.update.UpdateTool;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every record-reading tool reads its inputs the same way (sub-directories, hidden names, codecs,
 * brace globs) and treats malformed records by the same rules (blank lines, all malformed, the
 * malformed share), end to end in local mode against references computed here.
 */
public class InputRecordsToolTest {
  @TempDir public File tmp;

  /** The visible lines written under the input tree (what every tool must read). */
  private final List<String> visible = new ArrayList<>();

  private static String line(int i, String key, long weight) {
    return i + "," + key + "," + weight;
  }

  private static byte[] text(List<String> lines) {
    StringBuilder b = new StringBuilder();
    for (String l : lines) {
      b.append(l).append('\n');
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void write(File f, byte[] bytes) throws Exception {
    f.getParentFile().mkdirs();
    String n = f.getName();
    try (OutputStream raw = new FileOutputStream(f)) {
      if (n.endsWith(".gz")) {
        try (OutputStream o = new GZIPOutputStream(raw)) {
          o.write(bytes);
        }
      } else if (n.endsWith(".deflate")) {
        try (OutputStream o = new DeflaterOutputStream(raw)) {
          o.write(bytes);
        }
      } else if (n.endsWith(".bz2")) {
        BZip2Codec codec = new BZip2Codec();
        codec.setConf(new Configuration());
        try (OutputStream o = codec.createOutputStream(raw)) {
          o.write(bytes);
        }
      } else {
        raw.write(bytes);
      }
    }
  }

  private List<String> lines(int from, int n, int keys) {
    List<String> out = new ArrayList<>();
    for (int i = from; i < from + n; i++) {
      out.add(line(i, "k" + (i * 7 % keys), 1 + i % 3));
    }
    return out;
  }

  /**
   * A tree: a plain file at the top, a gzip file in a sub-directory, a bzip2 and a deflate file
   * two levels down; hidden files and directories (. and _) at every level hold key "hidden".
   */
  private File tree() throws Exception {
    File in = newFolder(tmp, "in");
    String[] files = {"a.txt", "sub/b.txt.gz", "sub/deeper/c.bz2", "sub/deeper/d.deflate"};
    for (int f = 0; f < files.length; f++) {
      List<String> l = lines(f * 50, 50, 40);
      visible.addAll(l);
      write(new File(in, files[f]), text(l));
    }
    List<String> hidden = List.of(line(999, "hidden", 1));
    for (String h : new String[] {"_tmp/x.txt", ".y.txt", "sub/_SUCCESS", "sub/.staging/z.txt",
        "sub/deeper/_logs/w.txt", "sub/deeper/.v.gz"}) {
      write(new File(in, h), text(hidden));
    }
    return in;
  }

  private static Set<String> keys(List<String> lines, int field) {
    Set<String> keys = new HashSet<>();
    for (String l : lines) {
      String k = NaiveJoin.key(l, ',', new int[] {field});
      if (k != null && !l.isBlank()) {
        keys.add(k);
      }
    }
    return keys;
  }

  private static Map<String, Object> ok(ToolRun r) {
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  private String path(String name) {
    return new File(tmp, name).getPath();
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  static List<String> outputLines(File dir) throws Exception {
    return io.bloomkit.mapreduce.table.OutputFiles.textLines(dir);
  }

  // ---- case 1: one input layer: sub-directories, hidden names, codecs ----

  @Test
  public void buildReadsSubdirectoriesAndCodecsAndSkipsHiddenNames() throws Exception {
    File in = tree();
    Map<String, Object> j = ok(ToolRun.run(new BuildTool(), "--input", in.getPath(),
        "--output", path("f.exact"), "--filter", "exact", "--key-field", "1", "--delimiter", ",",
        "--json"));
    assertEquals((long) visible.size(), n(j, "inputRecords"));
    assertEquals(0L, n(j, "malformedRecords"));
    assertEquals((long) keys(visible, 1).size(), n(j, "items"));
  }

  @Test
  public void joinReadsSubdirectoriesOnBothSides() throws Exception {
    File in = tree();
    List<String> right = lines(0, 120, 60);
    File r = new File(tmp, "right/deep/r.txt.gz");
    write(r, text(right));
    File out = new File(path("joined"));
    Map<String, Object> j = ok(ToolRun.run(new JoinTool(), "--left", in.getPath(), "--left-key",
        "1", "--right", new File(tmp, "right").getPath(), "--right-key", "1",
        "--delimiter", ",", "--output", out.getPath(), "--json"));
    assertEquals((long) visible.size(), n(j, "leftRecords"));
    assertEquals((long) right.size(), n(j, "rightRecords"));
    assertEquals(NaiveJoin.join(visible, new int[] {1}, right, new int[] {1}, ',', false),
        NaiveJoin.multiset(outputLines(out)));
  }

  @Test
  public void dedupReadsSubdirectoriesAndCodecs() throws Exception {
    File in = tree();
    File out = new File(path("dedup"));
    Map<String, Object> j = ok(ToolRun.run(new DedupTool(), "--input", in.getPath(),
        "--key-field", "1", "--delimiter", ",", "--output", out.getPath(), "--json"));
    assertEquals((long) visible.size(), n(j, "inputRecords"));
    Set<String> kept = keys(outputLines(out), 1);
    assertEquals(keys(visible, 1), kept);
    assertEquals((long) kept.size(), n(j, "kept"));
  }

  @Test
  public void icebergsReadSubdirectoriesAndCodecs() throws Exception {
    File in = tree();
    Map<String, Long> totals = new TreeMap<>();
    for (String l : visible) {
      String[] p = l.split(",");
      totals.merge(p[1], Long.parseLong(p[2]), Long::sum);
    }
    List<String> expected = new ArrayList<>();
    totals.forEach((k, t) -> expected.add(k + "\t" + t));
    for (String method : new String[] {"exact", "lcbf"}) {
      File out = new File(path("icebergs-" + method));
      List<String> args = new ArrayList<>(List.of("--input", in.getPath(), "--key-field", "1",
          "--weight-field", "2", "--threshold", "1", "--delimiter", ",", "--method", method,
          "--output", out.getPath(), "--json"));
      if (method.equals("lcbf")) {
        args.add("--verify");
      }
      Map<String, Object> j = ok(ToolRun.run(new IcebergTool(), args.toArray(new String[0])));
      assertEquals((long) visible.size(), n(j, "inputRecords"), method);
      List<String> got = outputLines(out);
      got.sort(null);
      assertEquals(expected, got, method);
    }
  }

  private File acbf(String name, int capacity) throws Exception {
    AccurateCountingBloomFilter f =
        AccurateCountingBloomFilter.create(FilterShape.forBitsPerKey(
            FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, capacity, capacity, 16, 0));
    File file = new File(tmp, name);
    try (OutputStream o = new FileOutputStream(file)) {
      f.writeTo(o);
    }
    return file;
  }

  @Test
  public void updateReadsTheSameFilesDecompressed() throws Exception {
    File in = tree();
    File start = acbf("start.acbf", 1000);
    Map<String, Object> j = ok(ToolRun.run(new UpdateTool(), "--filter", start.getPath(),
        "--output", path("updated.acbf"), "--add", in.getPath(), "--key-field", "1",
        "--delimiter", ",", "--json"));
    assertEquals((long) visible.size(), n(j, "inputRecords"));
    assertEquals(0L, n(j, "malformedRecords"));
    assertEquals((long) keys(visible, 1).size(), n(j, "added"));
  }

  /** A file on both sides (the tree on the left, its gzip file by a glob on the right) is read by each. */
  @Test
  public void aFileMayBeOnBothSidesOfAJoin() throws Exception {
    File in = tree();
    List<String> right = lines(50, 50, 40); // sub/b.txt.gz, also under the left directory
    File out = new File(path("both"));
    Map<String, Object> j = ok(ToolRun.run(new JoinTool(), "--left", in.getPath(), "--left-key",
        "1", "--right", in.getPath() + "/sub/{b.txt.gz,none}", "--right-key", "1",
        "--delimiter", ",", "--strategy", "reduce-side", "--output", out.getPath(), "--json"));
    assertEquals((long) visible.size(), n(j, "leftRecords"));
    assertEquals((long) right.size(), n(j, "rightRecords"));
    assertEquals(NaiveJoin.join(visible, new int[] {1}, right, new int[] {1}, ',', false),
        NaiveJoin.multiset(outputLines(out)));
  }

  /**
   * A bzip2 file of several blocks is split at block boundaries, and the text reader's offsets
   * there start from the split's compressed position: dedup must still order a file's records by
   * their place in it (it reads a compressed file whole, in one task).
   */
  @Test
  public void dedupKeepsTheFirstRecordOfASplitBzip2File() throws Exception {
    java.util.Random rnd = new java.util.Random(11);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < 8000; i++) {
      String key = i == 2000 || i == 2600 ? "dup" : "u" + i;
      lines.add(i + "," + key + "," + Long.toHexString(rnd.nextLong()) + Long.toHexString(rnd.nextLong()));
    }
    File f = new File(tmp, "bz/blocks.bz2");
    f.getParentFile().mkdirs();
    try (OutputStream o = new org.apache.commons.compress.compressors.bzip2
        .BZip2CompressorOutputStream(new FileOutputStream(f), 1)) { // 100k blocks
      o.write(text(lines));
    }
    assertTrue(f.length() > 4 * 20000);
    Configuration conf = ToolRun.localConf();
    conf.setLong("mapreduce.input.fileinputformat.split.maxsize", 20000);
    File out = new File(path("bz-dedup"));
    File dups = new File(path("bz-dups"));
    ok(ToolRun.run(conf, new DedupTool(), "--input", f.getParent(), "--key-field", "1",
        "--delimiter", ",", "--output", out.getPath(), "--duplicates", dups.getPath(), "--json"));
    assertEquals(List.of(lines.get(2600)), outputLines(dups));
    assertEquals(lines.size() - 1, outputLines(out).size());
  }

  // ---- case 2: brace globs; a filter glob names exactly one file ----

  @Test
  public void braceGlobsAreOnePathAndCommasOutsideSeparate() throws Exception {
    File dir = newFolder(tmp, "g");
    List<String> a = lines(0, 30, 100);
    List<String> b = lines(30, 30, 100);
    List<String> c = lines(60, 30, 100);
    write(new File(dir, "a"), text(a));
    write(new File(dir, "b"), text(b));
    write(new File(dir, "c"), text(c));
    Map<String, Object> j = ok(ToolRun.run(new BuildTool(), "--input",
        dir.getPath() + "/{a,b}," + dir.getPath() + "/c", "--output", path("g.exact"),
        "--filter", "exact", "--key-field", "1", "--delimiter", ",", "--json"));
    assertEquals(90L, n(j, "inputRecords"));
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    all.addAll(c);
    assertEquals((long) keys(all, 1).size(), n(j, "items"));
  }

  @Test
  public void braceGlobsOnBothSidesOfAJoin() throws Exception {
    File dir = newFolder(tmp, "jg");
    List<String> a = lines(0, 30, 20);
    List<String> b = lines(30, 30, 20);
    write(new File(dir, "a"), text(a));
    write(new File(dir, "b"), text(b));
    write(new File(dir, "c"), text(lines(60, 30, 20)));
    List<String> right = lines(0, 50, 25);
    write(new File(dir, "r1"), text(right.subList(0, 25)));
    write(new File(dir, "r2"), text(right.subList(25, 50)));
    File out = new File(path("jg-out"));
    ok(ToolRun.run(new JoinTool(), "--left", dir.getPath() + "/{a,b}", "--left-key", "1",
        "--right", dir.getPath() + "/r{1,2}", "--right-key", "1", "--delimiter", ",",
        "--output", out.getPath(), "--json"));
    List<String> left = new ArrayList<>(a);
    left.addAll(b);
    assertEquals(NaiveJoin.join(left, new int[] {1}, right, new int[] {1}, ',', false),
        NaiveJoin.multiset(outputLines(out)));
  }

  @Test
  public void aFilterGlobMustNameExactlyOneFile() throws Exception {
    File dir = newFolder(tmp, "filters");
    File left = new File(tmp, "l.txt");
    write(left, text(lines(0, 20, 10)));
    File right = new File(tmp, "r.txt");
    write(right, text(lines(0, 40, 20)));
    for (String name : new String[] {"one.exact", "two.exact"}) {
      try (OutputStream o = new FileOutputStream(new File(dir, name))) {
        ExactKeySet.ofStrings(List.copyOf(keys(lines(0, 20, 10), 1))).writeTo(o);
      }
    }
    String pattern = dir.getPath() + "/*.exact";
    ToolRun two = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--delimiter", ",", "--output",
        path("j2"), "--filter", pattern);
    assertEquals(BloomkitTool.USAGE, two.code, two.toString());
    assertTrue(two.err.contains(pattern) && two.err.contains("matches 2"), two.err);
    assertFalse(new File(path("j2")).exists());
    // a glob matching one file is that file
    Map<String, Object> one = ok(ToolRun.run(new JoinTool(), "--left", left.getPath(),
        "--left-key", "1", "--right", right.getPath(), "--right-key", "1", "--delimiter", ",",
        "--output", path("j1"), "--filter", dir.getPath() + "/o*.exact", "--json"));
    assertTrue(String.valueOf(one.get("filter")).endsWith("/one.exact"), String.valueOf(one.get("filter")));
    ToolRun up = ToolRun.run(new UpdateTool(), "--filter", pattern, "--output", path("u"),
        "--add", left.getPath());
    assertEquals(BloomkitTool.USAGE, up.code, up.toString());
    assertTrue(up.err.contains("matches 2"), up.err);
    ToolRun in = ToolRun.run(new io.bloomkit.mapreduce.inspect.InspectTool(), pattern);
    assertEquals(BloomkitTool.USAGE, in.code, in.toString());
    assertTrue(in.err.contains("matches 2"), in.err);
    assertEquals(0, ToolRun.run(new io.bloomkit.mapreduce.inspect.InspectTool(),
        dir.getPath() + "/t*.exact").code);
  }

  // ---- case 3 and 7: blank lines are malformed; the records add up per side ----

  @Test
  public void blankLinesAreMalformedAndNeverJoin() throws Exception {
    // the key is field 0: a blank line would have the empty key and join every other blank line
    List<String> nonBlankLeft = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      nonBlankLeft.add("k" + i % 15 + ",L" + i);
    }
    List<String> nonBlankRight = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      nonBlankRight.add("k" + i % 30 + ",R" + i);
    }
    List<String> left = new ArrayList<>(nonBlankLeft);
    left.add("");
    left.add("   ");
    left.add(5, "");
    List<String> right = new ArrayList<>(nonBlankRight);
    right.add("");
    right.add(10, "   ");
    File l = new File(tmp, "left.txt");
    File r = new File(tmp, "right.txt");
    write(l, text(left));
    write(r, text(right));
    File out = new File(path("blank-join"));
    Map<String, Object> j = ok(ToolRun.run(new JoinTool(), "--left", l.getPath(), "--left-key",
        "0", "--right", r.getPath(), "--right-key", "0", "--delimiter", ",", "--output",
        out.getPath(), "--filter-type", "none", "--json"));
    assertEquals(NaiveJoin.join(nonBlankLeft, new int[] {0}, nonBlankRight, new int[] {0}, ',',
        false), NaiveJoin.multiset(outputLines(out)));
    assertEquals(3L, n(j, "leftMalformed"));
    assertEquals(2L, n(j, "rightMalformed"));
    assertEquals((long) left.size(), n(j, "leftRecords"));
    assertEquals((long) right.size(), n(j, "rightRecords"));
    assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
    assertEquals(n(j, "rightRecords"),
        n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed"));
    // whatever the delimiter: with tab, "\t" alone is blank too
    File t = new File(tmp, "tab.txt");
    write(t, text(List.of("a\tb", "\t", "", "c\td")));
    Map<String, Object> b = ok(ToolRun.run(new BuildTool(), "--input", t.getPath(), "--output",
        path("blank.exact"), "--filter", "exact", "--key-field", "0", "--json"));
    assertEquals(2L, n(b, "malformedRecords"));
    assertEquals(2L, n(b, "items"));
  }

  // ---- case 4: every record malformed fails, showing the first line ----

  @Test
  public void everyRecordMalformedFailsShowingTheFirstLine() throws Exception {
    File tabs = new File(tmp, "tabs/t.txt");
    List<String> tabbed = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      tabbed.add(i + "\tkey" + i + "\t" + i);
    }
    write(tabs, text(tabbed));
    File dir = tabs.getParentFile();
    // build with the wrong delimiter
    ToolRun b = ToolRun.run(new BuildTool(), "--input", dir.getPath(), "--output",
        path("never.acbf"), "--key-field", "1", "--delimiter", ",");
    assertEquals(BloomkitTool.FAILED, b.code, b.toString());
    assertTrue(b.err.contains("\"0\\tkey0\\t0\""), b.err);
    assertTrue(b.err.contains("key field(s) 1") && b.err.contains("delimiter ','"), b.err);
    assertTrue(b.err.contains("40 records"), b.err);
    assertFalse(new File(path("never.acbf")).exists());
    // join: the right side only; the tab delimiter shown as \t
    File left = new File(tmp, "ctl/l.txt");
    write(left, text(tabbed));
    File right = new File(tmp, "ctl/r.txt");
    write(right, text(List.of("no delimiter here", "nor here")));
    ToolRun j = ToolRun.run(new JoinTool(), "--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", "1", "--output", path("never-joined"),
        "--filter-type", "none");
    assertEquals(BloomkitTool.FAILED, j.code, j.toString());
    assertTrue(j.err.contains("right input") && j.err.contains("delimiter '\\t'"), j.err);
    assertTrue(j.err.contains("\"no delimiter here\""), j.err);
    assertFalse(new File(path("never-joined")).exists());
    // dedup, icebergs and update alike
    ToolRun d = ToolRun.run(new DedupTool(), "--input", dir.getPath(), "--key-field", "1",
        "--delimiter", ",", "--output", path("never-dedup"));
    assertEquals(BloomkitTool.FAILED, d.code, d.toString());
    assertTrue(d.err.contains("\"0\\tkey0\\t0\""), d.err);
    assertFalse(new File(path("never-dedup")).exists());
    ToolRun i = ToolRun.run(new IcebergTool(), "--input", dir.getPath(), "--key-field", "1",
        "--delimiter", ",", "--threshold", "1", "--output", path("never-icebergs"));
    assertEquals(BloomkitTool.FAILED, i.code, i.toString());
    assertTrue(i.err.contains("\"0\\tkey0\\t0\""), i.err);
    assertFalse(new File(path("never-icebergs")).exists());
    // a control-character delimiter is shown as \x01
    ToolRun u = ToolRun.run(new UpdateTool(), "--filter", acbf("u.acbf", 100).getPath(),
        "--output", path("never-updated"), "--add", dir.getPath(), "--key-field", "1",
        "--delimiter", "\u0001");
    assertEquals(BloomkitTool.FAILED, u.code, u.toString());
    assertTrue(u.err.contains("--add input") && u.err.contains("\"0\\tkey0\\t0\""), u.err);
    assertTrue(u.err.contains("delimiter '\\x01'"), u.err);
    assertFalse(new File(path("never-updated")).exists());
  }

  // ---- case 5: the malformed share ----

  @Test
  public void aMalformedShareAboveTheLimitWarns() throws Exception {
    List<String> l = new ArrayList<>(lines(0, 98, 50));
    l.add(3, "bad line one");
    l.add(50, "bad line two");
    File in = new File(tmp, "share.txt");
    write(in, text(l)); // 2 of 100: above the default 1%
    ToolRun warned = ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output",
        path("w.exact"), "--filter", "exact", "--key-field", "1", "--delimiter", ",", "--json");
    Map<String, Object> w = ok(warned);
    assertEquals(Boolean.TRUE, w.get("malformedWarning"));
    assertEquals(2L, n(w, "malformedRecords"));
    assertTrue(warned.err.contains("2 of the 100 records")
        && warned.err.contains("\"bad line one\""), warned.err);
    ToolRun quiet = ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output",
        path("q.exact"), "--filter", "exact", "--key-field", "1", "--delimiter", ",",
        "--max-malformed-share", "0.02", "--json"); // 2% is not above 2%
    assertEquals(Boolean.FALSE, ok(quiet).get("malformedWarning"));
    assertFalse(quiet.err.contains("malformed"), quiet.err);
    ToolRun bad = ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output",
        path("b.exact"), "--max-malformed-share", "1.5");
    assertEquals(BloomkitTool.USAGE, bad.code, bad.toString());
    // join warns per side: the left side is fine, the right one is not
    File r = new File(tmp, "share-right.txt");
    write(r, text(l));
    File okLeft = new File(tmp, "share-left.txt");
    write(okLeft, text(lines(0, 98, 50)));
    ToolRun jr = ToolRun.run(new JoinTool(), "--left", okLeft.getPath(), "--left-key", "1",
        "--right", r.getPath(), "--right-key", "1", "--delimiter", ",", "--output", path("sj"),
        "--json");
    assertEquals(Boolean.TRUE, ok(jr).get("malformedWarning"));
    assertTrue(jr.err.contains("right input") && !jr.err.contains("left input"), jr.err);
    // every other record-reading tool reports the flag
    Map<String, Object> d = ok(ToolRun.run(new DedupTool(), "--input", in.getPath(),
        "--key-field", "1", "--delimiter", ",", "--output", path("sd"), "--json"));
    assertEquals(Boolean.TRUE, d.get("malformedWarning"));
    Map<String, Object> i = ok(ToolRun.run(new IcebergTool(), "--input", in.getPath(),
        "--key-field", "1", "--delimiter", ",", "--threshold", "2", "--output", path("si"),
        "--json"));
    assertEquals(Boolean.TRUE, i.get("malformedWarning"));
    Map<String, Object> u = ok(ToolRun.run(new UpdateTool(), "--filter",
        acbf("s.acbf", 200).getPath(), "--output", path("su.acbf"), "--add", in.getPath(),
        "--key-field", "1", "--delimiter", ",", "--json"));
    assertEquals(Boolean.TRUE, u.get("malformedWarning"));
    assertEquals(2L, n(u, "malformedRecords"));
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
