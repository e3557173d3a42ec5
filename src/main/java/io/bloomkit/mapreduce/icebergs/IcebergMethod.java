package io.bloomkit.mapreduce.icebergs;

import static io.bloomkit.mapreduce.icebergs.MethodOption.BITS_PER_KEY;
import static io.bloomkit.mapreduce.icebergs.MethodOption.ENTRIES_PER_KEY;
import static io.bloomkit.mapreduce.icebergs.MethodOption.EVALUATE;
import static io.bloomkit.mapreduce.icebergs.MethodOption.ITEMS;
import static io.bloomkit.mapreduce.icebergs.MethodOption.NUM_HASHES;
import static io.bloomkit.mapreduce.icebergs.MethodOption.VALUE_BITS;
import static io.bloomkit.mapreduce.icebergs.MethodOption.VERIFY;

import io.bloomkit.mapreduce.cli.UsageException;
import java.io.IOException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.fs.Path;

/**
 * How {@code icebergs} finds the keys whose total weight is at least T: each method with the
 * options it takes ({@link MethodOption}) and the job chain that runs it.
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
  EXACT(EnumSet.noneOf(MethodOption.class), TotalsChain::run),
  /**
   * Phase 1 adds each split's local totals to a 4-bit counting Bloom filter, the per-split counter
   * vectors summed with {@code merge} ({@link TotalsFilterMapper}, see {@link IcebergFilters} for
   * why no iceberg is missed); phase 2 ships the filter and passes on only records of candidate
   * keys (estimate at least min(T, 15)). With {@code --verify} the reducers sum the candidates'
   * exact totals and the output equals {@code exact}'s; without it every candidate is written with
   * its estimate. See {@link TotalsChain}.
   */
  COUNTING(EnumSet.of(VERIFY, EVALUATE, ITEMS, BITS_PER_KEY), TotalsChain::run),
  /**
   * The linked counting Bloom filter algorithm of Wu et al. (see {@link LcbfFilters}) in
   * MapReduce form, three jobs ({@link LcbfChain}): per-split totals and filters, global estimates
   * of the candidates and, with {@code --verify}, the candidates' exact totals. Icebergs can be
   * missed (lost matches) and non-icebergs reported (false matches).
   */
  LCBF(EnumSet.of(VERIFY, EVALUATE, ENTRIES_PER_KEY, NUM_HASHES, VALUE_BITS), LcbfChain::run);

  /** The jobs of a method: run into {@code output}, with scratch space in {@code work}. */
  @FunctionalInterface
  interface Chain {
    void run(IcebergPlan plan, Path work, Path output, RunCounters counters)
        throws IOException, InterruptedException;
  }

  private final Set<MethodOption> options;
  private final Chain chain;

  IcebergMethod(Set<MethodOption> options, Chain chain) {
    this.options = options;
    this.chain = chain;
  }

  /** The method's own options; the other {@link MethodOption}s are refused. */
  Set<MethodOption> options() {
    return options;
  }

  Chain chain() {
    return chain;
  }

  /** The name on the command line and in the JSON. */
  String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The method {@code --method} names, its options checked: another method's option is a usage
   * error.
   */
  static IcebergMethod parse(CommandLine cl) {
    String name = cl.getOptionValue("method", EXACT.cliName());
    IcebergMethod method = Arrays.stream(values()).filter(m -> m.cliName().equals(name))
        .findFirst()
        .orElseThrow(() -> new UsageException("--method must be exact, counting or lcbf: " + name));
    for (MethodOption o : MethodOption.values()) {
      if (cl.hasOption(o.name) && !method.options.contains(o)) {
        throw new UsageException("--" + o.name + " applies to " + o.appliesTo());
      }
    }
    return method;
  }
}
