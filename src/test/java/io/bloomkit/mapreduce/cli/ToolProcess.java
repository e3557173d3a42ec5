package io.bloomkit.mapreduce.cli;

import io.bloomkit.mapreduce.BloomkitDriver;
import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code BloomkitDriver ARGS} in a child JVM on this test's classpath with the command line's
 * logging ({@code conf/log4j.properties}, as {@code scripts/bloomkit} does): what a user sees on
 * stdout and stderr, and the exit code.
 */
public final class ToolProcess {
  public final int code;
  public final String out;
  public final String err;

  private ToolProcess(int code, String out, String err) {
    this.code = code;
    this.out = out;
    this.err = err;
  }

  public static ToolProcess run(File dir, String... args) throws Exception {
    return run(dir, List.of(), args);
  }

  /** As {@link #run(File, String...)} with extra JVM options ({@code -Dkey=value}). */
  public static ToolProcess run(File dir, List<String> jvmOptions, String... args)
      throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
    cmd.addAll(jvmOptions);
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-opens")) {
        cmd.add(a);
      }
    }
    cmd.add("-Dlog4j.configuration="
        + RepoFiles.file("conf/log4j.properties").toURI());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(BloomkitDriver.class.getName());
    for (String a : args) {
      cmd.add(a);
    }
    File out = File.createTempFile("tool", ".out");
    File err = File.createTempFile("tool", ".err");
    try {
      Process p =
          new ProcessBuilder(cmd)
              .directory(dir)
              .redirectOutput(out)
              .redirectError(err)
              .start();
      if (!p.waitFor(5, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new AssertionError("no exit: " + cmd);
      }
      return new ToolProcess(
          p.exitValue(),
          new String(java.nio.file.Files.readAllBytes(out.toPath()), StandardCharsets.UTF_8),
          new String(java.nio.file.Files.readAllBytes(err.toPath()), StandardCharsets.UTF_8));
    } finally {
      out.delete();
      err.delete();
    }
  }

  /** The last non-empty line of stderr. */
  public String lastErrLine() {
    String[] lines = err.split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].trim().isEmpty()) {
        return lines[i];
      }
    }
    return "";
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }
}
