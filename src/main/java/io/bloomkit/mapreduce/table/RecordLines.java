package io.bloomkit.mapreduce.table;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;

/**
 * The value a record travels as through a shuffle when a tool writes records ({@code
 * --output-format} other than text): a 0 byte (so that it is never one of dedup's local markers,
 * which start with a newline) then the Avro binary encoding of the row's whole record ({@link
 * Row#record}) in a schema: dedup's job output schema ({@link TableOutputs#SCHEMA}), a join side's
 * record schema. With text output the value is the row's line, as ever. Not thread-safe.
 */
public final class RecordLines {
  private final Schema schema;
  private final GenericDatumWriter<GenericRecord> writer;
  private final GenericDatumReader<GenericRecord> reader;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final Text line = new Text();
  private BinaryEncoder encoder;
  private BinaryDecoder decoder;
  private GenericRecord reused;

  private RecordLines(Schema schema) {
    this.schema = schema;
    this.writer = new GenericDatumWriter<>(schema);
    this.reader = new GenericDatumReader<>(schema);
  }

  /** The record values of {@code schema}. */
  public static RecordLines of(Schema schema) {
    return new RecordLines(schema);
  }

  /** The job's record values, or null when it writes text. */
  public static RecordLines fromConf(Configuration conf) {
    String s = conf.get(TableOutputs.SCHEMA);
    return conf.get(TableOutputs.FORMAT) == null || s == null
        ? null : new RecordLines(new Schema.Parser().parse(s));
  }

  /** The value of a row: its record encoded (a reused Text). */
  public Text of(Row row) throws IOException {
    bytes.reset();
    bytes.write(0);
    encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
    writer.write(row.record(schema), encoder);
    encoder.flush();
    line.set(bytes.toByteArray());
    return line;
  }

  /** The record of a value {@link #of} made (a reused record). */
  public GenericRecord record(Text value) throws IOException {
    decoder = DecoderFactory.get()
        .binaryDecoder(value.getBytes(), 1, value.getLength() - 1, decoder);
    reused = reader.read(reused, decoder);
    return reused;
  }
}
