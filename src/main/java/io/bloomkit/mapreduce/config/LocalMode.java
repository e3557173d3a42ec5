package io.bloomkit.mapreduce.config;

import org.apache.hadoop.conf.Configuration;

/**
 * Local mode (Hadoop's LocalJobRunner: every task in this JVM) and its task slots, read the same
 * way by the readers (the split size), the planner and the jobs.
 */
public final class LocalMode {
  /** LocalJobRunner's map task slots ({@code LocalJobRunner.LOCAL_MAX_MAPS}). */
  public static final String MAP_SLOTS = "mapreduce.local.map.tasks.maximum";
  /** LocalJobRunner's reduce task slots ({@code LocalJobRunner.LOCAL_MAX_REDUCES}). */
  public static final String REDUCE_SLOTS = "mapreduce.local.reduce.tasks.maximum";

  private LocalMode() {}

  /** Whether jobs of {@code conf} run in local mode (Hadoop's LocalJobRunner, in this JVM). */
  public static boolean local(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  /**
   * The map tasks that run at once in local mode: the user's {@link #MAP_SLOTS}, else every
   * processor (as the jobs set it when they start); on a cluster 1 (each task has a JVM of its
   * own).
   */
  public static int mapSlots(Configuration conf) {
    return slots(conf, MAP_SLOTS);
  }

  /** The reduce tasks that run at once in local mode, as {@link #mapSlots} for maps. */
  public static int reduceSlots(Configuration conf) {
    return slots(conf, REDUCE_SLOTS);
  }

  private static int slots(Configuration conf, String key) {
    if (!local(conf)) {
      return 1;
    }
    return Math.max(1, userSet(conf, key)
        ? conf.getInt(key, 1)
        : Runtime.getRuntime().availableProcessors());
  }

  /** Whether {@code key} has a value other than a Hadoop default file's. */
  public static boolean userSet(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    boolean userSet = false;
    if (sources != null) {
      for (String src : sources) {
        userSet |= !src.endsWith("-default.xml");
      }
    }
    return userSet;
  }
}
