package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reducer's buffer of a key's left records against a naive list of copies: records before and
 * past the memory budget, empty ones, ones larger than the budget, visited repeatedly, cleared and
 * reused; the spill files gone after clear and close.
 */
public class LeftRecordsTest {
  @TempDir public File tmp;

  /** Spill files made in a folder of their own, remembered so the test can check they are gone. */
  private final List<File> made = new ArrayList<>();

  private LeftRecords records(long budget) throws Exception {
    File dir = java.nio.file.Files.createTempDirectory(tmp.toPath(), "spills").toFile();
    return new LeftRecords(budget, () -> {
      File f = File.createTempFile("left-", ".spill", dir);
      made.add(f);
      return f;
    });
  }

  private static List<byte[]> visit(LeftRecords r) throws Exception {
    List<byte[]> got = new ArrayList<>();
    r.forEach(t -> got.add(Arrays.copyOf(t.getBytes(), t.getLength())));
    return got;
  }

  private static void assertSame(List<byte[]> want, List<byte[]> got) {
    assertEquals(want.size(), got.size());
    for (int i = 0; i < want.size(); i++) {
      assertArrayEquals(want.get(i), got.get(i), "record " + i);
    }
  }

  /** A record of {@code len} random bytes (Text holds any bytes). */
  private static byte[] bytes(Random rnd, int len) {
    byte[] b = new byte[len];
    rnd.nextBytes(b);
    return b;
  }

  private void assertNoFilesLeft() {
    for (File f : made) {
      assertFalse(f.exists(), f + " left behind");
    }
  }

  @Test
  public void visitsWhatANaiveListHoldsAroundTheBudget() throws Exception {
    Random rnd = new Random(14);
    for (long budget : new long[] {0, 1, 40, 100, 1000, 4096, 1 << 20}) {
      try (LeftRecords r = records(budget)) {
        for (int n : new int[] {0, 1, 2, 3, 9, 10, 11, 50, 333, 2000}) {
          List<byte[]> naive = new ArrayList<>();
          Text reused = new Text();
          for (int i = 0; i < n; i++) {
            // empty records, small ones and a few larger than most budgets
            int len = i % 7 == 0 ? 0 : i % 97 == 5 ? 5000 : rnd.nextInt(60);
            byte[] b = bytes(rnd, len);
            naive.add(b);
            reused.set(b); // the framework refills one value object: add must copy
            r.add(reused);
            assertTrue(r.memoryBytes() <= budget,
                "in memory " + r.memoryBytes() + " > budget " + budget);
          }
          assertEquals(n, r.count());
          assertEquals(n == 0, r.isEmpty());
          String at = "budget " + budget + ", " + n + " records";
          assertSame(naive, visit(r));
          assertSame(naive, visit(r)); // once per batch of right records: any number of times
          assertSame(naive, visit(r));
          long total = 0;
          for (byte[] b : naive) {
            total += b.length;
          }
          if (budget >= (1 << 20) || n == 0) {
            assertEquals(0, r.spilledRecords(), at);
          }
          if (total > budget) {
            assertTrue(r.spilledRecords() > 0, at);
          }
          r.clear();
          assertEquals(0, r.count());
          assertTrue(r.isEmpty());
          assertSame(List.of(), visit(r));
          assertNoFilesLeft();
        }
      }
      assertNoFilesLeft();
    }
  }

  @Test
  public void keepsArrivalOrderWhenALargeRecordSpillsAndSmallOnesFollow() throws Exception {
    Random rnd = new Random(7);
    try (LeftRecords r = records(100)) {
      List<byte[]> naive = new ArrayList<>();
      // small ones fit, the large one does not: it and every later record go to disk
      int[] lens = {3, 4, 1000, 2, 0, 1, 5};
      for (int len : lens) {
        byte[] b = bytes(rnd, len);
        naive.add(b);
        r.add(new Text(b));
      }
      assertEquals(5, r.spilledRecords());
      assertTrue(r.spilledBytes() >= 1008); // the records plus their length prefixes
      assertSame(naive, visit(r));
    }
  }

  @Test
  public void packsManyMemoryBlocksWithUnusedTailsThenSpills() throws Exception {
    Random rnd = new Random(9);
    long budget = 4L * LeftRecords.BLOCK_BYTES + 1000;
    try (LeftRecords r = records(budget)) {
      List<byte[]> naive = new ArrayList<>();
      long total = 0;
      while (total < 3 * budget) {
        byte[] b = bytes(rnd, rnd.nextInt(3000));
        naive.add(b);
        total += b.length;
        r.add(new Text(b));
      }
      assertTrue(r.memoryBytes() > 3L * LeftRecords.BLOCK_BYTES); // several blocks in memory
      assertTrue(r.memoryBytes() <= budget);
      assertTrue(r.spilledRecords() > 0);
      assertTrue(r.spilledRecords() < naive.size());
      assertSame(naive, visit(r));
    }
  }

