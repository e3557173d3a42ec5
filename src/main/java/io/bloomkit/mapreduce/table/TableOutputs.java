package io.bloomkit.mapreduce.table;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.IOException;
import java.io.StringWriter;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapred.AvroKey;
import org.apache.avro.mapreduce.AvroJob;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.orc.OrcConf;
import org.apache.orc.TypeDescription;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcOutputFormat;
import org.apache.parquet.avro.AvroParquetOutputFormat;
import org.apache.parquet.avro.AvroWriteSupport;
import org.apache.parquet.hadoop.ParquetOutputFormat;

/**
 * A job's typed output: {@link #configure} sets the output format of a {@link TableFormat} for
 * records of one {@link Schema}, and {@link #writer} gives a task (reducer, or mapper of a map-only
 * job) a {@link RecordWriter} that writes {@link GenericRecord}s whatever the format:
 *
 * <ul>
 *   <li>text: {@link TextOutputFormat}, lines {@link RecordText#line} joined by {@code
 *       bloomkit.table.output.delimiter} (default tab), null key;
 *   <li>csv: {@link TextOutputFormat}, RFC 4180 lines of {@link RecordText#fields};
 *   <li>seqfile: {@link SequenceFileOutputFormat} of {@link NullWritable} keys and {@link Text}
 *       lines as for text;
 *   <li>avro: avro-mapred's {@link org.apache.avro.mapreduce.AvroKeyOutputFormat} ({@code
 *       AvroKey<GenericRecord>}, null value) as {@link AvroRecordOutputFormat}, which names files
 *       as Hadoop's do;
 *   <li>parquet: parquet-avro's {@link AvroParquetOutputFormat} (three-level lists);
 *   <li>orc: ORC's {@link OrcOutputFormat} (timestamps in UTC, as the reader) of {@link OrcAvro#toOrc}'s type, values {@link
 *       OrcStruct}.
 * </ul>
 *
 * Codecs as {@link TableWriter#codec}: Avro's and Parquet's and ORC's own; text, csv and seqfile
 * take {@code none} and compress through Hadoop's {@code
 * mapreduce.output.fileoutputformat.compress} settings.
 */
public final class TableOutputs {
  /** The output format name ({@link BloomkitConfig#TABLE_OUTPUT_FORMAT}). */
  public static final String FORMAT = BloomkitConfig.TABLE_OUTPUT_FORMAT.key();
  /** The records' Avro schema as JSON ({@link BloomkitConfig#TABLE_OUTPUT_SCHEMA}). */
  public static final String SCHEMA = BloomkitConfig.TABLE_OUTPUT_SCHEMA.key();
  /** The field delimiter of text and SequenceFile lines ({@link BloomkitConfig#TABLE_OUTPUT_DELIMITER}). */
  public static final String DELIMITER = BloomkitConfig.TABLE_OUTPUT_DELIMITER.key();

  private TableOutputs() {}

