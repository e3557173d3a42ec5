package io.bloomkit.mapreduce.table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.serde2.io.DateWritable;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.ByteWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.ShortWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcList;
import org.apache.orc.mapred.OrcMap;
import org.apache.orc.mapred.OrcMapredRecordReader;
import org.apache.orc.mapred.OrcMapredRecordWriter;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapred.OrcTimestamp;
import org.apache.orc.mapred.OrcUnion;

/**
 * Converts between ORC's types and values ({@link TypeDescription}, {@link OrcStruct} and the
 * other ORC writables, {@link VectorizedRowBatch}) and Avro's ({@link Schema}, {@link
 * GenericRecord}), bloomkit's representation of a typed record.
 *
 * <h2>Types</h2>
 *
 * <table>
 *   <caption>Avro to ORC, and back</caption>
 *   <tr><th>Avro</th><th>ORC</th><th>ORC to Avro</th></tr>
 *   <tr><td>boolean, int, long, float, double</td><td>boolean, int, bigint, float, double</td>
 *       <td>the same; tinyint and smallint become int</td></tr>
 *   <tr><td>string, enum</td><td>string</td><td>string (also char and varchar)</td></tr>
 *   <tr><td>bytes, fixed</td><td>binary</td><td>bytes</td></tr>
 *   <tr><td>decimal(p, s) on bytes or fixed</td><td>decimal(p, s)</td>
 *       <td>decimal(p, s) on bytes</td></tr>
 *   <tr><td>int date</td><td>date</td><td>int date</td></tr>
 *   <tr><td>long timestamp-millis, timestamp-micros, local-timestamp-*</td><td>timestamp</td>
 *       <td>long timestamp-micros (also timestamp with local time zone)</td></tr>
 *   <tr><td>record, array, map (string keys)</td><td>struct, array, map&lt;string, ...&gt;</td>
 *       <td>record, array, map; a map's non-string keys become their text</td></tr>
 *   <tr><td>union of null and T</td><td>T (every ORC column is nullable)</td>
 *       <td>every field, element and map value is a union of null and its type</td></tr>
 *   <tr><td>union of several non-null types</td><td>uniontype</td><td>union</td></tr>
 * </table>
 *
 * ORC field names that are not Avro names ({@code [A-Za-z_][A-Za-z0-9_]*}) become one (other
 * characters replaced by {@code _}), and the field keeps its ORC name in the property {@value
 * #ORC_NAME}. Nested records are named after their path ({@code row_address_geo}).
 *
 * <h2>Values</h2>
 *
 * Records hold Avro's generic representation, as Avro's and parquet-avro's readers return it: a
 * date is the {@code int} days since 1970-01-01, a timestamp the {@code long} of its unit, a decimal
 * the two's-complement unscaled value in a {@link ByteBuffer} (or {@link GenericFixed}), a string a
 * {@link CharSequence}. When converting to ORC, {@link BigDecimal}, {@link LocalDate} and {@link
 * Instant} values are accepted too. ORC timestamps are {@link java.sql.Timestamp}s: their epoch
 * value is kept (to the microsecond), as ORC's writer and reader in one time zone keep it.
 */
public final class OrcAvro {
  /** The field property holding an ORC field name that is not an Avro name. */
  public static final String ORC_NAME = "orc.name";

  /** Avro's generic model with the logical-type conversions (to accept BigDecimal and friends). */
  static final GenericData MODEL = new GenericData();

  static {
    MODEL.addLogicalTypeConversion(new Conversions.DecimalConversion());
    MODEL.addLogicalTypeConversion(new TimeConversions.DateConversion());
    MODEL.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    MODEL.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
  }

  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private OrcAvro() {}

  // ------------------------------------------------------------------------------------- types

