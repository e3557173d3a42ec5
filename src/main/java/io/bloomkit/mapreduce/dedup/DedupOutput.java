package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.RecordLines;
import io.bloomkit.mapreduce.table.TableOutputs;
import java.io.IOException;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;

/**
 * Where a dedup task writes records: kept ones under {@value #KEPT}, removed ones under {@value
 * #DUPLICATES} of the job's output directory (map tasks and reduce tasks alike; the tool moves the
 * files to DIR and DIR2). Duplicates are only written when asked for.
 */
public interface DedupOutput {
  /** Sub-directory (and file prefix) of the kept records in the job output. */
  String KEPT = "kept";
  /** Sub-directory (and file prefix) of the removed records in the job output. */
  String DUPLICATES = "duplicates";

  void kept(Text line) throws IOException, InterruptedException;

  void duplicate(Text line) throws IOException, InterruptedException;

  void close() throws IOException, InterruptedException;

  /**
   * The output through {@link MultipleOutputs} of {@code context}; removed records are written
   * when {@link BloomkitConfig#DEDUP_WRITE_DUPLICATES} is set.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static DedupOutput of(TaskInputOutputContext<?, ?, ?, ?> context) {
    boolean duplicates =
        BloomkitConfig.DEDUP_WRITE_DUPLICATES.getBoolean(context.getConfiguration());
    MultipleOutputs mo = new MultipleOutputs(context);
    NullWritable nil = NullWritable.get();
    RecordLines records = RecordLines.fromConf(context.getConfiguration());
    if (records != null) {
      TableOutputs.RecordWriter kept = TableOutputs.writer(context.getConfiguration(),
          (k, v) -> mo.write(k, v, KEPT + "/part"));
      TableOutputs.RecordWriter removed = TableOutputs.writer(context.getConfiguration(),
          (k, v) -> mo.write(k, v, DUPLICATES + "/part"));
      return new DedupOutput() {
        @Override
        public void kept(Text line) throws IOException, InterruptedException {
          kept.write(records.record(line));
        }

        @Override
        public void duplicate(Text line) throws IOException, InterruptedException {
          if (duplicates) {
            removed.write(records.record(line));
          }
        }

        @Override
        public void close() throws IOException, InterruptedException {
          mo.close();
        }
      };
    }
    return new DedupOutput() {
      @Override
      public void kept(Text line) throws IOException, InterruptedException {
        mo.write(nil, line, KEPT + "/part");
      }

      @Override
      public void duplicate(Text line) throws IOException, InterruptedException {
        if (duplicates) {
          mo.write(nil, line, DUPLICATES + "/part");
        }
      }

      @Override
      public void close() throws IOException, InterruptedException {
        mo.close();
      }
    };
  }
}
