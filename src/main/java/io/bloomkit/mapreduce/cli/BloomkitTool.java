package io.bloomkit.mapreduce.cli;

import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.UsageException;
import io.bloomkit.mapreduce.table.ListingCache;
import io.bloomkit.mapreduce.table.NioLocalFileSystem;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.util.GenericOptionsParser;
import org.apache.hadoop.util.Tool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Base of every bloomkit command. Run through {@link org.apache.hadoop.util.ToolRunner}, so the
 * generic options ({@code -D}, {@code -fs}, {@code -jt}, {@code -files}, {@code -libjars}) work
 * before the tool's own.
 *
 * <p>A subclass declares its {@link #options()} and {@link #description()} and implements {@link
 * #execute}, which returns the result as an ordered map. The base handles {@code -h/--help} (usage
 * on stderr, exit 0), bad options and values (the message and a line pointing to {@code --help} on stderr, exit 2), failures
 * (message on stderr, exit 1) and {@code --json}, which every tool accepts: the last line of stdout
 * is then the result as one JSON object (tools whose output is JSON anyway ignore it); otherwise
 * stdout gets a human summary. stdout carries results only; usage text and logs go to stderr, and
 * so does the progress of the jobs a tool that {@link #runsJobs()} runs, unless {@code --quiet}
 * ({@link Progress}).
 *
 * <p>Exit codes: {@link #OK} 0, {@link #FAILED} 1, {@link #USAGE} 2.
 */
public abstract class BloomkitTool extends Configured implements Tool {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int USAGE = 2;

  protected final Logger log = LoggerFactory.getLogger(getClass());
  private PrintStream out = System.out;
  private PrintStream err = System.err;
  private Map<String, Object> lastResult;

  /** The command name ({@code build}, {@code join} ...). */
  public abstract String name();

  /** One line saying what the command does. */
  public abstract String description();

  /**
   * One line for the driver's list of tools ({@code bloomkit --help}): the description's first
   * line unless a tool says better.
   */
  public String summary() {
    return description().split("\n", 2)[0];
  }

  /**
   * The tool's own options; the base adds {@code --help} and {@code --json} (to every tool), and
   * {@code --quiet} to tools that {@link #runsJobs()}.
   */
  protected abstract Options options();

  /**
   * Runs the command.
   *
   * @return the result fields, in output order, or null when the tool printed its own output
   * @throws UsageException for a command line that cannot run (exit 2)
   * @throws Exception for any failure (exit 1)
   */
  protected abstract Map<String, Object> execute(CommandLine cl) throws Exception;

  /** Whether the result is always printed as JSON (tools whose output is a report). */
  protected boolean alwaysJson() {
    return false;
  }

  /**
   * Whether the tool runs MapReduce jobs: then it accepts {@code --quiet}, and without it shows the
   * jobs' progress on stderr ({@link Progress}).
   */
  protected boolean runsJobs() {
    return false;
  }

  /** Positional arguments, for the usage line. */
  protected String argsSyntax() {
    return "";
  }

  /** Redirects the tool's stdout and stderr (tests). */
  public BloomkitTool withStreams(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
    return this;
  }

  protected PrintStream out() {
    return out;
  }

  /** The tool's stderr, for warnings the user must see whatever the log settings. */
  protected PrintStream err() {
    return err;
  }

  /**
   * Every option the command line accepts, {@code --help} and {@code --json} included: lets stored
   * command lines (an Oozie workflow's {@code <arg>}s) be checked against the tool itself.
   */
  public Options commandLineOptions(String... args) {
    return allOptions(args);
  }

  /**
   * The result of the last successful {@link #run}, or null: lets a tool that runs other tools
   * programmatically ({@code demo}) use their results without parsing their output.
   */
  public Map<String, Object> lastResult() {
    return lastResult;
  }

  /**
   * The options for this command line: {@link #options()} unless the tool picks them from a
   * positional sub-command (see {@code simulate NAME}).
   */
  protected Options optionsFor(String[] args) {
    return options();
  }

  private Options allOptions(String[] args) {
    Options o = optionsFor(args);
    o.addOption(
        Option.builder("h").longOpt("help").desc("print this help (on stderr) and exit").build());
    if (!o.hasLongOption("json")) {
      o.addOption(
          Option.builder()
              .longOpt("json")
              .desc(alwaysJson() ? "accepted by every tool; this one prints JSON anyway"
                  : "end stdout with one JSON line of results")
              .build());
    }
    if (runsJobs() && !o.hasLongOption("quiet")) {
      o.addOption(
          flag("quiet", "no job progress on stderr (job ids, tracking URL, map and reduce"
              + " percentages)"));
    }
    return o;
  }

  @Override
  public final int run(String[] args) {
    this.commandLine = List.of(args);
    Options options = allOptions(args);
    CommandLine cl;
    try {
      cl = new DefaultParser().parse(options, args);
    } catch (ParseException e) {
      return usageError(e.getMessage());
    }
    if (cl.hasOption("help")) {
      printUsage(err, options); // stdout is for results only
      err.flush();
      return OK;
    }
    try {
      BloomkitConfig.check(getConf());
    } catch (IllegalArgumentException e) {
      return usageError(e.getMessage());
    }
    // local mode: list and create local files without a forked process per file
    NioLocalFileSystem.install(getConf());
    try {
      Map<String, Object> result;
      try (Progress.Scope p = Progress.report(progress(cl));
          ListingCache.Scope listings = ListingCache.open()) {
        result = execute(cl);
      }
      lastResult = result;
      if (result == null) {
        // the tool printed its own rows
      } else if (alwaysJson() || cl.hasOption("json")) {
        out.println(Json.write(result));
      } else {
        Summary.print(out, result);
      }
      out.flush();
      return OK;
    } catch (UsageException e) {
      return usageError(e.getMessage());
    } catch (UnsupportedFamilyException e) {
      // a well-formed filter file of a family this tool cannot use: a usage error
      return usageError(e.getMessage());
    } catch (Exception e) {
      log.debug("{} failed", name(), e);
      err.println(name() + ": " + messageOf(e));
      err.flush();
      return FAILED;
    }
  }

  /** The arguments of the current {@link #run} (generic options removed): the provenance's. */
  private List<String> commandLine = List.of();

  /** The command line this run was given (after the generic options), as a filter records it. */
  protected List<String> commandLine() {
    return commandLine;
  }

  /** Where the tool's jobs report: its stderr unless {@code --quiet}. */
  private Progress progress(CommandLine cl) {
    if (!runsJobs() || cl.hasOption("quiet")) {
      return Progress.quiet();
    }
    return Progress.to(err, err == System.err && Progress.stderrIsTerminal());
  }

  private static String messageOf(Throwable e) {
    String m = e.getMessage();
    if (m == null || m.isEmpty()) {
      m = e.getClass().getSimpleName();
    }
    return m;
  }

  /**
   * A usage error: the message and one line pointing to {@code --help}, as {@code git} and {@code
   * spark-submit} answer; the whole usage only when asked for.
   */
  private int usageError(String message) {
    err.println(name() + ": " + message);
    err.println("Try 'bloomkit " + name() + " --help' for the options.");
    err.flush();
    return USAGE;
  }

  private void printUsage(PrintStream stream, Options options) {
    PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(stream, StandardCharsets.UTF_8));
    HelpFormatter f = new HelpFormatter();
    f.printHelp(
        w,
        100,
        "bloomkit " + name() + " [generic options] [options] " + argsSyntax(),
        description(),
        options,
        2,
        4,
        "Generic options (-D k=v, -fs, -jt, -files, -libjars) come before the tool's own."
            + " Exit codes: 0 ok, 1 failed, 2 usage.");
    w.flush();
  }

  /**
   * Runs {@code tool} as {@link org.apache.hadoop.util.ToolRunner} does (generic options first,
   * then the tool's own); returns its exit code. Generic options that do not parse are a usage
   * error: Hadoop's parser prints their help on stdout and goes on, so it prints on stderr here and
   * the tool does not run.
   */
  public static int run(Configuration conf, BloomkitTool tool, String[] args) {
    GenericOptionsParser parser;
    PrintStream stdout = System.out;
    try {
      System.setOut(tool.err); // stdout is for results only
      parser = new GenericOptionsParser(conf, args);
    } catch (IOException | RuntimeException e) {
      tool.err.println(tool.name() + ": " + messageOf(e));
      return USAGE;
    } finally {
      System.setOut(stdout);
    }
    if (!parser.isParseSuccessful()) {
      tool.err.println(
          tool.name() + ": bad generic options (-D key=value, -fs URI, -jt HOST:PORT, -files,"
              + " -libjars: each with its value, before the tool's own options)");
      tool.err.flush();
      return USAGE;
    }
    tool.setConf(conf);
    return tool.run(parser.getRemainingArgs());
  }

  /** The tool's {@code main}: exits with the tool's code. */
  protected static void main(BloomkitTool tool, String[] args) {
    System.exit(run(new Configuration(), tool, args));
  }

  // ---- option helpers, public for the tools' package classes: typed values (commons-cli
  // converters); bad values are usage errors naming the option ----

  /** A new ordered result map. */
  protected static Map<String, Object> result() {
    return new LinkedHashMap<>();
  }

  /** The value of {@code opt}; absent or empty is a usage error. */
  public static String required(CommandLine cl, String opt) {
    String v = cl.getOptionValue(opt);
    if (v == null || v.isEmpty()) {
      throw new UsageException("--" + opt + " is required");
    }
    return v;
  }

  /**
   * The value of an {@link #integerOpt}, {@code dflt} when absent.
   *
   * @throws UsageException naming the option unless the value given is an integer of at least
   *     {@code min}
   */
  public static long longValue(CommandLine cl, String opt, long dflt, long min) {
    long x = OptionValues.parsed(cl, opt, Long.class, dflt);
    if (x < min && cl.hasOption(opt)) { // the default need not be a value one may give
      throw new UsageException("--" + opt + " must be at least " + min + ": " + x);
    }
    return x;
  }

  /** {@link #longValue} as an int; a value above {@code Integer.MAX_VALUE} is a usage error. */
  public static int intValue(CommandLine cl, String opt, int dflt, int min) {
    long x = longValue(cl, opt, dflt, min);
    if (x > Integer.MAX_VALUE) {
      throw new UsageException("--" + opt + " is too large: " + x);
    }
    return (int) x;
  }

  /**
   * The key types of keys of {@code fields} fields, from the key-types configuration key {@code
   * key} ({@link BloomkitConfig#KEY_TYPES} or a join side's); unset: a string per field.
   *
   * @throws UsageException naming the key, for an unknown type or a list of another length
   */
  public static KeySignature keySignature(Configuration conf, BloomkitConfig key, int fields) {
    try {
      return key.keySignature(conf, fields);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /**
   * The value of a {@link #numberOpt}, {@code dflt} when absent.
   *
   * @throws UsageException naming the option unless a finite number
   */
  public static double doubleValue(CommandLine cl, String opt, double dflt) {
    return OptionValues.parsed(cl, opt, Double.class, dflt);
  }

  /**
   * The paths of a comma-separated list (see {@link io.bloomkit.mapreduce.common.Inputs}: commas inside
   * braces belong to the glob), each of which must exist: a glob must match something not hidden
   * (names starting with {@code .} or {@code _} are never read).
   *
   * @throws UsageException naming the first missing path
   */
  protected org.apache.hadoop.fs.Path[] existingPaths(String csv, String what)
      throws java.io.IOException {
    java.util.List<String> parts;
    try {
      parts = io.bloomkit.mapreduce.common.Inputs.split(csv);
    } catch (IllegalArgumentException e) {
      throw new UsageException(what + ": " + e.getMessage());
    }
    java.util.List<org.apache.hadoop.fs.Path> paths = new java.util.ArrayList<>();
    for (String s : parts) {
      org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(s);
      org.apache.hadoop.fs.FileStatus[] st = matches(p);
      if (st.length == 0) {
        throw new UsageException(what + " path does not exist: " + p);
      }
      boolean visible = false;
      for (org.apache.hadoop.fs.FileStatus f : st) {
        visible |= !io.bloomkit.mapreduce.common.Inputs.hidden(f.getPath().getName());
      }
      if (!visible) {
        throw new UsageException(what + " path " + p + " names only hidden files (names starting"
            + " with . or _ are not read)");
      }
      paths.add(p);
    }
    if (paths.isEmpty()) {
      throw new UsageException(what + " path missing");
    }
    return paths.toArray(new org.apache.hadoop.fs.Path[0]);
  }

  /**
   * The one existing file a path or glob names (a filter file): a glob must match exactly one
   * file.
   *
   * @throws UsageException naming the pattern and how many paths it matches otherwise
   */
  protected org.apache.hadoop.fs.Path existingFile(String s, String what)
      throws java.io.IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(s.trim());
    org.apache.hadoop.fs.FileStatus[] st = matches(p);
    if (st.length == 0) {
      throw new UsageException(what + " path does not exist: " + p);
    }
    if (st.length > 1) {
      throw new UsageException(what + " pattern " + p + " matches " + st.length
          + " paths; it must name exactly one file");
    }
    if (st[0].isDirectory()) {
      throw new UsageException(what + " " + st[0].getPath() + " is a directory, not a file");
    }
    return st[0].getPath();
  }

  private org.apache.hadoop.fs.FileStatus[] matches(org.apache.hadoop.fs.Path p)
      throws java.io.IOException {
    org.apache.hadoop.fs.FileStatus[] st = p.getFileSystem(getConf()).globStatus(p);
    return st == null ? new org.apache.hadoop.fs.FileStatus[0] : st;
  }

  /**
   * An output path that must not exist yet.
   *
   * @throws UsageException if it does
   */
  protected org.apache.hadoop.fs.Path absentPath(String s, String what) throws java.io.IOException {
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(s);
    if (p.getFileSystem(getConf()).exists(p)) {
      throw new UsageException(what + " already exists: " + p + " (remove it or choose another)");
    }
    return p;
  }

  /** An option taking one value. */
  public static Option opt(String longOpt, String arg, String desc) {
    return Option.builder().longOpt(longOpt).hasArg().argName(arg).desc(desc).build();
  }

  /** An option taking one integer (read it with {@link #longValue} or {@link #intValue}). */
  public static Option integerOpt(String longOpt, String arg, String desc) {
    return OptionValues.typed(longOpt, arg, desc, Long.class, OptionValues.INTEGER);
  }

  /** An option taking one finite number (read it with {@link #doubleValue}). */
  public static Option numberOpt(String longOpt, String arg, String desc) {
    return OptionValues.typed(longOpt, arg, desc, Double.class, OptionValues.NUMBER);
  }

  /** A flag. */
  public static Option flag(String longOpt, String desc) {
    return Option.builder().longOpt(longOpt).desc(desc).build();
  }
}
