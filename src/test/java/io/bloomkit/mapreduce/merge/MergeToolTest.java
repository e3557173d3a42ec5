package io.bloomkit.mapreduce.merge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.CountingBloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Filters;
import io.bloomkit.sbbf.SplitBlockBloomFilter;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code merge} and {@code subtract} on files written by the families' own writers, against the
 * same operations on the core: the result, its JSON, every refusal (exit code, message naming the
 * files and the values, nothing written).
 */
public class MergeToolTest {
  private static final KeySignature STRINGS = KeySignature.of(KeyType.STRING);

  @TempDir public File tmp;

  private File write(StoredFilter f, String name) throws Exception {
    return write(f, name, STRINGS);
  }

  private File write(StoredFilter f, String name, KeySignature keys) throws Exception {
    File file = new File(tmp, name);
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(FilterFormat.withKeys(out, keys));
    }
    return file;
  }

  private static Filter read(File f) throws Exception {
    try (InputStream in = new FileInputStream(f)) {
      return (Filter) Filters.read(in);
    }
  }

  private File out(String name) {
    return new File(tmp, name);
  }

  private static FilterShape acbfShape(long capacity) {
    return FilterShape.acbf(AcbfSizing.OPTIMAL, 2_000, 3, capacity, capacity);
  }

  private static <F extends CountingFilter> F fill(F f, String prefix, int from, int to) {
    for (int i = from; i < to; i++) {
      f.add(prefix + i);
    }
    return f;
  }

  private void assertNothingWritten(File out) {
    assertFalse(out.exists());
    assertEquals(0, tmp.list((d, n) -> n.contains("_tmp")).length);
  }

  @Test
  public void mergeAddsCountersOfEveryInputLikeTheCore() throws Exception {
    FilterShape shape = acbfShape(600);
    AccurateCountingBloomFilter a = fill(AccurateCountingBloomFilter.create(shape), "k", 0, 100);
    AccurateCountingBloomFilter b = fill(AccurateCountingBloomFilter.create(shape), "k", 50, 150);
    AccurateCountingBloomFilter c = fill(AccurateCountingBloomFilter.create(shape), "k", 90, 120);
    File fa = write(a, "a.acbf");
    byte[] original = Files.readAllBytes(fa.toPath());
    File o = out("abc.acbf");
    ToolRun r = ToolRun.run(new MergeTool(), "--output", o.getPath(), fa.getPath(),
        write(b, "b.acbf").getPath(), write(c, "c.acbf").getPath(), "--json");
    assertEquals(0, r.code, r.toString());
    AccurateCountingBloomFilter expected = fill(fill(fill(
        AccurateCountingBloomFilter.create(shape), "k", 0, 100), "k", 50, 150), "k", 90, 120);
    CountingFilter merged = (CountingFilter) read(o);
    assertEquals(expected, merged);
    assertEquals(230, merged.items());
    assertEquals(3, merged.count("k95")); // in all three
    assertEquals(2, merged.count("k60"));
    assertArrayEquals(original, Files.readAllBytes(fa.toPath()));
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(o.getPath(), j.get("filter"));
    assertEquals("acbf", j.get("family"));
    assertEquals(3L, j.get("inputFiles"));
    assertEquals(230L, j.get("inputItems"));
    assertEquals(230L, j.get("items"));
    assertEquals(600L, j.get("capacity"));
    assertEquals(o.length(), j.get("serializedBytes"));
    assertEquals(3, ((List<?>) j.get("inputs")).size());
  }

  @Test
  public void mergeOrsBloomFiltersAndUnitesExactSetsAndAddsCbfCounters() throws Exception {
    FilterShape bfShape = FilterShape.bloom(4_000, 4, 300);
    BloomFilter x = BloomFilter.create(bfShape);
    BloomFilter y = BloomFilter.create(bfShape);
    BloomFilter both = BloomFilter.create(bfShape);
    for (int i = 0; i < 200; i++) {
      (i < 120 ? x : y).add("b" + i);
      both.add("b" + i);
    }
    File o = out("xy.bf");
    ToolRun r = ToolRun.run(new MergeTool(), "--output", o.getPath(),
        write(x, "x.bf").getPath(), write(y, "y.bf").getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(both, read(o)); // the OR of the bits is the filter of all the keys

    FilterShape sbbfShape = FilterShape.splitBlock(16, 300);
    SplitBlockBloomFilter sx = SplitBlockBloomFilter.create(sbbfShape);
    SplitBlockBloomFilter sy = SplitBlockBloomFilter.create(sbbfShape);
    SplitBlockBloomFilter sboth = SplitBlockBloomFilter.create(sbbfShape);
    for (int i = 0; i < 200; i++) {
      (i < 120 ? sx : sy).add("s" + i);
      sboth.add("s" + i);
    }
    File so = out("xy.sbbf");
    r = ToolRun.run(new MergeTool(), "--output", so.getPath(),
        write(sx, "x.sbbf").getPath(), write(sy, "y.sbbf").getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(sboth, read(so)); // split-block filters OR their blocks as well

    List<String> s1 = List.of("a", "b", "c");
    List<String> s2 = List.of("c", "d");
    File e = out("e.exact");
    r = ToolRun.run(new MergeTool(), "--output", e.getPath(),
        write(ExactKeySet.ofStrings(s1), "1.exact").getPath(),
        write(ExactKeySet.ofStrings(s2), "2.exact").getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(ExactKeySet.ofStrings(List.of("a", "b", "c", "d")), read(e));

    FilterShape cbfShape = FilterShape.counting(3_000, 3, 300);
    File c = out("c.cbf");
    r = ToolRun.run(new MergeTool(), "--output", c.getPath(),
        write(fill(CountingBloomFilter.create(cbfShape), "c", 0, 80), "1.cbf").getPath(),
        write(fill(CountingBloomFilter.create(cbfShape), "c", 40, 90), "2.cbf").getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(fill(fill(CountingBloomFilter.create(cbfShape), "c", 0, 80), "c", 40, 90), read(c));
    assertEquals(2, ((CountingFilter) read(c)).count("c50"));
  }

  @Test
  public void incompatibleInputsAreUsageErrorsNamingBothFilesAndValues() throws Exception {
    File a = write(AccurateCountingBloomFilter.create(acbfShape(600)), "a.acbf");
    File o = out("o");
    String[][] cases = { // the other file's shape, and the message's end
      {"size"}, {"capacity"}, {"family"}, {"keys"},
    };
    for (String[] c : cases) {
      File b;
      String expected;
      switch (c[0]) {
        case "size":
          b = write(AccurateCountingBloomFilter.create(
              FilterShape.acbf(AcbfSizing.OPTIMAL, 2_001, 3, 600, 600)), "size.acbf");
          expected = "cannot merge filters with different positions: " + acbfShape(600).positions()
              + " vs " + FilterShape.acbf(AcbfSizing.OPTIMAL, 2_001, 3, 600, 600).positions();
          break;
        case "capacity":
          b = write(AccurateCountingBloomFilter.create(acbfShape(500)), "capacity.acbf");
          expected = "cannot merge filters with different positions: " + acbfShape(600).positions()
              + " vs " + acbfShape(500).positions(); // the optimal first level depends on it
          break;
        case "family":
          b = write(CountingBloomFilter.create(FilterShape.counting(2_000, 3, 600)), "f.cbf");
          expected = "cannot merge filters with different family: acbf vs cbf";
          break;
        default:
          b = write(AccurateCountingBloomFilter.create(acbfShape(600)), "keys.acbf",
              KeySignature.of(KeyType.LONG));
          expected = "cannot merge filters with different key types: (string) vs (long)";
      }
      ToolRun r = ToolRun.run(new MergeTool(), "--output", o.getPath(), a.getPath(), b.getPath());
      assertEquals(2, r.code, r.toString());
      assertTrue(r.err.startsWith("merge: merge file:" + a.getPath() + " and file:"
          + b.getPath() + ": " + expected + "; nothing written"), r.err);
      assertNothingWritten(o);
    }
    // the same checks for subtract, in its own words
    File b = write(AccurateCountingBloomFilter.create(
        FilterShape.acbf(AcbfSizing.T2, 2_000, 3, 600, 600)), "t2.acbf");
    ToolRun r = ToolRun.run(new SubtractTool(), "--output", o.getPath(), a.getPath(), b.getPath());
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(
        "cannot subtract filters with different variant: acbf vs acbf2; nothing written"), r.err);
    assertNothingWritten(o);
  }

  @Test
  public void anAcbfMergePastItsCapacityIsRefusedBeforeWriting() throws Exception {
    FilterShape shape = acbfShape(250);
    File a = write(fill(AccurateCountingBloomFilter.create(shape), "a", 0, 100), "a.acbf");
    File b = write(fill(AccurateCountingBloomFilter.create(shape), "b", 0, 100), "b.acbf");
    File c = write(fill(AccurateCountingBloomFilter.create(shape), "c", 0, 51), "c.acbf");
    File o = out("o.acbf");
    ToolRun r = ToolRun.run(new MergeTool(), "--output", o.getPath(), a.getPath(), b.getPath(),
        c.getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("merging 251 items would exceed the capacity of 250 of file:"
        + a.getPath()), r.err);
    assertNothingWritten(o);
    // at the capacity exactly it fits
    File c50 = write(fill(AccurateCountingBloomFilter.create(shape), "c", 0, 50), "c50.acbf");
    r = ToolRun.run(new MergeTool(), "--output", o.getPath(), a.getPath(), b.getPath(),
        c50.getPath());
    assertEquals(0, r.code, r.toString());
    assertEquals(250, read(o).items());
  }

  @Test
  public void subtractTakesAwayTheLaterFilesCounters() throws Exception {
    for (boolean acbf : new boolean[] {true, false}) {
      FilterShape shape = acbf ? acbfShape(600) : FilterShape.counting(2_000, 3, 600);
      java.util.function.Supplier<CountingFilter> empty = () -> acbf
          ? AccurateCountingBloomFilter.create(shape) : CountingBloomFilter.create(shape);
      CountingFilter window = fill(fill(fill(empty.get(), "d", 0, 100), "d", 50, 150), "d", 140, 200);
      File w = write(window, "w" + acbf);
      File day1 = write(fill(empty.get(), "d", 0, 100), "day1" + acbf);
      File day3 = write(fill(empty.get(), "d", 140, 200), "day3" + acbf);
      File o = out("o" + acbf);
      ToolRun r = ToolRun.run(new SubtractTool(), "--output", o.getPath(), w.getPath(),
          day1.getPath(), day3.getPath(), "--json");
      assertEquals(0, r.code, r.toString());
      CountingFilter left = (CountingFilter) read(o);
      assertEquals(fill(empty.get(), "d", 50, 150), left);
      assertEquals(100, left.items());
      Map<String, Object> j = MiniJson.parseObject(r.lastLine());
      assertEquals(w.toURI().getPath(), "/" + ((String) j.get("from")).replaceFirst("^file:/+", ""));
      assertEquals(2, ((List<?>) j.get("subtracted")).size());
      assertEquals(260L, j.get("itemsBefore"));
      assertEquals(160L, j.get("itemsSubtracted"));
      assertEquals(100L, j.get("items"));
    }
  }

  @Test
  public void subtractRefusesCountersBelowZeroNamingThePositionCount() throws Exception {
    FilterShape shape = acbfShape(600);
    AccurateCountingBloomFilter base = fill(AccurateCountingBloomFilter.create(shape), "k", 0, 100);
    AccurateCountingBloomFilter day = fill(AccurateCountingBloomFilter.create(shape), "k", 90, 130);
    // the naive count: positions where the day's counter exceeds the base's
    long below = 0;
    for (long p = 0; p < shape.positions(); p++) {
      below += day.counter(p) > base.counter(p) ? 1 : 0;
    }
    assertTrue(below > 0);
    File b = write(base, "base.acbf");
    File d = write(day, "day.acbf");
    File o = out("o.acbf");
    ToolRun r = ToolRun.run(new SubtractTool(), "--output", o.getPath(), b.getPath(), d.getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.startsWith("subtract: subtracting file:" + d.getPath() + " from file:"
        + b.getPath() + ": cannot subtract: " + below + " positions would go below zero"), r.err);
    assertTrue(r.err.trim().endsWith("; nothing written"), r.err);
    assertNothingWritten(o);
  }

  @Test
  public void usageErrors() throws Exception {
    File bf = write(BloomFilter.create(FilterShape.bloom(64, 2, 4)), "x.bf");
    File o = out("o");
    assertEquals(0, ToolRun.run(new MergeTool(), "--help").code);
    assertEquals(0, ToolRun.run(new SubtractTool(), "--help").code);
    ToolRun one = ToolRun.run(new MergeTool(), "--output", o.getPath(), bf.getPath());
    assertEquals(2, one.code);
    assertTrue(one.err.contains("expected two or more filter files (FILE1 FILE2 ...), got 1"), one.err);
    assertEquals(2, ToolRun.run(new MergeTool(), bf.getPath(), bf.getPath()).code); // no --output
    ToolRun exists = ToolRun.run(new MergeTool(), "--output", bf.getPath(), bf.getPath(), bf.getPath());
    assertEquals(2, exists.code);
    assertTrue(exists.err.contains("output already exists"), exists.err);
    ToolRun missing = ToolRun.run(new MergeTool(), "--output", o.getPath(), bf.getPath(),
        tmp + "/nope");
    assertEquals(2, missing.code);
    assertTrue(missing.err.contains("filter path does not exist"), missing.err);
    ToolRun notCounting = ToolRun.run(new SubtractTool(), "--output", o.getPath(), bf.getPath(),
        bf.getPath());
    assertEquals(2, notCounting.code);
    assertTrue(notCounting.err.contains("unsupported family bf for subtract (subtract needs cbf, acbf)"),
        notCounting.err);
    assertNothingWritten(o);
  }

  @Test
  public void theResultKeepsTheFirstFilesProvenanceWithThisStepAppended() throws Exception {
    FilterShape shape = acbfShape(600);
    io.bloomkit.core.format.Provenance built = io.bloomkit.core.format.Provenance.of(
        new io.bloomkit.core.format.Provenance.KeySpec(List.of("0"), ",", List.of("string")),
        io.bloomkit.core.format.Provenance.Step.builder("build").options(List.of("--input", "d1"))
            .createdMillis(1_000).build());
    File a = new File(tmp, "a.acbf");
    try (OutputStream out = new FileOutputStream(a)) {
      fill(AccurateCountingBloomFilter.create(shape), "a", 0, 30)
          .writeTo(FilterFormat.withKeys(out, STRINGS, built));
    }
    File b = write(fill(AccurateCountingBloomFilter.create(shape), "a", 0, 10), "b.acbf");
    for (boolean merge : new boolean[] {true, false}) {
      File o = out("o" + merge);
      String[] args = {"--output", o.getPath(), a.getPath(), b.getPath()};
      ToolRun r = ToolRun.run(merge ? new MergeTool() : new SubtractTool(), args);
      assertEquals(0, r.code, r.toString());
      io.bloomkit.core.format.Provenance p = io.bloomkit.mapreduce.common.FilterFiles.readProvenance(
          ToolRun.localConf(), new org.apache.hadoop.fs.Path(o.getPath()), "test",
          Filters.FAMILIES).orElseThrow();
      assertEquals(built.keySpec(), p.keySpec());
      assertEquals(built.creation(), p.creation());
      assertEquals(1, p.history().size());
      io.bloomkit.core.format.Provenance.Step step = p.history().get(0);
      assertEquals(merge ? "merge" : "subtract", step.action());
      assertEquals(List.of(args), step.options());
      assertEquals(2, step.sources().size());
      assertEquals(a.length(), step.sources().get(0).length());
      assertEquals(b.length(), step.sources().get(1).length());
      assertTrue(step.sources().get(1).path().endsWith("/b.acbf"));
      assertTrue(step.description().endsWith("the result holds " + (merge ? 40 : 20) + " items"),
          step.description());
    }
    // a first file without provenance: its history is unknown, none is written
    File o = out("none");
    assertEquals(0, ToolRun.run(new MergeTool(), "--output", o.getPath(), b.getPath(),
        a.getPath()).code);
    assertFalse(io.bloomkit.mapreduce.common.FilterFiles.readProvenance(ToolRun.localConf(),
        new org.apache.hadoop.fs.Path(o.getPath()), "test", Filters.FAMILIES).isPresent());
  }
}
