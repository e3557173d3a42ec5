package io.bloomkit.mapreduce.table;

import com.google.common.base.Utf8;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.Text;

/**
 * A delimited line as a {@link Row}: the slots are 0-based field numbers, cut on the raw UTF-8
 * bytes. Malformed ({@link #problem}): a blank line (no bytes, or only ASCII whitespace: space,
 * tab, CR, form feed, vertical tab), whatever the delimiter; a line without one of the slots'
 * fields ({@code has N fields, key field F missing}, naming the highest key field first, then the
 * other slots in order); a slot's field that is not valid UTF-8. An empty field is the empty
 * string unless {@code emptyIsNull}; a field equal to the null token is null. Not thread-safe.
 */
final class TextRow extends CheckedRow {
  private final byte[] delimiter;
  private final int[] slots;
  private final int keySlots;
  private final int maxField;
  private final int[] starts;
  private final int[] ends;
  private final String nullToken;
  /** The null token's UTF-8 bytes, or null when it has none that decode back to it. */
  private final byte[] nullBytes;
  private final boolean emptyIsNull;
  private final String[] values;
  private final boolean[] decoded;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT);
  private Text line;

  TextRow(TableSpec spec) {
    this(spec.delimiter(), indices(spec), spec.keyFieldCount(), spec.nullToken(),
        spec.emptyIsNull());
  }

  TextRow(char delimiter, int[] slots, int keySlots, String nullToken, boolean emptyIsNull) {
    this.delimiter = String.valueOf(delimiter).getBytes(StandardCharsets.UTF_8);
    this.slots = slots.clone();
    this.keySlots = keySlots;
    int max = -1;
    for (int s : slots) {
      max = Math.max(max, s);
    }
    this.maxField = max;
    this.starts = new int[max + 1];
    this.ends = new int[max + 1];
    this.nullToken = nullToken;
    byte[] nb = nullToken == null ? null : nullToken.getBytes(StandardCharsets.UTF_8);
    this.nullBytes =
        nb != null && new String(nb, StandardCharsets.UTF_8).equals(nullToken) ? nb : null;
    this.emptyIsNull = emptyIsNull;
    this.values = new String[slots.length];
    this.decoded = new boolean[slots.length];
  }

  /** The 0-based field numbers of a text spec's fields. */
  static int[] indices(TableSpec spec) {
    int[] out = new int[spec.fields().size()];
    for (int i = 0; i < out.length; i++) {
      String f = spec.fields().get(i);
      if (!TableSpec.isIndex(f)) {
        throw new IllegalArgumentException(
            "field \"" + f + "\" is a name, but " + spec.format().cliName()
                + " fields are 0-based numbers");
      }
      out[i] = Integer.parseInt(f);
    }
    return out;
  }

  /** The fields of a line cut on {@code delimiter} (every one, empty ones included). */
  static String[] fields(String line, char delimiter) {
    return line.split(java.util.regex.Pattern.quote(String.valueOf(delimiter)), -1);
  }

  @Override
  public GenericRecord record(Schema schema) {
    GenericRecord r = new GenericData.Record(schema);
    putFields(r, 0);
    return r;
  }

  /**
   * Puts the line's fields, as strings with the null rules applied, into the columns of {@code r}
   * from {@code from} on: field 0 in column {@code from}, a field beyond the last column ignored
   * and a column beyond the last field null (Hive's LazySimpleSerDe). Bytes that are not UTF-8
   * read as U+FFFD.
   */
  void putFields(GenericRecord r, int from) {
    byte[] b = line.getBytes();
    int len = line.getLength();
    int start = 0;
    for (int col = from, n = r.getSchema().getFields().size(); col < n; col++) {
      if (start < 0) {
        r.put(col, null);
        continue;
      }
      int stop = nextDelimiter(b, start, len);
      String s = new String(b, start, (stop < 0 ? len : stop) - start, StandardCharsets.UTF_8);
      r.put(col, isNull(s) ? null : s);
      start = stop < 0 ? -1 : stop + delimiter.length;
    }
  }

  /** Reads {@code text} (kept by reference: the caller must not change it while the row is used). */
  void set(Text text) {
    this.line = text;
    java.util.Arrays.fill(decoded, false);
    problem = cut(text.getBytes(), text.getLength());
  }

  private String cut(byte[] b, int len) {
    if (blank(b, len)) {
      return "blank line";
    }
    int field = 0;
    int start = 0;
    while (field <= maxField) {
      int stop = nextDelimiter(b, start, len);
      starts[field] = start;
      ends[field] = stop < 0 ? len : stop;
      field++;
      if (stop < 0) {
        break;
      }
      start = stop + delimiter.length;
    }
    String missing = missingField(field, slots, keySlots);
    if (missing != null) {
      return missing;
    }
    for (int f : slots) {
      if (!Utf8.isWellFormed(b, starts[f], ends[f] - starts[f])) {
        return "key is not valid UTF-8";
      }
    }
    return null; // the slots' values are decoded when asked for (slot), if ever
  }

  private void decode(int slot) {
    int f = slots[slot];
    byte[] b = line.getBytes();
    int len = ends[f] - starts[f];
    String s;
    try {
      CharBuffer cb = decoder.reset().decode(ByteBuffer.wrap(b, starts[f], len));
      s = cb.toString();
    } catch (CharacterCodingException e) {
      throw new IllegalStateException("checked UTF-8 does not decode", e);
    }
    values[slot] = isNull(s) ? null : s;
    decoded[slot] = true;
  }

  /** The current line's bytes (its fields: {@link #fieldStart}, {@link #fieldEnd}). */
  byte[] bytes() {
    return line.getBytes();
  }

  /** Where slot {@code slot}'s field starts in {@link #bytes()} (a well-formed record's). */
  int fieldStart(int slot) {
    return starts[slots[slot]];
  }

  /** Where slot {@code slot}'s field ends (exclusive) in {@link #bytes()}. */
  int fieldEnd(int slot) {
    return ends[slots[slot]];
  }

  /** Whether slot {@code slot}'s value is null, {@link #value} unread (no String made). */
  boolean isNullField(int slot) {
    requireWellFormed();
    int f = slots[slot];
    int len = ends[f] - starts[f];
    if (emptyIsNull && len == 0) {
      return true;
    }
    if (nullToken == null) {
      return false;
    }
    if (nullBytes != null) {
      return len == nullBytes.length
          && java.util.Arrays.equals(line.getBytes(), starts[f], ends[f], nullBytes, 0, len);
    }
    return slot(slot) == null;
  }

  /** Whether a field's text is null: the null token, or empty with {@code emptyIsNull}. */
  private boolean isNull(String s) {
    return (nullToken != null && nullToken.equals(s)) || (emptyIsNull && s.isEmpty());
  }

  /** The index of the first delimiter in {@code b[from..len)}, or -1. */
  private int nextDelimiter(byte[] b, int from, int len) {
    int d0 = delimiter[0];
    for (int j = from; j <= len - delimiter.length; j++) {
      if (b[j] == d0 && (delimiter.length == 1 || matches(b, j))) {
        return j;
      }
    }
    return -1;
  }

  /**
   * The problem of a record of {@code fields} fields that lacks one of {@code slots}' field
   * numbers (the first {@code keySlots} of them the key's): the highest key field first, then the
   * other slots in order; null if it has them all.
   */
  static String missingField(int fields, int[] slots, int keySlots) {
    int keyMax = -1;
    for (int i = 0; i < keySlots; i++) {
      keyMax = Math.max(keyMax, slots[i]);
    }
    if (keyMax >= fields) {
      return "has " + fields + " fields, key field " + keyMax + " missing";
    }
    for (int i = keySlots; i < slots.length; i++) {
      if (slots[i] >= fields) {
        return "has " + fields + " fields, key field " + slots[i] + " missing";
      }
    }
    return null;
  }

  static boolean blank(byte[] b, int len) {
    for (int i = 0; i < len; i++) {
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

  @Override
  Object slot(int slot) {
    if (!decoded[slot]) {
      decode(slot);
    }
    return values[slot];
  }

  @Override
  public Text line() {
    return line;
  }
}
