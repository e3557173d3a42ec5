package io.bloomkit.mapreduce.config;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * What the values of the {@link BloomkitConfig} keys are: each key's {@link BloomkitConfig.Kind}
 * and allowed range, and the parsing and range check of a value, whose failure names the key,
 * the value and what is allowed.
 */
final class ConfigValues {
  /** The keys read as a Java int (their values must fit one). */
  private static final Set<BloomkitConfig> INTS =
      Collections.unmodifiableSet(EnumSet.of(
          BloomkitConfig.ICEBERG_MAX_KEYS, BloomkitConfig.DEDUP_MAX_KEYS,
          BloomkitConfig.DEDUP_LOCAL_HASHES, BloomkitConfig.JOIN_HOT_MAX_KEYS,
          BloomkitConfig.JOIN_HOT_BUCKETS, BloomkitConfig.ICEBERG_LCBF_VALUE_BITS,
          BloomkitConfig.ICEBERG_LCBF_HASHES, BloomkitConfig.ICEBERG_COUNTING_HASHES,
          BloomkitConfig.HASHSET_MAX_KEYS, BloomkitConfig.FILTER_HASHES));

  /** The keys read as a double whose default is written as a whole number. */
  private static final Set<BloomkitConfig> DOUBLES =
      Collections.unmodifiableSet(EnumSet.of(
          BloomkitConfig.FILTER_FPP, BloomkitConfig.FILTER_BITS_PER_KEY,
          BloomkitConfig.IMPORTANCE_MIN, BloomkitConfig.IMPORTANCE_MAX,
          BloomkitConfig.ICEBERG_LCBF_ENTRIES_PER_KEY));

  private ConfigValues() {}

  /** As {@link BloomkitConfig#kind}. */
  static BloomkitConfig.Kind kind(BloomkitConfig c) {
    String defaultValue = c.defaultValue();
    if (defaultValue.equals("true") || defaultValue.equals("false")) {
      return BloomkitConfig.Kind.BOOLEAN;
    }
    if (DOUBLES.contains(c)) {
      return BloomkitConfig.Kind.DOUBLE;
    }
    if (defaultValue.matches("-?[0-9]+")) {
      return INTS.contains(c) ? BloomkitConfig.Kind.INT : BloomkitConfig.Kind.LONG;
    }
    if (defaultValue.matches("-?[0-9]*\\.[0-9]+([eE]-?[0-9]+)?")) {
      return BloomkitConfig.Kind.DOUBLE;
    }
    return BloomkitConfig.Kind.STRING;
  }

  /** As {@link BloomkitConfig#range}. */
  static double[] range(BloomkitConfig c) {
    switch (c) {
      case IMPORTANCE_MIN:
      case IMPORTANCE_MAX:
      case DEDUP_STREAM_SEED:
        return new double[] {-Double.MAX_VALUE, Double.MAX_VALUE};
      case ICEBERG_THRESHOLD:
      case ICEBERG_MAX_KEYS:
      case DEDUP_MAX_KEYS:
      case HASHSET_MAX_KEYS:
      case JOIN_RIGHT_BATCH_BYTES:
      case ICEBERG_COUNTING_HASHES:
      case ICEBERG_COUNTING_WIDTH:
      case ICEBERG_LCBF_HASHES:
        return new double[] {1, Double.MAX_VALUE};
      case ICEBERG_LCBF_VALUE_BITS:
        return new double[] {1, 63};
      case PLAN_FILTER_HEAP_SHARE:
      case JOIN_HOT_SHARE:
      case FILTER_FPP:
        return new double[] {0, 1};
      default:
        return new double[] {0, Double.MAX_VALUE};
    }
  }

  /**
   * The value of {@code c} in {@code conf} (its default when unset), parsed and range-checked.
   *
   * @throws IllegalArgumentException naming the key, the value and what is allowed
   */
  static Object parsed(BloomkitConfig c, Configuration conf) {
    String raw = conf.getTrimmed(c.key(), c.defaultValue());
    BloomkitConfig.Kind kind = c.kind();
    if (kind == BloomkitConfig.Kind.STRING) {
      return raw;
    }
    if (kind == BloomkitConfig.Kind.BOOLEAN) {
      if (raw.equalsIgnoreCase("true") || raw.equalsIgnoreCase("false")) {
        return Boolean.parseBoolean(raw);
      }
      throw bad(c, raw, "true or false");
    }
    double[] r = c.range();
    double v;
    Object value;
    try {
      if (kind == BloomkitConfig.Kind.DOUBLE) {
        double d = Double.parseDouble(raw);
        if (!Double.isFinite(d)) {
          throw new NumberFormatException(raw);
        }
        value = d;
        v = d;
      } else {
        long l = Long.parseLong(raw);
        if (kind == BloomkitConfig.Kind.INT && (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE)) {
          throw new NumberFormatException(raw);
        }
        value = l;
        v = l;
      }
    } catch (NumberFormatException e) {
      throw bad(c, raw, allowed(kind, r));
    }
    if (v < r[0] || v > r[1]) {
      throw bad(c, raw, allowed(kind, r));
    }
    return value;
  }

  private static IllegalArgumentException bad(BloomkitConfig c, String raw, String allowed) {
    return new IllegalArgumentException(
        "-D " + c.key() + "=" + raw + ": must be " + allowed + " (" + c.description() + ")");
  }

  private static String allowed(BloomkitConfig.Kind kind, double[] r) {
    String what = kind == BloomkitConfig.Kind.DOUBLE ? "a finite number"
        : kind == BloomkitConfig.Kind.INT ? "an integer (32-bit)" : "an integer";
    boolean low = r[0] > -Double.MAX_VALUE;
    boolean high = r[1] < Double.MAX_VALUE;
    String lo = kind == BloomkitConfig.Kind.DOUBLE ? String.valueOf(r[0])
        : String.valueOf((long) r[0]);
    String hi = kind == BloomkitConfig.Kind.DOUBLE ? String.valueOf(r[1])
        : String.valueOf((long) r[1]);
    if (low && high) {
      return what + " from " + lo + " to " + hi;
    }
    return low ? what + " of at least " + lo : what;
  }
}
