package io.bloomkit.mapreduce;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * Cuts the join key out of a delimited line, on the raw UTF-8 bytes: the key is the chosen 0-based
 * fields joined with the delimiter. A blank line (no bytes, or only ASCII whitespace: space, tab,
 * CR, form feed, vertical tab) is malformed, whatever the delimiter: it carries no record. Any other
 * line missing a key field, or whose key bytes are not valid UTF-8, is malformed. An empty field is
 * a value like any other (the empty string): {@code "a,,b"} has the key {@code ""} in field 1, and a
 * key made only of empty fields is a valid key. Not thread-safe; one per task, and the key buffer
 * is reused.
 */
public final class KeyExtractor {
  /** The largest key field number (0-based): records of more than 65536 fields are not keyed. */
  public static final int MAX_FIELD = (1 << 16) - 1;

  private final byte[] delimiter;
  private final int[] fields;
  private final int maxField;
  private final int[] starts;
  private final int[] ends;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private byte[] key = new byte[64];
  private int keyLength;
  private String problem;

  public KeyExtractor(char delimiter, int[] fields) {
    if (fields.length == 0) {
      throw new IllegalArgumentException("no key field");
    }
    this.delimiter = String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8);
    this.fields = fields.clone();
    int max = -1;
    for (int f : fields) {
      if (f < 0) {
        throw new IllegalArgumentException("key fields are 0-based and non-negative: " + f);
      }
      if (f > MAX_FIELD) {
        // the extractor keeps the bounds of every field up to the last key field
        throw new IllegalArgumentException(
            "key field " + f + " is past the last field a record may have, " + MAX_FIELD);
      }
      max = Math.max(max, f);
    }
    this.maxField = max;
    this.starts = new int[max + 1];
    this.ends = new int[max + 1];
  }

  /** The extractor for the delimiter and the key fields stored under {@code fieldsKey}. */
  public static KeyExtractor fromConf(Configuration conf, BloomkitConfig fieldsKey) {
    return new KeyExtractor(
        parseDelimiter(BloomkitConfig.DELIMITER.get(conf)), parseFields(fieldsKey.get(conf)));
  }

  /**
   * One character, or {@code \t} / {@code tab} for a tab. Any character works (control characters
   * such as Hive's {@code \u0001} included: {@link BloomkitConfig#DELIMITER} stores it escaped)
   * except a newline or carriage return, which the line reader never leaves inside a record.
   *
   * @throws IllegalArgumentException naming {@code --delimiter} and why
   */
  public static char parseDelimiter(String s) {
    if (s == null) {
      throw new IllegalArgumentException("--delimiter missing");
    }
    if (s.equals("\\t") || s.equalsIgnoreCase("tab")) {
      return '\t';
    }
    if (s.length() != 1) {
      throw new IllegalArgumentException(
          "--delimiter must be one character or \\t, got \"" + s + "\"");
    }
    char c = s.charAt(0);
    if (c == '\n' || c == '\r') {
      throw new IllegalArgumentException(
          "--delimiter cannot be a " + (c == '\n' ? "newline" : "carriage return")
              + ": records are lines, so no field can end with a line break");
    }
    return c;
  }

  /** {@code 0} or {@code 0,2}: 0-based field numbers. */
  public static int[] parseFields(String s) {
    String[] parts = s.split(",");
    int[] f = new int[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        f[i] = Integer.parseInt(parts[i].trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("key field must be a 0-based integer: \"" + parts[i] + "\"");
      }
      if (f[i] < 0) {
        throw new IllegalArgumentException("key field must be 0-based, non-negative: " + f[i]);
      }
    }
    return f;
  }

  /** The fields in their configuration form: {@code 0,2}. */
  public static String formatFields(int[] fields) {
    StringBuilder b = new StringBuilder();
    for (int f : fields) {
      if (b.length() > 0) {
        b.append(',');
      }
      b.append(f);
    }
    return b.toString();
  }

  /**
   * Extracts the key of {@code line}; on success {@link #key()} and {@link #keyLength()} hold it.
   *
   * @return false if the line is malformed ({@link #problem()} says why)
   */
  public boolean extract(Text line) {
    return extract(line.getBytes(), 0, line.getLength());
  }

  public boolean extract(byte[] b, int off, int len) {
    if (blank(b, off, len)) {
      problem = "blank line";
      return false;
    }
    int end = off + len;
    int field = 0;
    int start = off;
    int d0 = delimiter[0];
    int dl = delimiter.length;
    int i = off;
    while (field <= maxField) {
      int stop = -1;
      for (int j = i; j <= end - dl; j++) {
        if (b[j] == d0 && (dl == 1 || matches(b, j))) {
          stop = j;
          break;
        }
      }
      starts[field] = start;
      if (stop < 0) {
        ends[field] = end;
        field++;
        break;
      }
      ends[field] = stop;
      field++;
      start = stop + dl;
      i = start;
    }
    if (field <= maxField) {
      problem = "has " + field + " fields, key field " + maxField + " missing";
      return false;
    }
    keyLength = 0;
    for (int n = 0; n < fields.length; n++) {
      if (n > 0) {
        append(delimiter, 0, dl);
      }
      int f = fields[n];
      append(b, starts[f], ends[f] - starts[f]);
    }
    try {
      decoder.reset().decode(ByteBuffer.wrap(key, 0, keyLength));
    } catch (CharacterCodingException e) {
      problem = "key is not valid UTF-8";
      return false;
    }
    problem = null;
    return true;
  }

  /** Whether the bytes are empty or only ASCII whitespace. */
  static boolean blank(byte[] b, int off, int len) {
    for (int i = off; i < off + len; i++) {
      byte c = b[i];
      if (c != ' ' && c != '\t' && c != '\r' && c != '\f' && c != 0x0b) {
        return false;
      }
    }
    return true;
  }

  private boolean matches(byte[] b, int j) {
    for (int t = 1; t < delimiter.length; t++) {
      if (b[j + t] != delimiter[t]) {
        return false;
      }
    }
    return true;
  }

  private void append(byte[] src, int off, int len) {
    if (keyLength + len > key.length) {
      key = Arrays.copyOf(key, Math.max(key.length * 2, keyLength + len));
    }
    System.arraycopy(src, off, key, keyLength, len);
    keyLength += len;
  }

  /** The key bytes of the last successful {@link #extract} (valid up to {@link #keyLength()}). */
  public byte[] key() {
    return key;
  }

  public int keyLength() {
    return keyLength;
  }

  /** The key of the last successful extract as a string. */
  public String keyString() {
    return new String(key, 0, keyLength, StandardCharsets.UTF_8);
  }

  /** Why the last {@link #extract} failed. */
  public String problem() {
    return problem;
  }
}
