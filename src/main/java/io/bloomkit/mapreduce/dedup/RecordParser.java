package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import org.apache.hadoop.conf.Configuration;

/**
 * Reads a dedup record from a {@link Row} of the input's {@link TableSpec}: its key ({@link
 * KeyEncoder}: canonical bytes, null, or malformed), its time and (stream) its importance. The
 * spec's fields are the key fields, then the time field (with {@code --time-field}), then the
 * importance field (with {@code --importance-field}).
 *
 * <p>The time is a 64-bit integer: a text or CSV field (or a string column) as a decimal integer,
 * surrounding spaces ignored, else as a date or a timestamp column would read its text ({@link
 * io.bloomkit.mapreduce.table.TextKeys#time}: {@code 2001-01-02} its epoch day, {@code
 * 2001-01-02 09:06:00} or ISO-8601 its epoch milliseconds; {@code time "x" is not an integer, a
 * date or a timestamp} otherwise); an integer column as
 * it is; a {@code date} column as its epoch day (days since 1970-01-01); a {@code timestamp} column
 * as its epoch milliseconds (so a {@code --window} is then in milliseconds), a time-of-day column
 * as its milliseconds after midnight; a decimal column when
 * it holds an integer. Any other value (a floating-point or boolean column, a fractional decimal)
 * or a null time makes the record malformed. The importance is a finite number: a text field as
 * {@link Double#parseDouble}, a numeric column's value. Without a time field every record has time
 * 0, so the global order falls back to (file path, position). Not thread-safe.
 */
public final class RecordParser {
  private final KeyEncoder keys;
  /** Slot of the time field, -1: none. */
  private final int timeSlot;
  /** Slot of the importance field, -1: none. */
  private final int importanceSlot;
  private KeyEncoder.Outcome outcome;
  private long time;
  private double importance = 1.0;
  private String problem;

  /**
   * @param time whether the spec's field after the key fields is the time field
   * @param importance whether the next field is the importance field
   */
  public RecordParser(TableSpec spec, boolean time, boolean importance) {
    this.keys = new KeyEncoder(spec);
    int slot = spec.keyFieldCount();
    this.timeSlot = time ? slot++ : -1;
    this.importanceSlot = importance ? slot++ : -1;
    if (slot > spec.fields().size()) {
      throw new IllegalArgumentException("the input spec has no time or importance field: " + spec);
    }
  }

  /**
   * The parser of the spec in {@link BloomkitConfig#INPUT_SPEC}, with a time field when {@link
   * BloomkitConfig#TIME_FIELD} is set and an importance field when {@link
   * BloomkitConfig#IMPORTANCE_FIELD} is.
   */
  public static RecordParser fromConf(Configuration conf) {
    return new RecordParser(TableSpec.load(conf, BloomkitConfig.INPUT_SPEC),
        !BloomkitConfig.TIME_FIELD.get(conf).isEmpty(),
        !BloomkitConfig.IMPORTANCE_FIELD.get(conf).isEmpty());
  }

  /**
   * Reads {@code row}: {@link KeyEncoder.Outcome#MALFORMED} if the row, its key, its time or its
   * importance cannot be read ({@link #problem()} says why), else {@link KeyEncoder.Outcome#KEY}
   * ({@link #key()}) or {@link KeyEncoder.Outcome#NULL} (a null key; time and importance are read
   * all the same).
   */
  public KeyEncoder.Outcome parse(Row row) {
    outcome = keys.encode(row);
    problem = keys.problem();
    if (outcome == KeyEncoder.Outcome.MALFORMED) {
      return outcome;
    }
    time = 0;
    if (timeSlot >= 0) {
      problem = readTime(row.value(timeSlot));
      if (problem != null) {
        return outcome = KeyEncoder.Outcome.MALFORMED;
      }
    }
    importance = 1.0;
    if (importanceSlot >= 0) {
      problem = readImportance(row.value(importanceSlot));
      if (problem != null) {
        return outcome = KeyEncoder.Outcome.MALFORMED;
      }
    }
    return outcome;
  }

  /** Sets {@link #time} from {@code v}; returns the problem, or null. */
  private String readTime(Object v) {
    if (v == null) {
      return "time is null";
    }
    if (v instanceof String) {
      String s = ((String) v).trim();
      try {
        time = Long.parseLong(s);
        return null;
      } catch (NumberFormatException e) {
        Object t = io.bloomkit.mapreduce.table.TextKeys.time(s);
        if (t == null) {
          return "time \"" + s + "\" is not an integer, a date or a timestamp";
        }
        v = t; // a date or a timestamp as text (Hive's and Spark's form): as such a column
      }
    }
    try {
      if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
        time = ((Number) v).longValue();
      } else if (v instanceof Instant) {
        time = ((Instant) v).toEpochMilli();
      } else if (v instanceof LocalDate) {
        time = ((LocalDate) v).toEpochDay();
      } else if (v instanceof LocalTime) {
        time = ((LocalTime) v).toNanoOfDay() / 1_000_000L; // ms after midnight, as a timestamp's
      } else if (v instanceof BigDecimal) {
        time = ((BigDecimal) v).longValueExact();
      } else {
        return "time " + KeyEncoder.render(v) + " is not an integer (a "
            + v.getClass().getSimpleName() + " value)";
      }
      return null;
    } catch (ArithmeticException e) {
      return "time " + KeyEncoder.render(v) + " is not a 64-bit integer";
    }
  }

  /** Sets {@link #importance} from {@code v}; returns the problem, or null. */
  private String readImportance(Object v) {
    String s = KeyEncoder.render(v);
    if (v instanceof String) {
      s = s.trim();
      try {
        importance = Double.parseDouble(s);
      } catch (NumberFormatException e) {
        importance = Double.NaN;
      }
    } else if (v instanceof Number) {
      importance = ((Number) v).doubleValue();
    } else {
      importance = Double.NaN;
    }
    return Double.isFinite(importance) ? null : "importance \"" + s + "\" is not a finite number";
  }

  /** The importance of the last successful parse (1 without an importance field). */
  public double importance() {
    return importance;
  }

  /**
   * The key bytes of the last {@link KeyEncoder.Outcome#KEY}, valid up to {@link #keyLength()};
   * null after a null key.
   */
  public byte[] key() {
    return outcome == KeyEncoder.Outcome.KEY ? keys.key() : null;
  }

  public int keyLength() {
    return outcome == KeyEncoder.Outcome.KEY ? keys.length() : 0;
  }

  /** The time of the last successful parse (0 without a time field). */
  public long time() {
    return time;
  }

  public String problem() {
    return problem;
  }
}
