package io.bloomkit.mapreduce.table;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Where {@link Tables#sample} reads an input that splits at any byte (text, CSV without multi-line
 * records, uncompressed or with a splittable codec): short runs from random positions in equal
 * slices of its bytes ({@link #spread}).
 */
final class SampleRuns {
  private SampleRuns() {}

  /** The runs a sample of files that split anywhere reads. */
  static final int CHUNKS = 64;

  /** A stretch of an input's bytes (one split, or consecutive ones) and the rows read from it. */
  static final class Run {
    final List<FileSplit> splits;
    final long rows;

    Run(List<FileSplit> splits, long rows) {
      this.splits = splits;
      this.rows = rows;
    }
  }

  static boolean splitsAnywhere(TableInputFormat format, Job job, List<InputSplit> splits) {
    for (InputSplit s : splits) {
      if (!format.isSplitable(job, ((FileSplit) s).getPath())) {
        return false;
      }
    }
    return true;
  }

  /**
   * The runs of a sample of {@code rows} rows of {@code splits} (sorted, in path order): a
   * position is drawn at random (seeded by {@code seed} and the files' names and sizes, so that
   * the same files give the same sample anywhere) in each of {@code chunks} equal slices of their
   * bytes, and run i reads from position i up to position i + 1 (the last to the end; one more
   * run from the start to position 0), its bytes' share of {@code rows} rows: every byte belongs
   * to one run, so an input of fewer rows than asked for is read whole, each row once (a split that
   * starts inside a line reads from the next one, as a task's does). Where keys follow the files' order
   * (a table written sorted by its key, as TPC-H's are), the first rows of evenly spaced splits of
   * two inputs cover the same stretches of keys, and a match share estimated from them is several
   * times the true one (0.31 against 0.100 for TPC-H SF 10 lineitem and 10% of orders); short runs
   * from positions drawn independently for each input cover as many of the other's keys as their
   * share of its rows, on average.
   */
  static List<Run> spread(List<InputSplit> splits, int chunks, long rows, long seed) {
    long total = 0;
    long files = 0;
    Path last = null;
    for (InputSplit s : splits) {
      FileSplit f = (FileSplit) s;
      total += f.getLength();
      if (!f.getPath().equals(last)) {
        files = files * 31 + f.getPath().getName().hashCode();
        last = f.getPath();
      }
    }
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed << 32 ^ files ^ total);
    long[] at = new long[chunks + 1];
    for (int i = 0; i < chunks; i++) {
      at[i] = (long) ((i + random.nextDouble()) * total / chunks);
    }
    at[chunks] = total;
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < chunks; i++) {
      if (at[i + 1] > at[i]) {
        runs.add(new Run(bytes(splits, at[i], at[i + 1]), share(rows, at[i + 1] - at[i], total)));
      }
    }
    if (at[0] > 0) { // the start, up to the first position
      runs.add(new Run(bytes(splits, 0, at[0]), share(rows, at[0], total)));
    }
    return runs;
  }

  /** A run's rows: its bytes' share of {@code rows}, rounded up (at least one). */
  private static long share(long rows, long bytes, long total) {
    return Math.max(1, (long) Math.ceil((double) rows * bytes / total));
  }

  /** The splits of the bytes {@code [from, to)} of {@code splits} counted one after the other. */
  private static List<FileSplit> bytes(List<InputSplit> splits, long from, long to) {
    List<FileSplit> out = new ArrayList<>();
    long before = 0;
    for (InputSplit s : splits) {
      FileSplit f = (FileSplit) s;
      long a = Math.max(from, before);
      long b = Math.min(to, before + f.getLength());
      if (a < b) {
        out.add(new FileSplit(f.getPath(), f.getStart() + a - before, b - a, new String[0]));
      }
      before += f.getLength();
      if (before >= to) {
        break;
      }
    }
    return out;
  }

}
