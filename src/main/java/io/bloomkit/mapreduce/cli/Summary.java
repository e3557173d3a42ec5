package io.bloomkit.mapreduce.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tool's result for people (stdout without {@code --json}): one {@code name: value} line per
 * field, the values aligned in one column; a nested object (a join's {@code plan}) as its name
 * alone, then its fields indented and aligned the same way; a list of scalars comma-separated, a
 * list of objects one indented block per element. Numbers are written plainly (doubles with up to
 * six significant digits, no exponent for ordinary magnitudes); the JSON line keeps every digit.
 */
final class Summary {
  private static final String INDENT = "  ";

  private Summary() {}

  static void print(PrintStream out, Map<String, ?> result) {
    print(out, result, "");
  }

  private static void print(PrintStream out, Map<String, ?> fields, String indent) {
    int width = 0;
    for (Map.Entry<String, ?> e : fields.entrySet()) {
      if (!nested(e.getValue())) {
        width = Math.max(width, e.getKey().length() + 1);
      }
    }
    for (Map.Entry<String, ?> e : fields.entrySet()) {
      Object v = e.getValue();
      if (v instanceof Map) {
        out.println(indent + e.getKey() + ":");
        print(out, cast(v), indent + INDENT);
      } else if (nested(v)) {
        out.println(indent + e.getKey() + ":");
        int i = 0;
        for (Object o : (List<?>) v) {
          if (o instanceof Map) {
            out.println(indent + INDENT + "[" + i++ + "]");
            print(out, cast(o), indent + INDENT + INDENT);
          } else {
            out.println(indent + INDENT + text(o));
          }
        }
      } else {
        String name = e.getKey() + ":";
        out.println(indent + name + " ".repeat(width - name.length() + 1) + text(v));
      }
    }
  }

  /** A value that gets lines of its own: an object, or a list holding an object or a list. */
  private static boolean nested(Object v) {
    if (v instanceof Map) {
      return true;
    }
    if (v instanceof List) {
      for (Object o : (List<?>) v) {
        if (o instanceof Map || o instanceof List) {
          return true;
        }
      }
    }
    return false;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> cast(Object v) {
    return (Map<String, ?>) v;
  }

  static String text(Object v) {
    if (v == null) {
      return "-";
    }
    if (v instanceof Double || v instanceof Float) {
      double d = ((Number) v).doubleValue();
      if (!Double.isFinite(d)) {
        return String.valueOf(d);
      }
      if (d == Math.rint(d) && Math.abs(d) < 1e15) {
        return String.format(Locale.ROOT, "%.1f", d);
      }
      if (Math.abs(d) >= 1e-4 && Math.abs(d) < 1e9) {
        String s = new java.math.BigDecimal(d).round(new java.math.MathContext(6))
            .stripTrailingZeros().toPlainString();
        return s;
      }
      return String.format(Locale.ROOT, "%.5g", d);
    }
    if (v instanceof List) {
      StringBuilder b = new StringBuilder();
      for (Object o : (List<?>) v) {
        if (b.length() > 0) {
          b.append(", ");
        }
        b.append(text(o));
      }
      return b.toString();
    }
    return String.valueOf(v);
  }
}
