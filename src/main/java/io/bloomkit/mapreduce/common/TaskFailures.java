package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Makes every task of a job leave its failure reason for the client ({@link Records#leaveFailure}):
 * {@link #wrap} replaces the job's mapper, combiner and reducer classes by {@link ReportingMapper},
 * {@link ReportingCombiner} and {@link ReportingReducer}, which run the real ones (named in {@link
 * BloomkitConfig#TASK_MAP_CLASS} etc.) and, when they throw, leave the reason (the first line of
 * the exception) and its stack trace before rethrowing. The local job runner keeps
 * no task diagnostics (the client would only see "NA"), and on a cluster this is still the task's
 * own words rather than the framework's wrapping.
 */
public final class TaskFailures {
  private TaskFailures() {}

  /** Wraps the job's map, combine and reduce classes (call before submission; idempotent). */
  public static void wrap(Job job) {
    Configuration conf = job.getConfiguration();
    wrap(conf, Job.MAP_CLASS_ATTR, BloomkitConfig.TASK_MAP_CLASS, ReportingMapper.class);
    wrap(conf, Job.COMBINE_CLASS_ATTR, BloomkitConfig.TASK_COMBINE_CLASS, ReportingCombiner.class);
    wrap(conf, Job.REDUCE_CLASS_ATTR, BloomkitConfig.TASK_REDUCE_CLASS, ReportingReducer.class);
    wrap(conf, Job.OUTPUT_FORMAT_CLASS_ATTR, BloomkitConfig.TASK_OUTPUT_FORMAT_CLASS,
        ReportingOutputFormat.class);
  }

  private static void wrap(
      Configuration conf, String attr, BloomkitConfig real, Class<?> wrapper) {
    String current = conf.get(attr);
    if (current == null || current.equals(wrapper.getName())) {
      return; // no class of that kind (the framework's default then) or wrapped already
    }
    conf.set(real.key(), current);
    conf.set(attr, wrapper.getName());
  }

  private static Class<?> real(Configuration conf, BloomkitConfig key) {
    try {
      return conf.getClassByName(key.get(conf));
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(key.key() + ": " + e.getMessage(), e);
    }
  }

  /** Runs the real mapper (from {@link BloomkitConfig#TASK_MAP_CLASS}); reports its failure. */
  public static final class ReportingMapper extends Mapper<Object, Object, Object, Object> {
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void run(Context context) throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      Mapper m =
          (Mapper) ReflectionUtils.newInstance(real(conf, BloomkitConfig.TASK_MAP_CLASS), conf);
      try {
        m.run(context);
      } catch (IOException | InterruptedException | RuntimeException | Error e) {
        Records.leaveFailure(context, e);
        throw e;
      }
    }
  }

  /** Runs the real reducer (from {@link BloomkitConfig#TASK_REDUCE_CLASS}); reports its failure. */
  public static final class ReportingReducer extends Reducer<Object, Object, Object, Object> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
      runReducer(BloomkitConfig.TASK_REDUCE_CLASS, context);
    }
  }

  /**
   * Runs the real combiner (from {@link BloomkitConfig#TASK_COMBINE_CLASS}); reports its failure.
   */
  public static final class ReportingCombiner extends Reducer<Object, Object, Object, Object> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
      runReducer(BloomkitConfig.TASK_COMBINE_CLASS, context);
    }
  }

  /**
   * Runs the job's real output format (from {@link BloomkitConfig#TASK_OUTPUT_FORMAT_CLASS}); a
   * record writer that fails in {@code close} leaves the reason ({@link Records#leaveFailure}) and
   * fails with an {@link IOException}. Hadoop's {@code MultipleOutputs.close} closes its writers
   * in a thread pool and only notices an {@link IOException}: a {@link RuntimeException} or an
   * {@link Error} there (a codec's native library that cannot load, say) was lost, and the task
   * committed the half-written file as if it had succeeded; an {@link IOException} there left only
   * "One or more threads encountered exception during close".
   */
  public static final class ReportingOutputFormat extends OutputFormat<Object, Object> {
    private OutputFormat<Object, Object> real;

    @SuppressWarnings("unchecked")
    private OutputFormat<Object, Object> real(Configuration conf) {
      if (real == null) {
        real = (OutputFormat<Object, Object>) ReflectionUtils.newInstance(
            TaskFailures.real(conf, BloomkitConfig.TASK_OUTPUT_FORMAT_CLASS), conf);
      }
      return real;
    }

    @Override
    public RecordWriter<Object, Object> getRecordWriter(TaskAttemptContext context)
        throws IOException, InterruptedException {
      RecordWriter<Object, Object> w = real(context.getConfiguration()).getRecordWriter(context);
      return new RecordWriter<Object, Object>() {
        @Override
        public void write(Object key, Object value) throws IOException, InterruptedException {
          w.write(key, value);
        }

        @Override
        public void close(TaskAttemptContext c) throws IOException, InterruptedException {
          try {
            w.close(c);
          } catch (IOException | RuntimeException | LinkageError e) {
            IOException x = new IOException("cannot write the output in "
                + FileOutputFormat.getOutputPath(c) + ": " + Records.reasonOf(e), e);
            Records.leaveFailure(c, x);
            throw x;
          }
        }
      };
    }

    @Override
    public void checkOutputSpecs(JobContext context) throws IOException, InterruptedException {
      real(context.getConfiguration()).checkOutputSpecs(context);
    }

    @Override
    public OutputCommitter getOutputCommitter(TaskAttemptContext context)
        throws IOException, InterruptedException {
      return real(context.getConfiguration()).getOutputCommitter(context);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void runReducer(BloomkitConfig key, Reducer.Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    Reducer r = (Reducer) ReflectionUtils.newInstance(real(conf, key), conf);
    try {
      r.run(context);
    } catch (IOException | InterruptedException | RuntimeException | Error e) {
      Records.leaveFailure(context, e);
      throw e;
    }
  }
}
