package io.bloomkit.mapreduce.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build tool end to end in local mode. */
public class BuildToolTest {
  @TempDir public File tmp;

  private final Set<String> distinct = new HashSet<>();

  private File inputs() throws Exception {
    File dir = newFolder(tmp, "in");
    for (int f = 0; f < 2; f++) {
      StringBuilder b = new StringBuilder();
      for (int i = 0; i < 600; i++) {
        String key = "key" + ((i * 7 + f * 300) % 500);
        distinct.add(key);
        b.append(i).append('|').append(key).append("|payload ").append(i).append('\n');
      }
      b.append("malformed line without delimiter\n");
      Files.write(new File(dir, "part-" + f + ".txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  private static Filter read(File f) throws Exception {
    try (InputStream in = new FileInputStream(f)) {
      return Filters.read(in, Filter.class);
    }
  }

  @Test
  public void buildsEveryFamilyFromTheExactDistinctCount() throws Exception {
    File in = inputs();
    for (String type : new String[] {"acbf", "cbf", "bf", "sbbf", "exact"}) {
      File out = new File(tmp, type + ".filter");
      ToolRun r =
          ToolRun.run(
              new BuildTool(), "--input", in.getPath(), "--output", out.getPath(),
              "--key-field", "1", "--delimiter", "|", "--filter", type, "--reducers", "2", "--json");
      assertEquals(0, r.code, r.toString());
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      assertEquals(type, j.get("family"));
      assertEquals((long) distinct.size(), j.get("items"));
      assertEquals(1202L, j.get("inputRecords"));
      assertEquals(2L, j.get("malformedRecords"));
      Filter f = read(out);
      assertEquals(distinct.size(), f.items());
      for (String k : distinct) {
        assertTrue(f.mightContain(k), type + " lost " + k);
      }
      if (!type.equals("exact")) {
        FilterShape expected = new FilterSpec(type, distinct.size(), 0, 0, 16, 0).shape();
        assertEquals(expected.memoryBits(), f.memoryBits());
        assertEquals(expected.memoryBits(), j.get("bits"));
        assertEquals((long) expected.numHashes(), j.get("hashes"));
        assertEquals(f.expectedFpp(), (Double) j.get("fpp"), 0);
      } else {
        assertFalse(f.mightContain("key500"));
        assertEquals(0.0, (Double) j.get("fpp"), 0);
      }
      // no temporary files are left next to the output
      String[] left = tmp.list((d, n) -> n.contains("._build-") || n.contains("._tmp-"));
      assertEquals(0, left.length);
    }
  }

  @Test
  public void partialsOfSeveralReducersSumToTheOneReducerFilter() throws Exception {
    File in = inputs();
    File one = new File(tmp, "one.acbf");
    File three = new File(tmp, "three.acbf");
    String[] common = {"--input", in.getPath(), "--key-field", "1", "--delimiter", "|",
      "--items", "1000", "--capacity", "1200", "--fpp", "0.01"};
    ToolRun r1 = ToolRun.run(new BuildTool(), concat(common, "--output", one.getPath(), "--reducers", "1"));
    assertEquals(0, r1.code, r1.toString());
    ToolRun r3 = ToolRun.run(new BuildTool(), concat(common, "--output", three.getPath(), "--reducers", "3"));
    assertEquals(0, r3.code, r3.toString());
    Filter a = read(one);
    Filter b = read(three);
    assertEquals(a, b); // counter addition of disjoint partials = one build
    assertEquals(distinct.size(), b.items());
    assertEquals(1200, b.shape().capacity());
  }

  private static String[] concat(String[] a, String... b) {
    String[] c = new String[a.length + b.length];
    System.arraycopy(a, 0, c, 0, a.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  /**
   * Null keys (Hive's {@code \N}, and the empty field with {@code --empty-is-null}) never enter
   * the filter and are counted; {@code --key-type long} keys are numbers ("404" and "0404" are one
   * key, "4x" is malformed); a composite key is the length-prefixed parts (docs/format.md).
   */
  @Test
  public void nullTypedAndCompositeKeys() throws Exception {
    File in = newFolder(tmp, "typed");
    String[] keys = {"404", "0404", "\\N", "", "+404", "17", "4x", "\\N", "017"};
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < keys.length; i++) {
      b.append("r").append(i).append('|').append(keys[i]).append('|').append(i % 2).append('\n');
    }
    Files.write(new File(in, "t.txt").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));

    File strings = new File(tmp, "strings.exact");
    Map<String, Object> s = ok("--input", in.getPath(), "--output", strings.getPath(),
        "--key-field", "1", "--delimiter", "|", "--filter", "exact");
    // strings: 404, 0404, "", +404, 17, 4x, 017 (the two \N are null)
    assertEquals(7L, s.get("items"));
    assertEquals(2L, s.get("nullKeys"));
    assertEquals(0L, s.get("malformedRecords"));
    assertFalse(read(strings).mightContain("\\N"));
    assertTrue(read(strings).mightContain(""));

    File longs = new File(tmp, "longs.exact");
    Map<String, Object> l = ok("--input", in.getPath(), "--output", longs.getPath(),
        "--key-field", "1", "--delimiter", "|", "--filter", "exact", "--key-type", "long",
        "--empty-is-null");
    assertEquals(2L, l.get("items")); // 404 and 17
    assertEquals(3L, l.get("nullKeys"));
    assertEquals(1L, l.get("malformedRecords")); // 4x
    assertEquals((long) keys.length, l.get("inputRecords"));
    Filter f = read(longs);
    assertTrue(f.mightContain(CanonicalKey.ofLong(404)));
    assertTrue(f.mightContain(CanonicalKey.ofLong(17)));
    assertFalse(f.mightContain("404"));

    File pairs = new File(tmp, "pairs.exact");
    Map<String, Object> p = ok("--input", in.getPath(), "--output", pairs.getPath(),
        "--key-field", "2,1", "--delimiter", "|", "--filter", "exact");
    assertEquals(7L, p.get("items"));
    Filter pf = read(pairs);
    assertTrue(pf.mightContain(
        CanonicalKey.composite(CanonicalKey.ofString("0"), CanonicalKey.ofString("404"))));
    assertFalse(pf.mightContain("0|404")); // the old bytes: the fields joined by the delimiter
  }

  private static Map<String, Object> ok(String... args) {
    String[] all = concat(args, "--json");
    ToolRun r = ToolRun.run(new BuildTool(), all);
    assertEquals(0, r.code, r.toString());
    return MiniJson.parseObject(r.lastLine());
  }

  @Test
  public void usageAndFailures() throws Exception {
    File in = inputs();
    File out = new File(tmp, "x.filter");
    assertEquals(0, ToolRun.run(new BuildTool(), "--help").code);
    assertEquals(2, ToolRun.run(new BuildTool(), "--output", out.getPath()).code);
    ToolRun missing =
        ToolRun.run(new BuildTool(), "--input", tmp + "/nope", "--output", out.getPath());
    assertEquals(2, missing.code);
    assertTrue(missing.err.contains("does not exist"), missing.err);
    File exists = newFile(tmp, "exists.filter");
    ToolRun existing =
        ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output", exists.getPath());
    assertEquals(2, existing.code);
    assertTrue(existing.err.contains("already exists"), existing.err);
    assertEquals(
        2,
        ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output", out.getPath(), "--filter", "xbf").code);
    assertEquals(
        2,
        ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output", out.getPath(), "--delimiter", "ab").code);
    ToolRun strict =
        ToolRun.run(
            new BuildTool(), "--input", in.getPath(), "--output", out.getPath(), "--key-field", "1",
            "--delimiter", "|", "--strict");
    assertEquals(1, strict.code, strict.toString());
    assertTrue(strict.err.contains("byte offset"), strict.err);
    assertFalse(out.exists());
  }

  @Test
  public void aRerunRemovesTheTemporariesOfAKilledBuild() throws Exception {
    File in = inputs();
    File out = new File(tmp, "k.acbf");
    String u = java.util.UUID.randomUUID().toString();
    File work = new File(tmp, ".k.acbf._build-" + u);
    assertTrue(new File(work, "keys/_temporary/0").mkdirs());
    java.nio.file.Files.write(new File(work, "keys/_temporary/0/part-r-00000").toPath(), new byte[100]);
    File half = new File(tmp, ".k.acbf._tmp-" + u);
    java.nio.file.Files.write(half.toPath(), new byte[10]);
    File notOurs = new File(tmp, ".k.acbf.keep");
    java.nio.file.Files.write(notOurs.toPath(), new byte[1]);
    ToolRun r = ToolRun.run(new BuildTool(), "--input", in.getPath(), "--output", out.getPath(),
        "--key-field", "1", "--delimiter", "|");
    assertEquals(0, r.code, r.toString());
    assertEquals(distinct.size(), read(out).items());
    assertFalse(work.exists());
    assertFalse(half.exists());
    assertTrue(notOurs.exists());
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
