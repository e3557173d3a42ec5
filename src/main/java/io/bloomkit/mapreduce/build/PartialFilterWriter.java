package io.bloomkit.mapreduce.build;

import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.BuildCounters;
import io.bloomkit.mapreduce.FilterSpec;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A task's partial filter: collects the task's distinct keys and, at cleanup, writes the partial
 * into the task's work output directory, which the output committer promotes only for the
 * successful attempt.
 */
public final class PartialFilterWriter {
  private final PartialFilter partial;

  public PartialFilterWriter(TaskInputOutputContext<?, ?, ?, ?> context) {
    this.partial = PartialFilter.create(FilterSpec.fromConf(context.getConfiguration()));
  }

  public void add(Text key) {
    partial.add(key.getBytes(), 0, key.getLength());
  }

  public long items() {
    return partial.items();
  }

  public void write(TaskInputOutputContext<?, ?, ?, ?> context) throws IOException, InterruptedException {
    if (partial.items() == 0) {
      return; // nothing to add; the client starts from an empty filter
    }
    Filter f = partial.finish();
    OutputCommitter committer = context.getOutputCommitter();
    Path dir =
        committer instanceof PathOutputCommitter
            ? ((PathOutputCommitter) committer).getWorkPath()
            : FileOutputFormat.getOutputPath(context); // no committer (unit tests)
    String prefix = BloomkitConfig.PARTIAL_PREFIX.get(context.getConfiguration());
    Path file = new Path(dir, prefix + "-" + context.getTaskAttemptID().getTaskID());
    try (OutputStream out = file.getFileSystem(context.getConfiguration()).create(file, false)) {
      f.writeTo(out);
    }
    context.getCounter(BuildCounters.PARTIAL_FILTERS).increment(1);
  }
}
