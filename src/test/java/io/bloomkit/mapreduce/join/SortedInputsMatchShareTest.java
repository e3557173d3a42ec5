package io.bloomkit.mapreduce.join;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.BufferedWriter;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner's match share when both inputs are sorted by the key, as TPC-H's tables are and as
 * tables written by a sort or a clustered insert are: the right side holds each key 0..399,999 once,
 * the left a scattered quarter of them (a multiplicative hash decides), each side in key order. The
 * left side is sampled (not read whole in the client: bloomkit.build.local.max.bytes 1). Sampling
 * the first rows of splits, both samples came from the start of the key range, where every right
 * key the left sample could hold lay, and the share was estimated at 1 (capped) against the true
 * 0.25; the estimate must now be within a factor 1.5 of the true share counted here (the sample
 * is seeded by the files' names and sizes: one draw, the same each run).
 */
public class SortedInputsMatchShareTest {
  @TempDir public File tmp;

  private static boolean inLeft(long k) {
    return ((k * 2654435761L) & 0xffffffffL) < (1L << 30); // a quarter of the keys
  }

  @Test
  public void aSortedLeftAndRightGiveTheirMatchShare() throws Exception {
    File left = new File(tmp, "left");
    File right = new File(tmp, "right");
    left.mkdirs();
    right.mkdirs();
    long leftRows = 0;
    int keys = 400_000;
    try (BufferedWriter l = Files.newBufferedWriter(new File(left, "part-0").toPath(),
            StandardCharsets.UTF_8);
        BufferedWriter r = Files.newBufferedWriter(new File(right, "part-0").toPath(),
            StandardCharsets.UTF_8)) {
      for (long k = 0; k < keys; k++) {
        r.write(k + ",r" + k + "\n");
        if (inLeft(k)) {
          l.write(k + ",l" + k + "\n");
          leftRows++;
        }
      }
    }
    double trueShare = (double) leftRows / keys;
    assertTrue(leftRows > 4 * JoinWorkload.SAMPLE_ROWS, "the left side must be sampled: " + leftRows);
    Configuration conf = ToolRun.localConf();
    BloomkitConfig.BUILD_LOCAL_MAX_BYTES.set(conf, 1);
    ToolRun run = ToolRun.run(conf, new JoinTool(), "--left", left.getPath(), "--left-key", "0",
        "--right", right.getPath(), "--right-key", "0", "--delimiter", ",", "--output",
        new File(tmp, "out").getPath(), "--json", "--explain");
    assertEquals(0, run.code, run.toString());
    @SuppressWarnings("unchecked")
    Map<String, Object> w = (Map<String, Object>) MiniJson.parseObject(run.lastLine())
        .get("workload");
    assertEquals(false, w.get("leftKeysExact"));
    double share = ((Number) w.get("matchShare")).doubleValue();
    assertTrue(share > trueShare / 1.5 && share < trueShare * 1.5,
        "estimated match share " + share + ", true " + trueShare + ": " + w);
  }
}
