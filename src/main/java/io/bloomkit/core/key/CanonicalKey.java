package io.bloomkit.core.key;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import org.apache.commons.codec.DecoderException;
import org.apache.commons.codec.binary.Hex;

/**
 * The one canonical encoding of key values into the bytes that are hashed and shuffled, so that
 * equal values meet whatever format they were read from (docs/format.md, "Canonical key bytes"):
 *
 * <ul>
 *   <li>{@link KeyType#STRING}: the UTF-8 bytes, nothing added (the bytes the tools hash today, so
 *       existing filters of single-field keys stay valid).
 *   <li>{@link KeyType#LONG}: 8 bytes, big-endian two's complement; byte, short, int, long and the
 *       decimal text {@code "404"} all give the same bytes.
 *   <li>{@link KeyType#DECIMAL}: trailing zeros stripped ({@code 1.50} is {@code 1.5}, {@code
 *       1E+2} is {@code 100}), then the scale as 4 bytes big-endian and the unscaled value as its
 *       shortest two's complement ({@link BigInteger#toByteArray()}).
 *   <li>{@link KeyType#DATE}: the epoch day (days since 1970-01-01) as {@code LONG}.
 *   <li>{@link KeyType#TIMESTAMP}: microseconds since 1970-01-01T00:00Z as {@code LONG}; finer
 *       parts are cut off (floor).
 *   <li>{@link KeyType#BOOLEAN}: one byte, 1 for true, 0 for false.
 *   <li>{@link KeyType#BINARY}: the bytes themselves.
 * </ul>
 *
 * <p>A single-part key is its part's bytes. A key of several parts is {@link #composite}: each
 * part as an unsigned LEB128 varint length then its bytes, so no two different tuples share bytes.
 * The types of the parts are not written: both sides of a join (and every build and probe of one
 * filter) declare the same key types, so a tag would tell nothing. Stateless and thread-safe.
 */
public final class CanonicalKey {
  private CanonicalKey() {}

