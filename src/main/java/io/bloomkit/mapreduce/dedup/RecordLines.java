package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableOutputs;
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
 * The value a record travels as when dedup writes records ({@code --output-format} other than
 * text): a 0 byte (so that it is never a {@link LocalMarker}, which starts with a newline) then the
 * Avro binary encoding of the row's whole record ({@link Row#record}) in the job's output schema
 * ({@link TableOutputs#SCHEMA}). With text output the value is the row's line, as ever. Not
 * thread-safe.
 */
final class RecordLines {
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

  /** The job's record values, or null when it writes text. */
  static RecordLines fromConf(Configuration conf) {
    String s = conf.get(TableOutputs.SCHEMA);
    return conf.get(TableOutputs.FORMAT) == null || s == null
        ? null : new RecordLines(new Schema.Parser().parse(s));
  }

  /** The value of a row: its record encoded (a reused Text). */
  Text of(Row row) throws IOException {
    bytes.reset();
    bytes.write(0);
    encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
    writer.write(row.record(schema), encoder);
    encoder.flush();
    line.set(bytes.toByteArray());
    return line;
  }

  /** The record of a value {@link #of} made (a reused record). */
  GenericRecord record(Text value) throws IOException {
    decoder = DecoderFactory.get()
        .binaryDecoder(value.getBytes(), 1, value.getLength() - 1, decoder);
    reused = reader.read(reused, decoder);
    return reused;
  }
}
