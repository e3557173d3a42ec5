package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Naming, stale removal and shutdown deletion of the tools' temporaries. */
public class TemporariesTest {
  @TempDir public File tmp;

  private final Configuration conf = new Configuration();

  private FileSystem fs() throws Exception {
    return FileSystem.getLocal(conf);
  }

  private void touch(File f) throws Exception {
    // through the local (checksum) file system, so that a .crc file is written too
    fs().create(new Path(f.toURI()), false).close();
  }

  private TreeSet<String> names(File dir) {
    return new TreeSet<>(Arrays.asList(dir.list()));
  }

  @Test
  public void staleTemporariesAreRecognisedByTheirHiddenNameOnly() throws Exception {
    File dir = newFolder(tmp, "d");
    File output = new File(dir, "F");
    String u = UUID.randomUUID().toString();
    List<File> ours = new ArrayList<>();
    for (String n : new String[] {".F._build-" + u, ".F._join-" + u, ".F._dedup-" + u,
        ".F._icebergs-" + u}) {
      File t = new File(dir, n);
      assertTrue(new File(t, "out/_temporary/0").mkdirs());
      touch(new File(t, "out/_temporary/0/part-r-00000"));
      ours.add(t);
    }
    touch(new File(dir, ".F._tmp-" + u)); // with its ..F._tmp-UUID.crc
    List<String> others = List.of(".F._build-123", ".G._build-" + u, "F._tmp-" + u, ".F.notes",
        "F.old", ".F._nope-" + u, ".F._build-" + u + "x");
    for (String n : others) {
      touch(new File(dir, n));
    }
    // in use in this JVM (Temporaries.of would itself remove the stale ones first)
    Temporaries.Temporary live =
        Temporaries.register(fs(), new Path(new File(dir, ".F._dedup-" + UUID.randomUUID()).toURI()));
    fs().mkdirs(live.path());
    try {
      assertEquals(5, Temporaries.removeStale(fs(), new Path(output.toURI())));
      TreeSet<String> expected = new TreeSet<>();
      for (String n : others) {
        expected.add(n);
        expected.add("." + n + ".crc");
      }
      expected.add(live.path().getName());
      assertEquals(expected, names(dir));
    } finally {
      live.close();
    }
    assertFalse(new File(dir, live.path().getName()).exists());
  }

  @Test
  public void theShutdownHookDeletesRegisteredTemporariesOnly() throws Exception {
    File dir = newFolder(tmp, "d");
    Path out = new Path(new File(dir, "out").toURI());
    Temporaries.Temporary a = Temporaries.of(conf, out, "join");
    fs().mkdirs(new Path(a.path(), "out/_temporary"));
    Temporaries.Temporary b = Temporaries.of(conf, out, "build");
    fs().mkdirs(b.path());
    b.close(); // deleted and forgotten
    fs().mkdirs(b.path()); // a later directory of the same name is not ours to delete any more
    assertEquals(new TreeSet<>(List.of(a.path().getName(), b.path().getName())), names(dir));
    Temporaries.onShutdown();
    assertEquals(new TreeSet<>(List.of(b.path().getName())), names(dir));
  }

  @Test
  public void writeAtomicallyWritesUnderAHiddenName() throws Exception {
    File dir = newFolder(tmp, "d");
    Path f = new Path(new File(dir, "F").toURI());
    List<String> during = new ArrayList<>();
    FilterFiles.writeAtomically(conf, f, out -> {
      out.write(new byte[1000]);
      out.flush();
      during.addAll(names(dir));
    });
    assertFalse(during.isEmpty());
    for (String n : during) {
      assertTrue(n.startsWith(".F._tmp-") || n.startsWith("..F._tmp-"), n);
    }
    assertEquals(new TreeSet<>(List.of("F", ".F.crc")), names(dir));
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
