package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.MethodOptions;
import io.bloomkit.mapreduce.common.JobChain;
import java.io.IOException;
import java.util.EnumSet;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * How {@code icebergs} finds the keys whose total weight is at least T: each method with the
 * options it takes ({@link #OPTIONS}) and the job chain that runs it.
 *
 * <p>{@code --evaluate} (counting and lcbf): the candidates job ({@link CandidatesJob}) also sums
 * every key's exact total, so the reducers count the true icebergs and the candidates among them:
 * hit ratio = hits / true icebergs and error rate = (candidates - hits) / true icebergs, the
 * icebergs paper's two metrics (sec. VI; 1 and 0 when there are no icebergs, see {@link
 * IcebergReport}).
 */
enum IcebergMethod {
  /**
   * Map tasks sum per key in a bounded table ({@link IcebergMapper}), reducers sum and keep totals
   * of at least T ({@link IcebergReducer}); see {@link TotalsChain}.
   */
  EXACT(TotalsChain::run),
  /**
   * Phase 1 adds each split's local totals, as weights, to a Count-Min sketch (k rows of counters
   * wide enough to hold T), the per-split sketches summed with {@code merge} ({@link
   * TotalsFilterMapper}, see {@link IcebergFilters} for why no iceberg is missed and how many
   * false candidates to expect); phase 2 ships the sketch and passes on only records of candidate
   * keys (estimate at least T). With {@code --verify} the reducers sum the candidates' exact totals
   * and the output equals {@code exact}'s; without it every candidate is written with its estimate.
   * See {@link TotalsChain}.
   */
  COUNTING(TotalsChain::run),
  /**
   * The linked counting Bloom filter algorithm of Wu et al. (see {@link LcbfFilters}) in
   * MapReduce form, three jobs ({@link LcbfChain}): per-split totals and filters, global estimates
   * of the candidates and, with {@code --verify}, the candidates' exact totals. Icebergs can be
   * missed (lost matches) and non-icebergs reported (false matches).
   */
  LCBF(LcbfChain::run);

  /** The options of some methods only; with another method each one is a usage error. */
  static final MethodOptions<IcebergMethod> OPTIONS = new MethodOptions<IcebergMethod>()
      .only(EnumSet.of(COUNTING, LCBF), "applies to --method counting and lcbf (exact is exact)",
          "verify", "evaluate", "num-hashes")
      .only(EnumSet.of(COUNTING), "applies to --method counting only", "items", "bits-per-key")
      .only(EnumSet.of(LCBF), "applies to --method lcbf only", "entries-per-key", "value-bits");

  /** The jobs of a method, run in {@code chain} into its staged output. */
  @FunctionalInterface
  interface Chain {
    void run(IcebergPlan plan, JobChain chain, RunCounters counters)
        throws IOException, InterruptedException;
  }

  final Chain chain;

  IcebergMethod(Chain chain) {
    this.chain = chain;
  }

  /** The method {@code --method} names (default exact); another method's option is refused. */
  static IcebergMethod parse(CommandLine cl) {
    IcebergMethod method = Choices.get(cl, "method", EXACT);
    OPTIONS.check(cl, method);
    return method;
  }

  /** Adds {@code --method} and the {@link #OPTIONS}. */
  static void addOptions(Options o) {
    o.addOption(BloomkitTool.opt("method", "M", "exact (default), counting (summed sketches of"
        + " totals: k rows of counters as wide as T) or lcbf (per-split linked counting Bloom"
        + " filters, the icebergs paper)"));
    o.addOption(BloomkitTool.flag("verify", "counting, lcbf: sum the candidates' exact totals and"
        + " write those at or above T (counting: output = exact's; lcbf: the icebergs among the"
        + " candidates)"));
    o.addOption(BloomkitTool.flag("evaluate", "counting, lcbf: also compute the exact answer (one"
        + " more pass over the input, every key shuffled) and report keys, hitRatio and errorRate"));
    for (Option sizing : CountingSizing.options("the sketch of totals").getOptions()) {
      o.addOption(sizing);
    }
    o.addOption(BloomkitTool.numberOpt("entries-per-key", "R", "lcbf: entries m of each split's filter"
        + " per local total it stores, m/n (default 10)"));
    o.addOption(BloomkitTool.integerOpt("num-hashes", "K", "counting, lcbf: hash functions k;"
        + " counting: rows of the sketch of totals, one hash each (default 4; its memory, items x"
        + " bits-per-key bits, is split into k rows of counters of T's bit length); lcbf: of each"
        + " split's filter (default 3)"));
    o.addOption(BloomkitTool.integerOpt("value-bits", "L", "lcbf: bits l of each stored value, 1..62;"
        + " values saturate at 2^l - 1 (default 15, as the paper)"));
  }
}
