package io.bloomkit.mapreduce.config;

import io.bloomkit.core.key.KeySignature;
import org.apache.hadoop.conf.Configuration;

/**
 * Every configuration key bloomkit reads, with its description and default: the one owner of the
 * {@code bloomkit.*} keys (docs/tools.md's table of them and {@code ConfigValuesTest} point here).
 * Tools write the keys from their command-line options; tasks read them. Any key can also be set
 * with {@code -D}. What a value may be ({@link #kind}, {@link #range}) and its parsing are in
 * {@code ConfigValues}, the XML-safe form of escaped values in {@code XmlEscapes}; the names of
 * shipped files are {@link CacheLinks}, the JVM properties {@link SystemProperties}.
 */
public enum BloomkitConfig {
  DELIMITER(
      "bloomkit.delimiter",
      "build, join, dedup, icebergs: field delimiter: one character (not a newline or carriage return), \\t or tab for a tab;"
          + " stored escaped: a control character, a backslash or any other character XML 1.0"
          + " cannot hold is written \\uXXXX (4 hex digits, e.g. \\u0001 for Hive's default), and"
          + " \\uXXXX escapes are decoded when read",
      "\t",
      true),
  KEY_TYPES("bloomkit.key.types", "filter builds of text inputs (build, join, dedup and icebergs counting): key"
          + " types, comma-separated, one per key field (string, long, decimal, date, timestamp,"
          + " boolean, binary), recorded in the filters built; empty: string for each key field", ""),
  STRICT("bloomkit.strict", "build, join, dedup, icebergs: fail on the first malformed record instead of counting it", "false"),
  HASHSET_MAX_KEYS(
      "bloomkit.build.hashset.max.keys",
      "build (and the filter builds of join): in-mapper distinct-key set: flush (emit and clear) when it holds this many keys",
      "100000"),
  BUILD_LOCAL_MAX_BYTES(
      "bloomkit.build.local.max.bytes",
      "build and join: inputs whose decoded bytes (Tables.dataBytes) are at most this are read and"
          + " built in the client, without a job; 0 always runs the job",
      String.valueOf(64L << 20)),
  FILTER_NAME("bloomkit.filter.name", "filter-building tasks (build, join, dedup and icebergs counting): filter to build: bf,"
          + " sbbf, cbf, acbf, acbf1..3, exact", "acbf"),
  FILTER_ITEMS("bloomkit.filter.items", "filter-building tasks (build, join, dedup and icebergs counting): items to size for (0:"
          + " the exact distinct-key count)", "0"),
  FILTER_CAPACITY("bloomkit.filter.capacity", "filter-building tasks (build, join, dedup and icebergs counting): ACBF capacity (0: the"
          + " items)", "0"),
  FILTER_FPP("bloomkit.filter.fpp", "filter-building tasks (build, join, dedup and icebergs counting): target false positive"
          + " rate (0: size by bits per key)", "0"),
  FILTER_BITS_PER_KEY("bloomkit.filter.bits.per.key", "filter-building tasks (build, join, dedup and icebergs counting): memory bits per key", "16"),
  FILTER_HASHES("bloomkit.filter.hashes", "filter-building tasks (build, join, dedup and icebergs counting): hash count (0: the best"
          + " for the family)", "0"),
  PARTIAL_PREFIX("bloomkit.build.partial.prefix",
      "filter-building tasks (build, join, dedup and icebergs counting): file name prefix of the"
          + " partial filters they write",
      "partial-filter"),
  UPDATE_LOCAL_MAX_BYTES(
      "bloomkit.update.local.max.bytes",
      "update: largest --add plus --remove input (decoded bytes, as Tables.dataBytes estimates"
          + " them) read on the client; above it, update runs MapReduce jobs (0: always jobs for"
          + " non-empty inputs)",
      String.valueOf(64L << 20)),
  UPDATE_FILTER_PATH("bloomkit.update.filter.path",
      "update, MapReduce path (set by the tool): the filter whose shape the reducers' partial"
          + " counter vectors of the keys to add take",
      ""),
  BUILD_TARGET("bloomkit.build.target",
      "build (set from --target): the library whose format the filter-building tasks write their"
          + " partial filters in: bloomkit, hadoop, hive, spark or parquet",
      "bloomkit"),
  INPUT_SPEC("bloomkit.input.spec",
      "build, dedup, icebergs, update (set by the tools from their input options): how the input"
          + " is read, as JSON: format, delimiter, fields (key fields first), key types, null rules,"
          + " CSV settings (io.bloomkit.mapreduce.table.TableSpec)",
      "",
      true),
  LOCAL_FS_NIO("bloomkit.local.fs.nio",
      "every tool in local mode without Hadoop's native library: the file: scheme reads and sets"
          + " permissions through java.nio (table.NioLocalFileSystem) instead of forking ls -ld for"
          + " each file it lists and chmod for each file it creates (false: Hadoop's own; a"
          + " user's fs.file.impl is kept)",
      "true"),
  INPUT_PROJECTION("bloomkit.input.projection",
      "build and the join's filter build: read only the key columns of Avro, Parquet and ORC"
          + " inputs (false: every column, to measure what projection saves)",
      "true"),
  INPUT_COMBINE("bloomkit.input.combine", "every tool: pack consecutive small files (and splits)"
      + " of an input into combined splits of up to the split size, read one after the other by"
      + " one map task, as Hadoop's CombineFileInputFormat and Spark do (false: a task per file)",
      "true"),
  INPUT_OPEN_COST_BYTES("bloomkit.input.open.cost.bytes", "every tool, when combining: the"
      + " bytes each packed file counts for on top of its own (Spark's"
      + " spark.sql.files.openCostInBytes): 1 MB and a 128 MB split, at most 128 files a task",
      "1048576"),
  INPUT_SPLIT_BYTES("bloomkit.input.split.bytes", "every tool: the split size where the file"
      + " system's blocks are smaller (the local file system's 32 MB, S3A's): 128 MB as HDFS's"
      + " block and Spark's spark.sql.files.maxPartitionBytes, in local mode at most the input"
      + " over the map slots; mapreduce.input.fileinputformat.split.minsize/maxsize bound it",
      "134217728"),
  JOIN_LEFT_INPUT_SPEC("bloomkit.join.left.input.spec",
      "join (set by the tool): how the left side is read, as bloomkit.input.spec",
      "",
      true),
  JOIN_RIGHT_INPUT_SPEC("bloomkit.join.right.input.spec",
      "join (set by the tool): how the right side is read, as bloomkit.input.spec",
      "",
      true),
  JOIN_LEFT_INPUT_PATHS(
      "bloomkit.join.left.input.paths",
      "join (set by the tool): the left side's paths, comma-separated and escaped as"
          + " mapreduce.input.fileinputformat.inputdir; a path may be on both sides (a self-join"
          + " reads it once per side)",
      "",
      true),
  JOIN_RIGHT_INPUT_PATHS(
      "bloomkit.join.right.input.paths",
      "join (set by the tool): the right side's paths, as bloomkit.join.left.input.paths",
      "",
      true),
  JOIN_LEFT_MAPPER(
      "bloomkit.join.left.mapper",
      "join (set by the tool): the class of the mapper that reads the left side's splits", ""),
  JOIN_RIGHT_MAPPER(
      "bloomkit.join.right.mapper",
      "join (set by the tool): the class of the mapper that reads the right side's splits", ""),
  JOIN_LEFT_SCHEMA(
      "bloomkit.join.left.schema",
      "join (set by the tool, records output): the Avro schema of the left side's whole records",
      "",
      true),
  JOIN_RIGHT_SCHEMA(
      "bloomkit.join.right.schema",
      "join (set by the tool, records output): the Avro schema of the right side's whole records",
      "",
      true),
  JOIN_LEFT_KEY_TYPES("bloomkit.join.left.key.types", "join: key types of the left side, one per key"
          + " field, as bloomkit.key.types; empty: string for each key field", ""),
  JOIN_RIGHT_KEY_TYPES("bloomkit.join.right.key.types", "join: key types of the right side, one per"
          + " key field, as bloomkit.key.types; a --filter FILE must record the same types", ""),
  JOIN_TYPE("bloomkit.join.type", "join: the join type, as join --type names it", "inner"),
  JOIN_SWAPPED("bloomkit.join.swapped", "join (set by the tool): the job's left side is --right"
      + " and its type the mirror of --type; rows are written as the named join's", "false"),
  JOIN_RIGHT_BATCH_BYTES("bloomkit.join.right.batch.bytes", "join: the bytes of a key's right"
      + " records a reducer collects before it pairs them with the key's left records in one"
      + " pass (a spilled left side is read once per batch, not once per right record)",
      "4194304"),
  JOIN_FILTER_CHECK_RECORDS("bloomkit.join.filter.check.records", "join: a map task that probes"
      + " the filter stops probing after this many records if it rejected under"
      + " bloomkit.join.filter.min.reject.share of them (Impala's rule); 0 never stops", "16384"),
  JOIN_FILTER_MIN_REJECT_SHARE("bloomkit.join.filter.min.reject.share", "join: the least share of"
      + " a task's first records the filter must reject for the task to keep probing", "0.1"),
  JOIN_FILTER_PATH(
      "bloomkit.join.filter.path",
      "the filter file the tasks probe (join: every mapper; dedup counting: every mapper;"
          + " icebergs counting: every mapper and, without verify, every reducer)"
          + " (read from the DistributedCache symlink "
          + CacheLinks.FILTER + " when present); empty: no filter",
      ""),
  FILTER_PATHS(
      "bloomkit.filter.paths",
      "probe (set by the tool): the filter files every map task loads, in --filter order,"
          + " comma-separated (a path cannot hold a comma, as in the DistributedCache's own"
          + " list); filter N (0-based) is read from the DistributedCache symlink "
          + CacheLinks.FILTER + ".N when present; empty: none",
      ""),
  PROBE_KEY_FIELDS(
      "bloomkit.probe.key.fields",
      "probe (set by the tool): how many key fields each filter's key has, comma-separated, in"
          + " --filter order: the key fields of bloomkit.input.spec are the filters' keys one"
          + " after the other",
      ""),
  PROBE_ANY(
      "bloomkit.probe.any",
      "probe: a record passes when its key may be in any filter (--any); false: in every filter"
          + " (--all)",
      "false"),
  PROBE_INVERT(
      "bloomkit.probe.invert",
      "probe: write the records that do not pass (--invert): the complement of the output"
          + " without it",
      "false"),
  JOIN_REJECTS_DIR(
      "bloomkit.join.rejects.dir",
      "join: directory where a left-side task that finds a left key the filter rejects leaves the"
          + " first such key (set by the tool, inside its hidden staging directory); empty: none",
      ""),
  JOIN_DROPPED_KEYS_DIR(
      "bloomkit.join.dropped.keys.dir",
      "join: directory where each right-side task leaves the sorted 64-bit hashes of the distinct"
          + " keys its filter dropped, for the client's rightDroppedKeys (set by the tool, inside"
          + " its hidden staging directory); empty: not counted",
      ""),
  JOIN_HOT_ENABLED(
      "bloomkit.join.hot.enabled",
      "join (reduce side, more than one reducer): sample the right input for hot keys and split"
          + " each one's right records over several reducers (false: never split)",
      "true"),
  JOIN_HOT_SHARE(
      "bloomkit.join.hot.share",
      "join: a right key is hot when it holds at least this share of the sampled right records",
      "0.01"),
  JOIN_HOT_MIN_BYTES(
      "bloomkit.join.hot.min.bytes",
      "join: a right key is hot only when its estimated share of the right input's bytes (its share"
          + " of the sample times the input's size) is at least this many bytes, as Spark's"
          + " skewedPartitionThresholdInBytes; a right input smaller than this never samples",
      "268435456"),
  JOIN_HOT_SAMPLE(
      "bloomkit.join.hot.sample",
      "join: right records the client reads to find hot keys (the first records of up to 20"
          + " evenly spaced splits, as TeraSort samples)",
      "100000"),
  JOIN_HOT_BUCKETS(
      "bloomkit.join.hot.buckets",
      "join: reducers each hot key's right records are split over (its left records are copied to"
          + " each); 0: as many as the join has reducers; at most the reducers and 127",
      "0"),
  JOIN_HOT_MAX_KEYS(
      "bloomkit.join.hot.max.keys",
      "join: most hot keys split (the heaviest first); they travel in the job configuration",
      "1000"),
  JOIN_HOT_KEYS(
      "bloomkit.join.hot.keys",
      "join: the hot keys the tasks split, as B:K1,K2,... (B the buckets of each, the K base64 of"
          + " the keys' canonical bytes); set by the tool; empty: none",
      ""),
  JOIN_BUFFER_BYTES(
      "bloomkit.join.buffer.bytes",
      "join: bytes of memory each reduce task may hold a key's left records in (record bytes and"
          + " their bookkeeping); the rest of a key's left records go to a spill file in the"
          + " task's local directories and are read back for each batch of right records;"
          + " 0: a quarter of the reduce task's maximum heap",
      "0"),
  FAILURE_DIR(
      "bloomkit.failure.dir",
      "build, join, dedup, icebergs: directory where a failing task leaves its reason for the"
          + " client (set by the tools)",
      ""),
  MALFORMED_SAMPLES(
      "bloomkit.malformed.samples",
      "build, join, dedup, icebergs: directory where each map task attempt leaves its first malformed record for the client's"
          + " messages (set by the tools; empty: none kept)",
      ""),
  TASK_MAP_CLASS(
      "bloomkit.task.map.class",
      "build, join, dedup, icebergs, set by the tools: the job's own mapper class, run by the wrapper that reports a task's"
          + " failure reason (TaskFailures)",
      ""),
  TASK_COMBINE_CLASS(
      "bloomkit.task.combine.class", "build, join, dedup, icebergs, set by the tools: the job's own combiner class"
          + " (TaskFailures)",
      ""),
  TASK_OUTPUT_FORMAT_CLASS(
      "bloomkit.task.output.format.class", "build, join, dedup, icebergs, set by the tools: the job's own output format"
          + " class, whose record writers' failures in close fail the task (TaskFailures)",
      ""),
  TASK_REDUCE_CLASS(
      "bloomkit.task.reduce.class", "build, join, dedup, icebergs, set by the tools: the job's own reducer class"
          + " (TaskFailures)",
      ""),
  TIME_FIELD(
      "bloomkit.time.field",
      "dedup, set by the tool: the field holding the record time (--time-field: a 0-based field"
          + " number or a column name), read as the field after the key fields of"
          + " bloomkit.input.spec; empty: no time (input order)",
      ""),
  DEDUP_WINDOW(
      "bloomkit.dedup.window",
      "dedup: a record is a duplicate if its key occurred less than this many time units earlier;"
          + " 0: ever earlier",
      "0"),
  DEDUP_MAX_KEYS(
      "bloomkit.dedup.map.max.keys",
      "dedup: in-mapper earliest-record table flushes (emits and clears) when it holds this many"
          + " keys",
      "100000"),
  DEDUP_NULL_KEYS_EQUAL(
      "bloomkit.dedup.null.keys.equal",
      "dedup: every record with a null key has the same key (the null group); false: SQL, a null"
          + " key equals nothing, so each such record is distinct and kept",
      "false"),
  DEDUP_WRITE_DUPLICATES(
      "bloomkit.dedup.write.duplicates",
      "dedup: write the removed records to the duplicates side output (else only count them)",
      "false"),
  DEDUP_COUNTING(
      "bloomkit.dedup.counting",
      "dedup: the map tasks probe the counting filter of key multiplicities in"
          + " bloomkit.join.filter.path and write keys of estimate 1 without a shuffle",
      "false"),
  DEDUP_STREAM_FILTER(
      "bloomkit.dedup.stream.filter",
      "dedup stream: the stream filter each reducer (slice) runs: bf, sbf, rsbf, ibf-2c,"
          + " ibf-2c-alg1, ibf-mc, ibf-h, timer (needs bloomkit.dedup.window); empty: not the stream method",
      ""),
  DEDUP_INPUT_FILES(
      "bloomkit.dedup.input.files",
      "dedup: set by the tool: a file listing the job's input files in path order, one per line;"
          + " a record's file rank in it orders equal times (unset: every file has rank 0)",
      ""),
  DEDUP_TIMER_RESOLUTION(
      "bloomkit.dedup.timer.resolution",
      "dedup stream, timer filter: time units per timer tick; times are divided by it (rounded"
          + " down) and the window too (rounded up), so a timer takes ceil(log2(ceil(W/U)+1)) bits",
      "1"),
  DEDUP_LOCAL_FILTER(
      "bloomkit.dedup.local.filter",
      "dedup stream: the Bloom-tree leaf each map task runs before the shuffle: none, exact (key ->"
          + " time table, bounded by bloomkit.dedup.map.max.keys) or bloom (test-and-set Bloom"
          + " filter of bloomkit.dedup.local.bits bits, no window)",
      "none"),
  DEDUP_LOCAL_BITS(
      "bloomkit.dedup.local.bits",
      "dedup stream, local filter bloom: bits of each map task's leaf (the tools default it to the"
          + " total memory bits, the root's size: One is Enough sec. 6 gives every tree node one"
          + " configuration)",
      "0"),
  DEDUP_LOCAL_HASHES(
      "bloomkit.dedup.local.hashes",
      "dedup stream, local filter bloom: hashes of the leaf (the slice filters' K)",
      "5"),
  DEDUP_STREAM_BITS(
      "bloomkit.dedup.stream.bits", "dedup stream: memory bits of each slice's filter", "0"),
  DEDUP_STREAM_SEED(
      "bloomkit.dedup.stream.seed",
      "dedup stream: random seed of the filters (slice i uses seed + i)",
      "2026"),
  DEDUP_EVALUATE(
      "bloomkit.dedup.evaluate",
      "dedup stream: also run an exact oracle in the reducers and count false positives and"
          + " negatives",
      "false"),
  IMPORTANCE_FIELD(
      "bloomkit.importance.field",
      "dedup stream, set by the tool: the field holding the record importance (a number;"
          + " --importance-field), read as the field after the key (and time) fields of"
          + " bloomkit.input.spec; empty: every record 1",
      ""),
  IMPORTANCE_MIN(
      "bloomkit.importance.min", "dedup stream: lowest importance (ibf maps the range onto 1..max)", "0"),
  IMPORTANCE_MAX("bloomkit.importance.max", "dedup stream: highest importance", "1"),
  ICEBERG_THRESHOLD(
      "bloomkit.icebergs.threshold", "icebergs: keys of total weight at least this", "1"),
  ICEBERG_MAX_KEYS(
      "bloomkit.icebergs.map.max.keys",
      "icebergs: in-mapper table of local totals flushes when it holds this many keys; lcbf"
          + " (which needs a split's complete local totals) fails the task when a split has more"
          + " distinct keys",
      "100000"),
  ICEBERG_COUNTING(
      "bloomkit.icebergs.counting",
      "icebergs: the map tasks probe the shipped Count-Min sketch of totals and pass on only"
          + " records whose key's estimate reaches the threshold",
      "false"),
  ICEBERG_COUNTING_WIDTH(
      "bloomkit.icebergs.counting.width",
      "icebergs counting, set by the tool: counters per row w of the sketch of totals (from"
          + " --items and --bits-per-key)",
      "1"),
  ICEBERG_COUNTING_HASHES(
      "bloomkit.icebergs.counting.hashes",
      "icebergs counting: rows (hash functions) k of the sketch of totals (--num-hashes)",
      "4"),
  ICEBERG_VERIFY(
      "bloomkit.icebergs.verify",
      "icebergs counting and lcbf: output the candidates' exact totals at or above the threshold"
          + " (else every candidate with its estimate)",
      "false"),
  ICEBERG_EVALUATE(
      "bloomkit.icebergs.evaluate",
      "icebergs candidates job: pass on every record (not only the candidates') so the reducers"
          + " count the true icebergs and the candidates among them (hit ratio, error rate)",
      "false"),
  ICEBERG_LCBF_ENTRIES_PER_KEY(
      "bloomkit.icebergs.lcbf.entries.per.key",
      "icebergs lcbf: entries m of a split's linked counting filter per local total it stores"
          + " (m = ceil(this * stored), at least 1)",
      "10"),
  ICEBERG_LCBF_HASHES(
      "bloomkit.icebergs.lcbf.hashes", "icebergs lcbf: hash functions k of the filters", "3"),
  ICEBERG_LCBF_VALUE_BITS(
      "bloomkit.icebergs.lcbf.value.bits",
      "icebergs lcbf: bits l of each stored frequency value (saturates at 2^l - 1)",
      "15"),
  TABLE_OUTPUT_FORMAT(
      "bloomkit.table.output.format",
      "set by the tools that write typed records (--output-format): the output format name of the job's typed records (io.bloomkit.mapreduce.table.TableOutputs); unset:"
          + " the tool's text lines",
      ""),
  TABLE_OUTPUT_SCHEMA(
      "bloomkit.table.output.schema",
      "set by the tools with bloomkit.table.output.format: the Avro schema (JSON) of the job's"
          + " output records",
      ""),
  TABLE_OUTPUT_DELIMITER(
      "bloomkit.table.output.delimiter",
      "set by the tools (--output-delimiter): the field delimiter of text and SequenceFile output"
          + " lines",
      "\t"),
  EXACT_MAX_BYTES(
      "bloomkit.exact.max.bytes",
      "join: largest exact key set (estimated heap bytes) a join task may load",
      String.valueOf(256L << 20)),
  MAPSIDE_MAX_BYTES(
      "bloomkit.mapside.max.bytes",
      "join --strategy map-side: largest in-memory table of the left side a map task may hold"
          + " (bytes); 0: a quarter of the map task heap, the -Xmx of mapreduce.map.java.opts,"
          + " else mapreduce.map.memory.mb x mapreduce.job.heap.memory-mb.ratio as Hadoop sizes"
          + " the heap (local mode: this JVM's heap)",
      "0"),
  MAPSIDE_LEFT_INPUT(
      "bloomkit.mapside.left.input",
      "join --strategy map-side (set by the tool): the left input's paths, comma-separated and"
          + " escaped as mapreduce.input.fileinputformat.inputdir, loaded by every map task",
      ""),
  MAPSIDE_MATCHED_DIR(
      "bloomkit.mapside.matched.dir",
      "join --strategy map-side, left-semi and left-anti (set by the tool): directory where map"
          + " tasks write the distinct left keys their right records matched",
      ""),
  PLAN_JOB_SECONDS(
      "bloomkit.plan.job.seconds",
      "join planner (--strategy auto, docs/planner.md): fixed seconds of one MapReduce job"
          + " (submission, scheduling, task start, commit); measured by scripts/calibrate-join.sh",
      "1.648"),
  PLAN_MAP_RECORD_SECONDS(
      "bloomkit.plan.map.record.seconds",
      "join planner: seconds per record a map task reads, decodes and keys; measured by"
          + " scripts/calibrate-join.sh",
      "2.46e-7"),
  PLAN_SHUFFLE_BYTE_SECONDS(
      "bloomkit.plan.shuffle.byte.seconds",
      "join planner: seconds per map output byte shuffled (sorted, spilled, fetched, merged,"
          + " reduced); measured by scripts/calibrate-join.sh",
      "1.128e-8"),
  PLAN_LOAD_BYTE_SECONDS(
      "bloomkit.plan.load.byte.seconds",
      "join planner: seconds per byte of a filter a map task loads before its first record;"
          + " measured by scripts/calibrate-join.sh",
      "3.693e-9"),
  PLAN_REDUCE_SECONDS(
      "bloomkit.plan.reduce.seconds",
      "join planner: fixed seconds of a job's reduce phase (the shuffle's start, the reducers'"
          + " setup and commit), charged to the plans that shuffle (reduce-side, filtered);"
          + " measured by scripts/calibrate-join.sh",
      "1.847"),
  PLAN_TABLE_BYTE_SECONDS(
      "bloomkit.plan.table.byte.seconds",
      "join planner: seconds per byte of the left side a map-side join task loads into its hash"
          + " table (parsed, keyed, indexed: dearer than a filter's bytes); measured by"
          + " scripts/calibrate-join.sh",
      "6.668e-9"),
  PLAN_TASK_SECONDS("bloomkit.plan.task.seconds", "join planner: seconds a map task costs"
      + " beyond its records and loads (start, setup, opens, commit); measured by"
      + " scripts/bench-small-files.sh (slope of a join's seconds over its map tasks)", "0.005"),
  PLAN_FILTER_HEAP_SHARE(
      "bloomkit.plan.filter.heap.share",
      "join: largest share of the map task heap a filter's query view may take; --strategy auto"
          + " never ships a larger one, a larger given or forced filter fails before the join"
          + " job (exit 2)",
      "0.25");

