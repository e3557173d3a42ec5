package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.Tables;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The job's input files in path order (UTF-8 bytes, as {@link Text} compares), so that a record's
 * position in dedup's global order (time, path, position) can travel as the file's rank: 4 bytes
 * per record instead of the path. The client lists the files exactly as the job's input format
 * ({@code TableInputFormat}) will ({@link Tables#list}: globs, hidden files, sub-directories, with
 * recursion as every job reads), writes them to a file in
 * the job's work directory and names it in {@link BloomkitConfig#DEDUP_INPUT_FILES}; each map task
 * reads it once and looks up the file of the records in hand (a combined split reads several).
 */
final class InputFiles {
  private InputFiles() {}

  /** Lists the job's input files, writes them sorted to {@code list} and sets the job's key. */
  static int write(Job job, Path list) throws IOException {
    List<Text> paths = new ArrayList<>();
    for (FileStatus st :
        Tables.list(job.getConfiguration(), FileInputFormat.getInputPaths(job))) {
      paths.add(new Text(st.getPath().toString()));
    }
    paths.sort(Text::compareTo);
    FileSystem fs = list.getFileSystem(job.getConfiguration());
    try (OutputStream out = fs.create(list, false)) {
      for (Text p : paths) {
        out.write(p.getBytes(), 0, p.getLength());
        out.write('\n');
      }
    }
    BloomkitConfig.DEDUP_INPUT_FILES.set(job.getConfiguration(), fs.makeQualified(list));
    return paths.size();
  }

  /**
   * The rank of {@code file} among the listed input files; 0 when no list is configured (a job
   * with a single input file, or a unit test of one task).
   *
   * @throws IOException if the list does not hold the file
   */
  static int rank(Configuration conf, String file) throws IOException {
    return ranks(conf).of(file);
  }

  /** The ranks of the listed input files, read once (a task of many small files asks often). */
  static Ranks ranks(Configuration conf) throws IOException {
    String list = BloomkitConfig.DEDUP_INPUT_FILES.get(conf);
    Map<String, Integer> ranks = new HashMap<>();
    if (list.isEmpty()) {
      return new Ranks(null, ranks);
    }
    Path p = new Path(list);
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(p.getFileSystem(conf).open(p), StandardCharsets.UTF_8))) {
      int rank = 0;
      for (String line = in.readLine(); line != null; line = in.readLine(), rank++) {
        ranks.putIfAbsent(line, rank);
      }
    }
    return new Ranks(list, ranks);
  }

  /** The input files' ranks ({@link #ranks}). */
  static final class Ranks {
    private final String list;
    private final Map<String, Integer> ranks;

    private Ranks(String list, Map<String, Integer> ranks) {
      this.list = list;
      this.ranks = ranks;
    }

    /**
     * The rank of {@code file}; 0 when no list is configured.
     *
     * @throws IOException if the list does not hold the file
     */
    int of(String file) throws IOException {
      if (list == null) {
        return 0;
      }
      Integer rank = ranks.get(file);
      if (rank == null) {
        throw new IOException(
            "input file " + file + " is not in the job's list of input files " + list);
      }
      return rank;
    }
  }
}
