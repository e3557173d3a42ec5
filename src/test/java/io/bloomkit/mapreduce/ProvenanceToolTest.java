package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.probe.ProbeTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provenance through the tools: build records its sources (each file's length and modification
 * time as the file system reports them) and inspect prints them; update appends its step; join
 * --filter and probe refuse a filter whose sources changed (length, modification time, a new file)
 * unless --allow-stale, and say when a filter records no provenance.
 */
public class ProvenanceToolTest {
  @TempDir public File tmp;

  private File left;
  private File part0;
  private File part1;
  private File right;
  private File filter;

  @BeforeEach
  public void data() throws IOException {
    left = newFolder(tmp, "left");
    part0 = write(new File(left, "part-0"), 0, 30);
    part1 = write(new File(left, "part-1"), 30, 50);
    right = write(newFile(tmp, "right.txt"), 20, 80);
  }

  private static File write(File f, int from, int to) throws IOException {
    StringBuilder b = new StringBuilder();
    for (int i = from; i < to; i++) {
      b.append("k").append(i).append('\t').append("v").append(i).append('\n');
    }
    Files.write(f.toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    // a modification time in whole seconds, well in the past: any later change differs
    f.setLastModified(1_600_000_000_000L + from * 1000L);
    return f;
  }

  private File build() {
    File f = new File(tmp, "left.bf");
    ToolRun r = ToolRun.run(new BuildTool(), "--input", left.getPath(), "--output", f.getPath(),
        "--filter", "bf", "--items", "100", "--fpp", "0.01", "--json");
    assertEquals(0, r.code, r.toString());
    return f;
  }

  private static Map<String, Object> inspect(File f) {
    ToolRun r = ToolRun.run(new InspectTool(), "--json", f.getPath());
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> obj(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  private static long n(Object o) {
    return ((Number) o).longValue();
  }

  @Test
  public void buildRecordsItsSourcesAndInspectPrintsThem() throws IOException {
    filter = build();
    Map<String, Object> j = inspect(filter);
    assertEquals(true, j.get("provenanceRecorded"));
    Map<String, Object> p = obj(j.get("provenance"));
    Map<String, Object> spec = obj(p.get("keySpec"));
    assertEquals(List.of("0"), spec.get("fields"));
    assertEquals("\t", spec.get("delimiter"));
    assertEquals(List.of("string"), spec.get("keyTypes"));
    Map<String, Object> created = obj(p.get("created"));
    assertEquals("build", created.get("action"));
    assertEquals("build", created.get("tool"));
    assertTrue(list(created.get("options")).contains(left.getPath()));
    assertTrue(created.get("description").toString()
        .contains("from 50 records, 50 distinct keys"), created.get("description").toString());
    List<Object> sources = list(created.get("sources"));
    assertEquals(2, sources.size());
    File[] parts = {part0, part1};
    for (int i = 0; i < 2; i++) {
      Map<String, Object> s = obj(sources.get(i));
      assertEquals(new Path(parts[i].toURI()).toString(), s.get("path"));
      assertEquals(parts[i].length(), n(s.get("length")));
      assertEquals(parts[i].lastModified(), n(s.get("modifiedMillis")));
      assertEquals(false, s.get("directory"));
      assertNull(s.get("records")); // two files: the counts are the step's, not each file's
    }
    assertEquals(List.of(), p.get("history"));
    long created0 = n(created.get("createdMillis"));
    assertTrue(created0 > 1_600_000_000_000L);
  }

  @Test
  public void updateAppendsAStep() throws IOException {
    File f = new File(tmp, "left.acbf");
    ToolRun b = ToolRun.run(new BuildTool(), "--input", part0.getPath(), "--output", f.getPath(),
        "--filter", "acbf", "--items", "100", "--capacity", "200", "--json");
    assertEquals(0, b.code, b.toString());
    Map<String, Object> before = obj(inspect(f).get("provenance"));
    // one source file: its own counts
    Map<String, Object> src = obj(list(obj(before.get("created")).get("sources")).get(0));
    assertEquals(30, n(src.get("records")));
    assertEquals(30, n(src.get("distinctKeys")));
    File updated = new File(tmp, "updated.acbf");
    ToolRun u = ToolRun.run(new UpdateTool(), "--filter", f.getPath(), "--add", part1.getPath(),
        "--output", updated.getPath(), "--json");
    assertEquals(0, u.code, u.toString());
    Map<String, Object> after = obj(inspect(updated).get("provenance"));
    assertEquals(before.get("created"), after.get("created"));
    assertEquals(before.get("keySpec"), after.get("keySpec"));
    List<Object> history = list(after.get("history"));
    assertEquals(1, history.size());
    Map<String, Object> step = obj(history.get(0));
    assertEquals("update", step.get("action"));
    assertTrue(list(step.get("options")).contains(part1.getPath()));
    assertTrue(step.get("description").toString().startsWith("added 20 keys from 1 --add files"),
        step.get("description").toString());
    Map<String, Object> added = obj(list(step.get("sources")).get(0));
    assertEquals(new Path(part1.toURI()).toString(), added.get("path"));
    assertEquals(part1.length(), n(added.get("length")));
  }

  private ToolRun join(String out, String... more) {
    List<String> a = new ArrayList<>(List.of("--left", left.getPath(), "--left-key", "0",
        "--right", right.getPath(), "--right-key", "0", "--output",
        new File(tmp, out).getPath(), "--filter", filter.getPath(), "--json"));
    a.addAll(List.of(more));
    return ToolRun.run(new JoinTool(), a.toArray(new String[0]));
  }

  private ToolRun probe(String out, String... more) {
    List<String> a = new ArrayList<>(List.of("--input", right.getPath(), "--output",
        new File(tmp, out).getPath(), "--filter", filter.getPath() + ":0", "--json"));
    a.addAll(List.of(more));
    return ToolRun.run(new ProbeTool(), a.toArray(new String[0]));
  }

  @Test
  public void joinRefusesAFilterWhoseLeftInputChanged() throws IOException {
    filter = build();
    String path1 = new Path(part1.toURI()).toString();
    // the length changes (a record of a key the filter holds: the join's own left-key check,
    // the guarantee, would refuse a new key), the modification time is set back as it was
    long mtime = part1.lastModified();
    Files.write(part1.toPath(), "k31\tagain\n".getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.APPEND);
    part1.setLastModified(mtime);
    ToolRun r = join("out-length");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains("is stale"), r.err);
    assertTrue(r.err.contains(path1 + ": length " + part1.length() + ", was "), r.err);
    assertFalse(r.err.contains("modified at"), r.err);
    assertFalse(new File(tmp, "out-length").exists());
    // --allow-stale: proceeds, warns, and says so in the JSON
    ToolRun allowed = join("out-allowed", "--allow-stale");
    assertEquals(0, allowed.code, allowed.toString());
    assertTrue(allowed.err.contains("join: warning: filter "), allowed.err);
    assertTrue(allowed.err.contains("--allow-stale"), allowed.err);
    Map<String, Object> j = MiniJson.parseObject(allowed.lastLine());
    assertEquals("stale", j.get("staleCheck"));
    assertEquals(1, list(j.get("staleSources")).size());
    assertTrue(list(j.get("staleSources")).get(0).toString().startsWith(path1 + ": length"));
  }

  @Test
  public void joinRefusesAFilterWhoseLeftFileWasTouchedOrAdded() throws IOException {
    filter = build();
    String path0 = new Path(part0.toURI()).toString();
    long before = part0.lastModified();
    part0.setLastModified(before + 5000); // same length, a new modification time
    ToolRun r = join("out-touched");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(
        path0 + ": modified at " + iso(part0.lastModified()) + ", was " + iso(before)), r.err);
    assertTrue(iso(before).matches(
        "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?(Z|[+-]\\d\\d:\\d\\d)"), r.err);
    assertFalse(r.err.contains("length"), r.err);
    part0.setLastModified(before);
    // a new file in the recorded directory
    File extra = write(new File(left, "part-2"), 90, 95);
    ToolRun added = join("out-added");
    assertEquals(2, added.code, added.toString());
    assertTrue(added.err.contains(new Path(extra.toURI()) + ": new file in "), added.err);
    // a recorded file deleted
    Files.delete(extra.toPath());
    Files.delete(part1.toPath());
    ToolRun gone = join("out-gone");
    assertEquals(2, gone.code, gone.toString());
    assertTrue(gone.err.contains(new Path(part1.toURI()) + ": gone"), gone.err);
    assertFalse(gone.err.contains("part-0"), gone.err);
  }

  @Test
  public void aFilterWithoutProvenanceIsNotChecked() throws IOException {
    filter = new File(tmp, "plain.bf");
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(1024, 3, 100));
    for (int i = 0; i < 50; i++) {
      bf.add("k" + i);
    }
    FilterFiles.writeAtomically(ToolRun.localConf(), new Path(filter.toURI()), bf,
        KeySignature.parse("string"));
    ToolRun r = join("out-plain");
    assertEquals(0, r.code, r.toString());
    assertEquals("no provenance", MiniJson.parseObject(r.lastLine()).get("staleCheck"));
  }

