package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.util.regex.Pattern;

/**
 * Key text as Hive and Spark write and cast it, made into the ISO text {@link
 * io.bloomkit.core.key.CanonicalKey#parse} reads: a {@code long}, {@code decimal}, {@code date} or
 * {@code timestamp} loses surrounding blanks (as SQL's {@code CAST(' 12 ' AS BIGINT)} does); a
 * {@code timestamp} may separate date and time by a space ({@code 2001-01-02 09:06:00}, with
 * fractional seconds to nanoseconds: Hive's and Spark's text default, DuckDB's CSV) and may be a
 * date alone (its midnight, as Spark casts it). A string key is its text as it is.
 */
public final class TextKeys {
  private TextKeys() {}

  /** {@code yyyy-MM-dd HH:mm[:ss[.f]]}: a space between date and time. */
  private static final Pattern SPACED =
      Pattern.compile("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?.*");

  private static final Pattern DATE = Pattern.compile("[+-]?\\d{4,}-\\d{2}-\\d{2}");

  /**
   * A time written as text that is not an integer: a date alone as a {@link java.time.LocalDate},
   * a timestamp ({@link #normalize} forms; without an offset taken as UTC) as an {@link
   * java.time.Instant}, as a {@code date} or {@code timestamp} column reads; null for neither.
   */
  public static Object time(String text) {
    String t = text.trim();
    try {
      if (DATE.matcher(t).matches()) {
        return java.time.LocalDate.parse(t);
      }
      String iso = normalize(KeyType.TIMESTAMP, t);
      try {
        return java.time.OffsetDateTime.parse(iso).toInstant();
      } catch (java.time.DateTimeException withoutOffset) {
        return java.time.LocalDateTime.parse(iso).toInstant(java.time.ZoneOffset.UTC);
      }
    } catch (java.time.DateTimeException e) {
      return null;
    }
  }

  /** {@code text} of a key of {@code type} in the form {@code CanonicalKey.parse} reads. */
  static String normalize(KeyType type, String text) {
    switch (type) {
      case LONG:
      case DECIMAL:
      case DATE:
        return text.trim();
      case TIMESTAMP:
        String t = text.trim();
        if (SPACED.matcher(t).matches()) {
          return t.substring(0, 10) + 'T' + t.substring(11);
        }
        if (DATE.matcher(t).matches()) {
          return t + "T00:00:00";
        }
        return t;
      default:
        return text;
    }
  }
}
