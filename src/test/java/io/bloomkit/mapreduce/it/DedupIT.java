package io.bloomkit.mapreduce.it;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.mapreduce.dedup.DedupTool;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * On one shared MiniDFSCluster + MiniMRYarnCluster: dedup of a generated click log with skewed
 * users (three files, two reducers) by {@code exact} and by {@code counting}, the counting filter
 * shipped through the DistributedCache. Both outputs equal the naive dedup (kept and removed
 * records, as multisets), so {@code counting} equals {@code exact}; every record is accounted for.
 * Then {@code stream} with a large Bloom filter in two slices, evaluated against the oracle.
 */
public class DedupIT {
  private static MiniClusters cluster;
  private static final DedupData DATA = new DedupData(77, 20000, 3000, 3, 100000);
  private static final Path LOG = new Path("/data/clicks");

  @BeforeClass
  public static void start() throws Exception {
    cluster = new MiniClusters("dedup");
    cluster.writeParts(LOG, DATA.bytes());
  }

  @AfterClass
  public static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private Map<String, Object> dedup(String method, String... extra) throws Exception {
    String out = "/out/" + method;
    List<String> args = new java.util.ArrayList<>(List.of(
        "--input", LOG.toString(), "--output", out, "--duplicates", out + ".dup",
        "--key-field", "1", "--time-field", "2", "--delimiter", ",", "--reducers", "2",
        "--method", method, "--json"));
    args.addAll(List.of(extra));
    ToolRun r = ToolRun.run(cluster.conf(), new DedupTool(), args.toArray(new String[0]));
    assertEquals(r.toString(), 0, r.code);
    return MiniJson.parseObject(r.lastLine());
  }

  @Test
  public void countingEqualsExactAndEveryRecordIsAccountedFor() throws Exception {
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, 0);
    assertTrue(e.duplicates.size() > 1000);
    for (String method : List.of("exact", "counting")) {
      Map<String, Object> j = dedup(method, "--items", "3000");
      assertEquals(method, e.kept, DedupData.multiset(cluster.readLines(new Path("/out/" + method))));
      assertEquals(method, e.duplicates,
          DedupData.multiset(cluster.readLines(new Path("/out/" + method + ".dup"))));
      assertEquals(e.records, n(j, "inputRecords"));
      assertEquals(e.malformed, n(j, "malformedRecords"));
      assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
      if (method.equals("counting")) {
        assertTrue(j.toString(), n(j, "shuffleAvoided") > 0);
        assertEquals(2L, n(j, "jobs"));
      } else {
        assertEquals(0L, n(j, "shuffleAvoided"));
      }
    }
  }

  /**
   * stream with a Bloom filter large enough (2 slices of 60,000 bits for about 3,000 distinct
   * users): no false negatives, and the --evaluate counters equal a recount of the kept and
   * removed outputs against the naive dedup.
   */
  @Test
  public void streamWithALargeBloomFilterHasNoFalseNegatives() throws Exception {
    DedupData.Expected e = DedupData.dedup(DATA.files, 1, 2, 0);
    Map<String, Object> j =
        dedup("stream", "--filter", "bf", "--memory-bits", "120000", "--evaluate");
    List<String> kept = cluster.readLines(new Path("/out/stream"));
    List<String> removed = cluster.readLines(new Path("/out/stream.dup"));
    long fp = 0;
    long fn = 0;
    for (String s : removed) {
      fp += e.kept.containsKey(s) ? 1 : 0;
    }
    for (String s : kept) {
      fn += e.duplicates.containsKey(s) ? 1 : 0;
    }
    assertEquals(0L, fn);
    assertEquals(0L, n(j, "falseNegatives"));
    assertEquals(j.toString(), fp, n(j, "falsePositives"));
    assertEquals(e.records, kept.size() + removed.size() + n(j, "malformedRecords"));
    assertEquals(e.records, n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
  }
}
