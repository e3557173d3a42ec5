package io.bloomkit.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The benchmark baseline of issue 14 section 6: the fastest correct hand-written semijoin. One
 * map-only MapReduce job; every mapper loads the left (small) side's keys into a hash table in
 * {@code setup} and writes the right lines whose key it holds. No filter, no build job, no shuffle.
 * With {@code --mode join} the table holds the left lines per key and the mapper writes {@code
 * <left line>\t<right line>} for every match, like {@code join --type inner}'s text output.
 *
 * <p>The key is one field of a text line ({@code --left-key}/{@code --right-key}: index from 0,
 * {@code --delimiter}: one character), compared as bytes. A line without the key field is skipped
 * and counted ({@code leftMalformed}, {@code rightMalformed}). Lookups are allocation-free: the
 * table holds {@link ByteBuffer}s of the left keys and each right key is looked up through one
 * reused buffer over the line's bytes.
 *
 * <p>Usage (Hadoop generic options such as {@code -D mapreduce.local.map.tasks.maximum=2} first):
 * {@code HashSetJoin --left PATH --left-key N --right PATH --right-key N --delimiter C --output DIR
 * [--mode semi|join]}. Prints one line of JSON: {@code mode, seconds} (the job, without JVM start),
 * {@code leftRecords} (loaded once, by the first task: the loads of all tasks over {@code
 * mapTasks}), {@code leftKeys, rightRecords, rightMatched, outputRecords, mapOutputRecords,
 * leftMalformed, rightMalformed, mapTasks}. Exit 0 on success, 1 if the job failed, 2 on a usage
 * error.
 */
public final class HashSetJoin extends Configured implements Tool {
  static final String LEFT = "bench.hashset.left";
  static final String LEFT_KEY = "bench.hashset.left.key";
  static final String RIGHT_KEY = "bench.hashset.right.key";
  static final String DELIMITER = "bench.hashset.delimiter";
  static final String JOIN = "bench.hashset.join";

  enum Counter {
    LEFT_RECORDS,
    LEFT_MALFORMED,
    LEFT_LOADS,
    RIGHT_RECORDS,
    RIGHT_MALFORMED,
    RIGHT_MATCHED,
    OUTPUT_RECORDS
  }

