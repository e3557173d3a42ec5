package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableSpec;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * What a dedup run does, from its command line: the input of {@link DedupJobs} and {@link
 * DedupReport}.
 */
final class DedupPlan {
  final DedupMethod method;
  /** The existing input paths. */
  final Path[] inputs;
  /**
   * How the input is read: the key fields, then the time field (if any), then the importance
   * field (stream, if any); ordered (positions follow the file order).
   */
  final TableSpec spec;
  /** The time field as given, or null: none. */
  final String timeField;
  /** {@code --null-keys-equal}: null keys are one key; else each null-key record is distinct. */
  final boolean nullKeysEqual;
  /** The kept records' directory, as given (it does not exist). */
  final Path output;
  /** The removed records' directory, or null: not written. */
  final Path duplicates;
  /** The reduce tasks (stream: the slices). */
  final int reducers;
  /** In time-field units, 0 for none. */
  final long window;
  /** The share of malformed records above which the tool warns. */
  final double maxShare;
  /** counting's settings, null for the other methods. */
  final CountingSizing counting;
  /** stream's settings, null for the other methods. */
  final StreamOptions stream;

  /** The output format ({@code --output-format} ...). */
  final OutputOptions out;
  /**
   * The records' schema when the output is not text (the input's, {@link
   * io.bloomkit.mapreduce.table.Row#record}).
   */
  final Schema schema;

  DedupPlan(DedupMethod method, Path[] inputs, TableSpec spec, String timeField,
      boolean nullKeysEqual, Path output, Path duplicates, int reducers, long window,
      double maxShare, CountingSizing counting, StreamOptions stream, OutputOptions out,
      Schema schema) {
    this.method = method;
    this.inputs = inputs;
    this.spec = spec;
    this.timeField = timeField;
    this.nullKeysEqual = nullKeysEqual;
    this.output = output;
    this.duplicates = duplicates;
    this.reducers = reducers;
    this.window = window;
    this.maxShare = maxShare;
    this.counting = counting;
    this.stream = stream;
    this.out = out;
    this.schema = schema;
  }

  /** Sets the dedup keys the tasks read (the jobs store {@link #spec} with their input). */
  void configure(Configuration conf) {
    BloomkitConfig.TIME_FIELD.set(conf, timeField == null ? "" : timeField);
    BloomkitConfig.DEDUP_NULL_KEYS_EQUAL.set(conf, nullKeysEqual);
    BloomkitConfig.DEDUP_WINDOW.set(conf, window);
    if (stream != null) {
      stream.configure(conf);
    }
    BloomkitConfig.DEDUP_WRITE_DUPLICATES.set(conf, duplicates != null);
  }
}
