package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.bloomkit.core.CorruptFilterException;
import io.bloomkit.core.FilterFamily;
import io.bloomkit.core.UnsupportedFamilyException;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.inspect.InspectTool;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.update.UpdateTool;
import io.bloomkit.registry.Crafted;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.EnumSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading filter files by path: the file's length is checked against the header, every message
 * starts with the qualified path, and tools say which families they take.
 */
public class FilterFilesTest {
  @TempDir public File tmp;

  private final Configuration conf = ToolRun.localConf();

  private File write(String name, byte[] b) throws IOException {
    File f = new File(tmp, name);
    Files.write(f.toPath(), b);
    return f;
  }

  private static String qualified(File f) {
    return new Path(f.toURI()).toString();
  }

  private interface Load {
    Object load(Configuration c, Path p) throws IOException;
  }

  private void expect(File f, String field, String text) {
    Load[] loads = {
      FilterFiles::read,
      FilterFiles::readQueryView,
      (c, p) -> FilterFiles.readShape(c, p, "join", Filters.FAMILIES),
    };
    for (Load l : loads) {
      try {
        l.load(conf, new Path(f.getPath()));
        fail("accepted " + f);
      } catch (CorruptFilterException e) {
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(qualified(f) + ": corrupt filter: "
            + field + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(text), e.getMessage());
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
  }

  @Test
  public void messagesStartWithThePathAndNameTheField() throws IOException {
    long bits = 1L << 36;
    File huge = write("huge.bf",
        Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, bits / 8, new byte[8]));
    expect(huge, "payloadBytes", "8589934592 declared, the file of 76 bytes holds at most 8");
    byte[] bf = Crafted.golden("bf");
    File trailing = write("trailing.bf", Arrays.copyOf(bf, bf.length + 2));
    expect(trailing, "trailing bytes", "2 after the checksum");
    File concat = write("two.bf", Crafted.concat(bf, Crafted.golden("cbf")));
    expect(concat, "trailing bytes", "after the checksum");
    assertEquals(100, FilterFiles.read(conf, new Path(write("ok.bf", bf).getPath())).items());
  }

  @Test
  public void otherFamiliesAreUnsupportedForTheTool() throws IOException {
    File sbf = write("s.sbf", Crafted.golden("sbf"));
    try {
      FilterFiles.read(conf, new Path(sbf.getPath()), "update",
          EnumSet.of(FilterFamily.COUNTING, FilterFamily.ACCURATE_COUNTING));
      fail("accepted");
    } catch (UnsupportedFamilyException e) {
      assertEquals(qualified(sbf) + ": unsupported family sbf for update (update needs cbf, acbf)",
          e.getMessage());
    }
    // a damaged family byte is corruption, not another family: the checksum is verified first
    byte[] b = Crafted.golden("acbf");
    b[6] = 1;
    File flipped = write("f.acbf", b);
    try {
      FilterFiles.read(conf, new Path(flipped.getPath()), "update",
          EnumSet.of(FilterFamily.COUNTING));
      fail("accepted");
    } catch (CorruptFilterException e) {
      assertTrue(e.getMessage().startsWith(qualified(flipped) + ": corrupt filter"), e.getMessage());
    }
  }

  @Test
  public void toolsNameTheFileAndTheFamiliesTheyTake() throws IOException {
    File sbf = write("s.sbf", Crafted.golden("sbf"));
    ToolRun r = ToolRun.run(new InspectTool(), sbf.getPath());
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(qualified(sbf)
        + ": unsupported family sbf for inspect (inspect needs bf, cbf, acbf, exact, sbbf)"), r.err);

    long bits = 1L << 36;
    File huge = write("huge.bf",
        Crafted.file(1, 3, 0, bits, 0, bits, 0, 1000, bits / 8, new byte[8]));
    r = ToolRun.run(new InspectTool(), huge.getPath());
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains(
        "inspect: " + qualified(huge) + ": corrupt filter: payloadBytes: 8589934592 declared"), r.err);

    File keys = write("keys", "a\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    r = ToolRun.run(new UpdateTool(), "--filter", sbf.getPath(), "--add", keys.getPath(),
        "--output", new File(tmp, "u").getPath());
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(
        qualified(sbf) + ": unsupported family sbf for update (update needs cbf, acbf)"), r.err);

    File left = write("left", "1,a\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    File right = write("right", "1,b\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    String[] join = {"--left", left.getPath(), "--left-key", "0", "--right", right.getPath(),
        "--right-key", "0", "--delimiter", ",", "--output", new File(tmp, "j").getPath(),
        "--filter", sbf.getPath()};
    r = ToolRun.run(new JoinTool(), join);
    assertEquals(2, r.code, r.toString());
    assertTrue(r.err.contains(
        qualified(sbf) + ": unsupported family sbf for join (join needs bf, cbf, acbf, exact, sbbf)"), r.err);
    join[join.length - 1] = huge.getPath();
    r = ToolRun.run(new JoinTool(), join);
    assertEquals(1, r.code, r.toString());
    assertTrue(r.err.contains(qualified(huge) + ": corrupt filter: payloadBytes"), r.err);
  }
}
