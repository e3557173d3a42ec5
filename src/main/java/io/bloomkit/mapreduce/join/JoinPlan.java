package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.table.TableSpec;
import org.apache.avro.Schema;
import org.apache.hadoop.fs.Path;

/**
 * What a {@code join} run does, checked and resolved from the command line ({@link JoinTool}):
 * inputs (each side's paths, globs expanded; a path may be on both sides) and how each side is read (its
 * {@link TableSpec}: format, key fields and types, null rules; both sides' keys have the same
 * types), the join type and
 * where the filter comes from: the spec to build ({@link FilterSource#BUILD}), or the given file and
 * its query view, read and checked while planning ({@link FilterSource#GIVEN}); {@code exactMax} is
 * {@code bloomkit.exact.max.bytes}, the largest exact key set a map task may load.
 */
final class JoinPlan {
  final Path[] left;
  /** How the left side is read: whole records (the join writes them). */
  final TableSpec leftTable;
  final Path[] right;
  final TableSpec rightTable;
  final Path output;
  final Type type;
  final Strategy strategy;
  final FilterSource filterSource;
  final FilterSpec spec;
  final Path givenFilter;
  final Filter givenProbe;
  final int reducers;
  final boolean strict;
  final double maxShare;
  final long exactMax;
  /** {@code --max-filter-bytes}, 0 without a cap. */
  final long maxFilterBytes;
  /** The output format and its options. */
  final OutputOptions out;
  /** The sides' whole-record schemas (records output), else null. */
  final Schema leftSchema;
  final Schema rightSchema;
  /** What the planner chose and estimated ({@link JoinPlanner}); null before planning. */
  final JoinPlanner.Choice choice;
  /**
   * The left keys read in the client (a left input of at most {@code
   * bloomkit.build.local.max.bytes}): a filter the join builds is built from them without a job,
   * and the right side's reader skips by their bounds ({@link JoinJobs#probeTable}); else null.
   */
  final io.bloomkit.mapreduce.filterjob.LocalKeys localKeys;
  /**
   * Whether this plan runs the join the command line named with its sides exchanged: its left
   * (build) side is the {@code --right} input, its type the mirror of {@code --type} ({@link
   * #swap}); the jobs write the named join's rows ({@code bloomkit.join.swapped}).
   */
  final boolean swapped;
  /** Whether the given filter holds the keys of the {@code --right} input (built on the right). */
  final boolean givenFromRight;

  /**
   * The plan of a command line's options and its resolved paths.
   *
   * @param left the left side: paths, how it is read, its record schema for a records output
   * @param right the right side, likewise
   * @param givenFilter the {@code --filter} file, else null
   * @param givenProbe its query view, read and checked while planning, else null
   * @param givenFromRight whether the given filter holds the right input's keys ({@link
   *     GivenFilterSide}): the plan is built on the right ({@link #swap})
   */
  JoinPlan(JoinOptions o, JoinSide left, JoinSide right, Path output, Path givenFilter,
      Filter givenProbe, boolean givenFromRight, long exactMax) {
    this.left = left.paths;
    this.leftTable = left.table;
    this.right = right.paths;
    this.rightTable = right.table;
    this.output = output;
    this.type = o.type;
    this.strategy = o.strategy;
    this.filterSource = o.filterSource;
    this.spec = o.spec;
    this.givenFilter = givenFilter;
    this.givenProbe = givenProbe;
    this.reducers = o.reducers;
    this.strict = o.strict;
    this.maxShare = o.maxShare;
    this.exactMax = exactMax;
    this.maxFilterBytes = o.maxFilterBytes;
    this.out = o.out;
    this.leftSchema = left.schema;
    this.rightSchema = right.schema;
    this.choice = null;
    this.localKeys = null;
    this.swapped = false;
    this.givenFromRight = givenFilter != null && givenFromRight;
  }

