package io.bloomkit.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * CannedRows: a recorded run replays as the same Java values (types, order, arrays, NaN), a run
 * the file does not hold fails naming it and saying how to regenerate, and SimRun replays instead
 * of simulating while canned rows are set.
 */
public class CannedRowsTest {
  @AfterEach
  public void reset() {
    SimRun.canned = null;
    SimRun.lengthDivisor = 1;
  }

  static Map<String, Object> row() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("filter", "rsbf");
    r.put("numHashes", 3);
    r.put("length", 1000L);
    r.put("bigLength", 1L << 40);
    r.put("fpr", 0.1);
    r.put("tiny", 1e-300);
    r.put("nan", Double.NaN);
    r.put("inf", Double.NEGATIVE_INFINITY);
    r.put("share", 0.25f);
    r.put("exact", true);
    r.put("none", null);
    r.put("counts", new int[] {1, 2});
    r.put("accessesPerLevel", new long[] {5, 1L << 35});
    r.put("trace", new double[] {0.5, Double.NaN, 1.0 / 3});
    return r;
  }

  /** Records {@code rows} for {@code simulate dedup --x 1} and replays them from the bytes written. */
  static CannedRows roundTrip(List<Map<String, Object>> rows) throws IOException {
    CannedRows rec = CannedRows.recording("t.json", "CannedRowsTest", 1);
    rec.rows("dedup", new String[] {"--x", "1"}, () -> rows);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    rec.write(b);
    return CannedRows.replay(new ByteArrayInputStream(b.toByteArray()), "t.json", "CannedRowsTest", 1);
  }

  @Test
  public void replayGivesBackTheRecordedValuesWithTheirTypes() throws IOException {
    CannedRows c = roundTrip(List.of(row(), row()));
    List<Map<String, Object>> got = c.rows("dedup", new String[] {"--x", "1"}, () -> {
      throw new AssertionError("replay must not simulate");
    });
    assertEquals(2, got.size());
    Map<String, Object> want = row();
    Map<String, Object> r = got.get(0);
    assertEquals(List.copyOf(want.keySet()), List.copyOf(r.keySet()));
    for (String k : want.keySet()) {
      Object w = want.get(k);
      Object v = r.get(k);
      if (w == null) {
        assertNull(v, k);
      } else {
        assertEquals(w.getClass(), v.getClass(), k);
        assertTrue(Arrays.deepEquals(new Object[] {w}, new Object[] {v}), k + ": " + v);
      }
    }
    assertEquals(1L << 40, (long) (Long) r.get("bigLength"));
    assertArrayEquals(new long[] {5, 1L << 35}, (long[]) r.get("accessesPerLevel"));
    c.finish();
  }

  @Test
  public void callersGetCopiesTheyMayChange() throws IOException {
    CannedRows c = roundTrip(List.of(row()));
    List<Map<String, Object>> first = c.rows("dedup", new String[] {"--x", "1"}, null);
    first.add(row());
    ((double[]) first.get(0).get("trace"))[0] = 7;
    first.get(0).put("fpr", 9.0);
    List<Map<String, Object>> again = c.rows("dedup", new String[] {"--x", "1"}, null);
    assertEquals(1, again.size());
    assertEquals(0.5, ((double[]) again.get(0).get("trace"))[0]);
    assertEquals(0.1, again.get(0).get("fpr"));
  }

  @Test
  public void aRunNotCannedFailsNamingItAndTheRegeneration() throws IOException {
    CannedRows c = roundTrip(List.of(row()));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> c.rows("dedup", new String[] {"--x", "2"}, null));
    assertTrue(e.getMessage().contains("`simulate dedup --x 2`"), e.getMessage());
    assertTrue(e.getMessage().contains("-Dtest=CannedRowsTest -D" + CannedRows.WRITE_PROPERTY + "=true"),
        e.getMessage());
  }

  @Test
  public void aRunNobodyAskedForFailsTheFinish() throws IOException {
    CannedRows c = roundTrip(List.of(row()));
    AssertionError e = assertThrows(AssertionError.class, c::finish);
    assertTrue(e.getMessage().contains("`simulate dedup --x 1`"), e.getMessage());
  }

  @Test
  public void anotherLengthDivisorFailsTheReplay() throws IOException {
    CannedRows rec = CannedRows.recording("t.json", "CannedRowsTest", 20);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    rec.write(b);
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CannedRows.replay(new ByteArrayInputStream(b.toByteArray()), "t.json", "CannedRowsTest", 50));
    assertTrue(e.getMessage().contains("shortened by 20"), e.getMessage());
  }

  @Test
  public void aValueOfAnotherTypeFailsTheRecording() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("when", new java.util.Date(0));
    CannedRows rec = CannedRows.recording("t.json", "CannedRowsTest", 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> rec.rows("dedup", new String[0], () -> List.of(r)));
    assertTrue(e.getMessage().contains("when"), e.getMessage());
  }

  /** SimRun keys a run by its shortened arguments, simulates it once when recording, replays after. */
  @Test
  public void simRunRecordsShortenedRunsAndReplaysThem() throws IOException {
    SimRun.lengthDivisor = 10;
    CannedRows rec = CannedRows.recording("t.json", "CannedRowsTest", 10);
    SimRun.canned = rec;
    List<Map<String, Object>> simulated = SimRun.run("lcbf", SimRunTest.ARGS);
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    rec.write(b);
    CannedRows replay = CannedRows.replay(new ByteArrayInputStream(b.toByteArray()), "t.json", "CannedRowsTest", 10);
    SimRun.canned = replay;
    List<Map<String, Object>> replayed = SimRun.run("lcbf", SimRunTest.ARGS);
    assertEquals(io.bloomkit.mapreduce.cli.Json.write(simulated.get(0)), io.bloomkit.mapreduce.cli.Json.write(replayed.get(0)));
    assertEquals(simulated.size(), replayed.size());
    // the key holds the ratings divided by 10 (3000 -> 300)
    AtomicInteger calls = new AtomicInteger();
    replay.rows("lcbf", new String[] {"--items", "300", "--ratings", "300", "--nodes", "10", "--ratio", "5,10",
      "--num-hashes", "2"}, () -> {
        calls.incrementAndGet();
        return List.of();
      });
    assertEquals(0, calls.get());
    replay.finish();
    SimRun.lengthDivisor = 1;
    assertThrows(IllegalStateException.class, () -> SimRun.run("lcbf", SimRunTest.ARGS));
  }
}
