package io.bloomkit.mapreduce.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small JSON reader for tests, independent of the writer under test. */
public final class MiniJson {
  private final String s;
  private int i;

  private MiniJson(String s) {
    this.s = s;
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> parseObject(String s) {
    MiniJson p = new MiniJson(s.trim());
    Object v = p.value();
    p.ws();
    if (p.i != p.s.length()) {
      throw new IllegalArgumentException("trailing text at " + p.i + ": " + s);
    }
    return (Map<String, Object>) v;
  }

  private void ws() {
    while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
      i++;
    }
  }

  private Object value() {
    ws();
    char c = s.charAt(i);
    if (c == '{') {
      i++;
      Map<String, Object> m = new LinkedHashMap<>();
      ws();
      if (s.charAt(i) == '}') {
        i++;
        return m;
      }
      while (true) {
        ws();
        String k = string();
        ws();
        expect(':');
        m.put(k, value());
        ws();
        if (s.charAt(i) == ',') {
          i++;
        } else {
          expect('}');
          return m;
        }
      }
    }
    if (c == '[') {
      i++;
      List<Object> l = new ArrayList<>();
      ws();
      if (s.charAt(i) == ']') {
        i++;
        return l;
      }
      while (true) {
        l.add(value());
        ws();
        if (s.charAt(i) == ',') {
          i++;
        } else {
          expect(']');
          return l;
        }
      }
    }
    if (c == '"') {
      return string();
    }
    if (s.startsWith("null", i)) {
      i += 4;
      return null;
    }
    if (s.startsWith("true", i)) {
      i += 4;
      return true;
    }
    if (s.startsWith("false", i)) {
      i += 5;
      return false;
    }
    int start = i;
    while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    String num = s.substring(start, i);
    if (num.isEmpty()) {
      throw new IllegalArgumentException("bad JSON at " + start + ": " + s);
    }
    if (num.matches("-?\\d+")) {
      return Long.parseLong(num);
    }
    return Double.parseDouble(num);
  }

  private void expect(char c) {
    if (s.charAt(i) != c) {
      throw new IllegalArgumentException("expected " + c + " at " + i + ": " + s);
    }
    i++;
  }

  private String string() {
    expect('"');
    StringBuilder b = new StringBuilder();
    while (true) {
      char c = s.charAt(i++);
      if (c == '"') {
        return b.toString();
      }
      if (c == '\\') {
        char e = s.charAt(i++);
        switch (e) {
          case 'n':
            b.append('\n');
            break;
          case 't':
            b.append('\t');
            break;
          case 'r':
            b.append('\r');
            break;
          case 'b':
            b.append('\b');
            break;
          case 'f':
            b.append('\f');
            break;
          case 'u':
            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
            i += 4;
            break;
          default:
            b.append(e);
        }
      } else {
        b.append(c);
      }
    }
  }
}
