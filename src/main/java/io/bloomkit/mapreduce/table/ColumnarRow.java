package io.bloomkit.mapreduce.table;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.StreamWriteFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;

/**
 * A record of a self-describing columnar file (Avro, Parquet, ORC) as a {@link Row}. Subclasses
 * give the values already normalised: scalars as {@link Row} documents them, a struct as an
 * insertion-ordered {@code Map<String, Object>}, a map as a {@code Map<Object, Object>}, a list
 * as a {@code List<Object>}. {@link #value} hands a struct, list or map out as its JSON text (so a
 * key read from one is a string); {@link #line} renders the top-level columns read, in schema
 * order: scalars by {@link KeyEncoder#render}, nested values as JSON, null as {@code \N}, joined
 * by the delimiter (no quoting or escaping, as Hive's text tables). Never malformed.
 */
abstract class ColumnarRow extends Row {
  private static final JsonFactory JSON =
      JsonFactory.builder().enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN).build();

  private final char delimiter;
  private final Text line = new Text();
  private boolean lineDone;

  ColumnarRow(char delimiter) {
    this.delimiter = delimiter;
  }

  /** The normalised value of slot {@code slot} of the current record. */
  abstract Object slot(int slot);

  /** How many top-level columns the current record has (all, or the projected ones). */
  abstract int columnCount();

  /** The normalised value of top-level column {@code i} of the current record. */
  abstract Object column(int i);

  /** Tells the row that it holds a new record. */
  final void changed() {
    lineDone = false;
  }

  @Override
  public final String problem() {
    return null;
  }

  @Override
  public final Object value(int slot) {
    Object v = slot(slot);
    return v instanceof Map || v instanceof List ? json(v) : v;
  }

  @Override
  public final Text line() {
    if (!lineDone) {
      StringBuilder sb = new StringBuilder();
      for (int i = 0, n = columnCount(); i < n; i++) {
        if (i > 0) {
          sb.append(delimiter);
        }
        sb.append(text(column(i)));
      }
      line.set(sb.toString());
      lineDone = true;
    }
    return line;
  }

  /** A normalised value as text: nested values as JSON, scalars by {@link KeyEncoder#render}. */
  static String text(Object v) {
    return v instanceof Map || v instanceof List ? json(v) : KeyEncoder.render(v);
  }

  /**
   * A normalised value as JSON: numbers and booleans bare, strings, dates, timestamps and binary
   * (hex) as strings, null as {@code null}, structs and maps as objects (keys as text), lists as
   * arrays.
   */
  static String json(Object v) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      write(g, v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        g.writeFieldName(text(e.getKey()));
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List) {
      g.writeStartArray();
      for (Object o : (List<?>) v) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (v instanceof Long) {
      g.writeNumber((Long) v);
    } else if (v instanceof Double) {
      g.writeNumber((Double) v);
    } else if (v instanceof BigDecimal) {
      g.writeNumber((BigDecimal) v);
    } else if (v instanceof Boolean) {
      g.writeBoolean((Boolean) v);
    } else {
      g.writeString(KeyEncoder.render(v));
    }
  }

  /** A float as the double its decimal text stands for ({@code 1.1f} reads as {@code 1.1}). */
  static Double ofFloat(float f) {
    return Float.isFinite(f) ? Double.valueOf(Float.toString(f)) : Double.valueOf(f);
  }
}
