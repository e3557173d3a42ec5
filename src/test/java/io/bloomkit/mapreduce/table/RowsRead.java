package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;

/** Test helpers for the text-like readers: rows read through {@link Tables#read}, files written. */
final class RowsRead {
  private RowsRead() {}

  /** One row as read, copied (the reader reuses its row object). */
  static final class Read {
    final String file;
    final long position;
    final String problem;
    final List<Object> values;
    final String line;

    Read(String file, long position, String problem, List<Object> values, String line) {
      this.file = file;
      this.position = position;
      this.problem = problem;
      this.values = values;
      this.line = line;
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Read)) {
        return false;
      }
      Read r = (Read) o;
      return position == r.position && file.equals(r.file) && Objects.equals(problem, r.problem)
          && deepEquals(values, r.values) && line.equals(r.line);
    }

    @Override
    public int hashCode() {
      return Objects.hash(file, position, problem, line);
    }

    @Override
    public String toString() {
      return file + "@" + position + " " + (problem != null ? "[" + problem + "] " : "")
          + values + " | " + line;
    }
  }

  private static boolean deepEquals(List<Object> a, List<Object> b) {
    if (a == null || b == null) {
      return a == b;
    }
    return Arrays.deepEquals(a.toArray(), b.toArray());
  }

  static Configuration localConf() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    return conf;
  }

  /** Every row of {@code inputs}, in the order {@link Tables#read} gives them. */
  static List<Read> read(Configuration conf, TableSpec spec, Path... inputs) throws IOException {
    List<Read> out = new ArrayList<>();
    int slots = spec.fields().size();
    Tables.read(conf, spec, (file, position, row) -> {
      List<Object> values = null;
      if (row.problem() == null) {
        values = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
          values.add(row.value(i));
        }
      }
      out.add(new Read(file.getName(), position, row.problem(), values, row.line().toString()));
    }, inputs);
    return out;
  }

  /** How many splits the job's input format makes of {@code inputs}. */
  static int splits(Configuration conf, TableSpec spec, Path... inputs) throws IOException {
    org.apache.hadoop.mapreduce.Job job = org.apache.hadoop.mapreduce.Job.getInstance(conf);
    spec.store(job.getConfiguration(), io.bloomkit.mapreduce.config.BloomkitConfig.INPUT_SPEC);
    TableInputFormat.setInputPaths(job, inputs);
    return new TableInputFormat().getSplits(job).size();
  }

  /** The values of the rows without problems. */
  static List<List<Object>> values(List<Read> rows) {
    List<List<Object>> out = new ArrayList<>();
    for (Read r : rows) {
      if (r.problem == null) {
        out.add(r.values);
      }
    }
    return out;
  }

  /** Writes {@code text} (UTF-8) to {@code file}, through {@code codec}'s own stream unless null. */
  static Path write(Configuration conf, Path file, String text, CompressionCodec codec)
      throws IOException {
    return write(conf, file, text.getBytes(StandardCharsets.UTF_8), codec);
  }

  static Path write(Configuration conf, Path file, byte[] bytes, CompressionCodec codec)
      throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    try (OutputStream raw = fs.create(file, true);
        OutputStream out = codec == null ? raw : codec.createOutputStream(raw)) {
      out.write(bytes);
    }
    return file;
  }

  /** Hadoop's codec named {@code name} ({@code gzip}, {@code bzip2}, {@code deflate}). */
  static CompressionCodec codec(Configuration conf, String name) {
    CompressionCodec c = new CompressionCodecFactory(conf).getCodecByName(name);
    if (c == null) {
      throw new IllegalArgumentException("no codec " + name);
    }
    return c;
  }
}
