package io.bloomkit.mapreduce.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The progress printer driven by fake jobs: a sequence of polls (time, map fraction, reduce
 * fraction; the last one complete) on a fake clock, against the lines the once-a-second rule gives.
 */
public class ProgressTest {
  private static final String ID = "job_1700000000000_0007";
  private static final String P = "job " + ID + " ";

  /** One poll of a fake job: the clock's time then, and the fractions. */
  private static final class Poll {
    final long t;
    final float map;
    final float reduce;

    Poll(long t, float map, float reduce) {
      this.t = t;
      this.map = map;
      this.reduce = reduce;
    }
  }

  /** Runs {@code progress} over the polls (the last one complete); returns what it printed. */
  private static String follow(boolean terminal, boolean mapOnly, String url, List<Poll> polls)
      throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = Progress.to(new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal);
    follow(p, mapOnly, url, polls);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  private static void follow(Progress p, boolean mapOnly, String url, List<Poll> polls)
      throws Exception {
    p.started(ID, "bloomkit build acbf -> file:/out/f.bf", url, mapOnly);
    int[] next = {0};
    long[] now = {0};
    List<Long> sleeps = new ArrayList<>();
    p.follow(
        () -> {
          Poll x = polls.get(next[0]++);
          now[0] = x.t;
          return new Progress.Sample(x.map, x.reduce, next[0] == polls.size());
        },
        () -> now[0],
        sleeps::add,
        250);
    assertEquals(polls.size(), next[0]); // polled until complete, and no further
    assertEquals(polls.size() - 1, sleeps.size()); // slept between polls only
  }

  private static List<Poll> polls(double... tmr) {
    List<Poll> l = new ArrayList<>();
    for (int i = 0; i < tmr.length; i += 3) {
      l.add(new Poll((long) tmr[i], (float) tmr[i + 1], (float) tmr[i + 2]));
    }
    return l;
  }

  /** A job whose percentages change faster than once a second, then stall, then finish. */
  private static final List<Poll> SAMPLE =
      polls(
          0, 0, 0, //
          400, 0.10, 0, // changed, but within a second of the last line
          1000, 0.20, 0, // a second later: shown
          1500, 0.20, 0, // unchanged
          2600, 0.50, 0,
          2700, 1, 0.30, // too soon
          2800, 1, 1); // complete: the final percentages are shown anyway

  @Test
  public void plainLinesAtMostOnceASecondAndTheFinalOne() throws Exception {
    assertEquals(
        P + "started: bloomkit build acbf -> file:/out/f.bf\n"
            + P + "map 0% reduce 0%\n"
            + P + "map 20% reduce 0%\n"
            + P + "map 50% reduce 0%\n"
            + P + "map 100% reduce 100%\n",
        follow(false, false, null, SAMPLE));
  }

  @Test
  public void onATerminalOneLineRewrittenAndEndedWithANewline() throws Exception {
    assertEquals(
        P + "started: bloomkit build acbf -> file:/out/f.bf\n"
            + "\r" + P + "map 0% reduce 0%"
            + "\r" + P + "map 20% reduce 0%"
            + "\r" + P + "map 50% reduce 0%"
            + "\r" + P + "map 100% reduce 100%"
            + "\n",
        follow(true, false, null, SAMPLE));
  }

  @Test
  public void theMeasuredBackwardsRunIsMonotoneAnd100OnlyWhenAPhaseIsDone() throws Exception {
    // what the local job runner reported for a join (issue 27): map 0 100 50 83 100, then
    // reduce 100 50 100; a second apart, so every change would be printed
    String out = follow(false, false, null, polls(
        0, 0, 0,
        1000, 1, 0, // one map task of several done: not yet 100%
        2000, 0.5, 0, // the next task started: not down
        3000, 0.83, 0,
        4000, 1, 0,
        5000, 1, 1, // the reduce phase has begun: the maps are done; one reduce task of several
        6000, 1, 0.5,
        7000, 1, 1)); // complete
    assertEquals(
        P + "started: bloomkit build acbf -> file:/out/f.bf\n"
            + P + "map 0% reduce 0%\n"
            + P + "map 99% reduce 0%\n"
            + P + "map 100% reduce 99%\n"
            + P + "map 100% reduce 100%\n",
        out);
  }