  /** Where the JSON line goes (a test reads it). */
  java.io.PrintStream out = System.out;

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new Configuration(), new HashSetJoin(), args));
  }

  @Override
  public int run(String[] args) throws Exception {
    Map<String, String> o = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        return usage("unexpected argument " + args[i]);
      }
      o.put(args[i].substring(2), args[++i]);
    }
    for (String required : List.of("left", "left-key", "right", "right-key", "output")) {
      if (!o.containsKey(required)) {
        return usage("--" + required + " is required");
      }
    }
    String mode = o.getOrDefault("mode", "semi");
    String delimiter = o.getOrDefault("delimiter", "\t");
    if (!List.of("semi", "join").contains(mode) || delimiter.length() != 1) {
      return usage("--mode semi|join, --delimiter one character");
    }
    Configuration conf = getConf();
    conf.set(LEFT, new Path(o.get("left")).toString());
    conf.setInt(LEFT_KEY, Integer.parseInt(o.get("left-key")));
    conf.setInt(RIGHT_KEY, Integer.parseInt(o.get("right-key")));
    conf.set(DELIMITER, delimiter);
    conf.setBoolean(JOIN, mode.equals("join"));
    if ("local".equals(conf.get("mapreduce.framework.name", "local"))) {
      // Hadoop's client polls a finished job every 5 s by default: seconds of idle wait in local
      // mode (bloomkit's tools poll every 100 ms there too, common.Jobs)
      conf.setInt("mapreduce.client.completion.pollinterval", 100);
    }
    long start = System.nanoTime();
    Job job = Job.getInstance(conf, "hashset-" + mode + "join baseline");
    job.setJarByClass(HashSetJoin.class);
    job.setInputFormatClass(TextInputFormat.class);
    FileInputFormat.addInputPath(job, new Path(o.get("right")));
    job.setMapperClass(HashSetMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, new Path(o.get("output")));
    boolean ok = job.waitForCompletion(false);
    double seconds = (System.nanoTime() - start) / 1e9;
    if (!ok) {
      System.err.println("HashSetJoin: the job failed");
      return 1;
    }
    Counters c = job.getCounters();
    long loads = Math.max(1, c.findCounter(Counter.LEFT_LOADS).getValue());
    out.println(String.format(Locale.ROOT,
        "{\"mode\":\"%s\",\"seconds\":%.3f,\"leftRecords\":%d,\"rightRecords\":%d,"
            + "\"rightMatched\":%d,\"outputRecords\":%d,\"mapOutputRecords\":%d,"
            + "\"leftMalformed\":%d,\"rightMalformed\":%d,\"mapTasks\":%d}",
        mode, seconds, c.findCounter(Counter.LEFT_RECORDS).getValue() / loads,
        c.findCounter(Counter.RIGHT_RECORDS).getValue(),
        c.findCounter(Counter.RIGHT_MATCHED).getValue(),
        c.findCounter(Counter.OUTPUT_RECORDS).getValue(),
        c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(),
        c.findCounter(Counter.LEFT_MALFORMED).getValue() / loads,
        c.findCounter(Counter.RIGHT_MALFORMED).getValue(), loads));
    return 0;
  }

  private static int usage(String problem) {
    System.err.println("HashSetJoin: " + problem + "\nusage: HashSetJoin --left PATH --left-key N"
        + " --right PATH --right-key N [--delimiter C] --output DIR [--mode semi|join]");
    return 2;
  }

  /**
   * The start (inclusive) and end (exclusive) of field {@code field} in {@code b[0, len)}, packed
   * as {@code start << 32 | end}, or -1 if the line has fewer fields.
   */
  static long field(byte[] b, int len, int field, byte delimiter) {
    int start = 0;
    for (int f = 0; f < field; f++) {
      while (start < len && b[start] != delimiter) {
        start++;
      }
      if (start == len) {
        return -1;
      }
      start++;
    }
    int end = start;
    while (end < len && b[end] != delimiter) {
      end++;
    }
    return ((long) start << 32) | end;
  }

  /** The map task: the left side in a hash table, the right side streamed through it. */
  public static final class HashSetMapper extends Mapper<LongWritable, Text, Text, NullWritable> {
    /** Left key -> its left lines (join mode), or -> an empty list (semi mode). */
    private final Map<ByteBuffer, List<byte[]>> left = new HashMap<>();
    private final Text out = new Text();
    private ByteBuffer probe = ByteBuffer.wrap(new byte[0]);
    private int rightKey;
    private byte delimiter;
    private boolean join;
    private org.apache.hadoop.mapreduce.Counter rightRecords;
    private org.apache.hadoop.mapreduce.Counter rightMalformed;
    private org.apache.hadoop.mapreduce.Counter rightMatched;
    private org.apache.hadoop.mapreduce.Counter outputRecords;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      rightKey = conf.getInt(RIGHT_KEY, 0);
      delimiter = (byte) conf.get(DELIMITER).charAt(0);
      join = conf.getBoolean(JOIN, false);
      rightRecords = context.getCounter(Counter.RIGHT_RECORDS);
      rightMalformed = context.getCounter(Counter.RIGHT_MALFORMED);
      rightMatched = context.getCounter(Counter.RIGHT_MATCHED);
      outputRecords = context.getCounter(Counter.OUTPUT_RECORDS);
      int leftKey = conf.getInt(LEFT_KEY, 0);
      Path leftPath = new Path(conf.get(LEFT));
      FileSystem fs = leftPath.getFileSystem(conf);
      CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
      List<byte[]> none = List.of();
      long records = 0;
      long malformed = 0;
      for (FileStatus st : files(fs, leftPath)) {
        CompressionCodec codec = codecs.getCodec(st.getPath());
        InputStream raw = fs.open(st.getPath());
        try (BufferedReader r = new BufferedReader(new InputStreamReader(
            codec == null ? raw : codec.createInputStream(raw), StandardCharsets.UTF_8), 1 << 16)) {
          for (String line; (line = r.readLine()) != null; ) {
            records++;
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            long se = field(b, b.length, leftKey, delimiter);
            if (se < 0) {
              malformed++;
              continue;
            }
            int s = (int) (se >>> 32);
            int e = (int) se;
            byte[] key = new byte[e - s];
            System.arraycopy(b, s, key, 0, key.length);
            if (join) {
              left.computeIfAbsent(ByteBuffer.wrap(key), k -> new ArrayList<>(1)).add(b);
            } else {
              left.putIfAbsent(ByteBuffer.wrap(key), none);
            }
          }
        }
      }
      context.getCounter(Counter.LEFT_RECORDS).increment(records);
      context.getCounter(Counter.LEFT_MALFORMED).increment(malformed);
      context.getCounter(Counter.LEFT_LOADS).increment(1);
    }

    private static List<FileStatus> files(FileSystem fs, Path p) throws IOException {
      List<FileStatus> files = new ArrayList<>();
      for (FileStatus st : fs.listStatus(p)) {
        String name = st.getPath().getName();
        if (name.startsWith("_") || name.startsWith(".")) {
          continue;
        }
        if (st.isDirectory()) {
          files.addAll(files(fs, st.getPath()));
        } else {
          files.add(st);
        }
      }
      return files;
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      rightRecords.increment(1);
      byte[] b = line.getBytes();
      int len = line.getLength();
      long se = field(b, len, rightKey, delimiter);
      if (se < 0) {
        rightMalformed.increment(1);
        return;
      }
      if (probe.array() != b) {
        probe = ByteBuffer.wrap(b);
      }
      probe.limit((int) se).position((int) (se >>> 32));
      List<byte[]> matches = left.get(probe);
      if (matches == null) {
        return;
      }
      rightMatched.increment(1);
      if (!join) {
        context.write(line, NullWritable.get());
        outputRecords.increment(1);
        return;
      }
      for (byte[] l : matches) {
        out.set(l);
        out.append(TAB, 0, 1);
        out.append(b, 0, len);
        context.write(out, NullWritable.get());
      }
      outputRecords.increment(matches.size());
    }

    private static final byte[] TAB = {'\t'};
  }
}
