package io.bloomkit.mapreduce.merge;

import io.bloomkit.mapreduce.merge.CombinePlan.Operation;

/**
 * {@code subtract --output FILE BASE FILE2 ...}: the counting filter BASE (acbf, cbf) less the
 * counters of FILE2 and the later files, on the client; how a rolling window drops its oldest day.
 * Every file must match BASE as for {@code merge} (a usage error, exit 2, names both files and both
 * values); another family is a usage error. If any counter would go below zero (a file holds a key
 * BASE does not, or more often), nothing is written (exit 1) and the message names the file and how
 * many positions would. A cbf counter saturated at 15 in BASE stays at 15 (its true value is
 * unknown). OUTPUT is written atomically; the inputs are never modified.
 */
public final class SubtractTool extends CombineTool {
  @Override
  Operation operation() {
    return Operation.SUBTRACT;
  }

  @Override
  public String description() {
    return "Subtract counting filters (acbf, cbf) from a base: the counters of FILE2... taken"
        + " from BASE's.";
  }

  @Override
  protected String argsSyntax() {
    return "BASE FILE2 ...";
  }

  public static void main(String[] args) {
    main(new SubtractTool(), args);
  }
}
