package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.Json;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.FilterSources;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Report;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.TableSchemas;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.registry.Filters;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code join --left PATH --left-key F[,G] --right PATH --right-key F[,G] --output DIR [--type
 * inner|left-outer|right-outer|full-outer|left-semi|right-semi|left-anti|right-anti]
 * [--strategy auto|reduce-side|map-side] [--max-filter-bytes N] [--explain] [--left-format FMT] [--right-format FMT] [--left-key-type T[,T]]
 * [--right-key-type T[,T]] [--delimiter D] [--null-token S] [--empty-is-null] [--csv-header]
 * [--csv-multiline] [--filter FILE | --filter-type acbf|acbf1..3|cbf|bf|exact|none] [--fpp P |
 * --bits-per-key B] [--hashes K] [--reducers R] [--strict] [--max-malformed-share S]
 * [--output-format text|seqfile|avro|parquet|orc] [--output-delimiter D] [--output-codec C]
 * [--json]}: a
 * Bloom-filtered reduce-side join (the paper's section 4) of inputs in any format ({@link
 * InputOptions}), on keys of the same types on both sides (their canonical bytes meet; a null key
 * never matches). Left is the small (build) side, right the large (probe) side; a file may be on
 * both (a self-join, as in SQL: each side reads it on its own, {@link
 * io.bloomkit.mapreduce.common.SideInputs}). Unless {@code
 * --filter} names a filter file or the type is {@code none}, a build job first makes a filter of
 * the left keys (reading only the key columns) in a staging directory next to the output (removed
 * afterwards). The filter is shipped through the DistributedCache; right-side mappers drop the
 * records whose key fails it. Left-side mappers test every left key against the same filter: if
 * the filter rejects any (it was built from another field or an older input, or keys were removed
 * since), the join fails (exit 1) naming the filter, the count and the first such key. The job
 * writes into the hidden staging directory ({@code .DIR._join-UUID}, see {@link
 * io.bloomkit.mapreduce.common.JobChain}), which is renamed to DIR only after the job succeeded and
 * passed that check: DIR either does not exist or is complete, with {@code _SUCCESS}.
 *
 * <p>Output ({@link JoinOutput}): text (default) lines {@code <left line>\t<right line>} for the
 * pairs, {@code <left line>\t} for an outer join's unmatched left line, {@code \t<right line>} for
 * an unmatched right line, the line alone for the semi and anti joins; any other {@code
 * --output-format} writes records of the left side's columns then the right's, nullable, colliding
 * names prefixed {@code l_} / {@code r_} (the semi and anti joins: records of their side's columns
 * only; {@link JoinRecords}; both sides' schemas are read before any job). For right-outer,
 * full-outer and right-anti the right map tasks write the right records the filter rejects or whose
 * key is null themselves ({@code part-unmatched-right-m-NNNNN}, reported as {@code
 * rightWrittenByMap}); only the others are shuffled.
 *
 * <p>Checked before any job starts: inputs exist (exit 2), the output does not (2), each side's
 * key fields exist and both keys have the same types (2), a given filter passes its checksum (1),
 * records the right key's types ({@code --right-key-type} or the columns'; a format version 1
 * filter: a single string key) (2) and an
 * exact key set fits {@link BloomkitConfig#EXACT_MAX_BYTES} (2; for a set built here, checked after
 * the build, before the join job).
 *
 * <p>{@code --strategy auto}, the default ({@link JoinPlanner}): before any job the planner reads
 * the sides' sizes, samples and (for a small left side) the left keys ({@link JoinWorkload}) and
 * runs the cheapest plan of the cost model; {@code --explain} prints it without running. Every
 * run's JSON has {@code plan}, its estimates against what the run did.
 *
 * <p>{@code --strategy map-side} ({@link MapSideJoin}): a map-only join, no filter and no shuffle;
 * every map task loads the left side into a hash table within {@link
 * BloomkitConfig#MAPSIDE_MAX_BYTES} (the left side's decoded size is checked against it before any
 * job: exit 2); inner, right-outer, left-semi, right-semi, left-anti and right-anti.
 *
 * <p>{@code --build-side}: either input can be the build side ({@link JoinPlan#swap}); a given
 * filter is built on the input whose keys its provenance says it holds ({@link GivenFilterSide}).
 *
 * <p>The tool reads its {@link JoinOptions}, resolves them into a {@link JoinPlan}, runs its jobs
 * ({@link JoinJobs}) and reports from their counters ({@link JoinReport}).
 */
public final class JoinTool extends BloomkitTool {
  @Override
  public String name() {
    return "join";
  }

  @Override
  public String description() {
    return "Join of two inputs, the filter or table built on the small one (the left, or the"
        + " right when --strategy auto finds that cheaper: --build-side). --strategy auto"
        + " (default): a cost model picks a map-side join or a reduce-side join with or without a"
        + " filter of the build side's keys; reduce-side: the other side pre-filtered by a filter"
        + " of those keys (default acbf, 16 bits per key); map-side: a map-only join against the"
        + " build side in each map task's memory.";
  }

  /** The staleness check of a given filter in this run, or null. */
  private FilterSources.Staleness staleness;

  @Override
  protected Options options() {
    return JoinOptions.options();
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    Configuration conf = new Configuration(getConf());
    staleness = null;
    Report report = new Report();
    long start = System.nanoTime();
    // the JVM's start (the launcher, class loading) to here
    double launchSeconds = (System.currentTimeMillis()
        - java.lang.management.ManagementFactory.getRuntimeMXBean().getStartTime()) / 1e3;
    JoinOptions o = JoinOptions.parse(cl);
    JoinPlan plan = plan(o, cl, conf);
    double planSeconds = (System.nanoTime() - start) / 1e9;
    if (o.explain) { // the plan only: no job, no output directory
      out().println(Json.write(plan.choice.explain()));
      return null;
    }
    Map<String, Object> result = JoinReport.of(report, plan, JoinJobs.run(conf, plan, err()),
        launchSeconds, planSeconds);
    if (staleness != null) { // a given filter: how its sources compared with its side's input
      result.put("staleCheck", staleness.status);
      result.put("staleSources", staleness.changes);
    }
    return result;
  }

  /**
   * Resolves the paths and each side's format, fields and key types (usage errors: exit 2) and
   * checks a given filter (exit 1 or 2).
   */
  private JoinPlan plan(JoinOptions o, CommandLine cl, Configuration conf) throws Exception {
    Path[] left = existingPaths(required(cl, "left"), "left");
    Path[] right = existingPaths(required(cl, "right"), "right");
    try {
      // a file may be on both sides (a self-join, as in SQL): each side reads it on its own
      left = Inputs.expand(conf, left);
      right = Inputs.expand(conf, right);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path output = absentPath(required(cl, "output"), "output");
    TableSpec leftTable =
        InputOptions.spec(cl, conf, InputOptions.Side.LEFT, left, o.leftKey, List.of());
    TableSpec rightTable =
        InputOptions.spec(cl, conf, InputOptions.Side.RIGHT, right, o.rightKey, List.of());
    InputOptions.checkPartitionTypes(cl, leftTable, rightTable);
    KeySignature leftKeys = KeySignature.of(leftTable.keyTypes());
    KeySignature rightKeys = KeySignature.of(rightTable.keyTypes());
    if (!leftKeys.equals(rightKeys)) {
      throw new UsageException("the left key is " + leftKeys.describe() + " but the right key is "
          + rightKeys.describe() + ": the keys of a join must have the same types (declare them"
          + " with --" + InputOptions.Side.LEFT.keyTypeOption() + " and --"
          + InputOptions.Side.RIGHT.keyTypeOption() + ")");
    }
    warnEmptyKeys(conf, leftTable, left, rightTable, right);
    long exactMax = BloomkitConfig.EXACT_MAX_BYTES.getLong(conf);
    Path given = null;
    Filter probe = null;
    JoinPlan.BuildSide givenSide = JoinPlan.BuildSide.LEFT;
    if (o.filterSource == JoinPlan.FilterSource.GIVEN) {
      given = existingFile(cl.getOptionValue("filter"), "filter");
      probe = JoinJobs.checkGivenFilter(conf, given, exactMax);
      checkFilterKeys(conf, given, rightKeys);
      Optional<Provenance> provenance =
          FilterFiles.readProvenance(conf, given, name(), Filters.FAMILIES);
      givenSide = GivenFilterSide.of(conf, given, provenance, o.buildSide, left, leftTable, right,
          rightTable);
      staleness = FilterSources.enforce(conf, given, provenance,
          givenSide == JoinPlan.BuildSide.RIGHT ? right : left, name(),
          cl.hasOption("allow-stale"), err());
    }
    Schema leftSchema = null;
    Schema rightSchema = null;
    if (!o.out.text()) {
      leftSchema = recordSchema(cl, conf, leftTable, left, "left");
      rightSchema = recordSchema(cl, conf, rightTable, right, "right");
      try {
        JoinRecords.outputSchema(o.type, leftSchema, rightSchema);
      } catch (IllegalArgumentException e) {
        throw new UsageException("--output-format " + cl.getOptionValue("output-format") + ": "
            + e.getMessage());
      }
    }
    JoinPlan p = JoinPlanner.plan(conf, o, new JoinPlan(o,
        new JoinSide(left, leftTable, leftSchema), new JoinSide(right, rightTable, rightSchema),
        output, given, probe, givenSide == JoinPlan.BuildSide.RIGHT, exactMax));
    if (p.strategy == JoinPlan.Strategy.MAP_SIDE) {
      MapSideJoin.checkFits(conf, p);
    }
    return p;
  }

  /**
   * Warns once (stderr) when a CSV side read without {@code --empty-is-null} has empty, unquoted
   * key fields in a sample: SQL NULL as DuckDB and Spark write it, which would join as the empty
   * string.
   */
  private void warnEmptyKeys(Configuration conf, TableSpec leftTable, Path[] left,
      TableSpec rightTable, Path[] right) throws java.io.IOException {
    String[] sides = {"left", "right"};
    TableSpec[] specs = {leftTable, rightTable};
    Path[][] inputs = {left, right};
    for (int i = 0; i < 2; i++) {
      Path file = io.bloomkit.mapreduce.table.Tables.emptyCsvKeys(conf, specs[i], 10_000,
          inputs[i]);
      if (file != null) {
        err().println(name() + ": warning: the " + sides[i] + " input's " + file + " has empty"
            + " key fields, as DuckDB and Spark write SQL NULL in CSV; without --empty-is-null"
            + " they are empty strings, and empty keys join each other");
        err().flush();
        return;
      }
    }
  }

  /**
   * A side's whole-record schema ({@link TableSchemas#recordSchema}; a side without any record: no
   * field); a schema that cannot be read from the side's files is a usage error naming the side.
   */
  private static Schema recordSchema(CommandLine cl, Configuration conf, TableSpec spec,
      Path[] inputs, String side) throws java.io.IOException {
    Schema s;
    try {
      s = TableSchemas.recordSchema(conf, spec, inputs);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--output-format " + cl.getOptionValue("output-format") + ": the "
          + side + " input's " + e.getMessage());
    }
    return s == null ? JoinRecords.empty(side) : s;
  }

  /**
   * Refuses (exit 2) a given filter built for keys of other types than the right side's: their
   * canonical bytes would never meet. A format version 1 filter (types not recorded) holds string
   * keys and is taken for a single string key.
   */
  private static void checkFilterKeys(Configuration conf, Path filter, KeySignature right)
      throws java.io.IOException {
    FilterFiles.checkKeys(conf, filter, right, "join", "the right side",
        InputOptions.Side.RIGHT.keyTypeOption());
  }

  public static void main(String[] args) {
    main(new JoinTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
