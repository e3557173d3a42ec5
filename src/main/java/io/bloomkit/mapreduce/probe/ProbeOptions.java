package io.bloomkit.mapreduce.probe;

import static io.bloomkit.mapreduce.cli.BloomkitTool.flag;
import static io.bloomkit.mapreduce.cli.BloomkitTool.opt;

import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.cli.InputOptions;
import io.bloomkit.mapreduce.cli.MalformedOptions;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.cli.SizingOptions;
import io.bloomkit.mapreduce.config.UsageException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.OptionGroup;
import org.apache.commons.cli.Options;

/**
 * {@code probe}'s options and the values of a command line that need no file system (the tool then
 * finds the files and reads the input's format and columns into a {@link ProbePlan}).
 */
final class ProbeOptions {
  /** The most filters one run takes (each adds three counters to the job's). */
  static final int MAX_FILTERS = 16;

  /** Each {@code --filter} as given. */
  final List<String> given = new ArrayList<>();
  /** Each filter's file, as given (before the last colon). */
  final List<String> files = new ArrayList<>();
  /** Each filter's key fields (0-based numbers or column names). */
  final List<List<String>> fields = new ArrayList<>();
  /** Every filter's key fields one filter after the other. */
  final List<String> allFields = new ArrayList<>();
  /** Their types from {@code --key-type}, or null when not given. */
  final List<KeyType> allTypes;
  final boolean any;
  final boolean invert;
  final boolean strict;
  final double maxShare;

  private ProbeOptions(CommandLine cl) {
    String[] filters = cl.getOptionValues("filter");
    if (filters == null) {
      throw new UsageException("--filter is required");
    }
    if (filters.length > MAX_FILTERS) {
      throw new UsageException("at most " + MAX_FILTERS + " --filter options, got "
          + filters.length);
    }
    for (String g : filters) {
      int colon = g.lastIndexOf(':');
      String keys = colon < 0 ? "" : g.substring(colon + 1);
      if (colon <= 0 || keys.contains("/")) {
        throw new UsageException("--filter " + g + ": give FILE:KEYFIELDS, the filter file then"
            + " the key field(s) after the last colon");
      }
      given.add(g);
      files.add(g.substring(0, colon));
      fields.add(InputOptions.fields("filter", keys));
      allFields.addAll(fields.get(fields.size() - 1));
    }
    allTypes = keyTypes(cl);
    any = cl.hasOption("any");
    invert = cl.hasOption("invert");
    strict = cl.hasOption("strict");
    maxShare = MalformedOptions.maxShare(cl);
  }

  /**
   * The values of {@code cl}, checked.
   *
   * @throws UsageException for a bad option or value
   */
  static ProbeOptions parse(CommandLine cl) {
    return new ProbeOptions(cl);
  }

  /**
   * The key types of every filter's key one after the other: {@code --key-type} once for each
   * filter's key, or once per filter; null when not given.
   */
  private List<KeyType> keyTypes(CommandLine cl) {
    String[] t = cl.getOptionValues("key-type");
    if (t == null) {
      return null;
    }
    if (t.length != 1 && t.length != given.size()) {
      throw new UsageException("--key-type is given " + t.length + " times for " + given.size()
          + " filters: give it once (for every filter's key) or once per --filter, in order");
    }
    List<KeyType> types = new ArrayList<>();
    for (int i = 0; i < given.size(); i++) {
      try {
        types.addAll(InputOptions.keyTypes("key-type", t[t.length == 1 ? 0 : i],
            fields.get(i).size()));
      } catch (UsageException e) {
        throw new UsageException(e.getMessage() + " of --filter " + given.get(i));
      }
    }
    return types;
  }

  /** The options {@code probe} takes. */
  static Options options() {
    Options o = new Options();
    o.addOption(opt("input", "PATH[,PATH]", "input files, directories or globs (required)"));
    o.addOption(opt("output", "DIR", "output directory; must not exist (required)"));
    o.addOption(opt("filter", "FILE:KEYFIELDS", "a filter file (build, update) and the input's"
        + " key field(s) to test against it: 0-based numbers or column names, several for a"
        + " composite key (split at the last colon); repeat for several filters (at most "
        + MAX_FILTERS + "), tested in this order (required)"));
    OptionGroup mode = new OptionGroup();
    mode.addOption(flag("all", "write records whose key may be in every filter (default)"));
    mode.addOption(flag("any", "write records whose key may be in at least one filter"));
    o.addOptionGroup(mode);
    o.addOption(flag("invert", "write the well-formed records the same command without"
        + " --invert does not write (one exact filter: an anti-semijoin)"));
    o.addOption(SizingOptions.delimiter());
    InputOptions.add(o, InputOptions.Side.ONE);
    o.addOption(opt("key-type", "TYPE[,TYPE...]", "key types per key field: string, long,"
        + " decimal, date, timestamp, boolean or binary; once for every filter's key, or once per"
        + " --filter in order (default: string for text and CSV, the columns' types for avro,"
        + " parquet, orc)"));
    o.addOption(flag("strict", "fail on the first malformed record"));
    o.addOption(flag("allow-stale", "use a filter whose recorded sources changed since it was"
        + " built, with a warning (default: refuse, exit 2)"));
    MalformedOptions.add(o);
    OutputOptions.add(o, "the input's own format for Avro, Parquet and ORC inputs, else text");
    return o;
  }
}
