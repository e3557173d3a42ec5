package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableInputFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The one way every tool reads its text inputs. An input is a comma-separated list of files,
 * directories and globs ({@link #split}: commas inside braces belong to a glob such as {@code
 * in/{a,b}}). It stands for the files that {@link
 * org.apache.hadoop.mapreduce.lib.input.TextInputFormat} lists with recursion on ({@link
 * #RECURSIVE}): each glob match, and under a directory every file at any depth; a name
 * starting with {@code .} or {@code _} is skipped at every level (Hadoop's hidden-file rule:
 * {@code _SUCCESS}, {@code _logs}, {@code .crc}). Files are decompressed by the codec of their
 * name ({@link CompressionCodecFactory}: {@code .gz}, {@code .bz2}, {@code .deflate}, ...).
 *
 * <p>MapReduce jobs get the rule through {@link #configure} or {@link SideInputs}; client-side
 * readers ({@code update}) and the file ranks of {@code dedup} use {@link #list} and {@link #open},
 * which ask the same input format, so every tool reads the same files and bytes.
 */
public final class Inputs {
  /** Hadoop's switch that makes {@link FileInputFormat} descend into sub-directories. */
  public static final String RECURSIVE = FileInputFormat.INPUT_DIR_RECURSIVE;

  private Inputs() {}

  /**
   * The entries of a comma-separated list; a comma inside braces ({@code {a,b}}) is part of its
   * glob. Entries are trimmed and empty ones dropped.
   *
   * @throws IllegalArgumentException for unbalanced braces
   */
  public static List<String> split(String csv) {
    List<String> out = new ArrayList<>();
    StringBuilder cur = new StringBuilder();
    int depth = 0;
    for (int i = 0; i < csv.length(); i++) {
      char c = csv.charAt(i);
      if (c == '\\' && i + 1 < csv.length()) {
        cur.append(c).append(csv.charAt(++i)); // an escaped character of the glob
        continue;
      }
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (--depth < 0) {
          throw new IllegalArgumentException("unbalanced '}' in \"" + csv + "\"");
        }
      } else if (c == ',' && depth == 0) {
        add(out, cur);
        continue;
      }
      cur.append(c);
    }
    if (depth != 0) {
      throw new IllegalArgumentException("unbalanced '{' in \"" + csv + "\"");
    }
    add(out, cur);
    return out;
  }

  private static void add(List<String> out, StringBuilder cur) {
    String s = cur.toString().trim();
    if (!s.isEmpty()) {
      out.add(s);
    }
    cur.setLength(0);
  }

  /** Whether a file or directory name is hidden from the inputs ({@code .x}, {@code _x}). */
  public static boolean hidden(String name) {
    return name.startsWith(".") || name.startsWith("_");
  }

  /**
   * Sets {@link TableInputFormat} reading {@code inputs} by {@code spec} (stored under {@link
   * BloomkitConfig#INPUT_SPEC}), with recursion on, on a job that reads one input.
   */
  public static void configure(Job job, TableSpec spec, Path... inputs) throws IOException {
    job.setInputFormatClass(TableInputFormat.class);
    spec.store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    FileInputFormat.setInputPaths(job, inputs);
    job.getConfiguration().setBoolean(RECURSIVE, true);
  }

  /**
   * The paths of one side of a join ({@link SideInputs}): each glob expanded here to its matches
   * (hidden names skipped, as {@link FileInputFormat} does); directories stay directories. Any
   * name is fine (a comma or a semicolon too: {@link #pathList} escapes them).
   *
   * @throws IllegalArgumentException for a path that matches nothing
   */
  public static Path[] expand(Configuration conf, Path... inputs) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path p : inputs) {
      FileStatus[] matches = p.getFileSystem(conf).globStatus(p, f -> !hidden(f.getName()));
      if (matches == null || matches.length == 0) {
        throw new IllegalArgumentException("input path does not exist: " + p);
      }
      for (FileStatus st : matches) {
        out.add(st.getPath());
      }
    }
    return out.toArray(new Path[0]);
  }

  /**
   * {@code paths} as one string, qualified, comma-separated and escaped as {@link
   * FileInputFormat#setInputPaths} writes {@link FileInputFormat#INPUT_DIR} (a comma in a name is
   * escaped); {@link #pathsOf} reads it back.
   */
  public static String pathList(Configuration conf, Path... paths) throws IOException {
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, paths);
    return job.getConfiguration().get(FileInputFormat.INPUT_DIR);
  }

  /** The paths of a {@link #pathList} string, as {@link FileInputFormat#getInputPaths} reads. */
  public static Path[] pathsOf(Configuration conf, String list) throws IOException {
    Job job = Job.getInstance(conf);
    job.getConfiguration().set(FileInputFormat.INPUT_DIR, list);
    return FileInputFormat.getInputPaths(job);
  }

  /** Exposes the input format's own listing. */
  private static final class Lister extends TableInputFormat {
    List<FileStatus> files(JobContext job) throws IOException {
      return listStatus(job);
    }
  }

  /**
   * The files a job reading {@code inputs} reads, as {@link #configure} sets it up, sorted by path
   * (UTF-8 bytes, as {@link Text} compares).
   */
  public static List<FileStatus> list(Configuration conf, Path... inputs) throws IOException {
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, inputs);
    job.getConfiguration().setBoolean(RECURSIVE, true);
    return list(job);
  }

  /** The files the job's configured inputs stand for, sorted by path. */
  public static List<FileStatus> list(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>(new Lister().files(job));
    files.sort((a, b) -> new Text(a.getPath().toString()).compareTo(new Text(b.getPath().toString())));
    return files;
  }

  /** Total bytes (as stored, compressed or not) of the files the inputs stand for. */
  public static long bytes(Configuration conf, Path... inputs) throws IOException {
    long n = 0;
    for (FileStatus st : list(conf, inputs)) {
      n += st.getLen();
    }
    return n;
  }

  /** Opens a listed file, decompressed by the codec its name calls for (if any). */
  public static InputStream open(Configuration conf, Path file) throws IOException {
    FileSystem fs = file.getFileSystem(conf);
    InputStream raw = fs.open(file);
    CompressionCodec codec = new CompressionCodecFactory(conf).getCodec(file);
    if (codec == null) {
      return raw;
    }
    Decompressor d = CodecPool.getDecompressor(codec);
    try {
      InputStream in = codec.createInputStream(raw, d);
      return new java.io.FilterInputStream(in) {
        private boolean closed;

        @Override
        public void close() throws IOException {
          if (closed) {
            return;
          }
          closed = true;
          try {
            super.close();
          } finally {
            CodecPool.returnDecompressor(d);
          }
        }
      };
    } catch (IOException | RuntimeException e) {
      CodecPool.returnDecompressor(d);
      raw.close();
      throw e;
    }
  }
}
