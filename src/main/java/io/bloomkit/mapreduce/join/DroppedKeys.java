package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * The distinct right keys the filter dropped, counted over the whole job: each right map task
 * writes the sorted distinct 64-bit hashes of the keys it dropped to a file per task attempt in
 * {@link BloomkitConfig#JOIN_DROPPED_KEYS_DIR}, and the client counts the union. A task writes only
 * after it has read its whole split, so every file (even a failed or killed attempt's, possibly cut
 * short) holds a subset of its split's dropped keys and every split has a complete file from its
 * successful attempt: the union is exact. 8 bytes per distinct dropped key per task, counted by
 * the client in a merge of the sorted files (constant memory); two distinct keys with the same
 * 64-bit hash (probability about d^2 / 2^65 among d keys) count once.
 */
final class DroppedKeys {
  private DroppedKeys() {}

  /** Writes the task's distinct dropped key hashes (nothing when the directory is not set). */
  static void write(TaskInputOutputContext<?, ?, ?, ?> context, DistinctHashes hashes)
      throws IOException {
    Configuration conf = context.getConfiguration();
    String dir = BloomkitConfig.JOIN_DROPPED_KEYS_DIR.get(conf);
    if (dir == null || dir.isEmpty()) {
      return;
    }
    Path file = new Path(dir, String.valueOf(context.getTaskAttemptID()));
    try (DataOutputStream out = file.getFileSystem(conf).create(file, true)) {
      for (long h : hashes.sorted()) {
        out.writeLong(h);
      }
    }
  }

  /**
   * The number of distinct hashes in the files of {@code dir} (0 if it does not exist), by a k-way
   * merge of the sorted files: the client holds one small buffer per file, never the hashes, so a
   * right side of any number of distinct keys is counted in constant memory.
   */
  static long count(FileSystem fs, Path dir) throws IOException {
    if (!fs.exists(dir)) {
      return 0;
    }
    List<SortedRun> runs = new ArrayList<>();
    PriorityQueue<SortedRun> heap = new PriorityQueue<>(Comparator.comparingLong(r -> r.head));
    try {
      for (FileStatus f : fs.listStatus(dir)) {
        SortedRun run = new SortedRun(fs, f);
        runs.add(run);
        if (run.advance()) {
          heap.add(run);
        }
      }
      long distinct = 0;
      boolean any = false;
      long last = 0;
      while (!heap.isEmpty()) {
        SortedRun run = heap.poll();
        if (!any || run.head != last) {
          distinct++;
          last = run.head;
          any = true;
        }
        if (run.advance()) {
          heap.add(run);
        }
      }
      return distinct;
    } finally {
      for (SortedRun r : runs) {
        r.in.close();
      }
    }
  }

  /** One task's file: sorted distinct longs; a file cut short counts its whole longs only. */
  private static final class SortedRun {
    final DataInputStream in;
    long left;
    long head;

    SortedRun(FileSystem fs, FileStatus f) throws IOException {
      in = new DataInputStream(new BufferedInputStream(fs.open(f.getPath()), 8192));
      left = f.getLen() / Long.BYTES;
    }

    boolean advance() throws IOException {
      if (left == 0) {
        return false;
      }
      left--;
      head = in.readLong();
      return true;
    }
  }
}