  /** {@code p} with its sides exchanged and its type mirrored. */
  private JoinPlan(JoinPlan p) {
    this.left = p.right;
    this.leftTable = p.rightTable;
    this.right = p.left;
    this.rightTable = p.leftTable;
    this.output = p.output;
    this.type = p.type.mirror();
    this.strategy = p.strategy;
    this.filterSource = p.filterSource;
    this.spec = p.spec;
    this.givenFilter = p.givenFilter;
    this.givenProbe = p.givenProbe;
    this.reducers = p.reducers;
    this.strict = p.strict;
    this.maxShare = p.maxShare;
    this.exactMax = p.exactMax;
    this.maxFilterBytes = p.maxFilterBytes;
    this.out = p.out;
    this.leftSchema = p.rightSchema;
    this.rightSchema = p.leftSchema;
    this.choice = p.choice;
    this.localKeys = null;
    this.swapped = !p.swapped;
    this.givenFromRight = p.givenFromRight;
  }

  /**
   * The same join with the sides exchanged: the {@code --right} input becomes the build (left)
   * side and the type its mirror (left-outer and right-outer, the semi and anti joins exchange;
   * inner and full-outer stay), so that the rows are those of the named join. An unresolved plan,
   * with a given filter only one of the right input's keys (a filter holds one side's keys).
   */
  JoinPlan swap() {
    if (choice != null || (givenFilter != null && (!givenFromRight || swapped))) {
      throw new IllegalStateException(
          "only an unresolved plan is swapped, with --filter only to the filter's side");
    }
    return new JoinPlan(this);
  }

  /** The named input a side of this plan reads: {@code left input} or {@code right input}. */
  String inputName(byte side) {
    boolean named = (side == JoinKey.LEFT) != swapped;
    return named ? "left input" : "right input";
  }

  /** The side the filter or table is built on, as the command line named it. */
  String buildSide() {
    return swapped ? "right" : "left";
  }

  /** The schema of the records the join writes: the named join's ({@link JoinRecords}). */
  Schema outputSchema() {
    return swapped ? JoinRecords.outputSchema(type.mirror(), rightSchema, leftSchema)
        : JoinRecords.outputSchema(type, leftSchema, rightSchema);
  }

  /** {@code p} resolved by the planner: its strategy (never auto), filter and spec. */
  private JoinPlan(JoinPlan p, Strategy strategy, FilterSource filterSource, FilterSpec spec,
      JoinPlanner.Choice choice, io.bloomkit.mapreduce.filterjob.LocalKeys localKeys) {
    this.left = p.left;
    this.leftTable = p.leftTable;
    this.right = p.right;
    this.rightTable = p.rightTable;
    this.output = p.output;
    this.type = p.type;
    this.strategy = strategy;
    this.filterSource = filterSource;
    this.spec = spec;
    this.givenFilter = p.givenFilter;
    this.givenProbe = p.givenProbe;
    this.reducers = p.reducers;
    this.strict = p.strict;
    this.maxShare = p.maxShare;
    this.exactMax = p.exactMax;
    this.maxFilterBytes = p.maxFilterBytes;
    this.out = p.out;
    this.leftSchema = p.leftSchema;
    this.rightSchema = p.rightSchema;
    this.choice = choice;
    this.localKeys = localKeys;
    this.swapped = p.swapped;
    this.givenFromRight = p.givenFromRight;
  }

  /**
   * This plan as the planner resolved it.
   *
   * @param spec the filter to build (sized by its bits per key, items 0), else null
   * @param localKeys the left keys read in the client, else null
   */
  JoinPlan resolved(Strategy strategy, FilterSource filterSource, FilterSpec spec,
      JoinPlanner.Choice choice, io.bloomkit.mapreduce.filterjob.LocalKeys localKeys) {
    if (strategy == Strategy.AUTO) {
      throw new IllegalArgumentException("a resolved plan's strategy is map-side or reduce-side");
    }
    return new JoinPlan(this, strategy, filterSource, spec, choice, localKeys);
  }

  /** This resolved plan with {@code choice} as its planner's record. */
  JoinPlan withChoice(JoinPlanner.Choice choice) {
    return new JoinPlan(this, strategy, filterSource, spec, choice, localKeys);
  }

  /** How the filter build reads the left side: only the key columns. */
  TableSpec leftKeysOnly() {
    return leftTable.toBuilder().projection(true).build();
  }

