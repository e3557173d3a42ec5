package io.bloomkit.mapreduce;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.InspectTool;
import io.bloomkit.mapreduce.cli.SimulateTool;
import io.bloomkit.mapreduce.cli.SizeTool;
import io.bloomkit.mapreduce.demo.DemoTool;
import io.bloomkit.mapreduce.generate.GenerateTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import org.apache.hadoop.util.ProgramDriver;

/**
 * The job jar's main class: {@code hadoop jar bloomkit.jar TOOL [generic options] [options]}.
 * Every tool is registered in one {@link ProgramDriver}; each runs through {@code ToolRunner} and
 * the process exits with the tool's code (0 ok, 1 failed, 2 usage).
 */
public final class BloomkitDriver {
  private BloomkitDriver() {}

  /** The driver with every tool registered. */
  public static ProgramDriver programs() throws Throwable {
    ProgramDriver d = new ProgramDriver();
    // operations tools (generate, demo) first, the filter and job tools after
    d.addClass("demo", DemoTool.class, "local demo on sample-data: build an ACBF, filtered join");
    d.addClass("generate", GenerateTool.class, "generate inputs: tpch tables or NBER-shaped patents");
    d.addClass("size", SizeTool.class, "size bf/cbf/acbf for N items and a target fpp");
    d.addClass("inspect", InspectTool.class, "check a filter file and print its parameters");
    d.addClass("build", BuildTool.class, "build a filter of the distinct keys of text inputs");
    d.addClass("join", JoinTool.class, "Bloom-filtered reduce-side join");
    d.addClass("update", UpdateTool.class, "add and remove keys of a counting filter");
    d.addClass("simulate", SimulateTool.class, "run a seeded filter simulation (acbf, ...)");
    return d;
  }

  public static void main(String[] args) throws Throwable {
    int code = programs().run(args);
    // a tool's main exits itself; we get here for an unknown or missing tool name
    System.exit(code == 0 ? 0 : 2);
  }
}
