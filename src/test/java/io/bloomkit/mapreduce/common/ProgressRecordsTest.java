package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A long phase whose percentage stands still (a Parquet split reports no progress until it is
 * read) still prints the records read so far, every {@link Progress#RECORDS_INTERVAL_MS}; a change
 * of percentages prints at most once a {@link Progress#INTERVAL_MS} as before.
 */
class ProgressRecordsTest {
  /** Polls of (time ms, map fraction, records read); the last one completes the job. */
  private static List<String> follow(long[][] polls) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = Progress.to(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
    p.started("job_1", "name", null, true);
    int[] next = {0};
    long[] now = {0};
    p.follow(() -> {
      long[] x = polls[next[0]++];
      now[0] = x[0];
      return new Progress.Sample(x[1] / 100f, 0, next[0] == polls.length,
          next[0] == polls.length, x[2]);
    }, () -> now[0], ms -> { }, 1000);
    List<String> lines = Arrays.asList(bytes.toString(StandardCharsets.UTF_8).split("\n"));
    return lines.subList(1, lines.size()); // after "started"
  }

  @Test
  void aStalledPercentageStillShowsTheRecordsReadEveryFewSeconds() throws Exception {
    long[][] polls = new long[16][];
    for (int i = 0; i < 15; i++) {
      polls[i] = new long[] {i * 1000L, 0, i * 100_000L}; // 0% for 15 s, records growing
    }
    polls[15] = new long[] {15_000, 100, 1_500_000};
    // expected from the rule: the first poll, then a line whenever 5 s have passed since the last
    // one and the count changed, then the final line
    StringBuilder expected = new StringBuilder();
    long shownAt = -1;
    for (int i = 0; i < 15; i++) {
      if (shownAt < 0 || polls[i][0] - shownAt >= Progress.RECORDS_INTERVAL_MS) {
        expected.append(String.format("job job_1 map 0%% (%,d records read)%n", polls[i][2]));
        shownAt = polls[i][0];
      }
    }
    expected.append("job job_1 map 100% (1,500,000 records read)\n");
    assertEquals(Arrays.asList(expected.toString().split("\n")), follow(polls));
  }

  @Test
  void percentagesStillChangeAtMostOnceASecond() throws Exception {
    long[][] polls = {
      {0, 0, 0}, {300, 10, 10}, {600, 20, 20}, {1000, 30, 30}, {1500, 30, 40}, {2000, 100, 50}
    };
    assertEquals(List.of("job job_1 map 0% (0 records read)", "job job_1 map 30% (30 records read)",
        "job job_1 map 100% (50 records read)"), follow(polls));
  }
}
