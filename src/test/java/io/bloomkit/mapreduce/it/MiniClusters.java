package io.bloomkit.mapreduce.it;

import io.bloomkit.testing.RepoFiles;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * A MiniDFSCluster and a MiniMRYarnCluster. The integration tests share one ({@link #shared()}:
 * 2 DataNodes, 2 NodeManagers), started once in the failsafe JVM and stopped by a shutdown hook;
 * each IT class works under its own HDFS directories. A test that breaks its cluster (stops a
 * NodeManager) stops the shared one and starts one of its own ({@link #breakable}).
 */
public final class MiniClusters implements AutoCloseable {
  private static final String OPENS =
      "--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
          + " --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED"
          + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
          + " --add-opens java.base/java.lang.reflect=ALL-UNNAMED";

  private static final String FAST_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto ";

  private static MiniClusters shared;

  private final MiniDFSCluster dfs;
  private final MiniMRYarnCluster mr;
  private final Configuration conf;

  /** The cluster every IT shares: 2 DataNodes, 2 NodeManagers of 4 GiB; started on first use. */
  public static synchronized MiniClusters shared() throws IOException {
    if (shared == null) {
      if (!hooked) {
        hooked = true;
        Runtime.getRuntime().addShutdownHook(new Thread(MiniClusters::stopSharedWithin20s));
      }
      shared = new MiniClusters("shared", 2, 2, 4096, false);
    }
    return shared;
  }

  private static boolean hooked;

  private static synchronized void stopSharedWithin20s() {
    if (shared != null) {
      shared.closeWithin(20_000);
      shared = null;
    }
  }

  /**
   * Stops the shared cluster (the next {@link #shared()} starts a new one). Two YARN clusters
   * cannot run in one JVM: a ResourceManager's cluster time stamp is static, so a second one makes
   * the first one's NodeManagers reject its containers ("allocated by a previous RM").
   */
  public static synchronized void stopShared() {
    if (shared != null) {
      shared.close();
      shared = null;
    }
  }

  /**
   * A cluster of its own (2 DataNodes, 2 NodeManagers of {@code nodeMemoryMb}) for a test that
   * breaks it (stops a NodeManager); stop the shared one first ({@link #stopShared()}). It notices
   * a lost NodeManager and gives up on its address in seconds (defaults: 10 minutes to expire a
   * silent node, 3 minutes of retries to reach a dead one).
   */
  public static MiniClusters breakable(String name, int nodeMemoryMb) throws IOException {
    return new MiniClusters(name, 2, 2, nodeMemoryMb, true);
  }

  private MiniClusters(
      String name, int dataNodes, int nodeManagers, int nodeMemoryMb, boolean quickNodeLoss)
      throws IOException {
    // directories per JVM (failsafe runs one; a second run in the same checkout must not share them)
    name = name + "-" + ProcessHandle.current().pid();
    File base = RepoFiles.file("target/minicluster/" + name);
    Configuration c = new Configuration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(base, "dfs").getPath());
    dfs = new MiniDFSCluster.Builder(c).numDataNodes(dataNodes).format(true).build();
    dfs.waitActive();
    Configuration m = new Configuration(c);
    m.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    m.setInt("yarn.nodemanager.resource.memory-mb", nodeMemoryMb);
    m.setInt("yarn.minicluster.yarn.nodemanager.resource.memory-mb", nodeMemoryMb);
    m.setInt("yarn.scheduler.minimum-allocation-mb", 256);
    m.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    m.set("yarn.app.mapreduce.am.command-opts", "-Xmx384m " + FAST_JVM + OPENS);
    m.setInt("mapreduce.map.memory.mb", 512);
    m.setInt("mapreduce.reduce.memory.mb", 512);
    m.set("mapreduce.map.java.opts", "-Xmx256m " + FAST_JVM + OPENS);
    m.set("mapreduce.reduce.java.opts", "-Xmx256m " + FAST_JVM + OPENS);
    // short jobs on a small machine: poll and heartbeat often, start reducers after the maps
    m.setInt("mapreduce.client.completion.pollinterval", 100);
    m.setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    m.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 100);
    m.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 100);
    m.setInt("yarn.nodemanager.container-monitor.interval-ms", 1000);
    m.setFloat("mapreduce.job.reduce.slowstart.completedmaps", 1.0f);
    m.setInt("mapreduce.task.timeout", 120000);
    m.setBoolean("mapreduce.job.speculative.execution", false);
    m.setBoolean("mapreduce.map.speculative", false);
    m.setBoolean("mapreduce.reduce.speculative", false);
    m.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    m.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    m.setInt("mapreduce.task.io.sort.mb", 16);
    m.setFloat("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", 99.9f);
    if (quickNodeLoss) {
      // a stopped NodeManager unregisters at once; the expiry only catches one that dies silently,
      // and must not expire a live one whose heartbeats a loaded machine delays
      m.setInt("yarn.nm.liveness-monitor.expiry-interval-ms", 20000);
      m.setInt("yarn.client.nodemanager-connect.max-wait-ms", 3000);
      m.setInt("yarn.client.nodemanager-connect.retry-interval-ms", 500);
      m.setInt("ipc.client.connect.max.retries", 2);
      m.setInt("ipc.client.connect.retry.interval", 200);
      m.setInt("mapreduce.reduce.shuffle.connect.timeout", 5000);
      m.setInt("mapreduce.reduce.shuffle.read.timeout", 5000);
    }
    mr = new MiniMRYarnCluster(name, nodeManagers);
    mr.init(m);
    mr.start();
    conf = new Configuration(mr.getConfig());
    conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
  }

  /** Client configuration: HDFS default file system, YARN framework. */
  public Configuration conf() {
    return new Configuration(conf);
  }

  /** The YARN cluster (its NodeManagers). */
  public MiniMRYarnCluster yarn() {
    return mr;
  }

  public FileSystem fs() throws IOException {
    return dfs.getFileSystem();
  }

  /** Writes text files (one per part) into {@code dir} on HDFS. */
  public void writeParts(Path dir, List<byte[]> parts) throws IOException {
    for (int i = 0; i < parts.size(); i++) {
      try (OutputStream out = fs().create(new Path(dir, "part-" + i), true)) {
        out.write(parts.get(i));
      }
    }
  }

  /** The lines of every part-* file under {@code dir}. */
  public List<String> readLines(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileStatus st : fs().listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (java.io.InputStream in = fs().open(st.getPath())) {
        for (String s : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (!s.isEmpty()) {
            lines.add(s);
          }
        }
      }
    }
    return lines;
  }

  /**
   * Closes in a daemon thread and waits at most {@code millis} (a shutdown hook must not hold the
   * JVM: failsafe kills a fork that takes 30 s to exit).
   */
  void closeWithin(long millis) {
    Thread t = new Thread(this::close, "stop mini clusters");
    t.setDaemon(true);
    long start = System.nanoTime();
    t.start();
    try {
      t.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    System.err.printf("mini clusters stopped in %.1f s%s%n", (System.nanoTime() - start) / 1e9,
        t.isAlive() ? " (still stopping: left to the JVM exit)" : "");
  }

  @Override
  public void close() {
    if (mr != null) {
      mr.stop();
    }
    if (dfs != null) {
      dfs.shutdown();
    }
  }
}
