package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.Progress;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.filterjob.LocalKeys;
import io.bloomkit.mapreduce.join.plan.Workload;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableInputFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * What the planner knows of a join before any job (docs/planner.md, "Where the inputs come
 * from"), read in the client:
 *
 * <ul>
 *   <li>each side's decoded bytes ({@link Tables#dataBytes}); its records, those bytes over the
 *       mean bytes of a sampled record (its {@code Row.line()} plus a newline; {@link
 *       Tables#sample}: {@link #SAMPLE_ROWS} rows from up to {@link HotKeySampler#SPLITS} splits);
 *       a Parquet or ORC side's records are its footers' row counts, exact, and its bytes those
 *       records times the sampled mean ({@link Tables#size});
 *   <li>the join job's map tasks: each side's splits as {@link TableInputFormat} makes them; a
 *       map task's heap: {@link MapSideJoin#mapTaskHeap}; the mean bytes of a key, from the right
 *       sample (the left one's without right keys);
 *   <li>a left side of at most {@link BloomkitConfig#BUILD_LOCAL_MAX_BYTES} bytes is read whole
 *       ({@link LocalKeys}; unless its keys turn out to need more memory than that): its distinct
 *       keys, key bytes and records are exact, and the match
 *       share is the share of the right sample whose key it holds;
 *   <li>a larger left side is sampled like the right: its distinct keys are the sample's distinct
 *       keys scaled by the records over the sampled rows (at most the records), its key bytes
 *       their mean bytes times that; the match share is the share of the right sample whose key
 *       is in the left sample, over the left sample's share of the left records, at most 1. That
 *       is exact in expectation for unique left keys and an over-estimate when left keys repeat.
 * </ul>
 *
 * Rows whose key is null or malformed count in a sample's rows and never match.
 */
final class JoinWorkload {
  /** The files whose footers {@link Tables#keptShare} reads at most. */
  static final int KEPT_FILES = 64;
  /** Rows each side's sample reads. */
  static final int SAMPLE_ROWS = 20_000;
  /** How often (in rows) a sample looks whether a step line is due. */
  static final int SAMPLE_STEP_ROWS = 1024;

  final long leftBytes;
  final long rightBytes;
  final long leftRecords;
  final long rightRecords;
  final long leftKeys;
  final long leftKeyBytes;
  /** Whether the left keys were read whole (exact) rather than estimated from a sample. */
  final boolean leftKeysExact;
  final double matchShare;
  final int mapTasks;
  final int leftMapTasks;
  final double meanKeyBytes;
  final long mapHeapBytes;
  /** The left keys read in the client ({@link #leftKeysExact}), else null. */
  final LocalKeys localKeys;
  /**
   * The share of the right records in row groups their statistics do not rule out for the left
   * keys' bounds ({@link Tables#keptShare}): what the right side's reader reads at most; 1 when
   * nothing is skipped.
   */
  double rightReadShare = 1;
  /** The plan's reads of the inputs (shared by both directions of an auto plan). */
  private Reads reads;

  private JoinWorkload(Workload.Side left, Workload.Side right, Workload.Keys keys,
      boolean leftKeysExact, long mapHeapBytes, LocalKeys localKeys) {
    this.leftBytes = left.bytes();
    this.rightBytes = right.bytes();
    this.leftRecords = left.records();
    this.rightRecords = right.records();
    this.leftKeys = keys.leftKeys();
    this.leftKeyBytes = keys.leftKeyBytes();
    this.leftKeysExact = leftKeysExact;
    this.matchShare = keys.matchShare();
    this.mapTasks = right.mapTasks();
    this.leftMapTasks = left.mapTasks();
    this.meanKeyBytes = keys.meanKeyBytes();
    this.mapHeapBytes = mapHeapBytes;
    this.localKeys = localKeys;
  }

  /**
   * What planning reads of the inputs, each read once per plan: an auto plan of both directions
   * sizes, samples and splits each input once, not once per direction and again to compare the
   * sides. Keyed by the input's table spec (format, key fields) and paths.
   */
  static final class Reads {
    private final Configuration conf;
    private final Progress progress = Progress.current();
    private final Map<java.util.List<Object>, Tables.Size> sizes = new java.util.HashMap<>();
    private final Map<java.util.List<Object>, Integer> splits = new java.util.HashMap<>();
    private final Map<java.util.List<Object>, Sample> samples = new java.util.HashMap<>();
    /** The reads made (not answered from memory): sizings, samples, split computations. */
    int sizings;
    int sampled;
    int splitComputations;
    /** The nanoseconds they took, and the client's reads of the left keys. */
    long sizingNanos;
    long sampleNanos;
    long splitNanos;
    long leftKeysNanos;

    Reads(Configuration conf) {
      this.conf = conf;
    }

    private static java.util.List<Object> key(Object spec, Path[] inputs) {
      java.util.List<Object> k = new java.util.ArrayList<>(java.util.Arrays.asList(inputs));
      k.add(0, spec);
      return k;
    }

    /** The size of an input ({@link #sized}). */
    Tables.Size size(TableFormat format, Path[] inputs, String name) throws IOException {
      java.util.List<Object> k = key(format, inputs);
      Tables.Size s = sizes.get(k);
      if (s == null) {
        long t0 = System.nanoTime();
        s = sized(conf, format, inputs, name, progress, STEP_NANOS);
        sizingNanos += System.nanoTime() - t0;
        sizes.put(k, s);
        sizings++;
      }
      return s;
    }

    /** The sample of an input ({@link Sample#of}). */
    Sample sample(TableSpec spec, Path[] inputs, String name) throws IOException {
      java.util.List<Object> k = key(spec, inputs);
      Sample s = samples.get(k);
      if (s == null) {
        long t0 = System.nanoTime();
        s = Sample.of(conf, spec, inputs, name, progress, STEP_NANOS);
        sampleNanos += System.nanoTime() - t0;
        samples.put(k, s);
        sampled++;
      }
      return s;
    }

    /** {@link Tables#keptShare} of the probe side's footers (at most {@link #KEPT_FILES}). */
    double keptShare(TableSpec spec, Path[] inputs, String name) throws IOException {
      long t0 = System.nanoTime();
      try {
        return Tables.keptShare(conf, spec, KEPT_FILES, inputs);
      } finally {
        sizingNanos += System.nanoTime() - t0;
      }
    }

    /** The map tasks a job reading an input runs. */
    int splits(TableSpec spec, Path[] inputs) throws IOException {
      java.util.List<Object> k = key(spec, inputs);
      Integer n = splits.get(k);
      if (n == null) {
        long t0 = System.nanoTime();
        n = JoinWorkload.splits(conf, spec, inputs);
        splitNanos += System.nanoTime() - t0;
        splits.put(k, n);
        splitComputations++;
      }
      return n;
    }
  }

  /** Reads the workload of {@code p} (sizes, samples, and the left keys if small enough). */
  static JoinWorkload of(Configuration conf, JoinPlan p) throws IOException {
    return of(conf, p, new Reads(conf));
  }

  /** As {@link #of(Configuration, JoinPlan)}, with the inputs' reads shared through {@code reads}. */
  static JoinWorkload of(Configuration conf, JoinPlan p, Reads reads) throws IOException {
    JoinWorkload w = read(conf, p, reads);
    w.reads = reads;
    return w;
  }

  private static JoinWorkload read(Configuration conf, JoinPlan p, Reads reads)
      throws IOException {
    Tables.Size leftSize = reads.size(p.leftTable.format(), p.left, p.inputName(JoinKey.LEFT));
    long leftBytes = leftSize.bytes();
    Tables.Size rightSize =
        reads.size(p.rightTable.format(), p.right, p.inputName(JoinKey.RIGHT));
    Sample right = reads.sample(p.rightTable, p.right, p.inputName(JoinKey.RIGHT));
    long rightRecords = right.records(rightSize);
    long rightBytes = right.lineBytes(rightSize);
    long heap = MapSideJoin.mapTaskHeap(conf);
    int tasks = Math.max(1, reads.splits(p.rightTable, p.right));
    int leftTasks = Math.max(1, reads.splits(p.leftTable, p.left));
    LocalKeys keys = null;
    if (leftBytes <= BloomkitConfig.BUILD_LOCAL_MAX_BYTES.getLong(conf)) {
      long t0 = System.nanoTime();
      try {
        keys = LocalKeys.read(conf, p.leftKeysOnly(), p.left, p.inputName(JoinKey.LEFT),
            p.strict);
      } catch (LocalKeys.TooLargeException e) {
        keys = null; // more keys than the size announced (a compressed input): sample instead
      }
      reads.leftKeysNanos += System.nanoTime() - t0;
    }
    if (keys != null) {
      TableSpec probe = JoinJobs.probeTable(p.rightTable, keys, p.type);
      double readShare = probe == p.rightTable ? 1
          : reads.keptShare(probe, p.right, p.inputName(JoinKey.RIGHT));
      long hits = 0;
      for (byte[] k : right.keys) {
        hits += keys.contains(k, 0, k.length) ? 1 : 0;
      }
      double share = right.rows == 0 ? 0 : (double) hits / right.rows;
      double keyBytes = right.keys.isEmpty()
          ? keys.keyBytes() / (double) Math.max(1, keys.distinctKeys()) : right.meanKeyBytes();
      JoinWorkload w = new JoinWorkload(new Workload.Side(keys.records(), leftBytes, leftTasks),
          new Workload.Side(rightRecords, rightBytes, tasks),
          new Workload.Keys(keys.distinctKeys(), keys.keyBytes(), keyBytes, share), true, heap,
          keys);
      w.rightReadShare = readShare;
      return w;
    }
    Sample left = reads.sample(p.leftTable, p.left, p.inputName(JoinKey.LEFT));
    long leftRecords = left.records(leftSize);
    leftBytes = left.lineBytes(leftSize);
    Set<ByteBuffer> distinct = new HashSet<>();
    long keyBytes = 0;
    for (byte[] k : left.keys) {
      if (distinct.add(ByteBuffer.wrap(k))) {
        keyBytes += k.length;
      }
    }
    long estimated = left.rows == 0 ? 0
        : Math.min(leftRecords, Math.round(distinct.size() * (double) leftRecords / left.rows));
    long totalKeyBytes = distinct.isEmpty() ? 0
        : Math.round((double) keyBytes / distinct.size() * estimated);
    long hits = 0;
    for (byte[] k : right.keys) {
      hits += distinct.contains(ByteBuffer.wrap(k)) ? 1 : 0;
    }
    double sampledShare = leftRecords == 0 ? 1 : Math.min(1, (double) left.rows / leftRecords);
    double share = right.rows == 0 ? 0
        : Math.min(1, (double) hits / right.rows / sampledShare);
    double meanKeyBytes = right.keys.isEmpty() ? left.meanKeyBytes() : right.meanKeyBytes();
    return new JoinWorkload(new Workload.Side(leftRecords, leftBytes, leftTasks),
        new Workload.Side(rightRecords, rightBytes, tasks),
        new Workload.Keys(estimated, totalKeyBytes, meanKeyBytes, share), false, heap, null);
  }

  /** What planning read (shared by both directions of an auto plan), or null. */
  Reads reads() {
    return reads;
  }

  /** The cost model's view (at least one left key: an empty side sizes a one-key filter). */
  Workload model() {
    // the right records its reader reads: those of row groups not skipped, which hold every match
    double read = rightReadShare;
    return new Workload(new Workload.Side(leftRecords, leftBytes, leftMapTasks),
        new Workload.Side(Math.round(rightRecords * read), Math.round(rightBytes * read),
            mapTasks),
        new Workload.Keys(Math.max(1, leftKeys), leftKeyBytes, meanKeyBytes,
            read <= 0 ? 0 : Math.min(1, matchShare / read)),
        mapHeapBytes);
  }

  /**
   * A generous estimate of a map-side join's hash table ({@link LeftTable#bytes}): the records'
   * bytes and 8 bytes of index each, doubled for arrays grown to twice what they hold, plus each
   * distinct key's bytes and {@link LeftTable#KEY_OVERHEAD}.
   */
  long tableBytes() {
    return 2 * (leftBytes + 8 * leftRecords) + leftKeyBytes + LeftTable.KEY_OVERHEAD * leftKeys;
  }

  /** The workload as {@code --explain} prints it. */
  Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("leftBytes", leftBytes);
    m.put("rightBytes", rightBytes);
    m.put("leftRecords", leftRecords);
    m.put("rightRecords", rightRecords);
    m.put("leftKeys", leftKeys);
    m.put("leftKeyBytes", leftKeyBytes);
    m.put("leftKeysExact", leftKeysExact);
    m.put("matchShare", matchShare);
    m.put("rightReadShare", rightReadShare);
    m.put("mapTasks", mapTasks);
    m.put("leftMapTasks", leftMapTasks);
    m.put("meanKeyBytes", meanKeyBytes);
    m.put("mapHeapBytes", mapHeapBytes);
    m.put("mapSideTableBytes", tableBytes());
    if (reads != null) { // what planning read, both directions of an auto plan together
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("sizings", reads.sizings);
      r.put("samples", reads.sampled);
      r.put("splitComputations", reads.splitComputations);
      r.put("sizingSeconds", reads.sizingNanos / 1e9);
      r.put("sampleSeconds", reads.sampleNanos / 1e9);
      r.put("splitSeconds", reads.splitNanos / 1e9);
      r.put("leftKeysSeconds", reads.leftKeysNanos / 1e9);
      m.put("planningReads", r);
    }
    return m;
  }

  /** The splits a job's {@link TableInputFormat} makes of {@code inputs}. */
  private static int splits(Configuration conf, TableSpec spec, Path[] inputs) throws IOException {
    Job job = Job.getInstance(conf);
    spec.store(job.getConfiguration(), BloomkitConfig.INPUT_SPEC);
    job.getConfiguration().setBoolean(TableInputFormat.INPUT_DIR_RECURSIVE, true);
    TableInputFormat.setInputPaths(job, inputs);
    return new TableInputFormat().getSplits(job).size();
  }

  /** How long a sizing runs before it prints a step line (and between two such lines). */
  static final long STEP_NANOS = 5_000_000_000L;

  /**
   * {@link Tables#dataBytes} of a side; a sizing of many files (a columnar file's footer is read
   * for its size) prints a {@link Progress#step} line {@code sizing the INPUT in the client: F of
   * N files, B bytes of data so far} once {@code stepNanos} have passed since the start or the last
   * such line, so that a long listing shows its work.
   */
  static Tables.Size sized(Configuration conf, TableFormat format, Path[] inputs, String name,
      Progress progress, long stepNanos) throws IOException {
    Progress.Every every = progress.every(stepNanos);
    return Tables.size(conf, format, (files, of, bytes) -> {
      if (files < of) {
        every.step(() -> "sizing the " + name + " in the client: " + files + " of " + of
            + " files, " + bytes + " bytes of data so far");
      }
    }, inputs);
  }

  /** A side's sample: its rows, their bytes, and the keys of those with a key. */
  static final class Sample {
    long rows;
    /** Rows whose bytes were measured (those without a problem) and their bytes. */
    long measured;
    long bytes;
    final java.util.List<byte[]> keys = new java.util.ArrayList<>();

    /**
     * The sample of {@code inputs}; a long one (slow files) prints a {@link Progress#step} line
     * {@code sampling the INPUT in the client: R rows read so far} every {@code stepNanos}.
     */
    static Sample of(Configuration conf, TableSpec spec, Path[] inputs, String name,
        Progress progress, long stepNanos) throws IOException {
      Sample s = new Sample();
      KeyEncoder enc = new KeyEncoder(spec);
      Progress.Every every = progress.every(stepNanos);
      Tables.sample(conf, spec, (file, position, row) -> {
        if (++s.rows % SAMPLE_STEP_ROWS == 0) {
          every.step(() -> "sampling the " + name + " in the client: " + s.rows
              + " rows read so far");
        }
        if (enc.encode(row) == KeyEncoder.Outcome.KEY) {
          s.keys.add(enc.key().clone());
        }
        if (row.problem() == null) { // a malformed row's line is not defined in every format
          s.measured++;
          s.bytes += row.line().getLength() + 1;
        }
      }, SAMPLE_ROWS, HotKeySampler.SPLITS, inputs);
      return s;
    }

    /** The mean bytes of the sampled keys (0 without one). */
    double meanKeyBytes() {
      long sum = 0;
      for (byte[] k : keys) {
        sum += k.length;
      }
      return keys.isEmpty() ? 0 : (double) sum / keys.size();
    }

    /** The records of a side of {@code dataBytes}: those bytes over the sample's mean. */
    long records(long dataBytes) {
      return bytes == 0 ? 0 : Math.round((double) dataBytes * measured / bytes);
    }

    /**
     * The records of a side of {@code size}: the footers' count of a Parquet or ORC input, else
     * {@link #records(long)} of its bytes.
     */
    long records(Tables.Size size) {
      return size.rows() >= 0 ? size.rows() : records(size.bytes());
    }

    /**
     * The bytes of a side's records as the jobs handle them (lines: shuffled, held in map-side
     * tables): a Parquet or ORC input's counted records times the sample's mean line (a columnar
     * file's decoded column bytes are not its lines' bytes); any other input's {@link
     * Tables#dataBytes}.
     */
    long lineBytes(Tables.Size size) {
      if (size.rows() < 0 || measured == 0) {
        return size.bytes();
      }
      return Math.round((double) size.rows() * bytes / measured);
    }
  }
}
