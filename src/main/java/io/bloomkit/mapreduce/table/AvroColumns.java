package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;

/**
 * Avro schemas and values for the Avro and Parquet readers (Parquet is read as Avro records):
 * field paths, key types, projections and value normalisation ({@link Row}'s types).
 */
final class AvroColumns {
  private AvroColumns() {}

  /** Avro record schemas as a {@link ColumnPaths.Tree}; a nullable union is its non-null branch. */
  static final ColumnPaths.Tree<Schema> TREE =
      new ColumnPaths.Tree<Schema>() {
        @Override
        public List<String> fieldNames(Schema type) {
          Schema s = nonNull(type);
          if (s.getType() != Schema.Type.RECORD) {
            return null;
          }
          List<String> names = new ArrayList<>();
          s.getFields().forEach(f -> names.add(f.name()));
          return names;
        }

        @Override
        public Schema field(Schema type, int i) {
          return nonNull(type).getFields().get(i).schema();
        }

        @Override
        public String describe(Schema type) {
          return AvroColumns.describe(type);
        }
      };

  /** The one non-null branch of a {@code [null, T]} union, else the schema itself. */
  static Schema nonNull(Schema s) {
    if (s.getType() != Schema.Type.UNION) {
      return s;
    }
    Schema found = null;
    for (Schema b : s.getTypes()) {
      if (b.getType() != Schema.Type.NULL) {
        if (found != null) {
          return s;
        }
        found = b;
      }
    }
    return found == null ? s : found;
  }

  static String describe(Schema type) {
    Schema s = nonNull(type);
    LogicalType l = s.getLogicalType();
    return l != null ? l.getName() : s.getType().getName();
  }

  /**
   * The key type of a column of type {@code type}, or null if it cannot be a key without {@code
   * --key-type} (float, double, record, array, map, a union of several types).
   */
  static KeyType keyType(Schema type) {
    Schema s = nonNull(type);
    LogicalType l = s.getLogicalType();
    if (l instanceof LogicalTypes.Decimal) {
      return KeyType.DECIMAL;
    }
    if (l instanceof LogicalTypes.Date) {
      return KeyType.DATE;
    }
    if (isTimestamp(l) || isInt96(s)) {
      return KeyType.TIMESTAMP;
    }
    if (isTimeOfDay(l)) {
      return KeyType.STRING; // its text, HH:MM:SS[.fraction] (timeOfDay)
    }
    switch (s.getType()) {
      case INT:
      case LONG:
        return KeyType.LONG;
      case STRING:
      case ENUM:
        return KeyType.STRING;
      case BOOLEAN:
        return KeyType.BOOLEAN;
      case BYTES:
      case FIXED:
        return KeyType.BINARY;
      default:
        return null;
    }
  }

  private static boolean isTimestamp(LogicalType l) {
    return l instanceof LogicalTypes.TimestampMillis
        || l instanceof LogicalTypes.TimestampMicros
        || l instanceof LogicalTypes.LocalTimestampMillis
        || l instanceof LogicalTypes.LocalTimestampMicros;
  }

  private static boolean isTimeOfDay(LogicalType l) {
    return l instanceof LogicalTypes.TimeMillis || l instanceof LogicalTypes.TimeMicros;
  }

  /**
   * The time of day {@code v} holds if {@code l} is Avro's {@code time-millis} (an int of
   * milliseconds after midnight) or {@code time-micros} (a long of microseconds); null if it is
   * neither, or the number is not within a day (Avro's writer does not check).
   */
  static LocalTime timeOfDay(Object v, LogicalType l) {
    if (!isTimeOfDay(l) || !(v instanceof Integer || v instanceof Long)) {
      return null;
    }
    long n = ((Number) v).longValue();
    long perSecond = l instanceof LogicalTypes.TimeMillis ? 1_000L : 1_000_000L;
    if (n < 0 || n >= 86_400L * perSecond) {
      return null;
    }
    return LocalTime.ofNanoOfDay(n * (1_000_000_000L / perSecond));
  }

  /** Parquet's legacy INT96 timestamp as parquet-avro reads it with {@code readInt96AsFixed}. */
  private static boolean isInt96(Schema s) {
    return s.getType() == Schema.Type.FIXED && s.getFixedSize() == 12
        && "INT96".equals(s.getName());
  }

  /**
   * {@code record} keeping only the fields on {@code paths} (and their parents); a path that ends
   * on a struct keeps all of it. With {@code renameNested} a nested record that loses fields is
   * renamed after its place ({@code Addr__home}), so that one record type pruned two ways under two
   * columns still prints as a schema (Parquet's read schema travels as text; Avro's own reader
   * resolves records by name and takes the schema object as it is).
   */
  static Schema prune(Schema record, List<int[]> paths, boolean renameNested) {
    return prune(record, paths, 0, renameNested ? "" : null);
  }

