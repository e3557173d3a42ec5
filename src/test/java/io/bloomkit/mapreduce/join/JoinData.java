package io.bloomkit.mapreduce.join;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.filterjob.PartialFilter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded test data in the shape of the paper's experiment: a small left side of keys (with a few
 * duplicate keys) and a large right side "CITING,CITED" whose cited key matches the left side for a
 * small share of records. Left lines are "NAME,ID" (key field 1), right lines "CITING,CITED" (key
 * field 1), with a heavy-tailed (skewed) key distribution and some malformed lines.
 */
public final class JoinData {
  /** Key fields of both sides. */
  public static final int[] KEY = {1};

  public final List<String> left = new ArrayList<>();
  public final List<String> right = new ArrayList<>();

  public JoinData(long seed, int leftKeys, int rightRecords) {
    Random rnd = new Random(seed);
    for (int i = 0; i < leftKeys; i++) {
      int id = 3_000_000 + i * 37;
      left.add("patent-" + i + "," + id);
      if (i % 25 == 0) {
        left.add("duplicate-" + i + "," + id);
      }
    }
    left.add("malformed-left");
    for (int i = 0; i < rightRecords; i++) {
      int cited;
      if (rnd.nextInt(100) < 5) {
        int j = (int) Math.floor(Math.pow(rnd.nextDouble(), 3) * leftKeys); // skewed towards 0
        cited = 3_000_000 + j * 37;
      } else {
        cited = 4_000_000 + rnd.nextInt(1_000_000);
      }
      right.add((5_000_000 + i) + "," + cited);
      if (i % 997 == 0) {
        right.add("bad-" + i);
      }
    }
  }

  /**
   * A filter of {@code family} of the keys of {@code lines} ({@link NaiveJoin#key}, a key equal
   * to {@code nullToken} left out as null), sized by {@code bitsPerKey} for {@code capacity} keys:
   * built in process, as a build job would.
   */
  public static Filter filter(String family, long capacity, double bitsPerKey, List<String> lines,
      char delimiter, int[] key, String nullToken) {
    PartialFilter p =
        PartialFilter.create(new FilterSpec(family, capacity, 0, 0, bitsPerKey, 0));
    for (String l : lines) {
      String k = NaiveJoin.key(l, delimiter, key);
      if (k != null && !k.equals(nullToken)) {
        byte[] b = k.getBytes(StandardCharsets.UTF_8);
        p.add(b, 0, b.length);
      }
    }
    return p.finish();
  }

  /** The lines split into {@code parts} files' contents. */
  public static List<byte[]> split(List<String> lines, int parts) {
    List<StringBuilder> b = new ArrayList<>();
    for (int p = 0; p < parts; p++) {
      b.add(new StringBuilder());
    }
    for (int i = 0; i < lines.size(); i++) {
      b.get(i % parts).append(lines.get(i)).append('\n');
    }
    List<byte[]> out = new ArrayList<>();
    for (StringBuilder s : b) {
      out.add(s.toString().getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  /** Writes the lines split into {@code parts} files {@code prefix0, prefix1, ...} in {@code dir}. */
  public static void write(List<String> lines, java.io.File dir, String prefix, int parts)
      throws java.io.IOException {
    List<byte[]> split = split(lines, parts);
    for (int i = 0; i < parts; i++) {
      java.nio.file.Files.write(new java.io.File(dir, prefix + i).toPath(), split.get(i));
    }
  }
}
