package io.bloomkit.mapreduce.build;

import io.bloomkit.core.Filter;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.BloomkitConfig;
import io.bloomkit.mapreduce.BuildCounters;
import io.bloomkit.mapreduce.FilterFiles;
import io.bloomkit.mapreduce.FilterSpec;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.table.TableInputFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a filter from the keys of inputs of any format, read by a {@link TableSpec} (the key's
 * canonical bytes, {@link io.bloomkit.mapreduce.table.KeyEncoder}; records with a null key never
 * enter the filter) with MapReduce; the logic behind the {@code build} tool, also used by {@code
 * join}.
 *
 * <p>Map tasks de-duplicate their split's keys in memory and emit each once ({@link
 * DistinctKeyMapper}); the keys are hash-partitioned over R reducers, so each reducer holds a
 * disjoint share. With the item count given, one job: each reducer inserts its share into a
 * partial filter of the full shape ({@link PartialFilterReducer}). Without it, two jobs: the
 * reducers write the distinct keys and count them ({@link DistinctKeyReducer}), the filter is sized
 * from the exact count, then a map-only job builds one partial per split of the distinct keys
 * ({@link PartialFilterMapper}). The client sums the partial counter vectors with {@code merge}
 * (Bloom filters: OR; exact sets: union) and writes the result atomically.
 */
public final class FilterBuild {
  private static final Logger LOG = LoggerFactory.getLogger(FilterBuild.class);

  /** The input's name in the build tasks' malformed-record samples. */
  static final String SAMPLE_INPUT = "input";

  private final Configuration base;
  private Path[] inputs;
  private Path output;
  private TableSpec table;
  private FilterSpec spec;
  private int reducers = 1;
  private boolean strict;
  private String inputName = "input";

  public FilterBuild(Configuration conf) {
    this.base = conf;
  }

  public FilterBuild inputs(Path... p) {
    this.inputs = p.clone();
    return this;
  }

  public FilterBuild output(Path p) {
    this.output = p;
    return this;
  }

  /** How the inputs are read: format, key fields and types, null rules. */
  public FilterBuild table(TableSpec t) {
    this.table = t;
    return this;
  }

  public FilterBuild spec(FilterSpec s) {
    this.spec = s;
    return this;
  }

  public FilterBuild reducers(int r) {
    this.reducers = r;
    return this;
  }

  /** How messages name the input ({@code input}; join: {@code left input}). */
  public FilterBuild inputName(String name) {
    this.inputName = name;
    return this;
  }

  public FilterBuild strict(boolean s) {
    this.strict = s;
    return this;
  }

  /** What a build did. */
  public static final class Result {
    public Filter filter;
    public FilterSpec spec;
    /** The key types recorded in the filter file. */
    public KeySignature keys;
    /** The input's records, malformed ones and the first of them. */
    public MalformedRecords.Tally tally;
    /** The counters of the first job (the one that reads the input: {@link BuildCounters}). */
    public JobCounters counters;
    public long bytes;
    public int jobs;
  }

