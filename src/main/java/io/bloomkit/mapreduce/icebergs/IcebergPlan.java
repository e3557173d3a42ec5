package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.OutputOptions;
import io.bloomkit.mapreduce.table.TableSpec;
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

  IcebergPlan(Configuration conf, TableSpec spec, IcebergMethod method, boolean verify,
      boolean evaluate, int reducers, CountingShape counting, LcbfParams lcbf,
      double maxMalformedShare, Path[] inputs, Path output, OutputOptions out) {
    this.conf = conf;
    this.spec = spec;
    this.method = method;
    this.verify = verify;
    this.evaluate = evaluate;
    this.reducers = reducers;
    this.counting = counting;
    this.lcbf = lcbf;
    this.maxMalformedShare = maxMalformedShare;
    this.inputs = inputs;
    this.output = output;
    this.out = out;
  }
}
