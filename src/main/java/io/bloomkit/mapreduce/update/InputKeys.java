package io.bloomkit.mapreduce.update;

import io.bloomkit.mapreduce.KeyExtractor;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.LineReader;

/** The distinct keys of text inputs, read on the client. */
final class InputKeys {
  private InputKeys() {}

  /**
   * The distinct well-formed keys of the files the paths stand for, in input order, read as every
   * tool reads its inputs ({@link Inputs}: sub-directories, hidden names skipped, decompressed by
   * codec); records and malformed ones are counted in {@code tally}.
   */
  static Set<String> distinct(Configuration conf, Path[] paths, KeyExtractor keys,
      MalformedRecords.Tally tally) throws IOException {
    Set<String> out = new LinkedHashSet<>(); // input order: "the first" is the first in the input
    if (paths.length == 0) {
      return out;
    }
    Text line = new Text();
    for (FileStatus st : Inputs.list(conf, paths)) {
      try (InputStream s = Inputs.open(conf, st.getPath())) {
        LineReader r = new LineReader(s, 1 << 16);
        long offset = 0;
        for (int n = r.readLine(line); n > 0; offset += n, n = r.readLine(line)) {
          tally.records++;
          if (keys.extract(line)) {
            out.add(keys.keyString());
          } else {
            tally.note(
                new MalformedRecords.Sample(st.getPath().toString(), offset, keys.problem(),
                    line.getBytes(), line.getLength()));
          }
        }
      }
    }
    return out;
  }
}
