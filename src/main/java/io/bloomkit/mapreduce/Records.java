package io.bloomkit.mapreduce;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.reflect.Method;
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
   * The exception for a malformed record: names the file and the byte offset of the line.
   */
  public static MalformedRecordException malformed(
      TaskAttemptContext context, InputSplit split, long offset, String problem) {
    MalformedRecordException e =
        new MalformedRecordException(
            "malformed record in " + fileOf(split) + " at byte offset " + offset + ": " + problem);
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
    Path file = new Path(dir, String.valueOf(context.getTaskAttemptID()));
    try (OutputStream out = file.getFileSystem(conf).create(file, true)) {
      out.write(reason.getBytes(StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      // best effort: the exception itself still fails the task
    }
  }

  /**
   * The file of a split; sees through the split wrapper of {@code MultipleInputs}, which is not
   * public.
   */
  public static String fileOf(InputSplit split) {
    if (split instanceof FileSplit) {
      return ((FileSplit) split).getPath().toString();
    }
    if (split != null) {
      try {
        Method m = split.getClass().getDeclaredMethod("getInputSplit");
        m.setAccessible(true);
        Object inner = m.invoke(split);
        if (inner instanceof FileSplit) {
          return ((FileSplit) inner).getPath().toString();
        }
      } catch (ReflectiveOperationException | RuntimeException e) {
        // fall through to the split's own description
      }
      return split.toString();
    }
    return "(unknown input)";
  }
}
