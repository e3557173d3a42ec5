package io.bloomkit.mapreduce.join.plan;

import java.util.Locale;

/**
 * The calibrated constants, in seconds of whole-process time on the cluster they were measured on
 * (docs/planner.md says how a calibration measures each).
 */
public final class CostConstants {
  final double jobSeconds;
  final double mapRecordSeconds;
  final double shuffleByteSeconds;
  final double loadByteSeconds;
  final double reduceSeconds;
  final double tableByteSeconds;
  final double taskSeconds;

  /**
   * @param jobSeconds fixed cost of one MapReduce job (submission, scheduling, task start, commit)
   * @param mapRecordSeconds cost of one record read, decoded and keyed by a map task
   * @param shuffleByteSeconds cost of one map output byte: serialised, sorted, spilled, fetched,
   *     merged and reduced
   * @param loadByteSeconds cost of one byte of a filter a map task loads before its first record
   * @param reduceSeconds fixed cost of a job's reduce phase (plans that shuffle)
   * @param tableByteSeconds cost of one byte of the left side a map-side join task loads into
   *     its hash table
   * @param taskSeconds cost of one map task beyond its records and loads (start, setup, its
   *     split's opens, commit): what makes 10,000 tasks of three records each dear
   */
  public CostConstants(double jobSeconds, double mapRecordSeconds, double shuffleByteSeconds,
      double loadByteSeconds, double reduceSeconds, double tableByteSeconds,
      double taskSeconds) {
    this.jobSeconds = CostModel.nonNegative("jobSeconds", jobSeconds);
    this.mapRecordSeconds = CostModel.nonNegative("mapRecordSeconds", mapRecordSeconds);
    this.shuffleByteSeconds = CostModel.nonNegative("shuffleByteSeconds", shuffleByteSeconds);
    this.loadByteSeconds = CostModel.nonNegative("loadByteSeconds", loadByteSeconds);
    this.reduceSeconds = CostModel.nonNegative("reduceSeconds", reduceSeconds);
    this.tableByteSeconds = CostModel.nonNegative("tableByteSeconds", tableByteSeconds);
    this.taskSeconds = CostModel.nonNegative("taskSeconds", taskSeconds);
  }

  /** Without a cost per map task. */
  public CostConstants(double jobSeconds, double mapRecordSeconds, double shuffleByteSeconds,
      double loadByteSeconds, double reduceSeconds, double tableByteSeconds) {
    this(jobSeconds, mapRecordSeconds, shuffleByteSeconds, loadByteSeconds, reduceSeconds,
        tableByteSeconds, 0);
  }

  /** Without a reduce phase's fixed cost, map-side tables loaded at the filters' byte cost. */
  public CostConstants(double jobSeconds, double mapRecordSeconds, double shuffleByteSeconds,
      double loadByteSeconds) {
    this(jobSeconds, mapRecordSeconds, shuffleByteSeconds, loadByteSeconds, 0, loadByteSeconds);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT,
        "CostConstants[jobSeconds=%s, mapRecordSeconds=%s, shuffleByteSeconds=%s, loadByteSeconds=%s,"
            + " reduceSeconds=%s, tableByteSeconds=%s, taskSeconds=%s]",
        jobSeconds, mapRecordSeconds, shuffleByteSeconds, loadByteSeconds, reduceSeconds,
        tableByteSeconds, taskSeconds);
  }
}
