package io.bloomkit.mapreduce.filterjob;

import io.bloomkit.core.Filter;
import io.bloomkit.core.format.Provenance;
import io.bloomkit.core.key.KeySignature;
import io.bloomkit.mapreduce.common.FilterFiles;
import io.bloomkit.mapreduce.common.FilterSources;
import io.bloomkit.mapreduce.common.FilterSpec;
import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.JobChain;
import io.bloomkit.mapreduce.common.JobCounters;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.BuildCounters;
import io.bloomkit.mapreduce.export.ExportFilter;
import io.bloomkit.mapreduce.export.ExportTarget;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.io.InputStream;
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
 *
 * <p>Small inputs (decoded bytes at most {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES}) are built in
 * the client without a job: {@link LocalKeys} reads and keys them as the mappers do and inserts the
 * distinct keys with the same {@link PartialFilter} code, so the filter file is the same.
 * <p>With a {@link #target} other than bloomkit the same jobs fill partial filters of that
 * library ({@link ExportFilter}, sized for the same exact distinct count or --items and the same
 * --fpp or --bits-per-key), which the client merges with the library's own OR and writes in the
 * library's format.
 */
public final class FilterBuild {

  /** The input's name in the build tasks' malformed-record samples. */
  public static final String SAMPLE_INPUT = "input";

  private final Configuration base;
  private Path[] inputs;
  private Path output;
  private TableSpec table;
  private FilterSpec spec;
  private int reducers = 1;
  private boolean strict;
  private long maxBytes;
  private String inputName = "input";
  private LocalKeys localKeys;
  private String tool = "build";
  private List<String> commandLine = List.of();
  private ExportTarget target = ExportTarget.BLOOMKIT;

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

  /**
   * The tool and command line the filter's provenance records (default {@code build}, none).
   */
  public FilterBuild provenance(String tool, List<String> commandLine) {
    this.tool = tool;
    this.commandLine = List.copyOf(commandLine);
    return this;
  }

  /**
   * The largest filter payload in bytes (0, the default: no cap): a filter sized for the exact
   * distinct keys is lowered to the largest bits per key that fits ({@link FilterSpec#capped}),
   * or the build fails when none does. The join's {@code --max-filter-bytes}, whose plan sized the
   * filter for an estimate of the keys.
   */
  public FilterBuild maxBytes(long bytes) {
    this.maxBytes = bytes;
    return this;
  }

  public FilterBuild strict(boolean s) {
    this.strict = s;
    return this;
  }

  /**
   * Builds from keys the caller read already (the join planner, which reads a small left side
   * once): in the client, whatever {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES} says. The keys
   * must have been read from this build's inputs by its table.
   */
  public FilterBuild localKeys(LocalKeys k) {
    this.localKeys = k;
    return this;
  }

  /** The library whose format the filter is written in (default bloomkit's). */
  public FilterBuild target(ExportTarget t) {
    this.target = t;
    return this;
  }

  /** The target stored in the job configuration ({@link BloomkitConfig#BUILD_TARGET}). */
  static ExportTarget target(Configuration conf) {
    return ExportTarget.valueOf(
        BloomkitConfig.BUILD_TARGET.get(conf).toUpperCase(java.util.Locale.ROOT));
  }

  /** What a build did. */
  public static final class Result {
    /** The bloomkit filter built; null for another target. */
    public Filter filter;
    /** The other library's filter built ({@link #target}); null for bloomkit's. */
    public ExportFilter export;
    public FilterSpec spec;
    /** The key types recorded in the filter file. */
    public KeySignature keys;
    /** The provenance recorded in the filter file. */
    public Provenance provenance;
    /** The input's records, malformed ones and the first of them. */
    public MalformedRecords.Tally tally;
    /**
     * The counters of the first job (the one that reads the input: {@link BuildCounters}); built
     * in the client, the same counters of the client's read ({@link LocalKeys#counters}).
     */
    public JobCounters counters;
    public long bytes;
    /** The jobs run: 0 when built in the client. */
    public int jobs;
  }

  /**
   * Builds the filter and writes it to the output path: in the client ({@link LocalKeys}) when
   * keys were given ({@link #localKeys}) or the inputs' decoded bytes ({@link Tables#dataBytes})
   * are at most {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES} and their keys fit that budget in
   * memory; else with the job(s).
   *
   * @throws MalformedRecords.AllMalformedException when every input record is malformed (before
   *     anything is written)
   */
  public Result run() throws IOException, InterruptedException {
    Configuration conf = new Configuration(base);
    BloomkitConfig.STRICT.set(conf, strict);
    KeySignature signature = KeySignature.of(table.keyTypes()); // recorded in the filter file
    BloomkitConfig.KEY_TYPES.set(conf, signature.format());
    BloomkitConfig.BUILD_TARGET.set(conf, target.name().toLowerCase(java.util.Locale.ROOT));
    String refusal = ExportFilter.refusal(target, spec, signature);
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
    // the sources as they are before they are read: a later change makes the filter stale
    List<Provenance.Source> sources = FilterSources.sources(conf, -1, -1, inputs);
    // a bloomkit filter of small inputs is built in the client; another library's goes through the jobs
    LocalKeys local =
        target != ExportTarget.BLOOMKIT ? null : localKeys != null ? localKeys : readLocally(conf);
    if (local != null) {
      return runLocally(conf, local, signature, sources);
    }
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
        if (target != ExportTarget.BLOOMKIT) {
          exportOf(spec, signature); // fail before the job if the library cannot hold it
        }
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
      FilterSpec sized = onePass ? spec : sized(distinct);
      if (!onePass) {
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
      r.keys = signature;
      if (target != ExportTarget.BLOOMKIT) {
        ExportFilter e = mergeExports(conf, partials, exportOf(sized, signature), signature);
        e.items(distinct); // the files do not record it
        r.export = e;
        r.bytes = FilterFiles.writeAtomically(conf, out, e::writeTo);
        Progress.current().step("built " + e.library() + " with " + e.items() + " keys into " + out);
        return r;
      }
      r.filter = mergePartials(conf, partials, sized);
      r.provenance = provenance(sources, c.get(BuildCounters.INPUT_RECORDS), distinct, sized);
      r.bytes = FilterFiles.writeAtomically(conf, out, r.filter, signature, r.provenance);
      Progress.current().step(
          "built " + sized.name() + " with " + r.filter.items() + " keys into " + out);
      return r;
    }
  }

  /**
   * The new filter's provenance: its key spec and a build step over {@code sources} (listed
   * before the keys were read), with the record and distinct-key counts on the one file when
   * there is one.
   */
  private Provenance provenance(List<Provenance.Source> sources, long records, long distinct,
      FilterSpec sized) {
    if (sources.size() == 1) { // the counts are this one file's
      Provenance.Source s = sources.get(0);
      sources = List.of(Provenance.Source.file(s.path(), s.length(), s.modifiedMillis(),
          records, distinct));
    }
    return Provenance.of(FilterSources.keySpec(table),
        Provenance.Step.builder("build").tool(tool).options(commandLine)
            .description("built " + sized.name() + " from " + records + " records, "
                + distinct + " distinct keys")
            .sources(sources)
            .build());
  }

  /**
   * The spec sized for {@code distinct} keys (at least 1), lowered to {@link #maxBytes} when one is
   * set.
   */
  private FilterSpec sized(long distinct) throws IOException {
    try {
      FilterSpec sized = spec.withItems(Math.max(1, distinct)).capped(maxBytes);
      sized.shape();
      return sized;
    } catch (IllegalArgumentException e) {
      throw new IOException(
          "cannot size " + spec + " for the " + distinct + " distinct keys: " + e.getMessage());
    }
  }

  /**
   * The inputs' keys read in the client when their decoded bytes are at most {@link
   * BloomkitConfig#BUILD_LOCAL_MAX_BYTES}, or null: larger inputs, the key 0, or keys that would
   * not fit its budget in memory (then the job reads them).
   */
  private LocalKeys readLocally(Configuration conf) throws IOException {
    long max = BloomkitConfig.BUILD_LOCAL_MAX_BYTES.getLong(conf);
    if (max <= 0) {
      return null;
    }
    long bytes = Tables.dataBytes(conf, table.format(), inputs);
    if (bytes > max) {
      return null;
    }
    try {
      return LocalKeys.read(conf, table, inputs, inputName, strict);
    } catch (LocalKeys.TooLargeException e) {
      Progress.current().step("building with a job: " + e.getMessage());
      return null;
    }
  }

  /** The build in the client: the job's checks, sizing and atomic write, no job. */
  private Result runLocally(Configuration conf, LocalKeys keys, KeySignature signature,
      List<Provenance.Source> sources) throws IOException {
    Result r = new Result();
    r.tally = keys.tally();
    r.tally.failIfAllMalformed();
    r.counters = keys.counters();
    r.spec = spec.items() > 0 ? spec : sized(keys.distinctKeys());
    r.filter = keys.build(r.spec);
    r.keys = signature;
    r.jobs = 0;
    r.provenance = provenance(sources, keys.records(), keys.distinctKeys(), r.spec);
    try (JobChain chain = JobChain.open(conf, output, "build", FilterBuild.class)) {
      r.bytes =
          FilterFiles.writeAtomically(conf, chain.output(), r.filter, signature, r.provenance);
      Progress.current().step("built " + r.spec.name() + " with " + r.filter.items()
          + " keys in the client into " + chain.output());
    }
    return r;
  }

  /** An empty filter of the target sized for {@code sized}, or why the library cannot hold it. */
  private ExportFilter exportOf(FilterSpec sized, KeySignature keys) throws IOException {
    try {
      return ExportFilter.create(target, sized, keys);
    } catch (IllegalArgumentException e) {
      throw new IOException("cannot size a " + target.name().toLowerCase(java.util.Locale.ROOT)
          + " filter " + sized + ": " + e.getMessage(), e);
    }
  }

  /** Reads the other library's partial filters under {@code dir} and merges them into {@code acc}. */
  private ExportFilter mergeExports(Configuration conf, Path dir, ExportFilter acc,
      KeySignature keys) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    for (FileStatus st : partialFiles(conf, dir)) {
      try (InputStream in = fs.open(st.getPath())) {
        acc.merge(ExportFilter.read(target, keys, in));
      }
    }
    return acc;
  }

  /** The partial filters the tasks wrote under {@code dir}, in name order (none if no task did). */
  private static FileStatus[] partialFiles(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    String prefix = BloomkitConfig.PARTIAL_PREFIX.get(conf);
    FileStatus[] files = fs.exists(dir) ? fs.listStatus(dir, p -> p.getName().startsWith(prefix)) : new FileStatus[0];
    Arrays.sort(files);
    return files;
  }

  /** Reads the partial filters under {@code dir} and sums them (an empty filter if none). */
  public static Filter mergePartials(Configuration conf, Path dir, FilterSpec spec) throws IOException {
    Filter acc = null;
    for (FileStatus st : partialFiles(conf, dir)) {
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
   * <p>The inputs are read as {@code table} says ({@link
   * io.bloomkit.mapreduce.table.TableInputFormat}: the mapper takes {@code Row}s).
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
