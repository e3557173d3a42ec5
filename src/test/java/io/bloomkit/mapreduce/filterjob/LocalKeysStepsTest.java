package io.bloomkit.mapreduce.filterjob;

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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client-side build shows its work: every {@link LocalKeys#STEP_RECORDS} records, once the step
 * time has passed (0 here: every time), a line with the records read and the distinct keys so far,
 * both recounted here from the file.
 */
class LocalKeysStepsTest {
  @TempDir Path tmp;

  @Test
  void longReadsPrintRecordsAndDistinctKeysSoFar() throws Exception {
    int n = 3 * LocalKeys.STEP_RECORDS + 100;
    List<String> keys = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < n; i++) {
      String k = "k" + (i * 7919L % 5000); // 5,000 distinct keys, met in a scrambled order
      keys.add(k);
      text.append(k).append("|payload ").append(i).append('\n');
    }
    Path dir = Files.createDirectories(tmp.resolve("in"));
    Files.write(dir.resolve("part-0"), text.toString().getBytes(StandardCharsets.UTF_8));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Progress progress = Progress.to(new PrintStream(err, true, StandardCharsets.UTF_8), false);
    TableSpec spec = TableSpec.builder(TableFormat.TEXT).delimiter('|')
        .key(List.of("0"), List.of()).projection(true).build();
    LocalKeys k = LocalKeys.read(new Configuration(), spec,
        new org.apache.hadoop.fs.Path[] {new org.apache.hadoop.fs.Path(dir.toUri())}, "input",
        false, progress, 0);
    List<String> expected = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (int r = 1; r <= n; r++) {
      if (r % LocalKeys.STEP_RECORDS == 0) { // looked at before the record's key is added
        expected.add("reading the input in the client: " + r + " records, " + seen.size()
            + " distinct keys so far");
      }
      seen.add(keys.get(r - 1));
    }
    assertEquals(3, expected.size());
    assertEquals(expected, Arrays.asList(err.toString(StandardCharsets.UTF_8).split("\n")));
    assertEquals(seen.size(), k.distinctKeys());
  }
}
