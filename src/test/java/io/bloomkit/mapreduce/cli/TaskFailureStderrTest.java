package io.bloomkit.mapreduce.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A task failure in local mode, as the command line shows it: the reason last, no stack trace. */
public class TaskFailureStderrTest {
  @TempDir public File tmp;

  @Test
  public void strictFailureEndsWithTheTasksReasonAndNoStackTrace() throws Exception {
    File in = newFile(tmp, "in.txt");
    Files.write(in.toPath(), "a\tx\nb\n".getBytes(StandardCharsets.UTF_8));
    ToolProcess p =
        ToolProcess.run(tmp, "build", "-D", "fs.defaultFS=file:///",
            "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0", "--input", "in.txt",
            "--output", "f.bf", "--key-field", "1", "--strict");
    assertEquals(1, p.code, p.toString());
    assertTrue(p.lastErrLine().startsWith("build: job \""), p.toString());
    assertTrue(p.lastErrLine().endsWith(
        " failed: malformed record in " + in.toURI() + " at byte offset 4: has 1 fields, key field 1"
            + " missing"), p.toString());
    assertFalse(p.err.contains("\tat "), p.toString());
    assertFalse(p.err.contains("Exception"), p.toString());
    assertEquals("", p.out);
    assertFalse(new File(tmp, "f.bf").exists());
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
