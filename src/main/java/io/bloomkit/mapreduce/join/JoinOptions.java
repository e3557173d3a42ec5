package io.bloomkit.mapreduce.join;

import static io.bloomkit.mapreduce.cli.BloomkitTool.flag;
import static io.bloomkit.mapreduce.cli.BloomkitTool.intValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.longValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.config.UsageException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;

/**
 * {@code join}'s options and the values of a command line that need no file system (the tool then
 * resolves the paths and reads each side's format and columns into a {@link JoinPlan}). The filter's sizing options apply only when the
 * filter is built here ({@link JoinPlan.FilterSource#BUILD}).
 */
final class JoinOptions {
  final JoinPlan.Type type;
  /** {@code --strategy}; {@link JoinPlan.Strategy#AUTO} (the default) until the planner ran. */
  final JoinPlan.Strategy strategy;
  /** {@code --build-side}: auto (the default), left or right. */
  final JoinPlan.BuildSide buildSide;
  /**
   * Whether an option fixed the reduce-side plan's filter ({@code --filter}, {@code --filter-type}
   * (none included), {@code --fpp}, {@code --bits-per-key}, {@code --hashes} or {@code
   * --reducers}): auto then runs reduce-side with it.
   */
  final boolean filterFixed;
  /** Whether {@code --filter-type} named the filter's family. */
  final boolean familyGiven;
  /** Whether {@code --fpp} or {@code --bits-per-key} fixed the filter's size. */
  final boolean sizeFixed;
  /** {@code --max-filter-bytes}, 0: no cap. */
  final long maxFilterBytes;
  /** {@code --explain}: print the plan and its estimates, run nothing. */
  final boolean explain;
  /** The left key's fields (0-based numbers or column names). */
  final List<String> leftKey;
  /** The right key's fields, as many as the left's. */
  final List<String> rightKey;
  final JoinPlan.FilterSource filterSource;
  /** The filter to build, sized ({@link JoinPlan.FilterSource#BUILD}), else null. */
  final FilterSpec spec;
  final int reducers;
  final boolean strict;
  final double maxShare;
  /** {@code --output-format}, {@code --output-delimiter}, {@code --output-codec}. */
  final OutputOptions out;

  private JoinOptions(CommandLine cl) {
    type = Choices.get(cl, "type", JoinPlan.Type.INNER);
    strategy = Choices.get(cl, "strategy", JoinPlan.Strategy.AUTO);
    boolean mapSide = strategy == JoinPlan.Strategy.MAP_SIDE;
    buildSide = Choices.get(cl, "build-side", JoinPlan.BuildSide.AUTO);
    filterFixed = Stream.of("filter", "filter-type", "fpp", "bits-per-key", "hashes", "reducers")
        .anyMatch(cl::hasOption);
    familyGiven = cl.hasOption("filter-type");
    sizeFixed = cl.hasOption("fpp") || cl.hasOption("bits-per-key");
    maxFilterBytes = longValue(cl, "max-filter-bytes", 0, 1);
    explain = cl.hasOption("explain");
    if (maxFilterBytes > 0 && (mapSide || cl.hasOption("filter"))) {
      throw new UsageException("--max-filter-bytes does not apply to "
          + (mapSide ? "--strategy map-side (no filter)"
              : "--filter FILE (the filter is built already)"));
    }
    boolean leftCan = JoinPlanner.mapSideCan(type);
    boolean rightCan = JoinPlanner.mapSideCan(type.mirror());
    if (mapSide && !(buildSide == JoinPlan.BuildSide.LEFT ? leftCan
        : buildSide == JoinPlan.BuildSide.RIGHT ? rightCan : leftCan || rightCan)) {
      throw new UsageException("--strategy map-side cannot do --type " + type.cliName()
          + (buildSide == JoinPlan.BuildSide.AUTO ? "" : " with --build-side "
              + buildSide.cliName())
          + ": the records of the build side no other record matched are known only after every"
          + " map task ran; use --strategy reduce-side");
    }
    if (mapSide) {
      for (String o : List.of("filter", "filter-type", "reducers")) {
        if (cl.hasOption(o) && !(o.equals("filter-type")
            && cl.getOptionValue(o).equalsIgnoreCase("none"))) {
          throw new UsageException("--" + o + " does not apply to --strategy map-side (a map-only"
              + " job: no filter, no reducers)");
        }
      }
      SizingOptions.refuseSizing(cl, "--strategy map-side (no filter)");
    }
    leftKey = InputOptions.fields(cl, "left-key", null);
    rightKey = InputOptions.fields(cl, "right-key", null);
    if (leftKey.size() != rightKey.size()) {
      throw new UsageException("--left-key and --right-key must name as many fields");
    }
    String filterType = cl.getOptionValue("filter-type", "acbf").toLowerCase(Locale.ROOT);
    filterSource =
        cl.hasOption("filter") ? JoinPlan.FilterSource.GIVEN
            : filterType.equals("none") || mapSide ? JoinPlan.FilterSource.NONE
            : JoinPlan.FilterSource.BUILD;
    if (filterSource == JoinPlan.FilterSource.GIVEN) {
      SizingOptions.refuseSizing(cl, "--filter FILE (the filter is built already)");
    } else if (filterSource == JoinPlan.FilterSource.NONE) {
      SizingOptions.refuseSizing(cl, "--filter-type none (no filter)");
    }
    FilterSpec s =
        filterSource == JoinPlan.FilterSource.NONE ? null : SizingOptions.spec(cl, filterType);
    spec = filterSource == JoinPlan.FilterSource.BUILD ? s : null;
    reducers = intValue(cl, "reducers", 1, 1);
    maxShare = MalformedOptions.maxShare(cl);
    strict = cl.hasOption("strict");
    out = OutputOptions.parse(cl);
    if (out.text() && cl.hasOption("output-delimiter")) {
      throw new UsageException("--output-delimiter applies to --output-format seqfile: join's"
          + " text output is <left line><tab><right line>, the input lines as they are");
    }
  }

