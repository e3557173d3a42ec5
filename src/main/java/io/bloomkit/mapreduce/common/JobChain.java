package io.bloomkit.mapreduce.common;

import io.bloomkit.mapreduce.table.TableSpec;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;

/**
 * The jobs of one tool run, one after the other, and their work directory: the hidden sibling
 * {@code .NAME._TAG-UUID} of the output ({@link Temporaries}), deleted by {@link #close} (and when
 * the JVM is stopped). The jobs write into it; the finished result is renamed into place ({@link
 * #promote}), so the output either does not exist or is complete.
 *
 * <pre>{@code
 * try (JobChain chain = JobChain.open(conf, output, "icebergs", IcebergTool.class)) {
 *   JobChain.Step s = chain.step("icebergs exact -> " + chain.output())
 *       .tableInput(spec, inputs)
 *       .sampleMalformed()
 *       .map(IcebergMapper.class, Text.class, LongWritable.class)
 *       .reduce(IcebergReducer.class, reducers)
 *       .lazyOutput(TextOutputFormat.class, Text.class, LongWritable.class, chain.staged());
 *   JobCounters c = s.run();
 *   ...
 *   chain.promote();
 * }
 * }</pre>
 */
public final class JobChain implements Closeable {
  private final Configuration conf;
  private final Class<?> jar;
  private final FileSystem fs;
  private final Path output;
  private final Temporaries.Temporary work;
  private int jobs;

  private JobChain(Configuration conf, Class<?> jar, FileSystem fs, Path output,
      Temporaries.Temporary work) {
    this.conf = conf;
    this.jar = jar;
    this.fs = fs;
    this.output = output;
    this.work = work;
  }

  /**
   * Opens the chain of a run writing {@code output}: qualifies the output, removes the work
   * directories an earlier killed run with the same output left, and names a new one (not created).
   *
   * @param tag the tool ({@code build}, {@code join}, {@code dedup}, {@code icebergs})
   * @param jar a class of the job jar ({@link Job#setJarByClass})
   */
  public static JobChain open(Configuration conf, Path output, String tag, Class<?> jar)
      throws IOException {
    FileSystem fs = output.getFileSystem(conf);
    Path qualified = fs.makeQualified(output); // a relative path has a parent too
    return new JobChain(conf, jar, fs, qualified, Temporaries.of(conf, qualified, tag));
  }

  /** The configuration every job of the chain starts from. */
  public Configuration conf() {
    return conf;
  }

  /** The output's file system. */
  public FileSystem fs() {
    return fs;
  }

  /** The output, qualified. */
  public Path output() {
    return output;
  }

  /** The work directory (hidden, next to the output; not created until a job writes into it). */
  public Path work() {
    return work.path();
  }

  /** A path in the work directory. */
  public Path work(String name) {
    return new Path(work.path(), name);
  }

  /** Where the last job writes the result that {@link #promote()} moves to the output. */
  public Path staged() {
    return work("out");
  }

  /**
   * A new job named {@code "bloomkit " + name}, from the chain's configuration, with the chain's
   * jar.
   */
  public Step step(String name) throws IOException {
    Job job = Job.getInstance(conf);
    job.setJobName("bloomkit " + name);
    job.setJarByClass(jar);
    return new Step(job);
  }

  /** Runs a job of the chain ({@link Jobs#run}: on failure the first task's reason) and counts it. */
  public JobCounters run(Job job) throws IOException, InterruptedException {
    Jobs.run(job);
    jobs++;
    return JobCounters.of(job);
  }

  /** The jobs run so far. */
  public int jobs() {
    return jobs;
  }

  /** Moves the finished {@link #staged()} directory to the output ({@link Temporaries#promote}). */
  public void promote() throws IOException {
    promote(staged(), output);
  }

  /**
   * Moves a finished directory of the work directory to {@code target} in one rename, marked
   * complete with {@code _SUCCESS} ({@link Temporaries#promote}).
   */
  public void promote(Path staged, Path target) throws IOException {
    Temporaries.promote(fs, staged, fs.makeQualified(target));
  }