  /**
   * Runs the job(s) and writes the filter to the output path.
   *
   * @throws MalformedRecords.AllMalformedException when every input record is malformed (before
   *     anything is written)
   */
  public Result run() throws IOException, InterruptedException {
    Configuration conf = new Configuration(base);
    BloomkitConfig.STRICT.set(conf, strict);
    KeySignature signature = KeySignature.of(table.keyTypes()); // recorded in the filter file
    BloomkitConfig.KEY_TYPES.set(conf, signature.format());
    Result r = new Result();
    try (JobChain chain = JobChain.open(conf, output, "build", FilterBuild.class)) {
      Path out = chain.output();
      Path partials = chain.work("partials");
      boolean onePass = spec.items() > 0; // else: count the distinct keys, then size
      Path keys = chain.work("keys");
      JobChain.Step first =
          chain.step(onePass
                  ? "build " + spec.name() + " (one pass) -> " + out
                  : "build: distinct keys -> " + keys)
              .tableInput(table, inputs)
              .sampleMalformed()
              .map(DistinctKeyMapper.class, Text.class, NullWritable.class);
      if (onePass) {
        spec.toConf(first.conf());
        first
            .reduce(PartialFilterReducer.class, reducers)
            .lazyOutput(SequenceFileOutputFormat.class, NullWritable.class, NullWritable.class,
                partials);
      } else {
        first
            .reduce(DistinctKeyReducer.class, reducers)
            .lazyOutput(SequenceFileOutputFormat.class, Text.class, NullWritable.class, keys);
      }
      JobCounters c = first.run();
      r.counters = c;
      r.tally =
          new MalformedRecords.Tally(inputName, table)
              .counts(c.get(BuildCounters.INPUT_RECORDS), c.get(BuildCounters.MALFORMED_RECORDS),
                  first.firstMalformed(SAMPLE_INPUT));
      r.tally.failIfAllMalformed();
      long distinct = c.get(BuildCounters.DISTINCT_KEYS);
      FilterSpec sized = spec;
      if (!onePass) {
        try {
          sized = spec.withItems(Math.max(1, distinct));
          sized.shape();
        } catch (IllegalArgumentException e) {
          throw new IOException(
              "cannot size " + spec + " for the " + distinct + " distinct keys: " + e.getMessage());
        }
        if (distinct > 0) {
          JobChain.Step second =
              chain.step("build " + sized.name() + " from " + distinct + " keys -> " + out)
                  .input(SequenceFileInputFormat.class, keys)
                  .map(PartialFilterMapper.class)
                  .mapOnly()
                  .lazyOutput(SequenceFileOutputFormat.class, NullWritable.class,
                      NullWritable.class, partials);
          sized.toConf(second.conf());
          second.run();
        }
      }
      r.jobs = chain.jobs();
      r.spec = sized;
      r.filter = mergePartials(conf, partials, sized);
      r.keys = signature;
      r.bytes = FilterFiles.writeAtomically(conf, out, r.filter, signature);
      LOG.info("built {} with {} keys into {}", sized.name(), r.filter.items(), out);
      return r;
    }
  }

  /** Reads the partial filters under {@code dir} and sums them (an empty filter if none). */
  public static Filter mergePartials(Configuration conf, Path dir, FilterSpec spec) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    String prefix = BloomkitConfig.PARTIAL_PREFIX.get(conf);
    FileStatus[] files = fs.exists(dir) ? fs.listStatus(dir, p -> p.getName().startsWith(prefix)) : new FileStatus[0];
    Arrays.sort(files);
    Filter acc = null;
    for (FileStatus st : files) {
      Filter f = FilterFiles.read(conf, st.getPath());
      List<Filter> two = new ArrayList<>();
      if (acc != null) {
        two.add(acc);
      }
      two.add(f);
      acc = PartialFilter.merge(two);
    }
    return acc != null ? acc : PartialFilter.empty(spec);
  }

  /**
   * A map-only step of a {@link JobChain} whose mapper builds one counting filter per split (of key
   * multiplicities, of local totals ...) and writes it as a partial into the chain's work
   * directory; the partials are then summed (never OR-ed) into {@code filter}, written atomically.
   * The caller names the step and sets its mapper; the filter is a cbf sized for {@code items} keys
   * (when 0, estimated as one key per 64 input bytes).
   *
   * <p>The inputs are read as {@code table} says ({@link TableInputFormat}: the mapper takes
   * {@code Row}s).
   *
   * @return the summed filter; {@link JobChain.Step#job()} holds the phase's counters
   */
  public static Filter perSplitCountingFilter(JobChain.Step step, TableSpec table, Path[] inputs,
      Path filter, long items, double bitsPerKey) throws IOException, InterruptedException {
    Path partials = step.chain().work("partials");
    FilterSpec spec = perSplitJob(step.job(), table, inputs, partials, items, bitsPerKey);
    // the types the filter records
    KeySignature keys = KeySignature.of(table.keyTypes());
    step.run();
    Filter f = mergePartials(step.conf(), partials, spec);
    FilterFiles.writeAtomically(step.conf(), filter, f, keys);
    return f;
  }

  private static FilterSpec perSplitJob(Job job, TableSpec table, Path[] inputs, Path partials,
      long items, double bitsPerKey) throws IOException {
    Configuration conf = job.getConfiguration();
    if (items <= 0) {
      items = Math.max(1024, Inputs.bytes(conf, inputs) / 64);
    }
    FilterSpec spec = new FilterSpec("cbf", items, 0, 0, bitsPerKey, 0);
    job.setJobName(job.getJobName() + " (" + spec + ")");
    spec.toConf(conf);
    Inputs.configure(job, table, inputs);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, SequenceFileOutputFormat.class);
    FileOutputFormat.setOutputPath(job, partials);
    return spec;
  }
}