  /**
   * The values of {@code cl}, checked in option order.
   *
   * @throws UsageException for a bad option or value
   */
  static JoinOptions parse(CommandLine cl) {
    return new JoinOptions(cl);
  }

  /** The options {@code join} takes. */
  static Options options() {
    Options o = new Options();
    o.addOption(opt("left", "PATH[,PATH]", "left (small, build side) input (required)"));
    o.addOption(opt("left-key", "F[,G]", "key field(s) of the left input: 0-based numbers (text,"
        + " csv) or column names; several make a composite key (required)"));
    o.addOption(opt("right", "PATH[,PATH]", "right (large, probe side) input (required); it may"
        + " hold the left input's files too: a self-join, as in SQL"));
    o.addOption(opt("right-key", "F[,G]", "key field(s) of the right input, as many as"
        + " --left-key, of the same types (required)"));
    o.addOption(opt("output", "DIR", "output directory; must not exist (required)"));
    o.addOption(opt("type", "TYPE", "inner (default), left-outer, right-outer, full-outer,"
        + " left-semi, right-semi, left-anti or right-anti; pairs are written <left><tab><right>,"
        + " unmatched records of an outer join <left><tab> or <tab><right>, the semi and anti"
        + " joins' records alone"));
    o.addOption(opt("strategy", "S", "auto (default): the cost model (docs/planner.md) picks"
        + " map-side, reduce-side with a filter (family and bits per key) or without one, the"
        + " cheapest estimate; with --filter, --filter-type, --fpp, --bits-per-key, --hashes or"
        + " --reducers it runs reduce-side with that filter (--filter-type alone: it picks the"
        + " bits per key). reduce-side: a reduce-side join, the right side filtered by"
        + " --filter/--filter-type (default acbf, 16 bits per key); map-side: the map tasks"
        + " load the left side into a hash table (within bloomkit.mapside.max.bytes; one per JVM,"
        + " so once in local mode) and join"
        + " the right records, no shuffle (inner, right-outer, left/right-semi, left/right-anti)."
        + " A filter built here is built in the client, without a job, when the left side is at"
        + " most bloomkit.build.local.max.bytes"));
    o.addOption(opt("build-side", "SIDE", "the input the filter or map-side table is built on:"
        + " auto (default: the input a --filter FILE was built from, by its provenance; else the"
        + " left, or the right when --strategy auto finds that cheaper, which it weighs when the"
        + " right input is the smaller, or when a map-side join of --type needs it), left or"
        + " right; the rows are the named join's either way"));
    o.addOption(integerOpt("max-filter-bytes", "N", "largest filter shipped (bytes): a filter"
        + " above it is sized with fewer bits per key (the plan reports its fpp and capped)"));
    o.addOption(flag("explain", "print the plan, the workload and every candidate with its"
        + " estimates as JSON, and exit without running a job"));
    InputOptions.add(o, InputOptions.Side.LEFT, InputOptions.Side.RIGHT);
    o.addOption(SizingOptions.delimiter());
    OptionGroup g = new OptionGroup();
    g.addOption(opt("filter", "FILE", "use this filter file (from build or update) of the keys"
        + " of the input it was built from (its provenance), else of --build-side's"));
    g.addOption(
        opt("filter-type", "TYPE", "build a filter of the left keys first: acbf (default), acbf1,"
            + " acbf2, acbf3, cbf, bf, sbbf, exact, or none"));
    o.addOptionGroup(g);
    o.addOption(flag("allow-stale", "use a --filter whose recorded sources (the files of the"
        + " input it holds) changed since it was built, with a warning (default: refuse, exit 2)"));
    SizingOptions.addRate(o);
    o.addOption(integerOpt("reducers", "R", "reduce tasks (default 1); with more, each hot right key"
        + " (sampled: bloomkit.join.hot.*) is split over several of them"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    MalformedOptions.add(o);
    OutputOptions.add(o);
    return o;
  }
}