  /**
   * The ORC type of an Avro schema (a record becomes a struct).
   *
   * @throws IllegalArgumentException for a type ORC cannot hold (null alone, a map is always
   *     fine), naming it
   */
  public static TypeDescription toOrc(Schema schema) {
    switch (schema.getType()) {
      case RECORD: {
        TypeDescription struct = TypeDescription.createStruct();
        for (Schema.Field f : schema.getFields()) {
          struct.addField(orcName(f), toOrc(f.schema()));
        }
        return struct;
      }
      case ARRAY:
        return TypeDescription.createList(toOrc(schema.getElementType()));
      case MAP:
        return TypeDescription.createMap(
            TypeDescription.createString(), toOrc(schema.getValueType()));
      case UNION: {
        List<Schema> branches = nonNull(schema);
        if (branches.isEmpty()) {
          throw new IllegalArgumentException("ORC has no type for " + schema);
        }
        if (branches.size() == 1) {
          return toOrc(branches.get(0));
        }
        TypeDescription union = TypeDescription.createUnion();
        for (Schema b : branches) {
          union.addUnionChild(toOrc(b));
        }
        return union;
      }
      case ENUM:
      case STRING:
        return TypeDescription.createString();
      case BYTES:
      case FIXED: {
        LogicalType lt = schema.getLogicalType();
        if (lt instanceof LogicalTypes.Decimal) {
          LogicalTypes.Decimal d = (LogicalTypes.Decimal) lt;
          // the scale first: ORC checks each against the other's current value (38, 10)
          return TypeDescription.createDecimal().withScale(d.getScale())
              .withPrecision(d.getPrecision());
        }
        return TypeDescription.createBinary();
      }
      case INT:
        return schema.getLogicalType() instanceof LogicalTypes.Date
            ? TypeDescription.createDate()
            : TypeDescription.createInt();
      case LONG:
        return timestampUnit(schema) != 0
            ? TypeDescription.createTimestamp()
            : TypeDescription.createLong();
      case FLOAT:
        return TypeDescription.createFloat();
      case DOUBLE:
        return TypeDescription.createDouble();
      case BOOLEAN:
        return TypeDescription.createBoolean();
      default:
        throw new IllegalArgumentException("ORC has no type for " + schema);
    }
  }

  /** The Avro schema of an ORC type; a struct becomes a record named {@code recordName}. */
  public static Schema toAvro(TypeDescription type, String recordName) {
    switch (type.getCategory()) {
      case STRUCT: {
        List<Schema.Field> fields = new ArrayList<>();
        List<String> names = type.getFieldNames();
        for (int i = 0; i < names.size(); i++) {
          String name = names.get(i);
          String avroName = avroName(name);
          Schema.Field f = new Schema.Field(avroName,
              nullable(toAvro(type.getChildren().get(i), recordName + "_" + avroName)), null,
              Schema.Field.NULL_DEFAULT_VALUE);
          if (!avroName.equals(name)) {
            f.addProp(ORC_NAME, name);
          }
          fields.add(f);
        }
        return Schema.createRecord(recordName, null, null, false, fields);
      }
      case LIST:
        return Schema.createArray(nullable(toAvro(type.getChildren().get(0), recordName)));
      case MAP:
        return Schema.createMap(nullable(toAvro(type.getChildren().get(1), recordName)));
      case UNION: {
        List<Schema> branches = new ArrayList<>();
        branches.add(Schema.create(Schema.Type.NULL));
        int i = 0;
        for (TypeDescription c : type.getChildren()) {
          branches.add(toAvro(c, recordName + "_" + i++));
        }
        return Schema.createUnion(branches);
      }
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case BYTE:
      case SHORT:
      case INT:
        return Schema.create(Schema.Type.INT);
      case LONG:
        return Schema.create(Schema.Type.LONG);
      case FLOAT:
        return Schema.create(Schema.Type.FLOAT);
      case DOUBLE:
        return Schema.create(Schema.Type.DOUBLE);
      case STRING:
      case CHAR:
      case VARCHAR:
        return Schema.create(Schema.Type.STRING);
      case BINARY:
        return Schema.create(Schema.Type.BYTES);
      case DECIMAL:
        return LogicalTypes.decimal(type.getPrecision(), type.getScale())
            .addToSchema(Schema.create(Schema.Type.BYTES));
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIMESTAMP:
      case TIMESTAMP_INSTANT:
        return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      default:
        throw new IllegalArgumentException("no Avro type for ORC " + type);
    }
  }

  // ----------------------------------------------------------------------------- Avro to ORC

  /** An Avro record as an ORC struct of {@code type} (normally {@code toOrc(record.getSchema())}). */
  public static OrcStruct toOrcStruct(GenericRecord record, TypeDescription type) {
    return (OrcStruct) toOrcValue(record, record.getSchema(), type);
  }

