package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.common.Inputs;
import io.bloomkit.mapreduce.common.Jobs;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.JoinCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.Tables;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;

/**
 * The map-side join over the right side (a map-only job): in {@code setup} the task reads the
 * whole left side ({@link BloomkitConfig#MAPSIDE_LEFT_INPUT}, by {@link
 * BloomkitConfig#JOIN_LEFT_INPUT_SPEC}, through the reader layer, {@link Tables#read}) into a
 * {@link LeftTable} keyed by canonical key bytes; left records with a null key (never match) or
 * malformed are left out. It fails, naming {@link BloomkitConfig#MAPSIDE_MAX_BYTES}, as soon as the
 * table grows past that budget, rather than running out of memory. Then each right record is
 * joined by a lookup:
 *
 * <ul>
 *   <li>inner, right-outer: a pair per left record of its key; right-outer also writes an
 *       unmatched right record (no key in the table, or a null key) as {@code \t<right line>};
 *   <li>right-semi: a matched right record, once; right-anti: an unmatched one;
 *   <li>left-semi, left-anti: nothing; the task marks the matched keys and writes them at its end
 *       to a file per attempt in {@link BloomkitConfig#MAPSIDE_MATCHED_DIR} (length-prefixed key
 *       bytes) for the second job ({@link MapSideLeftMapper}).
 * </ul>
 *
 * Every task reads the same left side, loaded once per JVM ({@link SharedLeftTables}: local mode
 * loads it once per job): {@link JoinCounters#MAP_SIDE_TABLE_LOADS} counts the loads and {@link
 * JoinCounters#MAP_SIDE_LEFT_RECORDS} the records they read, while the left side's own counters
 * ({@code LEFT_RECORDS}, {@code LEFT_MALFORMED}, {@code
 * LEFT_NULL_KEYS}, {@code LEFT_PASSED}: in the table) and {@link JoinCounters#MAP_SIDE_TABLE_BYTES}
 * come from task 0 alone, so they count the left side once (left-semi and left-anti: from the
 * second job instead). Right records: {@code RIGHT_RECORDS = MAP_SIDE_RIGHT_MATCHED +
 * MAP_SIDE_RIGHT_UNMATCHED + RIGHT_MALFORMED + RIGHT_NULL_KEYS}. Counters are held in fields.
 */
