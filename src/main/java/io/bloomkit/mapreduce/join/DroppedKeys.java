package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.BloomkitConfig;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
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
 * successful attempt: the union is exact. 8 bytes per distinct dropped key per task; two distinct
 * keys with the same 64-bit hash (probability about d^2 / 2^65 among d keys) count once.
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

  /** The number of distinct hashes in the files of {@code dir} (0 if it does not exist). */
  static long count(FileSystem fs, Path dir) throws IOException {
    DistinctHashes all = new DistinctHashes();
    if (!fs.exists(dir)) {
      return 0;
    }
    for (FileStatus f : fs.listStatus(dir)) {
      try (DataInputStream in = fs.open(f.getPath())) {
        for (long i = 0; i < f.getLen() / Long.BYTES; i++) { // whole longs: a cut file is a prefix
          all.add(in.readLong());
        }
      }
    }
    return all.count();
  }
}
