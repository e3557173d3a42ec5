package io.bloomkit.mapreduce.join.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.Filter;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.StoredFilter;
import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.mapreduce.join.plan.CostModel.Candidate;
import io.bloomkit.mapreduce.join.plan.CostModel.Kind;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The cost model against the sums of docs/planner.md recomputed here, candidate by candidate, from
 * the families' sizing ({@link FilterShape}, {@link ExactKeySet}), and its choice against a
 * brute-force minimum over every plan.
 */
public class CostModelTest {
  // constants of the test (seconds): a job, a map record, a shuffled byte, a loaded byte
  private static final double JOB = 2.0;
  private static final double RECORD = 1e-6;
  private static final double SHUFFLE = 2e-8;
  private static final double LOAD = 1e-8;
  private static final CostConstants C = new CostConstants(JOB, RECORD, SHUFFLE, LOAD);
  private static final long LOCAL_BUILD = 64L << 20;
  private static final long GIB = 1L << 30;

  // a 1M-key left side of 100 MB (built by a job) and a 10 GB right side, 5% of which matches
  private static final long N = 1_000_000;
  private static final long KEY_BYTES = 12 * N;
  private static final long L = N;
  private static final long LB = 100_000_000;
  private static final long R = 100_000_000;
  private static final long RB = 10_000_000_000L;
  private static final double MATCH = 0.05;
  private static final int TASKS = 80;
  private static final int LEFT_TASKS = 2;
  private static final double KEY = 12;
  // bytes a shuffled record adds to its record's: key and its vint length (1), tag and side
  // bytes (2), the line's vint length (100-byte records on both sides: 99-byte lines, 1 byte),
  // less the newline the record bytes count
  private static final double OVERHEAD = KEY + 1 + 2 + 1 - 1;