  private final String key;
  private final String description;
  private final String defaultValue;
  private final boolean escaped;

  BloomkitConfig(String key, String description, String defaultValue) {
    this(key, description, defaultValue, false);
  }

  /**
   * @param escaped whether the value can carry any user character and is stored in the XML-safe
   *     form of {@link #escape} (job.xml is XML 1.0, which cannot hold most control characters)
   */
  BloomkitConfig(String key, String description, String defaultValue, boolean escaped) {
    this.key = key;
    this.description = description;
    this.defaultValue = defaultValue;
    this.escaped = escaped;
  }

  public String key() {
    return key;
  }

  public String description() {
    return description;
  }

  public String defaultValue() {
    return defaultValue;
  }

  /** The value; for an escaped key, with its {@code \\uXXXX} escapes decoded. */
  public String get(Configuration conf) {
    String v = conf.get(key, defaultValue);
    return escaped ? unescape(v) : v;
  }

  /** What a key's value is: how it is parsed and which values are allowed. */
  public enum Kind {
    STRING,
    BOOLEAN,
    INT,
    LONG,
    DOUBLE
  }

  /**
   * The kind of this key's value: {@code true}/{@code false} defaults are booleans, whole-number
   * defaults longs (ints and doubles where {@code ConfigValues} lists them), other numbers
   * doubles, the rest strings. {@code ConfigValuesTest} checks it against how main code reads
   * each key.
   */
  public Kind kind() {
    return ConfigValues.kind(this);
  }

