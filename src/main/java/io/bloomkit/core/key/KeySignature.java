package io.bloomkit.core.key;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * The key types a filter was built with, one per key field in order (the arity is their count):
 * {@code (long)}, {@code (long, string)}. A filter file records it (format version 2, see {@code
 * FilterFormat} and docs/format.md), so a join or an update can refuse keys of other types, whose
 * canonical bytes ({@link CanonicalKey}) would never meet the filter's.
 *
 * <p>A file of format version 1 (written before signatures were recorded, or by {@code writeTo}
 * without one) reads as {@link #LEGACY}: {@code (string)}, not recorded. Every tool hashed text
 * keys then, so such a filter holds string keys; a multi-field key was the fields joined by the
 * delimiter, one string too. {@link #accepts} takes a legacy filter for a single string key only.
 * Immutable.
 */
public final class KeySignature {
  /** Most key fields a signature holds (one byte each in a filter file). */
  public static final int MAX_ARITY = 255;

  /** What a version 1 file means: string keys, the signature not recorded. */
  public static final KeySignature LEGACY =
      new KeySignature(Collections.singletonList(KeyType.STRING), false);

  private final List<KeyType> types;
  private final boolean recorded;

  private KeySignature(List<KeyType> types, boolean recorded) {
    this.types = types;
    this.recorded = recorded;
  }

  /**
   * The signature of keys of these types, in key-field order.
   *
   * @throws IllegalArgumentException for no type, a null or more than {@link #MAX_ARITY}
   */
  public static KeySignature of(List<KeyType> types) {
    if (types.isEmpty() || types.size() > MAX_ARITY) {
      throw new IllegalArgumentException(
          "a key signature has 1 to " + MAX_ARITY + " types, not " + types.size());
    }
    List<KeyType> copy = new ArrayList<>(types);
    for (KeyType t : copy) {
      Objects.requireNonNull(t, "key type");
    }
    return new KeySignature(Collections.unmodifiableList(copy), true);
  }

  /** As {@link #of(List)}. */
  public static KeySignature of(KeyType... types) {
    return of(List.of(types));
  }

  /** {@code fields} string keys: what text keys of that many fields are when no type is given. */
  public static KeySignature strings(int fields) {
    return of(Collections.nCopies(fields, KeyType.STRING));
  }

  /**
   * Parses the comma list of type names {@link #format} writes ({@code long,string}; names as
   * {@link KeyType#fromCliName}, spaces around names ignored).
   *
   * @throws IllegalArgumentException naming an unknown type, or for an empty name or list
   */
  public static KeySignature parse(String list) {
    List<KeyType> types = new ArrayList<>();
    for (String name : list.split(",", -1)) {
      String n = name.trim();
      if (n.isEmpty()) {
        throw new IllegalArgumentException("empty key type in \"" + list + "\"");
      }
      types.add(KeyType.fromCliName(n));
    }
    return of(types);
  }

  /**
   * The signature of keys of {@code fields} fields whose types are the comma list {@code list}
   * (as {@link #parse}); an empty or null list means a string per field.
   *
   * @throws IllegalArgumentException for a bad list, or one of another length than {@code fields}
   */
  public static KeySignature forFields(String list, int fields) {
    if (list == null || list.trim().isEmpty()) {
      return strings(fields);
    }
    KeySignature s = parse(list);
    if (s.arity() != fields) {
      throw new IllegalArgumentException(
          s.arity() + " key types \"" + list + "\" for " + fields + " key field"
              + (fields == 1 ? "" : "s") + ": give one type per key field");
    }
    return s;
  }

  /** The types, in key-field order (unmodifiable). */
  public List<KeyType> types() {
    return types;
  }

  /** How many key fields: the number of types. */
  public int arity() {
    return types.size();
  }

  /** False only for {@link #LEGACY}: a version 1 file, which does not record its keys. */
  public boolean recorded() {
    return recorded;
  }

  /**
   * Whether a filter of this signature holds keys of {@code keys}' types, so those keys can be
   * tested against it or added to it: the same types in the same order; a {@link #LEGACY} filter
   * (of either side) takes exactly a single string key.
   */
  public boolean accepts(KeySignature keys) {
    return types.equals(keys.types); // LEGACY's types are a single string
  }

  /** The comma list {@link #parse} reads: {@code long,string}. */
  public String format() {
    StringBuilder b = new StringBuilder();
    for (KeyType t : types) {
      b.append(b.length() == 0 ? "" : ",").append(t.cliName());
    }
    return b.toString();
  }

  /**
   * For messages: {@code (long, string)}; a legacy signature {@code (string, not recorded: format
   * version 1)}.
   */
  public String describe() {
    StringBuilder b = new StringBuilder("(");
    for (KeyType t : types) {
      b.append(b.length() == 1 ? "" : ", ").append(t.cliName());
    }
    return b.append(recorded ? ")" : ", not recorded: format version 1)").toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeySignature
        && ((KeySignature) o).recorded == recorded
        && ((KeySignature) o).types.equals(types);
  }

  @Override
  public int hashCode() {
    return 31 * types.hashCode() + (recorded ? 1 : 0);
  }

  @Override
  public String toString() {
    return describe();
  }
}
