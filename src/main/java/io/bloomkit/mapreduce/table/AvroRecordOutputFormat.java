package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.mapreduce.AvroKeyOutputFormat;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * avro-mapred's {@link AvroKeyOutputFormat} whose files follow Hadoop's output base name ({@code
 * mapreduce.output.basename}, which Hadoop's {@code MultipleOutputs} sets per named output) as
 * every other {@code FileOutputFormat}: avro-mapred's own names every file after {@code
 * avro.mo.config.namedOutput}, so two named outputs of one task would write the same file.
 */
public class AvroRecordOutputFormat extends AvroKeyOutputFormat<GenericRecord> {
  @Override
  protected OutputStream getAvroFileOutputStream(TaskAttemptContext context) throws IOException {
    Path path = getDefaultWorkFile(context, org.apache.avro.mapred.AvroOutputFormat.EXT);
    return path.getFileSystem(context.getConfiguration()).create(path);
  }
}