  /** The UTF-8 bytes of {@code s}. */
  public static byte[] ofString(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Any integer width, widened to long: 8 bytes big-endian. */
  public static byte[] ofLong(long v) {
    return ByteBuffer.allocate(Long.BYTES).putLong(v).array();
  }

  /** The decimal with its scale normalised: 4-byte scale, then the unscaled two's complement. */
  public static byte[] ofDecimal(BigDecimal v) {
    BigDecimal n = v.signum() == 0 ? BigDecimal.ZERO : v.stripTrailingZeros();
    byte[] unscaled = n.unscaledValue().toByteArray();
    return ByteBuffer.allocate(Integer.BYTES + unscaled.length)
        .putInt(n.scale())
        .put(unscaled)
        .array();
  }

  /** The date's epoch day, as {@link #ofLong}. */
  public static byte[] ofDate(LocalDate d) {
    return ofLong(d.toEpochDay());
  }

  /**
   * The instant in epoch microseconds (UTC), as {@link #ofLong}; below a microsecond is cut off.
   *
   * @throws IllegalArgumentException if the instant is beyond the range of epoch microseconds
   *     (about 292,000 years either side of 1970)
   */
  public static byte[] ofTimestamp(Instant t) {
    return ofTimestampMicros(epochMicros(t));
  }

  /** A timestamp given as microseconds since the epoch. */
  public static byte[] ofTimestampMicros(long epochMicros) {
    return ofLong(epochMicros);
  }

  /**
   * A timestamp given as milliseconds since the epoch (what {@code java.util.Date} and many
   * formats store): the same bytes as the same instant in microseconds.
   */
  public static byte[] ofTimestampMillis(long epochMillis) {
    return ofTimestampMicros(Math.multiplyExact(epochMillis, 1000L));
  }

  /** One byte: 1 for true, 0 for false. */
  public static byte[] ofBoolean(boolean b) {
    return new byte[] {(byte) (b ? 1 : 0)};
  }

  /** A copy of the bytes. */
  public static byte[] ofBinary(byte[] b) {
    return b.clone();
  }

  /**
   * The canonical bytes of a Java value of {@code type}: STRING takes a String; LONG a Long,
   * Integer, Short or Byte; DECIMAL a BigDecimal, BigInteger or one of the integer classes (never
   * a double, which is not exact); DATE a LocalDate; TIMESTAMP an Instant; BOOLEAN a Boolean;
   * BINARY a byte[].
   *
   * @throws IllegalArgumentException naming the type and the class if the value is null or of
   *     another class
   */
  public static byte[] of(KeyType type, Object value) {
    switch (type) {
      case STRING:
        if (value instanceof String) {
          return ofString((String) value);
        }
        break;
      case LONG:
        if (isInteger(value)) {
          return ofLong(((Number) value).longValue());
        }
        break;
      case DECIMAL:
        if (value instanceof BigDecimal) {
          return ofDecimal((BigDecimal) value);
        }
        if (value instanceof BigInteger) {
          return ofDecimal(new BigDecimal((BigInteger) value));
        }
        if (isInteger(value)) {
          return ofDecimal(BigDecimal.valueOf(((Number) value).longValue()));
        }
        break;
      case DATE:
        if (value instanceof LocalDate) {
          return ofDate((LocalDate) value);
        }
        break;
      case TIMESTAMP:
        if (value instanceof Instant) {
          return ofTimestamp((Instant) value);
        }
        break;
      case BOOLEAN:
        if (value instanceof Boolean) {
          return ofBoolean((Boolean) value);
        }
        break;
      case BINARY:
        if (value instanceof byte[]) {
          return ofBinary((byte[]) value);
        }
        break;
      default:
        throw new AssertionError(type);
    }
    throw new IllegalArgumentException(
        "a " + type.cliName() + " key cannot be a "
            + (value == null ? "null" : value.getClass().getSimpleName()));
  }

  /**
   * The canonical bytes of {@code text} read as {@code type}. STRING: the text itself. LONG: an
   * optional sign and decimal digits ({@link Long#parseLong}). DECIMAL: {@link BigDecimal}'s
   * syntax ({@code -1.50}, {@code 1E+2}). DATE: ISO-8601 {@code yyyy-MM-dd}. TIMESTAMP: ISO-8601
   * with an offset ({@code 2024-02-29T12:34:56.123456Z}, {@code ...+02:00}) or without one, read
   * as UTC ({@code 2024-02-29T12:34:56}). BOOLEAN: {@code true} or {@code false}, any case.
   * BINARY: an even number of hexadecimal digits, any case. No whitespace is trimmed.
   *
   * @throws MalformedKeyException naming the type and the text if it does not parse
   */
  public static byte[] parse(KeyType type, String text) throws MalformedKeyException {
    try {
      switch (type) {
        case STRING:
          return ofString(text);
        case LONG:
          return ofLong(Long.parseLong(text));
        case DECIMAL:
          return ofDecimal(new BigDecimal(text));
        case DATE:
          return ofDate(LocalDate.parse(text));
        case TIMESTAMP:
          return ofTimestamp(parseInstant(text));
        case BOOLEAN:
          if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
            return ofBoolean(text.equalsIgnoreCase("true"));
          }
          throw new MalformedKeyException(type, text, "true or false");
        case BINARY:
          try {
            return Hex.decodeHex(text);
          } catch (DecoderException e) {
            throw new MalformedKeyException(type, text, e.getMessage());
          }
        default:
          throw new AssertionError(type);
      }
    } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
      // NumberFormatException (long, decimal) is an IllegalArgumentException, as is a timestamp
      // beyond epoch microseconds
      throw new MalformedKeyException(type, text, e.getMessage());
    }
  }

  /**
   * The key of several parts (each already canonical): per part, its length as an unsigned LEB128
   * varint (7 bits a byte, low first, high bit set on all but the last) then its bytes.
   *
   * @throws IllegalArgumentException if there is no part
   */
  public static byte[] composite(byte[]... parts) {
    if (parts.length == 0) {
      throw new IllegalArgumentException("a key has at least one part");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      int n = p.length;
      while ((n & ~0x7f) != 0) {
        out.write((n & 0x7f) | 0x80);
        n >>>= 7;
      }
      out.write(n);
      out.write(p, 0, p.length);
    }
    return out.toByteArray();
  }

  /**
   * The value that canonical bytes of {@code type} stand for, as the class {@link #of} takes:
   * STRING a String, LONG a Long, DECIMAL a BigDecimal (its scale normalised), DATE a LocalDate,
   * TIMESTAMP an Instant (microsecond precision), BOOLEAN a Boolean, BINARY a byte[]. The inverse
   * of the encoding, for showing keys: {@code of(type, decode(type, of(type, v)))} is {@code
   * of(type, v)}.
   *
   * @throws IllegalArgumentException if the bytes are not a value of the type's encoding
   */
  public static Object decode(KeyType type, byte[] b, int off, int len) {
    switch (type) {
      case STRING:
        return new String(b, off, len, StandardCharsets.UTF_8);
      case LONG:
        return decodeLong(type, b, off, len);
      case DECIMAL:
        if (len <= Integer.BYTES) {
          throw notA(type, len);
        }
        int scale = ByteBuffer.wrap(b, off, Integer.BYTES).getInt();
        byte[] unscaled = Arrays.copyOfRange(b, off + Integer.BYTES, off + len);
        return new BigDecimal(new BigInteger(unscaled), scale);
      case DATE:
        return LocalDate.ofEpochDay(decodeLong(type, b, off, len));
      case TIMESTAMP:
        long micros = decodeLong(type, b, off, len);
        return Instant.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
      case BOOLEAN:
        if (len != 1 || (b[off] & ~1) != 0) {
          throw notA(type, len);
        }
        return b[off] == 1;
      case BINARY:
        return Arrays.copyOfRange(b, off, off + len);
      default:
        throw new AssertionError(type);
    }
  }

  /**
   * The parts of a {@link #composite} key of {@code arity} parts, each its canonical bytes.
   *
   * @throws IllegalArgumentException if the bytes are not a composite key of that many parts
   */
  public static byte[][] parts(byte[] key, int off, int len, int arity) {
    byte[][] parts = new byte[arity][];
    int end = off + len;
    int at = off;
    for (int i = 0; i < arity; i++) {
      int n = 0;
      int shift = 0;
      while (true) {
        if (at >= end || shift > 28) {
          throw new IllegalArgumentException("not a composite key of " + arity + " parts");
        }
        int c = key[at++];
        n |= (c & 0x7f) << shift;
        if ((c & 0x80) == 0) {
          break;
        }
        shift += 7;
      }
      if (n < 0 || n > end - at) {
        throw new IllegalArgumentException("not a composite key of " + arity + " parts");
      }
      parts[i] = Arrays.copyOfRange(key, at, at + n);
      at += n;
    }
    if (at != end) {
      throw new IllegalArgumentException("not a composite key of " + arity + " parts");
    }
    return parts;
  }

  private static long decodeLong(KeyType type, byte[] b, int off, int len) {
    if (len != Long.BYTES) {
      throw notA(type, len);
    }
    return ByteBuffer.wrap(b, off, len).getLong();
  }

  private static IllegalArgumentException notA(KeyType type, int len) {
    return new IllegalArgumentException(
        len + " bytes are not a canonical " + type.cliName() + " key");
  }

  private static boolean isInteger(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
  }

  private static long epochMicros(Instant t) {
    try {
      return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("timestamp beyond epoch microseconds: " + t, e);
    }
  }

  private static Instant parseInstant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeException withOffset) {
      return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
    }
  }
}
