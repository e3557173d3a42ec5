package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.bloom.ExactKeySet;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several shipped filters ({@link ShippedFilter#ship(Job, List)}, {@link ShippedFilter#loadAll}):
 * loaded back in order, each under its own cache link even when the files share a name; a path
 * with a comma is refused (the DistributedCache's list would split it); a job that ships none
 * loads none.
 */
public class ShippedFiltersTest {
  @TempDir public File tmp;

  private Path write(String dir, List<String> keys) throws Exception {
    File d = newFolder(tmp, dir);
    File f = new File(d, "keys.exact");
    try (OutputStream o = new FileOutputStream(f)) {
      ExactKeySet.ofStrings(keys).writeTo(o);
    }
    return new Path(f.toURI());
  }

  @Test
  public void severalFiltersComeBackInOrderUnderTheirOwnLinks() throws Exception {
    Path a = write("a", List.of("a1", "a2"));
    Path b = write("b", List.of("b1"));
    Job job = Job.getInstance(new Configuration());
    ShippedFilter.ship(job, List.of(a, b));
    URI[] cached = job.getCacheFiles();
    assertEquals(2, cached.length);
    assertEquals("bloomkit.filter.0", cached[0].getFragment());
    assertEquals("bloomkit.filter.1", cached[1].getFragment());
    List<ShippedFilter> loaded = ShippedFilter.loadAll(job.getConfiguration());
    assertEquals(2, loaded.size());
    assertTrue(loaded.get(0).filter().mightContain("a2"));
    assertFalse(loaded.get(0).filter().mightContain("b1"));
    assertTrue(loaded.get(1).filter().mightContain("b1"));
    assertFalse(loaded.get(1).fromCache()); // local mode: read from the path
    assertEquals(0, ShippedFilter.loadAll(new Configuration()).size());
  }

  @Test
  public void aPathWithACommaIsRefused() throws Exception {
    Path comma = write("c,d", List.of("c"));
    Job job = Job.getInstance(new Configuration());
    try {
      ShippedFilter.ship(job, List.of(comma));
      throw new AssertionError("a path with a comma was shipped");
    } catch (IllegalArgumentException expected) {
      assertTrue(expected.getMessage().contains("comma-separated"), expected.getMessage());
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
}
