package io.bloomkit.mapreduce.probe;

import io.bloomkit.mapreduce.common.FilterStep;
import io.bloomkit.mapreduce.common.MalformedRecords;
import io.bloomkit.mapreduce.common.Records;
import io.bloomkit.mapreduce.common.ShippedFilter;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.KeyEncoder;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableOutputs;
import io.bloomkit.mapreduce.table.TableSpec;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * The map task of {@code probe} (map-only): encodes each record's key for every shipped filter
 * (the key fields of {@link BloomkitConfig#INPUT_SPEC}, {@link BloomkitConfig#PROBE_KEY_FIELDS}
 * of them per filter), tests the filters in order and writes the record when it passes all of them
 * (any of them with {@link BloomkitConfig#PROBE_ANY}), or with {@link
 * BloomkitConfig#PROBE_INVERT} when it does not. A record one of whose keys is malformed is
 * counted and skipped (never written, inverted or not); a null key fails its filter untested (SQL:
 * it matches nothing). Testing stops at the first filter that decides the record ({@link
 * ProbeCounters}). Text output is the record's line as read; a records output writes the row's
 * whole record ({@link TableOutputs}).
 */
public class ProbeMapper extends Mapper<LongWritable, Row, Object, Object> {
  private TableSpec spec;
  private KeyEncoder[] keys;
  private Slots[] slots;
  private FilterStep[] filters;
  private Counter[] nullKeys;
  private boolean[] isNull;
  private boolean any;
  private boolean invert;
  private boolean strict;
  private MalformedRecords.Sampler sampler;
  private TableOutputs.RecordWriter records;
  private Schema schema;
  private Counter recordsRead;
  private Counter written;
  private Counter notWritten;
  private Counter malformed;
  private Counter recordsWithNullKeys;

  /** Slots {@code offset..} of a row as slots {@code 0..}: one filter's key fields. */
  private static final class Slots extends Row {
    private final int offset;
    private Row row;

    Slots(int offset) {
      this.offset = offset;
    }

    @Override
    public String problem() {
      return row.problem();
    }

    @Override
    public Object value(int slot) {
      return row.value(offset + slot);
    }

    @Override
    public org.apache.hadoop.io.Text line() {
      return row.line();
    }

    @Override
    public org.apache.avro.generic.GenericRecord record(Schema schema) {
      return row.record(schema);
    }
  }

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    spec = TableSpec.load(conf, BloomkitConfig.INPUT_SPEC);
    any = BloomkitConfig.PROBE_ANY.getBoolean(conf);
    invert = BloomkitConfig.PROBE_INVERT.getBoolean(conf);
    strict = BloomkitConfig.STRICT.getBoolean(conf);
    List<ShippedFilter> shipped = ShippedFilter.loadAll(conf);
    String[] counts = BloomkitConfig.PROBE_KEY_FIELDS.get(conf).split(",");
    if (shipped.isEmpty() || counts.length != shipped.size()) {
      throw new IOException(BloomkitConfig.PROBE_KEY_FIELDS.key() + " gives " + counts.length
          + " keys for " + shipped.size() + " filters");
    }
    int n = shipped.size();
    keys = new KeyEncoder[n];
    slots = new Slots[n];
    filters = new FilterStep[n];
    nullKeys = new Counter[n];
    isNull = new boolean[n];
    int offset = 0;
    for (int i = 0; i < n; i++) {
      int fields = Integer.parseInt(counts[i].trim());
      keys[i] = new KeyEncoder(spec.keyTypes().subList(offset, offset + fields));
      slots[i] = new Slots(offset);
      offset += fields;
      filters[i] = FilterStep.builder()
          .counting(ProbeCounters.FILTER_GROUP, ProbeCounters.passed(i), ProbeCounters.rejected(i))
          .countingLoads(ProbeCounters.FILTER_LOADS_FROM_CACHE,
              ProbeCounters.FILTER_LOADS_FROM_PATH)
          .load(context, shipped.get(i));
      nullKeys[i] = context.getCounter(ProbeCounters.FILTER_GROUP, ProbeCounters.nullKeys(i));
    }
    if (offset != spec.keyFieldCount()) {
      throw new IOException("the filters' keys have " + offset + " fields, the input spec "
          + spec.keyFieldCount());
    }
    sampler = new MalformedRecords.Sampler(context, ProbeJob.SAMPLE_INPUT, spec.format());
    if (conf.get(TableOutputs.FORMAT) != null) {
      records = TableOutputs.writer(context);
      schema = new Schema.Parser().parse(conf.get(TableOutputs.SCHEMA));
    }
    recordsRead = context.getCounter(ProbeCounters.RECORDS);
    written = context.getCounter(ProbeCounters.WRITTEN);
    notWritten = context.getCounter(ProbeCounters.NOT_WRITTEN);
    malformed = context.getCounter(ProbeCounters.MALFORMED_RECORDS);
    recordsWithNullKeys = context.getCounter(ProbeCounters.NULL_KEYS);
  }

  @Override
  protected void map(LongWritable position, Row row, Context context)
      throws IOException, InterruptedException {
    recordsRead.increment(1);
    boolean someNull = false;
    for (int i = 0; i < keys.length; i++) {
      slots[i].row = row;
      KeyEncoder.Outcome o = keys[i].encode(slots[i]);
      if (o == KeyEncoder.Outcome.MALFORMED) {
        malformed.increment(1);
        if (strict) {
          throw Records.malformed(
              context, context.getInputSplit(), spec.format(), position.get(), keys[i].problem());
        }
        sampler.note(position.get(), row.line(), keys[i].problem());
        return;
      }
      isNull[i] = o == KeyEncoder.Outcome.NULL;
      someNull |= isNull[i];
    }
    if (someNull) {
      recordsWithNullKeys.increment(1);
    }
    if (passes() == invert) {
      notWritten.increment(1);
      return;
    }
    written.increment(1);
    if (records == null) {
      context.write(NullWritable.get(), row.line());
    } else {
      records.write(row.record(schema));
    }
  }

  /** Whether the record passes the filters (every one, or with {@code any} one of them). */
  private boolean passes() {
    for (int i = 0; i < keys.length; i++) {
      boolean pass;
      if (isNull[i]) {
        nullKeys[i].increment(1);
        pass = false;
      } else {
        pass = filters[i].passes(keys[i].bytes(), keys[i].length());
      }
      if (pass == any) {
        return any; // decided: any passes at the first pass, all fails at the first failure
      }
    }
    return !any;
  }
}