  /**
   * Sets the job's output format, key and value classes for records of {@code schema}.
   *
   * @param codec as {@link TableWriter#codec} (null: the format's default)
   * @throws IllegalArgumentException for a codec the format does not take or a schema ORC cannot
   *     hold
   */
  public static void configure(Job job, TableFormat format, Schema schema, String codec) {
    String c = TableWriter.codec(format, codec);
    Configuration conf = job.getConfiguration();
    TableCodecs.checkOutput(conf, format, c);
    conf.set(FORMAT, format.name());
    conf.set(SCHEMA, schema.toString());
    switch (format) {
      case TEXT:
      case CSV:
        job.setOutputFormatClass(TextOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(Text.class);
        break;
      case SEQFILE:
        job.setOutputFormatClass(SequenceFileOutputFormat.class);
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(Text.class);
        break;
      case AVRO:
        job.setOutputFormatClass(AvroRecordOutputFormat.class);
        AvroJob.setOutputKeySchema(job, schema);
        job.setOutputValueClass(NullWritable.class);
        FileOutputFormat.setCompressOutput(job, !c.equals("none"));
        conf.set(AvroJob.CONF_OUTPUT_CODEC, TableWriter.avroCodec(c));
        break;
      case PARQUET:
        job.setOutputFormatClass(AvroParquetOutputFormat.class);
        AvroParquetOutputFormat.setSchema(job, schema);
        conf.setBoolean(AvroWriteSupport.WRITE_OLD_LIST_STRUCTURE, false);
        ParquetOutputFormat.setCompression(job, TableWriter.parquetCodec(c));
        job.setOutputKeyClass(Void.class);
        job.setOutputValueClass(GenericRecord.class);
        break;
      case ORC:
        job.setOutputFormatClass(UtcOrcOutputFormat.class);
        OrcConf.MAPRED_OUTPUT_SCHEMA.setString(conf, OrcAvro.toOrc(schema).toString());
        OrcConf.COMPRESS.setString(conf, TableWriter.orcCodec(c).name());
        job.setOutputKeyClass(NullWritable.class);
        job.setOutputValueClass(OrcStruct.class);
        break;
      default:
        throw new IllegalArgumentException("cannot write " + format);
    }
  }

  /** Writes a task's records in the format {@link #configure} set. */
  public interface RecordWriter {
    void write(GenericRecord record) throws IOException, InterruptedException;
  }

  /**
   * The record writer of a task whose job {@link #configure} set up.
   *
   * @throws IllegalStateException when the job was not configured
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static RecordWriter writer(TaskInputOutputContext<?, ?, ?, ?> context) {
    TaskInputOutputContext<?, ?, Object, Object> ctx =
        (TaskInputOutputContext<?, ?, Object, Object>) (TaskInputOutputContext) context;
    return writer(context.getConfiguration(), ctx::write);
  }

  /** Where a {@link RecordWriter} puts the output format's (key, value) pairs. */
  public interface Sink {
    void write(Object key, Object value) throws IOException, InterruptedException;
  }

  /**
   * As {@link #writer(TaskInputOutputContext)}, the pairs going to {@code ctx} (for example a
   * named output of {@code MultipleOutputs}).
   *
   * @throws IllegalStateException when the job was not configured
   */
  public static RecordWriter writer(Configuration conf, Sink ctx) {
    String name = conf.get(FORMAT);
    if (name == null) {
      throw new IllegalStateException(FORMAT + " is not set: call TableOutputs.configure");
    }
    String delimiter = BloomkitConfig.TABLE_OUTPUT_DELIMITER.get(conf);
    switch (TableFormat.valueOf(name)) {
      case TEXT:
      case SEQFILE: {
        Text line = new Text();
        return r -> {
          line.set(RecordText.line(r, delimiter));
          ctx.write(NullWritable.get(), line);
        };
      }
      case CSV: {
        Text line = new Text();
        CSVFormat csv = CSVFormat.RFC4180.builder().setRecordSeparator("").build();
        return r -> {
          StringWriter s = new StringWriter();
          csv.printRecord(s, RecordText.fields(r).toArray());
          line.set(s.toString());
          ctx.write(NullWritable.get(), line);
        };
      }
      case AVRO: {
        AvroKey<GenericRecord> key = new AvroKey<>();
        return r -> {
          key.datum(r);
          ctx.write(key, NullWritable.get());
        };
      }
      case PARQUET:
        return r -> ctx.write(null, r);
      case ORC: {
        TypeDescription type = OrcAvro.toOrc(new Schema.Parser().parse(conf.get(SCHEMA)));
        return r -> ctx.write(NullWritable.get(), OrcAvro.toOrcStruct(r, type));
      }
      default:
        throw new IllegalStateException("cannot write " + name);
    }
  }

  /**
   * ORC's output format with its timestamps written in UTC ({@code useUTCTimestamp}), as {@link
   * OrcRows} reads them: ORC's default, the JVM's time zone, would shift every timestamp by the
   * zone's offset in a JVM not running in UTC.
   */
  public static final class UtcOrcOutputFormat extends OrcOutputFormat<OrcStruct> {
    @Override
    public org.apache.hadoop.mapreduce.RecordWriter<NullWritable, OrcStruct> getRecordWriter(
        org.apache.hadoop.mapreduce.TaskAttemptContext context) throws java.io.IOException {
      Configuration conf = context.getConfiguration();
      org.apache.orc.Writer writer = org.apache.orc.OrcFile.createWriter(
          getDefaultWorkFile(context, ".orc"),
          org.apache.orc.mapred.OrcOutputFormat.buildOptions(conf).useUTCTimestamp(true));
      return new org.apache.orc.mapreduce.OrcMapreduceRecordWriter<>(writer,
          OrcConf.ROW_BATCH_SIZE.getInt(conf), OrcConf.ROW_BATCH_CHILD_LIMIT.getInt(conf));
    }
  }
}
