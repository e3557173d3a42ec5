package io.bloomkit.mapreduce.table;

import io.bloomkit.core.key.KeyType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The records of a file under Hive-style partition directories ({@link HivePartitions}): the
 * file's own reader, made for {@link #fileSpec} (the spec without the partition fields), wrapped
 * so that a slot naming a partition column is answered from the file's directories. Positions and
 * problems are the file reader's; {@link Row#line} and {@link Row#record} carry the partition
 * values after the file's fields.
 */
final class PartitionedRows extends RecordReader<LongWritable, Row> {
  private final TableSpec spec;
  private final RecordReader<LongWritable, Row> inner;
  private final int[] map;
  private PartitionedRow row;

  /**
   * @param inner the file's reader, made for {@link #fileSpec}{@code (spec)}
   */
  PartitionedRows(TableSpec spec, RecordReader<LongWritable, Row> inner) {
    this.spec = spec;
    this.inner = inner;
    this.map = slots(spec);
  }

  /**
   * The spec a file's own reader reads: {@code spec}'s fields without those naming partition
   * columns (a key without them), no partitions; read every column when no field is left (a
   * columnar reader needs one to count rows by).
   */
  static TableSpec fileSpec(TableSpec spec) {
    HivePartitions p = spec.partitions();
    List<String> key = new ArrayList<>();
    List<KeyType> types = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (int i = 0; i < spec.fields().size(); i++) {
      String f = spec.fields().get(i);
      if (p.indexOf(f) >= 0) {
        continue;
      }
      if (i < spec.keyFieldCount()) {
        key.add(f);
        types.add(spec.keyTypes().get(i));
      } else {
        others.add(f);
      }
    }
    TableSpec.Builder b = spec.toBuilder().key(key, types).otherFields(others)
        .partitions(HivePartitions.NONE);
    if (key.isEmpty() && others.isEmpty()) {
      b.projection(false);
    }
    return b.build();
  }

  /**
   * Per slot of {@code spec}: the slot of the file reader's spec ({@link #fileSpec}), or {@code
   * -1 - i} for partition column {@code i}.
   */
  static int[] slots(TableSpec spec) {
    HivePartitions p = spec.partitions();
    int[] out = new int[spec.fields().size()];
    int next = 0;
    for (int i = 0; i < out.length; i++) {
      int at = p.indexOf(spec.fields().get(i));
      out[i] = at >= 0 ? -1 - at : next++;
    }
    return out;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext context)
      throws IOException, InterruptedException {
    Object[] values = spec.partitions().values(((FileSplit) split).getPath());
    inner.initialize(split, context);
    row = new PartitionedRow(spec, map, values);
  }

  @Override
  public boolean nextKeyValue() throws IOException, InterruptedException {
    if (!inner.nextKeyValue()) {
      return false;
    }
    row.set(inner.getCurrentValue());
    return true;
  }

  @Override
  public LongWritable getCurrentKey() throws IOException, InterruptedException {
    return inner.getCurrentKey();
  }

  @Override
  public Row getCurrentValue() {
    return row;
  }

  @Override
  public float getProgress() throws IOException, InterruptedException {
    return inner.getProgress();
  }

  @Override
  public void close() throws IOException {
    inner.close();
  }

  /** A file's row with its partition values. */
  static final class PartitionedRow extends Row {
    private final HivePartitions partitions;
    private final int[] map;
    private final Object[] values;
    private final String suffix;
    private Row inner;
    private final Text line = new Text();
    private boolean lineDone;
    private Schema outer;
    private Schema fileSchema;

    PartitionedRow(TableSpec spec, int[] map, Object[] values) {
      this.partitions = spec.partitions();
      this.map = map;
      this.values = values;
      this.suffix = suffix(spec, values);
    }

    void set(Row row) {
      inner = row;
      lineDone = false;
    }

    /**
     * The partition values as they follow a record's line: each after the delimiter, rendered as
     * {@link KeyEncoder#render} does, null as the null token (empty without one); in CSV a value
     * holding the delimiter, a quote or a line break is quoted.
     */
    private static String suffix(TableSpec spec, Object[] values) {
      StringBuilder sb = new StringBuilder();
      for (Object v : values) {
        sb.append(spec.delimiter());
        if (v == null) {
          sb.append(spec.nullToken() == null ? "" : spec.nullToken());
          continue;
        }
        String s = KeyEncoder.render(v);
        if (spec.format() == TableFormat.CSV
            && (s.indexOf(spec.delimiter()) >= 0 || s.indexOf('"') >= 0
                || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0)) {
          s = '"' + s.replace("\"", "\"\"") + '"';
        }
        sb.append(s);
      }
      return sb.toString();
    }

    @Override
    public String problem() {
      return inner.problem();
    }

    @Override
    public Object value(int slot) {
      int m = map[slot];
      return m >= 0 ? inner.value(m) : values[-1 - m];
    }

    /** The file's line, then the partition values; a malformed record's line as read. */
    @Override
    public Text line() {
      if (inner.problem() != null) {
        return inner.line();
      }
      if (!lineDone) {
        Text l = inner.line();
        line.set(l.getBytes(), 0, l.getLength());
        byte[] s = suffix.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        line.append(s, 0, s.length);
        lineDone = true;
      }
      return line;
    }

    /**
     * The file's record in {@code schema}'s first fields, the partition values in its last ones
     * ({@link HivePartitions#appendTo}).
     */
    @Override
    public GenericRecord record(Schema schema) {
      if (schema != outer) {
        List<Schema.Field> fields = new ArrayList<>();
        List<Schema.Field> all = schema.getFields();
        for (int i = 0; i < all.size() - values.length; i++) {
          fields.add(new Schema.Field(all.get(i), all.get(i).schema()));
        }
        fileSchema = Schema.createRecord(schema.getName(), schema.getDoc(),
            schema.getNamespace(), false);
        fileSchema.setFields(fields);
        outer = schema;
      }
      GenericRecord file = inner.record(fileSchema);
      GenericData.Record out = new GenericData.Record(schema);
      int n = fileSchema.getFields().size();
      for (int i = 0; i < n; i++) {
        out.put(i, file.get(i));
      }
      for (int i = 0; i < values.length; i++) {
        out.put(n + i, partitions.avroValue(i, values[i]));
      }
      return out;
    }
  }
}
