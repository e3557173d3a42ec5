package io.bloomkit.mapreduce.icebergs;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A generated call log for the icebergs tests, split in files: lines {@code id,caller,minutes}
 * with skewed callers (a few make most calls) and some malformed lines (a missing field, a
 * weight that is not a whole number); and an independent naive sum per key as the reference.
 */
public final class IcebergData {
  public final List<String> files = new ArrayList<>();

  public IcebergData(long seed, int records, int keys, int files) {
    Random rnd = new Random(seed);
    List<StringBuilder> parts = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      parts.add(new StringBuilder());
    }
    for (int i = 0; i < records; i++) {
      StringBuilder b = parts.get(rnd.nextInt(files));
      int r = rnd.nextInt(60);
      if (r == 0) {
        b.append("c").append(i).append('\n');
      } else if (r == 1) {
        b.append("c").append(i).append(",k1,1.5\n");
      } else if (r == 2) {
        b.append("c").append(i).append(",k1,long\n");
      } else {
        double u = rnd.nextDouble();
        b.append('c').append(i).append(",k").append((int) (keys * u * u * u)).append(',')
            .append(rnd.nextInt(10)).append('\n');
      }
    }
    for (StringBuilder b : parts) {
      this.files.add(b.toString());
    }
  }

  public List<byte[]> bytes() {
    List<byte[]> out = new ArrayList<>();
    for (String s : files) {
      out.add(s.getBytes(StandardCharsets.UTF_8));
    }
    return out;
  }

  /** Totals per key of the well-formed lines (weightField -1: count), and the malformed count. */
  public static final class Totals {
    public final Map<String, Long> totals = new TreeMap<>();
    public long malformed;
    public long records;

    /** The output lines of the keys of total at least {@code t}: {@code key<TAB>total}. */
    public Map<String, Integer> icebergLines(long t) {
      Map<String, Integer> m = new TreeMap<>();
      for (Map.Entry<String, Long> e : totals.entrySet()) {
        if (e.getValue() >= t) {
          m.put(e.getKey() + "\t" + e.getValue(), 1);
        }
      }
      return m;
    }
  }

  public static Totals sum(List<String> files, int keyField, int weightField) {
    Totals t = new Totals();
    for (String f : files) {
      for (String line : f.split("\n")) {
        if (line.isEmpty()) {
          continue;
        }
        t.records++;
        String[] p = line.split(",", -1);
        if (p.length <= Math.max(keyField, weightField)) {
          t.malformed++;
          continue;
        }
        long w = 1;
        if (weightField >= 0) {
          try {
            w = Long.parseLong(p[weightField].trim()); // either sign, as SQL's SUM
          } catch (NumberFormatException e) {
            t.malformed++;
            continue;
          }
        }
        t.totals.merge(p[keyField], w, Long::sum);
      }
    }
    return t;
  }
}