public class MapSideJoinMapper extends MapSideMapper {
  private LeftTable table;
  private boolean pairs;
  private boolean keepsUnmatched;
  private Counter rightRecords;
  private Counter rightMalformed;
  private Counter rightNullKeys;
  private Counter matched;
  private Counter unmatched;
  private Text right;
  private final LeftTable.Visitor pair = l -> out.pair(l, right);

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    super.setup(context);
    Configuration conf = context.getConfiguration();
    split(context, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC, JoinKey.RIGHT);
    pairs = type.writesPairs();
    keepsUnmatched = type.keepsUnmatchedRight();
    rightRecords = context.getCounter(JoinCounters.RIGHT_RECORDS);
    rightMalformed = context.getCounter(JoinCounters.RIGHT_MALFORMED);
    rightNullKeys = context.getCounter(JoinCounters.RIGHT_NULL_KEYS);
    matched = context.getCounter(JoinCounters.MAP_SIDE_RIGHT_MATCHED);
    unmatched = context.getCounter(JoinCounters.MAP_SIDE_RIGHT_UNMATCHED);
    table = load(context);
  }

  /**
   * The left side's table, as loaded by the first task of this job in this JVM ({@link
   * SharedLeftTables}; this task's {@link LeftTable#view}); task 0 counts the left side (but for
   * left-semi and left-anti, whose second job does) and its table's bytes. A type that writes no
   * pair holds the keys only, read alone from a columnar file (its lines are never written from
   * here).
   */
  private LeftTable load(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    boolean first = context.getTaskAttemptID().getTaskID().getId() == 0;
    jobKey = context.getJobID() + " " + BloomkitConfig.MAPSIDE_LEFT_INPUT.get(conf) + " " + pairs;
    boolean[] loadedHere = new boolean[1];
    SharedLeftTables.Loaded l = SharedLeftTables.acquire(jobKey,
        () -> read(context, first || Jobs.local(conf)), loadedHere);
    if (loadedHere[0]) {
      context.getCounter(JoinCounters.MAP_SIDE_LEFT_RECORDS).increment(l.records);
      context.getCounter(JoinCounters.MAP_SIDE_TABLE_LOADS).increment(1);
    }
    if (first && !type.leftLinesOnly()) {
      context.getCounter(JoinCounters.LEFT_RECORDS).increment(l.records);
      context.getCounter(JoinCounters.LEFT_MALFORMED).increment(l.malformed);
      context.getCounter(JoinCounters.LEFT_NULL_KEYS).increment(l.nullKeys);
      context.getCounter(JoinCounters.LEFT_PASSED).increment(l.passed);
    }
    if (first) {
      context.getCounter(JoinCounters.MAP_SIDE_TABLE_BYTES).increment(l.table.bytes());
    }
    return l.table.view();
  }

  /** The key of this job's table in {@link SharedLeftTables}, once acquired. */
  private String jobKey;

  /**
   * Reads the left side into a table, counting it; samples its first malformed record when
   * {@code sample} (task 0's load, or the one load of local mode) unless the second job of
   * left-semi and left-anti does.
   */
  private SharedLeftTables.Loaded read(Context context, boolean sample) throws IOException {
    Configuration conf = context.getConfiguration();
    TableSpec stored = TableSpec.load(conf, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    TableSpec spec = pairs ? stored : stored.toBuilder().projection(true).build();
    KeyEncoder keys = new KeyEncoder(spec);
    long budget = BloomkitConfig.MAPSIDE_MAX_BYTES.getLong(conf);
    MalformedRecords.Sampler leftSampler = sample && !type.leftLinesOnly()
        ? new MalformedRecords.Sampler(context, JoinMapper.sideName(JoinKey.LEFT), spec.format())
        : null;
    long[] n = new long[4]; // records, malformed, null keys, passed
    LeftTable t = new LeftTable();
    Tables.read(conf, spec, (file, position, row) -> {
      n[0]++;
      switch (keys.encode(row)) {
        case MALFORMED:
          n[1]++;
          malformed(context, leftSampler, file.toString(), spec, position, row, keys, strict);
          return;
        case NULL:
          n[2]++;
          return;
        default:
          break;
      }
      n[3]++;
      if (pairs) {
        Text v = value(row, JoinKey.LEFT);
        t.add(keys.bytes(), keys.length(), v.getBytes(), v.getLength());
      } else {
        t.add(keys.bytes(), keys.length(), NO_BYTES, 0);
      }
      if (t.bytes() > budget) {
        String reason = "the left side does not fit the map-side join's budget "
            + BloomkitConfig.MAPSIDE_MAX_BYTES.key() + " = " + budget + " bytes: its table holds "
            + t.bytes() + " bytes after " + t.records() + " records (at " + file + ", "
            + spec.format().where(position) + "); raise the budget (and the map task memory) or"
            + " use --strategy reduce-side";
        Records.leaveReason(context, reason);
        throw new IOException(reason);
      }
    }, leftPaths(conf));
    return new SharedLeftTables.Loaded(t, n[0], n[1], n[2], n[3]);
  }

  /** The left side's paths ({@link BloomkitConfig#MAPSIDE_LEFT_INPUT}). */
  static Path[] leftPaths(Configuration conf) throws IOException {
    return Inputs.pathsOf(conf, BloomkitConfig.MAPSIDE_LEFT_INPUT.get(conf));
  }

  private static final byte[] NO_BYTES = new byte[0];

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    rightRecords.increment(1);
    int group;
    switch (encode(context, position, row, rightMalformed, rightNullKeys)) {
      case MALFORMED:
        return;
      case NULL:
        group = -1;
        break;
      default:
        group = table.find(key(), keyLength());
        (group < 0 ? unmatched : matched).increment(1);
        break;
    }
    if (group < 0) {
      if (keepsUnmatched) {
        out.unmatchedRight(value(row, JoinKey.RIGHT));
      }
      return;
    }
    if (pairs) {
      right = value(row, JoinKey.RIGHT);
      table.forEach(group, pair);
    } else if (type == JoinPlan.Type.RIGHT_SEMI) {
      out.alone(JoinKey.RIGHT, value(row, JoinKey.RIGHT));
    } else if (type.leftLinesOnly()) {
      table.match(group);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    if (jobKey != null) {
      SharedLeftTables.release(jobKey);
      jobKey = null;
    }
    if (!type.leftLinesOnly()) {
      return;
    }
    Configuration conf = context.getConfiguration();
    Path file = new Path(BloomkitConfig.MAPSIDE_MATCHED_DIR.get(conf),
        String.valueOf(context.getTaskAttemptID()));
    try (DataOutputStream out = file.getFileSystem(conf).create(file, true)) {
      table.forEachMatchedKey((key, length) -> {
        out.writeInt(length);
        out.write(key, 0, length);
      });
    }
  }
}
