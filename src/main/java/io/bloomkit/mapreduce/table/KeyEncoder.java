package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.core.key.MalformedKeyException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A record's key in its canonical bytes ({@link CanonicalKey}): the value of each key slot of a
 * {@link Row}, encoded by its {@link KeyType}; several key fields make a {@link
 * CanonicalKey#composite} key. The outcome of {@link #encode} is one of three:
 *
 * <ul>
 *   <li>{@link Outcome#KEY}: {@link #key()} holds the bytes;
 *   <li>{@link Outcome#NULL}: a key field is null (SQL: a null key never matches, and a composite
 *       key with a null part is null);
 *   <li>{@link Outcome#MALFORMED}: the row has a {@link Row#problem}, or a key value does not
 *       read as its type ({@link #problem()} says why): a string that does not parse (text
 *       {@code "4x"} as {@code long}), or a value of another kind (a double column as {@code
 *       long}).
 * </ul>
 *
 * A decimal value read as {@code long} must be a whole number within a long ({@code 12.00} is
 * 12). A value that is not a string is rendered for a {@code string} key as text: integers and
 * decimals in plain decimal notation, dates and timestamps in ISO-8601, a time of day as {@code
 * HH:MM:SS} with the fraction of a second its value has ({@code 09:06:00.5}, as DuckDB prints a
 * {@code TIME}), booleans as {@code
 * true}/{@code false}, binary as lower-case hex. Not thread-safe (one per task).
 */
public final class KeyEncoder {
  /** What {@link #encode} found. */
  public enum Outcome {
    KEY,
    NULL,
    MALFORMED
  }

  private final KeyType[] types;
  /** The last key's bytes in {@code [0, length)}, reused from record to record. */
  private byte[] buffer = new byte[64];
  private int length = -1;
  private String problem;

  public KeyEncoder(TableSpec spec) {
    this(spec.keyTypes());
  }

  public KeyEncoder(List<KeyType> types) {
    if (types.isEmpty()) {
      throw new IllegalArgumentException("a key has at least one field");
    }
    this.types = types.toArray(new KeyType[0]);
  }

  /**
   * Encodes the key of {@code row}, whose first slots are the key fields. A text row's string and
   * long fields are encoded from the line's bytes, without a String or array per record; the bytes
   * are the same as {@link #encode(KeyType, Object)} gives for the field's value.
   */
  public Outcome encode(Row row) {
    length = -1;
    problem = row.problem();
    if (problem != null) {
      return Outcome.MALFORMED;
    }
    TextRow text = row instanceof TextRow ? (TextRow) row : null;
    int at = 0;
    for (int i = 0; i < types.length; i++) {
      int start = at;
      if (types.length > 1) {
        at += 5; // room for the part's length, moved into place once it is known
        ensure(at);
      }
      int end = text == null ? -1 : fromText(text, i, types[i], at);
      if (end == NULL_FIELD) {
        return Outcome.NULL;
      }
      if (end < 0) { // not from the line's bytes: the value's canonical bytes
        Object v = row.value(i);
        if (v == null) {
          return Outcome.NULL;
        }
        byte[] part;
        try {
          part = encode(types[i], v);
        } catch (MalformedKeyException e) {
          problem = e.getMessage();
          return Outcome.MALFORMED;
        }
        ensure(at + part.length);
        System.arraycopy(part, 0, buffer, at, part.length);
        end = at + part.length;
      }
      at = types.length > 1 ? prefixLength(start, at, end) : end;
    }
    length = at;
    return Outcome.KEY;
  }

  /** {@link #fromText}: the field is null. */
  private static final int NULL_FIELD = -2;

  /**
   * Writes the canonical bytes of key slot {@code slot} of a text row at {@code at}, straight from
   * the line: a string's bytes (the row checked they are UTF-8), a long of at most 18 ASCII digits
   * with an optional sign. Returns where they end, {@link #NULL_FIELD}, or -1 for any other field
   * (the caller encodes its value: the same bytes, or the same error, as {@link
   * CanonicalKey#parse}).
   */
  private int fromText(TextRow row, int slot, KeyType type, int at) {
    if (row.isNullField(slot)) {
      return NULL_FIELD;
    }
    byte[] b = row.bytes();
    int from = row.fieldStart(slot);
    int to = row.fieldEnd(slot);
    if (type == KeyType.STRING) {
      ensure(at + to - from);
      System.arraycopy(b, from, buffer, at, to - from);
      return at + to - from;
    }
    if (type == KeyType.LONG) {
      int i = from;
      boolean negative = false;
      if (i < to && (b[i] == '-' || b[i] == '+')) {
        negative = b[i] == '-';
        i++;
      }
      if (i == to || to - i > 18) {
        return -1; // no digit (an error), or maybe beyond a long: Long.parseLong decides
      }
      long v = 0;
      for (; i < to; i++) {
        int d = b[i] - '0';
        if (d < 0 || d > 9) {
          return -1; // not an ASCII digit: other digits parse too (Long.parseLong)
        }
        v = v * 10 + d;
      }
      ensure(at + Long.BYTES);
      putLong(negative ? -v : v, at);
      return at + Long.BYTES;
    }
    return -1;
  }

  private void putLong(long v, int at) {
    for (int i = Long.BYTES - 1; i >= 0; i--) {
      buffer[at + i] = (byte) v;
      v >>>= 8;
    }
  }

  /**
   * A composite key's part written at {@code [at, end)} after {@code 5} bytes reserved at {@code
   * start}: its length as an unsigned LEB128 varint ({@link CanonicalKey#composite}) goes to {@code
   * start} and the bytes move up to follow it. Returns the new end.
   */
  private int prefixLength(int start, int at, int end) {
    int n = end - at;
    int p = start;
    while ((n & ~0x7f) != 0) {
      buffer[p++] = (byte) ((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    buffer[p++] = (byte) n;
    System.arraycopy(buffer, at, buffer, p, end - at);
    return p + end - at;
  }

  private void ensure(int capacity) {
    if (capacity > buffer.length) {
      buffer = java.util.Arrays.copyOf(buffer, Math.max(capacity, 2 * buffer.length));
    }
  }

  /**
   * The canonical bytes of one non-null value as {@code type}.
   *
   * @throws MalformedKeyException if the value does not read as the type
   */
  public static byte[] encode(KeyType type, Object v) throws MalformedKeyException {
    if (v instanceof String) {
      return CanonicalKey.parse(type, TextKeys.normalize(type, (String) v));
    }
    if (type == KeyType.STRING) {
      return CanonicalKey.ofString(render(v));
    }
    if (v instanceof Double || v instanceof Float) {
      throw new MalformedKeyException(type, String.valueOf(v),
          "a floating-point value is not an exact " + type.cliName());
    }
    if (type == KeyType.LONG && v instanceof java.math.BigDecimal) {
      // a decimal column (a UBIGINT is one) read as long: a whole number within a long, as SQL's
      // CAST(d AS BIGINT) of it is exact
      try {
        return CanonicalKey.ofLong(((java.math.BigDecimal) v).longValueExact());
      } catch (ArithmeticException e) {
        throw new MalformedKeyException(type, render(v), "not a whole number within a long");
      }
    }
    try {
      return CanonicalKey.of(type, v);
    } catch (IllegalArgumentException e) {
      throw new MalformedKeyException(type, render(v), e.getMessage());
    }
  }

  /** A value as text (see the class comment); null as {@code \N}. */
  public static String render(Object v) {
    if (v == null) {
      return TableSpec.HIVE_NULL;
    }
    if (v instanceof java.math.BigDecimal) {
      return ((java.math.BigDecimal) v).toPlainString();
    }
    if (v instanceof byte[]) {
      return org.apache.commons.codec.binary.Hex.encodeHexString((byte[]) v);
    }
    if (v instanceof LocalDate || v instanceof Instant) {
      return v.toString();
    }
    if (v instanceof LocalTime) {
      return DateTimeFormatter.ISO_LOCAL_TIME.format((LocalTime) v);
    }
    return String.valueOf(v);
  }

  /**
   * Canonical key bytes of keys of {@code types} as text: each field's value ({@link
   * CanonicalKey#decode}) {@link #render rendered}, joined by {@code delimiter}. A single string
   * key is its own text.
   *
   * @throws IllegalArgumentException if the bytes are not a key of these types
   */
  public static String render(List<KeyType> types, char delimiter, byte[] key, int length) {
    if (types.size() == 1) {
      return render(CanonicalKey.decode(types.get(0), key, 0, length));
    }
    byte[][] parts = CanonicalKey.parts(key, 0, length, types.size());
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        b.append(delimiter);
      }
      b.append(render(CanonicalKey.decode(types.get(i), parts[i], 0, parts[i].length)));
    }
    return b.toString();
  }

  /**
   * The key bytes of the last {@link Outcome#KEY}: a new array of {@link #length()} bytes, the
   * caller's to keep (null after any other outcome). Per record, {@link #bytes()} saves the copy.
   */
  public byte[] key() {
    return length < 0 ? null : java.util.Arrays.copyOf(buffer, length);
  }

  /**
   * The key bytes of the last {@link Outcome#KEY} in {@code [0, length())} of an array reused by
   * the next {@link #encode} (it may hold more bytes after them).
   */
  public byte[] bytes() {
    return buffer;
  }

  /** The length of the last {@link Outcome#KEY}'s bytes, -1 after any other outcome. */
  public int length() {
    return length;
  }

  /** Why the last {@link #encode} was {@link Outcome#MALFORMED}. */
  public String problem() {
    return problem;
  }
}
