package io.bloomkit.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class ClickLogGeneratorTest {
  private static List<String[]> lines(byte[] bytes) {
    List<String[]> out = new ArrayList<>();
    for (String l : new String(bytes, StandardCharsets.US_ASCII).split("\n")) {
      out.add(l.split(",", -1));
    }
    return out;
  }

  private static MemorySink write(ClickLogGenerator g, int parts) throws IOException {
    MemorySink sink = new MemorySink();
    assertEquals(g.records(), g.write(sink, parts));
    assertEquals(parts, sink.partCount(ClickLogGenerator.CLICKS));
    return sink;
  }

  @Test
  public void sameSeedSameBytesAndPartsAreTheWholeInTimeRanges() throws IOException {
    ClickLogGenerator g = new ClickLogGenerator(20_000, 0.5, 100, 1.0, 24, 3);
    byte[] whole = write(g, 1).bytes(ClickLogGenerator.CLICKS);
    assertArrayEquals(whole, write(new ClickLogGenerator(20_000, 0.5, 100, 1.0, 24, 3), 1)
        .bytes(ClickLogGenerator.CLICKS));
    MemorySink split = write(g, 4);
    assertArrayEquals(whole, split.bytes(ClickLogGenerator.CLICKS));
    long previousPartMax = -1;
    for (int p = 0; p < 4; p++) {
      List<String[]> part = lines(split.part(ClickLogGenerator.CLICKS, p));
      assertTrue(Long.parseLong(part.get(0)[0]) >= previousPartMax);
      previousPartMax = Long.parseLong(part.get(part.size() - 1)[0]);
    }
    byte[] other = write(new ClickLogGenerator(20_000, 0.5, 100, 1.0, 24, 4), 1)
        .bytes(ClickLogGenerator.CLICKS);
    assertTrue(!java.util.Arrays.equals(whole, other));
  }

  /** Recount of the log's properties, for several duplicate shares. */
  @Test
  public void exactDuplicateShareTimeOrderAndFixedAttributesPerClick() throws IOException {
    for (double share : new double[] {0.0, 0.1, 0.5, 0.9}) {
      int records = 30_000;
      ClickLogGenerator g = new ClickLogGenerator(records, share, 500, 1.0, 48, 11);
      List<String[]> log = lines(write(g, 3).bytes(ClickLogGenerator.CLICKS));
      assertEquals(records, log.size());
      Map<String, String> attributes = new HashMap<>();
      long repeats = 0;
      long lastTime = 0;
      for (String[] f : log) {
        assertEquals(5, f.length);
        long t = Long.parseLong(f[ClickLogGenerator.TIME_FIELD]);
        assertTrue(t >= lastTime && t < g.spanSeconds());
        lastTime = t;
        String click = f[ClickLogGenerator.CLICK_FIELD];
        assertTrue(click.matches("c[0-9a-f]{16}"), click);
        String ad = f[ClickLogGenerator.AD_FIELD];
        int adIndex = Integer.parseInt(ad.substring(1));
        assertTrue(ad.startsWith("a") && adIndex >= 0 && adIndex < 500);
        long w = Long.parseLong(f[ClickLogGenerator.WEIGHT_FIELD]);
        assertTrue(w >= 1 && w <= 10);
        double imp = Double.parseDouble(f[ClickLogGenerator.IMPORTANCE_FIELD]);
        assertTrue(imp >= 0 && imp < 1);
        String attr = ad + "," + w + "," + f[ClickLogGenerator.IMPORTANCE_FIELD];
        String before = attributes.putIfAbsent(click, attr);
        if (before != null) {
          repeats++;
          assertEquals(before, attr, "a re-send carries its click's attributes");
        }
      }
      assertEquals(Math.round(share * records), repeats);
      assertEquals(g.repeats(), repeats);
      assertEquals(g.distinctClicks(), attributes.size());
    }
  }

  /**
   * Re-sends favour recent clicks (Zipf over recency ranks) and ads are Zipf: the top ad gets about
   * 1/H(n) of the clicks.
   */
  @Test
  public void skew() throws IOException {
    int ads = 1000;
    ClickLogGenerator g = new ClickLogGenerator(100_000, 0.5, ads, 1.0, 168, 5);
    List<String[]> log = lines(write(g, 1).bytes(ClickLogGenerator.CLICKS));
    Map<String, Long> firstIndex = new HashMap<>();
    Map<String, Long> adCount = new HashMap<>();
    double[] harmonic = new double[(int) g.distinctClicks() + 1];
    for (int r = 1; r < harmonic.length; r++) {
      harmonic[r] = harmonic[r - 1] + 1.0 / r;
    }
    long resendOfNewest = 0;
    long resends = 0;
    double expectedOfNewest = 0; // rank 0 among the clicks so far: 1 / H(clicks so far)
    long newest = -1;
    String newestClick = null;
    for (String[] f : log) {
      String click = f[1];
      Long seen = firstIndex.get(click);
      if (seen == null) {
        firstIndex.put(click, ++newest);
        newestClick = click;
        adCount.merge(f[2], 1L, Long::sum);
      } else {
        resends++;
        expectedOfNewest += 1 / harmonic[(int) newest + 1];
        if (click.equals(newestClick)) {
          resendOfNewest++;
        }
      }
    }
    assertEquals(expectedOfNewest, resendOfNewest, 0.05 * expectedOfNewest);
    double hAds = 0;
    for (int r = 1; r <= ads; r++) {
      hAds += 1.0 / r;
    }
    double topShare = (double) adCount.getOrDefault("a0", 0L) / g.distinctClicks();
    assertEquals(1 / hAds, topShare, 0.15 / hAds);
  }

  @Test
  public void rejectsBadParameters() {
    Object[][] bad = {
      {0L, 0.5, 10, 1.0, 1}, {10L, 1.0, 10, 1.0, 1}, {10L, -0.1, 10, 1.0, 1},
      {10L, 0.5, 0, 1.0, 1}, {10L, 0.5, 10, -1.0, 1}, {10L, 0.5, 10, 1.0, 0}
    };
    for (Object[] b : bad) {
      try {
        new ClickLogGenerator((Long) b[0], (Double) b[1], (Integer) b[2], (Double) b[3],
            (Integer) b[4], 1);
        fail(java.util.Arrays.toString(b));
      } catch (IllegalArgumentException expected) {
        assertTrue(expected.getMessage().length() > 0);
      }
    }
  }
}