  @Test
  public void probeRefusesAFilterWhoseSourcesChanged() throws IOException {
    filter = build();
    String path0 = new Path(part0.toURI()).toString();
    long before = part0.lastModified();
    part0.setLastModified(before + 7000);
    ToolRun r = probe("probe-touched");
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(path0 + ": modified at "), r.err);
    // a source gone is not a change for probe (it compares the sources still there)
    Files.delete(part1.toPath());
    ToolRun allowed = probe("probe-allowed", "--allow-stale");
    assertEquals(0, allowed.code, allowed.toString());
    assertTrue(allowed.err.contains("probe: warning: filter "), allowed.err);
    Map<String, Object> j = MiniJson.parseObject(allowed.lastLine());
    assertEquals(List.of("stale"), j.get("staleCheck"));
    assertEquals(1, list(j.get("staleSources")).size());
    part0.setLastModified(before);
    ToolRun fresh = probe("probe-fresh");
    assertEquals(0, fresh.code, fresh.toString());
    assertEquals(List.of("fresh"), MiniJson.parseObject(fresh.lastLine()).get("staleCheck"));
  }

  /** A modification time as the stale-filter message says it: ISO-8601 in this zone, with offset. */
  private static String iso(long millis) {
    return java.time.Instant.ofEpochMilli(millis).atZone(java.time.ZoneId.systemDefault())
        .toOffsetDateTime().toString();
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
