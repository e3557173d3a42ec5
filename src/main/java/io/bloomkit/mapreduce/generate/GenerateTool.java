package io.bloomkit.mapreduce.generate;

import io.bloomkit.data.ClickLogGenerator;
import io.bloomkit.data.PartSink;
import io.bloomkit.data.PatentDataGenerator;
import io.bloomkit.data.TpchDataGenerator;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.UsageException;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code generate tpch|patents|clicks ...}: writes benchmark inputs through Hadoop's {@link FileSystem}
 * (the local file system or HDFS, per {@code -fs}), as {@code part-NNNNN} files. The data logic
 * lives in {@link io.bloomkit.data}; this tool only parses options and opens files.
 *
 * <ul>
 *   <li>{@code generate tpch --scale S --table NAME --out DIR [--parts P] [--orders-fraction F]}:
 *       a TPC-H table as dbgen's pipe-delimited lines in {@code DIR/part-*}; {@code
 *       --orders-fraction} keeps about F of the orders (see {@link TpchDataGenerator}).
 *   <li>{@code generate patents --out DIR [--patents P] [--citations C] [--keys K] [--seed S]
 *       [--parts N] [--datasets patents,citations,keys]}: NBER-shaped data (see {@link
 *       PatentDataGenerator}) in {@code DIR/patents/}, {@code DIR/citations/}, {@code DIR/keys/};
 *       the defaults are the sizes of the paper's files.
 *   <li>{@code generate clicks --out DIR [--records N] [--duplicate-share F] [--ads A] [--alpha Z]
 *       [--hours H] [--seed S] [--parts P]}: an ad-click log {@code time,click,ad,weight,importance}
 *       for {@code dedup} (key field 1, time field 0) and {@code icebergs} (key field 2, weight
 *       field 3), see {@link ClickLogGenerator}; parts are contiguous time ranges.
 * </ul>
 *
 * The output directory must not exist (usage error otherwise). On the local file system no
 * {@code .crc} side files are written.
 */
public final class GenerateTool extends BloomkitTool {
  static final String TPCH = "tpch";
  static final String PATENTS = "patents";
  static final String CLICKS = "clicks";
  private static final List<String> GENERATORS = Arrays.asList(TPCH, PATENTS, CLICKS);

  private static final List<String> TPCH_ONLY = Arrays.asList("scale", "table", "orders-fraction");
  private static final List<String> PATENTS_ONLY =
      Arrays.asList("patents", "citations", "keys", "datasets");
  private static final List<String> CLICKS_ONLY =
      Arrays.asList("records", "duplicate-share", "ads", "alpha", "hours");

  @Override
  public String name() {
    return "generate";
  }

  @Override
  public String description() {
    return "Generate inputs: 'tpch' (a TPC-H table, dbgen lines), 'patents' (NBER-shaped"
        + " patents, citations and key patents, seeded) or 'clicks' (an ad-click log with re-sent"
        + " clicks and Zipf ads, seeded).";
  }

  @Override
  protected String argsSyntax() {
    return "tpch|patents|clicks";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(opt("out", "DIR", "output directory, must not exist (required)"));
    o.addOption(integerOpt("parts", "N", "part files per dataset (default 1)"));
    o.addOption(numberOpt("scale", "S", "tpch: scale factor, e.g. 0.01 or 1 (required for tpch)"));
    o.addOption(opt("table", "NAME", "tpch: table: " + String.join(", ", tableNames())));
    o.addOption(
        numberOpt(
            "orders-fraction",
            "F",
            "tpch orders: keep the orders whose mixed o_orderkey hash falls below F, about F of"
                + " them (default 1)"));
    o.addOption(
        integerOpt(
            "patents",
            "P",
            "patents: number of patents (default " + PatentDataGenerator.DEFAULT_PATENTS + ")"));
    o.addOption(
        integerOpt(
            "citations",
            "C",
            "patents: number of citations (default "
                + PatentDataGenerator.DEFAULT_CITATIONS
                + ")"));
    o.addOption(
        integerOpt(
            "keys",
            "K",
            "patents: number of key patents (default " + PatentDataGenerator.DEFAULT_KEYS + ")"));
    o.addOption(
        integerOpt(
            "seed",
            "S",
            "patents, clicks: random seed (default " + PatentDataGenerator.DEFAULT_SEED
                + " for patents, " + ClickLogGenerator.DEFAULT_SEED + " for clicks)"));
    o.addOption(
        opt(
            "datasets",
            "LIST",
            "patents: which of patents,citations,keys to write (default all three)"));
    o.addOption(integerOpt("records", "N",
        "clicks: lines (default " + ClickLogGenerator.DEFAULT_RECORDS + ")"));
    o.addOption(numberOpt("duplicate-share", "F",
        "clicks: share of lines that re-send an earlier click, in [0, 1) (default "
            + ClickLogGenerator.DEFAULT_DUPLICATE_SHARE + ")"));
    o.addOption(integerOpt("ads", "A", "clicks: distinct ads (default " + ClickLogGenerator.DEFAULT_ADS + ")"));
    o.addOption(numberOpt("alpha", "Z", "clicks: Zipf exponent of re-sends (by recency) and of ads"
        + " (default " + ClickLogGenerator.DEFAULT_ALPHA + ")"));
    o.addOption(integerOpt("hours", "H", "clicks: time span in hours, times in seconds (default "
        + ClickLogGenerator.DEFAULT_HOURS + ")"));
    return o;
  }

