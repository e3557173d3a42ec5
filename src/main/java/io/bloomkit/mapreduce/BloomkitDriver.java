package io.bloomkit.mapreduce;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.demo.DemoTool;
import io.bloomkit.mapreduce.generate.GenerateTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.merge.MergeTool;
import io.bloomkit.mapreduce.merge.SubtractTool;
import io.bloomkit.mapreduce.probe.ProbeTool;
import io.bloomkit.mapreduce.simulate.SimulateTool;
import io.bloomkit.mapreduce.size.SizeTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.util.ProgramDriver;

/**
 * The job jar's main class: {@code hadoop jar bloomkit.jar TOOL [generic options] [options]}.
 * Every tool of {@link #TOOLS} is registered in one {@link ProgramDriver}; each runs through {@code
 * ToolRunner} and the process exits with the tool's code (0 ok, 1 failed, 2 usage; an unknown or
 * missing tool name is a usage error, {@code --help} lists the tools; both on stderr). To add a
 * tool, add it to {@link #TOOLS}: its class needs a {@code main} calling {@code
 * BloomkitTool.main(new XTool(), args)}.
 */
public final class BloomkitDriver {
  /** Every tool, by command name, in the order the usage lists them. */
  public static final Map<String, Supplier<BloomkitTool>> TOOLS;

  static {
    Map<String, Supplier<BloomkitTool>> t = new LinkedHashMap<>();
    t.put("demo", DemoTool::new);
    t.put("build", BuildTool::new);
    t.put("join", JoinTool::new);
    t.put("probe", ProbeTool::new);
    t.put("update", UpdateTool::new);
    t.put("merge", MergeTool::new);
    t.put("subtract", SubtractTool::new);
    t.put("dedup", DedupTool::new);
    t.put("icebergs", IcebergTool::new);
    t.put("size", SizeTool::new);
    t.put("inspect", InspectTool::new);
    t.put("generate", GenerateTool::new);
    t.put("simulate", SimulateTool::new);
    TOOLS = Collections.unmodifiableMap(t);
  }

  private BloomkitDriver() {}

  /** The driver with every tool registered. */
  public static ProgramDriver programs() throws Throwable {
    ProgramDriver d = new ProgramDriver();
    for (Map.Entry<String, Supplier<BloomkitTool>> e : TOOLS.entrySet()) {
      BloomkitTool tool = e.getValue().get();
      d.addClass(e.getKey(), tool.getClass(), tool.description().split("\n", 2)[0]);
    }
    return d;
  }

  public static void main(String[] args) throws Throwable {
    int code = unlessTool(args, System.err);
    if (code < 0) {
      code = programs().run(args);
      // a tool's main exits itself; we only get here if the driver refused the name
      code = code == 0 ? BloomkitTool.OK : BloomkitTool.USAGE;
    }
    System.exit(code);
  }

  /**
   * A command line that names no tool: prints the list of tools on {@code err} (stdout is for
   * results) and returns the exit code, 0 for {@code --help}/{@code -h}/{@code help} and 2
   * ({@link BloomkitTool#USAGE}) for no name or an unknown one.
   *
   * @return -1 if {@code args[0]} is a tool's name (run it)
   */
  public static int unlessTool(String[] args, PrintStream err) {
    if (args.length > 0 && TOOLS.containsKey(args[0])) {
      return -1;
    }
    boolean help =
        args.length > 0 && (args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help"));
    if (args.length == 0) {
      err.println("bloomkit: give a tool name first");
    } else if (!help) {
      err.println("bloomkit: unknown tool '" + args[0] + "'");
    }
    err.println("usage: bloomkit TOOL [generic options] [options]   (bloomkit TOOL --help: its options)");
    err.println("Tools:");
    for (Map.Entry<String, Supplier<BloomkitTool>> e : TOOLS.entrySet()) {
      String d = e.getValue().get().summary();
      err.printf("  %-10s %s%n", e.getKey(), d);
    }
    err.println("Exit codes: 0 ok, 1 failed, 2 usage.");
    err.flush();
    return help ? BloomkitTool.OK : BloomkitTool.USAGE;
  }
}
