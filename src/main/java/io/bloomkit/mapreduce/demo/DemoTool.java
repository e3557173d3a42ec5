package io.bloomkit.mapreduce.demo;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

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
 * keys.acbf}, {@code join/}) and nothing else. The run is planned by {@link DemoPlan} and reported
 * by {@link DemoReport}.
 */
public final class DemoTool extends BloomkitTool {
  /** The bundled sample data, on the classpath (the pom copies {@code sample-data} there). */
  static final String SAMPLE_RESOURCE = "sample-data/";
  /** The files of {@code sample-data} the demo reads (a test checks the list is complete). */
  static final List<String> SAMPLE_FILES =
      List.of("keys/part-00000", "keys/part-00001", "citations/part-00000", "citations/part-00001");
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
            + DemoPlan.defaultWork().getPath() + ")"));
    o.addOption(numberOpt("bits-per-key", "B", "filter memory bits per key (default 16)"));
    return o;
  }

  @Override
  protected Map<String, Object> execute(CommandLine cl) throws Exception {
    DemoPlan plan = DemoPlan.of(cl);
    Configuration conf = new Configuration(getConf());
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    plan.prepare(FileSystem.getLocal(conf));
    long start = System.nanoTime();
    Map<String, Object> build = runTool(conf, new BuildTool(), plan.build());
    Map<String, Object> join = runTool(conf, new JoinTool(), plan.join());
    Map<String, Object> r =
        DemoReport.result(plan, build, join, (System.nanoTime() - start) / 1e9);
    if (!cl.hasOption("json")) {
      DemoReport.summary(out(), r);
    }
    return r;
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

  public static void main(String[] args) {
    main(new DemoTool(), args);
  }

  @Override
  protected boolean runsJobs() {
    return true;
  }
}
