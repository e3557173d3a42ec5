package io.bloomkit.mapreduce.table;

import java.io.IOException;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.FileSystemCounter;
import org.apache.hadoop.mapreduce.Job;

/**
 * What a finished job read, from its file-system counters: a projected columnar read (the build
 * job, the join's left side) reads only its columns' bytes, which these counters show against a
 * read of every column.
 */
public final class TableStats {
  private TableStats() {}

  /**
   * The bytes {@code job}'s tasks read through Hadoop file systems: {@link
   * FileSystemCounter#BYTES_READ} summed over the schemes ({@code HDFS_BYTES_READ}, {@code
   * FILE_BYTES_READ}, {@code S3A_BYTES_READ}, ...). The input's bytes, plus on the local file
   * system ({@code FILE_}) what the map and reduce tasks read back of their spills and shuffled
   * map output: a map-only job's count is its input's.
   */
  public static long bytesRead(Job job) throws IOException {
    return bytesRead(job.getCounters());
  }

  /** {@link #bytesRead(Job)} of a job's counters. */
  public static long bytesRead(Counters counters) {
    if (counters == null) {
      return 0;
    }
    CounterGroup group = counters.getGroup(FileSystemCounter.class.getName());
    String suffix = "_" + FileSystemCounter.BYTES_READ.name();
    long sum = 0;
    for (Counter c : group) {
      if (c.getName().endsWith(suffix)) {
        sum += c.getValue();
      }
    }
    return sum;
  }
}