  @Test
  public void recordsLargerThanTheBudgetGoToDisk() throws Exception {
    Random rnd = new Random(8);
    try (LeftRecords r = records(64)) {
      List<byte[]> naive = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        byte[] b = bytes(rnd, 100_000 + i);
        naive.add(b);
        r.add(new Text(b));
      }
      assertEquals(0, r.memoryBytes());
      assertEquals(5, r.spilledRecords());
      assertSame(naive, visit(r));
      assertSame(naive, visit(r));
    }
  }

  @Test
  public void eachKeyStartsInMemoryAgainAfterClear() throws Exception {
    try (LeftRecords r = records(200)) {
      for (int key = 0; key < 5; key++) {
        List<byte[]> naive = new ArrayList<>();
        for (int i = 0; i < 100 * key; i++) {
          byte[] b = ("k" + key + "-" + i).getBytes(java.nio.charset.StandardCharsets.UTF_8);
          naive.add(b);
          r.add(new Text(b));
        }
        assertSame(naive, visit(r));
        if (key == 0) {
          assertTrue(made.isEmpty()); // nothing spilled: no file made
        } else {
          assertTrue(r.spilledRecords() > 0);
          assertTrue(made.get(made.size() - 1).exists());
        }
        r.clear();
        assertNoFilesLeft();
      }
      assertEquals(4, made.size()); // one spill file per key that spilled
    }
  }

  @Test
  public void spillTotalsAddUpOverKeys() throws Exception {
    try (LeftRecords r = records(0)) {
      r.add(new Text("abc"));
      r.add(new Text(""));
      r.clear();
      r.add(new Text("de"));
      assertEquals(3, r.spilledRecords());
      // one length byte each (lengths below 128) plus the record bytes
      assertEquals(1 + 3 + 1 + 0 + 1 + 2, r.spilledBytes());
    }
  }

  @Test
  public void closeRemovesTheSpillFileOfAKeyNotCleared() throws Exception {
    LeftRecords r = records(10);
    for (int i = 0; i < 100; i++) {
      r.add(new Text("record-" + i));
    }
    assertEquals(1, made.size());
    assertTrue(made.get(0).exists());
    r.close();
    assertNoFilesLeft();
    r.close(); // idempotent
  }

  @Test
  public void aVisitorFailureLeavesTheRecordsVisitableAndTheFileRemovable() throws Exception {
    try (LeftRecords r = records(10)) {
      for (int i = 0; i < 50; i++) {
        r.add(new Text("record-" + i));
      }
      try {
        r.forEach(t -> {
          if (t.toString().equals("record-30")) {
            throw new IOException("boom");
          }
        });
        fail();
      } catch (IOException e) {
        assertEquals("boom", e.getMessage());
      }
      assertEquals(50, visit(r).size());
    }
    assertNoFilesLeft();
  }

  // ---- the task's buffer: budget and spill directory from the configuration ----

  @Test
  public void budgetDefaultsToAQuarterOfTheHeap() {
    // local mode: the heap shared by the reduce tasks that run at once in this JVM
    Configuration c = new Configuration(false);
    long heap = Runtime.getRuntime().maxMemory();
    assertEquals(heap / Runtime.getRuntime().availableProcessors() / 4, LeftRecords.budget(c));
    c.setInt("mapreduce.local.reduce.tasks.maximum", 1);
    assertEquals(heap / 4, LeftRecords.budget(c));
    c.set("mapreduce.framework.name", "yarn"); // a task JVM of its own
    c.setInt("mapreduce.local.reduce.tasks.maximum", 5);
    assertEquals(heap / 4, LeftRecords.budget(c));
    c.setLong(BloomkitConfig.JOIN_BUFFER_BYTES.key(), 12345);
    assertEquals(12345, LeftRecords.budget(c));
  }

  @Test
  public void negativeBudgetIsRefusedNamingTheKey() {
    Configuration c = new Configuration(false);
    c.setLong(BloomkitConfig.JOIN_BUFFER_BYTES.key(), -1);
    try {
      LeftRecords.budget(c);
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("bloomkit.join.buffer.bytes"), e.getMessage());
    }
  }

  @Test
  public void aTaskSpillsUnderTheClusterLocalDirectoriesAndRemovesItsFiles() throws Exception {
    File local1 = newFolder(tmp, "local1");
    File local2 = newFolder(tmp, "local2");
    Configuration c = new Configuration(false);
    c.set(LeftRecords.LOCAL_DIRS, local1 + "," + local2);
    c.setLong(BloomkitConfig.JOIN_BUFFER_BYTES.key(), 16);
    try (LeftRecords r = LeftRecords.forTask(c, "attempt_1_0001_r_000000_0")) {
      for (int i = 0; i < 100; i++) {
        r.add(new Text("left-" + i));
      }
      List<File> spills = spillFiles(local1);
      spills.addAll(spillFiles(local2));
      assertEquals(1, spills.size());
      assertTrue(spills.get(0).getName().contains("attempt_1_0001_r_000000_0"), spills.get(0).getName());
      assertEquals(100, visit(r).size());
    }
    assertEquals(0, spillFiles(local1).size() + spillFiles(local2).size());
  }

  private static List<File> spillFiles(File dir) throws Exception {
    List<File> files = new ArrayList<>();
    try (java.util.stream.Stream<java.nio.file.Path> s = Files.walk(dir.toPath())) {
      s.filter(Files::isRegularFile).forEach(p -> files.add(p.toFile()));
    }
    return files;
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
