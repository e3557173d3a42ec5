package io.bloomkit.mapreduce.join.plan;

import io.bloomkit.bloom.ExactKeySet;
import io.bloomkit.core.AcbfSizing;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.core.bits.BitArray;
import io.bloomkit.registry.Filters;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The join planner's cost model (docs/planner.md): for a {@link Workload} it lists the plans a
 * join can run, each with its estimated seconds, map output records and shuffled bytes, and picks
 * the cheapest. Plain Java: the planner feeds it sizes from the file system and the job
 * configuration.
 *
 * <p>Candidates ({@link Kind}):
 *
 * <ul>
 *   <li>{@code map-side}: only when the left side's bytes fit {@link Builder#mapSideBudget} (0: a
 *       quarter of the map task heap, as {@code bloomkit.mapside.max.bytes}). One job; every map
 *       task loads the whole left side into a hash table (once per job where the tasks share it,
 *       {@link Builder#sharedTable}) and looks each right record's key up; nothing is shuffled.
 *   <li>{@code reduce-side}: one job, both sides shuffled whole.
 *   <li>{@code filtered}: for each family ({@code bf}, {@code acbf}... as {@code --filter} names
 *       them) at each bits per key in {@link Builder#bitsPerKey} range (4..24), and {@code exact}
 *       (one size: the key set's); a build job unless the left side is below {@link
 *       Builder#localBuildMaxBytes} (built in the client), then the join, whose map tasks each
 *       load the filter and shuffle the left side and the right records it passes.
 * </ul>
 *
 * Every filter is sized by the families' own code ({@link FilterShape#forBitsPerKey}, {@link
 * ExactKeySet#shapeOf}) for the left side's distinct keys; its rate is the shape's theoretical
 * rate there, its shipped bytes {@code memoryBits / 8} and its heap the query view the join loads
 * (the positions' words: bits of a Bloom filter, the first level of an ACBF; {@link
 * ExactKeySet#heapBytes(FilterShape)} for a key set). A filter whose heap passes {@link
 * Builder#filterHeapShare} of the map task heap or whose bytes pass {@link
 * Builder#maxFilterBytes} is never a candidate: the bits per key above the limit are replaced by
 * the largest that fits (to 1/100 bit), marked {@link Candidate#capped}.
 *
 * <p>The estimate of a candidate ({@link CostConstants}):
 *
 * <pre>
 *   pass      = matchShare + (1 - matchShare) * fpp             (1 unfiltered, fpp 0 for exact)
 *   seconds   = jobs * jobSeconds
 *             + mapTasks * taskSeconds                          (map tasks of every job: many small splits are dear)
 *             + mapRecords * mapRecordSeconds                   (records read by map tasks or the client)
 *             + reduceSeconds                                   (plans that shuffle: not map-side)
 *             + shuffleBytes * shuffleByteSeconds
 *             + loadBytes * loadByteSeconds                     (filter bytes each map task loads, times tasks;
 *                                                                tableByteSeconds for a map-side table)
 *             + mapRecords * probe                              (filtered: each record read adds or probes
 *                                                                the filter; probe from {@link ProbeCosts})
 *             + R * lookup                                      (map-side: each right record's key looked up
 *                                                                in the table; {@link ProbeCosts#tableSeconds})
 *
 *               jobs   mapRecords        mapOutputRecords  shuffleBytes                 loadBytes
 *   map-side    1      R + L * loads     R * matchShare    0                            LB * loads
 *   reduce-side 1      L + R             L + R             LB + L*oL + RB + R*oR        0
 *   filtered    1 + b  2L + R            L + R * pass      LB + L*oL + (RB + R*oR)*pass filter * (tasks + leftTasks)
 *
 *   mapTasks: map-side tasks (+ leftTasks with its left job), reduce-side tasks + leftTasks,
 *   filtered tasks + leftTasks (+ leftTasks for a build job); loads: tasks, or 1 for a shared table
 * </pre>
 *
 * (L, R records and LB, RB bytes of the left and right sides; tasks, leftTasks the map tasks of
 * the right and the left side: every map task of a filtered join loads the filter, the left ones to
 * check the left keys; b = 0 for a build in the client, else 1; oL, oR the bytes a map output
 * record of that side adds to its record's, {@link ShuffleBytes#recordOverhead}: the key with its
 * vint length, the tag and side bytes and the line's vint length, less the newline. The output
 * written is the same for every plan and is left out.
 */
public final class CostModel {
  /** The kinds of plan. */
  public enum Kind {
    MAP_SIDE("map-side"),
    REDUCE_SIDE("reduce-side"),
    FILTERED("filtered");

    private final String cliName;

    Kind(String cliName) {
      this.cliName = cliName;
    }

    public String cliName() {
      return cliName;
    }
  }

  /** One plan and its estimates. */
  public static final class Candidate {
    private final Kind kind;
    private final FilterShape shape;
    private final double bitsPerKey;
    private final boolean capped;
    private final double fpp;
    private final long filterBytes;
    private final long filterHeapBytes;
    private final int jobs;
    private final long mapTasks;
    private final double mapRecords;
    private final double mapOutputRecords;
    private final double shuffleBytes;
    private final double loadBytes;
    private final double probeSeconds;
    private final double seconds;

    private Candidate(Kind kind, FilterShape shape, double bitsPerKey, boolean capped, double fpp,
        long filterBytes, long filterHeapBytes, int jobs, long mapTasks, double mapRecords,
        double mapOutputRecords, double shuffleBytes, double loadBytes, double probeSeconds,
        CostConstants c) {
      this.kind = kind;
      this.shape = shape;
      this.bitsPerKey = bitsPerKey;
      this.capped = capped;
      this.fpp = fpp;
      this.filterBytes = filterBytes;
      this.filterHeapBytes = filterHeapBytes;
      this.jobs = jobs;
      this.mapTasks = mapTasks;
      this.mapRecords = mapRecords;
      this.mapOutputRecords = mapOutputRecords;
      this.shuffleBytes = shuffleBytes;
      this.loadBytes = loadBytes;
      this.probeSeconds = probeSeconds;
      this.seconds = probeSeconds + jobs * c.jobSeconds + mapTasks * c.taskSeconds
          + mapRecords * c.mapRecordSeconds
          + (kind == Kind.MAP_SIDE ? 0 : c.reduceSeconds)
          + shuffleBytes * c.shuffleByteSeconds
          + loadBytes * (kind == Kind.MAP_SIDE ? c.tableByteSeconds : c.loadByteSeconds);
    }

    public Kind kind() {
      return kind;
    }

    /** The map tasks of the plan's jobs: each costs {@code taskSeconds}. */
    public long mapTasks() {
      return mapTasks;
    }

    /** The filter's shape, or null without a filter. */
    public FilterShape shape() {
      return shape;
    }

    /** The filter's name as {@code --filter} takes it ({@code bf}, {@code acbf}...), else null. */
    public String filter() {
      return shape == null ? null : shape.name();
    }

    /** Bits per key the filter is sized with (its memory over the keys for exact), else 0. */
    public double bitsPerKey() {
      return bitsPerKey;
    }

    /** Whether the bits per key were lowered to fit the byte cap or the heap share. */
    public boolean capped() {
      return capped;
    }

    /** The filter's theoretical rate at the left side's keys; 1 without a filter. */
    public double fpp() {
      return fpp;
    }

    /** Bytes of the filter shipped to each map task, else 0. */
    public long filterBytes() {
      return filterBytes;
    }

    /** Heap bytes of the filter's query view in each map task, else 0. */
    public long filterHeapBytes() {
      return filterHeapBytes;
    }

    /** Jobs run: the build (unless in the client) and the join. */
    public int jobs() {
      return jobs;
    }

    /** Records read by map tasks (and by the client's build). */
    public double mapRecords() {
      return mapRecords;
    }

    /** Records the join's map tasks emit: shuffled, or written by a map-side join. */
    public double mapOutputRecords() {
      return mapOutputRecords;
    }

    /** Map output bytes shuffled. */
    public double shuffleBytes() {
      return shuffleBytes;
    }

    /** Bytes loaded by the map tasks before their first record, all tasks together. */
    public double loadBytes() {
      return loadBytes;
    }

    /** Seconds of the filter's probes ({@link ProbeCosts}): every record a filter is probed with. */
    public double probeSeconds() {
      return probeSeconds;
    }

    /** The estimated seconds. */
    public double seconds() {
      return seconds;
    }

    /** {@code map-side}, {@code reduce-side}, or {@code bf@10.00} (filtered). */
    public String name() {
      return kind != Kind.FILTERED
          ? kind.cliName()
          : String.format(Locale.ROOT, "%s@%.2f", shape.name(), bitsPerKey);
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT,
          "%s%s[seconds=%.4g, jobs=%d, fpp=%.4g, filterBytes=%d, filterHeapBytes=%d,"
              + " mapRecords=%.4g, mapOutputRecords=%.4g, shuffleBytes=%.4g, loadBytes=%.4g]",
          name(), capped ? " (capped)" : "", seconds, jobs, fpp, filterBytes, filterHeapBytes,
          mapRecords, mapOutputRecords, shuffleBytes, loadBytes);
    }
  }

  /** Settings of a {@link CostModel}; defaults as the issue states them. */
  public static final class Builder {
    private final CostConstants constants;
    private long mapSideBudget = 0;
    private boolean mapSide = true;
    private boolean mapSideLeftJob = false;
    private boolean sharedTable = false;
    private double filterHeapShare = 0.25;
    private long maxFilterBytes = 0;
    private long localBuildMaxBytes = 64L << 20;
    private int minBitsPerKey = 4;
    private int maxBitsPerKey = 24;
    private List<String> filters = Arrays.asList("bf", "sbbf", "acbf", "exact");
    private ProbeCosts probeCosts = ProbeCosts.MEASURED;

    private Builder(CostConstants constants) {
      this.constants = Objects.requireNonNull(constants, "constants");
    }

    /** Largest left side a map-side join loads; 0 (the default): a quarter of the map task heap. */
    public Builder mapSideBudget(long bytes) {
      this.mapSideBudget = nonNegative("mapSideBudget", bytes);
      return this;
    }

    /** The largest share of the map task heap a filter's query view may take (default 0.25). */
    public Builder filterHeapShare(double share) {
      if (!(share > 0 && share <= 1)) {
        throw new IllegalArgumentException("filterHeapShare must be in (0, 1]: " + share);
      }
      this.filterHeapShare = share;
      return this;
    }

    /**
     * Whether the join type can run map-side at all (not left-outer, full-outer), and whether it
     * then runs a second map-only job over the left side (left-semi, left-anti), which costs one
     * more job and a read of the left records (default: map-side allowed, one job).
     */
    public Builder mapSide(boolean allowed, boolean leftJob) {
      this.mapSide = allowed;
      this.mapSideLeftJob = leftJob;
      return this;
    }

    /**
     * Whether the map tasks of a job share one map-side table (local mode: {@code
     * SharedLeftTables}), read and loaded once per job, not once per task (default false, as the
     * tasks of a cluster each load it).
     */
    public Builder sharedTable(boolean shared) {
      this.sharedTable = shared;
      return this;
    }

    /** {@code --max-filter-bytes}: the largest filter shipped; 0 (the default): no cap. */
    public Builder maxFilterBytes(long bytes) {
      this.maxFilterBytes = nonNegative("maxFilterBytes", bytes);
      return this;
    }

    /** Left sides up to this many bytes are built in the client (default 64 MiB). */
    public Builder localBuildMaxBytes(long bytes) {
      this.localBuildMaxBytes = nonNegative("localBuildMaxBytes", bytes);
      return this;
    }

    /** The whole bits per key tried (default 4 to 24). */
    public Builder bitsPerKey(int min, int max) {
      if (min < 1 || max < min) {
        throw new IllegalArgumentException("bits per key must be 1 <= min <= max: " + min + ", "
            + max);
      }
      this.minBitsPerKey = min;
      this.maxBitsPerKey = max;
      return this;
    }

    /** The probe costs charged per record probed (default {@link ProbeCosts#MEASURED}). */
    public Builder probeCosts(ProbeCosts costs) {
      this.probeCosts = Objects.requireNonNull(costs, "costs");
      return this;
    }

    /** The filters tried, as {@code --filter} names them (default bf, sbbf, acbf, exact). */
    public Builder filters(String... names) {
      for (String n : names) {
        FilterFamily f = family(n);
        if (!Filters.FAMILIES.contains(f)) {
          throw new IllegalArgumentException(
              "unknown filter \"" + n + "\" (bf, sbbf, cbf, acbf, acbf1, acbf2, acbf3, exact)");
        }
      }
      this.filters = Arrays.asList(names.clone());
      return this;
    }

    public CostModel build() {
      return new CostModel(this);
    }
  }

  private final CostConstants constants;
  private final long mapSideBudget;
  private final boolean mapSide;
  private final boolean mapSideLeftJob;
  private final boolean sharedTable;
  private final double filterHeapShare;
  private final long maxFilterBytes;
  private final long localBuildMaxBytes;
  private final int minBitsPerKey;
  private final int maxBitsPerKey;
  private final List<String> filters;
  private final ProbeCosts probeCosts;

  private CostModel(Builder b) {
    this.constants = b.constants;
    this.mapSideBudget = b.mapSideBudget;
    this.mapSide = b.mapSide;
    this.mapSideLeftJob = b.mapSideLeftJob;
    this.sharedTable = b.sharedTable;
    this.filterHeapShare = b.filterHeapShare;
    this.maxFilterBytes = b.maxFilterBytes;
    this.localBuildMaxBytes = b.localBuildMaxBytes;
    this.minBitsPerKey = b.minBitsPerKey;
    this.maxBitsPerKey = b.maxBitsPerKey;
    this.filters = Collections.unmodifiableList(new ArrayList<>(b.filters));
    this.probeCosts = b.probeCosts;
  }

  public static Builder builder(CostConstants constants) {
    return new Builder(constants);
  }

  /** Every candidate plan of {@code w}: map-side (if it fits), reduce-side, then the filtered. */
  public List<Candidate> candidates(Workload w) {
    List<Candidate> out = new ArrayList<>();
    if (mapSide && w.leftBytes <= mapSideBudget(w)) {
      // a second map-only job over the left side writes a left-semi/anti join's left records
      // the table is read and loaded by every map task, or once per job where they share it
      int loads = sharedTable ? 1 : w.mapTasks;
      out.add(new Candidate(Kind.MAP_SIDE, null, 0, false, 1, 0, 0, mapSideLeftJob ? 2 : 1,
          w.mapTasks + (mapSideLeftJob ? (long) w.leftMapTasks : 0),
          w.rightRecords + (double) w.leftRecords * loads + (mapSideLeftJob ? w.leftRecords : 0),
          w.rightRecords * w.matchShare, 0, (double) w.leftBytes * loads,
          w.rightRecords * probeCosts.tableSeconds(w.leftKeys), constants));
    }
    double records = (double) w.leftRecords + w.rightRecords;
    out.add(new Candidate(Kind.REDUCE_SIDE, null, 0, false, 1, 0, 0, 1,
        (long) w.mapTasks + w.leftMapTasks, records, records,
        ShuffleBytes.left(w) + ShuffleBytes.right(w), 0, 0, constants));
    for (String name : filters) {
      if (family(name) == FilterFamily.EXACT) {
        if (w.leftKeyBytes > 0) {
          FilterShape s = ExactKeySet.shapeOf(w.leftKeys, w.leftKeyBytes);
          if (fits(s, w)) {
            out.add(filtered(w, s, (double) s.memoryBits() / w.leftKeys, false));
          }
        }
        continue;
      }
      for (int b = minBitsPerKey; b <= maxBitsPerKey; b++) {
        FilterShape s = shape(name, w.leftKeys, b);
        if (s != null && fits(s, w)) {
          out.add(filtered(w, s, b, false));
          continue;
        }
        // the largest bits per key below b that fits, to 1/100 bit (sizes grow with the bits)
        int lo = 0;
        int hi = 100 * b;
        while (hi - lo > 1) {
          int mid = (lo + hi) >>> 1;
          FilterShape m = shape(name, w.leftKeys, mid / 100.0);
          if (m != null && fits(m, w)) {
            lo = mid;
          } else {
            hi = mid;
          }
        }
        if (lo > 0) {
          out.add(filtered(w, shape(name, w.leftKeys, lo / 100.0), lo / 100.0, true));
        }
        break;
      }
    }
    return out;
  }

  /**
   * The filtered plan of filter {@code name} at {@code bitsPerKey} as the user fixed it ({@code
   * --bits-per-key}, or the bits an {@code --fpp} gives), lowered to the largest bits per key (to
   * 1/100 bit) whose bytes fit {@link Builder#maxFilterBytes} and then marked {@link
   * Candidate#capped}; an exact key set is never lowered. Unlike {@link #candidates}, the heap
   * share is not applied: the caller refuses a forced filter whose {@link
   * Candidate#filterHeapBytes} passes it ({@link #heapLimit}).
   *
   * @return the plan, or null when no bits per key of this family fit the byte cap (or an exact
   *     key set passes it, or the left key bytes are unknown for one)
   */
  public Candidate forced(Workload w, String name, double bitsPerKey) {
    if (family(name) == FilterFamily.EXACT) {
      if (w.leftKeyBytes == 0) {
        return null;
      }
      FilterShape s = ExactKeySet.shapeOf(w.leftKeys, w.leftKeyBytes);
      return underCap(s) ? filtered(w, s, (double) s.memoryBits() / w.leftKeys, false) : null;
    }
    FilterShape s = shape(name, w.leftKeys, bitsPerKey);
    if (s != null && underCap(s)) {
      return filtered(w, s, bitsPerKey, false);
    }
    int lo = 0;
    int hi = (int) Math.ceil(100 * bitsPerKey);
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      FilterShape m = shape(name, w.leftKeys, mid / 100.0);
      if (m != null && underCap(m)) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo == 0 ? null : filtered(w, shape(name, w.leftKeys, lo / 100.0), lo / 100.0, true);
  }

  /**
   * The filtered plan with a filter built already (no build: one job, the left side read once) of
   * {@code shape}, whatever its size.
   */
  public Candidate given(Workload w, FilterShape shape) {
    double bitsPerKey = (double) shape.memoryBits() / w.leftKeys;
    return filtered(w, shape, bitsPerKey, false, 1, (double) w.leftRecords + w.rightRecords);
  }

  /** The most heap bytes a filter's query view may take in a map task of {@code w}. */
  public long heapLimit(Workload w) {
    return (long) (filterHeapShare * w.mapHeapBytes);
  }

  /** The largest left side a map-side join of {@code w} may load. */
  public long mapSideBudget(Workload w) {
    return mapSideBudget > 0 ? mapSideBudget : w.mapHeapBytes / 4;
  }

  /** The candidate with the fewest estimated seconds (the first of equals). */
  public Candidate cheapest(Workload w) {
    return candidates(w).stream().min(Comparator.comparingDouble(Candidate::seconds)).get();
  }

  private Candidate filtered(Workload w, FilterShape s, double bitsPerKey, boolean capped) {
    return filtered(w, s, bitsPerKey, capped, w.leftBytes <= localBuildMaxBytes ? 1 : 2,
        2.0 * w.leftRecords + w.rightRecords);
  }

  private Candidate filtered(Workload w, FilterShape s, double bitsPerKey, boolean capped,
      int jobs, double mapRecords) {
    double fpp = s.expectedFpp();
    double pass = w.matchShare + (1 - w.matchShare) * fpp;
    long bytes = filterBytes(s);
    // a build job reads the left side: its map tasks too
    long tasks = (long) w.mapTasks + w.leftMapTasks + (jobs > 1 ? w.leftMapTasks : 0);
    return new Candidate(Kind.FILTERED, s, bitsPerKey, capped, fpp, bytes, heapBytes(s), jobs,
        tasks,
        mapRecords, w.leftRecords + w.rightRecords * pass,
        ShuffleBytes.left(w) + ShuffleBytes.right(w) * pass,
        (double) bytes * (w.mapTasks + w.leftMapTasks),
        mapRecords * probeCosts.seconds(s, heapBytes(s)), constants);
  }

  private boolean fits(FilterShape s, Workload w) {
    return underCap(s) && heapBytes(s) <= filterHeapShare * w.mapHeapBytes;
  }

  private boolean underCap(FilterShape s) {
    return maxFilterBytes == 0 || filterBytes(s) <= maxFilterBytes;
  }

  /** Bytes of the filter's payload: the memory its family's theory is stated for. */
  static long filterBytes(FilterShape s) {
    return (s.memoryBits() + 7) / 8;
  }

  /** Heap of the query view a join task loads: the positions' words, or an exact set's heap. */
  public static long heapBytes(FilterShape s) {
    return s.family() == FilterFamily.EXACT
        ? ExactKeySet.heapBytes(s)
        : 8 * BitArray.wordsFor(s.positions());
  }

  /**
   * A capped filter whose false positive rate is above this drops under 10% of the right records
   * that have no match (Impala's rule for a runtime filter not worth applying): a forced size
   * capped that far is refused.
   */
  public static final double USELESS_FPP = 0.9;

  /**
   * The payload bytes of the smallest filter of family {@code name} for {@code keys} keys that its
   * sizing makes (bits per key from 1/100 up), or -1 when none.
   */
  public static long smallestBytes(String name, long keys) {
    for (double b = 0.01; b <= 64; b = b < 1 ? b + 0.01 : b * 2) {
      FilterShape s = shape(name, Math.max(1, keys), b);
      if (s != null) {
        return filterBytes(s);
      }
    }
    return -1;
  }

  private static FilterShape shape(String name, long keys, double bitsPerKey) {
    try {
      return FilterShape.forBitsPerKey(family(name), AcbfSizing.fromCliName(name), keys, 0,
          bitsPerKey, 0);
    } catch (IllegalArgumentException e) { // too few bits (or too many) for this family
      return null;
    }
  }

  private static FilterFamily family(String name) {
    return AcbfSizing.fromCliName(name) != null
        ? FilterFamily.ACCURATE_COUNTING
        : FilterFamily.fromShortName(name);
  }

  static double nonNegative(String name, double v) {
    if (!(v >= 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a finite number >= 0: " + v);
    }
    return v;
  }

  private static long nonNegative(String name, long v) {
    if (v < 0) {
      throw new IllegalArgumentException(name + " must be at least 0: " + v);
    }
    return v;
  }
}
