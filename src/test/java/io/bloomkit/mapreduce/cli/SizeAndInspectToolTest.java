package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AcbfTheory;
import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.BloomMath;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.size.SizeTool;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class SizeAndInspectToolTest {
  @TempDir public File tmp;

  @SuppressWarnings("unchecked")
  private static Map<String, Object> sub(Map<String, Object> m, String k) {
    return (Map<String, Object>) m.get(k);
  }

  @Test
  public void sizeByFppMatchesFilterShape() {
    ToolRun r = ToolRun.run(new SizeTool(), "--items", "100000", "--fpp", "0.01");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(100000L, j.get("items"));
    assertEquals(100000L, j.get("capacity"));
    FilterShape bf = FilterShape.forFpp(FilterFamily.BLOOM, null, 100000, 0, 0.01, 0);
    FilterShape cbf = FilterShape.forFpp(FilterFamily.COUNTING, null, 100000, 0, 0.01, 0);
    FilterShape acbf =
        FilterShape.forFpp(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 100000, 0, 0.01, 0);
    assertEquals(bf.memoryBits(), sub(j, "bf").get("bits"));
    assertEquals((long) bf.numHashes(), sub(j, "bf").get("hashes"));
    assertEquals(
        BloomMath.bloomFpp(bf.positions(), 100000, bf.numHashes()),
        (Double) sub(j, "bf").get("fpp"),
        1e-15);
    assertTrue((Double) sub(j, "bf").get("fpp") <= 0.01);
    assertEquals(cbf.counters(), sub(j, "cbf").get("counters"));
    assertEquals(4 * cbf.counters(), sub(j, "cbf").get("bits"));
    assertEquals(acbf.counters(), sub(j, "acbf").get("counters"));
    assertEquals(acbf.positions(), sub(j, "acbf").get("firstLevelBits"));
    assertEquals(
        AcbfTheory.optimalFpp(acbf.counters(), 100000, acbf.numHashes(), 100000),
        (Double) sub(j, "acbf").get("fpp"),
        1e-15);
    // the ACBF needs less memory than the CBF for the same rate (the paper's point)
    assertTrue((Long) sub(j, "acbf").get("bits") < (Long) sub(j, "cbf").get("bits"));
  }

  @Test
  public void sizeByBitsPerKeyGivesEveryFamilyTheSameMemory() {
    ToolRun r =
        ToolRun.run(
            new SizeTool(), "--items", "1000", "--bits-per-key", "16", "--capacity", "1500");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals(1500L, j.get("capacity"));
    for (String f : new String[] {"bf", "cbf", "acbf"}) {
      assertEquals(16000L, sub(j, f).get("bits"), f);
    }
    FilterShape acbf =
        FilterShape.forBitsPerKey(
            FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 1000, 1500, 16, 0);
    assertEquals((long) acbf.numHashes(), sub(j, "acbf").get("hashes"));
    assertEquals(acbf.fpp(1000), (Double) sub(j, "acbf").get("fpp"), 1e-15);
    // sbbf: 16,000 bits are 62 whole blocks of 256 (15,872 bits), 8 bits per key in one block
    assertEquals(62L * 256, sub(j, "sbbf").get("bits"));
    assertEquals(62L, sub(j, "sbbf").get("blocks"));
    assertEquals(8L, sub(j, "sbbf").get("hashes"));
    assertEquals(
        io.bloomkit.core.SplitBlockSizing.fpp(62, 1000), (Double) sub(j, "sbbf").get("fpp"), 1e-15);
  }

  @Test
  public void sizeUsageErrors() {
    assertEquals(0, ToolRun.run(new SizeTool(), "--help").code);
    assertTrue(ToolRun.run(new SizeTool(), "-h").err.contains("usage: bloomkit size"));
    assertEquals(2, ToolRun.run(new SizeTool(), "--items", "10").code);
    assertEquals(2, ToolRun.run(new SizeTool(), "--items", "ten", "--fpp", "0.1").code);
    assertEquals(2, ToolRun.run(new SizeTool(), "--items", "10", "--fpp", "2").code);
    assertEquals(
        2, ToolRun.run(new SizeTool(), "--items", "10", "--fpp", "0.1", "--bits-per-key", "8").code);
    assertEquals(2, ToolRun.run(new SizeTool(), "--bogus").code);
    ToolRun r = ToolRun.run(new SizeTool(), "--items", "10", "--fpp", "0.1", "--capacity", "5");
    assertEquals(2, r.code);
    assertTrue(r.err.contains("capacity"), r.err);
  }

  @Test
  public void aTinyFppIsSizedWithinTheHashCapAndATooLargeFilterIsNamed() {
    // 1e-300 at 100 items: the best k is far above the cap of 64, and small k would need more
    // bits than a long holds; the filter itself (k = 64) is small
    ToolRun r = ToolRun.run(new SizeTool(), "--items", "100", "--fpp", "1e-300");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    long bits = (Long) sub(j, "bf").get("bits");
    long k = (Long) sub(j, "bf").get("hashes");
    assertEquals(BloomMath.MAX_HASHES, k);
    assertTrue(BloomMath.bloomFpp(bits, 100, (int) k) <= 1e-300);
    assertTrue(BloomMath.bloomFpp(bits - 1, 100, (int) k) > 1e-300); // least memory
    assertTrue(bits > 0 && bits < FilterShape.MAX_MEMORY_BITS);
    // no split-block filter reaches it (8 bits per key): sbbf is null, the others still sized
    assertTrue(j.containsKey("sbbf") && j.get("sbbf") == null, r.lastLine());

    long max = (Integer.MAX_VALUE - 8L) * 64; // one long[] of words
    assertEquals(max, FilterShape.MAX_MEMORY_BITS);
    for (String[] args : new String[][] {
        {"--items", "1000000000", "--fpp", "1e-300"},
        {"--items", "100000000000", "--fpp", "0.01"},
        {"--items", "100000000000", "--bits-per-key", "16"}}) {
      ToolRun big = ToolRun.run(new SizeTool(), args);
      assertEquals(2, big.code, big.toString());
      String first = big.err.split("\n", 2)[0];
      assertTrue(first.startsWith("size: " + args[2] + " " + args[3] + " for --items "
          + args[1] + ": the filter would be too large"), first);
      assertTrue(first.contains("at most " + max + " bits"), first);
    }
  }

  @Test
  public void sizeHelpClaimsNoDefaultItDoesNotHave() {
    ToolRun h = ToolRun.run(new SizeTool(), "--help");
    String help = h.out + h.err;
    assertTrue(help.contains("--bits-per-key"), help);
    assertTrue(!help.contains("default 16"), help);
    assertTrue(help.contains("one of --fpp or --bits-per-key is required"), help);
    // and the tool indeed has no default
    ToolRun none = ToolRun.run(new SizeTool(), "--items", "10");
    assertEquals(2, none.code);
  }

  @Test
  public void inspectReportsTheFile() throws Exception {
    FilterShape shape =
        FilterShape.forBitsPerKey(FilterFamily.ACCURATE_COUNTING, AcbfSizing.OPTIMAL, 500, 600, 16, 0);
    AccurateCountingBloomFilter f = AccurateCountingBloomFilter.create(shape);
    for (int i = 0; i < 400; i++) {
      f.add("key-" + i);
    }
    File file = newFile(tmp, "a.acbf");
    try (OutputStream out = new FileOutputStream(file)) {
      f.writeTo(out);
    }
    ToolRun r = ToolRun.run(new InspectTool(), file.getPath());
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    assertEquals("acbf", j.get("family"));
    assertEquals("MURMUR3_128_DOUBLE", j.get("hash"));
    assertEquals((long) shape.numHashes(), j.get("hashes"));
    assertEquals(shape.counters(), j.get("counters"));
    assertEquals(shape.memoryBits(), j.get("bits"));
    assertEquals(shape.positions(), j.get("firstLevelBits"));
    assertEquals((long) f.levels(), j.get("levels"));
    assertEquals(400L, j.get("items"));
    assertEquals(600L, j.get("capacity"));
    assertEquals(AcbfTheory.fpp(shape.positions(), 400, shape.numHashes()), (Double) j.get("fpp"), 1e-15);
    assertEquals(file.length(), j.get("serializedBytes"));

    BloomFilter bf = BloomFilter.create(FilterShape.bloom(1024, 3, 10));
    bf.add("x");
    File bfile = newFile(tmp, "b.bf");
    try (OutputStream out = new FileOutputStream(bfile)) {
      bf.writeTo(out);
    }
    Map<String, Object> jb = MiniJson.parseObject(ToolRun.run(new InspectTool(), bfile.getPath()).lastLine());
    assertEquals("bf", jb.get("family"));
    assertNull(jb.get("firstLevelBits"));
    assertEquals(1024L, jb.get("bits"));
    assertEquals(1L, jb.get("items"));
  }

  @Test
  public void inspectCorruptFileFailsNamingTheField() throws Exception {
    BloomFilter bf = BloomFilter.create(FilterShape.bloom(1024, 3, 10));
    bf.add("x");
    File file = newFile(tmp, "c.bf");
    try (OutputStream out = new FileOutputStream(file)) {
      bf.writeTo(out);
    }
    byte[] b = Files.readAllBytes(file.toPath());
    b[70] ^= 1; // a payload bit: only the checksum can tell
    Files.write(file.toPath(), b);
    ToolRun r = ToolRun.run(new InspectTool(), file.getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains("checksum"), r.err);

    b[0] = 'X';
    Files.write(file.toPath(), b);
    r = ToolRun.run(new InspectTool(), file.getPath());
    assertEquals(1, r.code);
    assertTrue(r.err.contains("magic"), r.err);
  }

  @Test
  public void inspectUsageErrors() {
    assertEquals(2, ToolRun.run(new InspectTool()).code);
    ToolRun r = ToolRun.run(new InspectTool(), new File(tmp, "missing").getPath());
    assertEquals(2, r.code);
    assertTrue(r.err.contains("does not exist"), r.err);
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
