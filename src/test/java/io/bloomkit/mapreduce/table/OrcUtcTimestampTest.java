package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TimeZone;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC timestamps written by bloomkit (TableWriter, and TableOutputs in a job) read back as the same
 * instants in a JVM whose time zone is not UTC (ORC's default writes the JVM zone's wall clock,
 * which the UTC reader would shift by the zone's offset, 5.5 hours here).
 */
public class OrcUtcTimestampTest {
  @TempDir public File tmp;

  static final Schema SCHEMA = SchemaBuilder.record("t").fields().requiredLong("id")
      .name("ts").type(LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG)))
      .noDefault().endRecord();

  static final Instant BASE = Instant.parse("2024-02-29T12:34:56.789123Z");

  static GenericRecord record(long i) {
    GenericRecord g = new GenericData.Record(SCHEMA);
    g.put("id", i);
    g.put("ts", BASE.plusSeconds(3600 * i));
    return g;
  }

  /** Writes row {@code id} for each id the mapper passes on. */
  public static final class TimestampReducer
      extends Reducer<LongWritable, NullWritable, Object, Object> {
    private TableOutputs.RecordWriter out;

    @Override
    protected void setup(Context ctx) {
      out = TableOutputs.writer(ctx);
    }

    @Override
    protected void reduce(LongWritable id, Iterable<NullWritable> v, Context ctx)
        throws IOException, InterruptedException {
      out.write(record(id.get()));
    }
  }

  private static List<Instant> read(Path path) throws IOException {
    TableSpec spec = TableSpec.builder(TableFormat.ORC)
        .key(List.of("id"), List.of()).otherFields(List.of("ts")).build();
    List<Instant> out = new ArrayList<>();
    Tables.read(new Configuration(), spec, (f, pos, row) -> out.add((Instant) row.value(1)), path);
    return out;
  }

  @Test
  public void timestampsSurviveANonUtcZone() throws Exception {
    TimeZone saved = TimeZone.getDefault();
    TimeZone.setDefault(TimeZone.getTimeZone("Asia/Kolkata"));
    try {
      List<Instant> want = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        want.add(BASE.plusSeconds(3600L * i));
      }
      // TableWriter (generate's path)
      Configuration conf = new Configuration();
      Path direct = new Path(new File(tmp, "direct.orc").toURI());
      try (TableWriter w = TableWriter.open(conf, FileSystem.getLocal(conf), direct,
          TableFormat.ORC, SCHEMA, "none", ",")) {
        for (int i = 0; i < 5; i++) {
          w.write(record(i));
        }
      }
      assertEquals(want, read(direct));

      // TableOutputs (the tools' path): a local job's reducer writes the rows
      File in = File.createTempFile("junit", null, tmp);
      Files.write(in.toPath(), "0\n1\n2\n3\n4\n".getBytes(StandardCharsets.UTF_8));
      File out = new File(tmp, "job");
      Job job = Job.getInstance(ToolRun.localConf());
      job.getConfiguration().setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50); // not Hadoop's 5 s
      job.setMapperClass(TableOutputsTest.IdMapper.class);
      job.setReducerClass(TimestampReducer.class);
      job.setMapOutputKeyClass(LongWritable.class);
      job.setMapOutputValueClass(NullWritable.class);
      job.setNumReduceTasks(1);
      FileInputFormat.addInputPath(job, new Path(in.getPath()));
      FileOutputFormat.setOutputPath(job, new Path(out.getPath()));
      TableOutputs.configure(job, TableFormat.ORC, SCHEMA, "none");
      assertTrue(job.waitForCompletion(false));
      assertEquals(want, read(new Path(out.toURI())));
    } finally {
      TimeZone.setDefault(saved);
    }
  }
}
