package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * Parses a dedup record: its key (see {@link KeyExtractor}) and, with a time field, its time as a
 * decimal integer. A line missing either field, with a key that is not valid UTF-8 or a time that
 * is not an integer (or, with an importance field, an importance that is not a finite number), is
 * malformed. Without a time field every record has time 0, so the global
 * order falls back to (file path, byte offset). Not thread-safe.
 */
public final class RecordParser {
  private final KeyExtractor keys;
  private final KeyExtractor times;
  private KeyExtractor importances;
  private long time;
  private double importance = 1.0;
  private String problem;

  public RecordParser(KeyExtractor keys, KeyExtractor times) {
    this.keys = keys;
    this.times = times;
  }

  /** The parser for the delimiter, key fields and time field of {@code conf}. */
  public static RecordParser fromConf(Configuration conf) {
    int t = BloomkitConfig.TIME_FIELD.getInt(conf);
    KeyExtractor times =
        t < 0
            ? null
            : new KeyExtractor(
                KeyExtractor.parseDelimiter(BloomkitConfig.DELIMITER.get(conf)), new int[] {t});
    RecordParser p = new RecordParser(KeyExtractor.fromConf(conf, BloomkitConfig.KEY_FIELDS), times);
    int f = BloomkitConfig.IMPORTANCE_FIELD.getInt(conf);
    if (f >= 0) {
      p.importances =
          new KeyExtractor(
              KeyExtractor.parseDelimiter(BloomkitConfig.DELIMITER.get(conf)), new int[] {f});
    }
    return p;
  }

  /** Parses {@code line}; false if it is malformed ({@link #problem()} says why). */
  public boolean parse(Text line) {
    if (!keys.extract(line)) {
      problem = keys.problem();
      return false;
    }
    time = 0;
    if (times != null) {
      if (!times.extract(line)) {
        problem = "time field: " + times.problem();
        return false;
      }
      String s = times.keyString().trim();
      try {
        time = Long.parseLong(s);
      } catch (NumberFormatException e) {
        problem = "time \"" + s + "\" is not an integer";
        return false;
      }
    }
    importance = 1.0;
    if (importances != null) {
      if (!importances.extract(line)) {
        problem = "importance field: " + importances.problem();
        return false;
      }
      String s = importances.keyString().trim();
      try {
        importance = Double.parseDouble(s);
      } catch (NumberFormatException e) {
        importance = Double.NaN;
      }
      if (!Double.isFinite(importance)) {
        problem = "importance \"" + s + "\" is not a finite number";
        return false;
      }
    }
    problem = null;
    return true;
  }

  /** The importance of the last successful parse (1 without an importance field). */
  public double importance() {
    return importance;
  }

  /** The key bytes of the last successful parse, valid up to {@link #keyLength()}. */
  public byte[] key() {
    return keys.key();
  }

  public int keyLength() {
    return keys.keyLength();
  }

  /** The time of the last successful parse (0 without a time field). */
  public long time() {
    return time;
  }

  public String problem() {
    return problem;
  }
}
