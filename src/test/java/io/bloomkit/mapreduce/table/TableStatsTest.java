package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A projected read of one key column out of many reads far fewer bytes than a read of every
 * column, as the readers' counter ({@link TableStats#bytesRead}) shows: map-only jobs in local
 * mode over a Parquet and an ORC file of one long key and {@value #WIDE} random strings.
 */
public class TableStatsTest {
  private static final int WIDE = 12;
  private static final int ROWS = 5000;

  @TempDir public File tmp;

  /** Asks every record for its key, as a build job's mapper does. */
  public static final class KeyMapper
      extends Mapper<LongWritable, Row, NullWritable, NullWritable> {
    enum Seen {
      KEYS
    }

    @Override
    protected void map(LongWritable position, Row row, Context context) {
      if (row.value(0) instanceof Long) {
        context.getCounter(Seen.KEYS).increment(1);
      }
    }
  }

  private static String random(Random r) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      sb.append((char) ('a' + r.nextInt(26)));
    }
    return sb.toString();
  }

  private Path parquet() throws IOException {
    SchemaBuilder.FieldAssembler<Schema> fields =
        SchemaBuilder.record("Wide").fields().requiredLong("k");
    for (int i = 0; i < WIDE; i++) {
      fields = fields.requiredString("c" + i);
    }
    Schema schema = fields.endRecord();
    Path path = new Path(new File(tmp, "wide.parquet").toURI());
    Random rnd = new Random(7);
    try (ParquetWriter<GenericRecord> w =
        AvroParquetWriter.<GenericRecord>builder(HadoopOutputFile.fromPath(path, new Configuration()))
            .withSchema(schema)
            .withDataModel(GenericData.get())
            .build()) {
      for (int n = 0; n < ROWS; n++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("k", (long) n);
        for (int i = 0; i < WIDE; i++) {
          r.put("c" + i, random(rnd));
        }
        w.write(r);
      }
    }
    return path;
  }

  private Path orc() throws IOException {
    StringBuilder type = new StringBuilder("struct<k:bigint");
    for (int i = 0; i < WIDE; i++) {
      type.append(",c").append(i).append(":string");
    }
    TypeDescription schema = TypeDescription.fromString(type.append('>').toString());
    Path path = new Path(new File(tmp, "wide.orc").toURI());
    Random rnd = new Random(7);
    ColumnarSamples.writeOrc(path, OrcFile.writerOptions(new Configuration()).setSchema(schema),
        ROWS, (b, r, n) -> {
          ((LongColumnVector) b.cols[0]).vector[r] = n;
          for (int i = 0; i < WIDE; i++) {
            ((BytesColumnVector) b.cols[i + 1])
                .setVal(r, random(rnd).getBytes(StandardCharsets.UTF_8));
          }
        });
    return path;
  }

  private long bytesRead(Path file, TableFormat format, boolean projection) throws Exception {
    Configuration conf = new Configuration();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50); // waitForCompletion: not Hadoop's 5 s
    Job job = Job.getInstance(conf, "bytes read " + format.cliName() + " " + projection);
    TableSpec.builder(format)
        .key(Collections.singletonList("k"), Collections.emptyList())
        .projection(projection)
        .build()
        .store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    job.setInputFormatClass(TableInputFormat.class);
    TableInputFormat.setInputPaths(job, file);
    job.setMapperClass(KeyMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    assertTrue(job.waitForCompletion(false));
    assertEquals(ROWS, job.getCounters().findCounter(KeyMapper.Seen.KEYS).getValue());
    long read = TableStats.bytesRead(job);
    // Hadoop's own counters hold at least what the readers read (in local mode: all the JVM read)
    assertTrue(TableStats.fileSystemBytesRead(job) >= read);
    return read;
  }

  private void projectionReadsLess(Path file, TableFormat format) throws Exception {
    long full = bytesRead(file, format, false);
    long projected = bytesRead(file, format, true);
    long size = file.getFileSystem(new Configuration()).getFileStatus(file).getLen();
    assertTrue(full >= size / 2, format + ": full read " + full + " of a " + size + "-byte file");
    assertTrue(projected > 0, format + ": projected " + projected + " vs full " + full);
    assertTrue(projected * 4 < full, format + ": projected " + projected + " vs full " + full);
  }

  @Test
  public void aProjectedParquetReadReadsFewerBytes() throws Exception {
    projectionReadsLess(parquet(), TableFormat.PARQUET);
  }

  @Test
  public void aProjectedOrcReadReadsFewerBytes() throws Exception {
    projectionReadsLess(orc(), TableFormat.ORC);
  }
}
