package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.CombinedTableSplit;
import io.bloomkit.mapreduce.table.TableFormat;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/** Helpers the mappers share for malformed records. */
public final class Records {
  private Records() {}

  /** Thrown in {@code --strict} mode on the first malformed record. */
  public static final class MalformedRecordException extends IOException {
    private static final long serialVersionUID = 1L;

    public MalformedRecordException(String message) {
      super(message);
    }
  }

  /**
   * The exception for a malformed record: names the file and where the record is in it ({@link
   * TableFormat#where}: the byte offset of a line, the number of a columnar record).
   */
  public static MalformedRecordException malformed(TaskAttemptContext context, InputSplit split,
      TableFormat format, long position, String problem) {
    MalformedRecordException e =
        new MalformedRecordException(
            "malformed record in " + fileOf(split) + " at " + format.where(position) + ": "
                + problem);
    leaveReason(context, e.getMessage());
    return e;
  }

  /**
   * Leaves a task's failure reason in {@link BloomkitConfig#FAILURE_DIR} (when set), where the
   * client finds it even when the framework keeps no diagnostics (local mode).
   */
  public static void leaveReason(TaskAttemptContext context, String reason) {
    Configuration conf = context.getConfiguration();
    String dir = BloomkitConfig.FAILURE_DIR.get(conf);
    if (dir == null || dir.isEmpty()) {
      return;
    }
    try {
      leaveNote(context, dir, reason);
    } catch (IOException | RuntimeException e) {
      // best effort: the exception itself still fails the task
    }
  }

  /**
   * Writes {@code text} to the file named after the task attempt in {@code dir} (on the job's file
   * system, so the client finds it on a cluster too): a task's one-line note to the client.
   */
  public static void leaveNote(TaskAttemptContext context, String dir, String text)
      throws IOException {
    Configuration conf = context.getConfiguration();
    Path file = new Path(dir, String.valueOf(context.getTaskAttemptID()));
    try (OutputStream out = file.getFileSystem(conf).create(file, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }

  /**
   * Leaves the reason of a task that fails with {@code e} (see {@link #leaveReason}): the reason
   * the task left already if any, else the first line of the exception's message ({@link
   * #reasonOf}); then the stack trace, which the client logs at DEBUG.
   */
  public static void leaveFailure(TaskAttemptContext context, Throwable e) {
    Configuration conf = context.getConfiguration();
    String dir = BloomkitConfig.FAILURE_DIR.get(conf);
    if (dir == null || dir.isEmpty()) {
      return;
    }
    Path file = new Path(dir, String.valueOf(context.getTaskAttemptID()));
    java.io.StringWriter trace = new java.io.StringWriter();
    e.printStackTrace(new java.io.PrintWriter(trace));
    try {
      org.apache.hadoop.fs.FileSystem fs = file.getFileSystem(conf);
      String reason = reasonOf(e);
      if (fs.exists(file)) {
        try (java.io.InputStream in = fs.open(file)) {
          reason = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n", 2)[0];
        }
      }
      try (OutputStream out = fs.create(file, true)) {
        out.write((reason + "\n" + trace).getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException | RuntimeException x) {
      // best effort: the exception itself still fails the task
    }
  }

  /**
   * One line saying why {@code e} happened: the first line of its message, after the exception's
   * simple class name unless it is one of bloomkit's own or a plain I/O error (whose messages say
   * it all); the class name alone when there is no message.
   */
  public static String reasonOf(Throwable e) {
    String m = e.getMessage();
    if (m != null) {
      int nl = m.indexOf('\n');
      m = (nl < 0 ? m : m.substring(0, nl)).trim();
    }
    String type = e.getClass().getSimpleName();
    if (m == null || m.isEmpty()) {
      return type;
    }
    boolean plain = e.getClass().getName().startsWith("io.bloomkit.") || e.getClass() == IOException.class;
    return plain ? m : type + ": " + m;
  }

  /**
   * The file of a split: a file split's path, through the side tag of a join's split ({@link
   * SideSplit#inner}) and the part being read of a combined split ({@link
   * CombinedTableSplit#current}); any other split's own description.
   */
  public static String fileOf(InputSplit split) {
    FileSplit s = fileSplitOf(split);
    if (s != null) {
      return s.getPath().toString();
    }
    InputSplit inner = split instanceof SideSplit ? ((SideSplit) split).inner() : split;
    return inner == null ? "(unknown input)" : inner.toString();
  }

  /**
   * The file split being read of a split, as {@link #fileOf} finds it (the same object for as long
   * as its records are read), or null for a split of no file.
   */
  public static FileSplit fileSplitOf(InputSplit split) {
    InputSplit s = split instanceof SideSplit ? ((SideSplit) split).inner() : split;
    if (s instanceof CombinedTableSplit) {
      return ((CombinedTableSplit) s).current();
    }
    return s instanceof FileSplit ? (FileSplit) s : null;
  }
}
