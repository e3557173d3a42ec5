package io.bloomkit.mapreduce.it.faults;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bloomkit.core.format.FilterFormat;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.mapreduce.build.BuildTool;
import io.bloomkit.mapreduce.cli.BloomkitTool;
import io.bloomkit.mapreduce.cli.MiniJson;
import io.bloomkit.mapreduce.cli.ToolRun;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.dedup.DedupData;
import io.bloomkit.mapreduce.dedup.DedupTool;
import io.bloomkit.mapreduce.icebergs.IcebergData;
import io.bloomkit.mapreduce.icebergs.IcebergTool;
import io.bloomkit.mapreduce.it.MiniClusters;
import io.bloomkit.mapreduce.join.JoinData;
import io.bloomkit.mapreduce.join.JoinTool;
import io.bloomkit.mapreduce.join.NaiveJoin;
import io.bloomkit.registry.Filters;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.TaskID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitterFactory;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.MethodName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Faults on a cluster change nothing: build, join, dedup and icebergs run on the shared cluster
 * (2 DataNodes, 2 NodeManagers) while task attempts are (a) killed and failed through the job
 * client API, (b) doubled by speculative execution, (c) lost with their NodeManager. Each run must
 * succeed with the output of a fault-free run of the same tool (local mode, same inputs) and the
 * same record counters, which must add up. {@link ParkingCommitters} (test code, set with -D)
 * holds chosen attempts still, before their first record or after their last side file, so that
 * the faults land mid-job; the test then checks from the completion events that each fault really
 * happened.
 *
 * <p>Which tool meets which fault: killed and failed attempts hit all four (each commits its
 * outputs differently: partial filters, records, records and duplicates with side files, per-split
 * filters that later jobs read; icebergs' map-only first job only); speculation hits the two whose attempts write side files beside
 * their records (build's partial filters, dedup's filters and duplicates); a lost node hits the
 * join, whose lost map outputs are recomputed. The other pairs take no runtime path these do not
 * (docs/testing.md).
 */
@TestMethodOrder(MethodName.class) // the NodeManager tests last: they stop the shared cluster
public class FaultsIT {
  private static MiniClusters cluster;
  private static final JoinData JOIN = new JoinData(2026, 400, 20000);
  private static final DedupData CLICKS = new DedupData(77, 20000, 3000, 3, 100000);
  private static final IcebergData CALLS = new IcebergData(99, 30000, 5000, 3);
  private static final Path LEFT = new Path("/faults/data/left");
  private static final Path RIGHT = new Path("/faults/data/right");
  private static final Path LOG = new Path("/faults/data/clicks");
  private static final Path ICE = new Path("/faults/data/calls");
  /** The left keys' filter the join ships (its build is the build case's). */
  private static final Path LEFT_FILTER = new Path("/faults/data/left.acbf");
  private static final Map<String, Run> REFERENCE = new HashMap<>();

  /** The faults of a run. */
  private enum Fault {
    KILL, SPECULATE, NODE
  }

  @BeforeAll
  public static void start() throws Exception {
    cluster = MiniClusters.shared();
    writeData();
  }

  private static void writeData() throws Exception {
    cluster.writeParts(LEFT, JoinData.split(JOIN.left, 3));
    cluster.writeParts(RIGHT, JoinData.split(JOIN.right, 3));
    cluster.writeParts(LOG, CLICKS.bytes());
    cluster.writeParts(ICE, CALLS.bytes());
    Configuration local = cluster.conf();
    local.set("mapreduce.framework.name", "local");
    ToolRun b = ToolRun.run(local, new BuildTool(), "--input", LEFT.toString(), "--output",
        LEFT_FILTER.toString(), "--key-field", "1", "--delimiter", ",", "--json");
    assertEquals(0, b.code, b.toString());
  }

  /** A tool run: its JSON and its outputs (multisets of lines, or bytes of a filter). */
  private static final class Run {
    Map<String, Object> json;
    final Map<String, Object> outputs = new HashMap<>();
  }

  /**
   * One tool with its arguments, how to read its outputs, the jobs (name pattern) whose attempts
   * are killed or speculated, and the job to hit with a lost node.
   */
  private abstract static class Case {
    final String name;
    final String faultJobs;
    final String nodeLossJob;

    Case(String name, String faultJobs, String nodeLossJob) {
      this.name = name;
      this.faultJobs = faultJobs;
      this.nodeLossJob = nodeLossJob;
    }

    abstract BloomkitTool tool();

    abstract List<String> args(String out);

    abstract void read(String out, Run r) throws Exception;

    /** Counter names that must equal the fault-free run's. */
    abstract List<String> counters();

    /** Checks that the JSON's record counters add up. */
    abstract void balance(Map<String, Object> j);

    /** Whether its jobs have reducers (else only map attempts can park). */
    boolean reduces() {
      return true;
    }
  }

  private static long n(Map<String, Object> j, String k) {
    return (Long) j.get(k);
  }

  private static final Case BUILD = new Case("build", "", "\\(one pass\\)") {
    BloomkitTool tool() {
      return new BuildTool();
    }

    List<String> args(String out) {
      return List.of("--input", LEFT.toString(), "--output", out + "/left.acbf",
          "--key-field", "1", "--delimiter", ",", "--items", "400", "--reducers", "3", "--json");
    }

    /**
     * The filter file's filter and key types as bytes without its provenance (whose creation time
     * differs run to run), and the provenance's key spec, sources (path and length) and
     * description.
     */
    void read(String out, Run r) throws Exception {
      Path file = new Path(out + "/left.acbf");
      Configuration conf = cluster.fs().getConf();
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      FilterFiles.read(conf, file).writeTo(FilterFormat.withKeys(bytes,
          FilterFiles.readKeys(conf, file, "FaultsIT", Filters.FAMILIES)));
      r.outputs.put("filter", bytes.toByteArray());
      Provenance p = FilterFiles.readProvenance(conf, file, "FaultsIT", Filters.FAMILIES).get();
      // each source by its path within the file system and its length (a lost-node run uses a
      // cluster of its own: another port, files written again at other times)
      StringBuilder sources = new StringBuilder();
      for (Provenance.Source s : p.sources()) {
        sources.append(new Path(s.path()).toUri().getPath()).append(' ').append(s.length())
            .append(' ').append(s.records()).append(' ').append(s.distinctKeys()).append(", ");
      }
      r.outputs.put("provenance",
          p.keySpec() + " [" + sources + "] " + p.creation().description());
    }

    List<String> counters() {
      return List.of("items", "inputRecords", "malformedRecords");
    }

    void balance(Map<String, Object> j) {
      assertEquals((long) JOIN.left.size(), n(j, "inputRecords"));
      assertEquals(1L, n(j, "malformedRecords"));
      assertEquals(400L, n(j, "items"));
    }
  };

  private static final Case JOIN_CASE = new Case("join", "", "") {
    BloomkitTool tool() {
      return new JoinTool();
    }

    List<String> args(String out) {
      return List.of("--left", LEFT.toString(), "--left-key", "1", "--right", RIGHT.toString(),
          "--right-key", "1", "--output", out + "/joined", "--delimiter", ",", "--reducers", "3",
          "--filter", LEFT_FILTER.toString(), "--json");
    }

    void read(String out, Run r) throws Exception {
      r.outputs.put("joined", NaiveJoin.multiset(cluster.readLines(new Path(out + "/joined"))));
    }

    List<String> counters() {
      return List.of("leftRecords", "rightRecords", "leftPassed", "rightPassed",
          "rightDroppedByFilter", "leftMalformed", "rightMalformed", "mapOutputRecords",
          "outputRecords", "falsePositives");
    }

    void balance(Map<String, Object> j) {
      assertEquals((long) JOIN.left.size(), n(j, "leftRecords"));
      assertEquals((long) JOIN.right.size(), n(j, "rightRecords"));
      assertEquals(n(j, "leftRecords"), n(j, "leftPassed") + n(j, "leftMalformed"));
      assertEquals(n(j, "rightRecords"),
          n(j, "rightPassed") + n(j, "rightDroppedByFilter") + n(j, "rightMalformed"));
      assertEquals(n(j, "leftPassed") + n(j, "rightPassed"), n(j, "mapOutputRecords"));
    }
  };

  private static final Case DEDUP = new Case("dedup", "bloomkit dedup counting ->", "bloomkit dedup counting ->") {
    BloomkitTool tool() {
      return new DedupTool();
    }

    List<String> args(String out) {
      return List.of("--input", LOG.toString(), "--output", out + "/kept", "--duplicates",
          out + "/dup", "--key-field", "1", "--time-field", "2", "--delimiter", ",",
          "--reducers", "3", "--method", "counting", "--items", "3000", "--json");
    }

    void read(String out, Run r) throws Exception {
      r.outputs.put("kept", DedupData.multiset(cluster.readLines(new Path(out + "/kept"))));
      r.outputs.put("dup", DedupData.multiset(cluster.readLines(new Path(out + "/dup"))));
    }

    List<String> counters() {
      return List.of("inputRecords", "kept", "duplicates", "malformedRecords", "shuffleAvoided",
          "mapOutputRecords");
    }

    void balance(Map<String, Object> j) {
      assertEquals(n(j, "inputRecords"),
          n(j, "kept") + n(j, "duplicates") + n(j, "malformedRecords"));
    }
  };

  // the faults hit the job of the local totals (map only), whose attempts write the per-split
  // filters as side files that the two jobs after it read; its other jobs commit records only, as
  // the join's, and failed reduce attempts are the other three cases'

  private static final Case ICEBERGS = new Case("icebergs", "lcbf: local totals",
      "lcbf: local totals") {
    BloomkitTool tool() {
      return new IcebergTool();
    }

    List<String> args(String out) {
      return List.of("--input", ICE.toString(), "--output", out + "/icebergs", "--key-field", "1",
          "--delimiter", ",", "--threshold", "12", "--reducers", "3", "--method", "lcbf",
          "--verify", "--entries-per-key", "20", "--num-hashes", "3", "--value-bits", "30",
          "--json");
    }

    void read(String out, Run r) throws Exception {
      r.outputs.put("icebergs",
          DedupData.multiset(cluster.readLines(new Path(out + "/icebergs"))));
    }

    List<String> counters() {
      return List.of("inputRecords", "malformedRecords", "candidates", "candidateRecords",
          "filteredRecords", "icebergs", "localIcebergs", "filters", "filterBytesShipped",
          "filterBytesShippedToTasks", "mapOutputRecords");
    }

    void balance(Map<String, Object> j) {
      assertEquals(n(j, "inputRecords"),
          n(j, "candidateRecords") + n(j, "filteredRecords") + n(j, "malformedRecords"));
      assertEquals(3L, n(j, "filters")); // one per split, each committed once
    }

    @Override
    boolean reduces() {
      return false; // the local totals' job is map-only: its attempts are killed, none failed
    }
  };

  /** The fault-free run of a case: local mode, same HDFS inputs; also checked by its own model. */
  private static synchronized Run reference(Case c) throws Exception {
    Run r = REFERENCE.get(c.name);
    if (r == null) {
      Configuration local = cluster.conf();
      local.set("mapreduce.framework.name", "local");
      local.setBoolean(BloomkitConfig.INPUT_COMBINE.key(), false); // as the faulted runs
      String out = "/faults/reference/" + c.name;
      ToolRun t = ToolRun.run(local, c.tool(), c.args(out).toArray(new String[0]));
      assertEquals(0, t.code, t.toString());
      r = new Run();
      r.json = MiniJson.parseObject(t.lastLine());
      c.read(out, r);
      c.balance(r.json);
      REFERENCE.put(c.name, r);
    }
    return r;
  }

  /** Runs the case on {@code on} under the faults {@code plan} and {@code action} set up. */
  private static Run run(MiniClusters on, Case c, Fault fault, String plan, String job,
      List<String> extra, Supplier<Faults> faults) throws Exception {
    Run expected = reference(c);
    String out = "/faults/" + fault.name().toLowerCase() + "/" + c.name;
    List<String> args = new ArrayList<>(List.of(
        "-D", PathOutputCommitterFactory.COMMITTER_FACTORY_CLASS + "="
            + ParkingCommitters.class.getName(),
        "-D", ParkingCommitters.MARKERS + "=" + markers(fault, c),
        "-D", ParkingCommitters.PLAN + "=" + plan,
        "-D", ParkingCommitters.JOB + "=" + job,
        // no /proc readings in the tasks: Hadoop's are not thread-safe (NoProcessTree)
        "-D", MRConfig.RESOURCE_CALCULATOR_PROCESS_TREE + "=" + NoProcessTree.class.getName(),
        // the build's input is small: build it with its job, whose attempts the faults hit
        "-D", BloomkitConfig.BUILD_LOCAL_MAX_BYTES.key() + "=0",
        // a map task per part file, not combined splits: the faults hit maps 0 and 1 of three
        "-D", BloomkitConfig.INPUT_COMBINE.key() + "=false"));
    args.addAll(extra);
    args.addAll(c.args(out));
    Run r = new Run();
    ToolRun t;
    long start = System.nanoTime();
    try (Faults f = faults.get()) {
      t = ToolRun.run(on.conf(), c.tool(), args.toArray(new String[0]));
      System.err.printf("FaultsIT %s under %s: exit %d in %.1f s, parked %s%n", c.name, fault,
          t.code, (System.nanoTime() - start) / 1e9, f.parked());
      assertEquals(0, t.code, t.toString());
      r.json = MiniJson.parseObject(t.lastLine());
      c.read(out, r);
      lastFaults = f;
    }
    for (String k : expected.outputs.keySet()) {
      Object want = expected.outputs.get(k);
      Object got = r.outputs.get(k);
      if (want instanceof byte[]) {
        assertArrayEquals((byte[]) want, (byte[]) got, c.name + " " + k + " under " + fault);
      } else {
        assertEquals(want, got, c.name + " " + k + " under " + fault);
      }
    }
    for (String k : c.counters()) {
      assertEquals(expected.json.get(k), r.json.get(k), c.name + " " + k + " under " + fault);
    }
    c.balance(r.json);
    return r;
  }

  private static Faults lastFaults;

  private static Path markers(Fault fault, Case c) {
    return new Path("/faults/markers/" + fault.name().toLowerCase() + "-" + c.name);
  }

  private static TaskID task(JobID job, char type, int index) {
    return new TaskID(job, type == 'm' ? TaskType.MAP : TaskType.REDUCE, index);
  }

  // ---- (a) attempts killed and failed through the job client API

  /**
   * In every job of the run, attempt 0 of map 0 is killed and attempt 0 of reduce 1 failed, each
   * after all its work (records written, side files in its work directory) and before its commit.
   */
  private void killAndFail(Case c) throws Exception {
    Configuration conf = cluster.conf();
    Path dir = markers(Fault.KILL, c);
    run(cluster, c, Fault.KILL, "m0.0@commit,r1.0@commit", c.faultJobs, List.of(),
        () -> faults(conf, dir, p -> Faults.killOrFail(conf, p.attempt,
            p.attempt.getTaskType() == TaskType.REDUCE)));
    List<Faults.Parked> parked = lastFaults.parked();
    assertTrue(!parked.isEmpty(), c.name + ": no attempt parked");
    boolean reduce = false;
    for (JobID job : lastFaults.jobs()) {
      Map<TaskAttemptID, TaskCompletionEvent.Status> fates = Faults.fates(conf, job);
      for (Faults.Parked p : parked) {
        if (!p.attempt.getJobID().equals(job)) {
          continue;
        }
        boolean r = p.attempt.getTaskType() == TaskType.REDUCE;
        reduce |= r;
        assertEquals(r ? TaskCompletionEvent.Status.FAILED
            : TaskCompletionEvent.Status.KILLED, fates.get(p.attempt), p + " " + fates);
        TaskAttemptID ok = Faults.succeeded(fates, p.attempt.getTaskID());
        assertNotNull(ok, p + " " + fates);
        assertTrue(ok.getId() > p.attempt.getId(), p + " " + fates);
      }
    }
    assertEquals(c.reduces(), reduce, c.name + ": a reduce attempt failed");
  }

  private static Faults faults(Configuration conf, Path dir, Faults.Action a) {
    try {
      return new Faults(conf, dir, a);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  public void killedAttempts1Build() throws Exception {
    killAndFail(BUILD);
  }

  @Test
  public void killedAttempts2Join() throws Exception {
    killAndFail(JOIN_CASE);
  }

  @Test
  public void killedAttempts3Dedup() throws Exception {
    killAndFail(DEDUP);
  }

  @Test
  public void killedAttempts4Icebergs() throws Exception {
    killAndFail(ICEBERGS);
  }

  // ---- (b) speculative execution

  private static final List<String> SPECULATION = List.of(
      "-D", "mapreduce.map.speculative=true", "-D", "mapreduce.reduce.speculative=true",
      "-D", "mapreduce.job.speculative.retry-after-no-speculate=200",
      "-D", "mapreduce.job.speculative.retry-after-speculate=500",
      "-D", "mapreduce.task.progress-report.interval=200",
      // a loaded machine may take more than the default minute to launch a speculative attempt
      "-D", ParkingCommitters.MAX_MS + "=240000");

  /**
   * Speculation in every job, for maps and reduces: task 0's first attempt stalls before its first
   * record until its speculative attempt has done all its work (side files included) and waits to
   * commit; then the first attempt runs, commits, and the speculative one is killed. Task 1's
   * first attempt stalls until its speculative attempt wins. Task 2 runs normally (the speculator
   * needs a finished task to compare with).
   */
  private void speculate(Case c) throws Exception {
    Configuration conf = cluster.conf();
    Path dir = markers(Fault.SPECULATE, c);
    run(cluster, c, Fault.SPECULATE,
        "m0.0@setup,m0.1@commit,m1.0@setup,r0.0@setup,r0.1@commit,r1.0@setup", c.faultJobs,
        SPECULATION,
        () -> faults(conf, dir, p -> { }));
    List<String> parked = new ArrayList<>();
    for (Faults.Parked p : lastFaults.parked()) {
      parked.add(p.attempt.getJobID() + " " + p.entry());
    }
    boolean reduce = false;
    for (JobID job : lastFaults.jobs()) {
      Map<TaskAttemptID, TaskCompletionEvent.Status> fates = Faults.fates(conf, job);
      for (char type : new char[] {'m', 'r'}) {
        if (!parked.contains(job + " " + type + "0.0@setup")) {
          continue;
        }
        reduce |= type == 'r';
        // task 0: the original attempt won after the speculative one did all its work
        assertTrue(parked.contains(job + " " + type + "0.1@commit"), job + " " + parked);
        assertEquals(0, winner(fates, task(job, type, 0)), job + " " + fates);
        // task 1: the speculative attempt won
        assertEquals(1, winner(fates, task(job, type, 1)), job + " " + fates);
      }
    }
    assertEquals(c.reduces(), reduce, c.name + ": reduces speculated " + parked);
  }

  private static int winner(Map<TaskAttemptID, TaskCompletionEvent.Status> fates, TaskID task) {
    TaskAttemptID ok = Faults.succeeded(fates, task);
    assertNotNull(ok, task + " did not succeed: " + fates);
    return ParkingCommitters.attemptInLife(ok);
  }

  @Test
  public void speculation1Build() throws Exception {
    speculate(BUILD);
  }

  @Test
  public void speculation3Dedup() throws Exception {
    speculate(DEDUP);
  }

  // ---- (c) a NodeManager stopped mid-job

  /**
   * On a cluster of its own (2 DataNodes, 2 NodeManagers of 1.5 GiB: the application master's
   * node holds at most two tasks besides it, so some of three parked maps run on the other node;
   * the shared cluster is stopped first, two YARN clusters cannot share a JVM): in the job {@link Case#nodeLossJob}, the first three map attempts park after
   * their work; as soon as one parks on the node without the application master, that
   * NodeManager is stopped (its containers and map outputs are lost) and the others are
   * released.
   */
  private void loseANode(Case c) throws Exception {
    // no shared cluster restarted for the fault-free reference: the killed-attempt tests cached
    // it, and a run of this test alone computes it (run, reference) on its own cluster's HDFS,
    // which holds the same inputs
    MiniClusters.stopShared();
    try (MiniClusters own = MiniClusters.breakable("nodeloss-" + c.name, 1536)) {
      cluster = own;
      writeData();
      Configuration conf = own.conf();
      Path dir = markers(Fault.NODE, c);
      int[] stopped = {-1};
      Faults.Action stopNode = p -> {
        if (stopped[0] >= 0) {
          return;
        }
        int am = amPort(own, p.attempt.getJobID());
        if (p.nodeManagerPort == am) {
          return; // stays parked; a later one runs on the other node
        }
        for (int i = 0; i < 2; i++) {
          NodeManager nm = own.yarn().getNodeManager(i);
          if (nm.getNMContext().getNodeId().getPort() == p.nodeManagerPort) {
            nm.stop();
            stopped[0] = i;
          }
        }
        lastFaults.release();
      };
      run(own, c, Fault.NODE, "m0.0@commit,m1.0@commit,m2.0@commit", c.nodeLossJob, List.of(),
          () -> {
            Faults f = faults(conf, dir, p -> stopNode.on(p));
            lastFaults = f;
            return f;
          });
      assertTrue(stopped[0] >= 0, c.name + ": no NodeManager stopped " + lastFaults.parked() + "; attempts "
          + Faults.allFates(conf));
      JobID job = lastFaults.jobs().iterator().next();
      Map<TaskAttemptID, TaskCompletionEvent.Status> fates = Faults.fates(conf, job);
      long lost = fates.values().stream()
          .filter(s -> s != TaskCompletionEvent.Status.SUCCEEDED).count();
      assertTrue(lost > 0, c.name + ": no attempt lost with the node " + fates);
    } finally {
      cluster = null; // the ITs after this one start a new shared cluster
    }
  }

  /** The port of the NodeManager running the application master of {@code job}. */
  private static int amPort(MiniClusters on, JobID job) {
    for (int i = 0; i < 2; i++) {
      NodeManager nm = on.yarn().getNodeManager(i);
      for (ContainerId id : nm.getNMContext().getContainers().keySet()) {
        if (id.getApplicationAttemptId().getApplicationId().getClusterTimestamp()
                == Long.parseLong(job.getJtIdentifier())
            && id.getApplicationAttemptId().getApplicationId().getId() == job.getId()
            && id.getContainerId() == 1) {
          return nm.getNMContext().getNodeId().getPort();
        }
      }
    }
    throw new AssertionError("no application master found for " + job);
  }

  @Test
  public void stoppedNodeManager2Join() throws Exception {
    loseANode(JOIN_CASE);
  }

}
