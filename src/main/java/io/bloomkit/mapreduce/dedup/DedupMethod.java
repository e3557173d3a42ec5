package io.bloomkit.mapreduce.dedup;

import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.mapreduce.cli.UsageException;
import java.util.List;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.mapreduce.Job;

/**
 * The methods of {@code dedup --method}. Each owns the options only it takes ({@link #options()});
 * another method's option is a usage error naming the option and its method.
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
   * same multiset of lines as {@code exact}'s.
   */
  COUNTING {
    @Override
    Options options() {
      Options o = new Options();
      o.addOption(opt("items", "N", "counting: distinct keys to size the counting filter for"
          + " (default: input bytes / 64)"));
      o.addOption(opt("bits-per-key", "B", "counting: filter memory bits per distinct key"
          + " (default 32)"));
      return o;
    }

    @Override
    String forWhat() {
      return " (it sizes its filter)";
    }
  },
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
    Options options() {
      return StreamOptions.options();
    }

    @Override
    void checkOwnOptions(CommandLine cl) {
      StreamOptions.checkAlone(cl);
    }

    @Override
    void shuffle(Job job) {
      // horizontal slices by key hash, each in the global order, one record per reduce call
      job.setSortComparatorClass(DedupKey.TimeOrderComparator.class);
      job.setGroupingComparatorClass(DedupKey.TimeOrderComparator.class);
      job.setReducerClass(StreamDedupReducer.class);
    }
  };

  /** The name on the command line and in the result. */
  String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The options only this method takes. */
  Options options() {
    return new Options();
  }

  /** How a usage error goes on after "--OPTION applies to --method NAME". */
  String forWhat() {
    return "";
  }

  /** Checks of this method's options that need no other value. */
  void checkOwnOptions(CommandLine cl) {}

  /** Sets the dedup job's sort, grouping and reducer. */
  void shuffle(Job job) {
    job.setSortComparatorClass(DedupKey.Comparator.class);
    job.setGroupingComparatorClass(DedupKey.GroupingComparator.class);
    job.setReducerClass(DedupReducer.class);
  }

  /**
   * The method {@code --method} names (default exact), after checking that {@code cl} has no
   * option of another method and that the method's own options go together.
   *
   * @throws UsageException naming the first option that does not apply
   */
  static DedupMethod of(CommandLine cl) {
    String name = cl.getOptionValue("method", EXACT.cliName());
    DedupMethod method = null;
    for (DedupMethod m : values()) {
      method = m.cliName().equals(name) ? m : method;
    }
    if (method == null) {
      throw new UsageException("--method must be exact, counting or stream: " + name);
    }
    for (DedupMethod other : List.of(STREAM, COUNTING)) { // the order the errors are found in
      for (Option o : other.options().getOptions()) {
        if (other != method && cl.hasOption(o.getLongOpt())) {
          throw new UsageException("--" + o.getLongOpt() + " applies to --method "
              + other.cliName() + other.forWhat());
        }
      }
    }
    method.checkOwnOptions(cl);
    return method;
  }
}
