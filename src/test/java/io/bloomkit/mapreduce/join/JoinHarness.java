package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.Row;
import io.bloomkit.mapreduce.table.TableSpec;
import io.bloomkit.mapreduce.table.TextRowSerialization;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;

/**
 * The whole join task pipeline in memory: both mappers (MRUnit's {@code MapDriver}), the shuffle's
 * sort on (key, side) and grouping on the key, the reducer ({@code ReduceDriver}; MRUnit's own
 * multiple-inputs driver is quadratic in the records), the map tasks' own output rows captured
 * instead of going through {@code MultipleOutputs}. Every row is rendered as {@code
 * TextOutputFormat} writes it.
 */
final class JoinHarness {
  /** The text lines the job wrote: reducers' and map tasks' together. */
  final List<String> lines = new ArrayList<>();
  /** The lines the map tasks wrote themselves. */
  final List<String> mapLines = new ArrayList<>();
  Counters counters;

  /** A line as {@code TextOutputFormat} writes (key, value): a null part and its tab are left out. */
  static String render(Object key, Object value) {
    boolean noKey = key == null || key instanceof NullWritable;
    boolean noValue = value == null || value instanceof NullWritable;
    return (noKey ? "" : key.toString()) + (noKey || noValue ? "" : "\t")
        + (noValue ? "" : value.toString());
  }

  /** A map output that adds each row, rendered, to {@code lines}. */
  static JoinMapper.MapOutput capture(List<String> lines) {
    return new JoinMapper.MapOutput() {
      @Override
      public void write(Object key, Object value) {
        lines.add(render(key, value));
      }

      @Override
      public void close() {}
    };
  }

  final class Left extends LeftJoinMapper {
    @Override
    protected MapOutput openMapOutput(TaskInputOutputContext<?, ?, ?, ?> context, String name) {
      return capture(mapLines);
    }
  }

  final class Right extends RightJoinMapper {
    @Override
    protected MapOutput openMapOutput(TaskInputOutputContext<?, ?, ?, ?> context, String name) {
      return capture(mapLines);
    }
  }

  /**
   * Runs a join of {@code type} of the text lines of both sides, with the filter file {@code
   * filter} (null: none).
   */
  static JoinHarness run(String type, File filter, TableSpec leftSpec, List<String> left,
      TableSpec rightSpec, List<String> right) throws Exception {
    return run(type, filter, leftSpec, left, rightSpec, right, -1);
  }

  /** As {@link #run}, with {@link BloomkitConfig#JOIN_RIGHT_BATCH_BYTES} (negative: default). */
  static JoinHarness run(String type, File filter, TableSpec leftSpec, List<String> left,
      TableSpec rightSpec, List<String> right, long batchBytes) throws Exception {
    return run(type, filter, leftSpec, left, rightSpec, right, conf -> {
      if (batchBytes >= 0) {
        conf.setLong(BloomkitConfig.JOIN_RIGHT_BATCH_BYTES.key(), batchBytes);
      }
    });
  }

  /** As {@link #run}, with the job configuration set further by {@code settings}. */
  static JoinHarness run(String type, File filter, TableSpec leftSpec, List<String> left,
      TableSpec rightSpec, List<String> right,
      java.util.function.Consumer<Configuration> settings) throws Exception {
    JoinHarness h = new JoinHarness();
    Configuration conf = new Configuration(false);
    TextRowSerialization.allow(conf);
    leftSpec.store(conf, BloomkitConfig.JOIN_LEFT_INPUT_SPEC);
    rightSpec.store(conf, BloomkitConfig.JOIN_RIGHT_INPUT_SPEC);
    conf.set(BloomkitConfig.JOIN_TYPE.key(), type);
    settings.accept(conf);
    if (filter != null) {
      conf.set(BloomkitConfig.JOIN_FILTER_PATH.key(), filter.toURI().toString());
    }
    h.counters = new Counters();
    List<Pair<JoinKey, JoinValue>> shuffled = new ArrayList<>();
    shuffled.addAll(h.map(h.new Left(), conf, leftSpec, left));
    shuffled.addAll(h.map(h.new Right(), conf, rightSpec, right));
    // the shuffle: sorted on (key, side), stable, grouped on the key
    shuffled.sort((a, b) -> a.getFirst().compareTo(b.getFirst()));
    ReduceDriver<JoinKey, JoinValue, Text, Writable> rd =
        ReduceDriver.newReduceDriver(new JoinReducer()).withConfiguration(conf);
    for (int i = 0; i < shuffled.size(); ) {
      JoinKey key = shuffled.get(i).getFirst();
      List<JoinValue> values = new ArrayList<>();
      for (; i < shuffled.size() && shuffled.get(i).getFirst().key().equals(key.key()); i++) {
        values.add(shuffled.get(i).getSecond());
      }
      rd.withInput(key, values);
    }
    for (Pair<Text, Writable> p : rd.run()) {
      h.lines.add(render(p.getFirst(), p.getSecond()));
    }
    h.counters.incrAllCounters(rd.getCounters());
    h.lines.addAll(h.mapLines);
    return h;
  }

  /** One side's map task over {@code lines}; its counters added to the harness's. */
  private List<Pair<JoinKey, JoinValue>> map(JoinMapper m, Configuration conf, TableSpec spec,
      List<String> lines) throws Exception {
    MapDriver<LongWritable, Row, JoinKey, JoinValue> d =
        MapDriver.newMapDriver(m).withConfiguration(conf);
    long position = 0;
    for (String l : lines) {
      d.withInput(new LongWritable(position++), Row.ofLine(spec, new Text(l)));
    }
    List<Pair<JoinKey, JoinValue>> out = d.run();
    counters.incrAllCounters(d.getCounters());
    return out;
  }

  long get(Enum<?> counter) {
    return counters.findCounter(counter).getValue();
  }
}
