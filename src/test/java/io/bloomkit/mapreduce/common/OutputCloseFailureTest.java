package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupTool;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task whose record writer fails when it closes its output ({@link FailingCodec}) fails the
 * task and the tool: exit 1, one line giving the reason, no output directory promoted.
 */
public class OutputCloseFailureTest {
  @TempDir public File tmp;

  private File input() throws Exception {
    return input(false);
  }

  /** 200 records keyed by 30 users, or (nullKeys) all with a null key, which maps write. */
  private File input(boolean nullKeys) throws Exception {
    File in = newFolder(tmp, "in");
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      b.append(i).append(nullKeys ? ",\\N" : ",u" + (i % 30)).append('\n');
    }
    Files.write(new File(in, "part-0").toPath(), b.toString().getBytes(StandardCharsets.UTF_8));
    return in;
  }

  private static Configuration failingOutput(Class<?> codec) {
    Configuration c = ToolRun.localConf();
    c.setBoolean("mapreduce.output.fileoutputformat.compress", true);
    c.set("mapreduce.output.fileoutputformat.compress.codec", codec.getName());
    return c;
  }

  private static void failed(ToolRun r, File out) {
    assertEquals(1, r.code, r.toString());
    String[] lines = r.err.trim().split("\n");
    assertEquals(1, lines.length, r.toString());
    assertTrue(lines[0].contains(FailingCodec.MESSAGE), r.toString());
    assertTrue(lines[0].contains("cannot write the output in"), r.toString());
    assertFalse(r.err.contains("\tat "), r.toString());
    assertFalse(out.exists(), out + " was promoted");
  }

  private void dedupFails(Class<?> codec) throws Exception {
    dedupFails(codec, false);
  }

  private void dedupFails(Class<?> codec, boolean nullKeys) throws Exception {
    File out = new File(tmp, "out");
    ToolRun r = ToolRun.run(failingOutput(codec), new DedupTool(), "--input",
        input(nullKeys).getPath(),
        "--output", out.getPath(), "--key-field", "1", "--delimiter", ",", "--quiet");
    failed(r, out);
  }

  @Test
  public void dedupFailsWhenItsOutputFailsToCloseWithAnIoError() throws Exception {
    dedupFails(FailingCodec.class);
  }

  /** Hadoop's MultipleOutputs.close noticed only IOExceptions: this one was lost, exit 0. */
  @Test
  public void dedupFailsWhenItsOutputFailsToCloseWithAnError() throws Exception {
    dedupFails(FailingCodec.Unlinked.class);
  }

  /** Every key null: only the map tasks write (their null-key records), and their close fails. */
  @Test
  public void dedupFailsWhenItsMapOutputFailsToCloseWithAnError() throws Exception {
    dedupFails(FailingCodec.Unlinked.class, true);
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
