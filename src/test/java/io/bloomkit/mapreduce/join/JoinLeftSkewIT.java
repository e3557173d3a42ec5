package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolProcess;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Left skew with a small heap: {@code join} in local mode in a JVM of 96 MiB, the left side one key
 * of two million records (about 44 bytes each as byte arrays in a list: more than the heap) and the
 * right side one record of that key. With the default budget (a quarter of the heap) the reducer
 * keeps a part of the key in memory and spills the rest; the output is recounted against the
 * generator: every left record once with the right record. The spill files are gone afterwards.
 */
public class JoinLeftSkewIT {
  @TempDir public File tmp;

  private static final int HOT = 2_000_000;

  /** The hot key's left line number {@code i}: 20 bytes. */
  private static String left(int i) {
    return String.format("h,%07d,left-record", i);
  }

  @Test
  public void aKeyOfTwoMillionLeftRecordsJoinsInA96MiBHeap() throws Exception {
    File in = newFolder(tmp, "in");
    File leftDir = new File(in, "left");
    File rightDir = new File(in, "right");
    Files.createDirectories(leftDir.toPath());
    Files.createDirectories(rightDir.toPath());
    try (BufferedWriter w = Files.newBufferedWriter(new File(leftDir, "part-0").toPath())) {
      for (int i = 0; i < HOT; i++) {
        w.write(left(i));
        w.write('\n');
      }
      w.write("k,small-key\n");
    }
    Files.writeString(new File(rightDir, "part-0").toPath(), "r1,h\nr2,k\nr3,none\n");
    File hadoopTmp = newFolder(tmp, "hadoop-tmp");
    File out = new File(tmp, "out");
    ToolProcess p =
        ToolProcess.run(
            tmp,
            List.of("-Xmx96m"),
            "join",
            "-D", "hadoop.tmp.dir=" + hadoopTmp,
            "-D", "mapreduce.task.io.sort.mb=16",
            "--left", leftDir.getPath(), "--left-key", "0",
            "--right", rightDir.getPath(), "--right-key", "1",
            "--delimiter", ",", "--filter-type", "none",
            "--build-side", "left", // the skewed side is the one the reducers buffer
            "--output", out.getPath(), "--json");
    assertEquals(0, p.code, p.toString());
    Map<String, Object> j = MiniJson.parseObject(p.out.trim());
    assertEquals(HOT + 1L, j.get("outputRecords"));
    long spilled = (Long) j.get("leftSpilledRecords");
    assertTrue(spilled > 0 && spilled < HOT, j.toString());

    // the recount: each hot left line exactly once, with r1; the small key with r2
    BitSet seen = new BitSet(HOT);
    long lines = 0;
    boolean small = false;
    try (Stream<Path> parts = Files.list(out.toPath())) {
      for (Path part : (Iterable<Path>) parts.filter(f -> f.getFileName().toString()
          .startsWith("part-"))::iterator) {
        try (BufferedReader r = Files.newBufferedReader(part, StandardCharsets.UTF_8)) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            lines++;
            if (line.equals("k,small-key\tr2,k")) {
              small = true;
              continue;
            }
            assertTrue(line.startsWith("h,") && line.endsWith(",left-record\tr1,h"), line);
            int i = Integer.parseInt(line.substring(2, 9));
            assertEquals(left(i) + "\tr1,h", line);
            assertTrue(!seen.get(i), "twice: " + line);
            seen.set(i);
          }
        }
      }
    }
    assertEquals(HOT + 1L, lines);
    assertEquals(HOT, seen.cardinality());
    assertTrue(small);
    try (Stream<Path> s = Files.walk(hadoopTmp.toPath())) {
      assertEquals(0, s.filter(f -> f.getFileName().toString().endsWith(".spill")).count());
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
