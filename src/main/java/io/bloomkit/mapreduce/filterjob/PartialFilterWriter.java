package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.export.ExportFilter;
import io.bloomkit.mapreduce.export.ExportTarget;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;

/**
 * A task's partial filter: collects the task's distinct keys and, at cleanup, writes the partial
 * into the task's work output directory, which the output committer promotes only for the
 * successful attempt. The partial is a bloomkit filter, or another library's ({@link
 * ExportFilter}) when {@link BloomkitConfig#BUILD_TARGET} names one.
 */
public final class PartialFilterWriter {
  private final PartialFilter partial;
  private final ExportFilter export;

  public PartialFilterWriter(TaskInputOutputContext<?, ?, ?, ?> context) {
    FilterSpec spec = FilterSpec.fromConf(context.getConfiguration());
    ExportTarget target = FilterBuild.target(context.getConfiguration());
    if (target == ExportTarget.BLOOMKIT) {
      this.partial = PartialFilter.create(spec);
      this.export = null;
    } else {
      KeySignature keys =
          KeySignature.parse(BloomkitConfig.KEY_TYPES.get(context.getConfiguration()));
      this.partial = null;
      this.export = ExportFilter.create(target, spec, keys);
    }
  }

  /** Writes {@code partial} (e.g. {@link PartialFilter#of} a filter file's shape). */
  public PartialFilterWriter(PartialFilter partial) {
    this.partial = partial;
    this.export = null;
  }

  public void add(Text key) {
    if (export != null) {
      export.add(key.getBytes(), 0, key.getLength());
    } else {
      partial.add(key.getBytes(), 0, key.getLength());
    }
  }

  public long items() {
    return export != null ? export.items() : partial.items();
  }

  public void write(TaskInputOutputContext<?, ?, ?, ?> context) throws IOException, InterruptedException {
    if (items() == 0) {
      return; // nothing to add; the client starts from an empty filter
    }
    OutputCommitter committer = context.getOutputCommitter();
    Path dir =
        committer instanceof PathOutputCommitter
            ? ((PathOutputCommitter) committer).getWorkPath()
            : FileOutputFormat.getOutputPath(context); // no committer (unit tests)
    String prefix = BloomkitConfig.PARTIAL_PREFIX.get(context.getConfiguration());
    Path file = new Path(dir, prefix + "-" + context.getTaskAttemptID().getTaskID());
    try (OutputStream out = file.getFileSystem(context.getConfiguration()).create(file, false)) {
      if (export != null) {
        export.writeTo(out);
      } else {
        partial.finish().writeTo(out);
      }
    }
    context.getCounter(BuildCounters.PARTIAL_FILTERS).increment(1);
  }
}