  @Test
  public void manySmallTasksDoNotFlipBetween0And100() throws Exception {
    List<Poll> flips = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      flips.add(new Poll(i * 1000L, i % 2, 0)); // each task: 0% when started, 100% when done
    }
    flips.add(new Poll(20_000, 1, 0));
    assertEquals(
        P + "started: bloomkit build acbf -> file:/out/f.bf\n"
            + P + "map 0%\n"
            + P + "map 99%\n"
            + P + "map 100%\n",
        follow(false, true, null, flips));
  }

  @Test
  public void aFailedJobIsNotShownDone() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = Progress.to(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
    p.started(ID, "bloomkit join", null, false);
    int[] n = {0};
    p.follow(
        () -> n[0]++ == 0
            ? new Progress.Sample(1, 0, false)
            : new Progress.Sample(1, 0.4f, true, false),
        () -> 1000L * n[0],
        ms -> {},
        1);
    assertEquals(
        P + "started: bloomkit join\n" + P + "map 99% reduce 0%\n" + P + "map 100% reduce 40%\n",
        bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  public void shownIsTheRunningMaximumBelow1UntilDone() {
    Random rnd = new Random(27);
    for (int run = 0; run < 1000; run++) {
      float before = 0;
      float max = 0;
      for (int i = 0; i < 30; i++) {
        float reading = rnd.nextInt(5) == 0 ? 1f : rnd.nextFloat();
        float got = Progress.shown(before, reading, false);
        max = Math.max(max, reading);
        assertTrue(got >= before);
        assertTrue(got < 1);
        assertEquals(Math.min(max, Math.nextDown(1f)), got, 0f);
        before = got;
      }
      assertEquals(1f, Progress.shown(before, rnd.nextFloat(), true), 0f);
    }
  }

  @Test
  public void theTrackingUrlWhenGivenAndMapOnlyJobsWithoutReduce() throws Exception {
    assertEquals(
        P + "started: bloomkit build acbf -> file:/out/f.bf\n"
            + P + "tracking URL: http://rm:8088/proxy/application_1700000000000_0007/\n"
            + P + "map 0%\n"
            + P + "map 20%\n"
            + P + "map 50%\n"
            + P + "map 100%\n",
        follow(false, true, "http://rm:8088/proxy/application_1700000000000_0007/", SAMPLE));
  }

  @Test
  public void randomJobsMatchTheOnceASecondRule() throws Exception {
    Random rnd = new Random(13);
    for (int run = 0; run < 200; run++) {
      boolean mapOnly = rnd.nextInt(4) == 0;
      // the fractions in thousandths, so the expected whole percents are k / 10 exactly
      List<Poll> polls = new ArrayList<>();
      List<String> percents = new ArrayList<>();
      long t = rnd.nextInt(5000);
      int map = 0;
      int reduce = 0;
      int n = 1 + rnd.nextInt(60);
      for (int i = 0; i <= n; i++) {
        if (i == n) { // complete
          map = 1000;
          reduce = 1000;
        }
        polls.add(new Poll(t, map / 1000f, reduce / 1000f));
        // 100% only when the phase is done: the job complete, or (maps) the reduces begun
        boolean complete = i == n;
        int mapPct = complete || (!mapOnly && map == 1000 && reduce > 0) ? 100
            : Math.min(99, map / 10);
        int reducePct = complete ? 100 : Math.min(99, reduce / 10);
        percents.add("map " + mapPct + "%" + (mapOnly ? "" : " reduce " + reducePct + "%"));
        t += 1 + rnd.nextInt(rnd.nextBoolean() ? 400 : 2500);
        if (rnd.nextInt(3) > 0) {
          map = Math.min(1000, map + rnd.nextInt(200));
          reduce = map < 1000 ? 0 : Math.min(1000, reduce + rnd.nextInt(300));
        }
      }

      // the reference: a line when the percents differ from the last line and a second has passed
      // since it (the first at once); the final ones in any case
      List<String> lines = new ArrayList<>();
      String last = null;
      long lastAt = 0;
      for (int i = 0; i < polls.size(); i++) {
        String cur = percents.get(i);
        if (!cur.equals(last) && (last == null || polls.get(i).t - lastAt >= 1000)) {
          lines.add(cur);
          last = cur;
          lastAt = polls.get(i).t;
        }
      }
      String end = percents.get(percents.size() - 1);
      if (!end.equals(last)) {
        lines.add(end);
      }
      StringBuilder plain = new StringBuilder(P + "started: bloomkit build acbf -> file:/out/f.bf\n");
      StringBuilder term = new StringBuilder(plain);
      int width = 0;
      for (String l : lines) {
        plain.append(P).append(l).append('\n');
        term.append('\r').append(P).append(l);
        for (int i = (P + l).length(); i < width; i++) {
          term.append(' ');
        }
        width = (P + l).length();
      }
      term.append('\n');
      assertEquals(plain.toString(), follow(false, mapOnly, null, polls), "run " + run);
      assertEquals(term.toString(), follow(true, mapOnly, null, polls), "run " + run);
    }
  }

  @Test
  public void quietPrintsNothingButStillWaitsForTheEnd() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    PrintStream saved = System.err;
    System.setErr(err); // nothing may go to the process's stderr either
    try {
      follow(Progress.quiet(), false, "http://rm:8088/", SAMPLE);
    } finally {
      System.setErr(saved);
    }
    assertEquals("", bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  public void aFailedPollStillEndsTheTerminalLine() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Progress p = Progress.to(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
    p.started(ID, "bloomkit join", null, false);
    int[] polls = {0};
    try {
      p.follow(
          () -> {
            if (polls[0]++ == 0) {
              return new Progress.Sample(0.25f, 0, false);
            }
            throw new IOException("connection refused");
          },
          () -> 0L,
          ms -> {},
          1);
      fail();
    } catch (IOException expected) {
      // the tool reports it, on a line of its own
    }
    assertEquals(
        P + "started: bloomkit join\n\r" + P + "map 25% reduce 0%\n",
        bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  public void wholePercentsRoundedDown() {
    assertEquals("45%", Progress.percent(0.45f)); // 0.44999998... as a float
    assertEquals("0%", Progress.percent(0.0099f));
    assertEquals("99%", Progress.percent(0.99999f));
    assertEquals("99%", Progress.percent(Math.nextDown(1f)));
    assertEquals("100%", Progress.percent(1f));
    assertEquals("0%", Progress.percent(-0.5f));
    assertEquals("0%", Progress.percent(Float.NaN));
  }

  @Test
  public void theOutermostScopeWins() {
    Progress outer = Progress.to(System.err, false);
    Progress inner = Progress.quiet();
    try (Progress.Scope a = Progress.report(outer)) {
      assertSame(outer, Progress.current());
      try (Progress.Scope b = Progress.report(inner)) {
        assertSame(outer, Progress.current()); // a tool run by another tool (demo)
      }
      assertSame(outer, Progress.current());
    }
    assertTrue(Progress.current() != outer);
  }
}
