package io.bloomkit.mapreduce.demo;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.UsageException;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code demo [--data DIR] [--work DIR] [--bits-per-key B] [--json]}: the whole idea in one local
 * command. On the committed sample data (300 key patents and 18,000 citations, see {@code
 * sample-data/README.md}) it runs the {@code build} tool (an ACBF of the key patents, 16 bits per
 * key) and the {@code join} tool with that filter (keys.PATENT = citations.CITED), both through
 * {@code ToolRunner} with this tool's configuration forced to local mode, and reports how many
 * citations the filter dropped before the shuffle and how its observed false positive rate compares
 * with the theory.
 *
 * <p>Works from any directory: without {@code --data} it uses the copy of {@code sample-data} the
 * job jar carries ({@link #SAMPLE_FILES}), written to {@code data/} in the work directory; {@code
 * --work} defaults to {@code bloomkit-demo-USER} in the temporary directory ({@code
 * java.io.tmpdir}). A run replaces the demo's own previous outputs there ({@code data/}, {@code
 * keys.acbf}, {@code join/}) and nothing else.
 */
public final class DemoTool extends BloomkitTool {
  /** The bundled sample data, on the classpath (the pom copies {@code sample-data} there). */
  static final String SAMPLE_RESOURCE = "sample-data/";
  /** The files of {@code sample-data} the demo reads (a test checks the list is complete). */
  static final java.util.List<String> SAMPLE_FILES =
      java.util.List.of(
          "keys/part-00000", "keys/part-00001", "citations/part-00000", "citations/part-00001");
  static final String BUNDLED_DATA = "data";
  static final String KEYS = "keys";
  static final String CITATIONS = "citations";
  static final String FILTER_FILE = "keys.acbf";
  static final String JOIN_DIR = "join";

  @Override
  public String name() {
    return "demo";
  }

  @Override
  public String description() {
    return "Local demo on sample-data/: build an ACBF of the key patents, join the citations"
        + " through it, and show what the filter saved.";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(
        opt("data", "DIR", "directory with keys/ and citations/ (default: the sample data the jar"
            + " carries, written to WORK/" + BUNDLED_DATA + ")"));
    o.addOption(
        opt("work", "DIR", "where the filter and join output go (default "
            + defaultWork().getPath() + ")"));
    o.addOption(numberOpt("bits-per-key", "B", "filter memory bits per key (default 16)"));
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    File work =
        (cl.hasOption("work") ? new File(cl.getOptionValue("work")) : defaultWork())
            .getAbsoluteFile();
    File data;
    if (cl.hasOption("data")) {
      data = new File(cl.getOptionValue("data")).getAbsoluteFile();
      if (!new File(data, KEYS).isDirectory() || !new File(data, CITATIONS).isDirectory()) {
        throw new UsageException(
            "--data " + data + " has no " + KEYS + "/ and " + CITATIONS + "/ directories");
      }
    } else {
      data = null; // written below, once the options are checked
    }
    double bitsPerKey = doubleValue(cl, "bits-per-key", 16);
    if (!(bitsPerKey > 0)) {
      throw new UsageException("--bits-per-key must be positive: " + bitsPerKey);
    }
    String bpk = bitsPerKey == Math.rint(bitsPerKey) ? Long.toString((long) bitsPerKey)
        : Double.toString(bitsPerKey);
    if (data == null) {
      data = new File(work, BUNDLED_DATA);
      writeSampleData(data);
    }
    File keysDir = new File(data, KEYS);
    File citationsDir = new File(data, CITATIONS);

    Configuration conf = new Configuration(getConf());
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    FileSystem local = FileSystem.getLocal(conf);
    Path filter = new Path(new File(work, FILTER_FILE).toURI());
    Path output = new Path(new File(work, JOIN_DIR).toURI());
    local.mkdirs(new Path(work.toURI()));
    local.delete(filter, false); // our own previous outputs only
    local.delete(output, true);

    long start = System.nanoTime();
    Map<String, Object> b =
        runTool(conf, new BuildTool(),
            "--input", keysDir.toURI().toString(),
            "--output", filter.toString(),
            "--key-field", "0",
            "--delimiter", ",",
            "--filter", "acbf",
            "--bits-per-key", bpk);
    Map<String, Object> j =
        runTool(conf, new JoinTool(),
            "--left", keysDir.toURI().toString(),
            "--left-key", "0",
            "--right", citationsDir.toURI().toString(),
            "--right-key", "1",
            "--output", output.toString(),
            "--type", "inner",
            "--delimiter", ",",
            "--filter", filter.toString());
    double seconds = (System.nanoTime() - start) / 1e9;

    Map<String, Object> r = result();
    r.put("data", data.getPath());
    r.put("work", work.getPath());
    r.put("filter", new File(work, FILTER_FILE).getPath());
    r.put("filterType", b.get("family"));
    r.put("bitsPerKey", bitsPerKey);
    r.put("filterItems", b.get("items"));
    r.put("filterBits", b.get("bits"));
    r.put("filterHashes", b.get("hashes"));
    for (String k :
        new String[] {
          "leftRecords", "rightRecords", "rightDroppedByFilter", "rightPassed", "falsePositives",
          "observedFppPerRecord", "rightDroppedKeys", "falsePositiveKeys", "observedFppPerKey",
          "theoreticalFpp", "mapOutputRecords", "mapOutputBytes", "outputRecords",
          "malformedRecords"
        }) {
      r.put(k, j.get(k));
    }
    r.put("output", new File(work, JOIN_DIR).getPath());
    r.put("buildSeconds", b.get("seconds"));
    r.put("joinSeconds", j.get("seconds"));
    r.put("seconds", seconds);
    if (!cl.hasOption("json")) {
      summary(r);
    }
    return r;
  }

