package io.bloomkit.mapreduce.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bloomkit.core.key.KeyType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The keys another input holds, as bounds a reader may skip data with: the least and the greatest
 * key, and the keys themselves when there are at most {@link #MAX_VALUES}. Given to the reader of
 * an input whose records without one of these keys are of no use (the probe side of a join that
 * keeps no unmatched record of it), a Parquet reader skips the row groups whose statistics,
 * dictionary or Bloom filter show that none of their key values can be one of them, as Trino's
 * dynamic filters do; every row of a row group it reads is still given. One key field, of type
 * {@code long} or {@code string} (compared as Parquet orders them: signed integers, UTF-8 bytes
 * unsigned); values of another type give no bounds.
 */
public final class KeyBounds {
  /** The most keys listed for an {@code IN} test (dictionaries and Bloom filters); Trino: 1,000+. */
  public static final int MAX_VALUES = 1024;

  private final KeyType type;
  private final Comparable<?> min;
  private final Comparable<?> max;
  /** The keys, sorted; empty when there are more than {@link #MAX_VALUES}. */
  private final List<Comparable<?>> values;

  private KeyBounds(KeyType type, Comparable<?> min, Comparable<?> max,
      List<Comparable<?>> values) {
    this.type = type;
    this.min = min;
    this.max = max;
    this.values = Collections.unmodifiableList(values);
  }

  public KeyType type() {
    return type;
  }

  /** The least key: a {@link Long} or a {@link String}. */
  public Comparable<?> min() {
    return min;
  }

  /** The greatest key. */
  public Comparable<?> max() {
    return max;
  }

  /** Every key, sorted, or none when there are more than {@link #MAX_VALUES}. */
  public List<Comparable<?>> values() {
    return values;
  }

  /** Whether {@code type} can have bounds. */
  public static boolean supports(KeyType type) {
    return type == KeyType.LONG || type == KeyType.STRING;
  }

  /** Collects the bounds of keys given as their canonical bytes ({@link KeyEncoder}). */
  public static final class Collector {
    private final KeyType type;
    private Comparable<Object> min;
    private Comparable<Object> max;
    private List<Comparable<?>> values = new ArrayList<>();

    /** @throws IllegalArgumentException if {@code type} cannot have bounds */
    public Collector(KeyType type) {
      if (!supports(type)) {
        throw new IllegalArgumentException("no key bounds of type " + type.cliName());
      }
      this.type = type;
    }

    /** Adds one distinct key's canonical bytes. */
    @SuppressWarnings("unchecked")
    public void add(byte[] key, int off, int len) {
      Comparable<Object> v = (Comparable<Object>) (Comparable<?>) (type == KeyType.LONG
          ? Long.valueOf(ByteBuffer.wrap(key, off, len).getLong())
          : new String(key, off, len, StandardCharsets.UTF_8));
      if (min == null || compare(v, min) < 0) {
        min = v;
      }
      if (max == null || compare(v, max) > 0) {
        max = v;
      }
      if (values != null) {
        values.add(v);
        if (values.size() > MAX_VALUES) {
          values = null;
        }
      }
    }

    /** The bounds, or null when no key was added. */
    public KeyBounds bounds() {
      if (min == null) {
        return null;
      }
      List<Comparable<?>> sorted = values == null ? new ArrayList<>() : new ArrayList<>(values);
      sorted.sort(KeyBounds::compare);
      return new KeyBounds(type, min, max, sorted);
    }
  }

  /** Parquet's order: longs signed, strings by their UTF-8 bytes unsigned. */
  @SuppressWarnings("unchecked")
  static int compare(Object a, Object b) {
    if (a instanceof String) {
      byte[] x = ((String) a).getBytes(StandardCharsets.UTF_8);
      byte[] y = ((String) b).getBytes(StandardCharsets.UTF_8);
      return java.util.Arrays.compareUnsigned(x, y);
    }
    return ((Comparable<Object>) a).compareTo(b);
  }

  void toJson(ObjectNode o) {
    o.put("type", type.cliName());
    if (type == KeyType.LONG) {
      o.put("min", (Long) min);
      o.put("max", (Long) max);
    } else {
      o.put("min", (String) min);
      o.put("max", (String) max);
    }
    ArrayNode a = o.putArray("values");
    for (Comparable<?> v : values) {
      if (v instanceof Long) {
        a.add((Long) v);
      } else {
        a.add((String) v);
      }
    }
  }

  /** The bounds in {@code o} ({@link #toJson}), or null if it holds none. */
  static KeyBounds fromJson(JsonNode o) {
    if (o == null || o.isMissingNode() || o.isNull()) {
      return null;
    }
    KeyType type = KeyType.fromCliName(o.path("type").asText());
    boolean longs = type == KeyType.LONG;
    List<Comparable<?>> values = new ArrayList<>();
    o.path("values").forEach(n -> values.add(longs ? (Comparable<?>) n.asLong() : n.asText()));
    return new KeyBounds(type,
        longs ? (Comparable<?>) o.path("min").asLong() : o.path("min").asText(),
        longs ? (Comparable<?>) o.path("max").asLong() : o.path("max").asText(), values);
  }

  @Override
  public String toString() {
    return type.cliName() + " [" + min + ", " + max + "]"
        + (values.isEmpty() ? "" : " (" + values.size() + " keys)");
  }
}
