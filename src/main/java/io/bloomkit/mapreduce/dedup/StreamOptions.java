package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.BloomMath;
import static io.bloomkit.mapreduce.cli.BloomkitTool.flag;
import static io.bloomkit.mapreduce.cli.BloomkitTool.intValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.integerOpt;
import static io.bloomkit.mapreduce.cli.BloomkitTool.longValue;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.mapreduce.cli.Choices;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The options of {@code dedup --method stream} and their values: the stream filter of each slice
 * ({@link StreamDedupFilters}) and its memory, the slices, the map tasks' leaf ({@link
 * LocalFilter}) and the exact oracle of {@code --evaluate}. Values that cannot work together are
 * usage errors, before any job.
 */
final class StreamOptions {
  /** Largest Bloom leaf of a map task: 2^30 bits, 128 MiB of heap. */
  static final long MAX_LOCAL_BITS = 1L << 30;

  private static final Logger LOG = LoggerFactory.getLogger(DedupTool.class); // the tool's log

  final String filter;
  final int slices;
  final long bitsPerSlice;
  final long timerResolution;
  final LocalFilter.Kind local;
  /** bloom leaf only: its bits and hash count. */
  final long localBits;
  final int localHashes;
  final boolean evaluate;
  /** A 0-based field number or a column name, or null: none. */
  final String importanceField;

  private StreamOptions(
      String filter, int slices, long bitsPerSlice, long timerResolution, LocalFilter.Kind local,
      long localBits, int localHashes, boolean evaluate, String importanceField) {
    this.filter = filter;
    this.slices = slices;
    this.bitsPerSlice = bitsPerSlice;
    this.timerResolution = timerResolution;
    this.local = local;
    this.localBits = localBits;
    this.localHashes = localHashes;
    this.evaluate = evaluate;
    this.importanceField = importanceField;
  }

  /** The options, in the order their misuse with another method is reported. */
  static Options options() {
    Options o = new Options();
    o.addOption(opt("filter", "F", "stream: bf, sbf (default), rsbf, ibf-2c, ibf-2c-alg1, ibf-mc, ibf-h (no window:"
        + " they ignore --window) or timer (sliding window, needs --window)"));
    o.addOption(integerOpt("memory-bits", "B", "stream: total filter memory in bits, B/S per slice (required)"));
    o.addOption(integerOpt("slices", "S", "stream: horizontal slices = reduce tasks (default --reducers;"
        + " both given must agree)"));
    o.addOption(opt("importance-field", "F", "stream: field of a numeric importance, a 0-based"
        + " number or a column name (ibf filters, and --evaluate's weighted rates; range from -D"
        + " bloomkit.importance.min/max, default 0..1)"));
    o.addOption(opt("local-filter", "L", "stream: a leaf filter in each map task that drops records"
        + " seen earlier in the task before the shuffle: none (default), exact (key -> time table)"
        + " or bloom (test-and-set Bloom filter; drops only while the task's time does not go back;"
        + " not with --window)"));
    o.addOption(integerOpt("local-bits", "B", "stream, --local-filter bloom: bits of each map task's leaf"
        + " (default --memory-bits: the paper's tree gives every node the root's size)"));
    o.addOption(integerOpt("timer-resolution", "U", "stream, --filter timer: time units per timer tick"
        + " (default 1); timers count ceil(W/U) ticks in fewer bits, exact up to one tick at the"
        + " window's end"));
    o.addOption(flag("evaluate", "stream: count false positives/negatives against an exact oracle"));
    return o;
  }

  /** The checks that need no other option: the leaf's name, and its bits only for bloom. */
  static void checkAlone(CommandLine cl) {
    LocalFilter.Kind local = Choices.get(cl, "local-filter", LocalFilter.Kind.NONE);
    if (cl.hasOption("local-bits") && local != LocalFilter.Kind.BLOOM) {
      throw new UsageException("--local-bits applies to --local-filter bloom");
    }
  }

