package io.bloomkit.mapreduce.icebergs;

import io.bloomkit.mapreduce.cli.CountingSizing;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/** An icebergs run as the command line asks for it. */
final class IcebergPlan {
  /**
   * The record format (delimiter, key and weight fields, strictness), the threshold and lcbf's
   * filter shape, for every job.
   */
  final Configuration conf;
  final IcebergMethod method;
  final boolean verify;
  final boolean evaluate;
  final int reducers;
  /** {@code counting}'s sizing, else null. */
  final CountingSizing counting;
  /** {@code lcbf}'s filter shape, else null. */
  final LcbfParams lcbf;
  /** Above this share of malformed records the run warns. */
  final double maxMalformedShare;
  final Path[] inputs;
  final Path output;

  IcebergPlan(Configuration conf, IcebergMethod method, boolean verify, boolean evaluate,
      int reducers, CountingSizing counting, LcbfParams lcbf, double maxMalformedShare,
      Path[] inputs, Path output) {
    this.conf = conf;
    this.method = method;
    this.verify = verify;
    this.evaluate = evaluate;
    this.reducers = reducers;
    this.counting = counting;
    this.lcbf = lcbf;
    this.maxMalformedShare = maxMalformedShare;
    this.inputs = inputs;
    this.output = output;
  }
}
