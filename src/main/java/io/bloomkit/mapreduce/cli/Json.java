package io.bloomkit.mapreduce.cli;

import java.util.Collection;
import java.util.Map;

/**
 * The one JSON writer of the tools: an ordered map (nested maps, collections, strings, numbers,
 * booleans, null) to a one-line JSON object. Non-finite doubles are written as {@code null}.
 */
public final class Json {
  private Json() {}

  /** One line of JSON, keys in the map's iteration order. */
  public static String write(Map<String, ?> object) {
    StringBuilder b = new StringBuilder();
    value(b, object);
    return b.toString();
  }

  private static void value(StringBuilder b, Object v) {
    if (v == null) {
      b.append("null");
    } else if (v instanceof Map) {
      b.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        if (!first) {
          b.append(',');
        }
        first = false;
        string(b, String.valueOf(e.getKey()));
        b.append(':');
        value(b, e.getValue());
      }
      b.append('}');
    } else if (v instanceof Collection) {
      b.append('[');
      boolean first = true;
      for (Object o : (Collection<?>) v) {
        if (!first) {
          b.append(',');
        }
        first = false;
        value(b, o);
      }
      b.append(']');
    } else if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      b.append(Double.isFinite(d) ? Double.toString(d) : "null");
    } else if (v instanceof Number || v instanceof Boolean) {
      b.append(v);
    } else {
      string(b, v.toString());
    }
  }

  private static void string(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          b.append("\\\"");
          break;
        case '\\':
          b.append("\\\\");
          break;
        case '\n':
          b.append("\\n");
          break;
        case '\r':
          b.append("\\r");
          break;
        case '\t':
          b.append("\\t");
          break;
        case '\b':
          b.append("\\b");
          break;
        case '\f':
          b.append("\\f");
          break;
        default:
          if (c < 0x20 || c == 0x2028 || c == 0x2029) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
      }
    }
    b.append('"');
  }
}
