package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import java.math.BigDecimal;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads an icebergs record ({@link Row}): its key in canonical bytes ({@link KeyEncoder}) and its
 * weight, the slot after the key fields when the spec has one, else 1. The weight is a 64-bit
 * integer of either sign, as SQL's {@code SUM} adds them: text (a string) as a decimal integer,
 * surrounding spaces allowed; an integer column; a decimal or floating-point column whose value is
 * a whole number. (The counting and lcbf methods refuse negative weights in their mappers.) A null weight
 * counts 0 (as SQL's {@code SUM} ignores nulls: a key whose weights are all null never reaches a
 * threshold of at least 1) and is reported by {@link #nullWeight()}. A record is malformed when
 * the row has a problem (a missing field, a key that is not valid UTF-8), its key does not read as
 * the key type, or its weight is another value. A record with a null key ({@link
 * KeyEncoder.Outcome#NULL}) is skipped whatever its weight. Not thread-safe.
 */
public final class WeightedRecordParser {
  private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);
  private static final BigDecimal MIN_LONG = BigDecimal.valueOf(Long.MIN_VALUE);

  private final KeyEncoder keys;
  /** The weight's slot, or -1 for none (each record weighs 1). */
  private final int weightSlot;
  private long weight;
  private boolean nullWeight;
  private String problem;

  public WeightedRecordParser(TableSpec spec) {
    this.keys = new KeyEncoder(spec);
    this.weightSlot = spec.fields().size() > spec.keyFieldCount() ? spec.keyFieldCount() : -1;
  }

  /** The parser for the input spec of {@code conf} ({@link BloomkitConfig#INPUT_SPEC}). */
  public static WeightedRecordParser fromConf(Configuration conf) {
    return new WeightedRecordParser(TableSpec.load(conf, BloomkitConfig.INPUT_SPEC));
  }

  /** Reads {@code row}: a key (and weight), a null key, or malformed ({@link #problem()}). */
  public KeyEncoder.Outcome parse(Row row) {
    KeyEncoder.Outcome o = keys.encode(row);
    if (o != KeyEncoder.Outcome.KEY) {
      problem = keys.problem();
      return o;
    }
    weight = 1;
    nullWeight = false;
    if (weightSlot >= 0) {
      Object v = row.value(weightSlot);
      if (v == null) {
        weight = 0;
        nullWeight = true;
      } else {
        Long w = weight(v);
        if (w == null) {
          String s = v instanceof String ? ((String) v).trim() : KeyEncoder.render(v);
          problem = "weight \"" + s + "\" is not an integer";
          return KeyEncoder.Outcome.MALFORMED;
        }
        weight = w;
      }
    }
    problem = null;
    return KeyEncoder.Outcome.KEY;
  }

  /** The weight of a non-null value, or null when it is not a 64-bit integer. */
  private static Long weight(Object v) {
    if (v instanceof String) {
      try {
        return Long.parseLong(((String) v).trim());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    if (v instanceof Long) {
      return (Long) v;
    }
    BigDecimal d;
    if (v instanceof BigDecimal) {
      d = (BigDecimal) v;
    } else if (v instanceof Double && Double.isFinite((Double) v)) {
      d = BigDecimal.valueOf((Double) v);
    } else {
      return null;
    }
    if (d.compareTo(MAX_LONG) > 0 || d.compareTo(MIN_LONG) < 0
        || d.stripTrailingZeros().scale() > 0) {
      return null;
    }
    return d.longValueExact();
  }

  /** The canonical key bytes of the last record read with a key. */
  public byte[] key() {
    return keys.key();
  }

  public int keyLength() {
    return keys.length();
  }

  /** The last record's weight: 1 without a weight field, 0 for a null one; may be negative. */
  public long weight() {
    return weight;
  }

  /**
   * Why a counting or lcbf task refuses the last record's weight, or null when it is at least 0:
   * their estimates are never below a true total only when no weight is negative (a sketch's
   * counters only grow).
   */
  public String negativeWeight(String method, String where) {
    return weight >= 0 ? null
        : "icebergs --method " + method + ": a negative weight (" + weight + ") in " + where
            + ": the " + method + " method's estimates hold only for weights of at least 0; use"
            + " --method exact, which sums signed weights as SQL does";
  }

  /**
   * Fails a counting or lcbf task on a negative weight: their estimates are never below a true
   * total only when every weight is at least 0 (a sketch's counters only grow).
   *
   * @throws java.io.IOException naming the method, the weight, the file and the record
   */
  public void requireNonNegative(String method, String where) throws java.io.IOException {
    if (weight < 0) {
      throw new java.io.IOException("icebergs --method " + method + ": a negative weight ("
          + weight + ") in " + where + ": the " + method + " method's estimates hold only for"
          + " weights of at least 0; use --method exact, which sums signed weights as SQL does");
    }
  }

  /** Whether the last record's weight was null (counted as 0). */
  public boolean nullWeight() {
    return nullWeight;
  }

  public String problem() {
    return problem;
  }
}
