package io.bloomkit.core.key;

import java.util.Locale;

/**
 * The type of a key (or of one part of a composite key), which decides its canonical bytes (see
 * {@link CanonicalKey} and docs/format.md, "Canonical key bytes"). The command-line name is the
 * lower-case constant name: {@code --key-type long}.
 */
public enum KeyType {
  /** Text: its UTF-8 bytes, as the tools hash keys today. */
  STRING(1),
  /** Every integer width (byte, short, int, long): 8 bytes big-endian. */
  LONG(2),
  /** An exact decimal, scale normalised: 4-byte scale, then the unscaled two's complement. */
  DECIMAL(3),
  /** A calendar date (ISO-8601 {@code yyyy-MM-dd} as text): its epoch day, 8 bytes big-endian. */
  DATE(4),
  /** An instant (ISO-8601 as text, UTC if no offset): epoch microseconds, 8 bytes big-endian. */
  TIMESTAMP(5),
  /** {@code true} or {@code false}: one byte, 1 or 0. */
  BOOLEAN(6),
  /** Raw bytes (even-length hexadecimal as text): the bytes themselves. */
  BINARY(7);

  private final int id;

  KeyType(int id) {
    this.id = id;
  }

  /**
   * The type's id in a filter file's key signature ({@code FilterFormat}, docs/format.md): 1
   * string, 2 long, 3 decimal, 4 date, 5 timestamp, 6 boolean, 7 binary; fixed by the format.
   */
  public int id() {
    return id;
  }

  /** The type of file id {@code id}, or null if no type has it. */
  public static KeyType fromId(int id) {
    for (KeyType t : values()) {
      if (t.id == id) {
        return t;
      }
    }
    return null;
  }

  /** The name on the command line: {@code string}, {@code long}, ... */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The type named {@code name} on the command line (case-insensitive).
   *
   * @throws IllegalArgumentException naming the unknown name and the known ones
   */
  public static KeyType fromCliName(String name) {
    for (KeyType t : values()) {
      if (t.cliName().equalsIgnoreCase(name)) {
        return t;
      }
    }
    StringBuilder known = new StringBuilder();
    for (KeyType t : values()) {
      known.append(known.length() == 0 ? "" : ", ").append(t.cliName());
    }
    throw new IllegalArgumentException(
        "unknown key type \"" + name + "\" (known: " + known + ")");
  }
}
