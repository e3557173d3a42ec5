package io.bloomkit.mapreduce.config;

import java.util.Locale;

/**
 * The XML-safe form of the values of escaped {@link BloomkitConfig} keys: job.xml is XML 1.0,
 * which cannot hold most control characters, so such characters are stored as {@code \\uXXXX}.
 */
final class XmlEscapes {
  private XmlEscapes() {}

  /** As {@link BloomkitConfig#escape}. */
  static String escape(String s) {
    StringBuilder b = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean unsafe =
          c < 0x20 || (c >= 0x7f && c <= 0x9f) || Character.isSurrogate(c) || c >= 0xfffe
              || c == '\\';
      if (unsafe && b == null) {
        b = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      if (unsafe) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? s : b.toString();
  }

  /** As {@link BloomkitConfig#unescape}. */
  static String unescape(String s) {
    if (s == null || s.indexOf('\\') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 5 < s.length() && s.charAt(i + 1) == 'u' && hex4(s, i + 2)) {
        b.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
        i += 5;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean hex4(String s, int from) {
    for (int i = from; i < from + 4; i++) {
      if ("0123456789abcdefABCDEF".indexOf(s.charAt(i)) < 0) {
        return false;
      }
    }
    return true;
  }
}
