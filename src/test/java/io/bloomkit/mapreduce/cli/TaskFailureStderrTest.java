package io.bloomkit.mapreduce.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** A task failure in local mode, as the command line shows it: the reason last, no stack trace. */
public class TaskFailureStderrTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void strictFailureEndsWithTheTasksReasonAndNoStackTrace() throws Exception {
    File in = tmp.newFile("in.txt");
    Files.write(in.toPath(), "a\tx\nb\n".getBytes(StandardCharsets.UTF_8));
    ToolProcess p =
        ToolProcess.run(tmp.getRoot(), "build", "-D", "fs.defaultFS=file:///",
            "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0", "--input", "in.txt",
            "--output", "f.bf", "--key-field", "1", "--strict");
    assertEquals(p.toString(), 1, p.code);
    assertTrue(p.toString(), p.lastErrLine().startsWith("build: job \""));
    assertTrue(p.toString(), p.lastErrLine().endsWith(
        " failed: malformed record in " + in.toURI() + " at byte offset 4: has 1 fields, key field 1"
            + " missing"));
    assertFalse(p.toString(), p.err.contains("\tat "));
    assertFalse(p.toString(), p.err.contains("Exception"));
    assertEquals("", p.out);
    assertFalse(new File(tmp.getRoot(), "f.bf").exists());
  }
}