  private static List<String> tableNames() {
    try {
      return TpchDataGenerator.tableNames();
    } catch (LinkageError e) { // tpch classes missing from the classpath: still print usage
      return Arrays.asList(
          "orders", "lineitem", "customer", "part", "partsupp", "supplier", "nation", "region");
    }
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    List<String> args = cl.getArgList();
    if (args.size() != 1 || !GENERATORS.contains(args.get(0))) {
      throw new UsageException("expected one generator name, tpch, patents or clicks, got " + args);
    }
    String generator = args.get(0);
    List<String> foreign = new ArrayList<>();
    foreign.addAll(generator.equals(TPCH) ? List.of() : TPCH_ONLY);
    foreign.addAll(generator.equals(PATENTS) ? List.of() : PATENTS_ONLY);
    foreign.addAll(generator.equals(CLICKS) ? List.of() : CLICKS_ONLY);
    if (generator.equals(TPCH)) {
      foreign.add("seed");
    }
    for (String o : foreign) {
      if (cl.hasOption(o)) {
        throw new UsageException("--" + o + " does not apply to " + generator);
      }
    }
    int parts = intValue(cl, "parts", 1, 1);
    required(cl, "out");
    long start = System.nanoTime();
    Map<String, Object> r =
        generator.equals(TPCH)
            ? tpch(cl, parts)
            : generator.equals(PATENTS) ? patents(cl, parts) : clicks(cl, parts);
    r.put("seconds", (System.nanoTime() - start) / 1e9);
    return r;
  }

  /** The output directory, checked after every option (usage errors name the option first). */
  private Path out(CommandLine cl) throws IOException {
    return absentPath(required(cl, "out"), "output");
  }

