package io.bloomkit.mapreduce.table;

/**
 * A row whose record can be malformed (text, CSV, SequenceFile): {@link #problem} holds why, and
 * the values of a malformed record are not to be read.
 */
abstract class CheckedRow extends Row {
  /** Why the current record is malformed, or null. */
  String problem;

  @Override
  public final String problem() {
    return problem;
  }

  @Override
  public final Object value(int slot) {
    requireWellFormed();
    return slot(slot);
  }

  /** The value of slot {@code slot} of the current record, which is not malformed. */
  abstract Object slot(int slot);

  /** @throws IllegalStateException if the current record is malformed */
  final void requireWellFormed() {
    if (problem != null) {
      throw new IllegalStateException("malformed record: " + problem);
    }
  }
}
