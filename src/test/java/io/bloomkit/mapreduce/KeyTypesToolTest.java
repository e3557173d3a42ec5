package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.update.UpdateTool;
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
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The key types a filter records (format version 2), through the tools in local mode: build writes
 * its key's types ({@code --key-type}), inspect shows them, join refuses a {@code --filter} of
 * other types than the right key's, update keeps them and refuses other input types.
 * Each file is read back with {@link FilterFormat#open}, independent of the tools' own reading.
 */
public class KeyTypesToolTest {
  @TempDir public File tmp;

  private File left;
  private File right;

  @BeforeEach
  public void inputs() throws IOException {
    left = newFile(tmp, "left.csv");
    right = newFile(tmp, "right.csv");
    StringBuilder l = new StringBuilder();
    StringBuilder r = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      l.append("l").append(i).append(',').append(i).append('\n');
      r.append("r").append(i).append(',').append(2 * i).append('\n');
    }
    Files.write(left.toPath(), l.toString().getBytes(StandardCharsets.UTF_8));
    Files.write(right.toPath(), r.toString().getBytes(StandardCharsets.UTF_8));
  }

  private static KeySignature keysOf(File f) throws IOException {
    try (InputStream in = new FileInputStream(f)) {
      return FilterFormat.open(in, f.length()).keys;
    }
  }

  private static ToolRun run(BloomkitTool tool, String... args) {
    return ToolRun.run(tool, args);
  }

  private static String[] args(String[] generic, String... args) {
    List<String> a = new ArrayList<>(Arrays.asList(generic));
    a.addAll(Arrays.asList(args));
    return a.toArray(new String[0]);
  }

  /** The key types option of a build: {@code --key-type T[,T]}. */
  private static String[] types(String value) {
    return new String[] {"--key-type", value};
  }

  private static final String[] NONE = {};

  private File build(String name, String[] generic, String filter, String keyFields) {
    File out = new File(tmp, name);
    ToolRun r =
        run(new BuildTool(), args(generic, "--input", left.getPath(), "--output", out.getPath(),
            "--key-field", keyFields, "--delimiter", ",", "--filter", filter, "--json"));
    assertEquals(0, r.code, r.toString());
    return out;
  }

  private File legacy(String name, StoredFilter f) throws IOException {
    File out = new File(tmp, name);
    try (OutputStream o = new FileOutputStream(out)) {
      f.writeTo(o); // no signature: a version 1 file, as every file before version 2
    }
    assertEquals(KeySignature.LEGACY, keysOf(out));
    return out;
  }

  @Test
  public void buildRecordsTheKeyTypes() throws IOException {
    assertEquals(
        KeySignature.of(KeyType.LONG), keysOf(build("long.bf", types("long"), "bf", "1")));
    assertEquals(
        KeySignature.of(KeyType.STRING, KeyType.LONG),
        keysOf(build("sl.acbf", types("string, long"), "acbf", "0,1")));
    // no types: a string per key field, recorded
    assertEquals(KeySignature.strings(1), keysOf(build("s.cbf", NONE, "cbf", "1")));
    assertEquals(KeySignature.strings(2), keysOf(build("ss.exact", NONE, "exact", "0,1")));
  }

  @Test
  public void badKeyTypesAreUsageErrorsNamingTheOption() {
    for (String[] bad : new String[][] {{"long,string", "1"}, {"int", "1"}, {"long", "0,1"}}) {
      File out = new File(tmp, "bad-" + bad[0] + bad[1]);
      ToolRun r =
          run(new BuildTool(), args(types(bad[0]), "--input", left.getPath(),
              "--output", out.getPath(), "--key-field", bad[1], "--delimiter", ","));
      assertEquals(BloomkitTool.USAGE, r.code, r.toString());
      assertTrue(r.err.contains("--key-type"), r.err);
      assertTrue(!out.exists());
    }
  }

  @Test
  public void inspectShowsTheKeyTypes() throws IOException {
    File f = build("ls.bf", types("long,string"), "bf", "1,0");
    Map<String, Object> j = MiniJson.parseObject(run(new InspectTool(), f.getPath()).lastLine());
    assertEquals("(long, string)", j.get("keys"));
    assertEquals(List.of("long", "string"), j.get("keyTypes"));
    assertEquals(true, j.get("keyTypesRecorded"));

    BloomFilter bf = BloomFilter.create(FilterShape.bloom(256, 3, 20));
    bf.add("x");
    File old = legacy("old.bf", bf);
    ToolRun r = run(new InspectTool(), old.getPath());
    assertEquals(0, r.code, r.toString());
    j = MiniJson.parseObject(r.lastLine());
    assertEquals("(string, not recorded: format version 1)", j.get("keys"));
    assertEquals(List.of("string"), j.get("keyTypes"));
    assertEquals(false, j.get("keyTypesRecorded"));
  }

  private ToolRun join(String name, String[] generic, File filter, String rightKey) {
    return run(new JoinTool(), args(generic, "--left", left.getPath(), "--left-key", "1",
        "--right", right.getPath(), "--right-key", rightKey, "--delimiter", ",",
        "--output", new File(tmp, name).getPath(), "--filter", filter.getPath(),
        "--json"));
  }

  /** The even left keys 0..38 meet the right side's 2i: l(2i),2i,r(i),2i. */
  private List<String> expectedJoin() {
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      rows.add("l" + 2 * i + "," + 2 * i + "\tr" + i + "," + 2 * i);
    }
    return rows;
  }

  private List<String> output(String name) throws Exception {
    return InputRecordsToolTest.outputLines(new File(tmp, name));
  }

  @Test
  public void joinRefusesAFilterOfOtherKeyTypesNamingBoth() throws Exception {
    File f = build("long.exact", types("long"), "exact", "1");
    ToolRun r = join("out-mismatch", NONE, f, "1");
    assertEquals(BloomkitTool.USAGE, r.code, r.toString());
    assertTrue(r.err.contains(f.getName() + " was built for keys (long) but the right"
        + " side's key is (string)"), r.err);
    assertTrue(!new File(tmp, "out-mismatch").exists());

    // both keys declared long (they must have the same types): accepted, and the join is right
    ToolRun ok = join("out-long",
        new String[] {"--left-key-type", "long", "--right-key-type", "long"}, f, "1");
    assertEquals(0, ok.code, ok.toString());
    assertEquals(new TreeSet<>(expectedJoin()), new TreeSet<>(output("out-long")));
    assertEquals(20, output("out-long").size());
  }

  @Test
  public void joinTakesALegacyFilterForASingleStringKeyOnly() throws Exception {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(4096, 3, 40));
    for (int i = 0; i < 40; i++) {
      bf.add(String.valueOf(i));
    }
    File old = legacy("old.bf", bf);
    ToolRun ok = join("out-legacy", NONE, old, "1");
    assertEquals(0, ok.code, ok.toString());
    assertEquals(new TreeSet<>(expectedJoin()), new TreeSet<>(output("out-legacy")));

    // two right key fields: a legacy filter's arity is unknown, refused
    ToolRun two =
        run(new JoinTool(), "--left", left.getPath(), "--left-key", "1,0", "--right",
            right.getPath(), "--right-key", "1,0", "--delimiter", ",", "--output",
            new File(tmp, "out-two").getPath(), "--filter", old.getPath());
    assertEquals(BloomkitTool.USAGE, two.code, two.toString());
    assertTrue(two.err.contains("was built for keys (string, not recorded: format version 1)"
        + " but the right side's key is (string, string)"), two.err);
  }

  @Test
  public void updateKeepsTheKeyTypesAndRefusesOthers() throws Exception {
    File f = build("long.cbf", types("long"), "cbf", "1");
    File out = new File(tmp, "updated.cbf");
    ToolRun refused =
        run(new UpdateTool(), "--filter", f.getPath(), "--output", out.getPath(), "--add",
            right.getPath(), "--key-field", "1", "--delimiter", ",");
    assertEquals(BloomkitTool.USAGE, refused.code, refused.toString());
    assertTrue(refused.err.contains("was built for keys (long) but the input key is"
        + " (string) (--key-type)"), refused.err);
    assertTrue(!out.exists());

    ToolRun ok =
        run(new UpdateTool(), "--filter", f.getPath(), "--output", out.getPath(), "--add",
            right.getPath(), "--key-field", "1", "--key-type", "long", "--delimiter", ",");
    assertEquals(0, ok.code, ok.toString());
    assertEquals(KeySignature.of(KeyType.LONG), keysOf(out));

    // a legacy counting filter stays legacy: its keys' arity is not known
    CountingBloomFilter cbf = CountingBloomFilter.create(FilterShape.counting(1024, 3, 40));
    cbf.add("1");
    File old = legacy("old.cbf", cbf);
    File oldOut = new File(tmp, "old-updated.cbf");
    ToolRun legacyOk =
        run(new UpdateTool(), "--filter", old.getPath(), "--output", oldOut.getPath(), "--add",
            right.getPath(), "--key-field", "1", "--delimiter", ",");
    assertEquals(0, legacyOk.code, legacyOk.toString());
    assertEquals(KeySignature.LEGACY, keysOf(oldOut));
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
