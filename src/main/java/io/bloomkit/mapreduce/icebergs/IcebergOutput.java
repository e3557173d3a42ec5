package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableOutputs;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * Where an icebergs reducer writes (key, total): text output as ever ({@code key<TAB>total}, the
 * key as {@link KeyText} shows it), any other {@code --output-format} as records of {@link
 * #schema} through {@link TableOutputs#writer}.
 */
final class IcebergOutput {
  private final KeyText keyText;
  private final TaskInputOutputContext<?, ?, Text, LongWritable> context;
  private final LongWritable value = new LongWritable();
  private final TableOutputs.RecordWriter records;
  private final List<KeyType> types;
  private final Schema schema;

  private IcebergOutput(TaskInputOutputContext<?, ?, Text, LongWritable> context) {
    this.context = context;
    this.keyText = KeyText.fromConf(context.getConfiguration());
    String format = context.getConfiguration().get(TableOutputs.FORMAT);
    if (format == null) {
      records = null;
      types = null;
      schema = null;
    } else {
      records = TableOutputs.writer(context);
      schema = new Schema.Parser().parse(context.getConfiguration().get(TableOutputs.SCHEMA));
      types = TableSpec.load(context.getConfiguration(), BloomkitConfig.INPUT_SPEC).keyTypes();
    }
  }

  /** The output of a reducer's task (records when the job's output was configured for them). */
  static IcebergOutput of(TaskInputOutputContext<?, ?, Text, LongWritable> context) {
    return new IcebergOutput(context);
  }

  /** The key's text (as {@link KeyText#of(Text)}): what the candidate files hold. */
  KeyText keyText() {
    return keyText;
  }

  /** Writes a canonical key and its total. */
  void write(Text key, long total) throws IOException, InterruptedException {
    if (records == null) {
      value.set(total);
      context.write(keyText.of(key), value);
      return;
    }
    GenericRecord r = new GenericData.Record(schema);
    if (types.size() == 1) {
      r.put(0, avroValue(types.get(0), key.getBytes(), 0, key.getLength()));
    } else {
      byte[][] parts = CanonicalKey.parts(key.getBytes(), 0, key.getLength(), types.size());
      for (int i = 0; i < parts.length; i++) {
        r.put(i, avroValue(types.get(i), parts[i], 0, parts[i].length));
      }
    }
    r.put(types.size(), total);
    records.write(r);
  }

  private static Object avroValue(KeyType type, byte[] b, int off, int len) {
    Object v = CanonicalKey.decode(type, b, off, len);
    switch (type) {
      case DECIMAL:
        return ((BigDecimal) v).toPlainString();
      case DATE:
        return (int) ((LocalDate) v).toEpochDay();
      case TIMESTAMP:
        return ChronoUnit.MICROS.between(Instant.EPOCH, (Instant) v);
      case BINARY:
        return ByteBuffer.wrap((byte[]) v);
      default:
        return v;
    }
  }

  /**
   * The output records' schema: one column per key field, named after it (a field given by
   * number: {@code key_0}, {@code key_1} ...; dots and other characters Avro names refuse become
   * {@code _}), typed by the key type (string, long, decimal as its plain text, date, timestamp
   * in microseconds, boolean, bytes), then {@code total}, a long.
   */
  static Schema schema(TableSpec spec) {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("icebergs").namespace("io.bloomkit").fields();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < spec.keyFieldCount(); i++) {
      String name = columnName(spec.fields().get(i), i);
      while (!names.add(name)) {
        name = name + "_" + i;
      }
      fields = fields.name(name).type(keySchema(spec.keyTypes().get(i))).noDefault();
    }
    String total = "total";
    while (!names.add(total)) {
      total = "_" + total;
    }
    return fields.name(total).type().longType().noDefault().endRecord();
  }

  private static String columnName(String field, int i) {
    if (field.chars().allMatch(Character::isDigit)) {
      return "key_" + i;
    }
    String n = field.replaceAll("[^A-Za-z0-9_]", "_");
    return Character.isDigit(n.charAt(0)) ? "_" + n : n;
  }

  private static Schema keySchema(KeyType type) {
    switch (type) {
      case LONG:
        return Schema.create(Schema.Type.LONG);
      case DATE:
        return LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIMESTAMP:
        return LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case BOOLEAN:
        return Schema.create(Schema.Type.BOOLEAN);
      case BINARY:
        return Schema.create(Schema.Type.BYTES);
      default: // STRING; DECIMAL as its plain text (canonical keys normalise the scale)
        return Schema.create(Schema.Type.STRING);
    }
  }
}
