package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client's sample of the right input finds the keys a recount of the same rows finds. */
public class HotKeySamplerTest {
  @TempDir public File tmp;

  private static final TableSpec RIGHT = TableSpec.builder(TableFormat.TEXT).delimiter(',')
      .key(List.of("1"), List.of()).build();

  /** Two files of "ID,KEY" lines: a skewed key distribution, some null and malformed lines. */
  private List<List<String>> write(File dir) throws Exception {
    Random rnd = new Random(9);
    List<List<String>> files = new ArrayList<>();
    for (int f = 0; f < 2; f++) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < 3000; i++) {
        int u = rnd.nextInt(1000);
        String key = u < 150 ? "big" : u < 200 ? "mid" + (u % 3) : u < 210 ? "\\N"
            : u < 215 ? null : "k" + rnd.nextInt(500);
        lines.add(key == null ? "malformed" + i : i + "," + key);
      }
      // the second file starts with a run of one key: the first rows of each file over-represent it
      if (f == 1) {
        for (int i = 0; i < 100; i++) {
          lines.set(i, "x" + i + ",front");
        }
      }
      Files.write(new File(dir, "part-" + f).toPath(),
          (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
      files.add(lines);
    }
    return files;
  }

  /** The reference: keys holding at least {@code share} of the first rows of each file. */
  private static List<String> recount(List<List<String>> files, int perFile, double share) {
    Map<String, Integer> counts = new HashMap<>();
    int rows = 0;
    for (List<String> lines : files) {
      for (String l : lines.subList(0, Math.min(perFile, lines.size()))) {
        rows++;
        String[] p = l.split(",", -1);
        if (p.length > 1 && !p[1].equals("\\N")) {
          counts.merge(p[1], 1, Integer::sum);
        }
      }
    }
    List<String> hot = new ArrayList<>();
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      if (e.getValue() >= share * rows) {
        hot.add(e.getKey());
      }
    }
    hot.sort((a, b) -> {
      int c = Integer.compare(counts.get(b), counts.get(a));
      return c != 0 ? c : a.compareTo(b);
    });
    return hot;
  }

  private static List<String> find(File dir, long sample, double share, int maxKeys)
      throws Exception {
    List<String> out = new ArrayList<>();
    for (byte[] k : HotKeySampler.find(new Configuration(), RIGHT,
        new Path[] {new Path(dir.toURI())}, sample, share, maxKeys)) {
      out.add(new String(k, StandardCharsets.UTF_8));
    }
    return out;
  }

  @Test
  public void aSampleOfEveryRowFindsTheKeysAboveTheShare() throws Exception {
    File dir = newFolder(tmp, "right");
    List<List<String>> files = write(dir);
    List<String> expected = recount(files, Integer.MAX_VALUE, 0.03);
    assertEquals(expected, find(dir, 1_000_000, 0.03, 1000));
    assertEquals(List.of("big"), expected); // "front" and each "mid" hold under 2%
    List<String> lower = recount(files, Integer.MAX_VALUE, 0.015 / 3);
    assertEquals(lower, find(dir, 1_000_000, 0.015 / 3, 1000));
    assertEquals(5, lower.size()); // big, front, mid0..2; never the null key "\N"
    assertEquals(lower.subList(0, 2), find(dir, 1_000_000, 0.015 / 3, 2)); // the heaviest
  }

  /**
   * A small sample is spread over the files' bytes (Tables.sample): the run of "front" at the start
   * of the second file (100 of 6,000 rows) is not a fifth of it, as it was of the first 200 rows of
   * each file. Of the 400-470 rows read (each of the 65 runs its bytes' share of 400, rounded up),
   * "big" (15% of the rows: 60 or more expected, sd 7) holds more than 8% and every other key less
   * (at most 1.7% of the rows: 8 expected against 32 or more), 3 sd either way.
   */
  @Test
  public void aSmallSampleIsSpreadOverTheFiles() throws Exception {
    File dir = newFolder(tmp, "right");
    List<List<String>> files = write(dir);
    assertEquals(List.of("front"), recount(files, 200, 0.2)); // the first rows of each file
    assertEquals(List.of(), find(dir, 400, 0.2, 1000));
    assertEquals(List.of("big"), find(dir, 400, 0.08, 1000));
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
