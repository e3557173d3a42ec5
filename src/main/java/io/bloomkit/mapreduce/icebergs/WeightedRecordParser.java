package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.KeyExtractor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * Parses an icebergs record: its key (see {@link KeyExtractor}) and weight, a non-negative decimal
 * integer from the weight field, or 1 without one. A line missing a field, with a key that is not
 * valid UTF-8 or a bad weight is malformed. Not thread-safe.
 */
public final class WeightedRecordParser {
  private final KeyExtractor keys;
  private final KeyExtractor weights;
  private long weight;
  private String problem;

  public WeightedRecordParser(KeyExtractor keys, KeyExtractor weights) {
    this.keys = keys;
    this.weights = weights;
  }

  /** The parser for the delimiter, key fields and weight field of {@code conf}. */
  public static WeightedRecordParser fromConf(Configuration conf) {
    int w = BloomkitConfig.WEIGHT_FIELD.getInt(conf);
    KeyExtractor weights =
        w < 0
            ? null
            : new KeyExtractor(
                KeyExtractor.parseDelimiter(BloomkitConfig.DELIMITER.get(conf)), new int[] {w});
    return new WeightedRecordParser(KeyExtractor.fromConf(conf, BloomkitConfig.KEY_FIELDS), weights);
  }

  /** Parses {@code line}; false if it is malformed ({@link #problem()} says why). */
  public boolean parse(Text line) {
    if (!keys.extract(line)) {
      problem = keys.problem();
      return false;
    }
    weight = 1;
    if (weights != null) {
      if (!weights.extract(line)) {
        problem = "weight field: " + weights.problem();
        return false;
      }
      String s = weights.keyString().trim();
      try {
        weight = Long.parseLong(s);
      } catch (NumberFormatException e) {
        weight = -1;
      }
      if (weight < 0) {
        problem = "weight \"" + s + "\" is not a non-negative integer";
        return false;
      }
    }
    problem = null;
    return true;
  }

  public byte[] key() {
    return keys.key();
  }

  public int keyLength() {
    return keys.keyLength();
  }

  public long weight() {
    return weight;
  }

  public String problem() {
    return problem;
  }
}
