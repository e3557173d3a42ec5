package io.bloomkit.mapreduce.join;

import io.bloomkit.bloom.BloomFilter;
import io.bloomkit.core.key.CanonicalKey;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.core.key.KeyType;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableInputFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.StatusReporter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.map.WrappedMapper;
import org.apache.hadoop.mapreduce.task.MapContextImpl;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The join's right mapper per record, as a map task runs it: the text reader's next line ({@link
 * TableInputFormat} by the right side's spec, as the join's side input reads it, over a local
 * file of {@value #LINES} lines {@code KEY|payload}, reopened when read to its end), then {@link RightJoinMapper#map}: key extraction ({@code KeyEncoder}),
 * the shipped Bloom filter's probe (16 bits per key, 1 in 8 right keys in it), the counters and
 * the map output of the records that pass (into a writer that drops them). One op = one record.
 * Run with {@code -prof gc} for the bytes allocated per record (docs/benchmarks.md).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g", "-Xms1g"})
@State(Scope.Thread)
public class RightMapperBench {
  static final int LINES = 1 << 16;

  @Param({"string", "long"})
  String keyType;

  private File dir;
  private TableInputFormat format;
  private FileSplit split;
  private MapContextImpl<LongWritable, Row, JoinKey, JoinValue> task;
  private RecordReader<LongWritable, Row> reader;
  private RightJoinMapper mapper;
  private Mapper<LongWritable, Row, JoinKey, JoinValue>.Context context;
  long written;

  @Setup(Level.Trial)
  public void setup() throws Exception {
    dir = Files.createTempDirectory("right-mapper-bench").toFile();
    KeyType type = KeyType.fromCliName(keyType);
    Random rnd = new Random(14);
    File right = new File(dir, "right.txt");
    int leftKeys = LINES / 8;
    BloomFilter filter = BloomFilter.create(leftKeys, 0.0005); // about 16 bits per key
    for (int k = 0; k < leftKeys; k++) {
      filter.add(CanonicalKey.parse(type, String.valueOf(8L * k + 1_000_000L)));
    }
    try (PrintWriter w = new PrintWriter(right, StandardCharsets.UTF_8)) {
      for (int i = 0; i < LINES; i++) {
        // keys of 7 digits: 1 in 8 is a left key
        w.println((1_000_000L + rnd.nextInt(LINES)) + "|" + rnd.nextInt(1000) + "|N|O|1996-01-02|"
            + "payload of the right record " + i);
      }
    }
    Configuration conf = new Configuration(false);
    File filterFile = new File(dir, "left.bf");
    FilterFiles.writeAtomically(conf, new Path(filterFile.toURI()), filter, KeySignature.of(type));
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("0"), List.of(type)).build();
    spec.store(conf, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
    conf.set(BloomkitConfig.JOIN_TYPE.key(), "inner");
    conf.set(BloomkitConfig.JOIN_FILTER_PATH.key(), filterFile.toURI().toString());
    split = new FileSplit(new Path(right.toURI()), 0, right.length(), null);
    format = new TableInputFormat() {
      @Override
      protected BloomkitConfig specKey() {
        return BloomkitConfig.JOIN_RIGHT_INPUT_SPEC;
      }
    };
    Counters counters = new Counters();
    StatusReporter reporter = new StatusReporter() {
      @Override
      public Counter getCounter(Enum<?> name) {
        return counters.findCounter(name);
      }

      @Override
      public Counter getCounter(String group, String name) {
        return counters.findCounter(group, name);
      }

      @Override
      public void progress() {}

      @Override
      public float getProgress() {
        return 0;
      }

      @Override
      public void setStatus(String status) {}
    };
    RecordWriter<JoinKey, JoinValue> drop = new RecordWriter<JoinKey, JoinValue>() {
      @Override
      public void write(JoinKey key, JoinValue value) {
        written++;
      }

      @Override
      public void close(TaskAttemptContext c) {}
    };
    reader = format.createRecordReader(split,
        new org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl(conf, new TaskAttemptID()));
    task = new MapContextImpl<>(conf, new TaskAttemptID("bench", 1, TaskType.MAP, 0, 0), reader,
        drop, null, reporter, split);
    reader.initialize(split, task);
    context = new WrappedMapper<LongWritable, Row, JoinKey, JoinValue>().getMapContext(task);
    mapper = new RightJoinMapper();
    mapper.setup(context);
  }

  @Benchmark
  public void record() throws IOException, InterruptedException {
    if (!reader.nextKeyValue()) {
      reader.close();
      reader = format.createRecordReader(split, task);
      reader.initialize(split, task);
      reader.nextKeyValue();
    }
    mapper.map(reader.getCurrentKey(), reader.getCurrentValue(), context);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException, InterruptedException {
    reader.close();
    org.apache.hadoop.fs.FileUtil.fullyDelete(dir);
  }
}
