package io.bloomkit.mapreduce.dedup;

import io.bloomkit.core.CountingFilter;
import io.bloomkit.core.Filter;
import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.config.DedupCounters;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.RecordLines;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableFormat;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Dedup, map side ({@code exact} and {@code counting} phase 2). Reads each record's key, time and
 * importance from its {@link Row} ({@link RecordParser}; malformed records are counted and
 * dropped, or fail the task in strict mode), then:
 *
 * <ul>
 *   <li>a null key ({@code NULL_KEYS}): SQL's null equals nothing, so by default the record is
 *       distinct: written to the kept records here, never shuffled, and counted only as {@code
 *       NULL_KEYS} (not {@code KEPT}). With {@code --null-keys-equal} every null key is one key,
 *       the null group ({@link DedupKey#isNull}), deduplicated like any other (never by the
 *       counting filter or the local leaf, which hold key bytes: it is always shuffled or
 *       combined in its own slot);
 *   <li>{@code counting}: if the key's estimate in the shipped counting filter of key
 *       multiplicities ({@link FilterStep}) is 1, the key occurs once in the whole input (an
 *       estimate is never below the true multiplicity), so the record is kept and written here,
 *       without a shuffle;
 *   <li>without a window: in-mapper combining keeps only the earliest record (by time, then
 *       offset) of each key of the split in a table bounded by {@link
 *       BloomkitConfig#DEDUP_MAX_KEYS}; a later same-key record is a certain duplicate, written to
 *       the duplicates output here. A full table is emitted and cleared;
 *   <li>with a window, or for the {@code stream} method, every record goes to the reducers, keyed
 *       by (key, time, path, position); with an importance field ({@code stream}) the value
 *       carries the importance ({@link LocalMarker#record}), so that the reducer never parses a
 *       record again;
 *   <li>{@code stream --local-filter exact|bloom}: first the task's leaf ({@link LocalFilter}, test
 *       and set in input order); a record it finds a same-key record earlier in the global order
 *       for (within the window) is a local duplicate, written to the duplicates here and counted
 *       ({@code LOCAL_DUPLICATES}, {@code DUPLICATES}, {@code SHUFFLE_AVOIDED_*}). Its line is not
 *       shuffled; with {@code --evaluate} or the {@code timer} filter a {@link LocalMarker} (key,
 *       time, importance, no line) is, for the reducer's oracle and window ({@code LOCAL_MARKERS}).
 * </ul>
 */
public class DedupMapper extends Mapper<LongWritable, Row, DedupKey, Text> {
  private static final String NEED = "dedup counting needs a counting filter";
  private RecordParser parser;
  private boolean strict;
  private MalformedRecords.Sampler sampler;
  private TableFormat format;
  private boolean combining;
  private int maxKeys;
  /** counting: keys of estimate 1 are kept here, unshuffled; null for the other methods. */
  private FilterStep multiplicities;
  private LocalFilter local;
  private boolean markers;
  private final Text marker = new Text();
  private DedupOutput out;
  private int file; // rank of the current record's file among the input files in path order
  private InputFiles.Ranks ranks;
  private FileSplit ranked; // the file split whose rank is file
  private final Text probe = new Text();
  private final DedupKey outKey = new DedupKey();
  private final Map<Text, Earliest> table = new HashMap<>();
  /** The null group's earliest record ({@code --null-keys-equal}), or null. */
  private Earliest nullEarliest;
  private boolean nullKeysEqual;
  /** stream with an importance field: values carry the importance ({@link LocalMarker#record}). */
  private boolean importances;
  private final Text value = new Text();
  /** Records as values ({@code --output-format} other than text), else null: lines. */
  private RecordLines records;

  private static final class Earliest {
    long time;
    int file;
    long offset;
    final Text line = new Text();
  }

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    parser = RecordParser.fromConf(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    format = TableSpec.load(conf, BloomkitConfig.INPUT_SPEC).format();
    sampler = new MalformedRecords.Sampler(context, DedupTool.SAMPLE_INPUT, format);
    combining =
        BloomkitConfig.DEDUP_WINDOW.getLong(conf) <= 0
            && BloomkitConfig.DEDUP_STREAM_FILTER.get(conf).isEmpty();
    maxKeys = Math.max(1, BloomkitConfig.DEDUP_MAX_KEYS.getInt(conf));
    nullKeysEqual = BloomkitConfig.DEDUP_NULL_KEYS_EQUAL.getBoolean(conf);
    ranks = InputFiles.ranks(conf);
    rankFile(context);
    if (BloomkitConfig.DEDUP_COUNTING.getBoolean(conf)) {
      // a record goes on to the shuffle unless its key's estimate is 1
      multiplicities =
          FilterStep.builder().whole().test(DedupMapper::seenMoreThanOnce).load(context);
      if (multiplicities.filterAs(CountingFilter.class, NEED) == null) {
        throw new IOException(NEED + ", got null");
      }
    }
    String stream = BloomkitConfig.DEDUP_STREAM_FILTER.get(conf);
    if (!stream.isEmpty()) {
      importances = LocalMarker.framed(conf);
      local = LocalFilter.fromConf(conf);
      markers =
          local != null
              && (BloomkitConfig.DEDUP_EVALUATE.getBoolean(conf)
                  || StreamDedupFilters.windowed(stream));
    }
    records = RecordLines.fromConf(conf);
    out = openOutput(context);
  }

  /** The task's kept/duplicates output (tests override it). */
  protected DedupOutput openOutput(Context context) {
    return DedupOutput.of(context);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    context.getCounter(DedupCounters.INPUT_RECORDS).increment(1);
    rankFile(context);
    KeyEncoder.Outcome outcome = parser.parse(row);
    if (outcome == KeyEncoder.Outcome.MALFORMED) {
      context.getCounter(DedupCounters.MALFORMED_RECORDS).increment(1);
      if (strict) {
        throw Records.malformed(
            context, context.getInputSplit(), format, position.get(), parser.problem());
      }
      sampler.note(position.get(), row.line(), parser.problem());
      return;
    }
    Text line = records == null ? row.line() : records.of(row);
    byte[] key = parser.key(); // null: the null group (--null-keys-equal)
    if (outcome == KeyEncoder.Outcome.NULL) {
      context.getCounter(DedupCounters.NULL_KEYS).increment(1);
      if (!nullKeysEqual) {
        out.kept(line); // SQL: a null key equals nothing, so the record is distinct
        return;
      }
    }
    if (key != null && multiplicities != null && !multiplicities.passes(key, key.length)) {
      out.kept(line);
      context.getCounter(DedupCounters.KEPT).increment(1);
      notShuffled(line, context);
      return;
    }
    if (key != null && local != null && local.duplicate(key, key.length, parser.time())) {
      out.duplicate(line);
      context.getCounter(DedupCounters.LOCAL_DUPLICATES).increment(1);
      context.getCounter(DedupCounters.DUPLICATES).increment(1);
      notShuffled(line, context);
      if (markers) {
        outKey.set(key, key.length, parser.time(), file, position.get());
        LocalMarker.set(marker, parser.importance());
        context.write(outKey, marker);
        context.getCounter(DedupCounters.LOCAL_MARKERS).increment(1);
      }
      return;
    }
    if (!combining) {
      outKey.set(key, parser.keyLength(), parser.time(), file, position.get());
      context.write(outKey, importances ? LocalMarker.record(value, line, parser.importance()) : line);
      return;
    }
    Earliest e;
    if (key == null) {
      e = nullEarliest;
    } else {
      probe.set(key, 0, key.length);
      e = table.get(probe);
    }
    if (e == null) {
      e = new Earliest();
      e.time = parser.time();
      e.file = file;
      e.offset = position.get();
      e.line.set(line);
      if (key == null) {
        nullEarliest = e;
      } else {
        table.put(new Text(probe), e);
      }
      if (table.size() + (nullEarliest == null ? 0 : 1) >= maxKeys) {
        context.getCounter(DedupCounters.MAP_TABLE_FLUSHES).increment(1);
        flush(context);
      }
      return;
    }
    context.getCounter(DedupCounters.MAP_SIDE_DUPLICATES).increment(1);
    context.getCounter(DedupCounters.DUPLICATES).increment(1);
    long t = parser.time();
    if (t < e.time || (t == e.time
        && (file < e.file || (file == e.file && position.get() < e.offset)))) {
      out.duplicate(e.line); // the new record comes first in the global order
      e.time = t;
      e.file = file;
      e.offset = position.get();
      e.line.set(line);
    } else {
      out.duplicate(line);
    }
  }

  /**
   * Sets {@link #file} to the rank of the file being read: a combined split ({@code
   * CombinedTableSplit}) moves from file to file.
   */
  private void rankFile(Context context) throws IOException {
    FileSplit now = Records.fileSplitOf(context.getInputSplit());
    if (now != ranked || now == null) {
      ranked = now;
      file = ranks.of(Records.fileOf(context.getInputSplit()));
    }
  }

  /** Whether the key's estimate in the counting filter of multiplicities is above 1. */
  private static boolean seenMoreThanOnce(Filter f, byte[] key, int length) {
    CountingFilter c = (CountingFilter) f;
    return c.count(c.hashStrategy().hash(key, 0, length)) != 1;
  }

  private static void notShuffled(Text line, Context context) {
    context.getCounter(DedupCounters.SHUFFLE_AVOIDED_RECORDS).increment(1);
    context.getCounter(DedupCounters.SHUFFLE_AVOIDED_BYTES).increment(line.getLength() + 1);
  }

  private void flush(Context context) throws IOException, InterruptedException {
    for (Map.Entry<Text, Earliest> x : table.entrySet()) {
      Earliest e = x.getValue();
      outKey.set(x.getKey().getBytes(), x.getKey().getLength(), e.time, e.file, e.offset);
      context.write(outKey, e.line);
    }
    table.clear();
    if (nullEarliest != null) {
      outKey.set(null, 0, nullEarliest.time, nullEarliest.file, nullEarliest.offset);
      context.write(outKey, nullEarliest.line);
      nullEarliest = null;
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    flush(context);
    if (local != null) {
      context.getCounter(DedupCounters.LOCAL_UNORDERED_HITS).increment(local.unorderedHits());
      context.getCounter(DedupCounters.MAP_TABLE_FLUSHES).increment(local.clears());
    }
    out.close();
  }
}
