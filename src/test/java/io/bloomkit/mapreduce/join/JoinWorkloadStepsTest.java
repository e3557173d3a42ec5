package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The join's client sizes and samples each side before it plans: a long sizing shows its work,
 * once the step time has passed (0 here: after every file but the last), with the files sized and
 * the bytes so far, both recounted here from the files' lengths; a long sample, the rows read so
 * far (looked at every {@link JoinWorkload#SAMPLE_STEP_ROWS} rows).
 */
class JoinWorkloadStepsTest {
  @TempDir Path tmp;

  @Test
  void sizingManyFilesPrintsTheFilesAndBytesSoFar() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("right"));
    List<Long> lengths = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      StringBuilder text = new StringBuilder();
      for (int r = 0; r <= 10 * i; r++) {
        text.append("k").append(r).append(",payload ").append(i).append('\n');
      }
      byte[] b = text.toString().getBytes(StandardCharsets.UTF_8);
      Files.write(dir.resolve("part-" + i), b); // listed in name order
      lengths.add((long) b.length);
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress progress = Progress.to(new PrintStream(err, true, StandardCharsets.UTF_8), false);
    long bytes = JoinWorkload.sized(new Configuration(), TableFormat.TEXT,
        new org.apache.hadoop.fs.Path[] {new org.apache.hadoop.fs.Path(dir.toUri())},
        "right input", progress, 0).bytes();
    List<String> expected = new ArrayList<>();
    long sum = 0;
    for (int i = 0; i < lengths.size(); i++) {
      sum += lengths.get(i);
      if (i + 1 < lengths.size()) { // the last file ends the sizing: no line for it
        expected.add("sizing the right input in the client: " + (i + 1) + " of "
            + lengths.size() + " files, " + sum + " bytes of data so far");
      }
    }
    assertEquals(sum, bytes);
    assertEquals(expected, Arrays.asList(err.toString(StandardCharsets.UTF_8).split("\n")));
  }

  @Test
  void aLongSamplePrintsTheRowsReadSoFar() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("sampled"));
    int n = 4 * JoinWorkload.SAMPLE_STEP_ROWS + 10;
    StringBuilder text = new StringBuilder();
    for (int r = 0; r < n; r++) {
      text.append("k").append(r % 100).append(",payload ").append(r).append('\n');
    }
    Files.write(dir.resolve("part-0"), text.toString().getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress progress = Progress.to(new PrintStream(err, true, StandardCharsets.UTF_8), false);
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter(',')
        .key(List.of("0"), List.of()).projection(true).build();
    JoinWorkload.Sample s = JoinWorkload.Sample.of(new Configuration(), spec,
        new org.apache.hadoop.fs.Path[] {new org.apache.hadoop.fs.Path(dir.toUri())},
        "right input", progress, 0);
    assertEquals(n, s.rows); // a file smaller than the sample: every row
    List<String> expected = new ArrayList<>();
    for (int r = JoinWorkload.SAMPLE_STEP_ROWS; r <= n; r += JoinWorkload.SAMPLE_STEP_ROWS) {
      expected.add("sampling the right input in the client: " + r + " rows read so far");
    }
    assertEquals(4, expected.size());
    assertEquals(expected, Arrays.asList(err.toString(StandardCharsets.UTF_8).split("\n")));
  }

  @Test
  void aQuickSizingPrintsNothing() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("left"));
    Files.write(dir.resolve("part-0"), "a,1\nb,2\n".getBytes(StandardCharsets.UTF_8));
    Files.write(dir.resolve("part-1"), "c,3\n".getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress progress = Progress.to(new PrintStream(err, true, StandardCharsets.UTF_8), false);
    long bytes = JoinWorkload.sized(new Configuration(), TableFormat.TEXT,
        new org.apache.hadoop.fs.Path[] {new org.apache.hadoop.fs.Path(dir.toUri())},
        "left input", progress, JoinWorkload.STEP_NANOS).bytes();
    assertEquals(12, bytes);
    assertEquals("", err.toString(StandardCharsets.UTF_8));
  }
}