  /**
   * {@code --type}: the rows a join writes. Left is the small (build) side, right the large
   * (probe) side. Pairs are written {@code <left line>\t<right line>}, an unmatched left line
   * {@code <left line>\t}, an unmatched right line {@code \t<right line>}; the semi and anti joins
   * write one side's lines alone, each record once.
   */
  enum Type {
    /** Only matching pairs. */
    INNER,
    /** Matching pairs and every left record without a match. */
    LEFT_OUTER,
    /** Matching pairs and every right record without a match. */
    RIGHT_OUTER,
    /** Matching pairs and every record of either side without a match. */
    FULL_OUTER,
    /** Each left record that has a match, once (left lines only). */
    LEFT_SEMI,
    /** Each right record that has a match, once (right lines only). */
    RIGHT_SEMI,
    /** Each left record without a match (left lines only). */
    LEFT_ANTI,
    /** Each right record without a match (right lines only). */
    RIGHT_ANTI;

    /** The name in {@code --type} and {@link io.bloomkit.mapreduce.config.BloomkitConfig#JOIN_TYPE}. */
    String cliName() {
      return Choices.name(this);
    }

    /** The same join with the sides exchanged: left and right exchange, inner and full stay. */
    Type mirror() {
      switch (this) {
        case LEFT_OUTER:
          return RIGHT_OUTER;
        case RIGHT_OUTER:
          return LEFT_OUTER;
        case LEFT_SEMI:
          return RIGHT_SEMI;
        case RIGHT_SEMI:
          return LEFT_SEMI;
        case LEFT_ANTI:
          return RIGHT_ANTI;
        case RIGHT_ANTI:
          return LEFT_ANTI;
        default:
          return this; // inner, full-outer
      }
    }

    /** Whether the join writes left records without a match (left-outer, full-outer, left-anti). */
    boolean keepsUnmatchedLeft() {
      return this == LEFT_OUTER || this == FULL_OUTER || this == LEFT_ANTI;
    }

    /**
     * Whether the join writes right records without a match (right-outer, full-outer,
     * right-anti): a right record the filter rejects is certainly unmatched, so the map task can
     * write it itself.
     */
    boolean keepsUnmatchedRight() {
      return this == RIGHT_OUTER || this == FULL_OUTER || this == RIGHT_ANTI;
    }

    /** Whether the join writes matching pairs (inner and the outer joins). */
    boolean writesPairs() {
      return this == INNER || this == LEFT_OUTER || this == RIGHT_OUTER || this == FULL_OUTER;
    }

    /** Whether the join writes left lines alone (left-semi, left-anti). */
    boolean leftLinesOnly() {
      return this == LEFT_SEMI || this == LEFT_ANTI;
    }

    /** Whether the join writes right lines alone (right-semi, right-anti). */
    boolean rightLinesOnly() {
      return this == RIGHT_SEMI || this == RIGHT_ANTI;
    }

    /** The type named by a job's {@link io.bloomkit.mapreduce.config.BloomkitConfig#JOIN_TYPE}. */
    static Type of(org.apache.hadoop.conf.Configuration conf) {
      return Choices.parse("type",
          io.bloomkit.mapreduce.config.BloomkitConfig.JOIN_TYPE.get(conf), Type.class);
    }
  }

  /**
   * {@code --strategy}: how the join runs. {@link #REDUCE_SIDE}: a reduce-side join, the right
   * side pre-filtered by a filter of the left keys unless {@code --filter-type none}; {@link
   * #MAP_SIDE}: every map task loads the left side into a hash table and joins right records
   * itself, no shuffle; {@link #AUTO} (the default): the cost-model planner ({@link JoinPlanner})
   * picks one of those, and the filter, before any job.
   */
  enum Strategy {
    AUTO,
    MAP_SIDE,
    REDUCE_SIDE;

    String cliName() {
      return Choices.name(this);
    }
  }

  /** {@code --build-side}: the input the filter or map-side table is built on. */
  enum BuildSide {
    /** The left, unless the planner finds the right one cheaper ({@link JoinPlanner#plan}). */
    AUTO,
    LEFT,
    RIGHT;

    String cliName() {
      return Choices.name(this);
    }
  }

  /** Where the right side's filter comes from. */
  enum FilterSource {
    /** {@code --filter FILE}: a filter file built earlier (build, update). */
    GIVEN,
    /** {@code --filter-type TYPE}: a filter of the left keys built first, in the work directory. */
    BUILD,
    /** {@code --filter-type none}: no filter, a plain reduce-side join. */
    NONE
  }
}
