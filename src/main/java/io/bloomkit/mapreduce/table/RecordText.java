package io.bloomkit.mapreduce.table;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;

/**
 * A typed record as text: its top-level fields in schema order, each rendered as Hive prints it.
 *
 * <ul>
 *   <li>null: {@value #NULL} (Hive's null token, bloomkit's default {@code --null-token});
 *   <li>strings as they are; integers, booleans and {@code float}/{@code double} by Java's {@code
 *       toString} ({@code 1.5}, {@code NaN});
 *   <li>decimal: the plain number at the type's scale ({@code 17954.55}, {@code 17.00});
 *   <li>date: ISO-8601 {@code 1996-01-02}; timestamp: ISO-8601 in UTC ({@code
 *       2024-01-02T03:04:05.123456Z}); time of day ({@code time-millis}, {@code time-micros}):
 *       {@code 09:06:00.5} (a number beyond a day as the number);
 *   <li>binary (bytes, fixed): lower-case hex, as the rows of every input render it and as a
 *       {@code binary} key is written in text ({@link KeyEncoder#render});
 *   <li>nested struct, array and map: compact JSON, as Hive's command line prints them ({@code
 *       {"a":1,"b":"x"}}, {@code [1,2]}, {@code {"k":null}}), with the values inside rendered as
 *       above and quoted when they are text; null inside is {@code null}.
 * </ul>
 *
 * Nested values are not flattened into columns: a record keeps one text field per top-level field,
 * so field indexes of the text match column positions of the schema.
 */
public final class RecordText {
  /** The text of a null field. */
  public static final String NULL = "\\N";

  private RecordText() {}

  /** The fields of a record joined by {@code delimiter}. */
  public static String line(GenericRecord record, String delimiter) {
    StringBuilder b = new StringBuilder();
    for (Schema.Field f : record.getSchema().getFields()) {
      if (f.pos() > 0) {
        b.append(delimiter);
      }
      b.append(field(record.get(f.pos()), f.schema()));
    }
    return b.toString();
  }

  /** The text of each top-level field, in schema order (for a CSV printer). */
  public static List<String> fields(GenericRecord record) {
    List<String> out = new ArrayList<>();
    for (Schema.Field f : record.getSchema().getFields()) {
      out.add(field(record.get(f.pos()), f.schema()));
    }
    return out;
  }

  /** The text of one value of {@code schema}; {@value #NULL} for null. */
  public static String field(Object value, Schema schema) {
    if (value == null) {
      return NULL;
    }
    StringBuilder b = new StringBuilder();
    append(b, value, schema, false);
    return b.toString();
  }

  private static void append(StringBuilder b, Object v, Schema schema, boolean nested) {
    if (v == null) {
      b.append(nested ? "null" : NULL);
      return;
    }
    switch (schema.getType()) {
      case UNION:
        append(b, v, schema.getTypes().get(OrcAvro.MODEL.resolveUnion(schema, v)), nested);
        return;
      case RECORD: {
        GenericRecord r = (GenericRecord) v;
        b.append('{');
        for (Schema.Field f : schema.getFields()) {
          if (f.pos() > 0) {
            b.append(',');
          }
          quote(b, f.name());
          b.append(':');
          append(b, r.get(f.pos()), f.schema(), true);
        }
        b.append('}');
        return;
      }
      case ARRAY: {
        b.append('[');
        boolean first = true;
        for (Object item : (Collection<?>) v) {
          if (!first) {
            b.append(',');
          }
          first = false;
          append(b, item, schema.getElementType(), true);
        }
        b.append(']');
        return;
      }
      case MAP: {
        b.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          if (!first) {
            b.append(',');
          }
          first = false;
          quote(b, e.getKey().toString());
          b.append(':');
          append(b, e.getValue(), schema.getValueType(), true);
        }
        b.append('}');
        return;
      }
      default:
        String text = scalar(v, schema);
        if (nested && textual(schema)) {
          quote(b, text);
        } else {
          b.append(text);
        }
    }
  }

  private static String scalar(Object v, Schema schema) {
    if (schema.getLogicalType() instanceof LogicalTypes.Decimal) {
      return OrcAvro.decimal(v, schema).toPlainString();
    }
    if (schema.getLogicalType() instanceof LogicalTypes.Date) {
      return (v instanceof LocalDate ? (LocalDate) v : LocalDate.ofEpochDay(((Number) v).longValue()))
          .toString();
    }
    LocalTime time = AvroColumns.timeOfDay(v, schema.getLogicalType());
    if (time != null || v instanceof LocalTime) {
      return KeyEncoder.render(time != null ? time : v);
    }
    int unit = OrcAvro.timestampUnit(schema);
    if (unit != 0) {
      if (v instanceof Instant) {
        return v.toString();
      }
      long n = ((Number) v).longValue();
      long micros = unit == 1 ? Math.multiplyExact(n, 1000L) : n;
      return Instant.ofEpochSecond(
          Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L).toString();
    }
    if (v instanceof ByteBuffer || v instanceof GenericFixed || v instanceof byte[]) {
      return org.apache.commons.codec.binary.Hex.encodeHexString(OrcAvro.bytes(v));
    }
    return v.toString();
  }

  private static boolean textual(Schema s) {
    switch (s.getType()) {
      case STRING:
      case ENUM:
      case BYTES:
      case FIXED:
        return !(s.getLogicalType() instanceof LogicalTypes.Decimal);
      case INT:
      case LONG:
        return s.getLogicalType() != null; // dates and timestamps
      default:
        return false;
    }
  }

  private static void quote(StringBuilder b, String s) {
    b.append('"');
    JsonStringEncoder.getInstance().quoteAsString(s, b);
    b.append('"');
  }
}
