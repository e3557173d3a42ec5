package io.bloomkit.mapreduce.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.mapreduce.icebergs.IcebergData;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On one shared MiniDFSCluster + MiniMRYarnCluster: icebergs of a generated call log with skewed
 * callers (three files, two reducers) by {@code lcbf --verify --evaluate}, each split's linked
 * counting filter shipped to every other split's task: with large filters its output equals the
 * naive icebergs, and its hit ratio and error rate equal a recount. The {@code exact} and
 * {@code counting} methods run in local mode (icebergs/IcebergMethodTest,
 * icebergs/IcebergCountingToolTest) and {@code lcbf} under faults on the cluster (FaultsIT).
 */
public class IcebergIT {
  private static MiniClusters cluster;
  private static final IcebergData DATA = new IcebergData(99, 30000, 5000, 3);
  private static final Path LOG = new Path("/icebergs/data/calls");
  private static final long T = 12;

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    cluster.writeParts(LOG, DATA.bytes());
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  @Test
  public void verifiedAndEvaluatedLcbfEqualsTheNaiveIcebergs() throws Exception {
    IcebergData.Totals t = IcebergData.sum(DATA.files, 1, -1);
    long icebergs = t.icebergLines(T).size();
    String out = "/icebergs/out/lcbf";
    ToolRun r = ToolRun.run(cluster.conf(), new IcebergTool(),
        "--input", LOG.toString(), "--output", out, "--key-field", "1", "--delimiter", ",",
        "--threshold", String.valueOf(T), "--reducers", "2", "--method", "lcbf", "--verify",
        "--evaluate", "--entries-per-key", "20", "--num-hashes", "3", "--value-bits", "30", "--json");
    assertEquals(0, r.code, r.toString());
    Map<String, Object> j = MiniJson.parseObject(r.lastLine());
    List<String> lines = cluster.readLines(new Path(out));
    assertEquals(t.icebergLines(T), DedupData.multiset(lines));
    assertEquals(t.records, n(j, "inputRecords"));
    assertEquals(t.malformed, n(j, "malformedRecords"));
    assertEquals(t.records,
        n(j, "candidateRecords") + n(j, "filteredRecords") + n(j, "malformedRecords"));
    assertEquals((long) t.totals.size(), n(j, "keys"));
    assertEquals(icebergs, n(j, "trueIcebergs"));
    assertEquals((long) lines.size(), n(j, "icebergs"));
    assertEquals((long) lines.size(), n(j, "hits"));
    assertEquals((double) lines.size() / icebergs, (Double) j.get("hitRatio"), 1e-12);
    assertEquals((double) (n(j, "candidates") - lines.size()) / icebergs,
        (Double) j.get("errorRate"), 1e-12);
    assertEquals(3L, n(j, "filters")); // one per file (split), each storing totals below T
    // every job-2 task (one per split's totals) loads every other split's filter
    assertEquals((n(j, "filters") - 1) * n(j, "filterBytesShipped"),
        n(j, "filterBytesShippedToTasks"));
    assertEquals(3L, n(j, "jobs"));
  }
}
