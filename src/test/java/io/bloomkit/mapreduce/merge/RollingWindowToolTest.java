package io.bloomkit.mapreduce.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.acbf.AccurateCountingBloomFilter;
import io.bloomkit.core.CountingFilter;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.registry.Filters;
import java.io.File;
import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rolling window end to end through the tools, as the Oozie coordinator of {@code
 * conf/oozie/rolling-window} runs it: {@code build} of each day's input (local mode, one shape for
 * every day: {@code --items}, {@code --capacity} and {@code --bits-per-key} given), {@code merge}
 * of days 1..7, {@code subtract} of day 1 and {@code merge} of day 8; each window checked against
 * {@code build} of the window's inputs at that shape, the naive per-day count and the families'
 * own merge of the daily filters. Ten local build jobs of a few hundred lines each.
 */
public class RollingWindowToolTest {
  @TempDir public File tmp;

  private static final String[] SHAPE = {
    "--filter", "acbf", "--items", "300", "--capacity", "700", "--bits-per-key", "24"};

  private final RollingWindowTest.Days days = new RollingWindowTest.Days(7, 150, 12);

  private String path(String name) {
    return new File(tmp, name).getPath();
  }

  /** Day {@code d}'s input: its keys, each on one line, some twice (a day counts a key once). */
  private String input(int d) throws Exception {
    File f = new File(tmp, "in/day" + d + ".txt");
    f.getParentFile().mkdirs();
    List<String> lines = new ArrayList<>();
    int i = 0;
    for (String k : days.keys.get(d - 1)) {
      lines.add(k);
      if (i++ % 5 == 0) {
        lines.add(k);
      }
    }
    Files.write(f.toPath(), lines, StandardCharsets.UTF_8);
    return f.getPath();
  }

  private void run(ToolRun r) {
    assertEquals(0, r.code, r.toString());
  }

  private String build(String name, String inputs) {
    List<String> args = new ArrayList<>(List.of("--input", inputs, "--output", path(name)));
    args.addAll(List.of(SHAPE));
    run(ToolRun.run(new BuildTool(), args.toArray(new String[0])));
    return path(name);
  }

  private static AccurateCountingBloomFilter read(String path) throws Exception {
    try (InputStream in = new FileInputStream(path)) {
      return (AccurateCountingBloomFilter) Filters.read(in);
    }
  }

  private static String days(int from, int to) {
    return IntStream.rangeClosed(from, to).mapToObj(d -> "day" + d).collect(Collectors.joining(","));
  }

  @Test
  public void buildMergeSubtractMergeEqualsTheWindowsBuild() throws Exception {
    String[] in = new String[RollingWindowTest.DAYS + 1];
    String[] day = new String[RollingWindowTest.DAYS + 1];
    for (int d = 1; d <= RollingWindowTest.DAYS; d++) {
      in[d] = input(d);
      day[d] = build("day" + d + ".acbf", in[d]);
    }
    List<String> merge = new ArrayList<>(List.of("--output", path("window-1-7.acbf")));
    for (int d = 1; d <= 7; d++) {
      merge.add(day[d]);
    }
    run(ToolRun.run(new MergeTool(), merge.toArray(new String[0])));
    run(ToolRun.run(new SubtractTool(), "--output", path("window-2-7.acbf"),
        path("window-1-7.acbf"), day[1]));
    run(ToolRun.run(new MergeTool(), "--output", path("window-2-8.acbf"),
        path("window-2-7.acbf"), day[8]));

    check(1, 7, read(path("window-1-7.acbf")), build("built-1-7.acbf", in(in, 1, 7)), day);
    AccurateCountingBloomFilter moved = read(path("window-2-8.acbf"));
    AccurateCountingBloomFilter later = check(2, 8, moved, build("built-2-8.acbf", in(in, 2, 8)), day);
    int gone = 0;
    for (String key : days.dayOneOnly) {
      if (!later.mightContain(key)) {
        assertEquals(0, moved.count(key), key + " (day 1 only) is gone");
        assertFalse(moved.mightContain(key), key + " (day 1 only) is gone");
        gone++;
      }
    }
    assertTrue(gone >= days.dayOneOnly.size() - 1 && gone >= 10,
        "day-1-only keys gone: " + gone + " of " + days.dayOneOnly.size());
  }

  private static String in(String[] in, int from, int to) {
    return String.join(",", java.util.Arrays.copyOfRange(in, from, to + 1));
  }

  /**
   * The window of days {@code [from, to]} made by the tools: counter-identical to the families'
   * merge of the daily files, counts as the naive per-day count, and every query answered as the
   * build of the window's inputs (whose counters are 1 per distinct key, so only the first level
   * is the same); returns that build.
   */
  private AccurateCountingBloomFilter check(int from, int to, AccurateCountingBloomFilter window,
      String builtPath, String[] day) throws Exception {
    String what = days(from, to);
    CountingFilter merged = read(day[from]);
    for (int d = from + 1; d <= to; d++) {
      merged.merge(read(day[d]));
    }
    assertEquals(merged, window, what);
    long m = window.shape().positions();
    RollingWindowTest.checkCounts(what, days, from, to, window,
        RollingWindowTest.naive(days, from, to, m, window.numHashes()));
    AccurateCountingBloomFilter built = read(builtPath);
    assertEquals(days.union(from, to).size(), built.items());
    for (long p = 0; p < m; p++) {
      assertEquals(built.counter(p) > 0, window.counter(p) > 0, what + " position " + p);
    }
    Set<String> held = days.union(from, to);
    for (String key : days.probes()) {
      assertEquals(built.mightContain(key), window.mightContain(key), what + " " + key);
      if (held.contains(key)) {
        assertTrue(window.mightContain(key));
      }
    }
    return built;
  }
}
