package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.core.key.MalformedKeyException;
import java.time.Instant;
import java.time.LocalDate;
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
 * A value that is not a string is rendered for a {@code string} key as text: integers and
 * decimals in plain decimal notation, dates and timestamps in ISO-8601, booleans as {@code
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
  private final byte[][] parts;
  private byte[] key;
  private String problem;

  public KeyEncoder(TableSpec spec) {
    this(spec.keyTypes());
  }

  public KeyEncoder(List<KeyType> types) {
    if (types.isEmpty()) {
      throw new IllegalArgumentException("a key has at least one field");
    }
    this.types = types.toArray(new KeyType[0]);
    this.parts = new byte[this.types.length][];
  }

  /** Encodes the key of {@code row}, whose first slots are the key fields. */
  public Outcome encode(Row row) {
    key = null;
    problem = row.problem();
    if (problem != null) {
      return Outcome.MALFORMED;
    }
    for (int i = 0; i < types.length; i++) {
      Object v = row.value(i);
      if (v == null) {
        return Outcome.NULL;
      }
      try {
        parts[i] = encode(types[i], v);
      } catch (MalformedKeyException e) {
        problem = e.getMessage();
        return Outcome.MALFORMED;
      }
    }
    key = types.length == 1 ? parts[0] : CanonicalKey.composite(parts);
    return Outcome.KEY;
  }

  /**
   * The canonical bytes of one non-null value as {@code type}.
   *
   * @throws MalformedKeyException if the value does not read as the type
   */
  public static byte[] encode(KeyType type, Object v) throws MalformedKeyException {
    if (v instanceof String) {
      return CanonicalKey.parse(type, (String) v);
    }
    if (type == KeyType.STRING) {
      return CanonicalKey.ofString(render(v));
    }
    if (v instanceof Double || v instanceof Float) {
      throw new MalformedKeyException(type, String.valueOf(v),
          "a floating-point value is not an exact " + type.cliName());
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

  /** The key bytes of the last {@link Outcome#KEY}. */
  public byte[] key() {
    return key;
  }

  /** Why the last {@link #encode} was {@link Outcome#MALFORMED}. */
  public String problem() {
    return problem;
  }
}
