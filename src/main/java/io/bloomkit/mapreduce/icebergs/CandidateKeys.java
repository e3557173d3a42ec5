package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.common.CacheFiles;
import io.bloomkit.mapreduce.config.CacheLinks;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The candidate keys a verify / evaluate task checks: the keys of the shipped {@code
 * key<TAB>value} lines (the key is everything before the last separator, tab or {@code
 * --output-delimiter}, so keys joined with a tab delimiter survive). Held in memory: the candidates are few (the icebergs plus the errors).
 */
final class CandidateKeys {
  private CandidateKeys() {}

  static Set<Text> load(JobContext context) throws IOException {
    Set<Text> keys = new HashSet<>();
    String separator = context.getConfiguration().get(TextOutputFormat.SEPARATOR, "\t");
    for (CacheFiles.Shipped f : CacheFiles.list(context, CacheLinks.CANDIDATES_PREFIX)) {
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(f.open(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          int tab = line.lastIndexOf(separator);
          if (tab < 0) {
            throw new IOException("not a key<TAB>value line in candidates file " + f.name + ": " + line);
          }
          keys.add(new Text(line.substring(0, tab)));
        }
      }
    }
    return keys;
  }
}
