package io.bloomkit.mapreduce.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Tables#sample} of text files, which split at any byte: short runs from a position drawn in
 * each of {@link SampleRuns#CHUNKS} slices of the bytes, so a sample of files sorted by key
 * covers the whole key range (the first rows of evenly spaced splits covered only the starts of
 * the splits: here, one split per file, the first keys of each file). Checked against the files'
 * own lines: every sampled row is a line of the files, and the sampled keys' distribution matches
 * the lines' (the largest gap between their cumulative shares is at most two slices' worth).
 */
public class SpreadSampleTest {
  @TempDir public File tmp;

  @Test
  public void aSampleOfSortedFilesCoversTheirKeyRange() throws IOException {
    File dir = new File(tmp, "in");
    dir.mkdirs();
    int files = 3;
    int perFile = 40_000;
    for (int f = 0; f < files; f++) {
      try (BufferedWriter w = Files.newBufferedWriter(new File(dir, "part-" + f).toPath(),
          StandardCharsets.UTF_8)) {
        for (int i = 0; i < perFile; i++) {
          long key = (long) f * perFile + i;
          // lines of one length: a share of the bytes is the same share of the keys
          w.write(String.format("%07d\tvalue of %07d\n", key, key));
        }
      }
    }
    Configuration conf = ToolRun.localConf();
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).key(List.of("0"), List.of()).build();
    List<Long> sampled = new ArrayList<>();
    Tables.sample(conf, spec, (file, position, row) -> {
      long key = Long.parseLong(row.value(0).toString());
      assertEquals(String.format("value of %07d", key), row.line().toString().split("\t")[1]);
      sampled.add(key);
    }, 6_400, 20, new Path(dir.toURI()));
    assertTrue(sampled.size() >= 6_000 && sampled.size() <= 6_400 + SampleRuns.CHUNKS + 1, "rows " + sampled.size());
    Collections.sort(sampled);
    long total = (long) files * perFile;
    double gap = 0;
    for (int i = 0; i < sampled.size(); i++) {
      double keyShare = (sampled.get(i) + 1) / (double) total;
      gap = Math.max(gap, Math.abs(keyShare - (i + 1) / (double) sampled.size()));
    }
    assertTrue(gap <= 2.0 / SampleRuns.CHUNKS, "largest gap " + gap);
    // the same sample each run
    List<Long> again = new ArrayList<>();
    Tables.sample(conf, spec, (file, position, row) ->
        again.add(Long.parseLong(row.value(0).toString())), 6_400, 20, new Path(dir.toURI()));
    Collections.sort(again);
    assertEquals(sampled, again);
  }
}