  private static Workload big(long heap) {
    return new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, KEY_BYTES, KEY, MATCH), heap);
  }

  /** The seconds of a filtered join with shape {@code s}, from the formulas of docs/planner.md. */
  private static double filteredSeconds(Workload w, FilterShape s) {
    double fpp = s.family() == FilterFamily.EXACT ? 0 : s.expectedFpp();
    double pass = w.matchShare + (1 - w.matchShare) * fpp;
    int jobs = w.leftBytes <= LOCAL_BUILD ? 1 : 2;
    double filterBytes = Math.ceil(s.memoryBits() / 8.0);
    return jobs * JOB
        + (2.0 * w.leftRecords + w.rightRecords) * RECORD
        + (w.leftBytes + w.leftRecords * OVERHEAD + (w.rightBytes + w.rightRecords * OVERHEAD) * pass)
            * SHUFFLE
        + filterBytes * (w.mapTasks + w.leftMapTasks) * LOAD;
  }

  private static double reduceSideSeconds(Workload w) {
    return JOB + ((double) w.leftRecords + w.rightRecords) * RECORD
        + ((double) w.leftBytes + w.rightBytes + ((double) w.leftRecords + w.rightRecords) * OVERHEAD)
            * SHUFFLE;
  }

  private static double mapSideSeconds(Workload w) {
    return mapSideSeconds(w, w.mapTasks);
  }

  /** A map-side join whose left side is read and loaded {@code loads} times (no lookup cost). */
  private static double mapSideSeconds(Workload w, int loads) {
    return JOB + (w.rightRecords + (double) w.leftRecords * loads) * RECORD
        + (double) w.leftBytes * loads * LOAD;
  }

  private static FilterShape shape(String name, long n, double bitsPerKey) {
    AcbfSizing z = AcbfSizing.fromCliName(name);
    FilterFamily f = z != null ? FilterFamily.ACCURATE_COUNTING : FilterFamily.fromShortName(name);
    return FilterShape.forBitsPerKey(f, z, n, 0, bitsPerKey, 0);
  }

  private static void assertClose(String what, double expected, double actual) {
    assertEquals(expected, actual, Math.abs(expected) * 1e-12, what);
  }

  /** A model without probe costs: the formulas below leave them out (their own test adds them). */
  private static CostModel.Builder builder(CostConstants c) {
    return CostModel.builder(c).probeCosts(ProbeCosts.NONE);
  }

  private static Map<String, Candidate> byName(List<Candidate> cs) {
    Map<String, Candidate> m = new HashMap<>();
    for (Candidate c : cs) {
      assertNull(m.put(c.name(), c), "two candidates named " + c.name());
    }
    return m;
  }

  /**
   * A cost per map task: each candidate costs its jobs' map tasks times it more (docs/planner.md:
   * map-side the right side's tasks, reduce-side and filtered both sides', a build job the left
   * side's again), on a large workload and on one of 10,000 right tasks of three records each.
   */
  @Test
  public void eachMapTaskCostsTaskSeconds() {
    double task = 0.25;
    CostConstants withTasks = new CostConstants(JOB, RECORD, SHUFFLE, LOAD, 0, LOAD, task);
    for (Workload w : new Workload[] {big(GIB), new Workload(new Workload.Side(L, LOCAL_BUILD,
        LEFT_TASKS), new Workload.Side(30_000, 300_000, 10_000),
        new Workload.Keys(N, KEY_BYTES, KEY, MATCH), GIB)}) {
      Map<String, Candidate> plain = byName(builder(C).build().candidates(w));
      Map<String, Candidate> tasks = byName(builder(withTasks).build().candidates(w));
      assertEquals(plain.keySet(), tasks.keySet());
      for (Map.Entry<String, Candidate> e : plain.entrySet()) {
        Candidate c = e.getValue();
        long expected;
        switch (c.kind()) {
          case MAP_SIDE:
            expected = w.mapTasks;
            break;
          case REDUCE_SIDE:
            expected = (long) w.mapTasks + w.leftMapTasks;
            break;
          default:
            expected = (long) w.mapTasks + w.leftMapTasks
                + (w.leftBytes <= LOCAL_BUILD ? 0 : w.leftMapTasks);
        }
        assertEquals(expected, tasks.get(e.getKey()).mapTasks(), e.getKey());
        assertClose(e.getKey(), c.seconds() + expected * task, tasks.get(e.getKey()).seconds());
      }
    }
  }

  /**
   * Each filtered plan pays its records' probes at the measured cost of its family at its heap,
   * interpolated here on log(heap) between the two measured filters around it (clamped outside):
   * the candidates with {@link ProbeCosts#MEASURED} cost exactly that more than without; a
   * map-side join pays a lookup per right record at the measured cost of a table of its left keys
   * (interpolated on log(keys) the same way); a reduce-side join probes nothing.
   */
  @Test
  public void filteredPlansPayTheirProbesAtTheMeasuredCostOfTheirHeap() {
    Workload w = big(GIB);
    Map<String, Candidate> none =
        byName(CostModel.builder(C).probeCosts(ProbeCosts.NONE).build().candidates(w));
    Map<String, Candidate> measured = byName(CostModel.builder(C).build().candidates(w));
    assertEquals(none.keySet(), measured.keySet());
    int filtered = 0;
    for (Map.Entry<String, Candidate> e : none.entrySet()) {
      Candidate c = e.getValue();
      double probe = 0;
      if (c.kind() == CostModel.Kind.FILTERED) {
        double[] nanos;
        switch (c.shape().family()) {
          case BLOOM:
            nanos = ProbeCosts.BF_NANOS;
            break;
          case SPLIT_BLOCK:
            nanos = ProbeCosts.SBBF_NANOS;
            break;
          case EXACT:
            nanos = ProbeCosts.EXACT_NANOS;
            break;
          default:
            nanos = ProbeCosts.ACBF_NANOS;
        }
        double[] heaps = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
          heaps[i] = CostModel.heapBytes(
              ProbeCosts.measuredShape(c.shape().family(), ProbeCosts.KEYS[i]));
        }
        double h = c.filterHeapBytes();
        double ns;
        if (h <= heaps[0]) {
          ns = nanos[0];
        } else if (h >= heaps[heaps.length - 1]) {
          ns = nanos[nanos.length - 1];
        } else {
          int i = h <= heaps[1] ? 0 : 1;
          double t = Math.log(h / heaps[i]) / Math.log(heaps[i + 1] / heaps[i]);
          ns = nanos[i] + t * (nanos[i + 1] - nanos[i]);
        }
        probe = c.mapRecords() * ns * 1e-9;
        assertTrue(probe > 0, e.getKey());
        filtered++;
      } else if (c.kind() == CostModel.Kind.MAP_SIDE) {
        // N = 10^6 keys lies between the tables of 150,000 and 1,500,000 keys
        double[] k = ProbeCosts.TABLE_KEYS;
        double[] nanos = ProbeCosts.TABLE_NANOS;
        assertTrue(N > k[1] && N < k[2]);
        double t = Math.log(N / k[1]) / Math.log(k[2] / k[1]);
        probe = R * (nanos[1] + t * (nanos[2] - nanos[1])) * 1e-9;
      }
      assertClose(e.getKey(), probe, measured.get(e.getKey()).probeSeconds());
      assertClose(e.getKey(), c.seconds() + probe, measured.get(e.getKey()).seconds());
    }
    assertTrue(filtered > 60, "filtered plans: " + filtered);
  }

  @Test
  public void everyCandidateCostsTheSumAndTheCheapestIsTheBruteForceMinimum() {
    Workload w = big(GIB);
    CostModel model = CostModel.builder(C).probeCosts(ProbeCosts.NONE).build();
    Map<String, Candidate> got = byName(model.candidates(w));

    // every plan, recomputed: map-side (100 MB <= a quarter of 1 GiB), reduce-side, bf, sbbf and
    // acbf at 4..24 bits per key, the exact key set (16 bytes per key: under a quarter of the heap)
    Map<String, Double> expected = new HashMap<>();
    expected.put("map-side", mapSideSeconds(w));
    expected.put("reduce-side", reduceSideSeconds(w));
    for (String f : new String[] {"bf", "sbbf", "acbf"}) {
      for (int b = 4; b <= 24; b++) {
        expected.put(String.format("%s@%d.00", f, b), filteredSeconds(w, shape(f, N, b)));
      }
    }
    FilterShape exact = ExactKeySet.shapeOf(N, KEY_BYTES);
    expected.put(String.format("exact@%.2f", 8.0 * (4 * N + KEY_BYTES) / N),
        filteredSeconds(w, exact));
    assertEquals(expected.keySet(), got.keySet());
    String bestName = null;
    for (Map.Entry<String, Double> e : expected.entrySet()) {
      assertClose(e.getKey(), e.getValue(), got.get(e.getKey()).seconds());
      if (bestName == null || e.getValue() < expected.get(bestName)) {
        bestName = e.getKey();
      }
    }
    Candidate best = model.cheapest(w);
    assertEquals(bestName, best.name());
    // the minimum is inside the range, so the choice really trades shipping against shuffling
    assertEquals("bf", best.filter());
    assertTrue(best.bitsPerKey() > 4 && best.bitsPerKey() < 24, best.toString());
    assertEquals(2, best.jobs()); // 100 MB: a build job
    assertEquals(shape("bf", N, best.bitsPerKey()).expectedFpp(), best.fpp(), 0);
    assertClose("map output records",
        L + R * (MATCH + (1 - MATCH) * best.fpp()), best.mapOutputRecords());
    assertEquals(0.0, got.get(exact.name() + String.format("@%.2f", 128.0)).fpp(), 0);
  }

  @Test
  public void aSmallLeftSideIsBuiltInTheClient() {
    Workload w = new Workload(new Workload.Side(L, LOCAL_BUILD, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, KEY_BYTES, KEY, MATCH), GIB);
    Candidate best = builder(C).filters("bf").build().cheapest(w);
    assertEquals(Kind.FILTERED, best.kind());
    assertEquals(1, best.jobs());
    assertClose("seconds", filteredSeconds(w, shape("bf", N, best.bitsPerKey())), best.seconds());
    Workload above = new Workload(new Workload.Side(L, LOCAL_BUILD + 1, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, KEY_BYTES, KEY, MATCH), GIB);
    assertEquals(2, builder(C).filters("bf").build().cheapest(above).jobs());
  }

  @Test
  public void mapSideIsChosenForATinyLeftSideAndRefusedAboveAQuarterOfTheHeap() {
    long heap = 64L << 20;
    Workload tiny = new Workload(new Workload.Side(1000, 100_000, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(1000, 8000, KEY, MATCH), heap);
    CostModel model = builder(C).build();
    Candidate best = model.cheapest(tiny);
    assertEquals(Kind.MAP_SIDE, best.kind());
    assertClose("seconds", mapSideSeconds(tiny), best.seconds());
    assertEquals(0.0, best.shuffleBytes(), 0);
    assertClose("written records", R * MATCH, best.mapOutputRecords());
    for (Candidate c : model.candidates(tiny)) {
      assertTrue(c.seconds() >= best.seconds(), c + " is not cheaper than " + best);
    }

    // a left side of exactly a quarter of the heap is a candidate, one byte more is not
    Workload quarter = new Workload(new Workload.Side(1000, heap / 4, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(1000, 8000, KEY, MATCH), heap);
    Workload over = new Workload(new Workload.Side(1000, heap / 4 + 1, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(1000, 8000, KEY, MATCH), heap);
    assertTrue(kinds(model.candidates(quarter)).contains(Kind.MAP_SIDE));
    assertFalse(kinds(model.candidates(over)).contains(Kind.MAP_SIDE));
    // an explicit budget replaces the quarter
    assertTrue(kinds(builder(C).mapSideBudget(heap / 4 + 1).build().candidates(over))
        .contains(Kind.MAP_SIDE));
  }

  /**
   * Where the map tasks share one table (local mode), a map-side join reads and loads the left
   * side once per job instead of once per map task: at a TPC-H SF 10-like shape (1.5M left
   * records of 175 MB, 60M right records in 60 tasks, 10% matching) that turns the map-side join
   * from dearer than the filtered plans into the cheapest.
   */
  @Test
  public void aSharedTableIsReadAndLoadedOncePerJob() {
    long left = 1_500_000;
    Workload w = new Workload(new Workload.Side(left, 175_000_000L, 2),
        new Workload.Side(60_000_000L, 7_800_000_000L, 60),
        new Workload.Keys(left, 8 * left, 8, 0.1), 4 * GIB);
    Candidate perTask = mapSide(builder(C).build().candidates(w));
    Candidate shared = mapSide(builder(C).sharedTable(true).build().candidates(w));
    assertClose("per task", mapSideSeconds(w, 60), perTask.seconds());
    assertClose("shared", mapSideSeconds(w, 1), shared.seconds());
    assertClose("loaded bytes", 175_000_000.0, shared.loadBytes());
    assertClose("records read", 60_000_000.0 + left, shared.mapRecords());
    assertEquals(perTask.mapTasks(), shared.mapTasks());
    assertEquals(Kind.FILTERED, builder(C).build().cheapest(w).kind());
    assertEquals(Kind.MAP_SIDE, builder(C).sharedTable(true).build().cheapest(w).kind());
  }

  private static Candidate mapSide(List<Candidate> cs) {
    for (Candidate c : cs) {
      if (c.kind() == Kind.MAP_SIDE) {
        return c;
      }
    }
    throw new AssertionError("no map-side candidate in " + cs);
  }

  private static List<Kind> kinds(List<Candidate> cs) {
    List<Kind> k = new ArrayList<>();
    for (Candidate c : cs) {
      k.add(c.kind());
    }
    return k;
  }

  @Test
  public void aByteCapLowersTheBitsPerKeyAndReportsTheirRate() {
    Workload w = big(GIB);
    Candidate free = builder(C).filters("bf").build().cheapest(w);
    assertTrue(free.bitsPerKey() > 10, free.toString());
    long cap = (long) (9.5 * N / 8); // the bytes of 9.5 bits per key
    CostModel capped = builder(C).filters("bf").maxFilterBytes(cap).build();
    for (Candidate c : capped.candidates(w)) {
      assertTrue(c.filterBytes() <= cap, c.toString());
    }
    Candidate best = capped.cheapest(w);
    assertTrue(best.capped());
    assertEquals(9.5, best.bitsPerKey(), 0);
    FilterShape s = shape("bf", N, 9.5);
    assertEquals(s, best.shape());
    assertEquals(s.expectedFpp(), best.fpp(), 0);
    assertTrue(best.fpp() > free.fpp());
    assertClose("seconds", filteredSeconds(w, s), best.seconds());
  }

  @Test
  public void noFilterAboveTheHeapShareIsShipped() {
    // a quarter of this heap holds a Bloom filter of about 10.2 bits per key
    long heap = 4 * (long) (10.25 * N / 8);
    Workload w = big(heap);
    CostModel model = builder(C).build();
    List<Candidate> cs = model.candidates(w);
    Map<String, Candidate> capped = new HashMap<>();
    for (Candidate c : cs) {
      assertTrue(c.filterHeapBytes() <= heap / 4.0, c.toString());
      assertTrue(c.kind() != Kind.MAP_SIDE, c.toString()); // 100 MB does not fit either
      if (c.capped()) {
        assertNull(capped.put(c.filter(), c));
      }
    }
    assertNull(capped.get("exact"), "the key set (about 16 MB) does not fit");
    for (Candidate c : cs) {
      assertNotEquals("exact", c.filter());
    }
    // each family's capped size is the largest that fits, to 1/100 bit
    for (String f : new String[] {"bf", "acbf"}) {
      Candidate c = capped.get(f);
      assertNotNull(c, f);
      FilterShape more = shape(f, N, c.bitsPerKey() + 0.01);
      assertTrue(8 * ((more.positions() + 63) / 64) > heap / 4.0, f);
      assertClose(f, filteredSeconds(w, shape(f, N, c.bitsPerKey())), c.seconds());
    }
    // the bf cap is below 10.25; the acbf query view (its first level) is smaller than its memory
    assertTrue(capped.get("bf").bitsPerKey() < 10.25, capped.get("bf").toString());
    assertTrue(capped.get("acbf").bitsPerKey() > capped.get("bf").bitsPerKey());
  }

  private static void assertNotEquals(String unexpected, String actual) {
    assertFalse(unexpected.equals(actual), unexpected + " was listed");
  }

  @Test
  public void whenEveryRightRecordMatchesNoFilterPays() {
    Workload w = new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, KEY_BYTES, KEY, 1.0), 256L << 20);
    Candidate best = builder(C).build().cheapest(w);
    assertEquals(Kind.REDUCE_SIDE, best.kind());
    assertClose("seconds", reduceSideSeconds(w), best.seconds());
  }

  @Test
  public void theExactShapeIsTheShapeOfARealKeySet() {
    Random rnd = new Random(7);
    List<String> keys = new ArrayList<>();
    long bytes = 0;
    for (int i = 0; i < 1000; i++) {
      String k = "key-" + i + "-" + Long.toHexString(rnd.nextLong()).substring(rnd.nextInt(8));
      keys.add(k);
      bytes += k.length();
    }
    ExactKeySet set = ExactKeySet.ofStrings(keys);
    FilterShape s = ExactKeySet.shapeOf(keys.size(), bytes);
    assertEquals(set.shape(), s);
    assertEquals(set.heapBytes(), ExactKeySet.heapBytes(s));
    assertEquals(set.heapBytes(), CostModel.heapBytes(s));
  }

  @Test
  public void shippedBytesAreTheFilesPayloadsWithinAWord() throws Exception {
    int n = 5000;
    for (String name : new String[] {"bf", "acbf"}) {
      for (double bits : new double[] {4, 9.37, 16, 24}) {
        FilterShape s = shape(name, n, bits);
        StoredFilter f;
        Consumer<String> add;
        if (s.family() == FilterFamily.BLOOM) {
          BloomFilter b = BloomFilter.create(s);
          f = b;
          add = b::add;
        } else {
          AccurateCountingBloomFilter a = AccurateCountingBloomFilter.create(s);
          f = a;
          add = a::add;
        }
        for (int i = 0; i < n; i++) {
          add.accept("k" + i);
        }
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        f.writeTo(file);
        FilterFormat.Reader r = FilterFormat.open(new ByteArrayInputStream(file.toByteArray()));
        long payload = r.header.payloadBytes;
        long model = CostModel.filterBytes(s);
        // bf: whole words of bits; acbf: words of the first level, 12 bytes, words of the levels
        assertTrue(payload >= model && payload - model <= 8 + 12 + 8,
            name + "@" + bits + ": model " + model + ", file payload " + payload);
        // the heap of the query view a join task reads
        Filter view = Filters.readQueryView(new ByteArrayInputStream(file.toByteArray()));
        assertEquals(s.positions(), view.shape().positions());
        assertEquals(8 * ((s.positions() + 63) / 64), CostModel.heapBytes(s));
      }
    }
  }

  @Test
  public void withoutTheKeysBytesNoKeySetIsConsidered() {
    Workload w = new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, 0, KEY, MATCH), GIB);
    for (Candidate c : builder(C).build().candidates(w)) {
      assertNotEquals("exact", c.filter());
    }
  }

  @Test
  public void badSettingsAreRefusedByName() {
    refused("matchShare", () -> new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(N, 0, KEY, 1.5), GIB));
    refused("leftKeys", () -> new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(0, 0, KEY, MATCH), GIB));
    refused("mapTasks", () -> new Workload(new Workload.Side(L, LB, LEFT_TASKS), new Workload.Side(R, RB, 0),
        new Workload.Keys(N, 0, KEY, MATCH), GIB));
    refused("shuffleByteSeconds", () -> new CostConstants(1, 1, -1, 1));
    refused("unknown filter \"sbf\"", () -> CostModel.builder(C).filters("sbf"));
    refused("filterHeapShare", () -> builder(C).filterHeapShare(0));
  }

  private static void refused(String named, Runnable r) {
    try {
      r.run();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains(named), e.getMessage());
      return;
    }
    fail("accepted: " + named);
  }

  /** The vint sizes the shuffled bytes count are Hadoop's. */
  @Test
  public void vintSizesAreHadoops() {
    for (long v : new long[] {0, 1, 127, 128, 255, 256, 65535, 65536, 1L << 24, 1L << 31, Long.MAX_VALUE}) {
      assertEquals(org.apache.hadoop.io.WritableUtils.getVIntSize(v), ShuffleBytes.vintSize(v),
          String.valueOf(v));
    }
  }

  /**
   * The calibrated reduce phase is charged to every plan that shuffles and not to map-side, whose
   * table bytes have their own constant: the six-constant model against the four-constant one.
   */
  @Test
  public void reducePhaseAndTableBytesHaveTheirOwnConstants() {
    double reduce = 3.0;
    double table = 5e-8;
    CostConstants six = new CostConstants(JOB, RECORD, SHUFFLE, LOAD, reduce, table);
    Workload w = new Workload(new Workload.Side(1000, 100_000, LEFT_TASKS), new Workload.Side(R, RB, TASKS),
        new Workload.Keys(1000, 8000, KEY, MATCH), GIB);
    Map<String, Candidate> four = byName(builder(C).build().candidates(w));
    Map<String, Candidate> with = byName(builder(six).build().candidates(w));
    assertEquals(four.keySet(), with.keySet());
    assertTrue(four.containsKey("map-side"));
    for (Map.Entry<String, Candidate> e : four.entrySet()) {
      Candidate a = e.getValue();
      double expected = a.kind() == Kind.MAP_SIDE
          ? a.seconds() + a.loadBytes() * (table - LOAD)
          : a.seconds() + reduce;
      assertClose(e.getKey(), expected, with.get(e.getKey()).seconds());
    }
  }
}