  /** {@code bloomkit-demo-USER} in {@code java.io.tmpdir}. */
  static File defaultWork() {
    return new File(
        System.getProperty("java.io.tmpdir"),
        "bloomkit-demo-" + System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_"));
  }

  /** Writes the jar's copy of the sample data to {@code dir}, replacing a previous copy's files. */
  private static void writeSampleData(File dir) throws IOException {
    for (String f : SAMPLE_FILES) {
      File to = new File(dir, f);
      java.nio.file.Files.createDirectories(to.getParentFile().toPath());
      try (java.io.InputStream in = DemoTool.class.getResourceAsStream(SAMPLE_RESOURCE + f)) {
        if (in == null) {
          throw new IOException("the sample data " + SAMPLE_RESOURCE + f + " is missing from the"
              + " classpath (a jar built without it?); pass --data DIR");
        }
        java.nio.file.Files.copy(in, to.toPath(), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /**
   * Runs another tool in this process with the same configuration and returns its result.
   *
   * @throws IOException with the tool's messages if it fails
   */
  private static Map<String, Object> runTool(
      Configuration conf, BloomkitTool tool, String... args) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    tool.withStreams(
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    int code = BloomkitTool.run(conf, tool, args);
    if (code != OK || tool.lastResult() == null) {
      throw new IOException(
          tool.name() + " failed (exit " + code + "): "
              + err.toString(StandardCharsets.UTF_8).trim());
    }
    return tool.lastResult();
  }

  private void summary(Map<String, Object> r) {
    long right = num(r, "rightRecords");
    long dropped = num(r, "rightDroppedByFilter");
    long passed = num(r, "rightPassed");
    long fp = num(r, "falsePositives");
    PrintStream o = out();
    o.println("bloomkit demo: a Bloom-filtered reduce-side join, local mode");
    o.println(
        f("  filter   %s of %d key patents: %d bits, %d hashes (%s bits per key) -> %s",
            r.get("filterType"), num(r, "filterItems"), num(r, "filterBits"),
            num(r, "filterHashes"), fmt((Double) r.get("bitsPerKey")), r.get("filter")));
    o.println(
        f("  join     %d key patents (left) with %d citations (right) on CITED",
            num(r, "leftRecords"), right));
    o.println(
        f("  dropped  %d of %d citations (%.1f%%) by the filter in the map phase, before the"
                + " shuffle",
            dropped, right, right == 0 ? 0.0 : 100.0 * dropped / right));
    o.println(
        f("  passed   %d citations, of which %d false positives (key not on the left side)",
            passed, fp));
    long fpKeys = num(r, "falsePositiveKeys");
    o.println(
        f("  fpp      observed %.5f per key (%d of %d cited patents not on the left side),"
                + " theoretical %.5f",
            (Double) r.get("observedFppPerKey"), fpKeys, num(r, "rightDroppedKeys") + fpKeys,
            (Double) r.get("theoreticalFpp")));
    o.println(
        f("           per record %.5f (%d of %d non-matching citations; the theory is per key)",
            (Double) r.get("observedFppPerRecord"), fp, dropped + fp));
    o.println(f("  output   %d joined records in %s", num(r, "outputRecords"), r.get("output")));
    o.println(f("  time     %.1f s (build %.1f s, join %.1f s)", (Double) r.get("seconds"),
        (Double) r.get("buildSeconds"), (Double) r.get("joinSeconds")));
    o.println();
  }

  private static long num(Map<String, Object> r, String k) {
    Object v = r.get(k);
    return v instanceof Number ? ((Number) v).longValue() : 0;
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }

  public static void main(String[] args) {
    main(new DemoTool(), args);
  }
}
