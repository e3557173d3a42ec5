package io.bloomkit.mapreduce.it;

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

/** One MiniDFSCluster (1 DN) and one MiniMRYarnCluster (1 NM), started once per IT class. */
public final class MiniClusters implements AutoCloseable {
  private static final String OPENS =
      "--add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
          + " --add-opens java.base/java.io=ALL-UNNAMED --add-opens java.base/java.net=ALL-UNNAMED"
          + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
          + " --add-opens java.base/java.lang.reflect=ALL-UNNAMED";

  private static final String FAST_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto ";

  private final MiniDFSCluster dfs;
  private final MiniMRYarnCluster mr;
  private final Configuration conf;

  public MiniClusters(String name) throws IOException {
    File base = new File("target/minicluster/" + name).getAbsoluteFile();
    Configuration c = new Configuration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(base, "dfs").getPath());
    dfs = new MiniDFSCluster.Builder(c).numDataNodes(1).format(true).build();
    dfs.waitActive();
    Configuration m = new Configuration(c);
    m.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    m.setInt("yarn.nodemanager.resource.memory-mb", 6144);
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
    mr = new MiniMRYarnCluster(name, 1);
    mr.init(m);
    mr.start();
    conf = new Configuration(mr.getConfig());
    conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
  }

  /** Client configuration: HDFS default file system, YARN framework. */
  public Configuration conf() {
    return new Configuration(conf);
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
