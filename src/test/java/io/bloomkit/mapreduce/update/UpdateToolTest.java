package io.bloomkit.mapreduce.update;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class UpdateToolTest {
  @TempDir public File tmp;

  private File write(Filter f, String name) throws Exception {
    return write(f, name, io.bloomkit.core.key.KeySignature.LEGACY);
  }

  /** The filter in a file recording {@code keys} (LEGACY: a format version 1 file). */
  private File write(Filter f, String name, io.bloomkit.core.key.KeySignature keys)
      throws Exception {
    File file = new File(tmp, name);
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(io.bloomkit.core.format.FilterFormat.withKeys(out, keys));
    }
    return file;
  }

  private File lines(String name, String... lines) throws Exception {
    File f = new File(tmp, name);
    Files.write(f.toPath(), (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    return f;
  }

  private static CountingFilter read(File f) throws Exception {
    try (InputStream in = new FileInputStream(f)) {
      return (CountingFilter) Filters.read(in);
    }
  }

  private static AccurateCountingBloomFilter acbf(int capacity) {
    return AccurateCountingBloomFilter.create(
        FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 100, capacity, 16, 0));
  }

  @Test
  public void addsAndRemovesLikeTheCoreAndKeepsTheInput() throws Exception {
    AccurateCountingBloomFilter f = acbf(150);
    for (int i = 0; i < 100; i++) {
      f.add("k" + i);
    }
    File in = write(f, "in.acbf");
    byte[] original = Files.readAllBytes(in.toPath());
    File add = lines("add.txt", "x,k100", "y,k101", "dup,k100", "malformed");
    File remove = lines("remove.txt", "a,k0", "b,k1", "c,never-added");
    File out = new File(tmp, "out.acbf");
    ToolRun r =
        ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
            "--add", add.getPath(), "--remove", remove.getPath(), "--delimiter", ",", "--key-field", "1",
            "--skip-non-members", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(100L, j.get("itemsBefore"));
    assertEquals(2L, j.get("added"));
    assertEquals(100L, j.get("items"));
    assertEquals(1L, j.get("malformedRecords"));
    assertEquals(7L, j.get("inputRecords"));
    assertEquals(1L, j.get("removedNonMembers") );
    assertEquals(2L, j.get("removed"));
    assertArrayEquals(original, Files.readAllBytes(in.toPath()));
    // the same operations on the core give the same filter
    f.add("k100");
    f.add("k101");
    f.remove("k0");
    f.remove("k1");
    CountingFilter back = read(out);
    assertEquals(f, back);
    assertTrue(back.mightContain("k100") && back.mightContain("k99"));
    assertEquals(0, back.count("k0"));
  }

  @Test
  public void cbfUpdate() throws Exception {
    CountingBloomFilter f =
        CountingBloomFilter.create(FilterShape.forFpp(FilterFamily.COUNTING, null, 10, 0, 0.01, 0));
    f.add("a");
    File in = write(f, "in.cbf");
    File out = new File(tmp, "out.cbf");
    ToolRun r =
        ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
            "--remove", lines("r", "a").getPath());
    assertEquals(0, r.code, r.toString());
    assertFalse(read(out).mightContain("a"));
    assertEquals(0, read(out).items());
  }

  @Test
  public void exceedingTheCapacityFailsBeforeWriting() throws Exception {
    AccurateCountingBloomFilter f = acbf(100);
    for (int i = 0; i < 99; i++) {
      f.add("k" + i);
    }
    File in = write(f, "full.acbf");
    File out = new File(tmp, "never.acbf");
    ToolRun r =
        ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
            "--add", lines("more", "x", "y").getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("capacity"), r.err);
    assertFalse(out.exists());
    assertEquals(0, tmp.list((d, n) -> n.contains("_tmp")).length);
  }

  @Test
  public void usageErrorsAndCorruptInput() throws Exception {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(64, 2, 4));
    File bfFile = write(bf, "x.bf");
    File keys = lines("keys", "a");
    File out = new File(tmp, "o");
    assertEquals(0, ToolRun.run(new UpdateTool(), "--help").code);
    assertEquals(2, ToolRun.run(new UpdateTool(), "--filter", bfFile.getPath(), "--output", out.getPath()).code);
    ToolRun notCounting =
        ToolRun.run(new UpdateTool(), "--filter", bfFile.getPath(), "--output", out.getPath(), "--add", keys.getPath());
    assertEquals(2, notCounting.code);
    assertTrue(notCounting.err.contains("unsupported family bf for update (update needs cbf, acbf)"), notCounting.err);
    assertEquals(
        2,
        ToolRun.run(new UpdateTool(), "--filter", bfFile.getPath(), "--output", keys.getPath(), "--add", keys.getPath()).code);
    assertEquals(
        2,
        ToolRun.run(new UpdateTool(), "--filter", bfFile.getPath(), "--output", out.getPath(), "--add", tmp + "/no").code);
    File acbfFile = write(acbf(100), "c.acbf");
    byte[] b = Files.readAllBytes(acbfFile.toPath());
    b[8] = 99; // numHashes
    Files.write(acbfFile.toPath(), b);
    ToolRun corrupt =
        ToolRun.run(new UpdateTool(), "--filter", acbfFile.getPath(), "--output", out.getPath(), "--add", keys.getPath());
    assertEquals(1, corrupt.code, corrupt.toString());
    assertTrue(corrupt.err.contains("corrupt filter"), corrupt.err);
    assertFalse(out.exists());
  }

  // ---- removing keys that were never added ----

  /** A filter of k0..k99 and a remove list of two members and non-members (checked on the core). */
  private AccurateCountingBloomFilter members() {
    AccurateCountingBloomFilter f = acbf(150);
    for (int i = 0; i < 100; i++) {
      f.add("k" + i);
    }
    return f;
  }

  private static String[] removeList(Filter f, int nonMembers) {
    java.util.List<String> lines = new java.util.ArrayList<>(java.util.List.of("k3", "k7"));
    for (int i = 0; lines.size() < 2 + nonMembers; i++) {
      if (!f.mightContain("never-" + i)) {
        lines.add("never-" + i);
      }
    }
    return lines.toArray(new String[0]);
  }

  @Test
  public void removingANonMemberRefusesTheWholeUpdate() throws Exception {
    AccurateCountingBloomFilter f = members();
    File in = write(f, "in.acbf");
    String[] remove = removeList(f, 25);
    File out = new File(tmp, "out.acbf");
    ToolRun r = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
        "--remove", lines("remove.txt", remove).getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("25 of the 27 keys to remove are not members"), r.err);
    assertTrue(r.err.contains("\"" + remove[2] + "\""), r.err); // the first in input order
    assertTrue(r.err.contains(in.getPath()), r.err);
    assertFalse(out.exists());
    assertEquals(0, tmp.list((d, n) -> n.contains("_tmp")).length);
  }

  @Test
  public void skipNonMembersWarnsWithTheExpectedWrongDecrements() throws Exception {
    AccurateCountingBloomFilter f = members();
    File in = write(f, "in.acbf");
    String[] remove = removeList(f, 40);
    double fpp = f.expectedFpp(); // before the removals
    File out = new File(tmp, "out.acbf");
    ToolRun r = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
        "--remove", lines("remove.txt", remove).getPath(), "--skip-non-members", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(40L, j.get("removedNonMembers"));
    assertEquals(2L, j.get("removed"));
    // each non-member removal passes the filter with probability fpp: 40 seen rejected stand for
    // 40 / (1 - fpp) non-members, of which 40 fpp / (1 - fpp) were removed as false positives
    double expected = 40 * fpp / (1 - fpp);
    assertEquals(expected, (Double) j.get("expectedWrongDecrements"), 1e-12);
    assertTrue(r.err.contains("warning") && r.err.contains("40 keys to remove were not members"), r.err);
    assertTrue(r.err.contains(String.format(java.util.Locale.ROOT, "%.3g", expected)), r.err);
    f.remove("k3");
    f.remove("k7");
    assertEquals(f, read(out));
  }

  // ---- null keys and typed keys (the reader layer) ----

  @Test
  public void nullKeysAreSkippedAndCounted() throws Exception {
    AccurateCountingBloomFilter f = members();
    File in = write(f, "in.acbf");
    String[] add = {"x,k100", "y,\\N", "z,", "w,k101", "v,\\N", "u"};
    String[] remove = {"a,k0", "b,\\N"};
    File out = new File(tmp, "out.acbf");
    ToolRun r = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
        "--add", lines("add.txt", add).getPath(), "--remove", lines("remove.txt", remove).getPath(),
        "--key-field", "1", "--delimiter", ",", "--empty-is-null", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    // a naive recount of the lines: null (\N or empty) keys, malformed (no field 1), the rest
    AccurateCountingBloomFilter core = members();
    long nulls = 0;
    long malformed = 0;
    java.util.Set<String> added = new java.util.LinkedHashSet<>();
    java.util.Set<String> removed = new java.util.LinkedHashSet<>();
    for (String[] list : new String[][] {add, remove}) {
      for (String line : list) {
        String[] p = line.split(",", -1);
        if (p.length < 2) {
          malformed++;
        } else if (p[1].isEmpty() || p[1].equals("\\N")) {
          nulls++;
        } else if (list == add) {
          added.add(p[1]);
        } else {
          removed.add(p[1]);
        }
      }
    }
    assertEquals(nulls, j.get("nullKeys"));
    assertEquals(4L, nulls);
    assertEquals(malformed, j.get("malformedRecords"));
    assertEquals((long) (add.length + remove.length), j.get("inputRecords"));
    assertEquals((long) added.size(), j.get("added"));
    assertEquals((long) removed.size(), j.get("removed"));
    // the same operations on the core: the distinct keys added, then those removed
    added.forEach(core::add);
    removed.forEach(core::remove);
    assertEquals(core, read(out));
  }

  @Test
  public void aLongKeyAddsItsCanonicalBytes() throws Exception {
    CountingBloomFilter f =
        CountingBloomFilter.create(FilterShape.forFpp(FilterFamily.COUNTING, null, 100, 0, 0.01, 0));
    // a filter of long keys (a format version 1 file holds strings: refused)
    File in = write(f, "in.cbf", io.bloomkit.core.key.KeySignature.parse("long"));
    File out = new File(tmp, "out.cbf");
    ToolRun r = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output", out.getPath(),
        "--add", lines("add.txt", "0404", "+404", "17", "4x").getPath(), "--key-type", "long",
        "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(2L, j.get("added")); // 0404 and +404 are one long key
    assertEquals(1L, j.get("malformedRecords"));
    f.add(f.hashStrategy().hash(io.bloomkit.core.key.CanonicalKey.ofLong(404)));
    f.add(f.hashStrategy().hash(io.bloomkit.core.key.CanonicalKey.ofLong(17)));
    assertEquals(f, read(out));
  }

  @Test
  public void keyFieldsAndTypesAreCheckedBeforeAnythingIsRead() throws Exception {
    File in = write(members(), "in.acbf");
    File out = new File(tmp, "out.acbf");
    ToolRun byName = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output",
        out.getPath(), "--add", lines("add.txt", "k1").getPath(), "--key-field", "caller");
    assertEquals(2, byName.code, byName.toString());
    assertTrue(byName.err.contains("\"caller\""), byName.err);
    ToolRun types = ToolRun.run(new UpdateTool(), "--filter", in.getPath(), "--output",
        out.getPath(), "--add", lines("add2.txt", "k1").getPath(), "--key-type", "long,long");
    assertEquals(2, types.code, types.toString());
    assertTrue(types.err.contains("--key-type"), types.err);
    assertFalse(out.exists());
  }
}
