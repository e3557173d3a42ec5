package io.bloomkit.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.join.JoinTool;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tool stopped with SIGTERM ({@link Process#destroy}) in the middle of its job leaves neither a
 * temporary nor an output: the tool runs in a child JVM (local mode, the test classpath) on an
 * input large enough to be mid-job when its first temporary appears, and is stopped then.
 */
public class StoppedToolTest {
  @TempDir public File tmp;

  /** Longest wait for the temporary to appear, and for the stopped JVM to exit. */
  private static final long WAIT_SECONDS = 120;

  private File bigInput(String name, int lines) throws Exception {
    File f = new File(tmp, name);
    try (BufferedWriter w = Files.newBufferedWriter(f.toPath(), StandardCharsets.UTF_8)) {
      for (int i = 0; i < lines; i++) {
        w.write("key-" + i + "\t" + (i % 1000) + "\n");
      }
    }
    return f;
  }

  /** The child JVM's command: this JVM's java, module opens and classpath. */
  private static List<String> java(Class<?> main, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    List<String> jvm = ManagementFactory.getRuntimeMXBean().getInputArguments();
    for (int i = 0; i < jvm.size(); i++) {
      String a = jvm.get(i);
      if (a.startsWith("--add-opens=")) {
        cmd.add(a);
      } else if (a.equals("--add-opens") && i + 1 < jvm.size()) {
        cmd.add(a);
        cmd.add(jvm.get(++i));
      }
    }
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.addAll(Arrays.asList(args));
    return cmd;
  }

  /** Names in {@code dir} of the output {@code name} or of its temporaries. */
  private static List<String> leftOf(File dir, String name) {
    List<String> out = new ArrayList<>();
    for (String n : dir.list()) {
      if (n.equals(name) || n.startsWith("." + name) || n.startsWith(".." + name)
          || n.startsWith(name + "._")) {
        out.add(n);
      }
    }
    return out;
  }

  /**
   * Starts the tool, waits until a hidden temporary of the output exists, sends SIGTERM, waits for
   * the exit and checks that nothing of the output remains.
   */
  private void stopMidJob(File dir, String outName, String marker, List<String> cmd)
      throws Exception {
    File log = new File(tmp, "child.log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log).start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
      boolean seen = false;
      while (!seen && p.isAlive() && System.nanoTime() < deadline) {
        for (String n : dir.list()) {
          seen |= n.startsWith("." + outName + "._") && new File(dir, n + "/" + marker).exists();
        }
        Thread.sleep(20);
      }
      assertTrue(seen, "no temporary appeared before the tool ended: " + read(log));
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the stopped tool did not exit");
      assertNotEquals(0, p.exitValue(), "the tool ended before it was stopped: " + read(log));
      assertEquals(List.of(), leftOf(dir, outName), read(log));
      // stderr says the run was stopped and what was cleaned up, not that a task failed
      String said = read(log);
      assertTrue(said.contains("bloomkit: stopped by a signal: killed job job_"), said);
      assertTrue(said.matches("(?s).*removed [1-9][0-9]* temporary paths?; no output was"
          + " written.*"), said);
      assertFalse(said.contains("no task left a reason"), said);
      assertFalse(new File(dir, outName).exists());
    } finally {
      p.destroyForcibly();
    }
  }

  private static String read(File f) throws Exception {
    return f.exists() ? new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8) : "";
  }

  @Test
  public void buildStoppedMidJobLeavesNothing() throws Exception {
    File in = bigInput("keys.txt", 1_500_000);
    File dir = newFolder(tmp, "out");
    stopMidJob(dir, "keys.acbf", "keys/_temporary",
        java(BuildTool.class, "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0", "--input", in.getPath(), "--output",
            new File(dir, "keys.acbf").getPath()));
  }

  @Test
  public void joinStoppedMidJobLeavesNothing() throws Exception {
    File left = new File(tmp, "left.txt");
    Files.write(left.toPath(), List.of("key-1\ta", "key-5\tb"));
    File right = bigInput("right.txt", 1_500_000);
    File dir = newFolder(tmp, "out");
    stopMidJob(dir, "joined", "out/_temporary",
        java(JoinTool.class, "--left", left.getPath(), "--left-key", "0", "--right",
            right.getPath(), "--right-key", "0", "--filter-type", "none", "--output",
            new File(dir, "joined").getPath()));
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