  /**
   * Appends a record to a batch of {@code type} ({@code batch.size} grows by one; the caller
   * flushes a full batch first).
   */
  public static void addRow(TypeDescription type, VectorizedRowBatch batch, GenericRecord record) {
    OrcStruct s = toOrcStruct(record, type);
    int row = batch.size++;
    List<TypeDescription> children = type.getChildren();
    for (int f = 0; f < children.size(); f++) {
      OrcMapredRecordWriter.setColumn(children.get(f), batch.cols[f], row, s.getFieldValue(f));
    }
  }

  /**
   * An Avro value (of {@code schema}) as the ORC writable of {@code type}; null stays null.
   *
   * @throws IllegalArgumentException when the value does not fit the type
   */
  public static WritableComparable<?> toOrcValue(Object v, Schema schema, TypeDescription type) {
    if (v == null) {
      return null;
    }
    if (schema.getType() == Schema.Type.UNION) {
      int index = MODEL.resolveUnion(schema, v);
      Schema branch = schema.getTypes().get(index);
      if (type.getCategory() != TypeDescription.Category.UNION) {
        return toOrcValue(v, branch, type);
      }
      int tag = 0;
      for (int i = 0; i < index; i++) {
        if (schema.getTypes().get(i).getType() != Schema.Type.NULL) {
          tag++;
        }
      }
      OrcUnion u = new OrcUnion(type);
      u.set(tag, toOrcValue(v, branch, type.getChildren().get(tag)));
      return u;
    }
    switch (type.getCategory()) {
      case BOOLEAN:
        return new BooleanWritable((Boolean) v);
      case BYTE:
        return new ByteWritable(((Number) v).byteValue());
      case SHORT:
        return new ShortWritable(((Number) v).shortValue());
      case INT:
        return new IntWritable(((Number) v).intValue());
      case LONG:
        return new LongWritable(((Number) v).longValue());
      case FLOAT:
        return new FloatWritable(((Number) v).floatValue());
      case DOUBLE:
        return new DoubleWritable(((Number) v).doubleValue());
      case STRING:
      case CHAR:
      case VARCHAR:
        return new Text(v.toString());
      case BINARY:
        return new BytesWritable(bytes(v));
      case DECIMAL:
        return new HiveDecimalWritable(HiveDecimal.create(decimal(v, schema)));
      case DATE:
        return new DateWritable(v instanceof LocalDate
            ? (int) ((LocalDate) v).toEpochDay()
            : ((Number) v).intValue());
      case TIMESTAMP:
      case TIMESTAMP_INSTANT:
        return timestamp(v, schema);
      case STRUCT: {
        GenericRecord r = (GenericRecord) v;
        OrcStruct s = new OrcStruct(type);
        List<String> names = type.getFieldNames();
        for (int i = 0; i < names.size(); i++) {
          Schema.Field f = field(schema, names.get(i));
          s.setFieldValue(i, toOrcValue(r.get(f.pos()), f.schema(), type.getChildren().get(i)));
        }
        return s;
      }
      case LIST: {
        List<?> items = (List<?>) v;
        OrcList<WritableComparable<?>> list = new OrcList<>(type, items.size());
        for (Object item : items) {
          list.add(toOrcValue(item, schema.getElementType(), type.getChildren().get(0)));
        }
        return list;
      }
      case MAP: {
        OrcMap<Text, WritableComparable<?>> map = new OrcMap<>(type);
        for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
          map.put(new Text(e.getKey().toString()),
              toOrcValue(e.getValue(), schema.getValueType(), type.getChildren().get(1)));
        }
        return map;
      }
      default:
        throw new IllegalArgumentException("cannot convert " + schema + " to ORC " + type);
    }
  }

  // ----------------------------------------------------------------------------- ORC to Avro

  /** Row {@code row} of a batch of {@code type} as a record of {@code schema}. */
  public static GenericRecord toAvro(
      TypeDescription type, VectorizedRowBatch batch, int row, Schema schema) {
    OrcStruct s = new OrcStruct(type);
    for (int f = 0; f < batch.numCols && f < type.getChildren().size(); f++) {
      s.setFieldValue(f, OrcMapredRecordReader.nextValue(
          batch.cols[f], row, type.getChildren().get(f), null));
    }
    return toAvro(s, schema);
  }

  /**
   * An ORC struct as a record of {@code schema} (normally {@code toAvro(struct.getSchema(), ..)}):
   * the record's fields are looked up in the struct by name ({@value #ORC_NAME} if set), so the
   * schema may hold a subset of the struct's fields.
   *
   * @throws IllegalArgumentException naming a field the struct lacks
   */
  public static GenericRecord toAvro(OrcStruct struct, Schema schema) {
    return (GenericRecord) toAvroValue(struct, schema);
  }

  /** An ORC writable as an Avro value of {@code schema}; null stays null. */
  public static Object toAvroValue(WritableComparable<?> w, Schema schema) {
    if (w == null) {
      return null;
    }
    if (schema.getType() == Schema.Type.UNION) {
      List<Schema> branches = nonNull(schema);
      if (w instanceof OrcUnion) {
        OrcUnion u = (OrcUnion) w;
        return toAvroValue((WritableComparable<?>) u.getObject(), branches.get(u.getTag()));
      }
      if (branches.size() != 1) {
        throw new IllegalArgumentException("ORC value " + w + " for the union " + schema);
      }
      return toAvroValue(w, branches.get(0));
    }
    switch (schema.getType()) {
      case BOOLEAN:
        return ((BooleanWritable) w).get();
      case INT:
        if (w instanceof DateWritable) {
          return ((DateWritable) w).getDays();
        }
        return (int) longOf(w);
      case LONG:
        if (w instanceof java.sql.Timestamp) {
          java.sql.Timestamp t = (java.sql.Timestamp) w;
          long micros = Math.floorDiv(t.getTime(), 1000L) * 1_000_000L + t.getNanos() / 1000;
          return timestampUnit(schema) == 1 ? Math.floorDiv(micros, 1000L) : micros;
        }
        return longOf(w);
      case FLOAT:
        return ((FloatWritable) w).get();
      case DOUBLE:
        return w instanceof FloatWritable
            ? (double) ((FloatWritable) w).get()
            : ((DoubleWritable) w).get();
      case STRING:
        return w.toString();
      case ENUM:
        return new GenericData.EnumSymbol(schema, w.toString());
      case BYTES:
      case FIXED: {
        LogicalType lt = schema.getLogicalType();
        if (lt instanceof LogicalTypes.Decimal) {
          BigDecimal d = ((HiveDecimalWritable) w).getHiveDecimal().bigDecimalValue()
              .setScale(((LogicalTypes.Decimal) lt).getScale(), RoundingMode.UNNECESSARY);
          return schema.getType() == Schema.Type.BYTES
              ? DECIMALS.toBytes(d, schema, lt)
              : DECIMALS.toFixed(d, schema, lt);
        }
        byte[] b = ((BytesWritable) w).copyBytes();
        return schema.getType() == Schema.Type.BYTES
            ? ByteBuffer.wrap(b)
            : new GenericData.Fixed(schema, b);
      }
      case RECORD: {
        OrcStruct s = (OrcStruct) w;
        List<String> names = s.getSchema().getFieldNames();
        GenericData.Record r = new GenericData.Record(schema);
        for (Schema.Field f : schema.getFields()) {
          int i = names.indexOf(orcName(f));
          if (i < 0) {
            throw new IllegalArgumentException("ORC struct " + s.getSchema() + " has no field "
                + orcName(f) + " (Avro record " + schema.getName() + ")");
          }
          r.put(f.pos(), toAvroValue(s.getFieldValue(i), f.schema()));
        }
        return r;
      }
      case ARRAY: {
        List<?> items = (List<?>) w;
        GenericData.Array<Object> a = new GenericData.Array<>(items.size(), schema);
        for (Object item : items) {
          a.add(toAvroValue((WritableComparable<?>) item, schema.getElementType()));
        }
        return a;
      }
      case MAP: {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) w).entrySet()) {
          m.put(e.getKey().toString(),
              toAvroValue((WritableComparable<?>) e.getValue(), schema.getValueType()));
        }
        return m;
      }
      default:
        throw new IllegalArgumentException("cannot convert ORC " + w + " to " + schema);
    }
  }

  // --------------------------------------------------------------------------------- helpers

  /** The non-null branches of a union. */
  static List<Schema> nonNull(Schema union) {
    List<Schema> out = new ArrayList<>();
    for (Schema b : union.getTypes()) {
      if (b.getType() != Schema.Type.NULL) {
        out.add(b);
      }
    }
    return out;
  }

  /** 1 for millisecond timestamps, 2 for microsecond ones, 0 for a long that is not one. */
  static int timestampUnit(Schema schema) {
    LogicalType lt = schema.getLogicalType();
    if (lt instanceof LogicalTypes.TimestampMillis || lt instanceof LogicalTypes.LocalTimestampMillis) {
      return 1;
    }
    if (lt instanceof LogicalTypes.TimestampMicros || lt instanceof LogicalTypes.LocalTimestampMicros) {
      return 2;
    }
    return 0;
  }

  /** A decimal value (BigDecimal, or the bytes or fixed of {@code schema}'s decimal). */
  static BigDecimal decimal(Object v, Schema schema) {
    if (v instanceof BigDecimal) {
      return (BigDecimal) v;
    }
    LogicalType lt = schema.getLogicalType();
    if (v instanceof ByteBuffer) {
      return DECIMALS.fromBytes(((ByteBuffer) v).duplicate(), schema, lt);
    }
    return DECIMALS.fromFixed((GenericFixed) v, schema, lt);
  }

  /** The bytes of a binary value (ByteBuffer, fixed or byte[]). */
  static byte[] bytes(Object v) {
    if (v instanceof ByteBuffer) {
      ByteBuffer b = ((ByteBuffer) v).duplicate();
      byte[] out = new byte[b.remaining()];
      b.get(out);
      return out;
    }
    if (v instanceof GenericFixed) {
      return ((GenericFixed) v).bytes().clone();
    }
    return ((byte[]) v).clone();
  }

  private static OrcTimestamp timestamp(Object v, Schema schema) {
    long micros;
    if (v instanceof Instant) {
      Instant i = (Instant) v;
      micros = Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
    } else {
      long n = ((Number) v).longValue();
      micros = timestampUnit(schema) == 1 ? Math.multiplyExact(n, 1000L) : n;
    }
    OrcTimestamp t = new OrcTimestamp(Math.floorDiv(micros, 1_000_000L) * 1000L);
    t.setNanos((int) Math.floorMod(micros, 1_000_000L) * 1000);
    return t;
  }

  private static long longOf(WritableComparable<?> w) {
    if (w instanceof LongWritable) {
      return ((LongWritable) w).get();
    }
    if (w instanceof IntWritable) {
      return ((IntWritable) w).get();
    }
    if (w instanceof ShortWritable) {
      return ((ShortWritable) w).get();
    }
    return ((ByteWritable) w).get();
  }

  private static Schema nullable(Schema s) {
    if (s.getType() == Schema.Type.UNION) {
      return s; // ORC unions already start with null
    }
    return Schema.createUnion(Schema.create(Schema.Type.NULL), s);
  }

  private static Schema.Field field(Schema record, String orcName) {
    for (Schema.Field f : record.getFields()) {
      if (orcName(f).equals(orcName)) {
        return f;
      }
    }
    throw new IllegalArgumentException(
        "Avro record " + record.getName() + " has no field " + orcName);
  }

  private static String orcName(Schema.Field f) {
    String n = f.getProp(ORC_NAME);
    return n != null ? n : f.name();
  }

  /**
   * A valid Avro name for {@code orcName}: every character but ASCII letters, digits and {@code _}
   * becomes {@code _}, and a name that is empty or starts with a digit gets a leading {@code _}.
   */
  static String avroName(String orcName) {
    StringBuilder b = new StringBuilder(orcName.length() + 1);
    for (int i = 0; i < orcName.length(); i++) {
      char c = orcName.charAt(i);
      boolean ok = c < 128 && (Character.isLetterOrDigit(c) || c == '_');
      b.append(ok ? c : '_');
    }
    if (b.length() == 0 || Character.isDigit(b.charAt(0))) {
      b.insert(0, '_');
    }
    return b.toString();
  }
}
