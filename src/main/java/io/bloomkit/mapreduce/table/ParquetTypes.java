package io.bloomkit.mapreduce.table;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroReadSupport;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * The Avro schemas of a Parquet file as bloomkit reads it: {@link #raw}, the one parquet-avro reads
 * records with, and {@link #logical}, the one rows, key types and record outputs see, whose values
 * {@link #convert} gives. They differ where parquet-avro's conversion of a Parquet schema (a file
 * written by Spark, Hive, DuckDB, Polars ..., without parquet-avro's own schema in the footer) loses
 * the type, because Avro has no such type on that physical one:
 *
 * <table>
 *   <caption>Parquet columns whose Avro type bloomkit corrects</caption>
 *   <tr><th>Parquet</th><th>parquet-avro alone</th><th>bloomkit (as Spark reads it)</th></tr>
 *   <tr><td>DECIMAL(p, s) on INT32 or INT64</td><td>the unscaled int or long</td>
 *       <td>decimal(p, s) on bytes</td></tr>
 *   <tr><td>INTEGER(32, false) (UINT32)</td><td>an int (4294967295 is -1)</td><td>long</td></tr>
 *   <tr><td>INTEGER(64, false) (UINT64)</td><td>a long (its maximum is -1)</td>
 *       <td>decimal(20, 0) on bytes</td></tr>
 *   <tr><td>TIMESTAMP(NANOS, utc)</td><td>the long of nanoseconds</td>
 *       <td>timestamp-micros (local-timestamp-micros if not adjusted to UTC): finer digits are
 *       cut off (floor), as bloomkit's timestamp keys are microseconds</td></tr>
 *   <tr><td>TIME(NANOS)</td><td>the long of nanoseconds</td><td>time-micros, cut off (floor)
 *       as a timestamp's</td></tr>
 *   <tr><td>INT96 (Hive, Impala, older Spark)</td><td>fixed(12)</td><td>timestamp-micros</td></tr>
 *   <tr><td>UUID (fixed 16)</td><td>the 16 bytes decoded as UTF-8 text</td>
 *       <td>string (uuid), {@code a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}</td></tr>
 *   <tr><td>LIST (three-level)</td><td>an array of records {@code {"element": ...}}</td>
 *       <td>an array of the elements</td></tr>
 * </table>
 *
 * A file that holds parquet-avro's own Avro schema is read with it as it is (raw and logical are
 * the same).
 */
final class ParquetTypes {
  /** The schema parquet-avro reads records with. */
  final Schema raw;
  /** The schema of the records {@link #convert} gives. */
  final Schema logical;

  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();
  /** The name of the fixed(16) a UUID column is read into before it becomes text. */
  private static final String UUID_FIXED = "bloomkit_parquet_uuid";

  private ParquetTypes(Schema raw, Schema logical) {
    this.raw = raw;
    this.logical = logical;
  }

  /**
   * The configuration to read Parquet through parquet-avro with: INT96 as fixed, and standard
   * three-level lists as arrays of their elements (not of {@code {"element": ...}} records).
   */
  static Configuration readConf(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.setBoolean(AvroReadSupport.READ_INT96_AS_FIXED, true);
    c.setBoolean(AvroSchemaConverter.ADD_LIST_ELEMENT_RECORDS, false);
    return c;
  }

  /** The schemas of a file of Parquet schema {@code parquet} and footer metadata {@code footer}. */
  static ParquetTypes of(Configuration conf, Map<String, String> footer, MessageType parquet) {
    String stored = footer.get("parquet.avro.schema");
    if (stored == null) {
      stored = footer.get("avro.schema");
    }
    if (stored != null) {
      Schema s = new Schema.Parser().parse(stored);
      return new ParquetTypes(s, s);
    }
    Schema converted = new AvroSchemaConverter(readConf(conf)).convert(parquet);
    Schema[] fixed = fix(parquet, converted);
    return new ParquetTypes(fixed[0], fixed[1]);
  }

  /** {raw, logical} for a Parquet type and parquet-avro's Avro schema of it (the same if fine). */
  private static Schema[] fix(Type t, Schema s) {
    switch (s.getType()) {
      case UNION:
        return fixUnion(t, s);
      case RECORD:
        return fixRecord(t.asGroupType(), s);
      case ARRAY:
        return fixArray(t, s);
      case MAP:
        return fixMap(t, s);
      default:
        return t.isPrimitive() ? fixLeaf(t.asPrimitiveType(), s) : same(s);
    }
  }

  private static Schema[] same(Schema s) {
    return new Schema[] {s, s};
  }

  private static Schema[] fixUnion(Type t, Schema s) {
    List<Schema> raw = new ArrayList<>();
    List<Schema> logical = new ArrayList<>();
    boolean changed = false;
    for (Schema b : s.getTypes()) {
      Schema[] f = b.getType() == Schema.Type.NULL ? same(b) : fix(t, b);
      changed |= f[0] != b || f[1] != b;
      raw.add(f[0]);
      logical.add(f[1]);
    }
    return changed
        ? new Schema[] {Schema.createUnion(raw), Schema.createUnion(logical)}
        : same(s);
  }

  private static Schema[] fixRecord(GroupType g, Schema s) {
    List<Schema.Field> fields = s.getFields();
    if (fields.size() != g.getFieldCount()) {
      return same(s);
    }
    List<Schema.Field> raw = new ArrayList<>();
    List<Schema.Field> logical = new ArrayList<>();
    boolean changed = false;
    for (int i = 0; i < fields.size(); i++) {
      Schema.Field f = fields.get(i);
      Schema[] x = fix(g.getType(i), f.schema());
      changed |= x[0] != f.schema() || x[1] != f.schema();
      raw.add(new Schema.Field(f, x[0]));
      logical.add(new Schema.Field(f, x[1]));
    }
    if (!changed) {
      return same(s);
    }
    return new Schema[] {
      Schema.createRecord(s.getName(), s.getDoc(), s.getNamespace(), s.isError(), raw),
      Schema.createRecord(s.getName(), s.getDoc(), s.getNamespace(), s.isError(), logical)
    };
  }

  /** The Parquet type of an Avro array's elements: a LIST's element, or the repeated field. */
  private static Type elementType(Type t, Schema items) {
    if (t.isRepetition(Type.Repetition.REPEATED)) {
      return t; // a repeated field without a LIST annotation: its own element
    }
    GroupType list = t.asGroupType();
    if (list.getFieldCount() != 1) {
      return null;
    }
    Type repeated = list.getType(0);
    if (repeated.isPrimitive() || repeated.asGroupType().getFieldCount() != 1) {
      return repeated; // two-level list: the repeated field is the element
    }
    Schema item = AvroColumns.nonNull(items);
    Type inner = repeated.asGroupType().getType(0);
    boolean itemIsRepeated = item.getType() == Schema.Type.RECORD
        && item.getFields().size() == 1
        && item.getFields().get(0).name().equals(inner.getName());
    return itemIsRepeated ? repeated : inner;
  }

  private static Schema[] fixArray(Type t, Schema s) {
    Type element = elementType(t, s.getElementType());
    if (element == null) {
      return same(s);
    }
    Schema[] x = fix(element, s.getElementType());
    if (x[0] == s.getElementType() && x[1] == s.getElementType()) {
      return same(s);
    }
    return new Schema[] {Schema.createArray(x[0]), Schema.createArray(x[1])};
  }

  private static Schema[] fixMap(Type t, Schema s) {
    if (t.isPrimitive() || t.asGroupType().getFieldCount() != 1) {
      return same(s);
    }
    Type kv = t.asGroupType().getType(0);
    if (kv.isPrimitive() || kv.asGroupType().getFieldCount() != 2) {
      return same(s);
    }
    Schema[] x = fix(kv.asGroupType().getType(1), s.getValueType());
    if (x[0] == s.getValueType() && x[1] == s.getValueType()) {
      return same(s);
    }
    return new Schema[] {Schema.createMap(x[0]), Schema.createMap(x[1])};
  }

  private static Schema[] fixLeaf(PrimitiveType p, Schema s) {
    LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
    PrimitiveTypeName physical = p.getPrimitiveTypeName();
    boolean integer = physical == PrimitiveTypeName.INT32 || physical == PrimitiveTypeName.INT64;
    if (integer && a instanceof DecimalLogicalTypeAnnotation) {
      DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) a;
      return new Schema[] {s, decimal(d.getPrecision(), d.getScale())};
    }
    if (integer && a instanceof IntLogicalTypeAnnotation
        && !((IntLogicalTypeAnnotation) a).isSigned()) {
      int bits = ((IntLogicalTypeAnnotation) a).getBitWidth();
      if (bits == 32) {
        return new Schema[] {s, Schema.create(Schema.Type.LONG)};
      }
      if (bits == 64) {
        return new Schema[] {s, decimal(20, 0)};
      }
    }
    if (physical == PrimitiveTypeName.INT64 && a instanceof TimestampLogicalTypeAnnotation
        && ((TimestampLogicalTypeAnnotation) a).getUnit() == TimeUnit.NANOS) {
      LogicalType micros = ((TimestampLogicalTypeAnnotation) a).isAdjustedToUTC()
          ? LogicalTypes.timestampMicros()
          : LogicalTypes.localTimestampMicros();
      return new Schema[] {s, micros.addToSchema(Schema.create(Schema.Type.LONG))};
    }
    if (physical == PrimitiveTypeName.INT64 && a instanceof TimeLogicalTypeAnnotation
        && ((TimeLogicalTypeAnnotation) a).getUnit() == TimeUnit.NANOS) {
      return new Schema[] {
        s, LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG))
      };
    }
    if (physical == PrimitiveTypeName.INT96) {
      return new Schema[] {
        s, LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))
      };
    }
    if (a instanceof LogicalTypeAnnotation.UUIDLogicalTypeAnnotation
        && physical == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY && p.getTypeLength() == 16) {
      return new Schema[] {
        Schema.createFixed(UUID_FIXED, null, null, 16),
        LogicalTypes.uuid().addToSchema(Schema.create(Schema.Type.STRING))
      };
    }
    return same(s);
  }

  private static Schema decimal(int precision, int scale) {
    return LogicalTypes.decimal(precision, scale).addToSchema(Schema.create(Schema.Type.BYTES));
  }

  /**
   * A value read with {@code raw} (a part of {@link #raw}, pruned or not) as a value of {@code
   * logical} (the same part of {@link #logical}); a value whose type is fine is returned as is.
   */
  static Object convert(Object v, Schema raw, Schema logical) {
    if (v == null || raw == logical) {
      return v;
    }
    switch (logical.getType()) {
      case UNION: {
        int i = GenericData.get().resolveUnion(raw, v);
        return convert(v, raw.getTypes().get(i), logical.getTypes().get(i));
      }
      case RECORD: {
        IndexedRecord r = (IndexedRecord) v;
        GenericData.Record out = new GenericData.Record(logical);
        List<Schema.Field> from = raw.getFields();
        List<Schema.Field> to = logical.getFields();
        for (int i = 0; i < to.size(); i++) {
          out.put(i, convert(r.get(i), from.get(i).schema(), to.get(i).schema()));
        }
        return out;
      }
      case ARRAY: {
        List<?> items = (List<?>) v;
        GenericData.Array<Object> out = new GenericData.Array<>(items.size(), logical);
        for (Object o : items) {
          out.add(convert(o, raw.getElementType(), logical.getElementType()));
        }
        return out;
      }
      case MAP: {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          out.put(e.getKey(), convert(e.getValue(), raw.getValueType(), logical.getValueType()));
        }
        return out;
      }
      default:
        return leaf(v, raw, logical);
    }
  }

  private static Object leaf(Object v, Schema raw, Schema logical) {
    LogicalType l = logical.getLogicalType();
    if (l instanceof LogicalTypes.Decimal) {
      LogicalTypes.Decimal d = (LogicalTypes.Decimal) l;
      long n = ((Number) v).longValue();
      // an INT64 DECIMAL holds at most 18 digits: decimal(20, 0) on a long is a UINT64
      BigInteger unscaled = raw.getType() == Schema.Type.LONG && d.getPrecision() == 20
          ? new BigInteger(Long.toUnsignedString(n))
          : BigInteger.valueOf(n);
      return DECIMALS.toBytes(new BigDecimal(unscaled, d.getScale()), logical, l);
    }
    if (l != null && "uuid".equals(l.getName())) {
      ByteBuffer b = ByteBuffer.wrap(((GenericFixed) v).bytes());
      return new UUID(b.getLong(), b.getLong()).toString();
    }
    if (l != null && raw.getType() == Schema.Type.FIXED) { // INT96
      return int96Micros(((GenericFixed) v).bytes());
    }
    if (l != null) { // nanoseconds to microseconds (TIMESTAMP and TIME)
      return Math.floorDiv(((Number) v).longValue(), 1000L);
    }
    return Integer.toUnsignedLong((Integer) v); // UINT32
  }

  /** Parquet INT96: nanoseconds of the day (8 bytes), then the Julian day (4), little-endian. */
  private static long int96Micros(byte[] b) {
    ByteBuffer buf = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
    long nanos = buf.getLong();
    long epochDay = buf.getInt() - 2_440_588L;
    return Math.addExact(Math.multiplyExact(epochDay, 86_400_000_000L),
        Math.floorDiv(nanos, 1000L));
  }
}
