package io.bloomkit.mapreduce;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.InspectTool;
import io.bloomkit.mapreduce.cli.SimulateTool;
import io.bloomkit.mapreduce.cli.SizeTool;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.demo.DemoTool;
import io.bloomkit.mapreduce.generate.GenerateTool;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.util.ProgramDriver;

/**
 * The job jar's main class: {@code hadoop jar bloomkit.jar TOOL [generic options] [options]}.
 * Every tool of {@link #TOOLS} is registered in one {@link ProgramDriver}; each runs through {@code
 * ToolRunner} and the process exits with the tool's code (0 ok, 1 failed, 2 usage; an unknown or
 * missing tool name is a usage error). To add a tool, add it to {@link #TOOLS}: its class needs a
 * {@code main} calling {@code BloomkitTool.main(new XTool(), args)}.
 */
public final class BloomkitDriver {
  /** Every tool, by command name, in the order the usage lists them. */
  public static final Map<String, Supplier<BloomkitTool>> TOOLS;

  static {
    Map<String, Supplier<BloomkitTool>> t = new LinkedHashMap<>();
    t.put("demo", DemoTool::new);
    t.put("build", BuildTool::new);
    t.put("join", JoinTool::new);
    t.put("update", UpdateTool::new);
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
    int code = programs().run(args);
    // a tool's main exits itself; we get here for an unknown or missing tool name
    System.exit(code == 0 ? BloomkitTool.OK : BloomkitTool.USAGE);
  }
}
