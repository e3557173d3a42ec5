package io.bloomkit.mapreduce.table;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.BooleanWritable;
import org.apache.hadoop.io.ByteWritable;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DoubleWritable;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.ShortWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.VIntWritable;
import org.apache.hadoop.io.VLongWritable;
import org.apache.hadoop.io.Writable;

/**
 * One SequenceFile record as a {@link Row}. A slot is the field {@value #KEY} (the record's key as
 * a value: {@link #value(Writable)}) or a 0-based field number of the record's {@code Text} value
 * split by the delimiter, read as a text line ({@link TextRow}: null token, empty-is-null, blank
 * and missing-field problems). The key itself is typed, so the text null rules do not apply to it:
 * only a {@code NullWritable} key is null. {@link #line()}: the value as text (a {@code Text} as its
 * bytes, another value rendered by {@link KeyEncoder#render}), as Hive reads a SequenceFile table:
 * the value is the row, the key is read only as the field {@value #KEY}. Not thread-safe.
 */
final class SeqRow extends CheckedRow {
  /** The field name of a record's key. */
  static final String KEY = "key";

  /** For each slot: -1 for the key, else the slot of {@link #fields} holding it. */
  private final int[] slots;

  private final TextRow fields;
  private Writable key;
  private Writable value;
  private Object keyValue;
  private final Text line = new Text();
  private boolean lineBuilt;

  SeqRow(TableSpec spec) {
    List<Integer> numbers = new ArrayList<>();
    int keyNumbers = 0;
    slots = new int[spec.fields().size()];
    for (int i = 0; i < slots.length; i++) {
      String f = spec.fields().get(i);
      if (f.equals(KEY)) {
        slots[i] = -1;
      } else if (TableSpec.isIndex(f)) {
        slots[i] = numbers.size();
        numbers.add(Integer.parseInt(f));
        if (i < spec.keyFieldCount()) {
          keyNumbers++;
        }
      } else {
        throw new IllegalArgumentException(notAField(f));
      }
    }
    int[] n = numbers.stream().mapToInt(Integer::intValue).toArray();
    fields = n.length == 0 ? null
        : new TextRow(spec.delimiter(), n, keyNumbers, spec.nullToken(), spec.emptyIsNull());
  }

  static String notAField(String f) {
    return "field \"" + f + "\": a SequenceFile's fields are \"" + KEY + "\" (the record's key)"
        + " or a 0-based field number of its Text value";
  }

  /** Whether some slot is a field of the value (so values must be {@code Text}). */
  boolean readsValue() {
    return fields != null;
  }

  /** Reads one record (kept by reference: the caller must not change them while the row is used). */
  void set(Writable key, Writable value) {
    this.key = key;
    this.value = value;
    this.lineBuilt = false;
    problem = null;
    try {
      keyValue = value(key);
    } catch (CharacterCodingException e) {
      problem = "key is not valid UTF-8";
      return;
    }
    if (fields != null) {
      fields.set((Text) value);
      problem = fields.problem();
    }
  }

  /**
   * A Writable as a {@link Row} value: {@code Text} a String, integer Writables a Long, {@code
   * FloatWritable}/{@code DoubleWritable} a Double, {@code BooleanWritable} a Boolean, {@code
   * BytesWritable} a byte[], {@code NullWritable} null, any other its {@code toString()}.
   *
   * @throws CharacterCodingException if a {@code Text} is not valid UTF-8
   */
  static Object value(Writable w) throws CharacterCodingException {
    if (w instanceof Text) {
      Text t = (Text) w;
      return Text.decode(t.getBytes(), 0, t.getLength(), false);
    }
    if (w instanceof LongWritable) {
      return ((LongWritable) w).get();
    }
    if (w instanceof IntWritable) {
      return (long) ((IntWritable) w).get();
    }
    if (w instanceof VLongWritable) {
      return ((VLongWritable) w).get();
    }
    if (w instanceof VIntWritable) {
      return (long) ((VIntWritable) w).get();
    }
    if (w instanceof ShortWritable) {
      return (long) ((ShortWritable) w).get();
    }
    if (w instanceof ByteWritable) {
      return (long) ((ByteWritable) w).get();
    }
    if (w instanceof DoubleWritable) {
      return ((DoubleWritable) w).get();
    }
    if (w instanceof FloatWritable) {
      return (double) ((FloatWritable) w).get();
    }
    if (w instanceof BooleanWritable) {
      return ((BooleanWritable) w).get();
    }
    if (w instanceof BytesWritable) {
      return ((BytesWritable) w).copyBytes();
    }
    if (w == null || w instanceof NullWritable) {
      return null;
    }
    return w.toString();
  }

