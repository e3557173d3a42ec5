package io.bloomkit.mapreduce.join;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The distinct right keys the filter dropped, counted over the whole job: each right map task
 * writes the sorted distinct 64-bit hashes of the keys it dropped to a hidden side file {@code
 * _dropped-keys-<task>} in its work output (committed with the task, so only successful attempts
 * count; a re-run of a split writes the same set), and the client counts the union and removes the
 * files. 8 bytes per distinct dropped key per map task; two distinct keys with the same 64-bit hash
 * (probability about d^2 / 2^65 among d keys) count once.
 */
final class DroppedKeys {
  static final String PREFIX = "_dropped-keys-";

  private DroppedKeys() {}

  /** Writes the task's distinct dropped key hashes to its work output. */
  static void write(TaskInputOutputContext<?, ?, ?, ?> context, DistinctHashes hashes)
      throws IOException, InterruptedException {
    Path file =
        new Path(
            FileOutputFormat.getWorkOutputPath(context),
            PREFIX + context.getTaskAttemptID().getTaskID());
    FileSystem fs = file.getFileSystem(context.getConfiguration());
    try (DataOutputStream out = fs.create(file, false)) {
      for (long h : hashes.sorted()) {
        out.writeLong(h);
      }
    }
  }

  /** Counts the distinct hashes over the side files in {@code output}, then deletes the files. */
  static long countAndRemove(FileSystem fs, Path output) throws IOException {
    FileStatus[] files = fs.globStatus(new Path(output, PREFIX + "*"));
    DistinctHashes all = new DistinctHashes();
    if (files == null) {
      return 0;
    }
    for (FileStatus f : files) {
      try (DataInputStream in = fs.open(f.getPath())) {
        for (long i = 0; i < f.getLen() / Long.BYTES; i++) {
          all.add(in.readLong());
        }
      } catch (EOFException e) {
        throw new IOException(f.getPath() + ": truncated dropped-keys file", e);
      }
    }
    for (FileStatus f : files) {
      fs.delete(f.getPath(), false);
    }
    return all.count();
  }
}
