package io.bloomkit.mapreduce.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/**
 * The listings of one tool run's client, kept while the run lasts: planning a job asks for the
 * files of an input several times (format detection, partitions, schemas, sizing, sampling, the
 * split count, the job's own splits), and a directory of 10,000 files is listed once instead of
 * each time. Opened by the tool around its run ({@link #open}), for the thread that runs it only
 * (a local job's tasks list for themselves); {@link TableInputFormat#listStatus} consults it. A
 * listing is keyed by everything {@link FileInputFormat} lists by: the input paths, recursion,
 * the path filter and the sub-directory rule.
 */
public final class ListingCache {
  private static final ThreadLocal<Map<String, List<FileStatus>>> CACHE = new ThreadLocal<>();

  private ListingCache() {}

  /** Ends the scope {@link #open} began. */
  public interface Scope extends AutoCloseable {
    @Override
    void close();
  }

  /**
   * Keeps this thread's listings until the returned scope is closed; within an open scope, a
   * nested one changes nothing.
   */
  public static Scope open() {
    if (CACHE.get() != null) {
      return () -> {};
    }
    CACHE.set(new HashMap<>());
    return CACHE::remove;
  }

  /** Lists the files of an input (the listing {@code lister} makes). */
  interface Lister {
    List<FileStatus> list() throws IOException;
  }

  /**
   * The files {@code lister} lists for the input configured in {@code conf}: from this run's
   * listings when it was listed before, else listed now (and kept while a scope is open). A copy:
   * the caller may sort or change it.
   */
  static List<FileStatus> list(Configuration conf, Lister lister) throws IOException {
    Map<String, List<FileStatus>> cache = CACHE.get();
    if (cache == null) {
      return lister.list();
    }
    String key = String.join("\u0000", conf.get(FileInputFormat.INPUT_DIR, ""),
        String.valueOf(conf.getBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, false)),
        conf.get(FileInputFormat.PATHFILTER_CLASS, ""),
        conf.get(FileInputFormat.INPUT_DIR_NONRECURSIVE_IGNORE_SUBDIRS, ""));
    List<FileStatus> files = cache.get(key);
    if (files == null) {
      files = new ArrayList<>(lister.list());
      cache.put(key, files);
    }
    return new ArrayList<>(files);
  }
}