  /**
   * The Avro type of the column holding a Writable of class {@code c}, nullable as Hive's columns:
   * {@code Text} a string, {@code IntWritable}/{@code VIntWritable}/{@code ShortWritable}/{@code
   * ByteWritable} an int, {@code LongWritable}/{@code VLongWritable} a long, {@code FloatWritable}
   * a float, {@code DoubleWritable} a double, {@code BooleanWritable} a boolean, {@code
   * BytesWritable} bytes, any other its {@code toString()} as a string; null for {@code
   * NullWritable}, which holds nothing (no column).
   */
  static Schema columnType(Class<?> c) {
    Schema.Type t;
    if (NullWritable.class.isAssignableFrom(c)) {
      return null;
    } else if (IntWritable.class.isAssignableFrom(c) || VIntWritable.class.isAssignableFrom(c)
        || ShortWritable.class.isAssignableFrom(c) || ByteWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.INT;
    } else if (LongWritable.class.isAssignableFrom(c) || VLongWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.LONG;
    } else if (FloatWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.FLOAT;
    } else if (DoubleWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.DOUBLE;
    } else if (BooleanWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.BOOLEAN;
    } else if (BytesWritable.class.isAssignableFrom(c)) {
      t = Schema.Type.BYTES;
    } else {
      t = Schema.Type.STRING;
    }
    return Schema.createUnion(Schema.create(Schema.Type.NULL), Schema.create(t));
  }

  /**
   * The record schema of a SequenceFile of {@code keyClass} and {@code valueClass} ({@link
   * #columnType}): the column {@value #KEY} (none for a {@code NullWritable} key), then, when the
   * fields are numbers ({@code valueFields >= 0}: the Text value is split by the delimiter), one
   * nullable string per field of the value, {@code _c0}, {@code _c1}, ..., else the column {@code
   * value} (none for a {@code NullWritable} value).
   */
  static Schema recordSchema(Class<?> keyClass, Class<?> valueClass, int valueFields) {
    List<Schema.Field> columns = new ArrayList<>();
    Schema key = columnType(keyClass);
    if (key != null) {
      columns.add(new Schema.Field(KEY, key, null, Schema.Field.NULL_DEFAULT_VALUE));
    }
    if (valueFields >= 0) {
      for (int i = 0; i < valueFields; i++) {
        columns.add(new Schema.Field("_c" + i, columnType(Text.class), null,
            Schema.Field.NULL_DEFAULT_VALUE));
      }
    } else if (columnType(valueClass) != null) {
      columns.add(new Schema.Field("value", columnType(valueClass), null,
          Schema.Field.NULL_DEFAULT_VALUE));
    }
    return Schema.createRecord("record", null, "io.bloomkit.seqfile", false, columns);
  }

  /**
   * The record of {@link #recordSchema}: the key, then the value's fields (a {@link TextRow}'s
   * text rules: null token, empty-is-null, a missing field null and an extra one ignored) or the
   * value, as {@link #columnType} says. A Text value's bytes that are not UTF-8 read as U+FFFD.
   */
  @Override
  public GenericRecord record(Schema schema) {
    requireWellFormed();
    GenericRecord r = new GenericData.Record(schema);
    int col = 0;
    if (!(key instanceof NullWritable)) {
      r.put(col, key instanceof Text ? keyValue : column(r, col, key));
      col++;
    }
    if (fields != null) {
      fields.putFields(r, col);
    } else if (!(value instanceof NullWritable)) {
      r.put(col, column(r, col, value));
    }
    return r;
  }

  /** A Writable as a value of column {@code col} of {@code r} (of its {@link #columnType}). */
  private static Object column(GenericRecord r, int col, Writable w) {
    if (w instanceof Text) {
      return w.toString(); // U+FFFD for bytes that are not UTF-8
    }
    Object v;
    try {
      v = value(w);
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(e); // only Text decodes
    }
    switch (r.getSchema().getFields().get(col).schema().getTypes().get(1).getType()) {
      case INT:
        return ((Long) v).intValue();
      case FLOAT:
        return ((Double) v).floatValue();
      case BYTES:
        return ByteBuffer.wrap((byte[]) v);
      default:
        return v;
    }
  }

  @Override
  Object slot(int slot) {
    return slots[slot] < 0 ? keyValue : fields.value(slots[slot]);
  }

  @Override
  public Text line() {
    if (!lineBuilt) {
      line.clear();
      append(line, value);
      lineBuilt = true;
    }
    return line;
  }

  private static void append(Text out, Writable w) {
    if (w instanceof Text) {
      out.append(((Text) w).getBytes(), 0, ((Text) w).getLength());
      return;
    }
    String s;
    try {
      s = KeyEncoder.render(value(w));
    } catch (CharacterCodingException e) {
      throw new IllegalStateException(e); // only Text decodes, and Text is copied above
    }
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    out.append(b, 0, b.length);
  }
}
