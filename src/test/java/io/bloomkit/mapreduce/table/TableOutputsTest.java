package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.orc.OrcFile;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local job whose reducer writes records through TableOutputs, in every format, read back. */
public class TableOutputsTest {
  @TempDir public File tmp;

  static final Schema SCHEMA = SchemaBuilder.record("row").fields()
      .requiredLong("id")
      .optionalString("name")
      .name("price").type().optional().type(LogicalTypes.decimal(9, 2).addToSchema(
          Schema.create(Schema.Type.BYTES)))
      .name("tags").type().optional().array().items().stringType()
      .endRecord();

  private static final int ROWS = 40;

  /** Row {@code i}: name null every 3rd, price null every 4th, tags null every 5th. */
  static GenericRecord record(long i) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("id", i);
    r.put("name", i % 3 == 0 ? null : "n," + i);
    if (i % 4 != 0) {
      Schema dec = SCHEMA.getField("price").schema().getTypes().get(1);
      r.put("price", new Conversions.DecimalConversion()
          .toBytes(BigDecimal.valueOf(i * 101, 2), dec, dec.getLogicalType()));
    }
    r.put("tags", i % 5 == 0 ? null : List.of("a" + i, "b"));
    return r;
  }

  /** Row {@code i} as text, written out by hand. */
  static List<String> textFields(long i) {
    return List.of(Long.toString(i), i % 3 == 0 ? "\\N" : "n," + i,
        i % 4 == 0 ? "\\N" : BigDecimal.valueOf(i * 101, 2).toPlainString(),
        i % 5 == 0 ? "\\N" : "[\"a" + i + "\",\"b\"]");
  }

  public static final class IdMapper extends Mapper<LongWritable, Text, LongWritable, NullWritable> {
    @Override
    protected void map(LongWritable k, Text v, Context ctx)
        throws IOException, InterruptedException {
      ctx.write(new LongWritable(Long.parseLong(v.toString())), NullWritable.get());
    }
  }

  public static final class RecordReducer
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

  private File run(TableFormat format, String codec) throws Exception {
    File in = File.createTempFile("junit", null, tmp);
    StringBuilder ids = new StringBuilder();
    for (int i = ROWS - 1; i >= 0; i--) {
      ids.append(i).append('\n');
    }
    Files.write(in.toPath(), ids.toString().getBytes(StandardCharsets.UTF_8));
    File out = new File(tmp, format.cliName() + "-" + codec);
    Configuration conf = ToolRun.localConf();
    Job job = Job.getInstance(conf);
    job.getConfiguration().setInt(Job.COMPLETION_POLL_INTERVAL_KEY, 50); // not Hadoop's 5 s
    job.setMapperClass(IdMapper.class);
    job.setReducerClass(RecordReducer.class);
    job.setMapOutputKeyClass(LongWritable.class);
    job.setMapOutputValueClass(NullWritable.class);
    job.setNumReduceTasks(1);
    FileInputFormat.addInputPath(job, new Path(in.getPath()));
    FileOutputFormat.setOutputPath(job, new Path(out.getPath()));
    TableOutputs.configure(job, format, SCHEMA, codec);
    assertTrue(job.waitForCompletion(false), format.cliName());
    File[] parts = out.listFiles((d, n) -> n.startsWith("part-r-00000") && !n.endsWith(".crc"));
    assertEquals(1, parts.length);
    return parts[0];
  }

  private static String json(GenericRecord r) {
    return GenericData.get().toString(r);
  }

  @Test
  public void textCsvAndSeqfileHoldTheRenderedFields() throws Exception {
    List<String> lines = Files.readAllLines(run(TableFormat.TEXT, null).toPath());
    assertEquals(ROWS, lines.size());
    for (int i = 0; i < ROWS; i++) {
      assertEquals(String.join("\t", textFields(i)), lines.get(i));
    }
    File csvFile = run(TableFormat.CSV, "none");
    try (Reader r = Files.newBufferedReader(csvFile.toPath());
        CSVParser csv = CSVParser.parse(r, CSVFormat.RFC4180)) {
      List<CSVRecord> rows = csv.getRecords();
      assertEquals(ROWS, rows.size());
      for (int i = 0; i < ROWS; i++) {
        assertEquals(textFields(i), rows.get(i).toList());
      }
    }
    File seq = run(TableFormat.SEQFILE, null);
    try (SequenceFile.Reader r = new SequenceFile.Reader(new Configuration(),
        SequenceFile.Reader.file(new Path(seq.getPath())))) {
      Text line = new Text();
      int i = 0;
      while (r.next(NullWritable.get(), line)) {
        assertEquals(String.join("\t", textFields(i++)), line.toString());
      }
      assertEquals(ROWS, i);
    }
  }

  @Test
  public void avroParquetAndOrcHoldTheRecords() throws Exception {
    Configuration conf = new Configuration();
    List<String> want = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      want.add(json(record(i)));
    }
    List<String> got = new ArrayList<>();
    File avro = run(TableFormat.AVRO, "gzip");
    assertTrue(avro.getName().endsWith(".avro"), avro.getName());
    try (DataFileReader<GenericRecord> r = new DataFileReader<>(avro, new GenericDatumReader<>())) {
      assertEquals("deflate", r.getMetaString("avro.codec"));
      r.forEach(x -> got.add(json(x)));
    }
    assertEquals(want, got);
    got.clear();
    File parquet = run(TableFormat.PARQUET, "snappy");
    assertTrue(parquet.getName().endsWith(".parquet"), parquet.getName());
    try (ParquetReader<GenericRecord> r = AvroParquetReader.<GenericRecord>builder(
        HadoopInputFile.fromPath(new Path(parquet.getPath()), conf)).withConf(conf).build()) {
      for (GenericRecord x = r.read(); x != null; x = r.read()) {
        got.add(json(x));
      }
    }
    assertEquals(want, got);
    got.clear();
    File orc = run(TableFormat.ORC, "zstd");
    try (org.apache.orc.Reader r =
        OrcFile.createReader(new Path(orc.getPath()), OrcFile.readerOptions(conf))) {
      assertEquals("ZSTD", r.getCompressionKind().name());
      TypeDescription type = r.getSchema();
      assertEquals(OrcAvro.toOrc(SCHEMA), type);
      VectorizedRowBatch batch = type.createRowBatch();
      try (RecordReader rows = r.rows()) {
        while (rows.nextBatch(batch)) {
          for (int i = 0; i < batch.size; i++) {
            got.add(json(OrcAvro.toAvro(type, batch, i, SCHEMA)));
          }
        }
      }
    }
    assertEquals(want, got);
  }
}
