package io.bloomkit.mapreduce.icebergs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code icebergs --method counting} at a threshold far above a 4-bit counter's 15, end to end in
 * local mode against an exact recount: the verified output is exactly the true icebergs, and the
 * candidates are at least the icebergs and at most what the Count-Min bound, computed here from
 * the exact totals, allows.
 */
public class IcebergCountingToolTest {
  @TempDir public File tmp;

  /** 20,000 calls of 2,000 skewed callers in 4 files (4 splits); minutes 0..9 a call. */
  private static final IcebergData DATA = new IcebergData(23, 20_000, 2_000, 4);

  private static long n(Map<String, Object> j, String k) {
    return ((Number) j.get(k)).longValue();
  }

  /**
   * The bound on the expected false candidates, from first principles: a key of total t &lt; T
   * needs, in each of the k independent rows, at least T - t of the other keys' weight W - t in
   * its column of w, whose expectation is (W - t) / w; by Markov each row does so with probability
   * at most (W - t) / (w (T - t)), all k rows at most that to the k-th power (capped at 1).
   */
  private static double bound(Map<String, Long> totals, long threshold, long w, int k) {
    long total = 0;
    for (long t : totals.values()) {
      total += t;
    }
    double b = 0;
    for (long t : totals.values()) {
      if (t < threshold) {
        b += Math.min(1, Math.pow((double) (total - t) / ((double) w * (threshold - t)), k));
      }
    }
    return b;
  }

  @Test
  public void verifiedOutputIsTheExactIcebergsAndTheCandidatesStayWithinTheBound()
      throws Exception {
    File in = newFolder(tmp, "in");
    for (int f = 0; f < DATA.files.size(); f++) {
      Files.write(new File(in, "part-" + f).toPath(),
          DATA.files.get(f).getBytes(StandardCharsets.UTF_8));
    }
    IcebergData.Totals exact = IcebergData.sum(DATA.files, 1, 2);
    // T: the 20th largest total, so about 20 icebergs, far above 15
    List<Long> sorted = new ArrayList<>(exact.totals.values());
    sorted.sort((a, b) -> Long.compare(b, a));
    long threshold = sorted.get(19);
    assertTrue(threshold > 200, "T = " + threshold);
    long icebergs = exact.icebergLines(threshold).size();

    // 2,000 items x 64 bits, 4 rows of counters of T's bit length
    long items = 2_000;
    int k = 4;
    int bits = 64 - Long.numberOfLeadingZeros(threshold);
    long width = items * 64 / (k * bits);
    File out = new File(tmp, "out");
    // a map task per file (no combined splits), so that the bound's (split, key) pairs are the
    // (file, key) pairs counted below
    ToolRun r = ToolRun.run(new IcebergTool(), "-D", "bloomkit.input.combine=false",
        "--input", in.getPath(), "--output",
        out.getPath(), "--key-field", "1", "--weight-field", "2", "--delimiter", ",",
        "--threshold", String.valueOf(threshold), "--method", "counting", "--verify",
        "--evaluate", "--items", String.valueOf(items), "--bits-per-key", "64", "--reducers", "2",
        "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());

    // the output: exactly the true icebergs, with their exact totals
    assertEquals(exact.icebergLines(threshold), IcebergToolTest.lines(out));
    assertEquals(icebergs, n(j, "icebergs"));
    assertEquals(icebergs, n(j, "trueIcebergs"));
    assertEquals(icebergs, n(j, "hits"));
    assertEquals((long) exact.totals.size(), n(j, "keys"));

    // the sketch's shape and what phase 1 summed
    assertEquals(bits, n(j, "counterBits"));
    assertEquals(k, n(j, "numHashes"));
    assertEquals(width, n(j, "rowWidth"));
    long weight = 0;
    for (long t : exact.totals.values()) {
      weight += t;
    }
    assertEquals(weight, n(j, "totalWeight"));
    // the reported light-key bound: (split, key) pairs of a positive total x (2 W / (w T))^k
    long pairs = 0;
    for (String file : DATA.files) {
      Set<String> positive = new HashSet<>(
          IcebergData.sum(List.of(file), 1, 2).totals.entrySet().stream()
              .filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList());
      pairs += positive.size();
    }
    double light =
        pairs * Math.min(1, Math.pow(2.0 * weight / ((double) width * threshold), k));
    assertEquals(light, ((Number) j.get("lightFalseCandidateBound")).doubleValue(),
        1e-9 * Math.max(1, light));

    // candidates: every iceberg, and false ones within the bound. F >= 0 has E[F] <= B, so by
    // Markov P(F >= B / alpha) <= alpha: at alpha = 0.01 a sketch whose counters could not hold
    // T (every key of total >= 15 a candidate: ~1,000 here) or whose rows were not independent
    // fails it.
    long candidates = n(j, "candidates");
    long falseCandidates = candidates - icebergs;
    double b = bound(exact.totals, threshold, width, k);
    assertTrue(candidates >= icebergs, j.toString());
    assertTrue(falseCandidates <= b / 0.01,
        "false candidates " + falseCandidates + ", bound " + b);
    long over15 = exact.totals.values().stream().filter(t -> t >= 15 && t < threshold).count();
    assertTrue(over15 > b / 0.01,
        "the test tells a 4-bit filter apart: " + over15 + " keys in [15, T)");
    // the sizing (64 bits a key) meets the goal: at most 2 false candidates per iceberg
    // expected, and so it went
    assertTrue(b <= 2 * icebergs, "bound " + b + " for " + icebergs + " icebergs");
    assertTrue(falseCandidates <= 2 * icebergs, "false candidates " + falseCandidates);
    assertEquals((double) falseCandidates / icebergs, (Double) j.get("errorRate"), 1e-12);
  }

  private static File newFolder(File root, String... subDirs) throws IOException {
    String subFolder = String.join("/", subDirs);
    File result = new File(root, subFolder);
    if (!result.mkdirs()) {
      throw new IOException("Couldn't create folders " + root);
    }
    return result;
  }
}
