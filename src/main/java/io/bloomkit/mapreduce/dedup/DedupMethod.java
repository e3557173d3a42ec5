package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.MethodOptions;
import java.util.EnumSet;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.mapreduce.Job;

/**
 * The methods of {@code dedup --method}. Each owns the options only it takes; another method's
 * option is a usage error naming the option and its method.
 */
enum DedupMethod {
  /**
   * {@link DedupMapper}, {@link DedupReducer}: shuffles the records by key and keeps the first of
   * each key.
   */
  EXACT,
  /**
   * First builds a counting Bloom filter (4-bit, sticky-saturating counters) of the key
   * multiplicities, one partial per split summed with {@code merge} ({@link MultiplicityMapper});
   * then the exact job runs with that filter shipped to every map task, which writes records whose
   * key has estimate 1 directly (certainly unique) and shuffles only the rest. The output is the
   * same multiset of lines as {@code exact}'s. Its options: {@link CountingSizing}.
   */
  COUNTING,
  /**
   * Bounded memory, approximate ({@link StreamOptions}): horizontal slicing, records partitioned to
   * S reducers by a hash of the key and sorted by (time, path, offset); each reducer runs the
   * chosen stream filter with B/S bits over its sub-stream and keeps what it reports distinct
   * ({@link StreamDedupReducer}); {@code --evaluate} adds an exact oracle and reports false
   * positives and negatives. {@code --local-filter exact|bloom} adds the leaf of a dense Bloom tree
   * to each map task ({@link LocalFilter}): a record it finds an earlier same-key record for is
   * written to the duplicates by the map task and not shuffled.
   */
  STREAM {
    @Override
    void shuffle(Job job) {
      // horizontal slices by key hash, each in the global order, one record per reduce call
      job.setSortComparatorClass(DedupKey.TimeOrderComparator.class);
      job.setGroupingComparatorClass(DedupKey.TimeOrderComparator.class);
      job.setReducerClass(StreamDedupReducer.class);
    }
  };

  /** Counting's filter, as the help of --items names it. */
  private static final String COUNTING_FILTER = "the counting filter";

  /** The methods' own options, stream's checked first. */
  private static final MethodOptions<DedupMethod> OWN =
      new MethodOptions<DedupMethod>()
          .only(EnumSet.of(STREAM), "applies to --method stream", names(StreamOptions.options()))
          .only(EnumSet.of(COUNTING), "applies to --method counting (it sizes its filter)",
              names(CountingSizing.options(COUNTING_FILTER)));

  /** Sets the dedup job's sort, grouping and reducer. */
  void shuffle(Job job) {
    job.setSortComparatorClass(DedupKey.Comparator.class);
    job.setGroupingComparatorClass(DedupKey.GroupingComparator.class);
    job.setReducerClass(DedupReducer.class);
  }

  /** Adds every method's own options. */
  static void addOptions(Options o) {
    for (Options own : new Options[] {CountingSizing.options(COUNTING_FILTER), StreamOptions.options()}) {
      for (Option x : own.getOptions()) {
        o.addOption(x);
      }
    }
  }

  /**
   * The method {@code --method} names (default exact), after checking that {@code cl} has no
   * option of another method and that the stream options that need no other value are right.
   *
   * @throws io.bloomkit.mapreduce.config.UsageException naming the first option that does not apply
   */
  static DedupMethod of(CommandLine cl) {
    DedupMethod method = Choices.get(cl, "method", EXACT);
    OWN.check(cl, method);
    if (method == STREAM) {
      StreamOptions.checkAlone(cl);
    }
    return method;
  }

  private static String[] names(Options options) {
    return options.getOptions().stream().map(Option::getLongOpt).toArray(String[]::new);
  }
}
