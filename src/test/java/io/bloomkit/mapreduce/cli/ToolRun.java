package io.bloomkit.mapreduce.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;

/** Runs a tool through ToolRunner in local mode and keeps its exit code, stdout and stderr. */
public final class ToolRun {
  public final int code;
  public final String out;
  public final String err;

  private ToolRun(int code, String out, String err) {
    this.code = code;
    this.out = out;
    this.err = err;
  }

  public static ToolRun run(BloomkitTool tool, String... args) {
    return run(localConf(), tool, args);
  }

  public static ToolRun run(Configuration conf, BloomkitTool tool, String... args) {
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    tool.withStreams(
        new PrintStream(o, true, StandardCharsets.UTF_8),
        new PrintStream(e, true, StandardCharsets.UTF_8));
    int code = BloomkitTool.run(conf, tool, args);
    return new ToolRun(
        code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
  }

  /** Local job runner on the local file system. */
  public static Configuration localConf() {
    Configuration c = new Configuration();
    c.set("fs.defaultFS", "file:///");
    c.set("mapreduce.framework.name", "local");
    c.setInt("mapreduce.local.map.tasks.maximum", 1);
    return c;
  }

  /** The last non-empty line of stdout. */
  public String lastLine() {
    String[] lines = out.split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].trim().isEmpty()) {
        return lines[i].trim();
      }
    }
    return "";
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