  private static Schema prune(Schema type, List<int[]> paths, int depth, String place) {
    for (int[] p : paths) {
      if (p.length == depth) {
        return type;
      }
    }
    if (type.getType() == Schema.Type.UNION) {
      List<Schema> branches = new ArrayList<>();
      for (Schema b : type.getTypes()) {
        branches.add(b.getType() == Schema.Type.RECORD ? prune(b, paths, depth, place) : b);
      }
      return Schema.createUnion(branches);
    }
    Map<Integer, List<int[]>> byField = new TreeMap<>();
    for (int[] p : paths) {
      byField.computeIfAbsent(p[depth], k -> new ArrayList<>()).add(p);
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Map.Entry<Integer, List<int[]>> e : byField.entrySet()) {
      Schema.Field f = type.getFields().get(e.getKey());
      String at = place == null ? null : place + "__" + f.name();
      fields.add(new Schema.Field(f, prune(f.schema(), e.getValue(), depth + 1, at)));
    }
    String name = place == null || depth == 0 ? type.getName() : type.getName() + place;
    return Schema.createRecord(name, type.getDoc(), type.getNamespace(), type.isError(), fields);
  }

  /** The value at {@code path} of {@code record}, normalised; null if a parent struct is null. */
  static Object value(IndexedRecord record, Schema schema, int[] path) {
    Object v = record;
    Schema s = schema;
    for (int p : path) {
      if (v == null) {
        return null;
      }
      Schema r = branch(s, v);
      v = ((IndexedRecord) v).get(p);
      s = r.getFields().get(p).schema();
    }
    return normalize(v, s);
  }

  private static Schema branch(Schema s, Object v) {
    return s.getType() == Schema.Type.UNION
        ? s.getTypes().get(GenericData.get().resolveUnion(s, v))
        : s;
  }

  /** {@code v}, of schema {@code s}, as one of {@link Row}'s types (nested: maps and lists). */
  static Object normalize(Object v, Schema s) {
    if (v == null) {
      return null;
    }
    s = branch(s, v);
    LogicalType l = s.getLogicalType();
    if (v instanceof CharSequence || v instanceof GenericEnumSymbol) {
      return v.toString();
    }
    if (v instanceof ByteBuffer || v instanceof GenericFixed) {
      byte[] b =
          v instanceof ByteBuffer ? bytes((ByteBuffer) v) : ((GenericFixed) v).bytes().clone();
      if (l instanceof LogicalTypes.Decimal) {
        return new BigDecimal(new BigInteger(b), ((LogicalTypes.Decimal) l).getScale());
      }
      if (isInt96(s)) {
        return int96(b);
      }
      return b;
    }
    LocalTime time = timeOfDay(v, l);
    if (time != null) {
      return time;
    }
    if (v instanceof Integer) {
      int i = (Integer) v;
      return l instanceof LogicalTypes.Date ? LocalDate.ofEpochDay(i) : Long.valueOf(i);
    }
    if (v instanceof Long) {
      long t = (Long) v;
      if (l instanceof LogicalTypes.TimestampMillis
          || l instanceof LogicalTypes.LocalTimestampMillis) {
        return Instant.ofEpochMilli(t);
      }
      if (l instanceof LogicalTypes.TimestampMicros
          || l instanceof LogicalTypes.LocalTimestampMicros) {
        return Instant.ofEpochSecond(
            Math.floorDiv(t, 1_000_000L), Math.floorMod(t, 1_000_000L) * 1000);
      }
      return v;
    }
    if (v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Float) {
      return ColumnarRow.ofFloat((Float) v);
    }
    if (v instanceof IndexedRecord) {
      IndexedRecord r = (IndexedRecord) v;
      Map<String, Object> out = new LinkedHashMap<>();
      for (Schema.Field f : r.getSchema().getFields()) {
        out.put(f.name(), normalize(r.get(f.pos()), f.schema()));
      }
      return out;
    }
    if (v instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object o : (List<?>) v) {
        out.add(normalize(o, s.getElementType()));
      }
      return out;
    }
    if (v instanceof Map) {
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
        out.put(e.getKey().toString(), normalize(e.getValue(), s.getValueType()));
      }
      return out;
    }
    // Double, Boolean, and values a data model already converted (BigDecimal, LocalDate, Instant)
    return v;
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

  /** Parquet INT96: nanoseconds of the day (8 bytes), then the Julian day (4), little-endian. */
  private static Instant int96(byte[] b) {
    ByteBuffer buf = ByteBuffer.wrap(Arrays.copyOf(b, 12)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    long nanos = buf.getLong();
    long julianDay = buf.getInt();
    long epochDay = julianDay - 2_440_588L;
    return Instant.ofEpochSecond(epochDay * 86_400L).plusNanos(nanos);
  }
}
