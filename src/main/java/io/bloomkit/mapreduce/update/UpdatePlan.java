package io.bloomkit.mapreduce.update;

import io.bloomkit.mapreduce.table.TableSpec;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * What an {@code update} run does, checked from the command line ({@link UpdateTool}): the filter
 * it starts from, the inputs whose distinct keys it adds and removes, where the keys are in a
 * record, and what happens to keys to remove that are not members.
 */
final class UpdatePlan {
  final Path from;
  final Path[] add;
  final Path[] remove;
  final Path output;
  /** How the {@code --add} and {@code --remove} inputs are read (their key types are equal). */
  final TableSpec addSpec;
  final TableSpec removeSpec;
  /** The key fields and delimiter as messages show them. */
  final String keyFields;
  final String delimiter;
  /** Skip (and count) keys to remove that are not members instead of refusing the update. */
  final boolean skipNonMembers;
  final double maxShare;
  /** The command line the update step of the filter's provenance records. */
  List<String> commandLine = List.of();

  UpdatePlan(Path from, Path[] add, Path[] remove, Path output, TableSpec addSpec,
      TableSpec removeSpec, String keyFields, String delimiter, boolean skipNonMembers,
      double maxShare) {
    this.from = from;
    this.add = add;
    this.remove = remove;
    this.output = output;
    this.addSpec = addSpec;
    this.removeSpec = removeSpec;
    this.keyFields = keyFields;
    this.delimiter = delimiter;
    this.skipNonMembers = skipNonMembers;
    this.maxShare = maxShare;
  }
}
