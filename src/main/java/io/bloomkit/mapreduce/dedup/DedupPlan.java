package io.bloomkit.mapreduce.dedup;

import io.bloomkit.mapreduce.cli.CountingSizing;
import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.config.BloomkitConfig;
import io.bloomkit.mapreduce.table.TableSpec;
import java.util.Objects;
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

  private DedupPlan(Builder b) {
    this.method = b.method;
    this.inputs = b.inputs;
    this.spec = b.spec;
    this.timeField = b.timeField;
    this.nullKeysEqual = b.nullKeysEqual;
    this.output = b.output;
    this.duplicates = b.duplicates;
    this.reducers = b.reducers;
    this.window = b.window;
    this.maxShare = b.maxShare;
    this.counting = b.counting;
    this.stream = b.stream;
    this.out = b.out;
    this.schema = b.schema;
  }

  /** A builder of a dedup run's plan; what is not set is null, false or 0. */
  static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link DedupPlan}: each setter names the field it sets. */
  static final class Builder {
    private DedupMethod method;
    private Path[] inputs;
    private TableSpec spec;
    private String timeField;
    private boolean nullKeysEqual;
    private Path output;
    private Path duplicates;
    private int reducers;
    private long window;
    private double maxShare;
    private CountingSizing counting;
    private StreamOptions stream;
    private OutputOptions out;
    private Schema schema;

    private Builder() {}

    Builder method(DedupMethod method) {
      this.method = method;
      return this;
    }

    Builder inputs(Path[] inputs) {
      this.inputs = inputs;
      return this;
    }

    Builder spec(TableSpec spec) {
      this.spec = spec;
      return this;
    }

    Builder timeField(String timeField) {
      this.timeField = timeField;
      return this;
    }

    Builder nullKeysEqual(boolean nullKeysEqual) {
      this.nullKeysEqual = nullKeysEqual;
      return this;
    }

    Builder output(Path output) {
      this.output = output;
      return this;
    }

    Builder duplicates(Path duplicates) {
      this.duplicates = duplicates;
      return this;
    }

    Builder reducers(int reducers) {
      this.reducers = reducers;
      return this;
    }

    Builder window(long window) {
      this.window = window;
      return this;
    }

    Builder maxShare(double maxShare) {
      this.maxShare = maxShare;
      return this;
    }

    Builder counting(CountingSizing counting) {
      this.counting = counting;
      return this;
    }

    Builder stream(StreamOptions stream) {
      this.stream = stream;
      return this;
    }

    Builder out(OutputOptions out) {
      this.out = out;
      return this;
    }

    Builder schema(Schema schema) {
      this.schema = schema;
      return this;
    }

    /** The plan; its method, inputs, input spec and output must be set. */
    DedupPlan build() {
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(inputs, "inputs");
      Objects.requireNonNull(spec, "spec");
      Objects.requireNonNull(output, "output");
      return new DedupPlan(this);
    }
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
