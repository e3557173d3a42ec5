package io.bloomkit.mapreduce.table;

import java.io.File;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;

/**
 * A tool's output directory read back for tests: its {@code part-*} files, and their records as a
 * multiset of text lines read with bloomkit's own readers ({@link Tables#read}: a record's fields
 * joined by tab, null as {@code \N}; a SequenceFile's Text values as they are).
 */
public final class OutputFiles {
  private OutputFiles() {}

  /** The {@code part-*} files of a local directory, sorted; fails when there is none. */
  public static Path[] parts(File dir) {
    File[] files = dir.listFiles((d, n) -> n.startsWith("part-"));
    if (files == null || files.length == 0) {
      throw new AssertionError(dir + " holds no part file: " + Arrays.toString(dir.list()));
    }
    Arrays.sort(files);
    Path[] out = new Path[files.length];
    for (int i = 0; i < files.length; i++) {
      out[i] = new Path(files[i].getPath());
    }
    return out;
  }

  /** The non-empty lines of {@code dir}'s {@code part-*} files read as UTF-8 text, file by file. */
  public static List<String> textLines(File dir) throws IOException {
    List<String> out = new java.util.ArrayList<>();
    for (File f : dir.listFiles((d, n) -> n.startsWith("part-"))) {
      for (String s : java.nio.file.Files.readAllLines(f.toPath(),
          java.nio.charset.StandardCharsets.UTF_8)) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /** The records of {@code dir}'s part files of {@code format} as lines, {@code key} a column. */
  public static Map<String, Integer> lines(Configuration conf, File dir, TableFormat format,
      String key) throws IOException {
    Map<String, Integer> lines = new TreeMap<>();
    if (format == TableFormat.SEQFILE) {
      for (Path p : parts(dir)) {
        try (SequenceFile.Reader r = new SequenceFile.Reader(conf, SequenceFile.Reader.file(p))) {
          Text v = new Text();
          while (r.next(NullWritable.get(), v)) {
            lines.merge(v.toString(), 1, Integer::sum);
          }
        }
      }
      return lines;
    }
    TableSpec spec = TableSpec.builder(format)
        .key(List.of(key), Collections.emptyList()).build();
    Tables.read(conf, spec, (file, position, row) -> lines.merge(row.line().toString(), 1,
        Integer::sum), parts(dir));
    return lines;
  }
}