  /**
   * The values of {@code cl}.
   *
   * @param conf the user's configuration (-D), read for the leaf's hash count and the record
   *     delimiter
   * @param window the window, 0 for none
   * @param reducers {@code --reducers} or its default: the slices unless {@code --slices} is given
   * @throws UsageException for values that do not work, alone or together
   */
  static StreamOptions parse(CommandLine cl, Configuration conf, long window, int reducers) {
    String filter = cl.getOptionValue("filter", "sbf");
    if (!StreamDedupFilters.NAMES.contains(filter)) {
      throw new UsageException("--filter must be one of " + StreamDedupFilters.NAMES + ": " + filter);
    }
    if (cl.hasOption("slices") && cl.hasOption("reducers")
        && intValue(cl, "slices", 1, 1) != reducers) {
      throw new UsageException("--slices and --reducers differ: with --method stream the slices"
          + " are the reduce tasks (give one of them)");
    }
    int slices = intValue(cl, "slices", reducers, 1);
    boolean windowed = StreamDedupFilters.windowed(filter);
    boolean evaluate = cl.hasOption("evaluate");
    LocalFilter.Kind local = Choices.get(cl, "local-filter", LocalFilter.Kind.NONE);
    if (cl.hasOption("importance-field") && !filter.startsWith("ibf-") && !evaluate) {
      throw new UsageException("--importance-field applies to the ibf filters (ibf-2c,"
          + " ibf-2c-alg1, ibf-mc, ibf-h) and to --evaluate's weighted rates; --filter " + filter + " has no use"
          + " for it");
    }
    if (window > 0 && !windowed && !evaluate && local != LocalFilter.Kind.EXACT) {
      throw new UsageException("--window has no effect with --filter " + filter + ": only the"
          + " timer filter, --local-filter exact and the --evaluate oracle apply a window");
    }
    if (!cl.hasOption("memory-bits")) {
      throw new UsageException("--memory-bits is required for --method stream");
    }
    long memoryBits = longValue(cl, "memory-bits", 0, slices);
    long bits = memoryBits / slices;
    if (windowed && window <= 0) {
      throw new UsageException("--filter " + filter + " needs --window (and --time-field)");
    }
    long resolution = longValue(cl, "timer-resolution", 1, 1);
    if (cl.hasOption("timer-resolution") && !filter.equals("timer")) {
      throw new UsageException("--timer-resolution applies to --filter timer");
    }
    try {
      // checks the size holds the filter
      StreamDedupFilters.create(filter, bits, 0, 0, 1, window, resolution);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--memory-bits / slices = " + bits + ": " + e.getMessage());
    }
    if (window > 0 && !windowed) {
      LOG.warn("--filter {} has no window: it ignores --window {}, which only the oracle of"
          + " --evaluate applies (use --filter timer for a windowed filter)", filter, window);
    }
    long localBits = 0;
    int localHashes = 0;
    if (local == LocalFilter.Kind.BLOOM) {
      if (window > 0) {
        throw new UsageException("--local-filter bloom cannot forget and refuses --window"
            + " (use --local-filter exact)");
      }
      localBits = longValue(cl, "local-bits", memoryBits, 1);
      if (localBits > MAX_LOCAL_BITS) {
        throw new UsageException("--local-bits (default --memory-bits) must be at most "
            + MAX_LOCAL_BITS + " (one map task's leaf): " + localBits);
      }
      localHashes = BloomkitConfig.DEDUP_LOCAL_HASHES.getInt(conf);
      if (localHashes < 1 || localHashes > BloomMath.MAX_HASHES) {
        throw new UsageException(BloomkitConfig.DEDUP_LOCAL_HASHES.key() + " must be in [1, "
            + BloomMath.MAX_HASHES + "]: " + localHashes);
      }
    }
    String recordDelimiter = conf.get("textinputformat.record.delimiter");
    if (local != LocalFilter.Kind.NONE && recordDelimiter != null
        && !recordDelimiter.contains("\n")) {
      throw new UsageException("--local-filter needs newline-delimited records (its markers are"
          + " values that start with a newline): textinputformat.record.delimiter is set");
    }
    String importance =
        cl.hasOption("importance-field") ? DedupTool.oneField(cl, "importance-field") : null;
    return new StreamOptions(filter, slices, bits, resolution, local, localBits, localHashes,
        evaluate, importance);
  }

  /** Whether the slices' filter applies the window itself (timer). */
  boolean windowed() {
    return StreamDedupFilters.windowed(filter);
  }

  /** Sets the stream keys the tasks read. */
  void configure(Configuration conf) {
    BloomkitConfig.DEDUP_TIMER_RESOLUTION.set(conf, timerResolution);
    if (local == LocalFilter.Kind.BLOOM) {
      BloomkitConfig.DEDUP_LOCAL_BITS.set(conf, localBits);
    }
    BloomkitConfig.DEDUP_LOCAL_FILTER.set(conf, Choices.name(local));
    BloomkitConfig.DEDUP_STREAM_FILTER.set(conf, filter);
    BloomkitConfig.DEDUP_STREAM_BITS.set(conf, bitsPerSlice);
    BloomkitConfig.DEDUP_EVALUATE.set(conf, evaluate);
    BloomkitConfig.IMPORTANCE_FIELD.set(conf, importanceField == null ? "" : importanceField);
  }
}
