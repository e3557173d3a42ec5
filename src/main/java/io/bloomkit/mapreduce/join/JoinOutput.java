package io.bloomkit.mapreduce.join;

import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableOutputs;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;

/**
 * Writes the join's output rows, in the reducer and in the map tasks that write certainly
 * unmatched records themselves. Values are as they travel in the shuffle ({@link JoinValue}): the
 * input line, or with a records output the row's {@link JoinRecords} value.
 *
 * <p>Text output ({@code TextOutputFormat}): a pair {@code <left line>\t<right line>}, an unmatched
 * left line of an outer join {@code <left line>\t}, an unmatched right line {@code \t<right line>};
 * the semi and anti joins write the one side's line alone, without a tab (written as {@code (line,
 * NullWritable)}). Records output: a pair is one record of both sides' fields ({@link
 * JoinRecords#schema}), the missing side's fields null in an outer join's unmatched rows; the semi
 * and anti joins write records of their side's schema only. A job whose sides are the named join's
 * exchanged ({@link BloomkitConfig#JOIN_SWAPPED}) writes the named join's rows: its right part
 * first.
 */
final class JoinOutput {
  private static final Text EMPTY = new Text();

  private final JoinPlan.Type type;
  /** Whether the job's sides are the named join's exchanged: text pairs written the other way. */
  private final boolean swapped;
  private final TableOutputs.Sink sink;
  private final JoinRecords records;
  private final TableOutputs.RecordWriter writer;

  private JoinOutput(JoinPlan.Type type, boolean swapped, TableOutputs.Sink sink,
      JoinRecords records, TableOutputs.RecordWriter writer) {
    this.type = type;
    this.swapped = swapped;
    this.sink = sink;
    this.records = records;
    this.writer = writer;
  }

  /** The output of a join task whose configuration is {@code conf}, writing into {@code sink}. */
  static JoinOutput of(Configuration conf, TableOutputs.Sink sink) {
    JoinRecords records = JoinRecords.fromConf(conf);
    return new JoinOutput(JoinPlan.Type.of(conf), BloomkitConfig.JOIN_SWAPPED.getBoolean(conf),
        sink, records,
        records == null ? null : TableOutputs.writer(conf, sink));
  }

  JoinPlan.Type type() {
    return type;
  }

  /** A matching pair. */
  void pair(Text left, Text right) throws IOException, InterruptedException {
    if (records == null) {
      write(left, right);
    } else {
      writer.write(records.joined(left, right));
    }
  }

  /**
   * A left record without a match, as the type writes it (left-outer, full-outer: with the right
   * part empty; left-anti: alone).
   */
  void unmatchedLeft(Text left) throws IOException, InterruptedException {
    if (type.leftLinesOnly()) {
      alone(JoinKey.LEFT, left);
    } else if (records == null) {
      write(left, EMPTY);
    } else {
      writer.write(records.joined(left, null));
    }
  }

  /**
   * A right record without a match, as the type writes it (right-outer, full-outer: with the left
   * part empty; right-anti: alone).
   */
  void unmatchedRight(Text right) throws IOException, InterruptedException {
    if (type.rightLinesOnly()) {
      alone(JoinKey.RIGHT, right);
    } else if (records == null) {
      write(EMPTY, right);
    } else {
      writer.write(records.joined(null, right));
    }
  }

  /** A text row of the job's left part and right part, in the named join's order. */
  private void write(Text left, Text right) throws IOException, InterruptedException {
    if (swapped) {
      sink.write(right, left);
    } else {
      sink.write(left, right);
    }
  }

  /** A record of one side alone (the semi and anti joins). */
  void alone(byte side, Text value) throws IOException, InterruptedException {
    if (records == null) {
      sink.write(value, NullWritable.get());
    } else {
      writer.write(records.side(side).record(value));
    }
  }
}