  /**
   * The allowed range {@code [min, max]} of a numeric key. Sizes, counts, rates and costs are at
   * least 0 unless said here.
   */
  public double[] range() {
    return ConfigValues.range(this);
  }

  /** This key's value in {@code conf} (its default when unset), parsed and range-checked. */
  private Object parsed(Configuration conf) {
    return ConfigValues.parsed(this, conf);
  }

  /**
   * Checks every key {@code conf} sets (a {@code -D} of the user, a value a tool wrote): each
   * parses as its kind and lies in its range.
   *
   * @throws IllegalArgumentException naming the first bad key, its value and what is allowed
   */
  public static void check(Configuration conf) {
    for (BloomkitConfig c : values()) {
      if (conf.get(c.key) != null) {
        c.parsed(conf);
      }
    }
  }

  public long getLong(Configuration conf) {
    return ((Number) parsed(conf)).longValue();
  }

  public int getInt(Configuration conf) {
    return ((Number) parsed(conf)).intValue();
  }

  public double getDouble(Configuration conf) {
    return ((Number) parsed(conf)).doubleValue();
  }

  public boolean getBoolean(Configuration conf) {
    return (Boolean) parsed(conf);
  }

  /**
   * The key signature of keys of {@code fields} fields whose types this key ({@link #KEY_TYPES},
   * {@link #JOIN_LEFT_KEY_TYPES}, {@link #JOIN_RIGHT_KEY_TYPES}) lists; unset or empty: a string
   * per field.
   *
   * @throws IllegalArgumentException naming this key, for an unknown type or a list of another
   *     length than {@code fields}
   */
  public KeySignature keySignature(Configuration conf, int fields) {
    try {
      return KeySignature.forFields(get(conf), fields);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
    }
  }

  /** Sets the value; an escaped key stores it in the form of {@link #escape}. */
  public void set(Configuration conf, Object value) {
    String v = String.valueOf(value);
    conf.set(key, escaped ? escape(v) : v);
  }

  /**
   * The XML-safe form of {@code s}: every character outside the printable ranges XML 1.0 holds
   * safely (below U+0020, U+007F..U+009F, surrogates, U+FFFE, U+FFFF) and the backslash itself
   * become {@code \\uXXXX}, so {@link #unescape} gives {@code s} back exactly.
   */
  public static String escape(String s) {
    return XmlEscapes.escape(s);
  }

  /**
   * Decodes the {@code \\uXXXX} escapes of {@code s} (4 hex digits, either case); any other text,
   * a lone backslash or {@code \\t} included, stays as it is.
   */
  public static String unescape(String s) {
    return XmlEscapes.unescape(s);
  }

  @Override
  public String toString() {
    return key;
  }
}
