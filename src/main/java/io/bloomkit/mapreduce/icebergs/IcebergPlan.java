package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.table.TableSpec;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** An icebergs run as the command line asks for it. */
final class IcebergPlan {
  /**
   * The input spec ({@link io.bloomkit.mapreduce.config.BloomkitConfig#INPUT_SPEC}), strictness, the
   * threshold and lcbf's filter shape, for every job.
   */
  final Configuration conf;
  /** How the input is read: its format, the key fields then the weight field (if any). */
  final TableSpec spec;
  final IcebergMethod method;
  final boolean verify;
  final boolean evaluate;
  final int reducers;
  /** {@code counting}'s sketch of totals, else null. */
  final CountingShape counting;
  /** {@code lcbf}'s filter shape, else null. */
  final LcbfParams lcbf;
  /** Above this share of malformed records the run warns. */
  final double maxMalformedShare;
  final Path[] inputs;
  final Path output;
  /** The output format ({@code --output-format} ...) of the job writing the output. */
  final OutputOptions out;

  private IcebergPlan(Builder b) {
    this.conf = b.conf;
    this.spec = b.spec;
    this.method = b.method;
    this.verify = b.verify;
    this.evaluate = b.evaluate;
    this.reducers = b.reducers;
    this.counting = b.counting;
    this.lcbf = b.lcbf;
    this.maxMalformedShare = b.maxMalformedShare;
    this.inputs = b.inputs;
    this.output = b.output;
    this.out = b.out;
  }

  /** A builder of an icebergs run's plan; what is not set is null, false or 0. */
  static Builder builder() {
    return new Builder();
  }

  /** Builds a {@link IcebergPlan}: each setter names the field it sets. */
  static final class Builder {
    private Configuration conf;
    private TableSpec spec;
    private IcebergMethod method;
    private boolean verify;
    private boolean evaluate;
    private int reducers;
    private CountingShape counting;
    private LcbfParams lcbf;
    private double maxMalformedShare;
    private Path[] inputs;
    private Path output;
    private OutputOptions out;

    private Builder() {}

    Builder conf(Configuration conf) {
      this.conf = conf;
      return this;
    }

    Builder spec(TableSpec spec) {
      this.spec = spec;
      return this;
    }

    Builder method(IcebergMethod method) {
      this.method = method;
      return this;
    }

    Builder verify(boolean verify) {
      this.verify = verify;
      return this;
    }

    Builder evaluate(boolean evaluate) {
      this.evaluate = evaluate;
      return this;
    }

    Builder reducers(int reducers) {
      this.reducers = reducers;
      return this;
    }

    Builder counting(CountingShape counting) {
      this.counting = counting;
      return this;
    }

    Builder lcbf(LcbfParams lcbf) {
      this.lcbf = lcbf;
      return this;
    }

    Builder maxMalformedShare(double maxMalformedShare) {
      this.maxMalformedShare = maxMalformedShare;
      return this;
    }

    Builder inputs(Path[] inputs) {
      this.inputs = inputs;
      return this;
    }

    Builder output(Path output) {
      this.output = output;
      return this;
    }

    Builder out(OutputOptions out) {
      this.out = out;
      return this;
    }

    /** The plan; its configuration, input spec, method, inputs and output must be set. */
    IcebergPlan build() {
      Objects.requireNonNull(conf, "conf");
      Objects.requireNonNull(spec, "spec");
      Objects.requireNonNull(method, "method");
      Objects.requireNonNull(inputs, "inputs");
      Objects.requireNonNull(output, "output");
      return new IcebergPlan(this);
    }
  }
}