  /** Deletes the work directory. */
  @Override
  public void close() throws IOException {
    work.close();
  }

  /** One job of the chain being set up; {@link #job()} gives the Hadoop job for anything else. */
  public final class Step {
    private final Job job;
    private Path samples;

    private Step(Job job) {
      this.job = job;
    }

    /** The chain the job belongs to. */
    public JobChain chain() {
      return JobChain.this;
    }

    /** The Hadoop job. */
    public Job job() {
      return job;
    }

    /** The job's configuration. */
    public Configuration conf() {
      return job.getConfiguration();
    }

    /** Reads {@code inputs} as {@code spec} says (format, fields, null rules: {@link Inputs}). */
    public Step tableInput(TableSpec spec, Path... inputs) throws IOException {
      Inputs.configure(job, spec, inputs);
      return this;
    }

    /** Reads the files of {@code dirs} with {@code format} (the output of an earlier job). */
    @SuppressWarnings("rawtypes")
    public Step input(Class<? extends InputFormat> format, Path... dirs) throws IOException {
      job.setInputFormatClass(format);
      FileInputFormat.setInputPaths(job, dirs);
      return this;
    }

    /**
     * Lets the map tasks leave their first malformed record in a fresh sample directory of the work
     * directory ({@link MalformedRecords#prepare}); {@link #samples()} gives it.
     */
    public Step sampleMalformed() throws IOException {
      samples = MalformedRecords.prepare(job, work());
      return this;
    }

    /** The malformed-record sample directory, or null without {@link #sampleMalformed()}. */
    public Path samples() {
      return samples;
    }

    /**
     * The earliest malformed record the map tasks left for {@code input} (their sampler's name:
     * {@code input}, {@code left}, {@code right}), or null; after the job ran.
     */
    public MalformedRecords.Sample firstMalformed(String input) throws IOException {
      return samples == null ? null : MalformedRecords.first(conf(), samples, input);
    }

    /** The mapper and the classes of its output. */
    @SuppressWarnings("rawtypes")
    public Step map(Class<? extends Mapper> mapper, Class<?> key, Class<?> value) {
      job.setMapperClass(mapper);
      job.setMapOutputKeyClass(key);
      job.setMapOutputValueClass(value);
      return this;
    }

    /** The mapper of a job whose map output classes are its output classes (map-only jobs). */
    @SuppressWarnings("rawtypes")
    public Step map(Class<? extends Mapper> mapper) {
      job.setMapperClass(mapper);
      return this;
    }

    /** The reducer and the number of reduce tasks. */
    @SuppressWarnings("rawtypes")
    public Step reduce(Class<? extends Reducer> reducer, int tasks) {
      job.setReducerClass(reducer);
      job.setNumReduceTasks(tasks);
      return this;
    }

    /** No reduce phase: the map tasks write the output. */
    public Step mapOnly() {
      job.setNumReduceTasks(0);
      return this;
    }

    /** The output: format, key and value classes, directory (a file per task, even empty). */
    @SuppressWarnings("rawtypes")
    public Step output(Class<? extends OutputFormat> format, Class<?> key, Class<?> value, Path dir) {
      job.setOutputFormatClass(format);
      return outputTypes(key, value, dir);
    }

    /**
     * As {@link #output}, through {@link LazyOutputFormat}: a task that writes nothing leaves no
     * file (and tasks writing side outputs only leave no empty part file).
     */
    @SuppressWarnings("rawtypes")
    public Step lazyOutput(
        Class<? extends OutputFormat> format, Class<?> key, Class<?> value, Path dir) {
      LazyOutputFormat.setOutputFormatClass(job, format);
      return outputTypes(key, value, dir);
    }

    private Step outputTypes(Class<?> key, Class<?> value, Path dir) {
      job.setOutputKeyClass(key);
      job.setOutputValueClass(value);
      FileOutputFormat.setOutputPath(job, dir);
      return this;
    }

    /** Runs the job as a job of the chain ({@link JobChain#run}); returns its counters. */
    public JobCounters run() throws IOException, InterruptedException {
      return JobChain.this.run(job);
    }
  }
}
