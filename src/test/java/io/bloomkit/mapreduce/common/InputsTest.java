package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class InputsTest {
  @TempDir public File tmp;

  @Test
  public void splitsOnCommasOutsideBraces() {
    assertEquals(List.of("in/{a,b}", "c", "d/{x,{y,z}}/e"),
        Inputs.split(" in/{a,b} ,c,, d/{x,{y,z}}/e"));
    assertEquals(List.of("a\\,b", "c"), Inputs.split("a\\,b,c")); // an escaped comma stays
    for (String bad : new String[] {"in/{a,b", "in/a}"}) {
      try {
        Inputs.split(bad);
        throw new AssertionError(bad);
      } catch (IllegalArgumentException e) {
        assertTrue(e.getMessage().contains("unbalanced"));
      }
    }
  }

  @Test
  public void hiddenNames() {
    assertTrue(Inputs.hidden("_SUCCESS") && Inputs.hidden(".crc"));
    assertFalse(Inputs.hidden("part-0") || Inputs.hidden("a_b.txt"));
  }

  @Test
  public void listsFilesAtEveryDepthSortedWithoutHiddenOnesAndOpensThemDecompressed()
      throws Exception {
    File in = newFolder(tmp, "in");
    String[] visible = {"z.txt", "a/b/c.gz", "a/b.txt", "m/n/o/p"};
    for (String v : visible) {
      File f = new File(in, v);
      f.getParentFile().mkdirs();
      try (OutputStream o = v.endsWith(".gz")
          ? new GZIPOutputStream(Files.newOutputStream(f.toPath()))
          : Files.newOutputStream(f.toPath())) {
        o.write(("line of " + v + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    for (String h : new String[] {"_x", ".y", "a/_z/q", "a/b/.w", "m/n/_o"}) {
      File f = new File(in, h);
      f.getParentFile().mkdirs();
      Files.write(f.toPath(), "hidden\n".getBytes(StandardCharsets.UTF_8));
    }
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    List<String> got = new ArrayList<>();
    for (FileStatus st : Inputs.list(conf, new Path(in.getPath()))) {
      try (InputStream s = Inputs.open(conf, st.getPath())) {
        String content = new String(s.readAllBytes(), StandardCharsets.UTF_8);
        String rel = in.toPath().relativize(new File(st.getPath().toUri().getPath()).toPath()).toString();
        assertEquals("line of " + rel + "\n", content);
        got.add(rel);
      }
    }
    List<String> expected = new ArrayList<>(List.of(visible));
    expected.sort((x, y) -> new Text(x).compareTo(new Text(y)));
    assertEquals(expected, got);
  }

  @Test
  public void joinSidesGetGlobMatchesAndAnyNameRoundTrips() throws Exception {
    File in = newFolder(tmp, "mi");
    for (String n : new String[] {"a", "b", "_c", "d,e", "f;g"}) {
      Files.write(new File(in, n).toPath(), "x\n".getBytes(StandardCharsets.UTF_8));
    }
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    Path[] got = Inputs.expand(conf, new Path(in.getPath() + "/{a,b,_c}"));
    List<String> names = new ArrayList<>();
    for (Path p : got) {
      names.add(p.getName());
    }
    names.sort(null);
    assertEquals(List.of("a", "b"), names);
    // a comma or a semicolon in a name: no longer refused, and kept through the stored list
    Path[] odd =
        Inputs.expand(conf, new Path(in.getPath() + "/d*"), new Path(in.getPath() + "/f*"));
    assertEquals(2, odd.length);
    assertEquals("d,e", odd[0].getName());
    Path[] back = Inputs.pathsOf(conf, Inputs.pathList(conf, odd));
    assertEquals(2, back.length);
    assertEquals("d,e", back[0].getName());
    assertEquals("f;g", back[1].getName());
    assertEquals(List.of(odd[0].toUri().getPath(), odd[1].toUri().getPath()),
        List.of(back[0].toUri().getPath(), back[1].toUri().getPath()));
    assertEquals(1, Inputs.list(conf, back[0]).size(), "the stored path reads the file");
    try {
      Inputs.expand(conf, new Path(in.getPath() + "/none*"));
      throw new AssertionError();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().contains("none*"), e.getMessage());
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
