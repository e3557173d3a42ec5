package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import java.math.BigDecimal;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads an icebergs record ({@link Row}): its key in canonical bytes ({@link KeyEncoder}) and its
 * weight, the slot after the key fields when the spec has one, else 1. The weight is a
 * non-negative integer: text (a string) as a decimal integer, surrounding spaces allowed; an
 * integer column; a decimal or floating-point column whose value is a whole number. A null weight
 * counts 0 (as SQL's {@code SUM} ignores nulls: a key whose weights are all null never reaches a
 * threshold of at least 1) and is reported by {@link #nullWeight()}. A record is malformed when
 * the row has a problem (a missing field, a key that is not valid UTF-8), its key does not read as
 * the key type, or its weight is another value. A record with a null key ({@link
 * KeyEncoder.Outcome#NULL}) is skipped whatever its weight. Not thread-safe.
 */
public final class WeightedRecordParser {
  private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);

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
        weight = weight(v);
        if (weight < 0) {
          String s = v instanceof String ? ((String) v).trim() : KeyEncoder.render(v);
          problem = "weight \"" + s + "\" is not a non-negative integer";
          return KeyEncoder.Outcome.MALFORMED;
        }
      }
    }
    problem = null;
    return KeyEncoder.Outcome.KEY;
  }

  /** The weight of a non-null value, or -1 when it is not a non-negative integer. */
  private static long weight(Object v) {
    if (v instanceof String) {
      try {
        return Math.max(-1, Long.parseLong(((String) v).trim()));
      } catch (NumberFormatException e) {
        return -1;
      }
    }
    if (v instanceof Long) {
      return Math.max(-1, (Long) v);
    }
    BigDecimal d;
    if (v instanceof BigDecimal) {
      d = (BigDecimal) v;
    } else if (v instanceof Double && Double.isFinite((Double) v)) {
      d = BigDecimal.valueOf((Double) v);
    } else {
      return -1;
    }
    if (d.signum() < 0 || d.compareTo(MAX_LONG) > 0 || d.stripTrailingZeros().scale() > 0) {
      return -1;
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

  public long weight() {
    return weight;
  }

  /** Whether the last record's weight was null (counted as 0). */
  public boolean nullWeight() {
    return nullWeight;
  }

  public String problem() {
    return problem;
  }
}
