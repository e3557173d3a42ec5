package io.bloomkit.mapreduce.dedup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** File ranks follow the paths' order and the input format's own listing (hidden files skipped). */
public class InputFilesTest {
  @TempDir public File tmp;

  @Test
  public void ranksArePathOrderOfTheListedFiles() throws IOException {
    File dir = newFolder(tmp, "in");
    for (String n : new String[] {"b-2", "a-10", "a-9", "_SUCCESS", ".hidden", "c"}) {
      Files.writeString(new File(dir, n).toPath(), "x\n");
    }
    File other = newFile(tmp, "extra");
    Job job = Job.getInstance(new Configuration());
    FileInputFormat.setInputPaths(job, new Path(dir.toURI()), new Path(other.toURI()));
    Path list = new Path(new File(tmp, "work/input-files").toURI());
    assertEquals(5, InputFiles.write(job, list));
    Configuration conf = job.getConfiguration();
    List<String> expected = new ArrayList<>();
    for (String n : new String[] {"a-10", "a-9", "b-2", "c"}) {
      expected.add(new Path(new File(dir, n).toURI()).toString());
    }
    expected.add(new Path(other.toURI()).toString());
    expected.sort(String::compareTo); // ASCII paths: UTF-16 order = byte order
    for (int i = 0; i < expected.size(); i++) {
      assertEquals(i, InputFiles.rank(conf, expected.get(i)), expected.get(i));
    }
    try {
      InputFiles.rank(conf, new Path(new File(dir, "_SUCCESS").toURI()).toString());
      fail("a hidden file is not an input");
    } catch (IOException e) {
      assertTrue(e.getMessage().contains("not in the job's list"), e.getMessage());
    }
    assertEquals(0, InputFiles.rank(new Configuration(), "file:/anything"));
    assertTrue(BloomkitConfig.DEDUP_INPUT_FILES.get(conf).endsWith("input-files"));
  }

  @Test
  public void keyOrderUsesTheRankAfterTheTime() {
    DedupKey early = new DedupKey("k", 5, 3, 100);
    DedupKey laterFile = new DedupKey("k", 5, 4, 0);
    DedupKey laterTime = new DedupKey("k", 6, 0, 0);
    assertTrue(early.compareTo(laterFile) < 0 && laterFile.compareTo(laterTime) < 0);
    try {
      new DedupKey("k", 1, -1, 0);
      fail();
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("file rank"));
    }
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }

  private static File newFile(File parent, String child) throws IOException {
    File result = new File(parent, child);
    result.createNewFile();
    return result;
  }
}
