package io.bloomkit.mapreduce.join;

import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.FilterShape;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.LocalMode;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.join.plan.CostConstants;
import io.bloomkit.mapreduce.join.plan.CostModel;
import io.bloomkit.mapreduce.join.plan.Workload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Resolves a {@link JoinPlan}'s strategy before any job (docs/planner.md, "The planner in
 * join"): reads the {@link JoinWorkload}, lists the {@link CostModel}'s candidates for it and
 *
 * <ul>
 *   <li>{@code --strategy auto} without a filter option: runs the cheapest candidate (map-side only
 *       for the types {@link MapSideJoin} does, a left-semi/anti map-side join costing its second
 *       job); a filtered candidate is built as its family at its bits per key;
 *   <li>auto with {@code --filter-type T} without a size: the cheapest filtered candidate of T
 *       (reduce-side with {@code --filter-type none}); auto with {@code --filter}, a size ({@code
 *       --fpp}, {@code --bits-per-key}), {@code --hashes} or {@code --reducers}: reduce-side with
 *       that filter (default acbf, 16 bits per key), as {@code --strategy reduce-side};
 *   <li>a forced strategy: that one, its filter sized as given, lowered to {@code
 *       --max-filter-bytes} (reported {@code capped}).
 * </ul>
 *
 * A filter whose query view would take more than {@link BloomkitConfig#PLAN_FILTER_HEAP_SHARE} of
 * the map task heap is never chosen; a forced or given one fails (usage error, exit 2) naming its
 * bytes, the heap and the key. The filter is built in the client ({@link JoinWorkload#localKeys})
 * when the left side was read whole, else by the build job.
 */
final class JoinPlanner {
  private JoinPlanner() {}

  /** What the planner chose, with its estimates: the run's {@code plan}. */
  static final class Choice {
    final JoinPlan.Strategy strategy;
    /** {@code auto} or {@code option} (a --strategy given). */
    final String how;
    /** The chosen plan's estimates (a given filter's too). */
    final CostModel.Candidate estimate;
    /** client, job, given or none. */
    final String built;
    final JoinWorkload workload;
    final List<CostModel.Candidate> candidates;
    /** The input the filter or table is built on, as named: {@code left} or {@code right}. */
    final String buildSide;
    /** The plan of the other build side, when the planner weighed both; else null. */
    final Choice other;

    Choice(JoinPlan.Strategy strategy, String how, CostModel.Candidate estimate, String built,
        JoinWorkload workload, List<CostModel.Candidate> candidates) {
      this(strategy, how, estimate, built, workload, candidates, "left", null);
    }

    private Choice(JoinPlan.Strategy strategy, String how, CostModel.Candidate estimate,
        String built, JoinWorkload workload, List<CostModel.Candidate> candidates,
        String buildSide, Choice other) {
      this.strategy = strategy;
      this.how = how;
      this.estimate = estimate;
      this.built = built;
      this.workload = workload;
      this.candidates = candidates;
      this.buildSide = buildSide;
      this.other = other;
    }

    /** This choice for a plan building on {@code buildSide}, weighed against {@code other}. */
    Choice on(String buildSide, Choice other) {
      return new Choice(strategy, how, estimate, built, workload, candidates, buildSide, other);
    }

    /** The {@code plan} object without {@code actual}. */
    Map<String, Object> json() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("strategy", strategy.cliName());
      m.put("how", how);
      m.put("buildSide", buildSide);
      m.put("filter", estimate.filter());
      m.put("bitsPerKey", estimate.bitsPerKey());
      m.put("fpp", estimate.fpp());
      m.put("capped", estimate.capped());
      m.put("filterBytes", estimate.filterBytes());
      m.put("built", built);
      Map<String, Object> e = new LinkedHashMap<>();
      e.put("leftKeys", workload.leftKeys);
      e.put("leftKeysExact", workload.leftKeysExact);
      e.put("matchShare", workload.matchShare);
      e.put("leftBytes", workload.leftBytes);
      e.put("rightBytes", workload.rightBytes);
      e.put("mapTasks", mapTasks());
      e.put("filterLoads", filterLoads());
      e.put("mapOutputRecords", Math.round(estimate.mapOutputRecords()));
      e.put("mapOutputBytes", Math.round(estimate.shuffleBytes()));
      e.put("loadBytes", Math.round(estimate.loadBytes()));
      e.put("seconds", estimate.seconds());
      m.put("estimated", e);
      return m;
    }

    /**
     * The map tasks of the join: the right side's for a map-side join (plus the left side's for
     * its second, left-only job), both sides' for a reduce-side one.
     */
    long mapTasks() {
      return strategy == JoinPlan.Strategy.MAP_SIDE
          ? workload.mapTasks + (estimate.jobs() > 1 ? workload.leftMapTasks : 0)
          : workload.mapTasks + workload.leftMapTasks;
    }

    /** The filter loads of the join: one per map task of either side when it ships a filter. */
    long filterLoads() {
      return estimate.filter() == null ? 0 : workload.mapTasks + workload.leftMapTasks;
    }

    /** What {@code --explain} prints: the plan, the workload and every candidate. */
    Map<String, Object> explain() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("plan", json());
      m.put("workload", workload.json());
      if (other != null) {
        m.put("otherWorkload", other.workload.json());
      }
      List<Map<String, Object>> list = new ArrayList<>();
      for (CostModel.Candidate c : candidates) {
        list.add(candidate(c, buildSide));
      }
      if (other != null) {
        for (CostModel.Candidate c : other.candidates) {
          list.add(candidate(c, other.buildSide));
        }
      }
      m.put("candidates", list);
      return m;
    }

    private static Map<String, Object> candidate(CostModel.Candidate c, String buildSide) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", c.name());
      m.put("buildSide", buildSide);
      m.put("kind", c.kind().cliName());
      m.put("filter", c.filter());
      m.put("bitsPerKey", c.bitsPerKey());
      m.put("capped", c.capped());
      m.put("fpp", c.fpp());
      m.put("filterBytes", c.filterBytes());
      m.put("filterHeapBytes", c.filterHeapBytes());
      m.put("jobs", c.jobs());
      m.put("mapTasks", c.mapTasks());
      m.put("mapRecords", c.mapRecords());
      m.put("mapOutputRecords", c.mapOutputRecords());
      m.put("shuffleBytes", c.shuffleBytes());
      m.put("loadBytes", c.loadBytes());
      m.put("probeSeconds", c.probeSeconds());
      m.put("seconds", c.seconds());
      return m;
    }
  }

  /**
   * The cost model of {@code conf}'s constants and limits for a join of {@code type}.
   *
   * @param tableFits whether the left side's hash table would fit the map-side budget
   */
  static CostModel.Builder model(Configuration conf, JoinPlan.Type type, long maxFilterBytes,
      boolean tableFits) {
    return CostModel.builder(new CostConstants(
            BloomkitConfig.PLAN_JOB_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_MAP_RECORD_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_SHUFFLE_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_LOAD_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_REDUCE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_TABLE_BYTE_SECONDS.getDouble(conf),
            BloomkitConfig.PLAN_TASK_SECONDS.getDouble(conf)))
        .mapSideBudget(MapSideJoin.budget(conf))
        .filterHeapShare(BloomkitConfig.PLAN_FILTER_HEAP_SHARE.getDouble(conf))
        .maxFilterBytes(maxFilterBytes)
        .localBuildMaxBytes(BloomkitConfig.BUILD_LOCAL_MAX_BYTES.getLong(conf))
        // local mode runs the map tasks in one JVM, which share one table (SharedLeftTables)
        .sharedTable(LocalMode.local(conf))
        .mapSide(tableFits && mapSideCan(type), type.leftLinesOnly());
  }

  /** Whether {@link MapSideJoin} does {@code type}: not left-outer, not full-outer. */
  static boolean mapSideCan(JoinPlan.Type type) {
    return !(type.keepsUnmatchedLeft() && type.writesPairs());
  }

  /**
   * {@code p} resolved, on the build side {@code --build-side} names: the left input; the right
   * one (the plan swapped, {@link JoinPlan#swap}); or, by default, the side a given filter holds
   * ({@link GivenFilterSide}), else the left unless a map-side join
   * was asked for a type only the other side can do, or the planner is free ({@code --strategy
   * auto}, no {@code --filter}) and the right input is the smaller (decoded bytes): then both
   * sides are planned and the cheaper estimate runs, as Spark, Hive and Trino build on the smaller
   * side whatever order a query names them in.
   */
  static JoinPlan plan(Configuration conf, JoinOptions o, JoinPlan p) throws IOException {
    return plan(conf, o, p, new JoinWorkload.Reads(conf));
  }

  /** As {@link #plan(Configuration, JoinOptions, JoinPlan)}, reading the inputs through {@code reads}. */
  static JoinPlan plan(Configuration conf, JoinOptions o, JoinPlan p, JoinWorkload.Reads reads)
      throws IOException {
    switch (o.buildSide) {
      case LEFT:
        return planSide(conf, o, p, reads);
      case RIGHT:
        return planSide(conf, o, p.swap(), reads);
      default:
        break;
    }
    if (p.filterSource == JoinPlan.FilterSource.GIVEN) { // built on the side the filter holds
      return planSide(conf, o, p.givenFromRight ? p.swap() : p, reads);
    }
    if (o.strategy == JoinPlan.Strategy.MAP_SIDE) {
      return planSide(conf, o, mapSideCan(p.type) ? p : p.swap(), reads);
    }
    if (o.strategy != JoinPlan.Strategy.AUTO) {
      return planSide(conf, o, p, reads);
    }
    if (reads.size(p.rightTable.format(), p.right, p.inputName(JoinKey.RIGHT)).bytes()
        >= reads.size(p.leftTable.format(), p.left, p.inputName(JoinKey.LEFT)).bytes()) {
      return planSide(conf, o, p, reads);
    }
    JoinPlan left = planSide(conf, o, p, reads);
    JoinPlan right = planSide(conf, o, p.swap(), reads);
    boolean onRight = right.choice.estimate.seconds() < left.choice.estimate.seconds();
    JoinPlan chosen = onRight ? right : left;
    JoinPlan other = onRight ? left : right;
    return chosen.withChoice(chosen.choice.on(chosen.buildSide(), other.choice));
  }

  /** {@code p} (strategy as given, auto included) resolved on its own sides. */
  private static JoinPlan planSide(Configuration conf, JoinOptions o, JoinPlan p,
      JoinWorkload.Reads reads) throws IOException {
    JoinPlan resolved = planOne(conf, o, p, reads);
    return resolved.withChoice(resolved.choice.on(resolved.buildSide(), null));
  }

  /** {@code p} (strategy as given, auto included) resolved; reads the workload. */
  private static JoinPlan planOne(Configuration conf, JoinOptions o, JoinPlan p,
      JoinWorkload.Reads reads) throws IOException {
    JoinWorkload w = JoinWorkload.of(conf, p, reads);
    Workload mw = w.model();
    // auto never picks a map-side join whose table may not fit the budget the tasks enforce
    boolean tableFits = o.strategy == JoinPlan.Strategy.MAP_SIDE
        || w.tableBytes() <= MapSideJoin.budget(conf);
    CostModel model = model(conf, p.type, o.maxFilterBytes, tableFits).build();
    List<CostModel.Candidate> all = model.candidates(mw);
    String how = o.strategy == JoinPlan.Strategy.AUTO ? "auto" : "option";
    boolean free = o.strategy == JoinPlan.Strategy.AUTO && !o.filterFixed;
    if (free) {
      CostModel.Candidate c = model.cheapest(mw);
      switch (c.kind()) {
        case MAP_SIDE:
          return p.resolved(JoinPlan.Strategy.MAP_SIDE, JoinPlan.FilterSource.NONE, null,
              new Choice(JoinPlan.Strategy.MAP_SIDE, how, c, "none", w, all), w.localKeys);
        case REDUCE_SIDE:
          return p.resolved(JoinPlan.Strategy.REDUCE_SIDE, JoinPlan.FilterSource.NONE, null,
              new Choice(JoinPlan.Strategy.REDUCE_SIDE, how, c, "none", w, all), w.localKeys);
        default:
          return built(p, w, all, how, c, null);
      }
    }
    if (o.strategy == JoinPlan.Strategy.MAP_SIDE) {
      CostModel.Candidate c = all.stream().filter(x -> x.kind() == CostModel.Kind.MAP_SIDE)
          .findFirst().orElse(null);
      if (c == null) { // refused with the budget's message
        MapSideJoin.checkFits(conf, p);
        throw new IllegalStateException("map-side estimate missing");
      }
      return p.resolved(JoinPlan.Strategy.MAP_SIDE, JoinPlan.FilterSource.NONE, null,
          new Choice(JoinPlan.Strategy.MAP_SIDE, how, c, "none", w, all), w.localKeys);
    }
    // reduce-side, forced or with the filter options given
    switch (p.filterSource) {
      case NONE: {
        CostModel.Candidate c = all.stream().filter(x -> x.kind() == CostModel.Kind.REDUCE_SIDE)
            .findFirst().get();
        return p.resolved(JoinPlan.Strategy.REDUCE_SIDE, JoinPlan.FilterSource.NONE, null,
            new Choice(JoinPlan.Strategy.REDUCE_SIDE, how, c, "none", w, all), w.localKeys);
      }
      case GIVEN: {
        FilterShape shape = p.givenProbe.shape();
        CostModel.Candidate c = model.given(mw, shape);
        checkHeap(conf, "--filter " + p.givenFilter, c.filterHeapBytes(), model.heapLimit(mw));
        return p.resolved(JoinPlan.Strategy.REDUCE_SIDE, JoinPlan.FilterSource.GIVEN, null,
            new Choice(JoinPlan.Strategy.REDUCE_SIDE, how, c, "given", w, all), w.localKeys);
      }
      default:
        break;
    }
    FilterSpec spec = p.spec;
    CostModel.Candidate c;
    if (o.strategy == JoinPlan.Strategy.AUTO && o.familyGiven && !o.sizeFixed
        && spec.hashes() == 0) {
      // the family alone was fixed: its cheapest bits per key
      CostModel family =
          model(conf, p.type, o.maxFilterBytes, tableFits).filters(spec.name()).build();
      List<CostModel.Candidate> filtered = family.candidates(mw).stream()
          .filter(x -> x.kind() == CostModel.Kind.FILTERED)
          .collect(java.util.stream.Collectors.toList());
      c = filtered.stream().filter(x -> !useless(x))
          .min(java.util.Comparator.comparingDouble(CostModel.Candidate::seconds)).orElse(null);
      if (c == null && !filtered.isEmpty()) { // the cap left only filters that drop nothing
        throw uselessCap(o, spec.name(), w, filtered.stream()
            .min(java.util.Comparator.comparingDouble(CostModel.Candidate::fpp)).get());
      }
      if (c == null) {
        throw new UsageException("--filter-type " + spec.name() + ": no filter of this family for"
            + " about " + w.leftKeys + " left keys fits " + limits(conf, o, model, mw)
            + "; use another --filter-type or none");
      }
      return built(p, w, all, how, c, null);
    }
    double bitsPerKey = spec.bitsPerKey();
    if (spec.family() != FilterFamily.EXACT && spec.fpp() > 0) {
      FilterShape s = spec.withItems(Math.max(1, w.leftKeys)).shape();
      bitsPerKey = (double) s.memoryBits() / Math.max(1, w.leftKeys);
    }
    c = model.forced(mw, spec.name(), bitsPerKey);
    if (c == null) {
      long smallest = CostModel.smallestBytes(spec.name(), w.leftKeys);
      throw new UsageException("--max-filter-bytes " + o.maxFilterBytes + ": no " + spec.name()
          + " filter of about " + w.leftKeys + " left keys is that small"
          + (smallest < 0 ? "" : " (the smallest the family makes takes " + smallest + " bytes)")
          + "; raise it or use --filter-type none");
    }
    if (useless(c)) {
      throw uselessCap(o, spec.name(), w, c);
    }
    checkHeap(conf, "the " + spec.name() + " filter of the left keys", c.filterHeapBytes(),
        model.heapLimit(mw));
    FilterSpec sized = c.capped()
        ? new FilterSpec(spec.name(), 0, spec.capacity(), 0, c.bitsPerKey(), spec.hashes())
        : spec;
    return built(p, w, all, how, c, sized);
  }

  /** Whether the cap left {@code c} a filter that would drop almost nothing. */
  private static boolean useless(CostModel.Candidate c) {
    return c.capped() && c.fpp() > CostModel.USELESS_FPP;
  }

  /** The refusal of a cap that leaves the {@code family} filter {@code c} useless. */
  private static UsageException uselessCap(JoinOptions o, String family, JoinWorkload w,
      CostModel.Candidate c) {
    return new UsageException(String.format(java.util.Locale.ROOT,
        "--max-filter-bytes %d leaves the %s filter of about %d left keys %.2f bits per key:"
            + " its false positive rate would be %.3f, so it would drop almost no right record"
            + " that has no match (a filter above %.1f is not worth shipping); raise the cap or"
            + " use --filter-type none",
        o.maxFilterBytes, family, w.leftKeys, c.bitsPerKey(), c.fpp(), CostModel.USELESS_FPP));
  }

  /** The reduce-side plan building filter {@code c} (of {@code spec} when given). */
  private static JoinPlan built(JoinPlan p, JoinWorkload w, List<CostModel.Candidate> all,
      String how, CostModel.Candidate c, FilterSpec spec) {
    FilterSpec s = spec != null && !c.capped()
        ? spec // as given: the build sizes it for the exact keys
        : new FilterSpec(c.filter(), 0, spec == null ? 0 : spec.capacity(), 0,
            c.shape().family() == FilterFamily.EXACT
                ? SizingOptions.DEFAULT_BITS_PER_KEY : c.bitsPerKey(),
            spec == null ? 0 : spec.hashes());
    return p.resolved(JoinPlan.Strategy.REDUCE_SIDE, JoinPlan.FilterSource.BUILD, s,
        new Choice(JoinPlan.Strategy.REDUCE_SIDE, how, c, w.localKeys != null ? "client" : "job",
            w, all), w.localKeys);
  }

  private static String limits(Configuration conf, JoinOptions o, CostModel model,
      Workload mw) {
    return BloomkitConfig.PLAN_FILTER_HEAP_SHARE.key() + " = "
        + BloomkitConfig.PLAN_FILTER_HEAP_SHARE.getDouble(conf) + " of the map task heap ("
        + model.heapLimit(mw) + " bytes)"
        + (o.maxFilterBytes > 0 ? " and --max-filter-bytes " + o.maxFilterBytes : "");
  }

  /** {@link BloomkitConfig#PLAN_FILTER_HEAP_SHARE} of the map task heap, in bytes. */
  static long heapLimit(Configuration conf) {
    return (long) (BloomkitConfig.PLAN_FILTER_HEAP_SHARE.getDouble(conf)
        * MapSideJoin.mapTaskHeap(conf));
  }

  /**
   * Refuses (usage error, exit 2) a filter whose query view takes more than the heap share of a
   * map task's heap.
   */
  static void checkHeap(Configuration conf, String what, long heapBytes, long limit) {
    if (heapBytes > limit) {
      throw new UsageException(what + " takes " + heapBytes + " bytes of heap in each map task,"
          + " more than " + BloomkitConfig.PLAN_FILTER_HEAP_SHARE.key() + " = "
          + BloomkitConfig.PLAN_FILTER_HEAP_SHARE.getDouble(conf) + " of the map task heap "
          + MapSideJoin.mapTaskHeap(conf) + " bytes (" + limit + " bytes); raise the map task"
          + " memory or " + BloomkitConfig.PLAN_FILTER_HEAP_SHARE.key()
          + ", size the filter smaller (--bits-per-key, --max-filter-bytes) or use --filter-type"
          + " none");
    }
  }
}
