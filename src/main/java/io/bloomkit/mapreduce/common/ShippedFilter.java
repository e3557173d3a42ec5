package io.bloomkit.mapreduce.common;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.CacheLinks;
import io.bloomkit.registry.Filters;
import java.io.BufferedInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * Ships a filter file to a job's tasks and loads it there; used by join, dedup and icebergs (probe
 * ships several: {@link #ship(Job, List)}, {@link #loadAll}). A join
 * task probes it read-only ({@link #load}, {@link Filters#readQueryView}); dedup and icebergs
 * tasks load the whole, updatable filter ({@link #loadWhole}). Either reads the DistributedCache
 * symlink {@value CacheLinks#FILTER} in the task's working directory, or, when
 * it is absent or the job runs in local mode (whose tasks share the client's working directory),
 * the path in {@link BloomkitConfig#JOIN_FILTER_PATH}.
 */
public final class ShippedFilter {
  private final Filter filter;
  private final boolean fromCache;

  private ShippedFilter(Filter filter, boolean fromCache) {
    this.filter = filter;
    this.fromCache = fromCache;
  }

  /** The filter, or null when the job runs without one. */
  public Filter filter() {
    return filter;
  }

  /** Whether it was read from the DistributedCache symlink. */
  public boolean fromCache() {
    return fromCache;
  }

  /**
   * Ships the filter file to the job's tasks: its path in {@link BloomkitConfig#JOIN_FILTER_PATH}
   * and the DistributedCache symlink {@value CacheLinks#FILTER}.
   */
  public static void ship(Job job, Path filter) throws IOException {
    BloomkitConfig.JOIN_FILTER_PATH.set(job.getConfiguration(), filter);
    CacheFiles.ship(job, filter, CacheLinks.FILTER);
  }

  /** Loads the task's filter (once per task, in setup). */
  public static ShippedFilter load(Configuration conf) throws IOException {
    return load(conf, false);
  }

  /**
   * Loads the whole, updatable filter (counts included: a counting filter's {@code count} works),
   * from the same places as {@link #load}.
   */
  public static ShippedFilter loadWhole(Configuration conf) throws IOException {
    return load(conf, true);
  }

  /**
   * Ships several filter files to the job's tasks, in this order: their paths in {@link
   * BloomkitConfig#FILTER_PATHS} and filter {@code i} under the DistributedCache symlink {@value
   * CacheLinks#FILTER}{@code .i} (the files may share a name).
   *
   * @throws IllegalArgumentException for a path holding a comma (the DistributedCache lists its
   *     files comma-separated)
   */
  public static void ship(Job job, List<Path> filters) throws IOException {
    String[] paths = new String[filters.size()];
    for (int i = 0; i < paths.length; i++) {
      paths[i] = filters.get(i).toString();
      if (paths[i].indexOf(',') >= 0) {
        throw new IllegalArgumentException(
            "cannot ship " + paths[i] + ": the DistributedCache lists its files comma-separated");
      }
      CacheFiles.ship(job, filters.get(i), link(i));
    }
    BloomkitConfig.FILTER_PATHS.set(job.getConfiguration(), String.join(",", paths));
  }

  /**
   * Loads the query views of every filter {@link #ship(Job, List)} shipped, in order (once per
   * task, in setup); none when the job ships none.
   */
  public static List<ShippedFilter> loadAll(Configuration conf) throws IOException {
    List<ShippedFilter> out = new ArrayList<>();
    String paths = BloomkitConfig.FILTER_PATHS.get(conf);
    if (paths == null || paths.isEmpty()) {
      return out;
    }
    String[] split = paths.split(",");
    for (int i = 0; i < split.length; i++) {
      out.add(load(conf, split[i], link(i), false));
    }
    return out;
  }

  /** The symlink name of filter {@code i} of several. */
  private static String link(int i) {
    return CacheLinks.FILTER + "." + i;
  }

  private static ShippedFilter load(Configuration conf, boolean whole) throws IOException {
    String path = BloomkitConfig.JOIN_FILTER_PATH.get(conf);
    if (path == null || path.isEmpty()) {
      return new ShippedFilter(null, false);
    }
    return load(conf, path, CacheLinks.FILTER, whole);
  }

  /** The filter file {@code path}, shipped under the symlink {@code linkName}. */
  private static ShippedFilter load(Configuration conf, String path, String linkName,
      boolean whole) throws IOException {
    File link = new File(linkName);
    if (CacheFiles.useLink(conf, link)) {
      long length = link.length();
      try (InputStream in = new BufferedInputStream(new FileInputStream(link), 1 << 16)) {
        return new ShippedFilter(
            FilterFiles.named(
                path, () -> whole
                    ? Filters.read(in, length, Filter.class)
                    : Filters.readQueryView(in, length)),
            true);
      }
    }
    Path p = new Path(path);
    return new ShippedFilter(
        whole ? FilterFiles.read(conf, p) : FilterFiles.readQueryView(conf, p), false);
  }
}
