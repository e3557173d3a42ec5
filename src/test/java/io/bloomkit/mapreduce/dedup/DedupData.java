package io.bloomkit.mapreduce.dedup;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Assertions;

/**
 * A generated click log for the dedup tests, split in files, and an independent naive in-memory
 * dedup as the reference. Lines are {@code id,user,time,payload} with skewed users (a few hot users
 * make most of the records), times drawn at random (ties included, so the tie-break on file and
 * offset matters) and some malformed lines (a missing field, a time that is not an integer).
 */
public final class DedupData {
  /** Files (their contents), in path order. */
  public final List<String> files = new ArrayList<>();

  public DedupData(long seed, int records, int users, int files, int maxTime) {
    Random rnd = new Random(seed);
    List<StringBuilder> parts = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      parts.add(new StringBuilder());
    }
    for (int i = 0; i < records; i++) {
      StringBuilder b = parts.get(rnd.nextInt(files));
      int r = rnd.nextInt(50);
      if (r == 0) {
        b.append("broken-").append(i).append('\n'); // no key field
      } else if (r == 1) {
        b.append("e").append(i).append(",u1,noon,x\n"); // time is not an integer
      } else {
        double u = rnd.nextDouble();
        int user = (int) (users * u * u * u); // skewed: low ids are hot
        b.append('e').append(i).append(",u").append(user).append(',')
            .append(rnd.nextInt(maxTime)).append(",p").append(rnd.nextInt(1000)).append('\n');
      }
    }
    for (StringBuilder b : parts) {
      this.files.add(b.toString());
    }
  }

  /** The file contents as bytes. */
  public List<byte[]> bytes() {
    List<byte[]> out = new ArrayList<>();
    for (String s : files) {
      out.add(s.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  /** What a dedup keeps, removes and rejects. */
  public static final class Expected {
    public final Map<String, Integer> kept = new TreeMap<>();
    public final Map<String, Integer> duplicates = new TreeMap<>();
    public long malformed;
    public long records;
    /** Records with a null key (a key field equal to the null token). */
    public long nullKeys;
  }

  private static final class Rec {
    final String line;
    final String key;
    final long time;
    final int file;
    final long offset;

    Rec(String line, String key, long time, int file, long offset) {
      this.line = line;
      this.key = key;
      this.time = time;
      this.file = file;
      this.offset = offset;
    }
  }

  /**
   * Naive dedup of {@code files} (in path order): key field {@code keyField}, time field {@code
   * timeField} (-1: none), window (0: none), delimiter ','.
   */
  public static Expected dedup(List<String> files, int keyField, int timeField, long window) {
    return dedup(files, new int[] {keyField}, timeField, window);
  }

  /** Naive dedup on a key of several fields (joined with ','). */
  public static Expected dedup(List<String> files, int[] keyFields, int timeField, long window) {
    return dedup(files, keyFields, timeField, window, 1);
  }

  /**
   * Naive dedup with times counted in ticks of {@code resolution}: a duplicate when its tick is less
   * than ceil(window / resolution) ticks after the previous occurrence's (resolution 1: the plain
   * definition).
   */
  public static Expected dedup(
      List<String> files, int[] keyFields, int timeField, long window, long resolution) {
    return dedup(files, keyFields, timeField, window, resolution, null, false);
  }

  /**
   * As above, SQL nulls: a record whose key has a field equal to {@code nullToken} has a null
   * key; it is kept (a null equals nothing) unless {@code nullKeysEqual}, which makes every null
   * key one key, distinct from every real key.
   */
  public static Expected dedup(List<String> files, int[] keyFields, int timeField, long window,
      long resolution, String nullToken, boolean nullKeysEqual) {
    Expected e = new Expected();
    List<Rec> recs = new ArrayList<>();
    for (int f = 0; f < files.size(); f++) {
      long offset = 0;
      for (String line : files.get(f).split("\n", -1)) {
        if (line.isEmpty()) {
          offset += 1;
          continue;
        }
        e.records++;
        String[] parts = line.split(",", -1);
        long time = 0;
        int maxKey = 0;
        for (int k : keyFields) {
          maxKey = Math.max(maxKey, k);
        }
        boolean ok = parts.length > Math.max(maxKey, timeField);
        if (ok && timeField >= 0) {
          try {
            time = Long.parseLong(parts[timeField].trim());
          } catch (NumberFormatException x) {
            ok = false;
          }
        }
        if (ok) {
          StringBuilder key = new StringBuilder();
          boolean isNull = false;
          for (int i = 0; i < keyFields.length; i++) {
            key.append(i > 0 ? "," : "").append(parts[keyFields[i]]);
            isNull |= parts[keyFields[i]].equals(nullToken);
          }
          if (isNull) {
            e.nullKeys++;
          }
          if (isNull && !nullKeysEqual) {
            e.kept.merge(line, 1, Integer::sum);
          } else {
            recs.add(new Rec(line, isNull ? null : key.toString(), time, f, offset));
          }
        } else {
          e.malformed++;
        }
        offset += line.getBytes(StandardCharsets.UTF_8).length + 1;
      }
    }
    recs.sort(
        Comparator.<Rec>comparingLong(r -> r.time)
            .thenComparingInt(r -> r.file)
            .thenComparingLong(r -> r.offset));
    Map<String, Long> last = new TreeMap<>();
    Long[] lastNull = {null}; // the null group's last time: a key apart from every string
    for (Rec r : recs) {
      Long prev;
      if (r.key == null) {
        prev = lastNull[0];
        lastNull[0] = r.time;
      } else {
        prev = last.put(r.key, r.time);
      }
      long ticks = (window + resolution - 1) / resolution;
      boolean keep = prev == null
          || (window > 0
              && Math.floorDiv(r.time, resolution) - Math.floorDiv(prev, resolution) >= ticks);
      (keep ? e.kept : e.duplicates).merge(r.line, 1, Integer::sum);
    }
    return e;
  }

  /** Writes {@code files} as {@code part-0}, {@code part-1} ... of a new directory {@code dir}. */
  public static java.io.File writeParts(java.io.File dir, List<String> files)
      throws java.io.IOException {
    if (!dir.mkdirs()) {
      throw new java.io.IOException("cannot create " + dir);
    }
    for (int f = 0; f < files.size(); f++) {
      java.nio.file.Files.write(new java.io.File(dir, "part-" + f).toPath(),
          files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    return dir;
  }

  /** The non-empty lines of the {@code part-*} files of a local output directory. */
  public static List<String> readParts(java.io.File dir) throws java.io.IOException {
    List<String> out = new ArrayList<>();
    for (java.io.File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : java.nio.file.Files.readAllLines(f.toPath(), StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /**
   * The errors of a dedup that kept {@code kept} and removed {@code removed}, against {@code e}:
   * {false positives (removed records e keeps), false negatives (kept records e removes)}.
   */
  public static long[] errors(Expected e, Iterable<String> kept, Iterable<String> removed) {
    long fp = 0;
    long fn = 0;
    for (String s : removed) {
      fp += e.kept.containsKey(s) ? 1 : 0;
    }
    for (String s : kept) {
      fn += e.duplicates.containsKey(s) ? 1 : 0;
    }
    return new long[] {fp, fn};
  }

  /**
   * Runs the dedup tool in local mode on {@code in} (key field 1, time field 2, delimiter ',', two
   * reducers), writing {@code out} and {@code out.dup}, with {@code extra} options; asserts it
   * succeeded and returns its JSON.
   */
  public static Map<String, Object> run(java.io.File in, java.io.File out, String... extra) {
    List<String> args = new ArrayList<>(List.of(
        "--input", in.getPath(), "--output", out.getPath(), "--duplicates", out.getPath() + ".dup",
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--reducers", "2", "--json"));
    args.addAll(List.of(extra));
    io.bloomkit.mapreduce.cli.ToolRun r =
        io.bloomkit.mapreduce.cli.ToolRun.run(new DedupTool(), args.toArray(new String[0]));
    Assertions.assertEquals(0, r.code, r.toString());
    return io.bloomkit.mapreduce.cli.MiniJson.parseObject(r.lastLine());
  }

  /** A list of lines as a multiset. */
  public static Map<String, Integer> multiset(List<String> lines) {
    Map<String, Integer> m = new TreeMap<>();
    for (String s : lines) {
      m.merge(s, 1, Integer::sum);
    }
    return m;
  }

  /**
   * The same files with each file's lines sorted by time (stable; lines without an integer time
   * field at the end), as the papers' time-ordered streams: field {@code timeField}, delimiter ','.
   */
  public static List<String> sortedByTime(List<String> files, int timeField) {
    List<String> out = new ArrayList<>();
    for (String f : files) {
      List<String> lines = new ArrayList<>();
      for (String l : f.split("\n")) {
        if (!l.isEmpty()) {
          lines.add(l);
        }
      }
      lines.sort(Comparator.comparingLong(l -> timeOf(l, timeField)));
      StringBuilder b = new StringBuilder();
      for (String l : lines) {
        b.append(l).append('\n');
      }
      out.add(b.toString());
    }
    return out;
  }

  private static long timeOf(String line, int timeField) {
    String[] p = line.split(",", -1);
    try {
      return p.length > timeField ? Long.parseLong(p[timeField].trim()) : Long.MAX_VALUE;
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }
}