  private Map<String, Object> tpch(CommandLine cl, int parts) throws IOException {
    double scale = doubleValue(cl, "scale", 0);
    String table = required(cl, "table");
    if (!cl.hasOption("scale") || !(scale > 0)) {
      throw new UsageException("--scale must be given and positive");
    }
    double fraction = doubleValue(cl, "orders-fraction", 1);
    TpchDataGenerator g;
    try {
      g = TpchDataGenerator.of(table, scale);
      if (cl.hasOption("orders-fraction")) {
        g = g.withOrdersFraction(fraction);
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path out = out(cl);
    Files files = new Files(out, false);
    long rows = g.write(files, parts);
    Map<String, Object> r = result();
    r.put("generator", TPCH);
    r.put("table", g.tableName());
    r.put("scale", scale);
    r.put("ordersFraction", fraction);
    r.put("output", qualified(out));
    r.put("parts", parts);
    r.put("rows", rows);
    r.put("bytes", files.bytes);
    return r;
  }

  private Map<String, Object> patents(CommandLine cl, int parts) throws IOException {
    int patents = intValue(cl, "patents", PatentDataGenerator.DEFAULT_PATENTS, 1);
    long citations = longValue(cl, "citations", PatentDataGenerator.DEFAULT_CITATIONS, 0);
    int keys = intValue(cl, "keys", PatentDataGenerator.DEFAULT_KEYS, 0);
    long seed = longValue(cl, "seed", PatentDataGenerator.DEFAULT_SEED, Long.MIN_VALUE);
    Set<String> datasets = datasets(cl.getOptionValue("datasets"));
    PatentDataGenerator g;
    try {
      g = new PatentDataGenerator(patents, citations, keys, seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path out = out(cl);
    Files files = new Files(out, true);
    Map<String, Object> r = result();
    r.put("generator", PATENTS);
    r.put("seed", seed);
    r.put("output", qualified(out));
    r.put("parts", parts);
    for (String d : datasets) {
      long before = files.bytes;
      long lines;
      if (d.equals(PatentDataGenerator.PATENTS)) {
        lines = g.writePatents(files, parts);
      } else if (d.equals(PatentDataGenerator.CITATIONS)) {
        lines = g.writeCitations(files, parts);
      } else {
        lines = g.writeKeys(files, parts);
      }
      Map<String, Object> ds = result();
      ds.put("path", qualified(new Path(out, d)));
      ds.put("lines", lines);
      ds.put("bytes", files.bytes - before);
      r.put(d, ds);
    }
    return r;
  }

  private Map<String, Object> clicks(CommandLine cl, int parts) throws IOException {
    long records = longValue(cl, "records", ClickLogGenerator.DEFAULT_RECORDS, 1);
    double share = doubleValue(cl, "duplicate-share", ClickLogGenerator.DEFAULT_DUPLICATE_SHARE);
    int ads = intValue(cl, "ads", ClickLogGenerator.DEFAULT_ADS, 1);
    double alpha = doubleValue(cl, "alpha", ClickLogGenerator.DEFAULT_ALPHA);
    int hours = intValue(cl, "hours", ClickLogGenerator.DEFAULT_HOURS, 1);
    long seed = longValue(cl, "seed", ClickLogGenerator.DEFAULT_SEED, Long.MIN_VALUE);
    ClickLogGenerator g;
    try {
      g = new ClickLogGenerator(records, share, ads, alpha, hours, seed);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    Path out = out(cl);
    Files files = new Files(out, false);
    long lines = g.write(files, parts);
    Map<String, Object> r = result();
    r.put("generator", CLICKS);
    r.put("seed", seed);
    r.put("output", qualified(out));
    r.put("parts", parts);
    r.put("records", lines);
    r.put("distinctClicks", g.distinctClicks());
    r.put("duplicates", g.repeats());
    r.put("ads", ads);
    r.put("alpha", alpha);
    r.put("spanSeconds", g.spanSeconds());
    r.put("bytes", files.bytes);
    return r;
  }

  private static Set<String> datasets(String csv) {
    List<String> all =
        Arrays.asList(
            PatentDataGenerator.PATENTS,
            PatentDataGenerator.CITATIONS,
            PatentDataGenerator.KEYS);
    if (csv == null) {
      return new LinkedHashSet<>(all);
    }
    Set<String> chosen = new LinkedHashSet<>();
    for (String s : csv.split(",")) {
      String d = s.trim();
      if (!all.contains(d)) {
        throw new UsageException("--datasets: unknown dataset '" + d + "', expected " + all);
      }
      chosen.add(d);
    }
    // always write in the canonical order
    List<String> ordered = new ArrayList<>(all);
    ordered.retainAll(chosen);
    return new LinkedHashSet<>(ordered);
  }

  private String qualified(Path p) throws IOException {
    return p.getFileSystem(getConf()).makeQualified(p).toString();
  }

  /** Creates {@code out[/dataset]/part-NNNNN} and counts the bytes written. */
  private final class Files implements PartSink {
    private final Path out;
    private final boolean subdirectories;
    private final FileSystem fs;
    long bytes;

    Files(Path out, boolean subdirectories) throws IOException {
      this.out = out;
      this.subdirectories = subdirectories;
      FileSystem f = out.getFileSystem(getConf());
      // the local file system's checksum wrapper would add a .crc file next to every part
      this.fs = f instanceof LocalFileSystem ? ((LocalFileSystem) f).getRaw() : f;
    }

    @Override
    public OutputStream open(String dataset, int part) throws IOException {
      Path dir = subdirectories ? new Path(out, dataset) : out;
      Path file = new Path(dir, PartSink.partFileName(part));
      OutputStream s = fs.create(file, false);
      return new OutputStream() {
        @Override
        public void write(int b) throws IOException {
          s.write(b);
          bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
          s.write(b, off, len);
          bytes += len;
        }

        @Override
        public void close() throws IOException {
          s.close();
        }
      };
    }
  }

  public static void main(String[] args) {
    main(new GenerateTool(), args);
  }
}
